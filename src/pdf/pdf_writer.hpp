// The PDF backend: frames → PDF 1.7 bytes. The only code that includes
// PoDoFo. Fonts are embedded as subsets (Type0/Identity-H) with ToUnicode
// maps; content streams are written by hand; output is byte-identical for
// identical input.
#pragma once
#include <string>

#include "frame/frame.hpp"
#include "text/font_book.hpp"

namespace cvpdf::pdf {

// Serialises `doc` and returns the PDF file's bytes. Throws FatalError on a
// font that cannot be subset or an image that cannot be read.
std::string write_pdf(const frame::Document& doc, const text::FontBook& fonts);

// "PoDoFo 0.9.8" (for --version).
std::string library_version();

}  // namespace cvpdf::pdf
