// The JSON Schemas' regular expressions (schema_patterns.hpp).
#include "app/schema_patterns.hpp"

#include <algorithm>
#include <vector>

namespace cvpdf::app {

namespace {

bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::string_view("\\^$.|?*+()[]{}/").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::string joined(const std::vector<std::string>& alternatives) {
  std::string out;
  for (const auto& a : alternatives) out += (out.empty() ? "" : "|") + a;
  return out;
}

// A date without anchors or blanks: YYYY (not 0000), YYYY-M, YYYY-M-D.
std::string bare_date() {
  const std::string day_31 = "(?:0?[13578]|1[02])-(?:0?[1-9]|[12][0-9]|3[01])";
  const std::string day_30 = "(?:0?[469]|11)-(?:0?[1-9]|[12][0-9]|30)";
  const std::string day_29 = "0?2-(?:0?[1-9]|[12][0-9])";
  const std::string month = "(?:0?[1-9]|1[0-2])";
  return "(?!0000)[0-9]{4}(?:-(?:" + day_31 + "|" + day_30 + "|" + day_29 + "|" + month + "))?";
}

}  // namespace

std::string any_case(std::string_view word) {
  std::string out;
  for (char c : word) {
    if (letter(c)) {
      const char lower = static_cast<char>(c | 0x20);
      out += std::string("[") + lower + static_cast<char>(lower - 'a' + 'A') + "]";
    } else {
      out += escaped(std::string_view(&c, 1));
    }
  }
  return out;
}

std::string any_case_words(std::span<const std::string> words) {
  std::vector<std::string> alternatives;
  for (const auto& w : words) alternatives.push_back(any_case(w));
  return "(?:" + joined(alternatives) + ")";
}

std::string date_pattern() { return "^\\s*(?:" + bare_date() + "|" + any_case("present") + ")\\s*$"; }

std::string date_range_pattern() {
  const std::string date = bare_date(), present = any_case("present");
  // parse_date_range's separators: en dash, em dash, fullwidth tilde and
  // tilde with or without blanks; a hyphen between blanks; "to" between blanks.
  const std::string separator = "(?:\\s*(?:\u2013|\u2014|\uFF5E|~)\\s*|\\s+-\\s+|\\s+" + any_case("to") + "\\s+)";
  return "^\\s*(?:" + date + "(?:" + separator + "(?:" + date + "|" + present + "))?|" + present +
         "|[0-9]{4}-[0-9]{4})\\s*$";
}

std::string url_pattern() {
  const std::string scheme = any_case("http") + "[sS]?|" + any_case("mailto") + "|" + any_case("tel");
  // Not a fragment or a path; not another scheme (letters, digits, + or -
  // before a colon not followed by a port's digit); no "://" anywhere.
  const std::string bare = "(?![#/])(?![A-Za-z][A-Za-z0-9+-]*:(?![0-9]))(?!.*://).+";
  return "^\\s*(?:(?:" + scheme + "):.*|" + bare + ")$";
}

std::string email_pattern() { return "^\\s*[^@\\s:/<>]+@[^@\\s:/<>]+\\s*$"; }

std::string colour_pattern(std::span<const std::string> names) {
  return "^(?:" + any_case_words(names) + "|#?(?:[0-9a-fA-F]{3}){1,2})$";
}

std::string length_pattern(std::span<const std::string> units) {
  return "^[0-9]*\\.?[0-9]+ *" + any_case_words(units) + "$";
}

std::string typo_pattern(std::string_view key) {
  std::vector<std::string> alternatives;
  auto add = [&](std::string a) {
    if (std::find(alternatives.begin(), alternatives.end(), a) == alternatives.end()) alternatives.push_back(a);
  };
  const std::size_t n = key.size();
  for (std::size_t i = 0; i <= n; ++i) {
    const std::string before = escaped(key.substr(0, i));
    add(before + "." + escaped(key.substr(i)));                             // one letter added
    if (i < n) add(before + ".?" + escaped(key.substr(i + 1)));             // changed or left out
    if (i + 1 < n) add(before + escaped(key.substr(i + 1, 1)) + escaped(key.substr(i, 1)) + escaped(key.substr(i + 2)));
  }
  return "^(?:" + joined(alternatives) + ")$";
}

}  // namespace cvpdf::app
