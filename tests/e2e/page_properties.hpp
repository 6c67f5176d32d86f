// The page properties of issue 28 (items 1 and 6), read from a rendered
// PDF: how full its last page is, and the pieces left alone at a page's
// foot or top. Read from mupdf's glyph lines (em boxes, rows of a column
// by baseline), the outline (section headings: title and page, for the
// fill) and the structure tree (what each row is, for the lone pieces).
#pragma once
#include <string>
#include <vector>

#include "page_pieces.hpp"
#include "rendered_pdf.hpp"

namespace cvpdf::test {

// Last-page fill: the share of the text area's height the last page uses
// (its top to the lowest line's em box, the footer aside), reported. A
// violation when a document of two or more pages ends on a page filled
// less than fit.short-page that holds no section heading with a line
// under it (a heading, then at least one whole entry) — unless the section
// the last page continues cannot go over to it whole: the page before
// would end emptier than the page builder lets a page end (more than
// 4.34 × its four weighed foot lines short), or the section is taller
// than a page. Then the last page holds whole entries of it under no
// heading: the balance's limit (page_balance.hpp).
PropertyReport check_last_page_fill(const RenderedPdf& pdf);

// Lone pieces, on every page but the last, in each column (the main one,
// a sidebar), what each row is read from the PDF's structure tree
// (page_pieces.hpp: a section's heading, an entry's head or body, a
// publication's summary), never from its words:
//   heading at the foot — a section heading last on its page;
//   heading or head over too little — an entry that goes on on the next
//     page with fewer than two lines of its body on this one, while its
//     head or its section's heading stands over it here; or its head
//     lines split by the break;
//   line at the top — an entry's last line alone at the next page's top
//     (a widow), or a publication's summary beginning it.
PropertyReport check_lone_pieces(const RenderedPdf& pdf);
// The same on pieces already read (a test's made pages).
PropertyReport check_lone_pieces(const RenderedPdf& pdf, const std::vector<std::vector<PieceRun>>& pieces);

}  // namespace cvpdf::test
