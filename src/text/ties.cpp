// Ties (see ties.hpp): separators bound to what precedes them, and the
// explicit hyphens of short parts and product names bound to both sides.
#include "text/ties.hpp"

#include <string_view>

#include "core/utf8.hpp"
#include "text/line_breaks.hpp"

namespace cvpdf::text {

namespace {

bool is_space(char32_t cp) { return cp == U' ' || cp == U'\t' || cp == U'\n' || cp == U'\r'; }
bool is_hyphen(char32_t cp) { return cp == U'-' || cp == 0x2010 || cp == 0x2011; }
bool is_digit(char32_t cp) { return cp >= U'0' && cp <= U'9'; }
bool is_upper(char32_t cp) { return cp >= U'A' && cp <= U'Z'; }
bool is_lower(char32_t cp) { return cp >= U'a' && cp <= U'z'; }
// Opening and closing punctuation that wraps a token without being part of it.
bool is_wrapping(char32_t cp) {
  return std::u32string_view(U"([{<\"'“‘)]}>.,;:!?”’").find(cp) != std::u32string_view::npos;
}
// Where a token ends: a space, or a CJK character (a Latin word needs no
// space before or after Chinese text).
bool delimits(char32_t cp) { return is_space(cp) || is_cjk(cp); }

std::size_t start_before(std::string_view s, std::size_t end) {
  std::size_t start = end - 1;
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  return start;
}

}  // namespace

bool is_tied_separator(char32_t cp) { return cp == 0x00B7 || cp == U'|' || cp == 0x2013 || cp == 0x2014; }

bool separator_follows(std::string_view text, std::size_t next) {
  if (next >= text.size()) return false;
  std::size_t pos = next;
  const char32_t cp = utf8::decode(text, pos);
  return is_tied_separator(cp) && (pos == text.size() || is_space(text[pos]));
}

bool hyphen_tied(std::string_view text, std::size_t offset) {
  if (offset == 0 || offset > text.size()) return false;
  const std::size_t hyphen = start_before(text, offset);
  std::size_t pos = hyphen;
  if (!is_hyphen(utf8::decode(text, pos))) return false;
  // The token: back to a delimiter, on to one.
  std::size_t begin = hyphen;
  while (begin > 0) {
    const std::size_t before = start_before(text, begin);
    std::size_t p = before;
    if (delimits(utf8::decode(text, p))) break;
    begin = before;
  }
  std::size_t end = offset;
  while (end < text.size()) {
    std::size_t p = end;
    if (delimits(utf8::decode(text, p))) break;
    end = p;
  }
  // Its characters, wrapping punctuation left out at either end.
  std::u32string token;
  std::size_t hyphen_at = 0;  // the hyphen's index in `token`
  for (std::size_t p = begin; p < end;) {
    if (p == hyphen) hyphen_at = token.size();
    token.push_back(utf8::decode(text, p));
  }
  std::size_t first = 0, last = token.size();
  while (first < hyphen_at && is_wrapping(token[first])) ++first;
  while (last > hyphen_at + 1 && is_wrapping(token[last - 1])) --last;
  if (hyphen_at - first < kMinHyphenPart || last - (hyphen_at + 1) < kMinHyphenPart) return true;
  bool upper = false, lower = false, digit = false;
  for (std::size_t k = first; k < last; ++k) {
    const char32_t c = token[k];
    upper = upper || is_upper(c);
    lower = lower || is_lower(c);
    digit = digit || is_digit(c);
    if (is_hyphen(c) && ((k > first && is_digit(token[k - 1])) || (k + 1 < last && is_digit(token[k + 1]))))
      return true;
  }
  return upper && lower && digit;
}

}  // namespace cvpdf::text
