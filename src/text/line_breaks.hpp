// Line-break opportunities (UAX #14 via ICU's line BreakIterator), and the
// segmentation of text into the pieces the composer turns into boxes, glue
// and penalties.
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
  std::size_t space_end = 0;  // end of the trailing spaces (== end when there are none)
};

// Splits text into segments at ICU line-break opportunities. `language` is
// BCP 47 ("en", "zh-Hans") and selects ICU's locale tailoring.
std::vector<Segment> segment_text(std::string_view text, const std::string& language);

// True for characters of the Han, Hiragana, Katakana, Hangul scripts and CJK
// punctuation/full-width forms (where the composer uses CJK faces and rules).
bool is_cjk(char32_t cp);

}  // namespace cvpdf::text
