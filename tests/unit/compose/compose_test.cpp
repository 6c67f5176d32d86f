// Composing the repository's résumé: every line inside the margins, every
// section on the outline, headings never last on a page.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "classic_layout.hpp"
#include "compose/render_variant.hpp"
#include "model/loader.hpp"

namespace cvpdf::compose {
namespace {

struct Composed {
  frame::Document doc;
  theme::Style style;
  Diagnostics diags;
};

Composed compose_resume(const std::string& language, const model::StyleMap& overrides = {}) {
  Composed c;
  std::ifstream in(std::string(CVPDF_SOURCE_DIR) + "/resume.yaml");
  std::stringstream text;
  text << in.rdbuf();
  auto resume = model::load_resume(text.str(), "resume.yaml", CVPDF_SOURCE_DIR, c.diags);
  EXPECT_TRUE(resume.has_value());
  text::FontBook book;
  RenderedVariant rendered =
      render_variant(*resume, classic_layers(overrides, CVPDF_SOURCE_DIR, c.diags), book, {{language, 0, "test"}}, c.diags);
  c.style = std::move(rendered.style);
  c.doc = std::move(rendered.document);
  return c;
}

void expect_inside_margins(const Composed& c) {
  const Scaled tolerance = pt(0.5);
  for (std::size_t p = 0; p < c.doc.pages.size(); ++p) {
    for (const auto& element : c.doc.pages[p].elements) {
      if (const auto* run = std::get_if<frame::GlyphRun>(&element)) {
        // A run's last glyph may carry the white of a ragged line's end; its
        // ink ends before. Compare the run minus trailing space glyphs' extra.
        Scaled right = run->x + run->width();
        if (!run->glyphs.empty() && run->glyphs.back().text == " ") right -= run->glyphs.back().advance;
        EXPECT_LE(right, c.style.page_width - c.style.margin_right + tolerance)
            << "page " << p + 1 << ": a line runs " << to_pt(right - (c.style.page_width - c.style.margin_right))
            << "pt into the right margin, starting with glyph text '"
            << (run->glyphs.empty() ? "" : run->glyphs.front().text) << "'";
        EXPECT_GE(run->x, c.style.margin_left - tolerance);
        EXPECT_LE(run->y, c.style.page_height - c.style.margin_bottom / 4);
      }
    }
  }
}

TEST(ComposeResume, EnglishLinesStayInsideTheMargins) {
  Composed c = compose_resume("en");
  EXPECT_FALSE(c.diags.has_errors());
  expect_inside_margins(c);
}

TEST(ComposeResume, ChineseLinesStayInsideTheMargins) {
  Composed c = compose_resume("zh");
  EXPECT_FALSE(c.diags.has_errors());
  expect_inside_margins(c);
}

TEST(ComposeResume, OneBookmarkPerSectionOnARealPage) {
  Composed c = compose_resume("en");
  ASSERT_EQ(c.doc.bookmarks.size(), 8u);
  EXPECT_EQ(c.doc.bookmarks.front().title, "Education");
  EXPECT_EQ(c.doc.bookmarks.back().title, "Career Vision");
  for (const auto& b : c.doc.bookmarks) {
    EXPECT_LT(b.page, c.doc.pages.size());
    EXPECT_GE(b.y, c.style.margin_top);
  }
}

TEST(ComposeResume, NoHeadingIsLastOnAPage) {
  // A heading's bookmark y must be followed by some text further down the
  // same page.
  Composed c = compose_resume("en");
  for (const auto& b : c.doc.bookmarks) {
    Scaled lowest = 0;
    for (const auto& element : c.doc.pages[b.page].elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&element)) lowest = std::max(lowest, run->y);
    EXPECT_GT(lowest, b.y + pt(20)) << "heading '" << b.title << "' ends its page";
  }
}

TEST(ComposeResume, LetterPaperFromAnOverride) {
  model::StyleValue letter;
  letter.scalar = "letter";
  Composed c = compose_resume("en", {{"page.size", letter}});
  ASSERT_FALSE(c.doc.pages.empty());
  EXPECT_EQ(c.doc.pages.front().width, pt(612));
  EXPECT_EQ(c.doc.pages.front().height, pt(792));
}

TEST(ComposeResume, MetadataFollowsTheVariant) {
  Composed en = compose_resume("en");
  EXPECT_EQ(en.doc.metadata.language, "en");
  EXPECT_EQ(en.doc.metadata.title, "Shaojie Tan — Résumé");
  Composed zh = compose_resume("zh");
  EXPECT_EQ(zh.doc.metadata.language, "zh-Hans");
  EXPECT_EQ(zh.doc.metadata.title, "Shaojie Tan — 简历");
}

}  // namespace
}  // namespace cvpdf::compose
