// The object-building stages of the backend, one file each, chained by
// pdf_writer.cpp: fonts (font_embedding.cpp), images (images.cpp), link
// annotations (annotations.cpp), the outline (outline.cpp), Info/XMP/catalog
// entries (metadata.cpp), the PDF/A output intent (output_intent.cpp), and
// the helpers that make PoDoFo values and streams from ours
// (podofo_values.cpp); the file's layout and /ID are object_streams.cpp's.
// Every object is a PoDoFo object in the PdfMemDocument, and PoDoFo writes
// it. Every dictionary is filled key by key, never through PoDoFo's helper
// classes (PdfAnnotation, PdfOutlines, PdfDestination, PdfInfo's setters),
// which stamp the clock, leave orphan objects or omit /Count.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "frame/frame.hpp"
#include "pdf/font_subset.hpp"
#include "pdf/podofo.hpp"

namespace cvpdf::pdf {

// An integer as a PDF value. Always through this: PdfObject(5) is ambiguous,
// and a constant zero cast to pdf_int64 can pick a pointer overload.
PoDoFo::PdfVariant pdf_int(std::int64_t value);

// `value` rounded half away from zero to at most `max_decimals` places,
// never -0 and never beyond ±1e12: what pdf_real hands PoDoFo, whose compact
// writer prints six decimals and trims the zeros, so the number written is
// exactly the rounded one.
double round_real(double value, int max_decimals = 3);
// A real number as a PDF value: round_real's, written by PoDoFo.
PoDoFo::PdfVariant pdf_real(double value, int max_decimals = 3);

// A text string: PDFDocEncoding when plain printable ASCII, else UTF-16BE
// with its byte-order mark (PoDoFo's conversion; invalid UTF-8, which it
// would reject, repaired to U+FFFD first).
PoDoFo::PdfString pdf_text(const std::string& utf8);

// An empty array or dictionary set as `key` of `dictionary`, returned to be
// filled where it stays: PoDoFo 0.9.8's values have no moves, so AddKey and
// push_back copy a value whole, and a container filled beside its place and
// then added is built twice (and every nested one with it).
PoDoFo::PdfArray& add_array(PoDoFo::PdfDictionary& dictionary, const PoDoFo::PdfName& key);
PoDoFo::PdfDictionary& add_dictionary(PoDoFo::PdfDictionary& dictionary, const PoDoFo::PdfName& key);

// `data` as the stream of `object`, compressed by PoDoFo's Flate filter.
void set_stream(PoDoFo::PdfObject& object, std::string_view data);
// `data` as the stream of `object`, stored as it is: already in `filter`'s
// encoding (a JPEG as DCTDecode), or plain when `filter` is empty (the XMP).
void set_encoded_stream(PoDoFo::PdfObject& object, std::string_view data, const char* filter);
// A new object of `pdf` holding `data` compressed (set_stream).
PoDoFo::PdfObject& add_stream(PoDoFo::PdfMemDocument& pdf, std::string_view data);

// Type0 font (Identity-H) with its CIDFont, FontDescriptor, font program
// and ToUnicode CMap. Returns the reference of the Type0 font.
PoDoFo::PdfReference embed_font(PoDoFo::PdfMemDocument& pdf, const SubsetFont& font);

// An image XObject from a JPEG (passed through as DCTDecode) or a PNG
// (decoded with libpng by frame/photo.hpp, alpha as a soft mask). Throws
// IoError when the file cannot be read and FatalError when it is not a photo
// that decodes, naming the file. The composer checked it already (at the
// photo's position in the résumé), so these are for a file changed since.
// A photo whose file describes its colours otherwise than as sRGB keeps
// that description as /ICCBased; with `srgb` (PDF/A, whose output intent is
// sRGB) it is converted to sRGB pixels instead, as a CMYK JPEG is
// (srgb_conversion.hpp), a JPEG then DCT-coded again (dct_encoder.hpp).
PoDoFo::PdfReference embed_image(PoDoFo::PdfMemDocument& pdf, const std::string& path, bool srgb = false);
// The same from the file's bytes (`path` only names it in errors).
PoDoFo::PdfReference embed_image_data(PoDoFo::PdfMemDocument& pdf, const std::string& bytes, const std::string& path,
                                      bool srgb = false);

// A link annotation and the index of its LinkArea in Page::elements.
struct LinkAnnotation {
  std::size_t element = 0;
  PoDoFo::PdfObject* object = nullptr;
};

// The document's URI actions, one object per address, by address: the
// annotations of a link's lines (and every link to one address) share it.
using UriActions = std::map<std::string, PoDoFo::PdfReference>;

// Link annotations with URI actions for the page's LinkAreas (those with a
// URI and an area), in element order. `printable` sets the Print flag.
std::vector<LinkAnnotation> add_links(PoDoFo::PdfMemDocument& pdf, PoDoFo::PdfObject& page_object,
                                      const frame::Page& page, bool printable, UriActions& actions);

// The document outline, one entry per bookmark, nested by level.
void add_outline(PoDoFo::PdfMemDocument& pdf, const std::vector<PoDoFo::PdfReference>& pages,
                 const frame::Document& frames);

// The standards the file declares in its XMP.
struct Claims {
  bool pdfua = false;  // pdfuaid:part 1 (PDF/UA-1)
  bool pdfa = false;   // pdfaid:part 2, conformance U (PDF/A-2u)
};

// Info dictionary, XMP metadata stream, /Lang and /ViewerPreferences.
void add_metadata(PoDoFo::PdfMemDocument& pdf, const frame::Metadata& metadata, const Claims& claims);

// The catalog's /OutputIntents: sRGB (icc_profile.hpp), as PDF/A asks of a
// file painted in DeviceRGB.
void add_output_intent(PoDoFo::PdfMemDocument& pdf);

}  // namespace cvpdf::pdf
