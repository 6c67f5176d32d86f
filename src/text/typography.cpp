// Typographic quotes, apostrophes and range dashes (see typography.hpp).
// The marks come from CLDR through ICU's locale data, so a language gets
// its own convention („…“ in German, « … » in French, 「…」 in Japanese)
// without a table of ours; only French's thin space inside the guillemets
// is added here, as CLDR leaves spacing to the typesetter.
#include "text/typography.hpp"

#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/ulocdata.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

#include "core/utf8.hpp"

namespace cvpdf::text {

namespace {

constexpr char32_t kApostrophe = U'\u2019';
constexpr char32_t kEnDash = U'\u2013';
constexpr char32_t kNarrowNoBreakSpace = U'\u202F';

std::string primary(const std::string& language) {
  std::string p = language.substr(0, language.find_first_of("-_"));
  for (char& c : p) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return p;
}

std::string delimiter(ULocaleData* data, ULocaleDataDelimiterType type, const char* fallback) {
  UChar buffer[16];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = ulocdata_getDelimiter(data, type, buffer, 16, &status);
  if (U_FAILURE(status) || n <= 0) return fallback;
  std::string out;
  icu::UnicodeString(buffer, n).toUTF8String(out);
  return out;
}

QuoteMarks cldr_marks(const std::string& language) {
  char locale[ULOC_FULLNAME_CAPACITY] = {};
  UErrorCode status = U_ZERO_ERROR;
  uloc_forLanguageTag(language.c_str(), locale, ULOC_FULLNAME_CAPACITY, nullptr, &status);
  if (U_FAILURE(status) || locale[0] == '\0') std::strcpy(locale, "en");
  status = U_ZERO_ERROR;
  ULocaleData* data = ulocdata_open(locale, &status);
  QuoteMarks marks{"\u201C", "\u201D", "\u2018", "\u2019"};
  if (U_FAILURE(status) || data == nullptr) return marks;
  marks.open = delimiter(data, ULOCDATA_QUOTATION_START, "\u201C");
  marks.close = delimiter(data, ULOCDATA_QUOTATION_END, "\u201D");
  marks.inner_open = delimiter(data, ULOCDATA_ALT_QUOTATION_START, "\u2018");
  marks.inner_close = delimiter(data, ULOCDATA_ALT_QUOTATION_END, "\u2019");
  ulocdata_close(data);
  return marks;
}

bool is_space(char32_t c) { return c == U' ' || c == U'\t' || c == U'\n' || c == U'\u00A0' || u_isUWhiteSpace(c); }
bool is_word(char32_t c) { return u_isalnum(static_cast<UChar32>(c)) || u_getIntPropertyValue(c, UCHAR_GENERAL_CATEGORY_MASK) & U_GC_M_MASK; }
bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool is_ideograph(char32_t c) { return u_hasBinaryProperty(static_cast<UChar32>(c), UCHAR_IDEOGRAPHIC); }

// Chinese, Japanese and Korean text, where no space stands before a quote.
bool is_cjk(char32_t c) {
  if (is_ideograph(c)) return true;
  UErrorCode status = U_ZERO_ERROR;
  const UScriptCode script = uscript_getScript(static_cast<UChar32>(c), &status);
  return script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA || script == USCRIPT_HANGUL ||
         (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFFEF);
}

// After a closing quote: what ends a clause.
bool closes_before(char32_t c) {
  if (std::u32string_view(U".,;:!?)]}").find(c) != std::u32string_view::npos) return true;
  const auto type = u_charType(static_cast<UChar32>(c));
  return type == U_END_PUNCTUATION || type == U_FINAL_PUNCTUATION ||
         (c >= 0x3000 && c <= 0x303F && c != 0x300C && c != 0x300E) || c == 0xFF0C || c == 0xFF1A || c == 0xFF1B;
}

// Before an opening quote: the start, white space, an opening bracket, a
// dash or slash, or another opening quote.
bool opens_after(char32_t c) {
  if (is_space(c)) return true;
  switch (c) {
    case U'(': case U'[': case U'{': case U'<': case U'-': case U'/': case U'\u2013': case U'\u2014':
    case U'\u201C': case U'\u2018': case U'\u201E': case U'\u201A': case U'\u00AB': case U'\u2039':
    case U'\u300C': case U'\u300E': case U'\uFF08': return true;
    default: break;
  }
  const auto type = u_charType(static_cast<UChar32>(c));
  return type == U_START_PUNCTUATION || type == U_INITIAL_PUNCTUATION;
}

// URLs as runs of code points left as typed: from a scheme's "://" or a
// "www." at a word's start to white space, a double quote or angle
// bracket, or a non-ASCII character; closing sentence punctuation stays out.
std::vector<bool> url_mask(const std::u32string& s) {
  std::vector<bool> mask(s.size(), false);
  auto ascii_lower = [](char32_t c) { return c >= U'A' && c <= U'Z' ? c + 32 : c; };
  auto scheme_char = [](char32_t c) {
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || is_digit(c) || c == U'+' || c == U'.' || c == U'-';
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && scheme_char(s[i - 1])) continue;
    std::size_t j = i;
    while (j < s.size() && scheme_char(s[j])) ++j;
    const bool scheme = j > i && s.compare(j, 3, U"://") == 0;
    const bool www = s.size() - i >= 4 && ascii_lower(s[i]) == U'w' && ascii_lower(s[i + 1]) == U'w' &&
                     ascii_lower(s[i + 2]) == U'w' && s[i + 3] == U'.';
    if (!scheme && !www) continue;
    std::size_t end = i;
    while (end < s.size() && !is_space(s[end]) && s[end] != U'"' && s[end] != U'<' && s[end] != U'>' && s[end] < 0x80)
      ++end;
    while (end > i && std::u32string_view(U".,;:!?')").find(s[end - 1]) != std::u32string_view::npos) --end;
    for (std::size_t k = i; k < end; ++k) mask[k] = true;
    i = end;
  }
  return mask;
}

// The range rule on code points (see en_dash_ranges); `keep` marks what
// stays as typed.
void dash_ranges(std::u32string& s, const std::vector<bool>& keep) {
  auto joins = [](char32_t c) {
    // What glues a number to a word, a version, a date or a path.
    return (c < 0x80 && !is_space(c) && std::u32string_view(U"([,;:%!?)]").find(c) == std::u32string_view::npos) &&
           c != U'.';
  };
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] != U'-' || keep[i]) continue;
    std::size_t a = i, b = i + 1;
    while (a > 0 && is_digit(s[a - 1])) --a;
    while (b < s.size() && is_digit(s[b])) ++b;
    const std::size_t left = i - a, right = b - i - 1;
    if (left == 0 || right == 0 || left > 6 || right > 6) continue;
    if (a > 0) {
      const char32_t before = s[a - 1];
      if (before == U'.' || (joins(before) && before != U'(' && before != U'[')) continue;
      if (before >= 0x80 && is_word(before) && !is_ideograph(before)) continue;
    }
    if (b < s.size()) {
      const char32_t after = s[b];
      if (after == U'.' && b + 1 < s.size() && !is_space(s[b + 1])) continue;
      if (after != U'.' && joins(after)) continue;
      if (after >= 0x80 && is_word(after) && !is_ideograph(after)) continue;
    }
    if ((left > 1 && s[a] == U'0') || (right > 1 && s[i + 1] == U'0')) continue;  // 010-…: a code, not a count
    if (left == 3 && right == 4) continue;                                       // 555-1234
    long from = 0, to = 0;
    for (std::size_t k = a; k < i; ++k) from = from * 10 + static_cast<long>(s[k] - U'0');
    for (std::size_t k = i + 1; k < b; ++k) to = to * 10 + static_cast<long>(s[k] - U'0');
    if (from >= to) continue;  // 2021-09 (year-month), 3-1 (a score)
    s[i] = kEnDash;
  }
}

// The elisions that start with an apostrophe, not a quote: 'n' (rock 'n'
// roll), 'em, 'til, 'tis, 'twas, 'cause — followed by a word's end.
bool elision_at(const std::u32string& s, std::size_t i) {
  for (std::u32string_view word : {U"n'", U"em", U"til", U"tis", U"twas", U"cause", U"bout"}) {
    if (s.size() - i - 1 < word.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < word.size() && same; ++k) {
      char32_t c = s[i + 1 + k];
      if (c >= U'A' && c <= U'Z') c += 32;
      same = c == word[k];
    }
    const std::size_t end = i + 1 + word.size();
    if (same && (end == s.size() || !is_word(s[end]))) return true;
  }
  return false;
}

// '90s, '22: an apostrophe for the century's digits.
bool year_elision_at(const std::u32string& s, std::size_t i) {
  return i + 2 < s.size() && is_digit(s[i + 1]) && is_digit(s[i + 2]) && (i + 3 == s.size() || !is_digit(s[i + 3]));
}

std::u32string decode_all(std::string_view text) {
  std::u32string out;
  for (std::size_t pos = 0; pos < text.size();) out += utf8::decode(text, pos);
  return out;
}

std::u32string to_u32(const std::string& s) { return decode_all(s); }

}  // namespace

QuoteMarks quote_marks(const std::string& language, bool corner_quotes) {
  static std::mutex mutex;
  static std::map<std::string, QuoteMarks> cache;
  QuoteMarks marks;
  {
    std::lock_guard lock(mutex);
    auto it = cache.find(language);
    if (it == cache.end()) it = cache.emplace(language, cldr_marks(language.empty() ? "en" : language)).first;
    marks = it->second;
  }
  // CLDR gives Japanese its corner brackets; a résumé asks for them.
  if (primary(language) == "ja" && !corner_quotes) marks = {"\u201C", "\u201D", "\u2018", "\u2019"};
  return marks;
}

std::string en_dash_ranges(std::string_view text) {
  std::u32string s = decode_all(text);
  dash_ranges(s, std::vector<bool>(s.size(), false));
  std::string out;
  for (char32_t c : s) utf8::append(out, c);
  return out;
}

std::string typographic(std::string_view text, const std::string& language) {
  return typographic(text, language, TypographyOptions{});
}

std::string typographic(std::string_view text, const std::string& language, const TypographyOptions& options) {
  if (text.find_first_of("\"'-") == std::string_view::npos) return std::string(text);
  std::u32string s = decode_all(text);
  const std::vector<bool> keep = options.keep_urls ? url_mask(s) : std::vector<bool>(s.size(), false);
  dash_ranges(s, keep);

  // Each quote's part: an opening or closing mark (outer for ", inner for
  // '), or an apostrophe; opens wait on a stack for their close.
  enum class Role { None, Open, Close, Apostrophe, Straight };
  std::vector<Role> role(s.size(), Role::None);
  struct Pending {
    std::size_t at;
    bool outer;
  };
  std::vector<Pending> open;
  std::size_t open_outer = 0;  // the outer quotes on `open`, so the test is O(1)
  auto open_ctx = [&](std::size_t i) { return i == 0 || opens_after(s[i - 1]); };
  auto cjk_before = [&](std::size_t i) { return i > 0 && is_cjk(s[i - 1]); };
  const bool spaced = primary(language) == "fr";
  auto ends_word = [&](std::size_t i) { return i + 1 == s.size() || !is_word(s[i + 1]); };
  // Closes the innermost open quote of the kind; the other kind's opens
  // inside it never closed, so they were apostrophes (or stay as typed).
  auto close = [&](bool outer) {
    for (std::size_t k = open.size(); k-- > 0;) {
      if (open[k].outer != outer) continue;
      role[open[k].at] = Role::Open;
      for (std::size_t m = k + 1; m < open.size(); ++m) role[open[m].at] = open[m].outer ? Role::Straight : Role::Apostrophe;
      open.resize(k);
      if (outer) --open_outer;
      return true;
    }
    return false;
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (keep[i]) continue;
    if (s[i] == U'"') {
      const bool have_open = open_outer > 0;
      const bool next_blank = i + 1 == s.size() || is_space(s[i + 1]) || closes_before(s[i + 1]);
      const bool prev_word = i > 0 && is_word(s[i - 1]) && !is_cjk(s[i - 1]);
      if (have_open && (!open_ctx(i) || next_blank)) {
        close(true);
        role[i] = Role::Close;
      } else if ((!next_blank || (spaced && i + 1 < s.size() && is_space(s[i + 1]))) &&
                 (open_ctx(i) || cjk_before(i) || (!have_open && !prev_word))) {
        open.push_back({i, true});
        ++open_outer;
      } else if (have_open) {
        close(true);
        role[i] = Role::Close;
      } else {
        // A lone mark: an inch after a number stays as typed, else its side by context.
        role[i] = (i > 0 && is_digit(s[i - 1])) ? Role::Straight : open_ctx(i) ? Role::Open : Role::Close;
        if (role[i] == Role::Open && next_blank) role[i] = Role::Straight;
      }
    } else if (s[i] == U'\'') {
      const bool after_word = i > 0 && is_word(s[i - 1]);
      if (after_word && !is_cjk(s[i - 1]) && i + 1 < s.size() && is_word(s[i + 1]) && !is_cjk(s[i + 1])) {
        role[i] = Role::Apostrophe;  // don't, l'été, O'Brien
      } else if (open_ctx(i) && (elision_at(s, i) || year_elision_at(s, i))) {
        role[i] = Role::Apostrophe;
        if (s.compare(i + 1, 2, U"n'") == 0) role[i + 2] = Role::Apostrophe, ++i;
      } else if ((open_ctx(i) || cjk_before(i)) && i + 1 < s.size() && !is_space(s[i + 1]) && !closes_before(s[i + 1])) {
        open.push_back({i, false});
      } else if (!open_ctx(i) && ends_word(i)) {
        // The innermost open quote is a single one: this closes it; else
        // an apostrophe (the students' work).
        const bool single_open = !open.empty() && !open.back().outer;
        if (single_open && close(false)) role[i] = Role::Close;
        else role[i] = Role::Apostrophe;
      } else {
        role[i] = Role::Apostrophe;
      }
    }
  }
  for (const Pending& p : open) role[p.at] = p.outer ? Role::Open : Role::Apostrophe;

  const QuoteMarks marks = quote_marks(language, options.corner_quotes);
  const bool french = primary(language) == "fr";
  const std::u32string outer_open = to_u32(marks.open), outer_close = to_u32(marks.close);
  const std::u32string inner_open = to_u32(marks.inner_open), inner_close = to_u32(marks.inner_close);
  auto guillemet = [](const std::u32string& m) { return m == U"\u00AB" || m == U"\u00BB" || m == U"\u2039" || m == U"\u203A"; };
  std::u32string out;
  out.reserve(s.size() + 8);
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool outer = s[i] == U'"';
    switch (role[i]) {
      case Role::None:
      case Role::Straight: out += s[i]; break;
      case Role::Apostrophe: out += kApostrophe; break;
      case Role::Open: {
        const std::u32string& m = outer ? outer_open : inner_open;
        out += m;
        if (french && guillemet(m)) {
          out += kNarrowNoBreakSpace;
          while (i + 1 < s.size() && (s[i + 1] == U' ' || s[i + 1] == U'\u00A0')) ++i;
        }
        break;
      }
      case Role::Close: {
        const std::u32string& m = outer ? outer_close : inner_close;
        if (french && guillemet(m)) {
          while (!out.empty() && (out.back() == U' ' || out.back() == U'\u00A0')) out.pop_back();
          out += kNarrowNoBreakSpace;
        }
        out += m;
        break;
      }
    }
  }
  std::string result;
  for (char32_t c : out) utf8::append(result, c);
  return result;
}

}  // namespace cvpdf::text
