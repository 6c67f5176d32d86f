// PagePainter: pages taken in order get paint_page's content whichever
// thread painted them, and a page's error reaches the caller at that page.
#include <gtest/gtest.h>

#include "core/diagnostics.hpp"
#include "pdf/page_content.hpp"

namespace cvpdf::pdf {
namespace {

class PagePainterTest : public ::testing::Test {
 protected:
  PagePainterTest() {
    glyphs_[1] = {3, 500000};
    resources_.fonts[0] = {"F1", &glyphs_, nullptr, {}};
  }

  // Page i: i + 1 rules and a run of i + 1 glyphs, so every page differs.
  std::vector<frame::Page> pages(std::size_t count) const {
    std::vector<frame::Page> out(count);
    for (std::size_t i = 0; i < count; ++i) {
      frame::Page& page = out[i];
      page.width = pt(300);
      page.height = pt(200);
      for (std::size_t r = 0; r <= i; ++r)
        page.elements.push_back(frame::Rule{pt(10), pt(10 + static_cast<double>(r)), pt(100), pt(1), {}, {}});
      frame::GlyphRun run;
      run.face = 0;
      run.size = pt(10);
      run.x = pt(72);
      run.y = pt(100);
      for (std::size_t g = 0; g <= i; ++g) run.glyphs.push_back({1, pt(5), 0, 0, "a"});
      page.elements.push_back(std::move(run));
    }
    return out;
  }

  std::map<std::uint32_t, EncodedGlyph> glyphs_;
  PageResources resources_;
};

TEST_F(PagePainterTest, GivesEveryPagesPaintingInOrder) {
  for (std::size_t count : {1u, 2u, 3u, 40u}) {
    const std::vector<frame::Page> doc = pages(count);
    PagePainter painter(doc, resources_);
    for (std::size_t i = 0; i < count; ++i) {
      const PaintedPage painted = painter.take(i);
      EXPECT_EQ(painted.content, paint_page(doc[i], resources_).content) << "page " << i << " of " << count;
      EXPECT_EQ(painted.fonts_used, std::set<text::FaceId>{0});
    }
  }
}

TEST_F(PagePainterTest, APagesErrorIsThrownWhenThatPageIsTaken) {
  std::vector<frame::Page> doc = pages(6);
  std::get<frame::GlyphRun>(doc[3].elements.back()).face = 7;  // no resource: a bug paint_page reports
  PagePainter painter(doc, resources_);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_NO_THROW(painter.take(i));
  EXPECT_THROW(painter.take(3), FatalError);
  EXPECT_NO_THROW(painter.take(4));
}

TEST_F(PagePainterTest, MayBeLeftWithPagesNotTaken) {
  // A document whose making throws after page 0: the destructor joins.
  const std::vector<frame::Page> doc = pages(30);
  PagePainter painter(doc, resources_);
  EXPECT_FALSE(painter.take(0).content.empty());
}

}  // namespace
}  // namespace cvpdf::pdf
