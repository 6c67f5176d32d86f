// Tight symbols: + and × set against the letters and digits they belong to
// ("C++", "130+", "6×", "0.12×"). Some faces give these signs the side
// bearings of an operator between spaced operands (Charis SIL's + and ×
// stand in a full em with a fifth of an em of white either side), which
// sets "C+ +" and "6 ×". This file owns trimming those bearings, at shaping
// time, so every later stage (line breaking, the PDF's positions, the PNG
// preview, the text layer) sees the one set of widths.
#pragma once
#include <string_view>
#include <vector>

#include "text/font_book.hpp"
#include "text/shaper.hpp"

namespace cvpdf::text {

// The side bearing a tight symbol keeps next to a letter, a digit or
// another tight symbol: 0.07 em, about a digit's own in Lato and Open Sans
// (whose + and × it leaves as they are), so the ink gap is the neighbour's
// bearing plus this, well inside a sixth of an em (a thin space).
inline constexpr double kTightSymbolBearingEm = 0.07;

// + (U+002B) and × (U+00D7).
bool is_tight_symbol(char32_t cp);

// Trims, in `runs` (HarfBuzz's positions in font units, as shaped from
// text[begin, end)), the side bearings of each tight symbol to
// kTightSymbolBearingEm on each side that faces a letter, a digit or
// another tight symbol, when its chain of them touches a letter or a digit
// ("C++", "130+", "+86", "6×"); "a + b" keeps the face's spacing. The side
// facing a space or the line's end keeps its bearing: the PDF's font gives
// the glyph its whole width, which readers (mupdf's quads, a selection)
// take for its box, and that box must end where the advance does, inside
// the measure. The ink is measured from the glyph's extents (HarfBuzz's,
// the outline the PDF's font draws). The left trim moves the glyph by its
// x_offset, and both come off its advance; the neighbours are read in the
// whole text, so a symbol at the edge of [begin, end) sees the characters
// beyond it.
void tighten_symbols(const FontBook& book, std::string_view text, std::size_t begin, std::size_t end,
                     std::vector<ShapedRun>& runs);

// The white a tight symbol that ends its word keeps on its right, past
// kTightSymbolBearingEm, in font units (0 for any other glyph): the word
// space after it gives this up, so "0.72× H200" is spaced as words are
// (Charis SIL's × kept its fifth of an em there, and the space came after
// it: "0.72×  H200"). `text[0, end)` ends with the glyph's character;
// `advance` and `x_offset` are the glyph's as shaped and tightened.
Scaled white_after_tight_symbol(const Face& face, std::string_view text, std::size_t end, std::uint32_t glyph,
                                Scaled advance, Scaled x_offset);

}  // namespace cvpdf::text
