// tighten_symbols: + and × against letters and digits keep at most
// kTightSymbolBearingEm of side bearing (Charis SIL gives them a fifth of
// an em); an operator between spaces keeps the face's; the shape cache
// tells a symbol at a piece's edge by the letters beyond it.
#include <gtest/gtest.h>

#include "test_fonts.hpp"
#include "text/shaper.hpp"
#include "text/tight_symbols.hpp"

namespace cvpdf::text {
namespace {

using testing::TextTest;

class TightSymbolsTest : public TextTest {
 protected:
  FaceId charis() { return testing::require_face(book, {"Charis SIL", Weight::Regular, Slant::Upright, "en", ""}); }

  // The ink's left and right bearings of the glyph at `cluster`, in font units.
  std::pair<Scaled, Scaled> bearings(const std::vector<ShapedRun>& runs, std::uint32_t cluster) {
    for (const auto& run : runs)
      for (const auto& g : run.glyphs)
        if (g.cluster == cluster) {
          hb_glyph_extents_t ink{};
          hb_font_get_glyph_extents(book.face(run.face).hb_font, g.glyph, &ink);
          const Scaled left = g.x_offset + ink.x_bearing;
          return {left, g.x_advance - left - ink.width};
        }
    ADD_FAILURE() << "no glyph at " << cluster;
    return {};
  }

  std::vector<ShapedRun> unscaled(std::string_view text, std::size_t begin, std::size_t end) {
    ShapeOptions options;
    options.language = "en";
    return cache.shape_unscaled(book, text, begin, end, FontChain{{charis()}}, options);
  }

  ShapeCache cache;
};

TEST_F(TightSymbolsTest, PlusAndTimesBesideLettersAndDigitsKeepAThinBearing) {
  const Scaled keep = static_cast<Scaled>(kTightSymbolBearingEm * book.face(charis()).units_per_em + 0.5);
  const std::string text = "C++ 6\u00D7 +86";
  const auto runs = unscaled(text, 0, text.size());
  // Facing the letters, digits and symbols of their word; before a space
  // (the second +, the ×) or before the text's end, the face's bearing.
  EXPECT_EQ(bearings(runs, 1), std::make_pair(keep, keep));
  EXPECT_EQ(bearings(runs, 2).first, keep);
  EXPECT_GT(bearings(runs, 2).second, 2 * keep);
  EXPECT_EQ(bearings(runs, 5).first, keep);
  EXPECT_GT(bearings(runs, 5).second, 2 * keep);
  EXPECT_GT(bearings(runs, 8).first, 2 * keep);
  EXPECT_EQ(bearings(runs, 8).second, keep);
  // Charis SIL's own: a fifth of an em either side.
  const auto spaced = unscaled("a + b", 0, 5);
  EXPECT_GT(bearings(spaced, 2).first, 2 * keep);
  EXPECT_GT(bearings(spaced, 2).second, 2 * keep);
}

TEST_F(TightSymbolsTest, APieceOfSymbolsIsTightenedByTheLettersBeyondIt) {
  const Scaled keep = static_cast<Scaled>(kTightSymbolBearingEm * book.face(charis()).units_per_em + 0.5);
  // The same "++" piece, after a space and after a C: shaped apart.
  EXPECT_GT(bearings(unscaled("a ++", 2, 4), 2).first, 2 * keep);
  EXPECT_EQ(bearings(unscaled("C++", 1, 3), 1).first, keep);
  EXPECT_GT(bearings(unscaled("a ++", 2, 4), 2).first, 2 * keep);
}

// A tight symbol ending its word gives the space after it what it keeps
// of its right bearing past kTightSymbolBearingEm; nothing else does.
TEST_F(TightSymbolsTest, TheWhiteAfterATightSymbolIsWhatItKeepsPastAThinBearing) {
  const Face& face = book.face(charis());
  const Scaled keep = static_cast<Scaled>(kTightSymbolBearingEm * face.units_per_em + 0.5);
  const std::string text = "0.72× H200, a + b, C++ x";
  const auto runs = unscaled(text, 0, text.size());
  auto white = [&](std::uint32_t cluster, std::size_t end) {
    for (const auto& run : runs)
      for (const auto& g : run.glyphs)
        if (g.cluster == cluster) return white_after_tight_symbol(face, text, end, g.glyph, g.x_advance, g.x_offset);
    ADD_FAILURE() << "no glyph at " << cluster;
    return Scaled{-1};
  };
  const std::size_t times = text.find("×");
  // Charis SIL's ×: a fifth of an em of right bearing, all but `keep` of it given up.
  EXPECT_EQ(white(static_cast<std::uint32_t>(times), times + 2), bearings(runs, times).second - keep);
  EXPECT_GT(white(static_cast<std::uint32_t>(times), times + 2), keep);
  const std::size_t plus = text.find("C++") + 2;
  EXPECT_GT(white(static_cast<std::uint32_t>(plus), plus + 1), 0);
  // An operator between spaces keeps its face's spacing, and a letter gives nothing.
  const std::size_t op = text.find(" + ") + 1;
  EXPECT_EQ(white(static_cast<std::uint32_t>(op), op + 1), 0);
  EXPECT_EQ(white(3, 4), 0);  // the "2" of 0.72
}

}  // namespace
}  // namespace cvpdf::text
