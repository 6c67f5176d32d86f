// Photos as cairo image surfaces (see cairo_painter.hpp), decoded by the one
// photo reader (frame/photo.hpp) into cairo's premultiplied native-endian
// ARGB words, at no more pixels than the page shows them at.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "frame/photo.hpp"
#include "raster/cairo_painter.hpp"

namespace cvpdf::raster::detail {

namespace {

// An 8-bit sample times alpha / 255, rounded: cairo's premultiplication.
std::uint32_t premultiply(unsigned sample, unsigned alpha) { return (sample * alpha + 127) / 255; }

void free_bytes(void* data) { delete static_cast<std::string*>(data); }

}  // namespace

CairoPtr<cairo_surface_t> make_image(const std::string& path, int most_width, int most_height) {
  try {
    auto bytes = std::make_unique<std::string>(frame::read_photo_file(path));
    const frame::PhotoInfo info = frame::probe_photo(*bytes);
    const bool alpha = info.format == frame::PhotoFormat::Png && info.alpha;
    const int width = std::clamp(most_width, 1, info.width), height = std::clamp(most_height, 1, info.height);
    CairoPtr<cairo_surface_t> surface(
        cairo_image_surface_create(alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, width, height));
    check_status(cairo_surface_status(surface.get()), "the photo " + path);
    unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    // The rows as the decoder gives them, averaged into the surface's
    // pixels: each source pixel adds to the one it falls in (a box filter),
    // so the memory is the surface's and one row of sums, whatever the
    // photo's own size.
    std::vector<int> column_of(static_cast<std::size_t>(info.width));
    std::vector<std::uint64_t> per_column(static_cast<std::size_t>(width), 0);
    for (int x = 0; x < info.width; ++x) {
      column_of[static_cast<std::size_t>(x)] =
          static_cast<int>(static_cast<std::int64_t>(x) * width / info.width);
      ++per_column[static_cast<std::size_t>(column_of[static_cast<std::size_t>(x)])];
    }
    std::vector<std::uint64_t> sums(static_cast<std::size_t>(width) * 4, 0);
    int source_row = 0, row = 0, rows_summed = 0;
    const auto flush = [&] {
      if (rows_summed == 0 || row >= height) return;
      auto* out = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(row) * stride);
      for (int x = 0; x < width; ++x) {
        const std::uint64_t n = per_column[static_cast<std::size_t>(x)] * static_cast<std::uint64_t>(rows_summed);
        const std::uint64_t* sum = &sums[static_cast<std::size_t>(x) * 4];
        const auto mean = [n](std::uint64_t total) { return static_cast<std::uint32_t>((total + n / 2) / n); };
        out[x] = mean(sum[3]) << 24 | mean(sum[0]) << 16 | mean(sum[1]) << 8 | mean(sum[2]);
      }
      std::fill(sums.begin(), sums.end(), 0);
      rows_summed = 0;
    };
    const auto store = [&](const unsigned char* colour, const unsigned char* a, int components) {
      if (source_row >= info.height) return;
      const int target = static_cast<int>(static_cast<std::int64_t>(source_row) * height / info.height);
      if (target != row) {
        flush();
        row = target;
      }
      for (int x = 0; x < info.width; ++x) {
        const unsigned char* p = colour + static_cast<std::ptrdiff_t>(x) * components;
        const unsigned r = p[0], g = components >= 3 ? p[1] : p[0], b = components >= 3 ? p[2] : p[0];
        const unsigned al = a ? a[x] : 255;
        std::uint64_t* sum = &sums[static_cast<std::size_t>(column_of[static_cast<std::size_t>(x)]) * 4];
        sum[0] += premultiply(r, al);
        sum[1] += premultiply(g, al);
        sum[2] += premultiply(b, al);
        sum[3] += al;
      }
      ++rows_summed;
      ++source_row;
    };
    cairo_surface_flush(surface.get());
    if (info.format == frame::PhotoFormat::Jpeg) {
      frame::decode_jpeg(*bytes, [&](const unsigned char* rgb) { store(rgb, nullptr, 3); });
    } else {
      frame::decode_png(*bytes, [&](const unsigned char* colour, const unsigned char* a) {
        store(colour, alpha ? a : nullptr, info.colour_components);
      });
    }
    flush();
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
