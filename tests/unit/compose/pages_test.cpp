// Page breaking on a real, long résumé (examples/academic.yaml): whatever
// the top margin (which moves every page break), no heading ends a page,
// every bookmark points at its heading, and every page but the first has
// its footer.
#include <gtest/gtest.h>

#include <cctype>
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

const model::Resume& academic() {
  static const model::Resume resume = [] {
    std::ifstream in(std::string(CVPDF_SOURCE_DIR) + "/examples/academic.yaml");
    std::stringstream text;
    text << in.rdbuf();
    Diagnostics diags;
    auto r = model::load_resume(text.str(), "academic.yaml", CVPDF_SOURCE_DIR "/examples", diags);
    EXPECT_TRUE(r.has_value());
    EXPECT_FALSE(diags.has_errors());
    return r ? *r : model::Resume{};
  }();
  return resume;
}

Composed compose_academic(const std::string& margin_top, text::FontBook& book) {
  Composed c;
  model::StyleMap overrides;
  overrides["page.margin.top"].scalar = margin_top;
  RenderedVariant rendered = render_variant(academic(), classic_layers(overrides, CVPDF_SOURCE_DIR "/examples", c.diags),
                                            book, {{"en", 0, "test"}}, c.diags);
  c.style = std::move(rendered.style);
  c.doc = std::move(rendered.document);
  return c;
}

std::string run_text(const frame::GlyphRun& run) {
  std::string s;
  for (const auto& g : run.glyphs) s += g.text;
  return s;
}

TEST(Pages, NoHeadingEndsAPageWhereverTheBreaksFall) {
  text::FontBook book;
  for (int mm = 8; mm <= 40; mm += 2) {
    Composed c = compose_academic(std::to_string(mm) + "mm", book);
    ASSERT_FALSE(c.diags.has_errors());
    ASSERT_GE(c.doc.pages.size(), 6u);
    const Scaled footer_top = c.style.page_height - c.style.margin_bottom;
    for (const auto& b : c.doc.bookmarks) {
      // Below the heading's own line there is text on the same page (the
      // footer, in the bottom margin, does not count).
      const Scaled heading_bottom = b.y + c.style.heading_size * 2;
      bool followed = false;
      for (const auto& element : c.doc.pages[b.page].elements)
        if (const auto* run = std::get_if<frame::GlyphRun>(&element))
          if (run->y > heading_bottom && run->y < footer_top) followed = true;
      EXPECT_TRUE(followed) << "margin " << mm << "mm: heading '" << b.title << "' ends page " << b.page + 1;
    }
  }
}

TEST(Pages, BookmarksPointAtTheirHeadings) {
  text::FontBook book;
  Composed c = compose_academic("12mm", book);
  ASSERT_EQ(c.doc.bookmarks.size(), 13u);
  for (const auto& b : c.doc.bookmarks) {
    ASSERT_LT(b.page, c.doc.pages.size());
    // The heading's baseline lies within one heading line below the
    // destination's top; its text is the title in capitals.
    std::string title = b.title;
    for (auto& ch : title) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    bool found = false;
    for (const auto& element : c.doc.pages[b.page].elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&element))
        if (run->y > b.y && run->y <= b.y + c.style.heading_size * 2 && run_text(*run) == title) found = true;
    EXPECT_TRUE(found) << "no heading line under bookmark '" << b.title << "'";
  }
}

TEST(Pages, EveryPageFromTheSecondHasItsFooter) {
  text::FontBook book;
  Composed c = compose_academic("12mm", book);
  const std::string total = std::to_string(c.doc.pages.size());
  for (std::size_t p = 0; p < c.doc.pages.size(); ++p) {
    std::string last;
    for (const auto& element : c.doc.pages[p].elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&element)) last += run_text(*run);
    const std::string footer = "Page " + std::to_string(p + 1) + " of " + total;
    if (p == 0) {
      EXPECT_EQ(last.find(footer), std::string::npos);
    } else {
      EXPECT_NE(last.find("Dr. Marguerite Vantongeren · " + footer), std::string::npos) << "page " << p + 1;
    }
  }
}

}  // namespace
}  // namespace cvpdf::compose
