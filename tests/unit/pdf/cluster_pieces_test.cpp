// cluster_pieces: a many-glyph cluster's text dealt out over its glyphs so
// that their codes read back the source in drawing order.
#include "pdf/cluster_pieces.hpp"

#include <gtest/gtest.h>

namespace cvpdf::pdf {
namespace {

frame::Glyph glyph(std::uint32_t id, std::string text) {
  frame::Glyph g;
  g.id = id;
  g.text = std::move(text);
  return g;
}

std::string joined(const std::vector<std::optional<std::string>>& pieces) {
  std::string out;
  for (const auto& p : pieces) out += p.value_or("<alone>");
  return out;
}

TEST(ClusterPieces, OneGlyphClustersHaveNone) {
  EXPECT_TRUE(cluster_pieces({glyph(1, "a"), glyph(2, "ffi"), glyph(3, " ")}).empty());
  EXPECT_TRUE(cluster_pieces({}).empty());
}

TEST(ClusterPieces, AReorderedVowelSignReadsBackInOrder) {
  // "नि" drawn as ि (first, carrying the cluster's text) then न.
  const auto pieces = cluster_pieces({glyph(10, "द"), glyph(11, "नि"), glyph(12, ""), glyph(13, "य")});
  ASSERT_EQ(pieces.size(), 4u);
  EXPECT_FALSE(pieces[0]);
  EXPECT_EQ(pieces[1], "न");
  EXPECT_EQ(pieces[2], "ि");
  EXPECT_FALSE(pieces[3]);
}

TEST(ClusterPieces, MoreCharactersThanGlyphsGoOnTheLast) {
  // "र्म" (reph): three characters on two glyphs.
  const auto pieces = cluster_pieces({glyph(1, "र्म"), glyph(2, "")});
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0], "र");
  EXPECT_EQ(pieces[1], "्म");
}

TEST(ClusterPieces, ThaiAmIsDealtAsTheTwoCharactersItIsDrawnWith) {
  // "ทำ" drawn ท ํ า: three glyphs for two characters.
  const auto pieces = cluster_pieces({glyph(1, "ทำ"), glyph(2, ""), glyph(3, "")});
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(joined(pieces), "ท\u0E4D\u0E32");
  EXPECT_EQ(pieces[1], "\u0E4D");
  EXPECT_EQ(pieces[2], "\u0E32");
}

TEST(ClusterPieces, AClusterShortOfCharactersLeavesTheLastGlyphsEmpty) {
  const auto pieces = cluster_pieces({glyph(1, "é"), glyph(2, ""), glyph(3, "")});
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(pieces[0], "é");
  EXPECT_EQ(pieces[1], "");
  EXPECT_EQ(pieces[2], "");
}

TEST(ClusterPieces, AGlyphWithoutTextAtTheHeadContinuesNothing) {
  const auto pieces = cluster_pieces({glyph(1, ""), glyph(2, "")});
  EXPECT_TRUE(pieces.empty());
}

}  // namespace
}  // namespace cvpdf::pdf
