// Typographic punctuation for plain text: straight quotes and apostrophes
// become the language's quotation marks (CLDR's, through ICU's locale data)
// and the apostrophe ’, and a hyphen between two numbers of a range becomes
// an en dash. Pure functions of the text and the language tag; the markup
// parser calls them on runs that are not code (see the user guide,
// "Punctuation").
#pragma once
#include <string>
#include <string_view>

namespace cvpdf::text {

struct TypographyOptions {
  // Japanese in corner brackets 「…」『…』 (style text.ja-quotes: corner);
  // otherwise “…” ‘…’, as most Japanese résumés set in a Latin-leaning face.
  bool corner_quotes = false;
  // Leave URLs (scheme://… and www.…, up to white space) exactly as typed.
  bool keep_urls = false;
};

// The language's quotation marks, outer and inner: “ ” ‘ ’ for "en".
struct QuoteMarks {
  std::string open, close, inner_open, inner_close;
};
QuoteMarks quote_marks(const std::string& language, bool corner_quotes = false);

// " and ' as the language quotes, ' as an apostrophe (don't → don’t, '90s →
// ’90s, rock 'n' roll → rock ’n’ roll); numeric ranges with an en dash
// (en_dash_ranges). A " that pairs with nothing keeps its side by context;
// a ' that pairs with nothing is an apostrophe.
std::string typographic(std::string_view text, const std::string& language);
std::string typographic(std::string_view text, const std::string& language, const TypographyOptions& options);

// Only the range rule: "2019-2021", "pp. 12-15", "10-20%" take an en dash
// (U+2013). A hyphen counts when it stands between two whole numbers, the
// second larger than the first, neither with a leading zero, the pair not
// joined to letters, dots, slashes, other hyphens or the like (so "2021-09",
// "2021-09-01", "v1.2-3", "ISO-9001", "COVID-19", URLs stay), and not the
// 3-4 digit shape of a phone number ("555-1234").
std::string en_dash_ranges(std::string_view text);

}  // namespace cvpdf::text
