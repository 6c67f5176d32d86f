// A theme's per-language words over ICU's: which block a variant reads its
// dates from, and which words a language lacks (theme/language_words.hpp).
#include <gtest/gtest.h>

#include <algorithm>

#include "theme/language_words.hpp"
#include "theme/style.hpp"

namespace cvpdf::theme {
namespace {

using model::StyleMap;
using model::StyleValue;

StyleMap style_of(std::initializer_list<std::pair<const char*, const char*>> keys) {
  StyleMap m;
  for (const auto& [k, v] : keys) {
    StyleValue value;
    value.scalar = v;
    m.emplace(k, value);
  }
  return m;
}

TEST(LocaleWords, ALanguageWithoutABlockTakesIcusDatesBeforeEnglish) {
  Diagnostics d;
  const StyleMap none;
  Style fr = resolve_style(none, none, "fr", d);
  EXPECT_EQ(fr.dates.pattern, "{month} {year}");
  ASSERT_EQ(fr.dates.months.size(), 12u);
  EXPECT_EQ(fr.dates.months[5], "juin");
  Style en = resolve_style(none, none, "en", d);
  EXPECT_EQ(en.dates.months[5], "Jun");
}

TEST(LocaleWords, TheThemesKeysWinOverIcu) {
  Diagnostics d;
  const StyleMap theme = style_of({{"dates.de.pattern", "{mm}/{year}"}, {"dates.zh-Hant.present", "迄今"}});
  Style de = resolve_style(StyleMap{}, theme, "de", d);
  EXPECT_EQ(de.dates.pattern, "{mm}/{year}");
  // The whole tag's block, then the primary subtag's.
  const StyleMap both = style_of({{"dates.zh.present", "至今"}, {"dates.zh-Hant.present", "迄今"}});
  EXPECT_EQ(resolve_style(StyleMap{}, both, "zh-Hant", d).dates.present, "迄今");
  EXPECT_EQ(resolve_style(StyleMap{}, both, "zh-Hans", d).dates.present, "至今");
  EXPECT_FALSE(d.has_errors());
}

TEST(LocaleWords, MissingWordsAreTheOnesNeitherABlockNorIcuGives) {
  const StyleMap theme = style_of({{"dates.fr.present", "aujourd’hui"}, {"words.fr.page", "Page {page} sur {pages}"}});
  auto missing = missing_language_words(theme, "fr");
  EXPECT_EQ(std::count(missing.begin(), missing.end(), "words.fr.page"), 0);
  EXPECT_EQ(std::count(missing.begin(), missing.end(), "dates.fr.present"), 0);
  EXPECT_EQ(std::count(missing.begin(), missing.end(), "dates.fr.pattern"), 0);  // ICU has it
  EXPECT_EQ(std::count(missing.begin(), missing.end(), "words.fr.resume"), 1);
  EXPECT_TRUE(missing_language_words(StyleMap{}, "en").empty());
  // A free margin text left empty prints nothing in any language; one the
  // English block gives would be printed in English, so French lacks it.
  EXPECT_EQ(std::count(missing.begin(), missing.end(), "words.fr.footer-text"), 0);
  const StyleMap footer = style_of({{"words.en.footer-text", "I consent."}});
  missing = missing_language_words(footer, "fr");
  EXPECT_EQ(std::count(missing.begin(), missing.end(), "words.fr.footer-text"), 1);
  EXPECT_EQ(std::count(missing.begin(), missing.end(), "words.fr.header-text"), 0);
}

}  // namespace
}  // namespace cvpdf::theme
