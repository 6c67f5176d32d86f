// One rendered PDF as the typographic property checks read it: what the
// readers' tools report (pdf_boxes.hpp), the style it was set with and the
// résumé it was set from. Each family of checks (lines, pages, glyphs,
// themes) lives in its own *_properties.{hpp,cpp} and takes a RenderedPdf;
// theme_properties_test.cpp and random_resume_test.cpp run them all on
// every PDF they make.
#pragma once
#include <string>
#include <vector>

#include "model/resume.hpp"
#include "pdf_boxes.hpp"
#include "theme/style.hpp"

namespace cvpdf::test {

struct RenderedPdf {
  std::string path;                   // the PDF itself, for a tool a check needs beyond these
  std::vector<Page> pages;            // poppler's lines and words
  GlyphBoxes glyphs;                  // mupdf's glyphs and the words made of them
  std::vector<OutlineEntry> outline;  // qpdf's outline
  std::string text;                   // pdftotext
  std::string verbose_err;            // what `cvpdf -v` said
  theme::Style style;                 // as rendered (as_rendered: fitted when a short page was saved)
  const model::Resume* resume = nullptr;
  std::string language;
};

// What a check measured and where the PDF breaks its rule.
struct PropertyReport {
  std::string figures;                  // one line of measurements for the logs ("word space ≤ 1.42×")
  std::vector<std::string> violations;  // each one "page N: what, where"; empty when the rule holds
};

}  // namespace cvpdf::test
