// Words a résumé's variant prints that the résumé does not write: month
// names and the date pattern from ICU's locale data (CLDR) for any language
// ICU knows, and the headings of JSON Resume's sections in the languages
// cvpdf has words for. A theme's `dates:`/`words:` blocks win over both
// (style_reader.cpp asks here only for what no block writes).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/resume.hpp"

namespace cvpdf::model {

// A date pattern in the layout's terms ({month} {year}, {year}年{m}月) and
// the 12 month names {month} stands for, from CLDR's "yMMM" skeleton.
struct LocaleDates {
  std::string pattern;
  std::vector<std::string> months;  // abbreviated, in the form the pattern uses (MMM or LLL)
};

// ICU's dates for a BCP 47 tag; nullopt when ICU has no data for the
// language (it would answer with the root locale's "M06").
std::optional<LocaleDates> locale_dates(const std::string& language);

// An ICU date pattern ("MMM y", "y年M月", "LLL y 'г'.") in the layout's
// placeholders; fields the layout has no placeholder for (era) are left out.
std::string layout_date_pattern(std::string_view icu_pattern);

// The heading of a JSON Resume section (its key: work, education, …) in
// `language` (the tag, then its script or primary subtag), or nullopt when
// cvpdf has no word for it in that language.
std::optional<std::string> section_heading_word(std::string_view section, const std::string& language);

// The heading as a Localized value: English as the unlocalized text, and
// every language cvpdf has words for, so whichever language the résumé
// settles on (language_detect.hpp) reads its own word.
Localized section_heading(std::string_view section, SourceSpan span = {});

}  // namespace cvpdf::model
