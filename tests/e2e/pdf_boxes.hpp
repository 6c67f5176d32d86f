// What a real PDF shows, as a reader's tools see it: the boxes of its words
// and lines (poppler's `pdftotext -bbox-layout`), its outline (qpdf --json)
// and its page count (pdfinfo). Tests hold the PDF to these, never to the
// layout's own idea of where it put things.
#pragma once
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

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

// pdfinfo's page count; 0 when pdfinfo fails.
int page_count(const std::string& pdf);

}  // namespace cvpdf::test
