// Hyphenator: libhyphen's en_US patterns, positions as byte offsets, and
// the words it refuses.
#include <gtest/gtest.h>

#include "text/hyphenator.hpp"

namespace cvpdf::text {
namespace {

class HyphenatorTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { english = Hyphenator::load_default("en").release(); }
  static void TearDownTestSuite() {
    delete english;
    english = nullptr;
  }
  static Hyphenator* english;
  using Points = std::vector<std::size_t>;
};
Hyphenator* HyphenatorTest::english = nullptr;

TEST(SharedHyphenator, IsLoadedOncePerLanguageAndDividesAsTheDefault) {
  // What every layout of a --fit-pages run uses: one dictionary for the
  // process, not one per layout tried.
  const Hyphenator* first = Hyphenator::shared("en");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(Hyphenator::shared("en"), first);
  EXPECT_EQ(first->points("optimization"), Hyphenator::load_default("en")->points("optimization"));
  EXPECT_EQ(Hyphenator::shared("zh"), nullptr);  // no dictionary: the same answer, asked once
  EXPECT_EQ(Hyphenator::shared("zh"), nullptr);
}

TEST_F(HyphenatorTest, EnglishPatterns) {
  ASSERT_NE(english, nullptr);
  EXPECT_EQ(english->points("optimization"), (Points{2, 4, 8}));  // op-ti-miza-tion
  EXPECT_EQ(english->points("performance"), (Points{3, 6}));     // per-for-mance
  EXPECT_EQ(english->points("infrastructure"), (Points{2, 5, 10}));  // in-fra-struc-ture
}

TEST_F(HyphenatorTest, CaseAndSurroundingPunctuation) {
  ASSERT_NE(english, nullptr);
  EXPECT_EQ(english->points("Performance"), (Points{3, 6}));
  EXPECT_EQ(english->points("(performance),"), (Points{4, 7}));
}

TEST_F(HyphenatorTest, MinimaCountCharacters) {
  ASSERT_NE(english, nullptr);
  EXPECT_EQ(english->points("optimization", 3, 5), (Points{4}));
  EXPECT_TRUE(english->points("performance", 2, 20).empty());
}

TEST_F(HyphenatorTest, OffsetsAreBytesInUtf8) {
  ASSERT_NE(english, nullptr);
  EXPECT_EQ(english->points("résumé", 2, 2), (Points{3}));  // ré-sumé: é is two bytes
}

TEST_F(HyphenatorTest, RefusesWhatIsNotAPlainWord) {
  ASSERT_NE(english, nullptr);
  for (const char* word : {"NVIDIA", "PyTorch", "torch_npu", "GPU/NPU", "H200s", "don't", "a", "", "\xff\xfe"})
    EXPECT_TRUE(english->points(word).empty()) << word;
}

TEST(HyphenatorLoad, LanguagesWithoutADictionary) {
  EXPECT_NE(Hyphenator::load_default("en-US"), nullptr);
  EXPECT_NE(Hyphenator::load_default("en-GB"), nullptr);  // falls back to en_US patterns
  EXPECT_EQ(Hyphenator::load_default("zh-Hans"), nullptr);
  EXPECT_EQ(Hyphenator::load_default(""), nullptr);
  EXPECT_EQ(Hyphenator::load_file("/no/such/hyph.dic"), nullptr);
}

}  // namespace
}  // namespace cvpdf::text
