// Pixels encoded as JPEG with libjpeg, for a JPEG photo whose colours
// --pdfa converted to sRGB (images.cpp): stored as DCTDecode again, the
// file stays near the photo's own size, where Flate made it several times
// larger (a résumé with a 244 KB CMYK photo: 664 KB under Flate, 172 KB so). The one place that
// writes JPEG; the photo reader (frame/photo.hpp) is the one that reads it.
#pragma once
#include <memory>

#include "pdf/podofo.hpp"

namespace cvpdf::pdf {

class DctEncoder {
 public:
  // For rows of `width` pixels of `components` 8-bit samples (1 gray, 3 RGB),
  // RGB stored with chroma sampled as the source JPEG's was (one chroma
  // sample per `chroma_across` × `chroma_down` luma samples).
  DctEncoder(int width, int height, int components, int chroma_across = 1, int chroma_down = 1);
  ~DctEncoder();
  DctEncoder(const DctEncoder&) = delete;
  DctEncoder& operator=(const DctEncoder&) = delete;

  // The next row, top first (width × components bytes).
  void add(const unsigned char* row);
  // After the last row: the JPEG as `object`'s stream, /Filter /DCTDecode.
  void finish(PoDoFo::PdfObject& object);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace cvpdf::pdf
