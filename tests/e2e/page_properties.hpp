// The page properties of issue 28 (items 1 and 6), read from a rendered
// PDF: how full its last page is, and the pieces left alone at a page's
// foot or top. Read from mupdf's glyph lines (em boxes, rows of a column
// by baseline), the outline (section headings: title and page) and the
// résumé (an item's organisation or role begins its head lines).
#pragma once
#include <string>
#include <vector>

#include "rendered_pdf.hpp"

namespace cvpdf::test {

// Last-page fill: the share of the text area's height the last page uses
// (its top to the lowest line's em box, the footer aside), reported. A
// violation when a document of two or more pages ends on a page filled
// less than fit.short-page that holds no section heading with a line
// under it (a heading, then at least one whole entry).
PropertyReport check_last_page_fill(const RenderedPdf& pdf);

// Lone pieces, on every page but the last, in each column (the main one,
// a sidebar):
//   heading at the foot — a section heading with fewer than two lines of
//     its section under it on its page (an entry's head lines not
//     counted), while the section goes on on the next page;
//   head at the foot — an item's head lines (its organisation or role)
//     with fewer than two lines of its body under them, the body going on
//     on the next page;
//   line at the top — a page that begins with one line of what the page
//     before ended with, then a heading or an item's head (a widow: an
//     entry's or a section's last line alone).
PropertyReport check_lone_pieces(const RenderedPdf& pdf);

}  // namespace cvpdf::test
