// TeX's badness function (tex.web §108) and the fil marker.
#include <gtest/gtest.h>

#include "typeset/items.hpp"

namespace cvpdf::typeset {
namespace {

TEST(Badness, FollowsTexArithmetic) {
  EXPECT_EQ(badness(0, 0), 0);          // nothing to stretch, nothing needed
  EXPECT_EQ(badness(1, 0), kInfBad);    // cannot stretch at all
  EXPECT_EQ(badness(100, 100), 100);    // r = 1
  EXPECT_EQ(badness(50, 100), 12);      // r = 1/2: 12.5, 12 in integers
  EXPECT_EQ(badness(200, 100), 800);    // r = 2
  EXPECT_EQ(badness(130, 100), 219);    // r = 1.3: 219.7, truncated
  EXPECT_EQ(badness(400, 100), 6396);   // r = 4: 6400 less rounding
  EXPECT_EQ(badness(500, 100), kInfBad);  // beyond r = 1290/297 it saturates
  // Large values in scaled points stay exact where they matter.
  EXPECT_EQ(badness(pt(10), pt(10)), 100);
  EXPECT_EQ(badness(pt(1000), pt(1)), kInfBad);
  EXPECT_EQ(badness(pt(1), kFil), 0);  // fil stretch makes anything fit
}

TEST(Badness, FilMarker) {
  EXPECT_TRUE(is_fil(kFil));
  EXPECT_TRUE(is_fil(3 * kFil));
  EXPECT_TRUE(is_fil(-kFil));  // cancels a fil
  EXPECT_FALSE(is_fil(pt(1000)));
  GlueSums sums;
  sums.add_glue(pt(5), pt(2), pt(1));
  sums.add_glue(0, kFil, 0);
  EXPECT_EQ(sums.natural, pt(5));
  EXPECT_EQ(sums.stretch, pt(2));
  EXPECT_EQ(sums.fil_stretch, kFil);
  EXPECT_EQ(sums.shrink, pt(1));
}

}  // namespace
}  // namespace cvpdf::typeset
