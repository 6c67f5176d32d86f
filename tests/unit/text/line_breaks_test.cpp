// segment_text: UAX #14 opportunities from ICU turned into segments, for
// English with slashes and hyphens and for Chinese with its punctuation.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "text/line_breaks.hpp"

namespace cvpdf::text {
namespace {

struct Piece {
  std::string text;
  BreakAfter after;
  bool operator==(const Piece&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Piece& piece) {
  static const char* names[] = {"None", "Space", "Allowed", "Mandatory"};
  return out << '"' << piece.text << "\"/" << names[static_cast<int>(piece.after)];
}

std::vector<Piece> pieces(std::string_view text, const std::string& language) {
  std::vector<Piece> out;
  auto segments = segment_text(text, language);
  // The segments tile the text.
  std::size_t expected_begin = 0;
  for (const auto& s : segments) {
    EXPECT_EQ(s.begin, expected_begin);
    EXPECT_LE(s.begin, s.end);
    EXPECT_LE(s.end, s.space_end);
    expected_begin = s.space_end;
    out.push_back({std::string(text.substr(s.begin, s.end - s.begin)), s.after});
  }
  EXPECT_EQ(expected_begin, text.size());
  return out;
}

TEST(SegmentText, EnglishWithSlashes) {
  auto got = pieces("Optimized PyTorch / torch_npu training, CPU/GPU/NPU.", "en");
  std::vector<Piece> want = {
      {"Optimized", BreakAfter::Space},
      {"PyTorch /", BreakAfter::Space},  // no break before the solidus
      {"torch_npu", BreakAfter::Space},
      {"training,", BreakAfter::Space},
      {"CPU/", BreakAfter::Allowed},
      {"GPU/", BreakAfter::Allowed},
      {"NPU.", BreakAfter::None},
  };
  EXPECT_EQ(got, want);
}

TEST(SegmentText, ChineseBreaksBetweenCharactersButNotBeforeClosingPunctuation) {
  std::string text = "优化了训练性能，提升。";
  auto got = pieces(text, "zh-Hans");
  std::vector<Piece> want = {
      {"优", BreakAfter::Allowed}, {"化", BreakAfter::Allowed}, {"了", BreakAfter::Allowed},
      {"训", BreakAfter::Allowed}, {"练", BreakAfter::Allowed}, {"性", BreakAfter::Allowed},
      {"能，", BreakAfter::Allowed}, {"提", BreakAfter::Allowed}, {"升。", BreakAfter::None},
  };
  EXPECT_EQ(got, want);
  for (const auto& p : got) {
    EXPECT_NE(p.text.rfind("，", 0), 0u) << p.text;
    EXPECT_NE(p.text.rfind("。", 0), 0u) << p.text;
  }
}

TEST(SegmentText, OpeningPunctuationStaysWithWhatFollows) {
  auto got = pieces("使用“模型”（GPU）", "zh-Hans");
  std::vector<Piece> want = {
      {"使", BreakAfter::Allowed},
      {"用", BreakAfter::Allowed},
      {"“模", BreakAfter::Allowed},
      {"型”", BreakAfter::Allowed},
      {"（GPU）", BreakAfter::None},
  };
  EXPECT_EQ(got, want);
}

TEST(SegmentText, HyphensAndDates) {
  auto got = pieces("well-known 2021-09", "en");
  std::vector<Piece> want = {
      {"well-", BreakAfter::Allowed},
      {"known", BreakAfter::Space},
      {"2021-09", BreakAfter::None},
  };
  EXPECT_EQ(got, want);
}

TEST(SegmentText, NoBreakSpaceDoesNotBreak) {
  auto got = pieces("10\u00A0GB of data", "en");
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0], (Piece{"10\u00A0GB", BreakAfter::Space}));
}

TEST(SegmentText, SpacesAndNewlines) {
  std::string text = "one  two\nthree \r\nfour ";
  auto segments = segment_text(text, "en");
  ASSERT_EQ(segments.size(), 4u);
  EXPECT_EQ(segments[0].end, 3u);
  EXPECT_EQ(segments[0].space_end, 5u);
  EXPECT_EQ(segments[0].after, BreakAfter::Space);
  EXPECT_EQ(text.substr(segments[1].begin, segments[1].end - segments[1].begin), "two");
  EXPECT_EQ(segments[1].after, BreakAfter::Mandatory);
  EXPECT_EQ(segments[1].space_end, 9u);
  EXPECT_EQ(text.substr(segments[2].begin, segments[2].end - segments[2].begin), "three");
  EXPECT_EQ(segments[2].after, BreakAfter::Mandatory);
  EXPECT_EQ(segments[2].space_end, 17u);
  EXPECT_EQ(text.substr(segments[3].begin, segments[3].end - segments[3].begin), "four");
  EXPECT_EQ(segments[3].after, BreakAfter::None);
  EXPECT_EQ(segments[3].space_end, text.size());
}

TEST(SegmentText, LeadingSpacesAndEmptyText) {
  EXPECT_TRUE(segment_text("", "en").empty());
  auto segments = segment_text("  word", "en");
  ASSERT_EQ(segments.size(), 2u);
  EXPECT_EQ(segments[0].begin, 0u);
  EXPECT_EQ(segments[0].end, 0u);
  EXPECT_EQ(segments[0].space_end, 2u);
  EXPECT_EQ(segments[0].after, BreakAfter::Space);
  EXPECT_EQ(segments[1].begin, 2u);
}

TEST(SegmentText, UnknownOrEmptyLanguageStillSegments) {
  EXPECT_EQ(pieces("a b", "").size(), 2u);
  EXPECT_EQ(pieces("a b", "not a tag!").size(), 2u);
}

TEST(IsCjk, CoversTheScriptsAndTheirPunctuation) {
  for (char32_t cp : {U'中', U'\u3400', U'\U00020000', U'\uF900', U'あ', U'カ', U'한', U'ㄅ', U'，', U'。',
                      U'\u3000', U'「', U'\uFF01', U'\uFE30'})
    EXPECT_TRUE(is_cjk(cp)) << std::hex << static_cast<unsigned>(cp);
  for (char32_t cp : {U'A', U'é', U',', U' ', U'\u00A0', U'\u2014', U'\u201C', U'Ω'})
    EXPECT_FALSE(is_cjk(cp)) << std::hex << static_cast<unsigned>(cp);
}

}  // namespace
}  // namespace cvpdf::text
