// Case mapping by ICU (case_mapping.hpp).
#include "text/case_mapping.hpp"

#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

namespace cvpdf::text {

std::string to_upper(std::string_view text, const std::string& language) {
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale locale = icu::Locale::forLanguageTag(language, status);
  if (U_FAILURE(status)) locale = icu::Locale::getRoot();
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  u.toUpper(locale);
  std::string out;
  u.toUTF8String(out);
  return out;
}

std::string fold_case(std::string_view text) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  u.foldCase();
  std::string out;
  u.toUTF8String(out);
  return out;
}

bool has_upper_case(char32_t cp) {
  const auto c = static_cast<UChar32>(cp);
  // ß and the ligatures have no one-letter capital but do change (SS, FF).
  return u_toupper(c) != c || u_hasBinaryProperty(c, UCHAR_CHANGES_WHEN_UPPERCASED);
}

}  // namespace cvpdf::text
