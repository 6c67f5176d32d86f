// The operator writer (see content_stream.hpp). Coordinates and sizes get
// three decimals (a thousandth of a point is far below what any device
// shows), colour components three, TJ adjustments two.
#include "pdf/content_stream.hpp"

#include <iterator>
#include <string>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "pdf/format.hpp"
#include "pdf/podofo.hpp"

namespace cvpdf::pdf {

void ContentStream::numbers(std::initializer_list<double> values) {
  for (double v : values) {
    append_real(out_, v, 3);
    out_ += ' ';
  }
}

void ContentStream::close_hex() {
  if (in_hex_) {
    out_ += '>';
    in_hex_ = false;
  }
}

ContentStream& ContentStream::save_state() {
  out_ += "q\n";
  return *this;
}

ContentStream& ContentStream::restore_state() {
  out_ += "Q\n";
  return *this;
}

ContentStream& ContentStream::transform(double a, double b, double c, double d, double e, double f) {
  numbers({a, b, c, d, e, f});
  out_ += "cm\n";
  return *this;
}

ContentStream& ContentStream::set_fill_rgb(double r, double g, double b) {
  numbers({r, g, b});
  out_ += "rg\n";
  return *this;
}

ContentStream& ContentStream::rect(double x, double y, double width, double height) {
  numbers({x, y, width, height});
  out_ += "re\n";
  return *this;
}

ContentStream& ContentStream::fill_nonzero() {
  out_ += "f\n";
  return *this;
}

ContentStream& ContentStream::draw_xobject(std::string_view name) {
  out_ += '/';
  out_ += name;
  out_ += " Do\n";
  return *this;
}

ContentStream& ContentStream::begin_text() {
  out_ += "BT\n";
  return *this;
}

ContentStream& ContentStream::end_text() {
  out_ += "ET\n";
  return *this;
}

ContentStream& ContentStream::set_font(std::string_view name, double size) {
  out_ += '/';
  out_ += name;
  out_ += ' ';
  numbers({size});
  out_ += "Tf\n";
  return *this;
}

ContentStream& ContentStream::set_text_matrix(double a, double b, double c, double d, double e, double f) {
  numbers({a, b, c, d, e, f});
  out_ += "Tm\n";
  return *this;
}

ContentStream& ContentStream::set_render_mode(int mode) {
  numbers({static_cast<double>(mode)});
  out_ += "Tr\n";
  return *this;
}

ContentStream& ContentStream::set_horizontal_scaling(double percent) {
  numbers({percent});
  out_ += "Tz\n";
  return *this;
}

ContentStream& ContentStream::set_rise(double rise) {
  numbers({rise});
  out_ += "Ts\n";
  return *this;
}

ContentStream& ContentStream::begin_actual_text(std::string_view utf16be_hex) {
  out_ += "/Span <</ActualText <FEFF";
  out_ += utf16be_hex;
  out_ += ">>> BDC\n";
  return *this;
}

ContentStream& ContentStream::begin_marked_content(std::string_view tag, std::optional<std::int64_t> mcid,
                                                   const std::optional<std::string>& actual_text_hex) {
  // Escaped by PoDoFo as the structure tree's /S is, so no role can break
  // the stream and the tag reads as the same name there.
  out_ += '/';
  out_ += PoDoFo::PdfName(std::string(tag)).GetEscapedName();
  out_ += " <<";
  if (mcid) {
    fmt::format_to(std::back_inserter(out_), FMT_COMPILE("/MCID {}"), *mcid);
  }
  if (actual_text_hex) {
    out_ += "/ActualText <FEFF";
    out_ += *actual_text_hex;
    out_ += '>';
  }
  out_ += ">> BDC\n";
  return *this;
}

ContentStream& ContentStream::begin_artifact() {
  out_ += "/Artifact BMC\n";
  return *this;
}

ContentStream& ContentStream::end_marked_content() {
  out_ += "EMC\n";
  return *this;
}

ContentStream& ContentStream::begin_positioned() {
  out_ += '[';
  return *this;
}

ContentStream& ContentStream::positioned_glyph(std::uint16_t code) {
  if (!in_hex_) {
    out_ += '<';
    in_hex_ = true;
  }
  append_hex_code(out_, code);
  return *this;
}

ContentStream& ContentStream::positioned_adjustment(double thousandths) {
  close_hex();
  // Two adjacent numbers need a space between them; after '>' or '[' not.
  if (!out_.empty() && out_.back() != '[' && out_.back() != '>') out_ += ' ';
  append_real(out_, thousandths, 2);
  return *this;
}

ContentStream& ContentStream::end_positioned() {
  close_hex();
  out_ += "] TJ\n";
  return *this;
}

}  // namespace cvpdf::pdf
