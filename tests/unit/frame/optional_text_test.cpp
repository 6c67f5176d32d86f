// frame::OptionalText: std::optional<std::string>'s reading interface in one
// pointer, copied deeply.
#include <gtest/gtest.h>

#include "frame/frame.hpp"

namespace cvpdf::frame {
namespace {

TEST(OptionalText, EmptyUntilGivenAStringEvenAnEmptyOne) {
  OptionalText none;
  EXPECT_FALSE(none.has_value());
  EXPECT_FALSE(none);
  OptionalText empty = std::string();
  ASSERT_TRUE(empty.has_value());
  EXPECT_EQ(*empty, "");
  OptionalText word = "training";
  EXPECT_EQ(*word, "training");
  EXPECT_EQ(word->size(), 8u);
  word = std::nullopt;
  EXPECT_FALSE(word);
}

TEST(OptionalText, CopiesAreIndependentAndEqual) {
  Glyph g{7, 100, 0, 0, "t"};
  g.reads_as = "training";
  Glyph copy = g;
  EXPECT_TRUE(copy.reads_as == g.reads_as);
  copy.reads_as = "train";
  EXPECT_EQ(*g.reads_as, "training");
  EXPECT_FALSE(copy.reads_as == g.reads_as);
  Glyph moved = std::move(copy);
  EXPECT_EQ(*moved.reads_as, "train");
  EXPECT_TRUE(OptionalText() == OptionalText(std::nullopt));
}

TEST(OptionalText, AGlyphIsNoLargerThanItsOtherFieldsAndAPointer) {
  EXPECT_LE(sizeof(Glyph), 4 + 4 + 3 * sizeof(Scaled) + sizeof(std::string) + sizeof(void*) + 8);
}

}  // namespace
}  // namespace cvpdf::frame
