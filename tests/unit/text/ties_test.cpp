// The ties (text/ties.hpp): separators bound to what precedes them, and
// explicit hyphens that no line may end at; and the break list with them.
#include <gtest/gtest.h>

#include <string>

#include "text/breaks.hpp"
#include "text/ties.hpp"

namespace cvpdf::text {
namespace {

// Whether the break list lets a line end right after `before` in `text`.
bool breaks_after(const std::string& text, const std::string& before) {
  const std::size_t at = text.find(before) + before.size();
  for (const auto& o : break_opportunities(text, BreakOptions{"en"}).at)
    if (o.offset == at) return o.breakable();
  return false;
}

TEST(Ties, ALoneSeparatorStaysWithWhatPrecedesIt) {
  for (const char* text : {"GitHub · Live Site", "C++ | Rust", "2021 – 2023", "Ada — the engineer"}) {
    const std::string s = text;
    const std::string first = s.substr(0, s.find(' '));
    EXPECT_FALSE(breaks_after(s, first)) << text;  // no line begins with the separator
    const std::size_t second_space = s.find(' ', s.find(' ') + 1);
    EXPECT_TRUE(breaks_after(s, s.substr(0, second_space))) << text;  // it may end one
  }
  EXPECT_TRUE(separator_follows("a · b", 2));
  EXPECT_FALSE(separator_follows("a ·b", 2));  // not alone: part of a word
}

TEST(Ties, NoBreakInsideAProductName) {
  for (const char* token : {"DeepSeek-R1", "GPT-4o", "x86-64", "Qwen3-Coder", "Llama-3"})
    EXPECT_TRUE(hyphen_tied(token, std::string(token).find('-') + 1)) << token;
  EXPECT_FALSE(breaks_after("we trained DeepSeek-R1 today", "DeepSeek-"));
}

TEST(Ties, NoBreakLeavingFewerThanThreeCharacters) {
  EXPECT_TRUE(hyphen_tied("e-mail", 2));
  EXPECT_TRUE(hyphen_tied("(re-run).", 4));
  EXPECT_TRUE(hyphen_tied("over-it.", 5));
  EXPECT_FALSE(hyphen_tied("fine-grained", 5));
  EXPECT_FALSE(hyphen_tied("state-of-the-art", 9));  // "state-of" before, "the-art" after
  EXPECT_TRUE(breaks_after("use fine-grained locks", "fine-"));
  EXPECT_FALSE(hyphen_tied("fine", 2));  // no hyphen there
}

}  // namespace
}  // namespace cvpdf::text
