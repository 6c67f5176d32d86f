// Hyphenator: libhyphen's en_US patterns, positions as byte offsets, and
// the words it refuses; the points of any word held to its rules written out
// plainly on ICU and on libhyphen reading the installed .dic, and the copy
// compiled into the binary held to that file.
#include <gtest/gtest.h>

#include <hyphen.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "text/hyphen_en_us.hpp"
#include "text/hyphenator.hpp"

namespace cvpdf::text {
namespace {

using Points = std::vector<std::size_t>;

// The .dic the build compiled in (CMake's CVPDF_HYPHEN_EN_US).
constexpr const char* kDic = CVPDF_HYPHEN_EN_US;

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class HyphenatorTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { english = Hyphenator::load_default("en").release(); }
  static void TearDownTestSuite() {
    delete english;
    english = nullptr;
  }
  static Hyphenator* english;
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
  EXPECT_EQ(english->points("\xe2\x80\x9cperformance\xe2\x80\x9d"), (Points{6, 9}));  // “performance”
}

TEST_F(HyphenatorTest, MinimaCountCharacters) {
  ASSERT_NE(english, nullptr);
  EXPECT_EQ(english->points("optimization", 3, 5), (Points{4}));
  EXPECT_TRUE(english->points("performance", 2, 20).empty());
}

TEST(HyphenatorMemo, AWordAskedAgainGetsTheAnswerOfAFreshDictionary) {
  // libhyphen's answer for a word is kept; the minima, the case and the
  // punctuation around it are applied to it on each call, so a word asked
  // again in another form gets what a dictionary that never saw it gives.
  auto asked = Hyphenator::load_default("en");
  ASSERT_NE(asked, nullptr);
  const std::vector<std::string> forms = {"optimization", "Optimization", "(optimization),", "optimizations"};
  const std::vector<std::pair<int, int>> minima = {{2, 3}, {3, 5}, {1, 2}, {5, 5}};
  for (int round = 0; round < 2; ++round)
    for (const auto& word : forms)
      for (const auto& [left, right] : minima) {
        auto fresh = Hyphenator::load_default("en");
        EXPECT_EQ(asked->points(word, left, right), fresh->points(word, left, right)) << word << " " << left << right;
      }
  EXPECT_EQ(asked->points("optimization", 3, 5), (Points{4}));
  EXPECT_EQ(asked->points("optimization"), (Points{2, 4, 8}));
}

TEST_F(HyphenatorTest, OffsetsAreBytesInUtf8) {
  ASSERT_NE(english, nullptr);
  EXPECT_EQ(english->points("résumé", 2, 2), (Points{3}));  // ré-sumé: é is two bytes
}

TEST_F(HyphenatorTest, RefusesWhatIsNotAPlainWord) {
  ASSERT_NE(english, nullptr);
  for (const char* word : {"NVIDIA", "PyTorch", "torch_npu", "GPU/NPU", "H200s", "don't", "a", "", "\xff\xfe",
                           "perfor\xffmance", "performance\xff", "perforMance", "Perform\xc3\x89nce" /* É */})
    EXPECT_TRUE(english->points(word).empty()) << word;
}

TEST_F(HyphenatorTest, WordsUpToTheLongestAreDivided) {
  // kMaxWordLength letters are divided, one more and the word is left
  // whole, however many bytes its letters take.
  ASSERT_NE(english, nullptr);
  using Letters = std::vector<std::string>;
  for (const Letters& syllable : {Letters{"t", "i", "o", "n"}, Letters{"r", "é", "s", "u", "m", "é"},
                                  Letters{"\xef\xac\x81" /* ﬁ */, "n", "a", "n", "c", "e"}}) {
    std::string longest;
    for (std::size_t i = 0; i < Hyphenator::kMaxWordLength; ++i) longest += syllable[i % syllable.size()];
    EXPECT_FALSE(english->points(longest).empty()) << longest;
    EXPECT_FALSE(english->points("(" + longest + "),").empty()) << longest;
    EXPECT_TRUE(english->points(longest + "s").empty()) << longest;
  }
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
    std::string word;
    for (char c : read_file(file) + " ") {
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

TEST(HyphenatorBuiltin, IsTheInstalledDictionaryCompiledIn) {
  // The bytes in the binary are the .dic's, and libhyphen loading them
  // gives the points it gives loading the file, for every word, with the
  // default and with wider minima.
  EXPECT_EQ(hyphen_en_us_dic(), read_file(kDic));
  auto builtin = Hyphenator::builtin_en_us();
  auto parsed = Hyphenator::load_file(kDic);
  ASSERT_NE(builtin, nullptr);
  ASSERT_NE(parsed, nullptr) << "hyphen-en-us is a build dependency (scripts/setup.sh)";
  const std::set<std::string> words = word_list();
  ASSERT_GT(words.size(), 2000u);
  // The dictionary really divides, not "no points" for both: most English
  // words get points. Only ASCII words count here — the docs' Chinese and
  // the other scripts' texts are "words" too, which en_US never divides.
  std::size_t divided = 0, ascii = 0;
  for (const auto& word : words) {
    const auto points = builtin->points(word);
    ASSERT_EQ(points, parsed->points(word)) << word;
    ASSERT_EQ(builtin->points(word, 3, 4), parsed->points(word, 3, 4)) << word;
    if (std::all_of(word.begin(), word.end(), [](char c) { return (static_cast<unsigned char>(c) & 0x80) == 0; })) {
      ++ascii;
      divided += !points.empty();
    }
  }
  EXPECT_GT(divided, ascii / 2);
  EXPECT_EQ(builtin->points("optimization"), (Points{2, 4, 8}));
}

TEST(HyphenatorBuiltin, EnglishNeedsNoDictionaryFile) {
  // "en", "en-US" and a language that falls back to en_US use the copy compiled in.
  EXPECT_EQ(Hyphenator::load_default("en")->points("performance"), (Points{3, 6}));
  EXPECT_EQ(Hyphenator::load_default("en-US")->points("performance"), (Points{3, 6}));
  EXPECT_EQ(Hyphenator::load_default("en-GB")->points("performance"), (Points{3, 6}));
}

TEST(HyphenatorLoad, LanguagesWithoutADictionary) {
  EXPECT_NE(Hyphenator::load_default("en-US"), nullptr);
  EXPECT_NE(Hyphenator::load_default("en-GB"), nullptr);  // falls back to en_US patterns
  EXPECT_EQ(Hyphenator::load_default("zh-Hans"), nullptr);
  EXPECT_EQ(Hyphenator::load_default(""), nullptr);
  EXPECT_EQ(Hyphenator::load_file("/no/such/hyph.dic"), nullptr);
}

// Hyphenator::points' rules written out plainly, on ICU and libhyphen:
// punctuation around the word is not part of it; anything but letters
// inside, a capital after the first letter, invalid UTF-8 or more than
// kMaxWordLength letters give no points; the letters go to libhyphen lower
// case, in UTF-8 (en_US's encoding); the minima count letters.
Points reference_points(HyphenDict* dict, const std::string& word, int left, int right) {
  struct Character {
    UChar32 c;
    std::size_t at;
  };
  std::vector<Character> characters;
  const auto size = static_cast<int32_t>(word.size());
  for (int32_t i = 0; i < size;) {
    const auto at = static_cast<std::size_t>(i);
    UChar32 c = 0;
    U8_NEXT(word.data(), i, size, c);
    if (c < 0) return {};
    characters.push_back({c, at});
  }
  std::size_t first = 0, last = characters.size();
  while (first < last && !u_isalpha(characters[first].c)) ++first;
  while (last > first && !u_isalpha(characters[last - 1].c)) --last;
  if (first == last || last - first > Hyphenator::kMaxWordLength) return {};
  std::string core;
  for (std::size_t i = first; i < last; ++i) {
    const UChar32 c = characters[i].c;
    if (!u_isalpha(c) || (i > first && u_isupper(c))) return {};
    char bytes[U8_MAX_LENGTH];
    int32_t length = 0;
    U8_APPEND_UNSAFE(bytes, length, u_tolower(c));
    core.append(bytes, static_cast<std::size_t>(length));
  }
  left = std::max(left, 1);
  right = std::max(right, 1);
  const auto n = static_cast<int>(last - first);
  if (n < left + right) return {};
  std::vector<char> hyphens(core.size() + 5, '0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  const bool failed = hnj_hyphen_hyphenate2(dict, core.c_str(), static_cast<int>(core.size()), hyphens.data(),
                                            nullptr, &rep, &pos, &cut) != 0;
  EXPECT_EQ(rep, nullptr) << "en_US has no replacing patterns";
  Points points;
  for (int i = left - 1; !failed && i + right < n; ++i)
    if (hyphens[static_cast<std::size_t>(i)] & 1) points.push_back(characters[first + static_cast<std::size_t>(i) + 1].at);
  std::free(rep);
  std::free(pos);
  std::free(cut);
  return points;
}

// Every whitespace-separated token of resume.yaml and examples/, as typed.
std::vector<std::string> repository_tokens() {
  namespace fs = std::filesystem;
  std::vector<fs::path> files{fs::path(CVPDF_SOURCE_DIR) / "resume.yaml"};
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(CVPDF_SOURCE_DIR) / "examples"))
    if (entry.path().extension() == ".yaml" || entry.path().extension() == ".json") files.push_back(entry.path());
  std::set<std::string> tokens;
  for (const auto& file : files) {
    std::istringstream text(read_file(file));
    std::string token;
    while (text >> token) tokens.insert(token);
  }
  return {tokens.begin(), tokens.end()};
}

// Words of 1 to 40 pieces' worth of letters and English syllables (so that
// patterns fire), some capitalised or with capitals, accents, ligatures,
// apostrophes, hyphens or digits inside; `seed` fixes them.
std::vector<std::string> pseudo_random_words(unsigned seed, std::size_t count) {
  static const std::vector<std::string> pieces{
      "a",    "b",   "c",    "d",    "e",    "f",    "g",    "h",    "i",   "j",    "k",    "l",    "m",    "n",
      "o",    "p",   "q",    "r",    "s",    "t",    "u",    "v",    "w",   "x",    "y",    "z",    "tion", "ment",
      "pre",  "con", "ing",  "er",   "al",   "ly",   "ous",  "ive",  "ize", "ph",   "th",   "qu",   "ble",  "ter",
      "ness", "ab",  "ex",   "in",   "un",   "re",   "de",   "com",  "pro", "ure",  "ate",  "sion", "ful",  "less",
      "ism",  "ist", "ity",  "ment", "ance", "ence", "ship", "hood", "ward", "trans", "inter", "over", "under", "anti",
      "auto", "bi",  "tri",  "poly", "graph", "logy", "tech", "eng",  "ch",  "sh",   "ck",   "ng",   "st",   "str"};
  static const std::vector<std::string> odd{"é", "ü", "ñ", "ß", "ø", "æ", "ç", "à", "É", "Ü", "\xef\xac\x80" /* ﬀ */,
                                             "\xef\xac\x81" /* ﬁ */, "\xef\xac\x82" /* ﬂ */,
                                             "\xef\xac\x83" /* ﬃ */, "\xef\xac\x84" /* ﬄ */, "'", "\xe2\x80\x99" /* ’ */,
                                             "-", "\xe2\x80\x93" /* – */, "0", "7", "E", "Q"};
  std::mt19937 random(seed);
  std::vector<std::string> words;
  words.reserve(count);
  for (std::size_t w = 0; w < count; ++w) {
    const std::size_t length = 1 + random() % 40;
    std::string word;
    std::size_t letters = 0;
    while (letters < length) {
      const std::string& piece = random() % 12 == 0 ? odd[random() % odd.size()] : pieces[random() % pieces.size()];
      word += piece;
      for (unsigned char c : piece) letters += (c & 0xc0) != 0x80;
    }
    if (random() % 4 == 0 && word[0] >= 'a' && word[0] <= 'z') word[0] = static_cast<char>(word[0] - 'a' + 'A');
    words.push_back(word);
  }
  return words;
}

// The edges: digits, ligatures, accents, lone punctuation, and the longest
// words in 1-, 2-, 3- and 4-byte letters and one letter over.
std::vector<std::string> edge_words() {
  std::vector<std::string> words{
      "a", "ab", "abc", "don't", "don\xe2\x80\x99t", "rock'n'roll", "state-of-the-art", "-", "--", "'", "a-", "-a",
      "1990s", "h2o", "123", "4th", "naïve", "résumé", "zürich", "façade", "encyclopædia", "straße",
      "\xef\xac\x81" "nance", "of\xef\xac\x83" "ce", "ba\xef\xac\x84" "ing", "ﬂuﬃness", "hyphenation",
      "supercalifragilisticexpialidocious", "pneumonoultramicroscopicsilicovolcanoconiosis", "..", ".a.", "a.b",
      "\xef\xbf\xbd" "word", "word\xef\xbf\xbd" /* U+FFFD as typed */, "wo\xed\xa0\x80rd" /* a surrogate */};
  for (const std::string& letter : {std::string("a"), std::string("é"), std::string("\xef\xac\x83"),
                                    std::string("\xf0\x9d\x91\x8e") /* U+1D44E, a letter */}) {
    std::string word;
    for (std::size_t i = 0; i < Hyphenator::kMaxWordLength; ++i) word += letter;
    words.push_back(word);
    words.push_back(word + letter);
  }
  std::string syllables;
  while (syllables.size() < Hyphenator::kMaxWordLength) syllables += "tion";
  words.push_back(syllables.substr(0, Hyphenator::kMaxWordLength));
  words.push_back(syllables.substr(0, Hyphenator::kMaxWordLength) + "s");
  return words;
}

struct HyphenDictDeleter {
  void operator()(HyphenDict* d) const { hnj_hyphen_free(d); }
};
using HyphenDictPtr = std::unique_ptr<HyphenDict, HyphenDictDeleter>;

class HyphenatorRules : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    words_ = new std::vector<std::string>(repository_tokens());
    for (const auto& more : {pseudo_random_words(20240615u, 20000), edge_words()})
      words_->insert(words_->end(), more.begin(), more.end());
  }
  static void TearDownTestSuite() {
    delete words_;
    words_ = nullptr;
  }
  // Each word as typed and in the ways a résumé may type it: capitalised,
  // quoted, followed by punctuation, in capitals, with a digit or an
  // apostrophe inside, after dashes.
  static std::vector<std::string> typed(const std::string& word) {
    std::string capital = word;
    if (!capital.empty()) capital[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(capital[0])));
    std::string upper = word;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return {word, capital, "\"" + word + "\",", "(" + capital + ").", upper, word + "s2",
            word.substr(0, word.size() / 2) + "'" + word.substr(word.size() / 2), "--" + word};
  }
  static std::vector<std::string>* words_;
};
std::vector<std::string>* HyphenatorRules::words_ = nullptr;

TEST_F(HyphenatorRules, AWordsPointsAreLibhyphensOnItsLetters) {
  // The compiled-in dictionary through Hyphenator against the rules on
  // libhyphen reading the .dic, over every minimum from 1 to 3 before and
  // 2 to 3 after, one pair per typed word in turn.
  HyphenDictPtr dict(hnj_hyphen_load(kDic));
  ASSERT_NE(dict, nullptr) << "hyphen-en-us is a build dependency (scripts/setup.sh)";
  auto builtin = Hyphenator::builtin_en_us();
  ASSERT_NE(builtin, nullptr);
  std::size_t divided = 0, checked = 0, non_ascii = 0;
  for (const std::string& word : *words_) {
    for (const std::string& as_typed : typed(word)) {
      const int left = 1 + static_cast<int>(checked % 3), right = 2 + static_cast<int>(checked / 3 % 2);
      const auto points = builtin->points(as_typed, left, right);
      ASSERT_EQ(points, reference_points(dict.get(), as_typed, left, right)) << as_typed << " " << left << " " << right;
      divided += !points.empty();
      non_ascii += !points.empty() && std::any_of(as_typed.begin(), as_typed.end(), [](char c) {
                     return static_cast<unsigned char>(c) >= 0x80;
                   });
      ++checked;
    }
  }
  EXPECT_GT(checked, 150000u);
  EXPECT_GT(divided, checked / 5);  // patterns fire: not "no points" on both sides
  EXPECT_GT(non_ascii, 1000u);      // and words with accents and ligatures are divided too
}

TEST_F(HyphenatorRules, TheComparisonSeesADifferentDictionary) {
  // The check above can fail: libhyphen on the same patterns less the ones
  // that break "-tion", and with a wider left minimum, disagrees with the
  // compiled-in dictionary.
  namespace fs = std::filesystem;
  std::istringstream in(read_file(kDic));
  const fs::path doctored = fs::temp_directory_path() / ("cvpdf-hyph-doctored-" + std::to_string(::getpid()) + ".dic");
  {
    std::ofstream out(doctored);
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("LEFTHYPHENMIN", 0) == 0) line = "LEFTHYPHENMIN 3";
      if (line.find("tio") == std::string::npos) out << line << "\n";
    }
  }
  HyphenDictPtr other(hnj_hyphen_load(doctored.c_str()));
  fs::remove(doctored);
  ASSERT_NE(other, nullptr);
  auto builtin = Hyphenator::builtin_en_us();
  std::size_t differ = 0;
  for (const std::string& word : *words_) differ += builtin->points(word) != reference_points(other.get(), word, 2, 3);
  EXPECT_GT(differ, 100u);
}

}  // namespace
}  // namespace cvpdf::text
