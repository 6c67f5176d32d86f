// Bidirectional text (Unicode's UAX #9, by ICU's ubidi): the embedding
// level of every byte of a paragraph's text, resolved in logical order, and
// the visual order of a line's pieces from their levels (rule L2). Lines
// are broken in logical order; only the set stage reorders what one line
// holds (compose/paragraph_bidi.cpp).
#pragma once
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace cvpdf::text {

// Whether a language (BCP 47) is written right to left: Arabic, Hebrew,
// Persian, Urdu and the others set in the Arabic, Hebrew, Syriac or Thaana
// scripts. A résumé in one is set right to left, aligned right.
bool is_rtl_language(std::string_view language);

// Whether `text` (UTF-8) holds a letter that joins its neighbours (Unicode's
// joining types D and R: Arabic, Syriac, N'Ko, Mongolian…). Letter-spacing
// such a word breaks its joins apart, so tracking leaves it alone.
bool joins_cursively(std::string_view text);

// A paragraph's levels: per byte of its UTF-8 text, the embedding level its
// character resolves to (even: left to right, odd: right to left), and per
// byte the level of the paragraph it is in (a text of several lines, each
// a paragraph of UAX #9 after a newline, may have several).
struct BidiLevels {
  std::vector<std::uint8_t> levels;
  std::vector<std::uint8_t> paragraph;
  bool empty() const { return levels.empty(); }
};

// The levels of `text`. `rtl`: its paragraphs are right to left (a
// right-to-left document's); otherwise each takes the direction of its
// first strong character (UAX #9 P2–P3), left to right without one.
// Empty when everything resolves to level 0: text that holds no
// right-to-left character in a left-to-right document, which costs no ICU
// call and sets as it always has.
// `isolates`: byte ranges, ascending and apart, each resolved as a bidi
// isolate (as if between U+2068 and U+2069, which the text does not hold).
BidiLevels resolve_levels(std::string_view text, bool rtl,
                          const std::vector<std::pair<std::size_t, std::size_t>>& isolates = {});

// The visual order (left to right) of pieces of a line with these levels,
// in logical order: visual[i] is the logical index of the i-th piece from
// the left (UAX #9 L2: from the highest level down to the lowest odd one,
// every run at that level or higher reversed).
std::vector<std::size_t> visual_order(const std::vector<std::uint8_t>& levels);

}  // namespace cvpdf::text
