// A theme's per-language words a language lacks (see language_words.hpp),
// from the field table's per-language rows and ICU's date words.
#include "theme/language_words.hpp"

#include "model/language_tags.hpp"
#include "model/locale_words.hpp"
#include "theme/style_fields.hpp"

namespace cvpdf::theme {

std::vector<std::string> missing_language_words(const model::StyleMap& style, const std::string& language) {
  std::vector<std::string> missing;
  const std::string primary = model::primary_language(language);
  if (primary == "en") return missing;  // the table's own words
  const bool icu_dates = model::locale_dates(language).has_value();
  for (const auto& f : style_fields()) {
    if (!f.per_language) continue;
    const std::string key(f.key);
    auto block = [&](const std::string& tag) {
      std::string own = key;
      return own.replace(own.find(".en."), 4, "." + tag + ".");
    };
    if (style.count(block(language)) || style.count(block(primary))) continue;
    // An English text that is empty (a theme's free header text, unset)
    // prints nothing in any language: nothing is missing.
    const auto english = style.find(key);
    if (english != style.end() ? english->second.scalar.empty() && !english->second.is_list : f.fallback.empty())
      continue;
    if (icu_dates && (key == "dates.en.pattern" || key == "dates.en.months")) continue;
    missing.push_back(block(language));
  }
  return missing;
}

}  // namespace cvpdf::theme
