// Bold keywords (compose/inline_markup.hpp, compose/keyword_matcher.hpp):
// the automaton finds what looking for each keyword in turn finds — the
// same keywords bold at the same bytes, over random lists and texts — and
// its work is the text's length, not the text's length times the keywords.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "compose/inline_markup.hpp"
#include "core/utf8.hpp"
#include "text/line_breaks.hpp"
#include "work_count.hpp"

namespace cvpdf::compose::markup {
namespace {

using Runs = std::vector<Run>;

// The reference: each keyword in turn, longest first, its occurrences left
// to right, each taking its bytes when they are free and it is a whole word.
bool ref_word_character(char32_t cp) {
  if (cp < 0x80) return std::isalnum(static_cast<int>(cp)) || cp == '_';
  if (text::is_cjk(cp)) return false;
  if (cp == 0xD7 || cp == 0xF7) return false;
  return (cp >= 0xC0 && cp <= 0x24F) || (cp >= 0x370 && cp <= 0x52F) || (cp >= 0x1E00 && cp <= 0x1FFF);
}

char32_t ref_previous(const std::string& s, std::size_t at) {
  if (at == 0) return 0;
  std::size_t start = at - 1;
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  return utf8::decode(s, start);
}

bool ref_has_cjk(const std::string& s) {
  for (std::size_t pos = 0; pos < s.size();)
    if (text::is_cjk(utf8::decode(s, pos))) return true;
  return false;
}

Runs reference(const Runs& runs, const std::vector<std::string>& keywords) {
  if (keywords.empty()) return runs;
  std::vector<std::string> sorted;
  for (const auto& k : keywords)
    if (!k.empty()) sorted.push_back(k);
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  Runs out;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const Run& run = runs[r];
    if (run.code || run.bold) {
      out.push_back(run);
      continue;
    }
    const std::string& s = run.text;
    // Nothing is looked at before a run; after it, the next run's first character.
    char32_t after_run = 0;
    if (r + 1 < runs.size() && !runs[r + 1].text.empty()) {
      std::size_t p = 0;
      after_run = utf8::decode(runs[r + 1].text, p);
    }
    std::vector<bool> marked(s.size(), false);
    for (const auto& k : sorted) {
      for (std::size_t at = 0; at + k.size() <= s.size(); ++at) {
        if (s.compare(at, k.size(), k) != 0) continue;
        bool free = true;
        for (std::size_t i = at; i < at + k.size(); ++i) free = free && !marked[i];
        if (!free) continue;
        if (!ref_has_cjk(k)) {
          std::size_t p = at + k.size();
          const char32_t after = p >= s.size() ? after_run : utf8::decode(s, p);
          if (ref_word_character(ref_previous(s, at)) || ref_word_character(after)) continue;
        }
        for (std::size_t i = at; i < at + k.size(); ++i) marked[i] = true;
      }
    }
    for (std::size_t i = 0; i < s.size();) {
      std::size_t j = i;
      while (j < s.size() && marked[j] == marked[i]) ++j;
      Run piece = run;
      piece.text = s.substr(i, j - i);
      piece.offset = run.offset + i;
      piece.bold = marked[i];
      out.push_back(std::move(piece));
      i = j;
    }
  }
  return out;
}

std::string describe(const Runs& runs) {
  std::string out;
  for (const Run& r : runs)
    out += "[" + r.text + "|" + (r.bold ? "b" : "") + (r.italic ? "i" : "") + (r.code ? "c" : "") + "|" + r.link +
           "|" + std::to_string(r.offset) + "]";
  return out;
}

// Pieces of words: ASCII, accented Latin, Cyrillic, CJK, kana; keywords are
// made of them, often prefixes, suffixes or extensions of one another.
const std::vector<std::string> kPieces = {"a", "b", "ab", "A", "CU", "DA", "1", "_", "é", "ü", "Ж", "中", "昇", "腾",
                                          "の", "x"};
// What goes between them in a text: spaces, punctuation, markup.
const std::vector<std::string> kSeparators = {" ", " ", "-", "(", ")", ", ", "**", "*", "`", "\u00D7", "、", "",
                                              "[", "](x.example)", "<b>", "</b>", "\\*"};

std::string random_keyword(std::mt19937& rng, const std::vector<std::string>& so_far) {
  std::uniform_int_distribution<std::size_t> piece(0, kPieces.size() - 1);
  std::uniform_int_distribution<int> count(1, 4), choice(0, 9);
  const int how = choice(rng);
  if (!so_far.empty() && how < 4) {
    // Another keyword extended or cut: prefixes and suffixes of each other.
    std::string k = so_far[std::uniform_int_distribution<std::size_t>(0, so_far.size() - 1)(rng)];
    if (how == 0) return k + kPieces[piece(rng)];
    if (how == 1) return kPieces[piece(rng)] + k;
    if (how == 2) return k + " " + kPieces[piece(rng)];  // "CUDA Graph" over "CUDA"
    return k;                                             // given twice
  }
  if (how == 4 && choice(rng) == 0) return "";
  std::string k;
  for (int i = count(rng); i > 0; --i) k += kPieces[piece(rng)];
  return k;
}

std::string random_text(std::mt19937& rng, const std::vector<std::string>& keywords) {
  std::uniform_int_distribution<std::size_t> piece(0, kPieces.size() - 1), sep(0, kSeparators.size() - 1);
  std::uniform_int_distribution<int> length(0, 30), choice(0, 2);
  std::string t;
  for (int i = length(rng); i > 0; --i) {
    if (!keywords.empty() && choice(rng) == 0)
      t += keywords[std::uniform_int_distribution<std::size_t>(0, keywords.size() - 1)(rng)];
    else
      t += kPieces[piece(rng)];
    if (choice(rng) != 0) t += kSeparators[sep(rng)];
  }
  return t;
}

TEST(BoldKeywords, FindWhatLookingForEachKeywordFinds) {
  int bold_pieces = 0;
  for (unsigned seed = 1; seed <= 400; ++seed) {
    std::mt19937 rng(seed);
    // Up to 40 keywords: more than 16, where std::sort leaves keywords of
    // one length in an order of its own, and the automaton keeps it.
    std::vector<std::string> keywords;
    for (int n = std::uniform_int_distribution<int>(0, 40)(rng); n > 0; --n)
      keywords.push_back(random_keyword(rng, keywords));
    for (int t = 0; t < 10; ++t) {
      const std::string text = random_text(rng, keywords);
      SCOPED_TRACE("seed " + std::to_string(seed) + ", text: " + text);
      const Runs parsed = parse(text).runs;
      Runs runs = parsed;
      apply_bold_keywords(runs, keywords);
      const Runs expected = reference(parsed, keywords);
      ASSERT_EQ(describe(runs), describe(expected));
      for (std::size_t i = 0; i < runs.size(); ++i)
        if (runs[i].bold) ++bold_pieces;
      // The prepared list gives the same, as MarkupMemo uses it.
      Runs prepared = parsed;
      apply_bold_keywords(prepared, BoldKeywords(keywords));
      ASSERT_EQ(describe(prepared), describe(expected));
    }
  }
  // The texts did put keywords in bold, many times over.
  EXPECT_GT(bold_pieces, 1000);
}

TEST(BoldKeywords, OverlapsNestsAndEdges) {
  auto bolded = [](const std::string& text, const std::vector<std::string>& keywords) {
    Runs runs = parse(text).runs;
    apply_bold_keywords(runs, keywords);
    std::string out;
    for (const auto& r : runs) out += r.bold ? "<" + r.text + ">" : r.text;
    return out;
  };
  // The longer keyword first, even where it starts later.
  EXPECT_EQ(bolded("a b c", {"a b", "b c d", "b c"}), "<a b> c");
  EXPECT_EQ(bolded("x a b c", {"a b", "b c"}), "x <a b> c");
  // A longer keyword that is not a whole word leaves the shorter one free.
  EXPECT_EQ(bolded("CUDA Graphs", {"CUDA", "CUDA Graph"}), "<CUDA> Graphs");
  // CJK keywords anywhere, nested ones too; accented letters are letters.
  EXPECT_EQ(bolded("基于昇腾平台", {"昇", "昇腾平"}), "基于<昇腾平>台");
  EXPECT_EQ(bolded("café CUDAé éCUDA CUDA", {"CUDA", "caf"}), "café CUDAé éCUDA <CUDA>");
  // A word going on in the next run is not whole; code and bold are left alone.
  EXPECT_EQ(bolded("CUDA*x* `CUDA` **CUDA**", {"CUDA"}), "CUDAx CUDA <CUDA>");
}

// The work of one text against a list made ready before, counted: it
// follows the text's length, and barely the number of keywords.
std::vector<std::string> keyword_list(std::size_t n) {
  std::vector<std::string> list;
  for (std::size_t i = 0; i < n; ++i) {
    std::string k = "Kw";
    for (std::size_t v = i; ; v /= 26) {
      k += static_cast<char>('a' + v % 26);
      if (v < 26) break;
    }
    list.push_back(k);
  }
  return list;
}

// Words, one in five among the first 500 keywords (so in every list used).
std::string keyword_text(std::size_t bytes) {
  const std::vector<std::string> some = keyword_list(500);
  std::string t;
  for (std::size_t i = 0; t.size() < bytes; ++i) t += (i % 5 == 0 ? some[(i * 7) % some.size()] : "word") + " ";
  return t;
}

std::uint64_t keyword_work(const std::string& text, const std::vector<std::string>& keywords) {
  Runs warm = parse("Kwa").runs;
  apply_bold_keywords(warm, keywords);  // the list made ready once, not counted
  const Runs parsed = parse(text).runs;
  Runs runs = parsed;
  return cvpdf::testing::instructions([&] { apply_bold_keywords(runs, keywords); });
}

TEST(BoldKeywordsWork, LinearInTheTextNotInKeywordsTimesText) {
  CVPDF_COUNT_WORK();
  const std::string once = keyword_text(20000), twice = keyword_text(40000);
  const std::vector<std::string> two_thousand = keyword_list(2000);
  const std::uint64_t w1 = keyword_work(once, two_thousand), w2 = keyword_work(twice, two_thousand);
  std::printf("work: 2000 keywords over %zu bytes: %llu instructions, over %zu: %llu\n", once.size(),
              static_cast<unsigned long long>(w1), twice.size(), static_cast<unsigned long long>(w2));
  EXPECT_LT(static_cast<double>(w2) / static_cast<double>(w1), 2.5);
  // Four times the keywords over the same text: a step of the automaton
  // does not look at every keyword, only at the few children of a node, so
  // the work may grow a little with the trie's fan-out and nowhere near
  // fourfold (looking for each keyword in turn made it 4×).
  const std::uint64_t k1 = keyword_work(once, keyword_list(1000)), k4 = keyword_work(once, keyword_list(4000));
  std::printf("work: %zu bytes with 1000 keywords: %llu instructions, with 4000: %llu\n", once.size(),
              static_cast<unsigned long long>(k1), static_cast<unsigned long long>(k4));
  EXPECT_LT(static_cast<double>(k4) / static_cast<double>(k1), 1.5);
}

}  // namespace
}  // namespace cvpdf::compose::markup
