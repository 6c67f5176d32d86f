// The language a run of text in another script than the document's is
// tagged with (the /Lang of its Span, compose/structure.cpp): a screen
// reader switches its voice by /Lang, and an Arabic, Hebrew, Devanagari or
// Thai phrase read with English rules is noise. Owns the table from a
// script (ICU's UScriptCode, per UAX #24) to the language most written in
// it; Chinese, Japanese and Korean are the structure builder's own
// (model::detect_language_of_text tells them apart by their text).
#pragma once
#include <string>
#include <string_view>

namespace cvpdf::text {

// The BCP 47 tag for `text` when it holds letters of a script that is
// neither Latin, nor Han, kana or Hangul, nor a script `document_language`
// is written in (ICU's uscript_getCode: "uk" is written in Cyrillic, so a
// Ukrainian résumé's Cyrillic is not tagged "ru"): the language of the first
// such script met ("ar" Arabic, "he" Hebrew, "hi" Devanagari, "th" Thai,
// "el" Greek, "ru" Cyrillic …; "und" for a script with no table entry).
// Empty when there is none, and for a run that also holds Latin letters:
// a tag covers a whole run, and a Greek word set in the Latin face around
// it shares that run with English words. Latin inside a document in
// another script is not tagged: a technical term reads as written in any
// language.
std::string foreign_script_language(std::string_view text, const std::string& document_language);

}  // namespace cvpdf::text
