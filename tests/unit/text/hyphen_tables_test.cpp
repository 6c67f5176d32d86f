// The compiled-in en_US tables, walked without libhyphen
// (hyphenate_packed), against libhyphen itself on the .dic they were dumped
// from: the same hyphen values byte for byte, and through Hyphenator the
// same points, over the repository's words, seeded pseudo-random words and
// the edge cases (compound boundaries, NOHYPHEN, digits, ligatures,
// minima, the longest words).
#include <gtest/gtest.h>

#include <hyphen.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unicode/uchar.h>

#include "text/hyphen_tables.hpp"
#include "text/hyphenator.hpp"

namespace cvpdf::text {
namespace {

constexpr const char* kDic = "/usr/share/hyphen/hyph_en_US.dic";

struct HyphenDictDeleter {
  void operator()(HyphenDict* d) const { hnj_hyphen_free(d); }
};
using HyphenDictPtr = std::unique_ptr<HyphenDict, HyphenDictDeleter>;

// Per character: '1' where the hyphen value is odd, '0' where even; "fail"
// where the hyphenator fails. Compared as strings, a mismatch shows where.
std::string character_count_prefix(const std::string& word) {
  std::size_t n = 0;
  for (unsigned char c : word) n += (c & 0xc0) != 0x80;
  return std::string(n, '0');
}

std::string libhyphen_parity(HyphenDict* dict, const std::string& word) {
  std::vector<char> hyphens(word.size() + 5, '0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  const int failed = hnj_hyphen_hyphenate2(dict, word.c_str(), static_cast<int>(word.size()), hyphens.data(), nullptr,
                                           &rep, &pos, &cut);
  std::string out = character_count_prefix(word);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = (hyphens[i] & 1) ? '1' : '0';
  if (rep) {
    for (std::size_t i = 0; i < word.size(); ++i) std::free(rep[i]);
    std::free(rep);
    out += " rep";  // en_US has no replacing patterns; the tables could not say where
  }
  std::free(pos);
  std::free(cut);
  return failed ? "fail" : out;
}

std::string packed_parity(const std::string& word) {
  std::vector<char> hyphens(word.size() + 5, '0');
  if (!hyphenate_packed(kHyphenEnUs, word, hyphens.data())) return "fail";
  std::string out = character_count_prefix(word);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = (hyphens[i] & 1) ? '1' : '0';
  return out;
}

// Every word of every résumé under examples/ and of resume.yaml, as typed
// (with the punctuation around it) and lower-cased.
std::vector<std::string> repository_words() {
  namespace fs = std::filesystem;
  std::vector<fs::path> files{fs::path(CVPDF_SOURCE_DIR) / "resume.yaml"};
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(CVPDF_SOURCE_DIR) / "examples"))
    if (entry.path().extension() == ".yaml" || entry.path().extension() == ".json") files.push_back(entry.path());
  std::set<std::string> words;
  for (const auto& file : files) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    std::istringstream tokens(text.str());
    std::string token;
    while (tokens >> token) {
      words.insert(token);
      std::string lower = token;
      for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      words.insert(lower);
    }
  }
  return {words.begin(), words.end()};
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
  static const std::vector<std::string> odd{"é", "ü", "ñ", "ß", "ø", "æ", "ç", "à", "\xef\xac\x80" /* ﬀ */,
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

// Lower case, as Hyphenator hands words to the patterns; only ASCII
// capitals (the others stay, and are a case the tables must still match).
std::string lower_ascii(std::string word) {
  for (char& c : word) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return word;
}

std::vector<std::string> edge_words() {
  std::vector<std::string> words{
      "a", "ab", "abc", "don't", "don\xe2\x80\x99t", "rock'n'roll", "state-of-the-art", "well-known",
      "-", "--", "'", "a-", "-a", "a-b", "ab-cd", "hyphen-ation", "pre-pro-cess-ing", "1990s", "h2o", "123",
      "4th", "co2", "x1y2z3", "re-\xe2\x80\x93" "entry", "10\xe2\x80\x93" "20", "naïve", "résumé", "zürich", "façade",
      "encyclopædia", "straße", "\xef\xac\x81" "nance", "of\xef\xac\x83" "ce", "ba\xef\xac\x84" "ing",
      "\xef\xac\x83" "x", "\xef\xac\x80", "e\xef\xac\x80" "ect", "ﬂuﬃness", "optimization", "performance",
      "infrastructure", "hyphenation", "supercalifragilisticexpialidocious",
      "pneumonoultramicroscopicsilicovolcanoconiosis", "..", ".a.", "a.b", "x--y", "''", "a''b"};
  // The longest words Hyphenator takes, in 1-, 2-, 3- and 4-byte letters, and one letter over.
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

class HyphenTables : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dict_ = hnj_hyphen_load(kDic);
    words_ = new std::vector<std::string>(repository_words());
    const auto random_words = pseudo_random_words(20240615u, 20000);
    words_->insert(words_->end(), random_words.begin(), random_words.end());
    const auto edges = edge_words();
    words_->insert(words_->end(), edges.begin(), edges.end());
  }
  static void TearDownTestSuite() {
    if (dict_) hnj_hyphen_free(dict_);
    dict_ = nullptr;
    delete words_;
    words_ = nullptr;
  }
  static HyphenDict* dict_;
  static std::vector<std::string>* words_;
};
HyphenDict* HyphenTables::dict_ = nullptr;
std::vector<std::string>* HyphenTables::words_ = nullptr;

TEST_F(HyphenTables, SameHyphenValuesAsLibhyphen) {
  // Raw words, not only what Hyphenator offers: apostrophes, hyphens, en
  // dashes and digits take libhyphen's compound and NOHYPHEN paths.
  ASSERT_NE(dict_, nullptr) << "hyphen-en-us is a build dependency (scripts/setup.sh)";
  std::size_t compared = 0;
  std::size_t divided = 0;
  std::size_t compound = 0;
  for (const std::string& word : *words_) {
    const std::string lower = lower_ascii(word);
    if (lower.empty() || lower.size() > kMaxPackedHyphenWord) continue;
    const std::string expected = libhyphen_parity(dict_, lower);
    ASSERT_EQ(packed_parity(lower), expected) << lower;
    ++compared;
    divided += expected.find('1') != std::string::npos;
    compound += lower.find_first_of("-'") != std::string::npos && expected.find('1') != std::string::npos;
  }
  EXPECT_GT(compared, 20000u);
  EXPECT_GT(divided, compared / 2);  // patterns fire: not "no hyphen" on both sides
  EXPECT_GT(compound, 100u);         // and the compound segments are divided too
}

TEST_F(HyphenTables, SamePointsAsLibhyphenForEveryMinimum) {
  // Through Hyphenator: the compiled-in dictionary against load_file of the
  // .dic, with every left and right minimum from 1 to 5.
  auto builtin = Hyphenator::builtin_en_us();
  auto parsed = Hyphenator::load_file(kDic);
  ASSERT_NE(parsed, nullptr) << "hyphen-en-us is a build dependency (scripts/setup.sh)";
  // Every word at the usual minima (2, 3) and at one of the 25 pairs, in
  // turn: every pair is met thousands of times, at a tenth of the time
  // all 25 for every word took (the sanitizer suite runs it too).
  std::size_t divided = 0, index = 0;
  for (const std::string& word : *words_) {
    const int pair = static_cast<int>(index++ % 25);
    for (const auto& [left, right] : {std::pair{2, 3}, std::pair{1 + pair / 5, 1 + pair % 5}}) {
      const auto points = builtin->points(word, left, right);
      ASSERT_EQ(points, parsed->points(word, left, right)) << word << " " << left << " " << right;
      divided += !points.empty();
    }
  }
  EXPECT_GT(divided, words_->size() * 2 / 3);
}

// Hyphenator::points' rules written out plainly, on ICU's character
// properties and libhyphen, for an ASCII word: punctuation around the word
// is not part of it; anything but letters inside, or a capital after the
// first letter, gives no points; the minima count letters.
std::vector<std::size_t> reference_points(HyphenDict* dict, const std::string& word, int left, int right) {
  std::vector<std::size_t> at;  // letters' offsets
  for (std::size_t i = 0; i < word.size(); ++i)
    if (u_isalpha(static_cast<unsigned char>(word[i]))) at.push_back(i);
  if (at.empty()) return {};
  const std::size_t first = at.front(), last = at.back() + 1;
  if (last - first > Hyphenator::kMaxWordLength) return {};
  std::string core;
  for (std::size_t i = first; i < last; ++i) {
    const auto c = static_cast<unsigned char>(word[i]);
    if (!u_isalpha(c) || (i > first && u_isupper(c))) return {};
    core += static_cast<char>(u_tolower(c));
  }
  left = std::max(left, 1);
  right = std::max(right, 1);
  const int n = static_cast<int>(core.size());
  if (n < left + right) return {};
  std::vector<char> hyphens(core.size() + 5, '0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  const bool failed = hnj_hyphen_hyphenate2(dict, core.c_str(), n, hyphens.data(), nullptr, &rep, &pos, &cut) != 0;
  std::vector<std::size_t> points;
  for (int i = left - 1; !failed && i + right < n; ++i)
    if (hyphens[static_cast<std::size_t>(i)] & 1) points.push_back(first + static_cast<std::size_t>(i) + 1);
  std::free(rep);
  std::free(pos);
  std::free(cut);
  return points;
}

TEST_F(HyphenTables, AnAsciiWordsPointsFollowTheRulesAroundTheLetters) {
  // Hyphenator reads ASCII words without ICU: the same points as the rules
  // say, with the word as typed — capitalised, quoted, followed by
  // punctuation, with a digit or an apostrophe inside, in capitals.
  ASSERT_NE(dict_, nullptr) << "hyphen-en-us is a build dependency (scripts/setup.sh)";
  auto builtin = Hyphenator::builtin_en_us();
  std::size_t divided = 0, checked = 0;
  for (const std::string& word : *words_) {
    if (!std::all_of(word.begin(), word.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) continue;
    std::string capital = word;
    if (!capital.empty()) capital[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(capital[0])));
    std::string upper = word;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (const std::string& typed : {word, capital, "\"" + word + "\",", "(" + capital + ").", upper, word + "s2",
                                     word.substr(0, word.size() / 2) + "'" + word.substr(word.size() / 2), "--" + word}) {
      // The minima in turn, one pair per typed word.
      const int left = 1 + static_cast<int>(checked % 3), right = 2 + static_cast<int>(checked / 3 % 2);
      const auto points = builtin->points(typed, left, right);
      ASSERT_EQ(points, reference_points(dict_, typed, left, right)) << typed << " " << left << " " << right;
      divided += !points.empty();
      ++checked;
    }
  }
  EXPECT_GT(checked, 100000u);
  EXPECT_GT(divided, checked / 5);
}

TEST_F(HyphenTables, TheComparisonSeesADifferentDictionary) {
  // The check above can fail: libhyphen on the same patterns less the
  // ones that break "-tion", or with wider minima, disagrees with the tables.
  namespace fs = std::filesystem;
  std::ifstream in(kDic);
  ASSERT_TRUE(in);
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
  std::size_t differ = 0;
  for (const std::string& word : *words_) {
    const std::string lower = lower_ascii(word);
    if (lower.empty() || lower.size() > kMaxPackedHyphenWord) continue;
    differ += packed_parity(lower) != libhyphen_parity(other.get(), lower);
  }
  EXPECT_GT(differ, 100u);
}

TEST(HyphenTablesLimits, RefusesWordsOverTheLimit) {
  std::string word(kMaxPackedHyphenWord + 1, 'a');
  std::vector<char> hyphens(word.size() + 5, '0');
  EXPECT_FALSE(hyphenate_packed(kHyphenEnUs, word, hyphens.data()));
  word.pop_back();
  EXPECT_TRUE(hyphenate_packed(kHyphenEnUs, word, hyphens.data()));
}

TEST(HyphenTablesLimits, FailsAsLibhyphenOnAContinuationByteFirst) {
  const std::string word = "\x80" "abcdef";
  std::vector<char> hyphens(word.size() + 5, '0');
  EXPECT_FALSE(hyphenate_packed(kHyphenEnUs, word, hyphens.data()));
}

}  // namespace
}  // namespace cvpdf::text
