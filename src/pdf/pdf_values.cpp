// Small value helpers shared by the stages (see pdf_objects.hpp).

#include "core/utf8.hpp"
#include "pdf/format.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

Value pdf_int(std::int64_t value) { return Value(value); }

Token pdf_real(double value, int max_decimals) {
  Token token{" "};
  append_real(token.text, value, max_decimals);
  return token;
}

String pdf_ascii(std::string bytes) { return String{std::move(bytes)}; }

String pdf_text(const std::string& text) {
  bool plain = true;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7F) plain = false;
  }
  if (plain) return String{text};
  // The byte-order mark, then each character as one UTF-16 unit or a
  // surrogate pair; what is not UTF-8 becomes U+FFFD.
  String s{"\xFE\xFF"};
  auto unit = [&](std::uint32_t u) {
    s.bytes += static_cast<char>(u >> 8);
    s.bytes += static_cast<char>(u & 0xFF);
  };
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char32_t c = utf8::decode(text, pos);
    if (c >= 0x10000) {
      const std::uint32_t v = static_cast<std::uint32_t>(c) - 0x10000;
      unit(0xD800 + (v >> 10));
      unit(0xDC00 + (v & 0x3FF));
    } else {
      unit(static_cast<std::uint32_t>(c));
    }
  }
  return s;
}

}  // namespace cvpdf::pdf
