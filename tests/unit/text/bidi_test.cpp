// Bidi levels (UAX #9 through ICU) per byte of UTF-8 text, the languages
// written right to left, rule L2's visual order of a line's pieces, and
// shaping in a right-to-left direction.
#include "text/bidi.hpp"

#include <gtest/gtest.h>

#include <string>

#include "test_fonts.hpp"
#include "text/shaper.hpp"

namespace cvpdf::text {
namespace {

// The level of the character starting at byte `at`.
int level_at(const BidiLevels& b, const std::string& text, const std::string& of) {
  const std::size_t at = text.find(of);
  EXPECT_NE(at, std::string::npos) << of;
  return b.levels.at(at);
}

TEST(Bidi, LeftToRightTextNeedsNoLevels) {
  EXPECT_TRUE(resolve_levels("Plain English, 2024.", false).empty());
  // CJK bytes look like they might hold RTL text; ICU finds none.
  EXPECT_TRUE(resolve_levels("训练 GPU 集群", false).empty());
}

TEST(Bidi, HebrewPhraseInsideEnglish) {
  const std::string text = "the greeting שלום עולם (hello) here";
  const BidiLevels b = resolve_levels(text, false);
  ASSERT_EQ(b.levels.size(), text.size());
  EXPECT_EQ(level_at(b, text, "the"), 0);
  EXPECT_EQ(level_at(b, text, "שלום"), 1);
  EXPECT_EQ(level_at(b, text, "עולם"), 1);
  EXPECT_EQ(b.levels[text.find("שלום") + 8], 1);  // the space between the two Hebrew words
  EXPECT_EQ(level_at(b, text, "(hello"), 0);
  EXPECT_EQ(b.paragraph[0], 0);
}

TEST(Bidi, RightToLeftDocumentKeepsNumbersLeftToRight) {
  const std::string text = "שירות ל-12 צוותים (billing)";
  const BidiLevels b = resolve_levels(text, true);
  ASSERT_EQ(b.levels.size(), text.size());
  EXPECT_EQ(b.paragraph[0], 1);
  EXPECT_EQ(level_at(b, text, "שירות"), 1);
  EXPECT_EQ(level_at(b, text, "12"), 2);
  EXPECT_EQ(level_at(b, text, "billing"), 2);
  EXPECT_EQ(level_at(b, text, "("), 1);  // a bracket between RTL and LTR takes the embedding
}

TEST(Bidi, ParagraphTakesItsFirstStrongCharacter) {
  const std::string text = "مرحبا world";
  const BidiLevels b = resolve_levels(text, false);
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(b.paragraph[0], 1);
  EXPECT_EQ(level_at(b, text, "world"), 2);
}

TEST(Bidi, VisualOrderReversesRightToLeftRuns) {
  // Logical: L L R R R L → visual: L L R(4) R(3) R(2) L.
  EXPECT_EQ(visual_order({0, 0, 1, 1, 1, 0}), (std::vector<std::size_t>{0, 1, 4, 3, 2, 5}));
  // An RTL paragraph with a number inside: the digits keep their order.
  // Logical: R R N N R (levels 1 1 2 2 1) → visual: R(4) N(2) N(3) R(1) R(0).
  EXPECT_EQ(visual_order({1, 1, 2, 2, 1}), (std::vector<std::size_t>{4, 2, 3, 1, 0}));
  EXPECT_TRUE(visual_order({}).empty());
}

// Arabic (and Syriac, Mongolian…) letters join; Hebrew, Latin and CJK do
// not, and tracking may space them.
TEST(Bidi, ArabicJoinsCursivelyHebrewDoesNot) {
  EXPECT_TRUE(joins_cursively("الخبرة المهنية"));
  EXPECT_TRUE(joins_cursively("Experience — خبرة"));
  EXPECT_TRUE(joins_cursively("ܫܠܡܐ"));  // Syriac
  EXPECT_FALSE(joins_cursively("ניסיון תעסוקתי"));
  EXPECT_FALSE(joins_cursively("Experience"));
  EXPECT_FALSE(joins_cursively("工作经历"));
  EXPECT_FALSE(joins_cursively(""));
}

TEST(Bidi, RightToLeftLanguages) {
  for (const char* rtl : {"ar", "he", "fa", "ur", "yi", "ar-EG", "he-IL"}) EXPECT_TRUE(is_rtl_language(rtl)) << rtl;
  for (const char* ltr : {"en", "zh-Hans", "ja", "de", "hi", "th", ""}) EXPECT_FALSE(is_rtl_language(ltr)) << ltr;
}

}  // namespace
}  // namespace cvpdf::text

namespace cvpdf::text {
namespace {

// Shaping right to left (ShapeOptions::rtl): HarfBuzz mirrors a bracket and
// joins Arabic letters, and the glyphs come back in logical order.
class BidiShaping : public testing::TextTest {
 protected:
  FaceId dejavu() { return testing::require_face(book, {"DejaVu Sans", Weight::Regular, Slant::Upright, "he", ""}); }
  std::vector<ShapedGlyph> glyphs(std::string_view text, bool rtl) {
    ShapeOptions options;
    options.size = 10 * 65536;
    options.language = "he";
    options.rtl = rtl;
    std::vector<ShapedGlyph> out;
    for (const auto& run : shape(book, text, 0, text.size(), FontChain{{dejavu()}}, options))
      out.insert(out.end(), run.glyphs.begin(), run.glyphs.end());
    return out;
  }
};

TEST_F(BidiShaping, RightToLeftGlyphsComeInLogicalOrderWithBracketsMirrored) {
  const Face& face = book.face(dejavu());
  const auto rtl = glyphs("(שלום)", true);
  ASSERT_EQ(rtl.size(), 6u);
  for (std::size_t i = 1; i < rtl.size(); ++i) EXPECT_GT(rtl[i].cluster, rtl[i - 1].cluster);
  // The opening bracket is drawn as the closing one's glyph, and back.
  EXPECT_EQ(rtl.front().glyph, face.glyph_for(U')'));
  EXPECT_EQ(rtl.back().glyph, face.glyph_for(U'('));
  const auto ltr = glyphs("(שלום)", false);
  EXPECT_EQ(ltr.front().glyph, face.glyph_for(U'('));
}

TEST_F(BidiShaping, ArabicLettersJoin) {
  // بب: the first beh takes its initial form, the second its final one;
  // neither is the isolated form that cmap gives.
  const Face& face = book.face(dejavu());
  const auto joined = glyphs("بب", true);
  ASSERT_EQ(joined.size(), 2u);
  EXPECT_NE(joined[0].glyph, face.glyph_for(U'\u0628'));
  EXPECT_NE(joined[1].glyph, face.glyph_for(U'\u0628'));
  EXPECT_NE(joined[0].glyph, joined[1].glyph);
}

}  // namespace
}  // namespace cvpdf::text

namespace cvpdf::text {
namespace {

TEST(Bidi, IsolatedItemsKeepTheirOrder) {
  // An address, then a phone number, in a right-to-left paragraph: without
  // isolates the separator between two left-to-right items joins them into
  // one left-to-right run (UAX #9 N1); isolated, each is its own.
  const std::string text = "a@b.il · +972 3 555 · תל אביב";
  const std::size_t dot1 = text.find("·"), dot2 = text.find("·", dot1 + 1);
  const BidiLevels plain = resolve_levels(text, true);
  EXPECT_EQ(plain.levels[dot1], 2);
  const BidiLevels isolated =
      resolve_levels(text, true, {{0, dot1 - 1}, {dot1 + 3, dot2 - 1}, {dot2 + 3, text.size()}});
  ASSERT_EQ(isolated.levels.size(), text.size());
  EXPECT_EQ(isolated.levels[dot1], 1);
  EXPECT_EQ(isolated.levels[0], 2);
  EXPECT_EQ(isolated.levels[text.find("+972")], 2);
  EXPECT_EQ(isolated.levels[text.find("תל")] % 2, 1);  // an RTL isolate: 3, inside the paragraph's 1
}

}  // namespace
}  // namespace cvpdf::text
