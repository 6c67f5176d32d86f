// Drawing frames with cairo (see cairo_painter.hpp): glyph runs through
// cairo_show_glyphs at the positions the composer set, rules as filled
// rectangles, photos scaled into their boxes, in the page's order, as the
// PDF painter (pdf/page_content.cpp) draws them; a colour emoji as its
// picture instead of its glyph, where the PDF draws it. Link areas are invisible.
#include "raster/cairo_painter.hpp"

#include <algorithm>
#include <cmath>

namespace cvpdf::raster::detail {

void check_status(cairo_status_t status, const std::string& what) {
  if (status == CAIRO_STATUS_SUCCESS) return;
  throw FatalError({Severity::Error, SourceSpan{what, 0, 0},
                    std::string("cannot draw the preview: cairo says ") + cairo_status_to_string(status),
                    status == CAIRO_STATUS_NO_MEMORY ? "choose a lower --dpi" : ""});
}

Painter::Painter(const text::FontBook& book, bool outlines)
    : book_(book), outlines_(outlines), options_(cairo_font_options_create()) {
  // Unhinted outlines at their true positions, as a PDF viewer draws them
  // (hinting would move glyphs off the composer's positions), gray
  // antialiasing so that the pixels do not depend on a screen's subpixels.
  cairo_font_options_set_hint_style(options_.get(), CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options_.get(), CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias(options_.get(), CAIRO_ANTIALIAS_GRAY);
}

void Painter::paint(cairo_t* cr, const frame::Page& page) {
  cairo_set_font_options(cr, options_.get());
  cairo_set_source_rgb(cr, 1, 1, 1);  // the paper
  cairo_paint(cr);
  for (const auto& element : page.elements) {
    if (const auto* run = std::get_if<frame::GlyphRun>(&element)) paint(cr, *run);
    else if (const auto* rule = std::get_if<frame::Rule>(&element)) paint(cr, *rule);
    else if (const auto* image = std::get_if<frame::Image>(&element)) paint(cr, *image);
  }
}

cairo_font_face_t* Painter::font(text::FaceId id) {
  auto it = fonts_.find(id);
  if (it == fonts_.end()) it = fonts_.emplace(id, make_font_face(book_.face(id))).first;
  return it->second.get();
}

std::vector<frame::EmojiPicture> Painter::pictures(const frame::GlyphRun& run) {
  return frame::may_want_colour(run) ? frame::emoji_pictures(run, book_.colour_emoji())
                                     : std::vector<frame::EmojiPicture>();
}

void Painter::paint(cairo_t* cr, const frame::GlyphRun& run) {
  if (run.glyphs.empty()) return;
  glyphs_.clear();
  const std::vector<frame::EmojiPicture> shown = pictures(run);
  auto next = shown.begin();
  Scaled pen = run.x;
  for (std::size_t i = 0; i < run.glyphs.size(); ++i) {
    const frame::Glyph& g = run.glyphs[i];
    if (next != shown.end() && i >= next->first + next->count) ++next;
    if (next != shown.end() && i >= next->first) {  // drawn as its picture
      pen += g.advance;
      continue;
    }
    double x = to_pt(pen + g.x_offset), y = to_pt(run.y - g.y_offset);  // y_offset points up
    if (outlines_) {
      cairo_user_to_device(cr, &x, &y);
      y = std::floor(y);
      cairo_device_to_user(cr, &x, &y);
    }
    glyphs_.push_back({g.id, x, y});
    pen += g.advance;
  }
  cairo_set_font_face(cr, font(run.face));
  // Font expansion widens (narrows) the glyphs themselves, as the PDF's text matrix does.
  cairo_matrix_t size;
  cairo_matrix_init_scale(&size, to_pt(run.size) * (1000 + run.expansion) / 1000.0, to_pt(run.size));
  cairo_set_font_matrix(cr, &size);
  cairo_set_source_rgb(cr, run.color.r, run.color.g, run.color.b);
  if (outlines_) {
    cairo_glyph_path(cr, glyphs_.data(), static_cast<int>(glyphs_.size()));
    cairo_fill(cr);
  } else {
    cairo_show_glyphs(cr, glyphs_.data(), static_cast<int>(glyphs_.size()));
  }
  for (const frame::EmojiPicture& picture : shown) paint(cr, picture);
}

namespace {

// `pixels` scaled to fill the box (top-left x, y), as the PDF's unit-square image is.
void fill_box(cairo_t* cr, cairo_surface_t* pixels, Scaled x, Scaled y, Scaled box_width, Scaled box_height) {
  const int width = cairo_image_surface_get_width(pixels), height = cairo_image_surface_get_height(pixels);
  if (width <= 0 || height <= 0 || box_width <= 0 || box_height <= 0) return;
  cairo_save(cr);
  cairo_rectangle(cr, to_pt(x), to_pt(y), to_pt(box_width), to_pt(box_height));
  cairo_clip(cr);
  cairo_translate(cr, to_pt(x), to_pt(y));
  cairo_scale(cr, to_pt(box_width) / width, to_pt(box_height) / height);
  cairo_set_source_surface(cr, pixels, 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
  cairo_paint(cr);
  cairo_restore(cr);
}

cairo_status_t read_png_bytes(void* closure, unsigned char* data, unsigned int length) {
  auto* rest = static_cast<std::string_view*>(closure);
  if (rest->size() < length) return CAIRO_STATUS_READ_ERROR;
  std::copy_n(rest->data(), length, data);
  rest->remove_prefix(length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

void Painter::paint(cairo_t* cr, const frame::EmojiPicture& picture) {
  auto it = emoji_.find(picture.glyph->glyph);
  if (it == emoji_.end()) {
    std::string_view rest = picture.glyph->png;
    CairoPtr<cairo_surface_t> surface(cairo_image_surface_create_from_png_stream(read_png_bytes, &rest));
    check_status(cairo_surface_status(surface.get()), "a colour emoji picture");
    it = emoji_.emplace(picture.glyph->glyph, std::move(surface)).first;
  }
  fill_box(cr, it->second.get(), picture.x, picture.y, picture.width, picture.height);
}

void Painter::paint(cairo_t* cr, const frame::Rule& rule) {
  cairo_set_source_rgb(cr, rule.color.r, rule.color.g, rule.color.b);
  cairo_rectangle(cr, to_pt(rule.x), to_pt(rule.y), to_pt(rule.width), to_pt(rule.height));
  cairo_fill(cr);
}

void Painter::paint(cairo_t* cr, const frame::Image& image) {
  if (image.width <= 0 || image.height <= 0) return;
  // The pixels the box covers on the surface: a PNG's at its resolution;
  // an SVG's device unit is the point, and its file embeds the photo's own
  // bytes — the surface is only what cairo falls back on, at 4 × 72 dpi.
  double across = to_pt(image.width), down = to_pt(image.height);
  cairo_user_to_device_distance(cr, &across, &down);
  const double oversampling = outlines_ ? 1 : 4;
  const auto pixels_for = [oversampling](double length) {
    return static_cast<int>(std::min(std::ceil(std::abs(length) * oversampling), 32767.0));
  };
  const int most_width = pixels_for(across), most_height = pixels_for(down);
  const std::string key = image.path + '\n' + std::to_string(most_width) + 'x' + std::to_string(most_height);
  auto it = images_.find(key);
  if (it == images_.end()) it = images_.emplace(key, make_image(image.path, most_width, most_height)).first;
  fill_box(cr, it->second.get(), image.x, image.y, image.width, image.height);
}

}  // namespace cvpdf::raster::detail
