// Upper-casing by ICU's full case mapping in a language's rules: ß → SS,
// é → É, Turkish i → İ, Greek capitals without their accents. Headings in
// capitals and small capitals (compose/headings.cpp) and the text export's
// headings (app/text_export.cpp) go through here.
#pragma once
#include <string>
#include <string_view>

namespace cvpdf::text {

// `text` (UTF-8) in capitals by the rules of `language` (a BCP 47 tag).
std::string to_upper(std::string_view text, const std::string& language);

// `text` case-folded (ICU's default folding: ß and SS both fold to ss), for
// comparing texts whatever capitals either was set in.
std::string fold_case(std::string_view text);

// True when the code point changes in capitals (a lower-case letter, ß):
// small capitals set such runs smaller.
bool has_upper_case(char32_t cp);

}  // namespace cvpdf::text
