// Content streams, byte for byte: the operator writer, then whole pages
// painted from hand-made frames with made-up code tables (no fonts needed).
#include <gtest/gtest.h>

#include "pdf/content_stream.hpp"
#include "pdf/page_content.hpp"

namespace cvpdf::pdf {
namespace {

TEST(ContentStream, WritesOneOperatorPerLine) {
  ContentStream c;
  c.save_state().transform(50, 0, 0, 40, 10, 150).draw_xobject("Im1").restore_state();
  c.set_fill_rgb(1, 0.5, 0).rect(10, 178, 100, 2.25).fill_nonzero();
  EXPECT_EQ(c.bytes(),
            "q\n50 0 0 40 10 150 cm\n/Im1 Do\nQ\n"
            "1 0.5 0 rg\n10 178 100 2.25 re\nf\n");
}

TEST(ContentStream, TextObject) {
  ContentStream c;
  c.begin_text().set_font("F1", 10.5).set_text_matrix(1, 0, 0, 1, 72, 700.125).set_rise(-1.5).end_text();
  EXPECT_EQ(c.bytes(), "BT\n/F1 10.5 Tf\n1 0 0 1 72 700.125 Tm\n-1.5 Ts\nET\n");
}

TEST(ContentStream, PositionedGlyphsShareHexStrings) {
  ContentStream c;
  c.begin_positioned()
      .positioned_glyph(0x0001)
      .positioned_glyph(0x00AB)
      .positioned_adjustment(-250)
      .positioned_glyph(0x4E2D)
      .positioned_adjustment(12.345)
      .positioned_adjustment(1)
      .end_positioned();
  EXPECT_EQ(c.bytes(), "[<000100AB>-250<4E2D>12.35 1] TJ\n");
}

TEST(ContentStream, AdjustmentFirst) {
  ContentStream c;
  c.begin_positioned().positioned_adjustment(-0.5).positioned_glyph(7).end_positioned();
  EXPECT_EQ(c.bytes(), "[-0.5<0007>] TJ\n");
}

TEST(ContentStream, NumbersNeverUseExponentsOrNegativeZero) {
  ContentStream c;
  c.rect(-0.0001, 1e-9, 123456.7891, -0.0004);
  EXPECT_EQ(c.bytes(), "0 0 123456.789 0 re\n");
}

// A 200 pt high page; glyph 1 → code 3 and glyph 2 → code 4, both half an em wide.
class PagePainting : public ::testing::Test {
 protected:
  PagePainting() {
    glyphs_[1] = {3, 500000};
    glyphs_[2] = {4, 500000};
    resources_.fonts[0] = {"F1", &glyphs_, nullptr, nullptr, {}};
    resources_.images["logo.png"] = "Im1";
    page_.width = pt(300);
    page_.height = pt(200);
  }

  frame::GlyphRun run(std::vector<frame::Glyph> glyphs) {
    frame::GlyphRun r;
    r.face = 0;
    r.size = pt(10);
    r.x = pt(72);
    r.y = pt(100);
    r.glyphs = std::move(glyphs);
    return r;
  }

  std::map<std::uint32_t, EncodedGlyph> glyphs_;
  PageResources resources_;
  frame::Page page_;
};

TEST_F(PagePainting, RunAtItsNaturalWidthNeedsNoAdjustment) {
  page_.elements.push_back(run({{1, pt(5), 0, 0, "a"}, {2, pt(5), 0, 0, "b"}, {1, pt(5), 0, 0, "a"}}));
  const PaintedPage painted = paint_page(page_, resources_);
  EXPECT_EQ(painted.content,
            "BT\n0 0 0 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n"
            "[<000300040003>] TJ\n"
            "ET\n");
  EXPECT_EQ(painted.fonts_used, std::set<text::FaceId>{0});
}

TEST_F(PagePainting, WiderAdvanceBecomesANegativeAdjustment) {
  // The first glyph is set 1 pt wider than the font says (a justified
  // space): a tenth of an em at 10 pt, i.e. -100 in TJ units.
  page_.elements.push_back(run({{1, pt(6), 0, 0, " "}, {2, pt(5), 0, 0, "b"}, {1, pt(4.5), 0, 0, "a"}, {2, pt(5), 0, 0, ""}}));
  EXPECT_EQ(paint_page(page_, resources_).content,
            "BT\n0 0 0 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n"
            "[<0003>-100<00040003>50<0004>] TJ\n"
            "ET\n");
}

TEST_F(PagePainting, SmallDifferencesAreCorrectedOnlyOnceTheyShow) {
  // Every advance is 1 sp short of the font's width. No single difference
  // is worth an adjustment, but they add up: the painter corrects by 0.1
  // (a thousandth of a point at 10 pt) each time the drift reaches that,
  // so the text never wanders from where the frame put it.
  std::vector<frame::Glyph> glyphs(300, frame::Glyph{1, pt(5) - 1, 0, 0, ""});
  page_.elements.push_back(run(glyphs));
  const std::string content = paint_page(page_, resources_).content;
  std::size_t adjustments = 0;
  for (std::size_t at = content.find(">0.1<"); at != std::string::npos; at = content.find(">0.1<", at + 1)) ++adjustments;
  // 300 sp over 300 glyphs = 4.58 tenths of a TJ unit at 10 pt.
  EXPECT_EQ(adjustments, 4u) << content;
  EXPECT_EQ(content.find('-'), std::string::npos) << content;
}

TEST_F(PagePainting, OffsetsAndRise) {
  // A mark 0.5 pt left of its pen position and raised 2 pt, then back. The
  // base and its mark are one /ActualText: poppler starts a word where the
  // baseline moves by half a point, and orders words by x.
  page_.elements.push_back(run({{1, pt(5), 0, 0, "a"}, {2, 0, -pt(0.5), pt(2), "\xCC\x81"}, {1, pt(5), 0, 0, "a"}}));
  EXPECT_EQ(paint_page(page_, resources_).content,
            "BT\n0 0 0 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n"
            "/Span <</ActualText <FEFF00610301>>> BDC\n[<0003>] TJ\n2 Ts\n[50<0004>] TJ\nEMC\n0 Ts\n[450<0003>] TJ\n"
            "ET\n");
}

TEST_F(PagePainting, RulesImagesColoursAndFontChanges) {
  frame::GlyphRun first = run({{1, pt(5), 0, 0, "a"}});
  first.color = {0.2, 0.4, 0.6};
  frame::GlyphRun second = run({{2, pt(6), 0, 0, "b"}});
  second.color = {0.2, 0.4, 0.6};
  second.x = pt(72.5);
  second.y = pt(112);
  frame::GlyphRun third = second;
  third.size = pt(12);
  third.glyphs = {{2, pt(6), 0, 0, "b"}};
  page_.elements.push_back(first);
  page_.elements.push_back(second);
  page_.elements.push_back(frame::Rule{pt(10), pt(20), pt(100), pt(0.5), {1, 0, 0}});
  page_.elements.push_back(frame::LinkArea{pt(10), pt(20), pt(5), pt(5), "https://example.com"});
  page_.elements.push_back(frame::Image{pt(10), pt(10), pt(50), pt(40), "logo.png"});
  page_.elements.push_back(third);
  const PaintedPage painted = paint_page(page_, resources_);
  EXPECT_EQ(painted.content,
            "BT\n0.2 0.4 0.6 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n[<0003>] TJ\n"
            "1 0 0 1 72.5 88 Tm\n[<0004>] TJ\n"
            "ET\n"
            "1 0 0 rg\n10 179.5 100 0.5 re\nf\n"
            "q\n50 0 0 40 10 150 cm\n/Im1 Do\nQ\n"
            "BT\n0.2 0.4 0.6 rg\n/F1 12 Tf\n1 0 0 1 72.5 88 Tm\n[<0004>] TJ\n"
            "ET\n");
  EXPECT_EQ(painted.images_used, std::set<std::string>{"logo.png"});
}

TEST_F(PagePainting, GlyphStandingForOtherTextGetsActualText) {
  // Code 3 is "a" in the ToUnicode map; here glyph 1 stands for "á" once.
  const std::map<std::uint16_t, std::string> unicode{{3, "a"}, {4, "b"}};
  resources_.fonts[0].unicode = &unicode;
  page_.elements.push_back(run({{1, pt(5), 0, 0, "a"}, {1, pt(6), 0, 0, "\xC3\xA1"}, {2, pt(5), 0, 0, "b"}, {2, pt(5), 0, 0, ""}}));
  EXPECT_EQ(paint_page(page_, resources_).content,
            "BT\n0 0 0 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n"
            "[<0003>] TJ\n"
            "/Span <</ActualText <FEFF00E1>>> BDC\n[<0003>] TJ\nEMC\n"
            "[-100<00040004>] TJ\n"
            "ET\n");
}

TEST_F(PagePainting, AnIndexedFontPaintsAsItsMaps) {
  // index_glyphs gives the painter an array by glyph id (pdf_writer makes
  // one per font); the same page comes out either way, the unknown glyph
  // past the index's end included.
  const std::map<std::uint16_t, std::string> unicode{{3, "a"}, {4, "b"}};
  resources_.fonts[0].unicode = &unicode;
  page_.elements.push_back(run({{1, pt(5), 0, 0, "a"}, {1, pt(6), 0, 0, "\xC3\xA1"}, {2, pt(5), 0, 0, "b"}, {2, pt(5), 0, 0, ""}}));
  const std::string searched = paint_page(page_, resources_).content;
  index_glyphs(resources_.fonts[0]);
  ASSERT_EQ(resources_.fonts[0].by_id.size(), 3u);
  EXPECT_FALSE(resources_.fonts[0].by_id[0].embedded);
  EXPECT_EQ(paint_page(page_, resources_).content, searched);
  page_.elements.push_back(run({{9, pt(5), 0, 0, "?"}}));
  EXPECT_THROW(paint_page(page_, resources_), FatalError);
}

TEST(ContentStream, ActualTextSpan) {
  ContentStream c;
  c.begin_actual_text("00A0").begin_positioned().positioned_glyph(1).end_positioned().end_marked_content();
  EXPECT_EQ(c.bytes(), "/Span <</ActualText <FEFF00A0>>> BDC\n[<0001>] TJ\nEMC\n");
}

TEST_F(PagePainting, UnknownGlyphIsAnInternalError) {
  page_.elements.push_back(run({{9, pt(5), 0, 0, "?"}}));
  EXPECT_THROW(paint_page(page_, resources_), FatalError);
}

}  // namespace
}  // namespace cvpdf::pdf
