// The PDF backend: frames → PDF 1.7 bytes, every object a PoDoFo object
// written by PoDoFo. Fonts are embedded as subsets (Type0/Identity-H) with
// ToUnicode maps; content streams are written by hand; output is
// byte-identical for identical input. No PoDoFo type crosses this header.
#pragma once
#include <string>

#include "frame/frame.hpp"
#include "text/font_book.hpp"

namespace cvpdf::pdf {

// What the caller may ask of the file beyond what every cvpdf PDF is.
struct PdfOptions {
  // PDF/A-2u (ISO 19005-2, level U): an sRGB output intent with the ICC
  // profile built into cvpdf, pdfaid in the XMP, printable annotations, and
  // JPEG photos that are not sRGB or gray converted to sRGB pixels.
  // Everything else PDF/A-2u asks of the file cvpdf writes anyway.
  bool pdfa = false;
};

// Serialises `doc` and returns the PDF file's bytes. A Document with a
// structure is written as a tagged PDF, and declared PDF/UA-1 when it meets
// what the backend can check (conformance.hpp). Throws FatalError on a font
// that cannot be subset or an image that cannot be read.
std::string write_pdf(const frame::Document& doc, const text::FontBook& fonts, const PdfOptions& options = {});
// The same, freeing each page's elements once it is painted: a long CV's
// glyphs are not held beside the PDF they became (the pages keep their
// size, the document its outline and metadata).
std::string write_pdf(frame::Document&& doc, const text::FontBook& fonts, const PdfOptions& options = {});

// "PoDoFo 0.9.8", the library that writes the objects (for --version).
std::string library_version();

}  // namespace cvpdf::pdf
