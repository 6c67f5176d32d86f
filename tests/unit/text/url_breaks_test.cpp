// URL break opportunities: which tokens are URLs, where they may break, and
// how ICU's segments are re-cut (text/url_breaks.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "text/url_breaks.hpp"

namespace cvpdf::text {
namespace {

// The text with '|' at every break offset.
std::string marked(const std::string& text) {
  std::string out;
  auto offsets = url_break_offsets(text);
  std::size_t next = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (next < offsets.size() && offsets[next] == i) {
      out += '|';
      ++next;
    }
    out += text[i];
  }
  return out;
}

// The segments as "text" pieces, with the kind of break after each.
std::vector<std::string> pieces(const std::string& text, const std::vector<Segment>& segments) {
  std::vector<std::string> out;
  for (const auto& s : segments) {
    std::string piece = text.substr(s.begin, s.end - s.begin);
    if (s.after == BreakAfter::Space) piece += " _";
    if (s.after == BreakAfter::Allowed) piece += " |";
    out.push_back(piece);
  }
  return out;
}

TEST(UrlBreaks, AfterSlashAndDotPastTheSchemeNeverAfterAHyphen) {
  EXPECT_EQ(marked("see https://wiki.example.org/storage/replication-lag now"),
            "see https://wiki.|example.|org/|storage/|replication-lag now");
  // The scheme's "//" and runs like "/." break only after their last character.
  EXPECT_EQ(marked("http://a.b//c/.d"), "http://a.|b//|c/.|d");
}

TEST(UrlBreaks, AfterTheDelimitersOfAQueryAndFragment) {
  EXPECT_EQ(marked("https://a.example/d?token=x&e=1#top_2~u"), "https://a.|example/|d?|token=|x&|e=|1#|top_2~u");
  // A run breaks after its last character; a trailing '?' is punctuation.
  EXPECT_EQ(marked("https://a.example/~ada/?q=1"), "https://a.|example/|~ada/?|q=|1");
  EXPECT_EQ(marked("Is it https://a.example/x?"), "Is it https://a.|example/|x?");
}

TEST(UrlBreaks, NothingAtTheEndOrInTrailingPunctuation) {
  EXPECT_EQ(marked("(https://example.org/a/)."), "(https://example.|org/|a/).");
  EXPECT_EQ(marked("https://example.org."), "https://example.|org.");
}

TEST(UrlBreaks, BareHostsWithAPathAndWww) {
  EXPECT_EQ(marked("github.com/ada/tidetrace"), "github.|com/|ada/|tidetrace");
  EXPECT_EQ(marked("www.example.org"), "www.example.|org");  // "www." stays with the name
}

TEST(UrlBreaks, OrdinaryWordsAreNotUrls) {
  for (const char* text : {"Qwen3.5-35B", "e.g. fine-grained", "ada@example.com", "example.org", "v4.2.0-stable",
                           "torch_npu", "and/or", "CPU/GPU/NPU", "1.5/2.0"}) {
    EXPECT_TRUE(url_break_offsets(text).empty()) << text;
  }
}

TEST(UrlBreaks, FindsEachUrlOfAParagraph) {
  const std::string text = "Code at https://a.example/x and <www.b.example/y>, data at c.example.org/z.";
  auto urls = find_urls(text);
  ASSERT_EQ(urls.size(), 3u);
  EXPECT_EQ(text.substr(urls[0].begin, urls[0].end - urls[0].begin), "https://a.example/x");
  EXPECT_EQ(text.substr(urls[0].host_begin, urls[0].end - urls[0].host_begin), "a.example/x");
  EXPECT_EQ(text.substr(urls[1].begin, urls[1].end - urls[1].begin), "www.b.example/y");
  EXPECT_EQ(text.substr(urls[2].begin, urls[2].end - urls[2].begin), "c.example.org/z");
}

TEST(UrlBreaks, SegmentsAreSplitAndStillTileTheText) {
  const std::string text = "Runbook: https://wiki.example.org/storage/replication-lag-and-what-to-do.html today";
  auto segments = add_url_breaks(text, segment_text(text, "en"));
  ASSERT_FALSE(segments.empty());
  EXPECT_EQ(segments.front().begin, 0u);
  for (std::size_t i = 0; i + 1 < segments.size(); ++i) EXPECT_EQ(segments[i].space_end, segments[i + 1].begin);
  EXPECT_EQ(segments.back().space_end, text.size());
  EXPECT_EQ(pieces(text, segments),
            (std::vector<std::string>{"Runbook: _", "https://wiki. |", "example. |", "org/ |", "storage/ |",
                                      "replication-lag-and-what-to-do. |", "html _", "today"}));
}

TEST(UrlBreaks, IcusBreakAfterAnAddressHyphenIsTakenBack) {
  // ICU breaks after "replication-"; in an address that hyphen is the
  // address's own, and a line ending there reads as a divided word.
  const std::string text = "https://example.org/replication-lag";
  for (const auto& s : add_url_breaks(text, segment_text(text, "en")))
    EXPECT_NE(text[s.end - 1], '-') << text.substr(s.begin, s.end - s.begin);
}

TEST(UrlBreaks, TheSchemeStaysWithTheHost) {
  // ICU allows a break right after "https://"; the hook takes it away.
  const std::string text = "https://example.org/a";
  auto icu = segment_text(text, "en");
  auto segments = add_url_breaks(text, icu);
  for (const auto& s : segments) EXPECT_NE(text.substr(s.begin, s.end - s.begin), "https://");
  EXPECT_EQ(pieces(text, segments), (std::vector<std::string>{"https://example. |", "org/ |", "a"}));
}

TEST(UrlBreaks, TextWithoutUrlsIsUntouched) {
  const std::string text = "Fine-grained CPU affinity and/or 2021-09 dates, e.g. v1.2.";
  auto icu = segment_text(text, "en");
  auto segments = add_url_breaks(text, icu);
  ASSERT_EQ(segments.size(), icu.size());
  for (std::size_t i = 0; i < icu.size(); ++i) {
    EXPECT_EQ(segments[i].begin, icu[i].begin);
    EXPECT_EQ(segments[i].end, icu[i].end);
    EXPECT_EQ(segments[i].after, icu[i].after);
  }
}

}  // namespace
}  // namespace cvpdf::text

namespace cvpdf::text {
namespace {

// Chinese run on after an address with no space is not part of it: the
// address ends there, and the Chinese keeps its own breaks.
TEST(UrlBreaks, AnAddressEndsWhereChineseRunsOnAfterIt) {
  const std::string text = "见 http://example.org/download?token=ab什么都有 了";
  const auto urls = find_urls(text);
  ASSERT_EQ(urls.size(), 1u);
  EXPECT_EQ(text.substr(urls[0].begin, urls[0].end - urls[0].begin), "http://example.org/download?token=ab");
  EXPECT_TRUE(find_urls("什么都有").empty());
}

}  // namespace
}  // namespace cvpdf::text
