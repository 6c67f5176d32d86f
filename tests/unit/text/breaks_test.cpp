// The break list (text/breaks.hpp): which source adds which opportunity,
// its kind, penalty and what it wants at the join; that the word-level
// ones tile the text; kinsoku and keep-all as infinite penalties; the last
// resort's grapheme cuts.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "text/breaks.hpp"
#include "text/hyphenator.hpp"

namespace cvpdf::text {
namespace {

// The text with a mark at each opportunity: '_' Space, '|' Allowed, '/'
// Url, '¶' Mandatory, '-' Hyphen; '#' before any with an infinite penalty.
std::string marked(const std::string& text, const BreakList& list) {
  std::string out;
  std::size_t from = 0;
  for (const auto& o : list.at) {
    out += text.substr(from, o.offset - from);
    if (!o.breakable()) out += '#';
    switch (o.kind) {
      case BreakKind::Space: out += '_'; break;
      case BreakKind::Allowed: out += '|'; break;
      case BreakKind::Url: out += '/'; break;
      case BreakKind::Mandatory: out += "¶"; break;
      case BreakKind::Hyphen: out += '-'; break;
      case BreakKind::Emergency: out += '!'; break;
    }
    from = o.next;
  }
  return out + text.substr(from, list.end > from ? list.end - from : 0);
}

BreakList breaks(const std::string& text, const Hyphenator* hyphenator = nullptr, const std::string& language = "en") {
  BreakOptions options;
  options.language = language;
  options.hyphenator = hyphenator;
  return break_opportunities(text, options);
}

TEST(BreakList, IcuSpacesAndMandatoryBreaksTileTheText) {
  const std::string text = "Rust and/or C++\nnext  line  ";
  const BreakList list = breaks(text);
  EXPECT_EQ(marked(text, list), "Rust_and/|or_C+|+¶next_line");
  // The word-level opportunities tile it: each piece begins where the last
  // one's spaces end, and the final piece ends before the trailing spaces.
  std::size_t begin = 0;
  for (const auto& o : list.at) {
    EXPECT_LE(begin, o.offset);
    EXPECT_LE(o.offset, o.next);
    begin = o.next;
  }
  EXPECT_EQ(list.end, text.size() - 2);
  EXPECT_FALSE(list.cjk);
}

TEST(BreakList, EachKindHasItsPenaltyAndWhatItWantsAtTheJoin) {
  auto english = Hyphenator::load_default("en");
  ASSERT_NE(english, nullptr);
  const std::string text = "optimization and/or https://example.org/a\nend";
  const BreakList list = breaks(text, english.get());
  EXPECT_EQ(marked(text, list), "op-ti-miza-tion_and/|or_https://example./org//a¶end");
  for (const auto& o : list.at) {
    switch (o.kind) {
      case BreakKind::Hyphen:
        EXPECT_EQ(o.penalty, kHyphenPenalty);
        EXPECT_EQ(o.pre_break, "-");
        EXPECT_EQ(o.want(), JoinWant::Discretionary);
        EXPECT_EQ(o.offset, o.next);
        break;
      case BreakKind::Space:
        EXPECT_EQ(o.penalty, 0);
        EXPECT_EQ(o.join, JoinKind::Space);
        EXPECT_EQ(o.want(), JoinWant::Glue);
        EXPECT_EQ(o.next, o.offset + 1);
        break;
      case BreakKind::Allowed:
      case BreakKind::Url:
        // After a slash or dot: TeX's \exhyphenpenalty, no hyphen added.
        EXPECT_EQ(o.penalty, kExplicitBreakPenalty);
        EXPECT_EQ(o.join, JoinKind::Explicit);
        EXPECT_TRUE(o.pre_break.empty());
        break;
      case BreakKind::Mandatory:
        EXPECT_EQ(o.penalty, kForcedBreakPenalty);
        break;
      case BreakKind::Emergency:
        ADD_FAILURE() << "the ordinary list has no emergency opportunities";
        break;
    }
  }
}

TEST(BreakList, OnlyPlainWordsAreHyphenated) {
  auto english = Hyphenator::load_default("en");
  ASSERT_NE(english, nullptr);
  // A URL, an identifier, a version, a compound with an explicit hyphen and
  // a word too short: none takes a hyphen.
  for (const std::string text : {"github.com/representation", "representation_learning", "representation2",
                                 "representation-learning", "cat"}) {
    for (const auto& o : breaks(text, english.get()).at) EXPECT_NE(o.kind, BreakKind::Hyphen) << text;
  }
  // Without a dictionary there are no hyphens at all.
  for (const auto& o : breaks("representation").at) EXPECT_NE(o.kind, BreakKind::Hyphen);
}

// The cache gives the list break_opportunities gives, and keeps lists of
// one text apart when their options differ (with and without hyphens).
TEST(BreakList, BreakCacheGivesTheSameListPerTextAndOptions) {
  const Hyphenator* english = Hyphenator::shared("en");
  ASSERT_NE(english, nullptr);
  BreakCache cache;
  BreakOptions plain;
  plain.language = "en";
  BreakOptions hyphenated = plain;
  hyphenated.hyphenator = english;
  const std::string text = "representation learning, 中文";
  auto kinds = [](const BreakList& list) {
    std::vector<std::pair<std::size_t, BreakKind>> out;
    for (const auto& o : list.at) out.emplace_back(o.offset, o.kind);
    return out;
  };
  EXPECT_EQ(kinds(cache.breaks(text, hyphenated)), kinds(break_opportunities(text, hyphenated)));
  EXPECT_EQ(kinds(cache.breaks(text, plain)), kinds(break_opportunities(text, plain)));
  EXPECT_NE(kinds(cache.breaks(text, plain)), kinds(cache.breaks(text, hyphenated)));
  EXPECT_EQ(cache.breaks(text, plain).cjk, true);
  // Asked again: the very list kept.
  EXPECT_EQ(&cache.breaks(text, plain), &cache.breaks(text, plain));
}

TEST(BreakList, KinsokuAndKeepAllAreJoinsWithoutABreak) {
  // A line never begins with "，" nor ends with "（"; the join stays in the
  // list (its glue is set) with an infinite penalty.
  const std::string zh = "中文，（注）";
  const BreakList list = breaks(zh, nullptr, "zh-Hans");
  EXPECT_TRUE(list.cjk);
  for (const auto& o : list.at) {
    const std::string after = zh.substr(o.next, 3);
    if (after == "，" || zh.substr(o.offset - 3, 3) == "（") {
      EXPECT_FALSE(o.breakable()) << o.offset;
    }
  }
  // Korean breaks between words only.
  const std::string ko = "트래픽 관리";
  for (const auto& o : breaks(ko, nullptr, "ko").at)
    EXPECT_TRUE(o.kind == BreakKind::Space || !o.breakable()) << marked(ko, breaks(ko, nullptr, "ko"));
  EXPECT_EQ(classify_join(U'트', U'래', false), JoinKind::None);
  EXPECT_EQ(classify_join(U'中', U'P', false), JoinKind::Quarter);
  EXPECT_EQ(classify_join(U'中', U'P', true), JoinKind::QuarterSpace);
  EXPECT_EQ(classify_join(U'中', U'文', false), JoinKind::Ideographic);
}

TEST(BreakList, UrlBreaksAreTheirOwnKind) {
  const std::string text = "see https://example.org/download?token=abc&x=1 now";
  int urls = 0;
  for (const auto& o : breaks(text).at) {
    if (o.kind != BreakKind::Url) continue;
    ++urls;
    EXPECT_GT(o.offset, text.find("https://") + 8) << "never between the scheme and the host";
    EXPECT_LT(o.offset, text.find(" now"));
  }
  EXPECT_GE(urls, 5);  // after '.', '/', '?', '=', '&'
}

TEST(BreakList, EmergencyBreaksFallBetweenGraphemesWhereKinsokuAllows) {
  const std::string text = "ab\u0301c中，d";  // b + combining acute is one cluster
  const auto cuts = emergency_breaks(text, 0, text.size());
  std::vector<std::size_t> offsets;
  for (const auto& o : cuts) {
    EXPECT_EQ(o.kind, BreakKind::Emergency);
    EXPECT_EQ(o.penalty, kEmergencyPenalty);
    EXPECT_TRUE(o.pre_break.empty());
    EXPECT_EQ(o.want(), JoinWant::Discretionary);
    offsets.push_back(o.offset);
  }
  // a|b́|c|中，|d: not inside b́, not before "，".
  EXPECT_EQ(offsets, (std::vector<std::size_t>{1, 4, 5, 11}));
}

}  // namespace
}  // namespace cvpdf::text
