// Fuzz target: the bytes of a photo file through the code the product runs
// on person.photo — frame::check_photo (probe, caps, full decode, as the
// composer does before layout), then pdf::embed_image_data into a document
// in memory, which is written out (a non-sRGB ICC profile, a PNG's gAMA
// and cHRM, as /ICCBased); then again as --pdfa embeds it (a CMYK JPEG, or
// a JPEG or PNG with such a profile, read by lcms2, converted and a JPEG
// DCT-coded again). The profile-* PNGs are tests/data/photos/. A refused photo is a
// frame::PhotoProblem or, from the embedding, a FatalError; anything else
// escaping (another exception, a crash, a leak, a hang) is a bug. What the
// check accepts, the embedding must accept too.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "frame/photo.hpp"
#include "pdf/object_streams.hpp"
#include "pdf/pdf_objects.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cvpdf;
  if (size > frame::kMaxPhotoBytes) return 0;  // refused by size before any byte is read
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    frame::check_photo(bytes);
  } catch (const frame::PhotoProblem&) {
    return 0;
  }
  for (const bool pdfa : {false, true}) {
    try {
      PoDoFo::PdfMemDocument doc;
      doc.SetPdfVersion(PoDoFo::ePdfVersion_1_7);
      const PoDoFo::PdfReference image = pdf::embed_image_data(doc, bytes, "fuzz.photo", pdfa);
      const PoDoFo::PdfObject* object = doc.GetObjects().GetObject(image);
      if (!object || !object->HasStream()) std::abort();
      const std::string file = pdf::write_with_object_streams(doc);
      if (std::string_view(file).substr(0, 5) != "%PDF-") std::abort();
    } catch (const FatalError&) {
      std::abort();  // the check passed, so the embedding must not refuse it
    }
  }
  return 0;
}
