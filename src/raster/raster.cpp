// PNG and SVG previews (see raster.hpp): a cairo surface per page, painted by
// the Painter, encoded in memory and handed on before the next page is
// drawn (the app sets each down and writes the files atomically).
#include "raster/raster.hpp"

#include <cairo-svg.h>

#include <cctype>
#include <cmath>
#include <map>

#include "raster/cairo_painter.hpp"
#include "raster/png_encode.hpp"

namespace cvpdf::raster {

namespace {

using detail::CairoPtr;
using detail::check_status;

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// cairo numbers an SVG's <g id="surfaceN"> and <image id="imageN"> by a
// counter of every surface the process made, so the same page would get
// other ids after other pages or résumés. Renumbered here from 1 in order
// of appearance, each with its references ("#image5"), so that a page's
// file is the same whatever was drawn before it. Those prefixes appear
// only in attributes (path data has no letters, base64 no '"' or '#').
std::string stable_ids(const std::string& svg) {
  std::string out;
  out.reserve(svg.size());
  std::map<std::string, int> renumbered;  // "image5" → 1
  std::map<std::string, int> counts;      // per prefix
  std::size_t at = 0;
  while (at < svg.size()) {
    // Where the number starts after a lead, and which counter it takes.
    std::size_t prefix_end = std::string::npos;
    std::string prefix;
    for (const auto& [lead, name] : {std::pair{"id=\"surface", "surface"}, std::pair{"#surface", "surface"},
                                     std::pair{"id=\"image", "image"}, std::pair{"#image", "image"}}) {
      const std::string_view l(lead);
      if (svg.compare(at, l.size(), l) == 0) {
        prefix_end = at + l.size();
        prefix = name;
        break;
      }
    }
    std::size_t digits = prefix_end;
    while (digits != std::string::npos && digits < svg.size() && std::isdigit(static_cast<unsigned char>(svg[digits])))
      ++digits;
    if (prefix_end == std::string::npos || digits == prefix_end) {
      out += svg[at++];
      continue;
    }
    const std::string old = prefix + svg.substr(prefix_end, digits - prefix_end);
    auto it = renumbered.find(old);
    if (it == renumbered.end()) it = renumbered.emplace(old, ++counts[prefix]).first;
    out.append(svg, at, prefix_end - at);
    out += std::to_string(it->second);
    at = digits;
  }
  return out;
}

std::string page_name(std::size_t index) { return "page " + std::to_string(index + 1); }

}  // namespace

PixelSize pixel_size(const frame::Page& page, int dpi) {
  // Rounded up, less a rounding error's worth (612pt at 150 dpi is 1275).
  const auto pixels = [dpi](Scaled length) { return std::lround(std::ceil(to_pt(length) * dpi / kPointsPerInch - 1e-6)); };
  return {static_cast<int>(std::min<long>(pixels(page.width), kMaxPixels + 1L)),
          static_cast<int>(std::min<long>(pixels(page.height), kMaxPixels + 1L))};
}

void pages_png(const frame::Document& doc, const text::FontBook& book, int dpi, const PageSink& each) {
  detail::Painter painter(book, true);
  for (std::size_t i = 0; i < doc.pages.size(); ++i) {
    const frame::Page& page = doc.pages[i];
    const PixelSize size = pixel_size(page, dpi);
    if (size.width > kMaxPixels || size.height > kMaxPixels || size.width < 1 || size.height < 1)
      throw FatalError({Severity::Error, SourceSpan{page_name(i), 0, 0},
                        "at " + std::to_string(dpi) + " dpi the image would be " + std::to_string(size.width) + " × " +
                            std::to_string(size.height) + " pixels; the most is " + std::to_string(kMaxPixels) +
                            " a side",
                        "choose a lower --dpi"});
    CairoPtr<cairo_surface_t> surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, size.width, size.height));
    check_status(cairo_surface_status(surface.get()), page_name(i));
    CairoPtr<cairo_t> cr(cairo_create(surface.get()));
    // Points onto pixels at exactly the resolution, as pdftoppm maps them.
    cairo_scale(cr.get(), dpi / kPointsPerInch, dpi / kPointsPerInch);
    painter.paint(cr.get(), page);
    check_status(cairo_status(cr.get()), page_name(i));
    cr.reset();
    const std::string file = detail::encode_png(surface.get(), page_name(i));
    surface.reset();
    each(i, file);
  }
}

void pages_svg(const frame::Document& doc, const text::FontBook& book, const PageSink& each) {
  detail::Painter painter(book, false);
  for (std::size_t i = 0; i < doc.pages.size(); ++i) {
    const frame::Page& page = doc.pages[i];
    std::string bytes;
    {
      CairoPtr<cairo_surface_t> surface(
          cairo_svg_surface_create_for_stream(append, &bytes, to_pt(page.width), to_pt(page.height)));
      check_status(cairo_surface_status(surface.get()), page_name(i));
      cairo_svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PT);
      CairoPtr<cairo_t> cr(cairo_create(surface.get()));
      painter.paint(cr.get(), page);
      check_status(cairo_status(cr.get()), page_name(i));
      cr.reset();
      cairo_surface_finish(surface.get());  // writes the file's end
      check_status(cairo_surface_status(surface.get()), page_name(i));
    }
    each(i, stable_ids(bytes));
  }
}

}  // namespace cvpdf::raster
