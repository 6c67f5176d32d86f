// End to end: the repository's résumé rendered by the real binary, checked
// with the tools a reader or a recruiter's parser would use.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <sstream>

#include "run.hpp"

namespace cvpdf::test {
namespace {

// Rendered once per language for the whole suite.
struct Rendered {
  std::string pdf;
  Result result;
};

const Rendered& rendered(const std::string& language) {
  static std::map<std::string, Rendered> cache;
  auto it = cache.find(language);
  if (it != cache.end()) return it->second;
  Rendered r;
  r.pdf = temp_dir() + "/cv-" + language + ".pdf";
  r.result = run("SOURCE_DATE_EPOCH=1700000000 " + cvpdf() + " '" + source("resume.yaml") + "' --lang " + language +
                 " -o '" + r.pdf + "'");
  return cache.emplace(language, r).first->second;
}

// Each needle occurs after the previous one.
void expect_in_order(const std::string& text, const std::vector<std::string>& needles) {
  std::size_t at = 0;
  for (const auto& n : needles) {
    std::size_t found = text.find(n, at);
    EXPECT_NE(found, std::string::npos) << "missing or out of order: \"" << n << "\"";
    if (found != std::string::npos) at = found + n.size();
  }
}

// The value of one "Key:   value" line of pdfinfo's output.
std::string info_field(const std::string& info, const std::string& key) {
  std::istringstream lines(info);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(key + ":", 0) != 0) continue;
    std::size_t value = line.find_first_not_of(' ', key.size() + 1);
    return value == std::string::npos ? "" : line.substr(value);
  }
  return "<no " + key + ">";
}

TEST(RenderEnglish, ExitsCleanlyWithoutWarnings) {
  const auto& r = rendered("en");
  EXPECT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_EQ(r.result.err, "");
  ASSERT_TRUE(exists(r.pdf));
}

TEST(RenderShowcase, TwoPagesInEachLanguage) {
  // The default layout sets 85–100 characters a line, and at that measure
  // the showcase résumé would take two pages and a third; its own
  // fit.pages: 2 sets it on two.
  for (const char* language : {"en", "zh"}) {
    Result info = run("pdfinfo '" + rendered(language).pdf + "'");
    EXPECT_EQ(info_field(info.out, "Pages"), "2") << language;
  }
}

TEST(RenderEnglish, PassesQpdfCheck) {
  const auto& r = rendered("en");
  Result check = run("qpdf --check '" + r.pdf + "'");
  EXPECT_EQ(check.status, 0) << check.out << check.err;
  EXPECT_NE(check.out.find("No syntax or stream encoding errors"), std::string::npos) << check.out;
}

TEST(RenderEnglish, TextExtractsInReadingOrder) {
  std::string text = pdf_text(rendered("en").pdf);
  expect_in_order(text, {
      "Shaojie Tan",
      "AI Systems · Ascend Training & Inference · HPC",
      "943648187@qq.com", "shaojiemike.top", "GitHub", "Google Scholar",
      "Huawei Ascend training systems engineer with an M.S. in Computer Science from USTC.",
      "6×", "Intern-S2 relative H200 performance",
      "EDUCATION", "University of Science and Technology of China", "M.S. in Computer Science · Computer Architecture",
      "EXPERIENCE & RESEARCH", "Huawei · Ascend Training Development",
      "Optimized PyTorch / torch_npu training paths on Ascend NPUs, including fine-grained CPU affinity",
      "Doubled Intern-S1 Pro inference through efficient GMM",
      "SELECTED PROJECTS", "TECHNICAL SKILLS", "AWARDS", "PUBLICATIONS",
      "Uncovering the Performance Bottleneck of Modern HPC Processor",
      "CAREER VISION",
      "See the essence through first principles",
  });
}

TEST(RenderEnglish, LigaturesExtractAsTheirLetters) {
  // "efficient", "office"-like words are set with the fi/ffi ligatures in
  // Lato; the ToUnicode map must give the letters back.
  std::string text = pdf_text(rendered("en").pdf);
  EXPECT_NE(text.find("efficient GMM"), std::string::npos);
  EXPECT_NE(text.find("fine-grained"), std::string::npos);
  EXPECT_EQ(text.find("\xEF\xAC"), std::string::npos) << "presentation-form ligature characters leaked";
}

TEST(RenderEnglish, FontsAreEmbeddedSubsets) {
  Result fonts = run("pdffonts '" + rendered("en").pdf + "'");
  ASSERT_EQ(fonts.status, 0);
  EXPECT_NE(fonts.out.find("Lato-Regular"), std::string::npos) << fonts.out;
  EXPECT_NE(fonts.out.find("Lato-Bold"), std::string::npos) << fonts.out;
  EXPECT_NE(fonts.out.find("Lato-Italic"), std::string::npos) << fonts.out;
  std::istringstream lines(fonts.out);
  std::string line;
  int rows = 0;
  std::regex subset_name("^[A-Z]{6}\\+");
  while (std::getline(lines, line)) {
    if (line.rfind("name", 0) == 0 || line.rfind("----", 0) == 0 || line.empty()) continue;
    ++rows;
    EXPECT_TRUE(std::regex_search(line, subset_name)) << "not a subset: " << line;
    EXPECT_NE(line.find(" yes yes "), std::string::npos) << "not embedded as a subset: " << line;
  }
  EXPECT_GE(rows, 3);
}

TEST(RenderEnglish, LinksBookmarksAndMetadata) {
  std::string objects = pdf_objects(rendered("en").pdf);
  EXPECT_NE(objects.find("(mailto:943648187@qq.com)"), std::string::npos);
  EXPECT_NE(objects.find("(https://shaojiemike.top)"), std::string::npos);
  EXPECT_NE(objects.find("/Lang (en)"), std::string::npos);
  EXPECT_NE(objects.find("%PDF-1.7"), std::string::npos);

  Result info = run("pdfinfo '" + rendered("en").pdf + "'");
  EXPECT_EQ(info_field(info.out, "Title"), "Shaojie Tan — Résumé");
  EXPECT_EQ(info_field(info.out, "Author"), "Shaojie Tan");
  EXPECT_EQ(info_field(info.out, "Subject"), "AI Systems · Ascend Training & Inference · HPC");
  EXPECT_EQ(info_field(info.out, "Keywords"), "AI Systems, Ascend Training & Inference, HPC");
  EXPECT_EQ(info_field(info.out, "CreationDate"), "Tue Nov 14 22:13:20 2023 UTC");  // SOURCE_DATE_EPOCH
  EXPECT_EQ(info_field(info.out, "PDF version"), "1.7");

  // One outline entry per section, in order.
  Result outline = run("qpdf --json --json-key=outlines '" + rendered("en").pdf + "'");
  expect_in_order(outline.out, {"\"Education\"", "\"Experience & Research\"", "\"Selected Projects\"",
                                "\"Technical Skills\"", "\"Awards\"", "\"Publications\"",
                                "\"AI Practice & Engineering Automation\"", "\"Career Vision\""});
}

TEST(RenderEnglish, SameBytesOnEveryRun) {
  std::string again = temp_dir() + "/again.pdf";
  Result r = run("SOURCE_DATE_EPOCH=1700000000 " + cvpdf() + " '" + source("resume.yaml") + "' -o '" + again + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(again), read_file(rendered("en").pdf));
}

TEST(RenderChinese, SimplifiedChineseTextAndFace) {
  const auto& r = rendered("zh");
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_EQ(r.result.err, "");
  std::string text = pdf_text(r.pdf);
  expect_in_order(text, {"Shaojie Tan", "AI 系统 · 昇腾训练与推理 · 高性能计算", "教育背景", "中国科学技术大学",
                         "工作与研究经历", "华为 · 昇腾训练开发", "专业技能", "获奖经历", "学术论文"});
  Result fonts = run("pdffonts '" + r.pdf + "'");
  EXPECT_NE(fonts.out.find("NotoSansCJKsc-Regular"), std::string::npos) << fonts.out;
  EXPECT_NE(fonts.out.find("NotoSansCJKsc-Bold"), std::string::npos) << fonts.out;
  std::string objects = pdf_objects(r.pdf);
  EXPECT_NE(objects.find("/Lang (zh-Hans)"), std::string::npos);
  Result check = run("qpdf --check '" + r.pdf + "'");
  EXPECT_EQ(check.status, 0) << check.out;
}

TEST(RenderAll, EveryVariantInOneRun) {
  std::string dir = temp_dir();
  Result r = run(cvpdf() + " '" + source("resume.yaml") + "' --all -o '" + dir + "/cv-{lang}.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(exists(dir + "/cv-en.pdf"));
  EXPECT_TRUE(exists(dir + "/cv-zh.pdf"));
  EXPECT_NE(pdf_text(dir + "/cv-zh.pdf").find("教育背景"), std::string::npos);
}

}  // namespace
}  // namespace cvpdf::test
