// End to end, on the real PDF in every built-in theme and both languages:
// none of the small slips the composer could make itself — a double stop
// after a field that ends with one ("Title.."), a year printed twice after a
// venue that names it ("ICML 2022, 2022."), a range whose ends are the same
// date ("Aug 2016 – Aug 2016") — and an item's links stand with its head,
// never as a stray line under its bullets. The quotes of résumé text are
// typographic() 's (unit-tested in tests/unit/text), applied by the markup
// layer.
#include <gtest/gtest.h>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// Every slip the composer could make, in both languages.
const char* kCrafted = R"(languages: [en, zh]
person: {name: {en: Lin Sample, zh: 林小样}}
sections:
  - title: {en: Work, zh: 工作}
    entries:
      - org: {en: Acme Storage, zh: 甲存储}
        role: {en: Developer, zh: 开发者}
        start: 2016-08
        end: 2016-08
        links: [{label: {en: Sourcecode, zh: 源代码}, url: https://example.org/src}]
        bullets:
          - {en: Built the billing service used by every team., zh: 构建了各团队使用的计费服务。}
          - {en: Ran it for a year., zh: 运维一年。}
      - org: Summer Lab
        role: Intern
        start: 2019
        end: 2019
        bullets:
          - {en: Wrote a profiler., zh: 编写了性能分析工具。}
  - title: {en: Publications, zh: 论文}
    entries:
      - {title: "Why Storage?", authors: "A. Example et al.", me: "A. Example", venue: "ICML 2022", year: 2022}
      - {title: "A Paper.", authors: "B. Other", venue: "Proc. ACM Symp.", year: 2021, doi: 10.1145/1}
)";

std::string render_text(const std::string& file, const std::string& theme, const std::string& language) {
  const std::string pdf = temp_dir() + "/cv.pdf";
  const Result r = run(cvpdf() + " -q --theme " + theme + " --lang " + language + " --set publications.show-doi=true '" +
                       file + "' -o '" + pdf + "'");
  EXPECT_EQ(r.status, 0) << theme << " " << language << ": " << r.err;
  return pdf_text(pdf);
}

void expect_no_slips(const std::string& text, const std::string& where) {
  const std::string f = folded(text);
  EXPECT_EQ(text.find(".."), std::string::npos) << where << ": a double stop\n" << text;
  for (const char* stop : {"?.", "!.", "。."})
    EXPECT_EQ(text.find(stop), std::string::npos) << where << ": '" << stop << "'\n" << text;
  EXPECT_EQ(f.find(folded("2022, 2022")), std::string::npos) << where << ": the year twice\n" << text;
  for (const char* same : {"Aug 2016 – Aug 2016", "2016.08 – 2016.08", "2016年8月 – 2016年8月", "2019 – 2019"})
    EXPECT_EQ(f.find(folded(same)), std::string::npos) << where << ": " << same << "\n" << text;
}

TEST(Punctuation, NoSlipsInACraftedResume) {
  const std::string file = temp_dir() + "/cv.yaml";
  write_file(file, kCrafted);
  for (const auto& theme : listed_themes())
    for (const std::string language : {"en", "zh"}) {
      const std::string text = render_text(file, theme, language);
      const std::string where = theme + "/" + language;
      expect_no_slips(text, where);
      const std::string f = folded(text);
      const bool en = language == "en";
      // The range written once, the citations each with one stop.
      if (en) {
        EXPECT_NE(f.find(folded("Aug 2016")), std::string::npos) << where << "\n" << text;
        EXPECT_NE(f.find(folded("A. Example et al. Why Storage? ICML 2022.")), std::string::npos) << where << "\n" << text;
        EXPECT_NE(f.find(folded("A Paper. Proc. ACM Symp., 2021. doi:10.1145/1")), std::string::npos) << where;
      }
      // The link with the head, before the first bullet.
      const auto link = f.find(folded(en ? "Sourcecode" : "源代码"));
      const auto bullet = f.find(folded(en ? "Built the billing" : "构建了各团队"));
      ASSERT_NE(link, std::string::npos) << where << "\n" << text;
      ASSERT_NE(bullet, std::string::npos) << where << "\n" << text;
      EXPECT_LT(link, bullet) << where << ": the link is not under the bullets\n" << text;
    }
}

TEST(Punctuation, NoSlipsInTheShowcase) {
  for (const auto& theme : listed_themes())
    for (const std::string language : {"en", "zh"}) {
      const std::string text = render_text(source("resume.yaml"), theme, language);
      const std::string where = theme + "/" + language;
      expect_no_slips(text, where);
      const bool en = language == "en";
      const std::string f = folded(text);
      const auto link = f.find(folded(en ? "XTuner + vLLM Technical Report" : "XTuner + vLLM 技术报告"));
      const auto bullet = f.find(folded(en ? "Optimized PyTorch / torch_npu" : "在昇腾 NPU 上优化"));
      ASSERT_NE(link, std::string::npos) << where;
      ASSERT_NE(bullet, std::string::npos) << where;
      EXPECT_LT(link, bullet) << where << ": the entry's links stand with its head";
    }
}

// The glyphs (mupdf's, in order) of a Chinese résumé whose one section is
// `text`; none when it does not render.
std::vector<Glyph> glyphs_of_chinese_text(const std::string& text) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml",
             "languages: [zh]\nperson: {name: 艾达}\nsections:\n  - title: 简介\n    text: " + text + "\n");
  const Result r = run(cvpdf() + " -q '" + dir + "/cv.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(r.status, 0) << r.err;
  const GlyphBoxes boxes = read_glyph_boxes(dir + "/cv.pdf");
  EXPECT_TRUE(boxes.error.empty()) << boxes.error;
  std::vector<Glyph> glyphs;
  for (const auto& page : boxes.glyph_pages)
    for (const auto& line : page.lines) glyphs.insert(glyphs.end(), line.glyphs.begin(), line.glyphs.end());
  return glyphs;
}

// Curly quotes (typed, or from typographic()) take the face of what they
// quote, as CLREQ asks: the CJK face's full-width forms around Chinese, the
// Latin face around Latin words — checked on the PDF's per-glyph font.
TEST(Punctuation, QuotesAroundChineseAreInTheCjkFace) {
  const std::vector<Glyph> glyphs = glyphs_of_chinese_text("GPU \u201C训练\u201D 与 \u201COK\u201D 系统");
  ASSERT_FALSE(glyphs.empty());
  int checked = 0;
  for (std::size_t i = 0; i < glyphs.size(); ++i) {
    const std::string& c = glyphs[i].text;
    if (c != "\u201C" && c != "\u201D") continue;
    // The quoted word: after an opening quote, before a closing one.
    const std::size_t word = c == "\u201C" ? i + 1 : i - 1;
    ASSERT_LT(word, glyphs.size());
    const bool han = glyphs[word].text == "训" || glyphs[word].text == "练";
    EXPECT_EQ(glyphs[i].font, glyphs[word].font) << c << " beside " << glyphs[word].text;
    EXPECT_EQ(glyphs[i].font.find("CJK") != std::string::npos, han) << glyphs[i].font;
    ++checked;
  }
  EXPECT_EQ(checked, 4);
}

// —— and …… between Chinese words are two ems of the CJK face, unbroken
// (CLREQ); shaped alone, as the segment between two break opportunities
// they are, the dashes were Lato's two proportional ones. On the PDF: the
// glyphs' font, and the pen's advance from the mark before to the one after.
TEST(Punctuation, ChineseDashesAndEllipsesSpanTwoEmsInTheCjkFace) {
  const std::vector<Glyph> glyphs = glyphs_of_chinese_text("破折号——它，省略号……它。");
  ASSERT_FALSE(glyphs.empty());
  int checked = 0;
  for (std::size_t i = 1; i + 2 < glyphs.size(); ++i) {
    const std::string& c = glyphs[i].text;
    if ((c != "\u2014" && c != "\u2026") || glyphs[i + 1].text != c) continue;
    EXPECT_NE(glyphs[i].font.find("CJK"), std::string::npos) << c << " in " << glyphs[i].font;
    // From the mark's pen position to the next character's: two ems.
    EXPECT_NEAR(glyphs[i + 2].x - glyphs[i].x, 2 * glyphs[i].size, 0.05 * glyphs[i].size) << c;
    ++checked;
  }
  EXPECT_EQ(checked, 2);
}

}  // namespace
}  // namespace cvpdf::test
