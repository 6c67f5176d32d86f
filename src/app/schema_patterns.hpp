// The regular expressions of the JSON Schemas (json_schema.cpp): what the
// loader takes as a date, a date range, a link target, an e-mail address, a
// colour, a length — each written as the reader it mirrors decides
// (model/dates.cpp, model/link_policy.cpp, model/color_names.hpp,
// theme/style_reader.cpp) — and the keys one typo away from a key.
// Each is anchored and uses only what both ECMAScript (the `u` flag
// yaml-language-server compiles with) and Python's `re` read alike: no
// flags, so "any case" is spelt [pP][rR]…, and no needless escapes.
#pragma once
#include <span>
#include <string>
#include <string_view>

namespace cvpdf::app {

// "[pP][tT]" for "pt": letters in either case, anything else as it is.
std::string any_case(std::string_view word);

// "(?:[aA]4|[lL]etter)": any of `words`, in any case, unanchored.
std::string any_case_words(std::span<const std::string> words);

// One date: 2024, 2024-06, 2024-6-30 (a day its month has, 29 February
// in any year), or present in any case; blanks around it.
std::string date_pattern();
// A date, or a range of two: the separators parse_date_range takes, and
// two bare years joined by a hyphen (2019-2023).
std::string date_range_pattern();
// A link target link_uri keeps: http, https, mailto or tel in any case, or
// a bare host (example.com/x, localhost:8080) that gets https://.
std::string url_pattern();
// An address linkable_email takes: one '@' with text on both sides, no
// blank, ':', '/', '<' or '>'.
std::string email_pattern();
// A colour name in any case among `names`, or #rgb / #rrggbb with or
// without the '#'.
std::string colour_pattern(std::span<const std::string> names);
// A number with a unit among `units` (any case), blanks allowed between.
std::string length_pattern(std::span<const std::string> units);
// Any key one edit from `key` — a letter left out, added, changed, or two
// neighbours swapped — `key` itself included.
std::string typo_pattern(std::string_view key);

}  // namespace cvpdf::app
