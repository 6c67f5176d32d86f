// A text dump of the frame tree, for --debug-layout and golden tests: what
// is where on every page, one line per item, in drawing order. Lengths are
// points with two decimals (rounded from scaled points by integer
// arithmetic, so the dump is the same on every machine and locale).
//
//   document "Ada Example — Résumé" lang "en" pages 2
//   page 1 595.28 x 841.89
//     run 48.19 60.35 w 142.10 "Lato" bold 25.00 #1c1c1c "Ada Example"
//     rule 48.19 220.00 498.90 0.60 #9fb3c8
//     link 48.19 80.00 100.00 11.00 "mailto:ada@example.com"
//     image 400.00 40.00 80.00 80.00 "photo.jpg"
//     bookmark 0 "Experience" y 195.80
//
// run: origin of the first glyph (x, baseline y, from the page's top-left
// corner), set width, face family and style, size, colour, and the source
// text of its glyphs (quotes, backslashes, control characters and the soft
// hyphen of a hyphenated line end escaped as \" \\ \u{ad}). rule, link and
// image: x, y of the top-left corner, width, height. bookmark: outline
// level, title and the y of its destination. The page's bookmarks follow
// its elements.
#pragma once
#include <string>

#include "frame/frame.hpp"
#include "text/font_book.hpp"

namespace cvpdf::frame {

std::string dump(const Document& document, const text::FontBook& book);

// "12.35": a length in points with two decimals, rounded half away from zero.
std::string points(Scaled length);

}  // namespace cvpdf::frame
