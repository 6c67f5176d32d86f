// Content streams written by hand: one method per PDF operator, one operator
// per line, numbers through append_real (locale-independent, trimmed),
// names escaped by PoDoFo. It knows nothing about fonts
// or frames and is tested byte for byte.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace cvpdf::pdf {

class ContentStream {
 public:
  // Graphics state.
  ContentStream& save_state();                                               // q
  ContentStream& restore_state();                                            // Q
  ContentStream& transform(double a, double b, double c, double d, double e, double f);  // cm
  ContentStream& set_fill_rgb(double r, double g, double b);                 // rg

  // Paths.
  ContentStream& rect(double x, double y, double width, double height);     // re
  ContentStream& fill_nonzero();                                             // f

  // XObjects.
  ContentStream& draw_xobject(std::string_view name);                        // /Name Do

  // Text objects and text state.
  ContentStream& begin_text();                                               // BT
  ContentStream& end_text();                                                 // ET
  ContentStream& set_font(std::string_view name, double size);              // /Name size Tf
  ContentStream& set_text_matrix(double a, double b, double c, double d, double e, double f);  // Tm
  ContentStream& set_rise(double rise);                                      // Ts
  ContentStream& set_horizontal_scaling(double percent);                     // Tz
  ContentStream& set_render_mode(int mode);                                  // Tr (0 fill, 3 invisible)

  // A TJ array, built item by item: consecutive glyph codes share one hex
  // string; an adjustment (thousandths of text space, positive moves the
  // next glyph left, as in the PDF operator) separates them.
  ContentStream& begin_positioned();                                         // [
  ContentStream& positioned_glyph(std::uint16_t code);                       // <XXXX>
  ContentStream& positioned_adjustment(double thousandths);                  // -12.5
  ContentStream& end_positioned();                                           // ] TJ

  // Marked content: a span whose text for extraction and copying is
  // `utf16be_hex` (UTF-16BE as hex, without BOM) instead of its glyphs'.
  ContentStream& begin_actual_text(std::string_view utf16be_hex);           // /Span <<…>> BDC
  ContentStream& end_marked_content();                                       // EMC
  // Marked content with properties: an MCID (tagged content, the structure
  // element's type as the tag) and/or an /ActualText (UTF-16BE hex, no BOM).
  ContentStream& begin_marked_content(std::string_view tag, std::optional<std::int64_t> mcid,
                                      const std::optional<std::string>& actual_text_hex = std::nullopt);  // BDC
  ContentStream& begin_artifact();                                           // /Artifact BMC

  const std::string& bytes() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void numbers(std::initializer_list<double> values);
  void close_hex();

  std::string out_;
  bool in_hex_ = false;
};

}  // namespace cvpdf::pdf
