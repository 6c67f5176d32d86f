// Small PoDoFo value helpers shared by the stages, and the trailer /ID
// (see pdf_objects.hpp).

#include "core/utf8.hpp"
#include "pdf/format.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

PdfVariant pdf_int(std::int64_t value) { return PdfVariant(static_cast<pdf_int64>(value)); }

PdfVariant pdf_real(double value, int max_decimals) {
  std::string token = " ";
  append_real(token, value, max_decimals);
  return PdfVariant(PdfData(token.c_str()));
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

}  // namespace cvpdf::pdf
