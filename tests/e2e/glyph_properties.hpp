// Property checks on glyphs as a PDF draws them (issue #28, item 4): + and
// × set tight against the letters and digits they belong to ("C++",
// "130+", "6×", "0.12×"). The ink is measured on the page as mupdf
// rasterises it, never from the layout's idea of the glyphs.
#pragma once
#include <string>
#include <vector>

#include "rendered_pdf.hpp"

namespace cvpdf::test {

// The widest ink gap allowed beside a tight symbol: a thin space, taken as
// a sixth of an em (U+2009 is a fifth in Charis SIL and Open Sans, an
// eighth in Lato; TeX's \, is a sixth).
inline constexpr double kThinSpaceEm = 1.0 / 6.0;

// One gap between a + or × and the letter, digit or symbol beside it.
struct SymbolGap {
  int page = 0;          // 1-based
  std::string pair;      // the two characters, "C+", "6×"
  std::string context;   // the line's glyphs around them
  std::string font;      // the symbol's face, as mupdf names it
  double size = 0;       // pt
  double gap_em = 0;     // the blank columns between their inks, in ems of `size`
  double tracking_em = 0;  // the letter spacing of its line (a tracked heading's), in ems
};

// Every gap of a + or × against a letter, a digit or another such symbol
// in a chain of them that touches a letter or a digit, on the same line of
// mupdf's structured text; the ink is found in `mutool draw` rasters of
// the pages that have one (600 dpi, grey). `error` says why none could be
// measured (no mutool, an unreadable raster).
std::vector<SymbolGap> measure_symbol_gaps(const RenderedPdf& pdf, std::string& error);

// Each gap of measure_symbol_gaps at most kThinSpaceEm, plus the line's
// tracking where a theme letter-spaces it (a heading). Figures: the
// widest gap per face ("CharisSIL 0.11 em, Lato 0.10 em").
PropertyReport check_tight_symbols(const RenderedPdf& pdf);

}  // namespace cvpdf::test
