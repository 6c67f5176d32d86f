// The text-layer check (text_layer_check.cpp): a résumé variant rendered
// once, read back by one of three readers, and held to the text the loaded
// model says it shows.
#pragma once
#include <string>

namespace cvpdf::test {

// The readers a user of the PDF meets: poppler's pdftotext (reading order,
// /ActualText), mupdf's text device (content order, no /ActualText) and
// pdf.js's getTextContent (content order, no /ActualText), run from
// tests/readers/pdfjs_text.mjs on the pdfjs-dist scripts/setup.sh installs.
enum class Reader { Poppler, Mupdf, Pdfjs };

const char* reader_name(Reader reader);

// Whether scripts/setup.sh has installed pdf.js beside pdfjs_text.mjs.
bool pdfjs_installed();

struct Variant {
  std::string file;   // relative to the source tree
  std::string lang;
  std::string theme;  // "" for the résumé's own
  std::string name() const { return file + " " + lang + (theme.empty() ? "" : " --theme " + theme); }
};

// What `reader` gets out of `pdf`; "" (and a test failure) when it fails.
std::string reader_text(const std::string& pdf, Reader reader);

// The variant's text as `reader` gets it, normalised (text_layer_check.cpp)
// and folded: line ends as spaces, lower case.
std::string folded_text(const Variant& v, Reader reader);

// The problems of the variant's text as `reader` gets it, one a line
// ("missing or not whole: \"…\"", "out of order: …", "a stray word: …",
// "a double space in …"); "" when there are none.
std::string text_layer_problems(const Variant& v, Reader reader);

}  // namespace cvpdf::test
