// The language of a résumé that declares none (a JSON Resume, a RenderCV
// file, a cvpdf file without `languages:`), read from its text: Han with
// kana is Japanese, Hangul Korean, Han alone Chinese in the script its
// characters are written in; Hebrew letters Hebrew, Arabic ones Arabic (or
// Persian, by the letters only Persian has); Latin text is English unless
// its function words say French, German, Spanish, Portuguese or Italian
// clearly.
#pragma once
#include <string>
#include <string_view>

#include "model/resume.hpp"

namespace cvpdf::model {

// The BCP 47 tag of the language `text` is in: ja, ko, zh-Hans, zh-Hant,
// he, ar, fa, fr, de, es, pt, it, or en (also for text with no letters).
std::string detect_language_of_text(std::string_view text);

// The language of the résumé's own words: the person's headline, location
// and summary, the entries and bullets (the first 64 KB of them). Not the
// name (an English résumé by 张伟 is English) and not section titles (a
// reader may set them in every language, json_resume's headings).
std::string detect_language(const Resume& resume);

// The one entry point for readers: a résumé whose languages no declaration
// gave (languages_declared false) gets the detected one as its only
// language. Returns true when it detected.
bool settle_language(Resume& resume);

}  // namespace cvpdf::model
