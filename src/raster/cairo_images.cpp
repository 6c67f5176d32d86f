// Photos as cairo image surfaces (see cairo_painter.hpp), decoded by the one
// photo reader (frame/photo.hpp) into cairo's premultiplied native-endian
// ARGB words.
#include <cstdint>
#include <cstring>

#include "frame/photo.hpp"
#include "raster/cairo_painter.hpp"

namespace cvpdf::raster::detail {

namespace {

// An 8-bit sample times alpha / 255, rounded: cairo's premultiplication.
std::uint32_t premultiply(unsigned sample, unsigned alpha) { return (sample * alpha + 127) / 255; }

void free_bytes(void* data) { delete static_cast<std::string*>(data); }

}  // namespace

CairoPtr<cairo_surface_t> make_image(const std::string& path) {
  try {
    auto bytes = std::make_unique<std::string>(frame::read_photo_file(path));
    const frame::PhotoInfo info = frame::probe_photo(*bytes);
    const bool alpha = info.format == frame::PhotoFormat::Png && info.alpha;
    CairoPtr<cairo_surface_t> surface(
        cairo_image_surface_create(alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, info.width, info.height));
    check_status(cairo_surface_status(surface.get()), "the photo " + path);
    unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    int y = 0;
    const auto store = [&](const unsigned char* colour, const unsigned char* a, int components) {
      if (y >= info.height) return;
      auto* out = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
      for (int x = 0; x < info.width; ++x) {
        const unsigned char* p = colour + static_cast<std::ptrdiff_t>(x) * components;
        const unsigned r = p[0], g = components >= 3 ? p[1] : p[0], b = components >= 3 ? p[2] : p[0];
        const unsigned al = a ? a[x] : 255;
        out[x] = al << 24 | premultiply(r, al) << 16 | premultiply(g, al) << 8 | premultiply(b, al);
      }
      ++y;
    };
    cairo_surface_flush(surface.get());
    if (info.format == frame::PhotoFormat::Jpeg) {
      frame::decode_jpeg(*bytes, [&](const unsigned char* rgb) { store(rgb, nullptr, 3); });
    } else {
      frame::decode_png(*bytes, [&](const unsigned char* colour, const unsigned char* a) {
        store(colour, alpha ? a : nullptr, info.colour_components);
      });
    }
    cairo_surface_mark_dirty(surface.get());
    // An SVG surface embeds these bytes as they are rather than re-encoding
    // the pixels (a JPEG stays a JPEG).
    const char* mime = info.format == frame::PhotoFormat::Jpeg ? CAIRO_MIME_TYPE_JPEG : CAIRO_MIME_TYPE_PNG;
    const auto* raw = reinterpret_cast<const unsigned char*>(bytes->data());
    const unsigned long size = bytes->size();
    if (cairo_surface_set_mime_data(surface.get(), mime, raw, size, free_bytes, bytes.get()) == CAIRO_STATUS_SUCCESS)
      bytes.release();
    return surface;
  } catch (const frame::PhotoProblem& problem) {
    throw FatalError({Severity::Error, SourceSpan{path, 0, 0},
                      std::string("the photo ") + problem.what() + " (it changed while cvpdf was drawing it)",
                      problem.hint()});
  }
}

}  // namespace cvpdf::raster::detail
