// The line breaker's output, measured on the rendered PDF (issue #28,
// items 2 and 3): how wide a justified line's word spaces are against the
// face's own space, what a paragraph's last line holds, where separators
// sit at a line's edges, and the white between Chinese and Latin. Each
// reads mupdf's glyphs (pdf_boxes.hpp): where each glyph's origin is and
// how far it advances. None reads the layout's own idea of its lines.
//
// What counts as what, the same in every check:
//   - a line is one of mupdf's glyph lines of body text (every glyph at the
//     style's body size, to a tenth of a point), outside a sidebar;
//   - a line is full when its ink reaches the right edge of its column (the
//     rightmost body line on the page outside the sidebar, less a CJK
//     mark's blank half): a justified line stretched or shrunk to the measure;
//   - a paragraph's last line is a line that is not full right under a full
//     line with the same left edge (or a hanging bullet's text edge), one
//     leading below it;
//   - a gap between two glyphs is the next glyph's origin less the end of
//     the last one's advance; a gap where the pen starts a new text run
//     (a date column, a bold keyword) is not a word space of the line's glue.
#pragma once
#include "rendered_pdf.hpp"

namespace cvpdf::test {

// Issue #28's limits.
inline constexpr double kMaxWordSpaceRatio = 1.5;  // a justified word space against the face's own
inline constexpr int kMinLastLineChars = 5;        // a paragraph's last line, alone after a hyphen or as one word
inline constexpr double kMinCjkLatinGapEm = 0.2;   // the white between Han and Latin, in em of the Han text
inline constexpr double kMaxCjkLatinGapEm = 0.3;

// Word spaces on full body lines against the natural width of the space
// glyph of their face at their size: the face's own advance of U+0020, read
// with FreeType from the font file that `cvpdf -v` says it loaded for that
// face's PostScript name (mupdf's <font name>). A line the breaker reported
// loose (a "loose line" warning or "stretched line" note quoting its
// text) may go past the limit.
// Figures: max and median ratio over all gaps, and the count of lines.
PropertyReport check_word_space_ratio(const RenderedPdf& pdf);

// A paragraph's last line that is the fragment of a word hyphenated at the
// line before and shorter than kMinLastLineChars characters ("tem."), or a
// single word shorter than that ("Go."), or in CJK text a single token
// (one Latin word, or at most two ideographs, with their punctuation:
// "CANN。", "优化。"). A last line cvpdf's -v note quotes ("short last
// line: …", where no breaks within the tolerance do better) is counted
// apart, as the word-space check counts reported loose lines. Figures: how
// many of each.
PropertyReport check_last_line_fragments(const RenderedPdf& pdf);

// A line of any size that begins with a separator (· | – —, alone as a
// word: not a hyphen inside "–2023") or ends with an opening bracket or
// quote. Figures: how many lines begin with a separator, how many end open.
PropertyReport check_separators_at_line_edges(const RenderedPdf& pdf);

// On every line holding both Han (or kana) and Latin letters or digits, the
// white between an ideograph and the Latin letter or digit beside it, in em
// of the ideograph's size, where the two are set in one run. Figures: the
// smallest and largest gap and how many were measured.
PropertyReport check_cjk_latin_gap(const RenderedPdf& pdf);

}  // namespace cvpdf::test
