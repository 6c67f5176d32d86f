// Pairs never collide, on the real PDF (issue 11, item 3; the layout-level
// test is tests/unit/compose/pairs_collide_test.cpp): a very long location
// beside a role, a long date beside a long org, long tags beside a project's name and
// a long pair label beside its text, in every built-in theme, English and
// Chinese, rendered by the binary and read back through mupdf. No two words'
// glyph boxes overlap (em boxes shrunk by kTouch, so neighbours may touch),
// and every part is in the text.
#include <gtest/gtest.h>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* const kLongParts = R"(languages: [en, zh]
person:
  name: {en: Maximilian Alexander Featherstonehaugh-Wolfeschlegelstein, zh: 欧阳雪梅}
  email: maximilian.featherstonehaugh@research.example.org
  phone: "+49 8821 123 456 789"
  location: {en: "Garmisch-Partenkirchen, Upper Bavaria, Germany", zh: 德国上巴伐利亚加尔米施-帕滕基兴}
sections:
  - title: {en: Experience, zh: 工作经历}
    entries:
      - org: {en: International Federation of Alpine Meteorological Research Institutes, zh: 国际高山气象研究所联合会}
        role: {en: Senior Research Engineer for Numerical Weather Prediction Systems, zh: 数值天气预报系统高级研究工程师}
        location: {en: "Garmisch-Partenkirchen, Upper Bavaria, Federal Republic of Germany", zh: 德意志联邦共和国上巴伐利亚加尔米施-帕滕基兴}
        start: 2019-09
        end: present
        tags: [Fortran, MPI, OpenACC, NetCDF, Python, Kubernetes]
        bullets:
          - {en: Ported the ensemble forecast to GPUs., zh: 将集合预报移植到 GPU。}
  - title: {en: Projects, zh: 项目}
    entries:
      - org: {en: A Very Long Project Title About Distributed Ensemble Forecasting at Scale, zh: 大规模分布式集合预报的一个很长的项目标题}
        tags: [CUDA, NCCL, Slurm, Grafana, Prometheus, Terraform]
        start: 2021-03
        bullets:
          - {en: Cut the forecast's wall time in half., zh: 预报耗时减半。}
  - title: {en: Skills, zh: 技能}
    entries:
      - label: {en: High-Performance Computing and Numerical Methods, zh: 高性能计算与数值方法}
        text: {en: "MPI, OpenMP, CUDA, OpenACC, PETSc, Trilinos", zh: "MPI、OpenMP、CUDA、OpenACC、PETSc、Trilinos"}
)";

struct Case {
  std::string theme, lang;
};

class PairsOnThePdf : public ::testing::TestWithParam<Case> {};

TEST_P(PairsOnThePdf, NoTwoWordsOverlap) {
  const Case& c = GetParam();
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", kLongParts);
  const std::string pdf = dir + "/cv.pdf";
  Result r = run(cvpdf() + " -q --theme " + c.theme + " --lang " + c.lang + " '" + dir + "/cv.yaml' -o '" + pdf + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  const GlyphBoxes glyphs = read_glyph_boxes(pdf);
  ASSERT_TRUE(glyphs.error.empty()) << glyphs.error;
  ASSERT_FALSE(glyphs.pages.empty());
  int reported = 0;
  for (std::size_t p = 0; p < glyphs.pages.size(); ++p) {
    const auto words = distinct_words(glyphs.pages[p]);
    for (std::size_t i = 0; i < words.size(); ++i)
      for (std::size_t j = i + 1; j < words.size(); ++j) {
        const Box a = drawn(words[i]).shrunk(kTouch), b = drawn(words[j]).shrunk(kTouch);
        if (!a.overlaps(b) || ++reported > 10) continue;
        ADD_FAILURE() << c.theme << "/" << c.lang << " page " << p + 1 << ": '" << words[i].text << "' "
                      << to_string(words[i].box) << " overlaps '" << words[j].text << "' " << to_string(words[j].box);
      }
  }
  // Every part is set (none dropped to make room): words of each, as
  // poppler may read a part's wrapped lines apart.
  const std::string text = folded(pdf_text(pdf));
  const std::vector<const char*> en = {"Federal", "Republic", "Prediction", "Meteorological", "Institutes",
                                       "Kubernetes", "Terraform", "Methods", "Trilinos"};
  const std::vector<const char*> zh = {"联邦共和国", "预报系统", "气象研究所", "Kubernetes", "Terraform", "数值方法",
                                       "Trilinos"};
  for (const char* part : c.lang == "en" ? en : zh)
    EXPECT_NE(text.find(folded(part)), std::string::npos) << c.theme << "/" << c.lang << ": '" << part << "' missing";
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const auto& theme : listed_themes())
    for (const char* lang : {"en", "zh"}) out.push_back({theme, lang});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Themes, PairsOnThePdf, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& param_info) {
                           return param_info.param.theme + "_" + param_info.param.lang;
                         });

}  // namespace
}  // namespace cvpdf::test
