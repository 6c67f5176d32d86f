// frame::Page → content stream (see page_content.hpp).
//
// Glyph positions: the frame gives each glyph's advance as set (justified
// spaces are wider, kerning already applied); the PDF reader advances by the
// width in /W. Instead of writing a correction after every glyph, the painter
// keeps both pens in integer millionths of an em — where the frame says the
// glyph goes, and where the reader will put it — and writes a TJ adjustment
// only when they drift apart by a tenth of a thousandth of an em or more.
// Rounding never accumulates, because the target is recomputed from the
// exact scaled-point sum for every glyph.
#include "pdf/page_content.hpp"

#include <algorithm>
#include <optional>
#include <variant>

#include "core/diagnostics.hpp"
#include "pdf/content_stream.hpp"
#include "pdf/format.hpp"

namespace cvpdf::pdf {

namespace {

[[noreturn]] void internal_error(const std::string& message) {
  throw FatalError({Severity::Error, SourceSpan{}, message, "this is a bug in cvpdf; please report it"});
}

// a × 10^6 / b rounded half away from zero (b > 0).
std::int64_t micro_ratio(std::int64_t a, std::int64_t b) {
  const __int128 scaled = static_cast<__int128>(a) * 1000000;
  return static_cast<std::int64_t>(scaled >= 0 ? (scaled + b / 2) / b : -((-scaled + b / 2) / b));
}

// a / b rounded half away from zero (b > 0).
std::int64_t rounded_div(std::int64_t a, std::int64_t b) { return a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b); }

double clamp01(double v) { return std::clamp(v, 0.0, 1.0); }

// Below this drift (in millionths of an em) no adjustment is written: 100
// is a tenth of a TJ unit, 0.001 pt at 10 pt — nothing any device shows.
constexpr std::int64_t kAdjustThreshold = 100;

// True when the glyph's text differs from what the ToUnicode map says for
// its code (an empty text is a cluster continuation and needs nothing).
bool needs_actual_text(const PageFont& font, std::uint16_t code, const std::string& text) {
  if (text.empty() || !font.unicode) return false;
  const auto mapped = font.unicode->find(code);
  return mapped == font.unicode->end() || mapped->second != text;
}

class Painter {
 public:
  Painter(const frame::Page& page, const PageResources& resources) : page_(page), resources_(resources) {}

  PaintedPage run() {
    for (const auto& element : page_.elements) {
      if (const auto* run = std::get_if<frame::GlyphRun>(&element)) paint(*run);
      else if (const auto* rule = std::get_if<frame::Rule>(&element)) paint(*rule);
      else if (const auto* image = std::get_if<frame::Image>(&element)) paint(*image);
      // LinkArea: an annotation, nothing to draw.
    }
    leave_text();
    out_.content = stream_.take();
    return std::move(out_);
  }

 private:
  double x_pt(Scaled x) const { return to_pt(x); }
  double y_pt(Scaled y_from_top) const { return to_pt(page_.height - y_from_top); }

  void fill_colour(const frame::Color& c) {
    const frame::Color clamped{clamp01(c.r), clamp01(c.g), clamp01(c.b)};
    if (fill_ && *fill_ == clamped) return;
    stream_.set_fill_rgb(clamped.r, clamped.g, clamped.b);
    fill_ = clamped;
  }

  void enter_text() {
    if (in_text_) return;
    stream_.begin_text();
    in_text_ = true;
  }

  void leave_text() {
    if (!in_text_) return;
    stream_.end_text();
    in_text_ = false;
  }

  void paint(const frame::GlyphRun& run) {
    if (run.glyphs.empty() || run.size <= 0) return;
    const auto font = resources_.fonts.find(run.face);
    if (font == resources_.fonts.end() || !font->second.glyphs)
      internal_error("no PDF font for face #" + std::to_string(run.face));
    const auto& glyphs = *font->second.glyphs;
    out_.fonts_used.insert(run.face);

    enter_text();
    fill_colour(run.color);
    if (!font_ || font_->first != run.face || font_->second != run.size) {
      stream_.set_font(font->second.resource, to_pt(run.size));
      font_ = {run.face, run.size};
    }
    stream_.set_text_matrix(1, 0, 0, 1, x_pt(run.x), y_pt(run.y));

    Scaled target = 0;      // the frame's pen, sp from the run origin
    std::int64_t pen = 0;   // the reader's pen, millionths of an em
    bool in_array = false;
    for (const auto& glyph : run.glyphs) {
      const auto encoded = glyphs.find(glyph.id);
      // Not a font problem: collect_font_usage checked every glyph against
      // its face and subset_font encoded each one or refused the font,
      // naming its file. A glyph missing here means the two walks differ.
      if (encoded == glyphs.end())
        internal_error("glyph " + std::to_string(glyph.id) + " of font #" + std::to_string(run.face) + " (/" +
                       font->second.resource + ") was not embedded");
      const bool actual_text = needs_actual_text(font->second, encoded->second.code, glyph.text);
      if (in_array && (glyph.y_offset != rise_ || actual_text)) {
        stream_.end_positioned();
        in_array = false;
      }
      if (glyph.y_offset != rise_) {
        stream_.set_rise(to_pt(glyph.y_offset));
        rise_ = glyph.y_offset;
      }
      if (actual_text) stream_.begin_actual_text(utf16be_hex(glyph.text));
      if (!in_array) {
        stream_.begin_positioned();
        in_array = true;
      }
      const std::int64_t drift = micro_ratio(target + glyph.x_offset, run.size) - pen;
      if (drift >= kAdjustThreshold || drift <= -kAdjustThreshold) {
        const std::int64_t hundredths = rounded_div(drift, 10);  // TJ units × 100
        stream_.positioned_adjustment(static_cast<double>(-hundredths) / 100.0);
        pen += hundredths * 10;
      }
      stream_.positioned_glyph(encoded->second.code);
      pen += encoded->second.width;
      target += glyph.advance;
      if (actual_text) {
        stream_.end_positioned();
        in_array = false;
        stream_.end_marked_content();
      }
    }
    if (in_array) stream_.end_positioned();
  }

  void paint(const frame::Rule& rule) {
    if (rule.width <= 0 || rule.height <= 0) return;
    leave_text();
    fill_colour(rule.color);
    stream_.rect(x_pt(rule.x), y_pt(rule.y + rule.height), to_pt(rule.width), to_pt(rule.height));
    stream_.fill_nonzero();
  }

  void paint(const frame::Image& image) {
    if (image.width <= 0 || image.height <= 0) return;
    const auto name = resources_.images.find(image.path);
    if (name == resources_.images.end()) internal_error("no PDF image for " + image.path);
    out_.images_used.insert(image.path);
    leave_text();
    stream_.save_state();
    stream_.transform(to_pt(image.width), 0, 0, to_pt(image.height), x_pt(image.x), y_pt(image.y + image.height));
    stream_.draw_xobject(name->second);
    stream_.restore_state();
  }

  const frame::Page& page_;
  const PageResources& resources_;
  ContentStream stream_;
  PaintedPage out_;
  bool in_text_ = false;
  std::optional<frame::Color> fill_;
  std::optional<std::pair<text::FaceId, Scaled>> font_;
  Scaled rise_ = 0;
};

}  // namespace

PaintedPage paint_page(const frame::Page& page, const PageResources& resources) {
  return Painter(page, resources).run();
}

}  // namespace cvpdf::pdf
