// Scripts to languages for /Lang (script_language.hpp), with ICU's script
// property data (uscript.h).
#include "text/script_language.hpp"

#include <unicode/uscript.h>

#include <array>
#include <cctype>
#include <utility>

#include "core/utf8.hpp"

namespace cvpdf::text {

namespace {

// The language most written in each script, the one a reader's voice is
// chosen by. Where a script serves many languages this is a guess (Cyrillic
// is also Ukrainian, Bulgarian, Serbian; Arabic also Persian and Urdu;
// Devanagari also Marathi and Nepali), which the document's own language
// overrides for its script.
constexpr std::array<std::pair<UScriptCode, const char*>, 26> kLanguages{{
    {USCRIPT_ARABIC, "ar"},     {USCRIPT_HEBREW, "he"},    {USCRIPT_DEVANAGARI, "hi"}, {USCRIPT_THAI, "th"},
    {USCRIPT_GREEK, "el"},      {USCRIPT_CYRILLIC, "ru"},  {USCRIPT_ARMENIAN, "hy"},   {USCRIPT_GEORGIAN, "ka"},
    {USCRIPT_BENGALI, "bn"},    {USCRIPT_GURMUKHI, "pa"},  {USCRIPT_GUJARATI, "gu"},   {USCRIPT_ORIYA, "or"},
    {USCRIPT_TAMIL, "ta"},      {USCRIPT_TELUGU, "te"},    {USCRIPT_KANNADA, "kn"},    {USCRIPT_MALAYALAM, "ml"},
    {USCRIPT_SINHALA, "si"},    {USCRIPT_LAO, "lo"},       {USCRIPT_KHMER, "km"},      {USCRIPT_MYANMAR, "my"},
    {USCRIPT_TIBETAN, "bo"},    {USCRIPT_ETHIOPIC, "am"},  {USCRIPT_SYRIAC, "syr"},    {USCRIPT_THAANA, "dv"},
    {USCRIPT_MONGOLIAN, "mn"},  {USCRIPT_CHEROKEE, "chr"},
}};

bool untagged(UScriptCode script) {
  switch (script) {
    case USCRIPT_COMMON:
    case USCRIPT_INHERITED:
    case USCRIPT_UNKNOWN:
    case USCRIPT_LATIN:
    case USCRIPT_HAN:
    case USCRIPT_HIRAGANA:
    case USCRIPT_KATAKANA:
    case USCRIPT_HANGUL:
    case USCRIPT_BOPOMOFO:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string foreign_script_language(std::string_view text, const std::string& document_language) {
  UScriptCode found = USCRIPT_INVALID_CODE;
  for (std::size_t pos = 0; pos < text.size();) {
    // ASCII is Latin or Common: most runs are told without ICU.
    if (const unsigned char c = static_cast<unsigned char>(text[pos]); c < 0x80) {
      if (std::isalpha(c)) return {};
      ++pos;
      continue;
    }
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(static_cast<UChar32>(utf8::decode(text, pos)), &status);
    if (U_FAILURE(status)) continue;
    if (script == USCRIPT_LATIN) return {};
    if (found == USCRIPT_INVALID_CODE && !untagged(script)) found = script;
  }
  if (found == USCRIPT_INVALID_CODE) return {};
  std::array<UScriptCode, 8> own{};
  UErrorCode status = U_ZERO_ERROR;
  const int count = uscript_getCode(document_language.c_str(), own.data(), static_cast<int>(own.size()), &status);
  for (int i = 0; U_SUCCESS(status) && i < count; ++i)
    if (own[static_cast<std::size_t>(i)] == found) return {};
  for (const auto& [script, language] : kLanguages)
    if (script == found) return language;
  return "und";
}

}  // namespace cvpdf::text
