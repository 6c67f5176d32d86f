// Line-break opportunities (UAX #14 via ICU's line BreakIterator), the
// segmentation of text into the pieces the composer turns into boxes, glue
// and penalties, and grapheme cluster boundaries (UAX #29 via ICU's
// character BreakIterator): where a last-resort break may cut a word.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cvpdf::text {

enum class BreakAfter {
  None,       // the end of the text: nothing follows
  Space,      // one or more spaces follow (they become glue)
  Allowed,    // a break is allowed with no space: after a hyphen or slash, between Han characters
  Mandatory,  // a hard line break (\n)
};

// A piece of text between two break opportunities, without its trailing spaces.
struct Segment {
  std::size_t begin = 0;  // byte offsets into the text
  std::size_t end = 0;
  BreakAfter after = BreakAfter::None;
  std::size_t space_end = 0;  // end of the trailing spaces and line terminator (== end when none)
};

// Splits text into segments at ICU line-break opportunities. `language` is
// BCP 47 ("en", "zh-Hans") and selects ICU's locale tailoring.
//
// The segments tile the text: segments[0].begin == 0, each space_end is the
// next segment's begin, and the last space_end is text.size(). Only ASCII
// space and tab count as spaces; [end, space_end) holds them, and for a
// Mandatory break also the line terminator (\n, \r\n, U+2028, ...). Text
// starting with spaces gives a first segment with begin == end; trailing
// spaces at the very end give after == None with space_end > end.
//
// A segment may contain spaces where UAX #14 forbids a break after them:
// "PyTorch / torch" gives "PyTorch /" (no break before a solidus), then
// "torch"; such interior spaces are not break points. ICU keeps opening
// punctuation with what follows and closing punctuation (，。、）」) with
// what precedes, so no segment starts with "，". A break is Allowed between
// Han characters, after '/' and after '-' (not before a digit: "2021-09"
// stays whole). U+00A0 never breaks; U+3000 is not a space here (it stays
// inside its segment).
std::vector<Segment> segment_text(std::string_view text, const std::string& language);

// The grapheme cluster boundaries (UAX #29 extended grapheme clusters)
// strictly inside text[begin, end), ascending: byte offsets between two
// user-perceived characters, so never inside a combining sequence, an emoji
// ZWJ sequence, a Hangul syllable's jamo, a regional-indicator flag or
// "\r\n". `begin` must lie on a code point (a cluster's start, for the
// result to be the text's own boundaries). Linear in end - begin.
std::vector<std::size_t> grapheme_boundaries(std::string_view text, std::size_t begin, std::size_t end);

// True for characters of the Han, Hiragana, Katakana, Hangul scripts and CJK
// punctuation/full-width forms (where the composer uses CJK faces and rules).
bool is_cjk(char32_t cp);

}  // namespace cvpdf::text
