// Inside the photo reader (photo.cpp): the two decoders, each behind a small
// C-style core so that libjpeg's and libpng's longjmp error handling never
// skips a C++ destructor. Not for use outside src/frame.
#pragma once
#include <string>
#include <string_view>

#include "frame/photo.hpp"

namespace cvpdf::frame::detail {

// What to tell the user about a JPEG or PNG file (each format's own advice).
inline constexpr const char* kJpegHint = "re-save it as a baseline 8-bit JPEG (or as a PNG) with an image editor";
inline constexpr const char* kPngHint = "re-save it as a PNG (or as a baseline JPEG) with an image editor";

// The header of a JPEG (decode == false) or the header and every scanline
// (decode == true). Throws PhotoProblem for what libjpeg refuses and for
// what a PDF viewer cannot show (arithmetic coding, 12-bit, odd components).
// With a sink (decode == true), every scanline goes to it as RGB; with an
// `icc_profile` too, as the file stores it (decode_jpeg_samples), and the
// embedded ICC profile goes to `icc_profile`.
PhotoInfo read_jpeg(std::string_view bytes, bool decode, const JpegRowSink* sink = nullptr,
                    std::string* icc_profile = nullptr);

// The header of a PNG (no sink, decode == false), every row checked
// (decode == true) and, with a sink, handed over as 8-bit samples. With
// `colour`, the colour chunks before the image data go to it.
PhotoInfo read_png(std::string_view bytes, bool decode, const PngRowSink* sink, PngColour* colour = nullptr);

// Throws when the header's pixel size is over the caps (or zero).
void check_pixel_size(const PhotoInfo& info, const char* hint);

}  // namespace cvpdf::frame::detail
