// The object-building stages of the backend, one file each, chained by pdf_writer.cpp:
// fonts (font_embedding.cpp), images (images.cpp), link annotations
// (annotations.cpp), the outline (outline.cpp), Info/XMP/catalog entries
// (metadata.cpp), the PDF/A output intent (output_intent.cpp), value
// helpers (pdf_values.cpp); the file's layout and /ID are serialise.cpp's.
// They build objects.hpp's model; every dictionary is written key by key.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "frame/frame.hpp"
#include "pdf/font_subset.hpp"
#include "pdf/objects.hpp"

namespace cvpdf::pdf {

// An integer as a PDF value.
Value pdf_int(std::int64_t value);

// A real number as a PDF token, formatted by format_real (with the space
// the compact writer puts before a number).
Token pdf_real(double value, int max_decimals = 3);

// A text string: PDFDocEncoding when plain printable ASCII, else FE FF and
// UTF-16BE (invalid UTF-8 repaired to U+FFFD).
String pdf_text(const std::string& utf8);
// Bytes as they are (ASCII: a URI, a date, "Adobe").
String pdf_ascii(std::string bytes);

// Type0 font (Identity-H) with its CIDFont, FontDescriptor, font program
// and ToUnicode CMap. Returns the reference of the Type0 font.
Ref embed_font(Document& doc, const SubsetFont& font);

// An image XObject from a JPEG (passed through as DCTDecode) or a PNG
// (decoded with libpng by frame/photo.hpp, alpha as a soft mask). Throws
// IoError when the file cannot be read and FatalError when it is not a photo
// that decodes, naming the file. The composer checked it already (at the
// photo's position in the résumé), so these are for a file changed since.
Ref embed_image(Document& doc, const std::string& path);
// The same from the file's bytes (`path` only names it in errors).
Ref embed_image_data(Document& doc, const std::string& bytes, const std::string& path);

// A link annotation and the index of its LinkArea in Page::elements.
struct LinkAnnotation {
  std::size_t element = 0;
  Object* object = nullptr;
};

// Link annotations with URI actions for the page's LinkAreas (those with a
// URI and an area), in element order. `printable` sets the Print flag.
std::vector<LinkAnnotation> add_links(Document& doc, Object& page_object,
                                      const frame::Page& page, bool printable);

// The document outline, one entry per bookmark, nested by level.
void add_outline(Document& doc, const std::vector<Ref>& pages,
                 const frame::Document& frames);

// The standards the file declares in its XMP.
struct Claims {
  bool pdfua = false;  // pdfuaid:part 1 (PDF/UA-1)
  bool pdfa = false;   // pdfaid:part 2, conformance U (PDF/A-2u)
};

// Info dictionary, XMP metadata stream, /Lang and /ViewerPreferences.
void add_metadata(Document& doc, const frame::Metadata& metadata, const Claims& claims);

// The catalog's /OutputIntents: sRGB (icc_profile.hpp), as PDF/A asks of a
// file painted in DeviceRGB.
void add_output_intent(Document& doc);

}  // namespace cvpdf::pdf
