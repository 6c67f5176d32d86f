// The theme's free text in the page margins (words.<lang>.header-text and
// footer-text): where it stands on each page (mupdf's glyph boxes), its
// fields per page, its markup, and the warning when a margin cannot hold it.
#include <gtest/gtest.h>

#include <string>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// At least two pages: forty entries.
std::string two_page_resume(const std::string& words) {
  std::string yaml = "languages: [en, zh]\nperson: {name: {en: Ada Example, zh: 艾达}}\nstyle:\n  words:\n" + words +
                     "sections:\n  - title: {en: Experience, zh: 工作经历}\n    entries:\n";
  for (int i = 0; i < 40; ++i)
    yaml += "      - {org: Org " + std::to_string(i) + ", role: Engineer, start: 2020-01, end: 2021-01, bullets: [Did it.]}\n";
  return yaml;
}

const Line* line_with(const Page& page, const std::string& text) {
  for (const auto& line : page.lines)
    if (line.text().find(text) != std::string::npos) return &line;
  return nullptr;
}

TEST(RunningText, HeaderAndFooterTextOnEveryPageWithItsFields) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", two_page_resume("    en:\n      header-text: \"Ref. 2026-017 · {name}\"\n"
                                              "      footer-text: \"I consent to the **processing** of my data. "
                                              "Page {page} of {pages}, {date}.\"\n"
                                              "    zh:\n      footer-text: 本人同意处理个人信息（第 {page} 页）。\n"));
  const Result r = run("cd '" + dir + "' && SOURCE_DATE_EPOCH=1796342400 " + cvpdf() + " r.yaml -o r.pdf");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const GlyphBoxes boxes = read_glyph_boxes(dir + "/r.pdf");
  ASSERT_TRUE(boxes.error.empty()) << boxes.error;
  const std::size_t pages = boxes.pages.size();
  ASSERT_GE(pages, 2u);
  const std::string of = " of " + std::to_string(pages);
  for (std::size_t i = 0; i < pages; ++i) {
    const Page& page = boxes.pages[i];
    const std::string number = std::to_string(i + 1);
    const Line* header = line_with(page, "Ref. 2026-017 · Ada Example");
    const Line* footer = line_with(page, "Page " + number + of + ", Dec 2026.");
    const Line* page_line = line_with(page, "Ada Example · Page " + number + of);
    ASSERT_TRUE(header && footer) << "page " << number;
    // The header's in the top margin, flush right (header.text-align).
    EXPECT_LT(header->box.y1, page.height * 0.08) << number;
    EXPECT_GT(header->box.x1, page.width * 0.8) << number;
    // The footer's in the bottom margin, centred (footer.text-align), over
    // the page-number line where a page has one.
    EXPECT_GT(footer->box.y0, page.height * 0.92) << number;
    EXPECT_NEAR((footer->box.x0 + footer->box.x1) / 2, page.width / 2, page.width * 0.05) << number;
    if (i > 0) {  // footer.from-page: 2
      ASSERT_TRUE(page_line) << number;
      EXPECT_LT(footer->box.y1, page_line->box.y0 + 0.5) << number;
    }
  }
  // Its markup is the résumé's: "processing" in the bold face.
  bool bold = false;
  for (const auto& line : boxes.glyph_pages.at(0).lines)
    for (const auto& glyph : line.glyphs)
      if (glyph.text == "g" && glyph.font.find("Bold") != std::string::npos) bold = true;
  EXPECT_TRUE(bold) << "no bold glyph: the markup was not read";
  // A language's own text.
  const Result zh = run("cd '" + dir + "' && " + cvpdf() + " r.yaml --lang zh -o zh.pdf");
  ASSERT_EQ(zh.status, 0) << zh.err;
  EXPECT_NE(pdf_text(dir + "/zh.pdf", "-f 2 -l 2").find("本人同意处理个人信息（第 2 页）。"), std::string::npos);
}

TEST(RunningText, ATextTheMarginCannotHoldIsNotSetAndSaysWhy) {
  const std::string dir = temp_dir();
  std::string clause;
  for (int i = 0; i < 40; ++i) clause += "I consent to the processing of my personal data. ";
  write_file(dir + "/r.yaml", two_page_resume("    en:\n      footer-text: \"" + clause + "\"\n"
                                              "      header-text: \"Ref. {nmae}\"\n"));
  const Result r = run("cd '" + dir + "' && " + cvpdf() + " r.yaml -o r.pdf");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("r.yaml:6:20: warning: the footer's free text takes"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("hint: shorten words.<lang>.footer-text"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("unknown key {nmae}"), std::string::npos) << r.err;
  EXPECT_EQ(pdf_text(dir + "/r.pdf").find("I consent"), std::string::npos);
  // --strict makes it an error, and nothing is written.
  const Result strict = run("cd '" + dir + "' && " + cvpdf() + " --strict r.yaml -o strict.pdf");
  EXPECT_EQ(strict.status, 1) << strict.err;
  EXPECT_FALSE(exists(dir + "/strict.pdf"));
}

}  // namespace
}  // namespace cvpdf::test
