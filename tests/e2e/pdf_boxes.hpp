// What a real PDF shows, as a reader's tools see it: the boxes of its words
// and lines (poppler's `pdftotext -bbox-layout`), where each glyph is drawn
// (mupdf's structured text, `mutool draw -F stext`), its outline (qpdf
// --json) and its page count (pdfinfo). Tests hold the PDF to these, never
// to the layout's own idea of where it put things.
#pragma once
#include <cmath>
#include <string>
#include <string_view>
#include <optional>
#include <vector>

#include "model/resume.hpp"
#include "theme/style.hpp"

namespace cvpdf::test {

// A rectangle in points, measured as poppler does: x from the page's left
// edge, y DOWN from the page's top edge.
struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  double width() const { return x1 - x0; }
  double height() const { return y1 - y0; }
  // Overlap with a positive area (touching edges do not overlap).
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  Box shrunk(double d) const { return {x0 + d, y0 + d, x1 - d, y1 - d}; }
};

std::string to_string(const Box& box);  // "[x0 y0 – x1 y1]", 2 decimals

struct Word {
  std::string text;  // UTF-8, entities decoded
  Box box;
};

struct Line {
  Box box;
  std::vector<Word> words;
  std::string text() const;  // the words joined by one space
};

struct Page {
  double width = 0, height = 0;
  std::vector<Line> lines;  // poppler's reading order (flows, blocks, lines)
};

// Parses the XHTML of `pdftotext -bbox-layout`: <page width height> holding
// <flow>/<block>/<line xMin yMin xMax yMax>/<word …>text</word>.
std::vector<Page> parse_bbox_layout(std::string_view xhtml);

// Runs pdftotext -bbox-layout on `pdf` and parses it; empty on failure.
std::vector<Page> read_boxes(const std::string& pdf);

// XML's five named entities and numeric references (&#39; &#x2014;).
std::string decode_entities(std::string_view text);

// The words of `page` with poppler's repeats dropped: a word drawn twice
// (same text, same box) is one word.
std::vector<Word> distinct_words(const Page& page);

struct OutlineEntry {
  std::string title;
  int page = 0;             // 1-based; 0 when the destination names no page
  double top = std::nan("");  // the /XYZ destination's top, PDF user space (y UP); NaN if none
  int depth = 0;            // 0 for a top-level entry
};

// The outline (bookmarks) in document order, children after their parent,
// read from `qpdf --json --json-key=outlines`.
std::vector<OutlineEntry> read_outline(const std::string& pdf);
std::vector<OutlineEntry> parse_qpdf_outlines(std::string_view json);

// ---- glyphs: mupdf's structured text ------------------------------------
//
// Poppler's word boxes are as tall as the font's Ascent and Descent (its
// FontDescriptor): 1.64 em for Charis SIL, 1.45 em for Noto CJK, so lines
// set at 1.3 "overlap" with no ink touching. mupdf reports each glyph's
// origin on its baseline and its size, which give a box every face shares:
// the em square standing on the baseline.

struct Glyph {
  std::string text;  // its character, UTF-8, entities decoded
  std::string font;  // the face, as <font name> gives it
  double size = 0;   // pt
  double x = 0, y = 0;  // its origin: on the baseline, y DOWN from the page's top
  Box quad;          // the quad's bounds: the advance across, Ascent to Descent down
  // The quad across; down, the em square on the baseline: 0.8 em above it,
  // 0.2 em below. Two lines' em squares overlap only if their baselines
  // are closer than an em — a real collision, whatever the face.
  Box em_box() const { return {quad.x0, y - 0.8 * size, quad.x1, y + 0.2 * size}; }
};

struct GlyphLine {
  std::vector<Glyph> glyphs;  // in mupdf's order (the pen's, along the baseline)
};

struct GlyphPage {
  double width = 0, height = 0;
  std::vector<GlyphLine> lines;  // mupdf's reading order (blocks, lines)
};

// Parses mupdf's structured-text XML: <page width height> holding
// <block>/<line>/<font name size>/<char quad x y c/>; image blocks and
// everything else are skipped.
std::vector<GlyphPage> parse_stext(std::string_view xml);

// True for the characters a line's words split at: U+0020, no-break and
// the other Unicode space separators (U+00A0, U+2000–U+200A, U+202F,
// U+205F, U+3000), tab.
bool is_space(std::string_view character);

// A line's words, as poppler makes them: its glyphs between spaces (so a
// run of ideographs and CJK punctuation is one word). Each word's box is
// the union of its glyphs' em boxes; the line's, of its words'.
Line words_of(const GlyphLine& line);
Page words_of(const GlyphPage& page);

struct GlyphBoxes {
  std::vector<Page> pages;  // words in em boxes (words_of), one Page per page
  std::vector<GlyphPage> glyph_pages;  // the glyphs they were made of
  std::string error;        // why there are none; empty when read
};

// Runs `mutool draw -F stext` on `pdf` and makes its words. Without mutool
// (Debian's mupdf-tools) or on any failure, `error` says so: a check on
// these boxes must fail then, never pass on no words.
GlyphBoxes read_glyph_boxes(const std::string& pdf);

// ---- runs: where the text matrix puts the pen ---------------------------
//
// cvpdf writes each glyph run as one text matrix (`1 0 0 1 x y Tm`, never a
// `cm` around text) and one TJ array: the white inside a run (a stretched
// word space, the glue between two ideographs) is the TJ array's own
// adjustment, while a run begins anew wherever a line, a part of a row (an
// org and its date, a label and its text, a metric's cell) or a font
// within a line begins. So where the runs begin tells a gap inside a set
// line from a gap between two things set apart.

struct RunStart {
  double x = 0, y = 0;  // the pen's origin, in poppler's coordinates (y DOWN from the top)
};

// The origins of every `Tm` in each page's content, in page order, from
// `qpdf --qdf` (its "%% Contents for page N" comments). A page not in
// `page_heights` (needed to turn y down) is dropped; empty on failure.
std::vector<std::vector<RunStart>> parse_run_starts(std::string_view qdf, const std::vector<double>& page_heights);
std::vector<std::vector<RunStart>> read_run_starts(const std::string& pdf, const std::vector<double>& page_heights);

// pdfinfo's page count; 0 when pdfinfo fails.
int page_count(const std::string& pdf);

// ---- a theme's declared frame, and reading text as a theme sets it -----
//
// Shared by the property tests over themes (theme_properties_test.cpp,
// random_resume_test.cpp).

constexpr double kTouch = 0.3;   // each em box shrinks by this before overlaps: words may touch
constexpr double kMargin = 1.0;  // how far past the text area a box may reach

// The built-in themes as the binary lists them: the first word of each
// line of `cvpdf themes` (or, before that command exists, --list-layouts),
// skipping headings ("Built-in themes:") and anything not a layout's name.
std::vector<std::string> listed_themes();

// The style of built-in `theme` for `resume` in `language`, resolved as
// app/layouts.cpp does: classic under the named theme, the résumé's
// `style:` over both. nullopt (with `why`) when the theme is not built in
// or a layer does not load.
std::optional<theme::Style> theme_style(const std::string& theme, const model::Resume& resume,
                                        const std::string& language, std::string& why);

// The style the résumé was set with: `style` as declared, or, when cvpdf -v
// said it saved a short last page (fit.short-page), fitted to the setting
// it gave, so that margins are measured where that layout put them.
theme::Style as_rendered(const theme::Style& style, const std::string& verbose_err);

// The text area the style declares (page minus margins), in poppler's
// coordinates.
Box text_area(const theme::Style& style, const Page& page);
// In the sidebar's column, by the box's centre (when the theme has one).
bool in_sidebar(const theme::Style& style, const Box& box, const Page& page);
// Where a glyph box `ink` may be: the text area, widened in a sidebar by
// its padding toward the paper's edge and above and below (the tint's inset
// text), and down to the paper's foot for the footer's line.
Box allowed_area(const theme::Style& style, const Box& ink, const Page& page, bool footer);

// Decodes UTF-8 (the PDF tools write it; a bad byte reads as itself).
std::vector<char32_t> code_points(const std::string& s);
bool is_wide(char32_t c);  // East Asian wide: set on a square about two Latin letters wide

// Where a word is drawn, from its em box: but for a full-width closing
// mark at its end (opening mark at its start), whose blank half holds no
// ink and is not counted. The em box alone is not enough there: the
// composer gives up that half at a line's end as CLREQ allows
// (compose/clreq.hpp), so the mark's ink ends on the measure, but the PDF's
// glyph width, which mupdf's quad reports, is still a full em and reaches
// half an em past it. The em is the box's height (its glyphs' size).
Box drawn(const Word& w);

// For comparing input text with what the PDF shows: no white space
// (letter-spaced headings, line breaks), case folded (headings may be set
// in capitals or small capitals: ICU case folding, any script), typographic
// quotes as straight ones.
std::string folded(const std::string& s);

// A line of the footer: in the bottom margin, with the page's number as one
// of its words' digit runs ("2", "第 2 页", "2/3").
bool is_footer(const Line& line, int page_number, double text_bottom);

std::string points(double value);  // "12.34"

}  // namespace cvpdf::test
