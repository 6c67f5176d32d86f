// Inside src/raster: a drawn page's pixels as a PNG file, with libpng.
#pragma once
#include <cairo.h>

#include <string>

namespace cvpdf::raster::detail {

// The RGB24 image surface as an 8-bit RGB PNG with an sRGB chunk and
// nothing that changes between runs (no time, no software name). Rows go
// unfiltered into deflate at level 3 (libpng's PNG_IMAGE_FLAG_FAST). On
// resume.yaml (en, two pages at 96 dpi) that is 30 % smaller files than
// cairo's own writer (cairo_surface_write_to_png_stream, which filters each
// row five ways and keeps the best guess: poor on flat text on white) in a
// quarter of its instructions (222 M against 859 M, callgrind). Throws
// FatalError when libpng fails (out of memory). The surface's pixels are
// packed to RGB in place: it is not to be read or drawn on after.
std::string encode_png(cairo_surface_t* surface, const std::string& what);

}  // namespace cvpdf::raster::detail
