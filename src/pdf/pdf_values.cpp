// Small PoDoFo value helpers shared by the stages, and the trailer /ID
// (see pdf_objects.hpp).
#include <stdexcept>

#include "core/utf8.hpp"
#include "pdf/format.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

PdfVariant pdf_int(std::int64_t value) { return PdfVariant(static_cast<pdf_int64>(value)); }

PdfVariant pdf_real(double value, int max_decimals) {
  return PdfVariant(PdfData((" " + format_real(value, max_decimals)).c_str()));
}

PdfString pdf_text(const std::string& text) {
  bool plain = true;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7F) plain = false;
  }
  if (plain) return PdfString(text);
  // Invalid UTF-8 would make PoDoFo's converter throw; repair it first.
  std::string valid;
  std::size_t pos = 0;
  while (pos < text.size()) utf8::append(valid, utf8::decode(text, pos));
  return PdfString(reinterpret_cast<const pdf_utf8*>(valid.c_str()));
}

void set_file_id(std::string& pdf) {
  const std::size_t trailer = pdf.rfind("trailer");
  if (trailer == std::string::npos) throw std::logic_error("PDF writer produced no trailer");
  const std::size_t key = pdf.find("/ID", trailer);
  if (key == std::string::npos) throw std::logic_error("PDF writer produced no /ID");
  const auto digest = digest128(std::string_view(pdf).substr(0, trailer));
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string hex;
  for (auto b : digest) {
    hex += kHex[b >> 4];
    hex += kHex[b & 0xF];
  }
  // Both entries: the file is new, so the permanent and the changing
  // identifier are the same. PoDoFo's own entries are not always 32 digits:
  // it builds them from the MD5 through a C string, so a zero byte in the
  // digest cuts them short. Each is replaced whole; the trailer follows the
  // cross-reference table, so its length moves no offset.
  std::size_t pos = key;
  for (int entry = 0; entry < 2; ++entry) {
    const std::size_t open = pdf.find('<', pos);
    const std::size_t close = open == std::string::npos ? open : pdf.find('>', open);
    if (close == std::string::npos) throw std::logic_error("unexpected /ID layout in the PDF trailer");
    pdf.replace(open + 1, close - open - 1, hex);
    pos = open + 1 + hex.size() + 1;
  }
}

}  // namespace cvpdf::pdf
