// The theme-look rules of #28 item 5 as property checks on a rendered PDF
// (rendered_pdf.hpp): one colon style after the header's labels, Japanese
// punctuation in Japanese, and a sidebar's contact texts starting at one x.
#pragma once
#include "rendered_pdf.hpp"

namespace cvpdf::test {

// The header's and contacts' labels ("GitHub: ada", "QQ：1029") use one
// colon: a Western ": " and a full-width "：" never both. Read in the
// header (page 1 above its first section heading) and, in a theme with a
// sidebar, in the sidebar's column on page 1.
PropertyReport check_label_colons(const RenderedPdf& pdf);

// A Japanese résumé writes its commas as 、 (tōten): no glyph is the
// Chinese full-width comma "，" (U+FF0C). Holds trivially in other languages.
PropertyReport check_japanese_punctuation(const RenderedPdf& pdf);

// In a theme with a sidebar, the contact items' texts (the words after an
// icon, or the whole item without one) start at one x on page 1, within
// half a point. Items are found by the résumé's own contact text.
PropertyReport check_sidebar_contacts_aligned(const RenderedPdf& pdf);

}  // namespace cvpdf::test
