// Hyphenator: libhyphen's en_US patterns, positions as byte offsets, and
// the words it refuses.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

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

// Every word of the repository's résumés, layouts and docs (and of
// /usr/share/dict/words where installed), as typed and lower-cased.
std::set<std::string> word_list() {
  namespace fs = std::filesystem;
  std::vector<fs::path> files{fs::path(CVPDF_SOURCE_DIR) / "resume.yaml", "/usr/share/dict/words"};
  for (const char* dir : {"examples", "layout", "docs"})
    for (const auto& entry : fs::directory_iterator(fs::path(CVPDF_SOURCE_DIR) / dir))
      files.push_back(entry.path());
  std::set<std::string> words;
  for (const auto& file : files) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    std::string word;
    for (char c : text.str() + " ") {
      // UTF-8 bytes stay in a word: "naïve", "Zürich" reach the dictionary's charset check.
      if (std::isalpha(static_cast<unsigned char>(c)) || (static_cast<unsigned char>(c) & 0x80)) {
        word += c;
        continue;
      }
      if (word.size() >= 5) words.insert(word);
      word.clear();
    }
  }
  return words;
}

TEST(HyphenatorBuiltin, SameAsLibhyphenOnTheSystemDictionaryForEveryWord) {
  // The compiled-in en_US table against libhyphen reading the .dic it was
  // compiled from: the same points for every word, with the default and
  // with wider minima.
  auto builtin = Hyphenator::builtin_en_us();
  auto parsed = Hyphenator::load_file("/usr/share/hyphen/hyph_en_US.dic");
  ASSERT_NE(builtin, nullptr);
  ASSERT_NE(parsed, nullptr) << "hyphen-en-us is a build dependency (scripts/setup.sh)";
  const std::set<std::string> words = word_list();
  ASSERT_GT(words.size(), 2000u);
  std::size_t divided = 0;
  for (const auto& word : words) {
    const auto points = builtin->points(word);
    ASSERT_EQ(points, parsed->points(word)) << word;
    ASSERT_EQ(builtin->points(word, 3, 4), parsed->points(word, 3, 4)) << word;
    divided += !points.empty();
  }
  EXPECT_GT(divided, words.size() / 2);  // the table really hyphenates, not "no points" for both
  EXPECT_EQ(builtin->points("optimization"), (std::vector<std::size_t>{2, 4, 8}));
}

TEST(HyphenatorBuiltin, EnglishNeedsNoDictionaryFile) {
  // "en", "en-US" and a language that falls back to en_US use the table.
  EXPECT_EQ(Hyphenator::load_default("en")->points("performance"), (std::vector<std::size_t>{3, 6}));
  EXPECT_EQ(Hyphenator::load_default("en-US")->points("performance"), (std::vector<std::size_t>{3, 6}));
  EXPECT_EQ(Hyphenator::load_default("en-GB")->points("performance"), (std::vector<std::size_t>{3, 6}));
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
