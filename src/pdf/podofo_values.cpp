// PoDoFo values and streams made from cvpdf's (see pdf_objects.hpp): PoDoFo
// writes them; here only what it cannot know — how far a real is rounded,
// which encoding a text needs, and that UTF-8 from a résumé may be invalid.
#include <algorithm>
#include <cmath>

#include "core/utf8.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

PdfVariant pdf_int(std::int64_t value) { return PdfVariant(static_cast<pdf_int64>(value)); }

double round_real(double value, int max_decimals) {
  // PDF readers only promise ±32767 for reals; anything near 1e12 is a bug
  // upstream, and clamping keeps llround defined.
  if (!std::isfinite(value)) return 0;
  value = std::clamp(value, -1e12, 1e12);
  double scale = 1;
  for (int i = 0; i < max_decimals; ++i) scale *= 10;
  const long long units = std::llround(value * scale);
  // PoDoFo would write -0.0 as "-0".
  return units == 0 ? 0.0 : static_cast<double>(units) / scale;
}

PdfVariant pdf_real(double value, int max_decimals) { return PdfVariant(round_real(value, max_decimals)); }

PdfString pdf_text(const std::string& text) {
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x7F;
  });
  if (plain) return PdfString(text);
  std::string valid;
  std::size_t pos = 0;
  while (pos < text.size()) utf8::append(valid, utf8::decode(text, pos));
  return PdfString(reinterpret_cast<const pdf_utf8*>(valid.data()), static_cast<pdf_long>(valid.size()));
}

PdfArray& add_array(PdfDictionary& dictionary, const PdfName& key) {
  dictionary.AddKey(key, PdfArray());
  return dictionary.GetKey(key)->GetArray();
}

PdfDictionary& add_dictionary(PdfDictionary& dictionary, const PdfName& key) {
  dictionary.AddKey(key, PdfDictionary());
  return dictionary.GetKey(key)->GetDictionary();
}

void set_stream(PdfObject& object, std::string_view data) {
  // The length always: Set(const char*) alone would stop at a NUL byte.
  object.GetStream()->Set(data.data(), static_cast<pdf_long>(data.size()));
}

void set_encoded_stream(PdfObject& object, std::string_view data, const char* filter) {
  // No filters: PoDoFo stores the bytes as given and drops /Filter.
  object.GetStream()->Set(data.data(), static_cast<pdf_long>(data.size()), TVecFilters());
  if (*filter) object.GetDictionary().AddKey(PdfName::KeyFilter, PdfName(filter));
}

PdfObject& add_stream(PdfMemDocument& pdf, std::string_view data) {
  PdfObject& object = *pdf.GetObjects().CreateObject();
  set_stream(object, data);
  return object;
}

}  // namespace cvpdf::pdf
