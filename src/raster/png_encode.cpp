// PNG files of drawn pages (see png_encode.hpp). libpng's simplified write
// API keeps its longjmp error handling inside libpng: nothing here is
// skipped by it.
#include "raster/png_encode.hpp"

#include <png.h>

#include <cstdint>
#include <cstring>

#include "core/diagnostics.hpp"

namespace cvpdf::raster::detail {

namespace {

[[noreturn]] void fail(const std::string& what, const png_image& image) {
  throw FatalError({Severity::Error, SourceSpan{what, 0, 0},
                    std::string("cannot write the PNG: libpng says ") + image.message, "choose a lower --dpi"});
}

}  // namespace

std::string encode_png(cairo_surface_t* surface, const std::string& what) {
  cairo_surface_flush(surface);
  const int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  // cairo's RGB24 is a native-endian word a pixel, 0x00RRGGBB; libpng's
  // simplified API takes packed RGB. Packed in place, front to back (a
  // pixel's three bytes never pass its word): a copy would be three
  // quarters of the surface again, 104 MB for an A4 page at 600 dpi.
  unsigned char* rgb = cairo_image_surface_get_data(surface);
  unsigned char* out = rgb;
  for (int y = 0; y < height; ++y) {
    const unsigned char* row = rgb + static_cast<std::ptrdiff_t>(y) * stride;
    for (int x = 0; x < width; ++x) {
      std::uint32_t pixel;
      std::memcpy(&pixel, row + static_cast<std::ptrdiff_t>(x) * 4, sizeof pixel);
      *out++ = static_cast<unsigned char>(pixel >> 16);
      *out++ = static_cast<unsigned char>(pixel >> 8);
      *out++ = static_cast<unsigned char>(pixel);
    }
  }
  const std::size_t packed = static_cast<std::size_t>(out - rgb);
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = static_cast<png_uint_32>(width);
  image.height = static_cast<png_uint_32>(height);
  image.format = PNG_FORMAT_RGB;
  image.flags = PNG_IMAGE_FLAG_FAST;
  // A page is mostly white and deflates to a tenth or less: one pass into a
  // buffer of a quarter of the pixels' size, a second of the size libpng
  // then asks for only when that was too small (a page full of photo).
  std::string bytes(packed / 4 + 65536, '\0');
  png_alloc_size_t size = bytes.size();
  if (!png_image_write_to_memory(&image, bytes.data(), &size, 0, rgb, 0, nullptr)) {
    if (size <= bytes.size()) fail(what, image);
    bytes.assign(size, '\0');
    image.warning_or_error = 0;
    if (!png_image_write_to_memory(&image, bytes.data(), &size, 0, rgb, 0, nullptr)) fail(what, image);
  }
  // A file the size of what libpng wrote, not of the buffer it wrote into:
  // every page's file is held until the run writes them all, and a quarter
  // of a 600 dpi page's pixels is 26 MB.
  return bytes.substr(0, size);
}

}  // namespace cvpdf::raster::detail
