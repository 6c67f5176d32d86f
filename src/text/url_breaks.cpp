// URL break opportunities (see url_breaks.hpp): finding URL tokens, the
// offsets inside them, and re-cutting ICU's segments at those offsets.
#include "text/url_breaks.hpp"

#include <utility>

#include "core/utf8.hpp"
#include "text/line_breaks.hpp"

namespace cvpdf::text {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
// Where an address may break: after its path's separators, and after the
// query's and fragment's ("?token=…&expires=…#top"), so a signed download
// link is not one unbreakable word. Never after its own hyphen (nor '_',
// '~'): a line ending "torch-" reads as a hyphenated word, and the reader
// cannot tell whether the hyphen is the address's.
bool is_break_char(char c) { return c == '/' || c == '.' || c == '?' || c == '&' || c == '=' || c == '#'; }
bool is_host_char(char c) { return is_alpha(c) || is_digit(c) || c == '-'; }

// The length of "scheme://" at the start of s, or 0.
std::size_t scheme_length(std::string_view s) {
  if (s.empty() || !is_alpha(s[0])) return 0;
  std::size_t i = 1;
  while (i < s.size() && (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '+' || s[i] == '.' || s[i] == '-')) ++i;
  return s.substr(i, 3) == "://" ? i + 3 : 0;
}

// "github.com/…": labels of letters, digits and hyphens joined by dots (at
// least two, the last alphabetic), then a slash.
bool starts_with_host_and_path(std::string_view s) {
  std::size_t i = 0, labels = 0;
  bool alphabetic_label = false;
  while (true) {
    const std::size_t label_begin = i;
    alphabetic_label = true;
    while (i < s.size() && is_host_char(s[i])) {
      if (!is_alpha(s[i])) alphabetic_label = false;
      ++i;
    }
    if (i == label_begin) return false;
    ++labels;
    if (i < s.size() && s[i] == '.') {
      ++i;
      continue;
    }
    break;
  }
  return labels >= 2 && alphabetic_label && i < s.size() && s[i] == '/';
}

}  // namespace

std::vector<UrlToken> find_urls(std::string_view text) {
  std::vector<UrlToken> urls;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    // A token ends at a space, or where Chinese, Japanese or Korean text
    // runs on after it with none ("…/download什么"): an address is ASCII
    // (or a Latin name), and the CJK text keeps its own breaks.
    std::size_t token_end = i;
    while (token_end < text.size() && !is_space(text[token_end])) {
      std::size_t next = token_end;
      if (is_cjk(utf8::decode(text, next))) break;
      token_end = next;
    }
    if (token_end == i) {  // a CJK character where a token would begin
      utf8::decode(text, token_end);
      i = token_end;
      continue;
    }
    std::size_t begin = i;
    while (begin < token_end && std::string_view("(<[\"'").find(text[begin]) != std::string_view::npos) ++begin;
    std::size_t end = token_end;
    while (end > begin && std::string_view(".,;:!?)]>'\"").find(text[end - 1]) != std::string_view::npos) --end;
    const std::string_view core = text.substr(begin, end - begin);
    const std::size_t scheme = scheme_length(core);
    if (scheme > 0 || core.substr(0, 4) == "www." || starts_with_host_and_path(core)) {
      // "www." stays with the name after it, as a scheme does.
      const std::size_t host = scheme > 0 ? begin + scheme : core.substr(0, 4) == "www." ? begin + 4 : begin;
      if (end > host) urls.push_back({begin, host, end});
    }
    i = token_end;
  }
  return urls;
}

std::vector<std::size_t> url_break_offsets(std::string_view text) { return url_break_offsets(text, find_urls(text)); }

std::vector<std::size_t> url_break_offsets(std::string_view text, const std::vector<UrlToken>& urls) {
  std::vector<std::size_t> offsets;
  for (const UrlToken& url : urls) {
    for (std::size_t i = url.host_begin; i + 1 < url.end; ++i) {
      if (is_break_char(text[i]) && !is_break_char(text[i + 1])) offsets.push_back(i + 1);
    }
  }
  return offsets;
}

std::vector<Segment> add_url_breaks(std::string_view text, std::vector<Segment> segments) {
  return add_url_breaks(text, find_urls(text), std::move(segments));
}

std::vector<Segment> add_url_breaks(std::string_view text, const std::vector<UrlToken>& urls,
                                    std::vector<Segment> segments) {
  if (urls.empty()) return segments;
  std::vector<std::size_t> offsets = url_break_offsets(text, urls);

  // Join "https://" to its host, and undo ICU's other breaks inside an
  // address: ICU allows a break after "://" (a scheme alone at a line end
  // reads as a broken address) and after a hyphen.
  // Segments and URLs both ascend: one walk through the URLs, not a search
  // of all of them per segment (quadratic for a text of many short URLs).
  std::vector<Segment> joined;
  joined.reserve(segments.size());
  auto url = urls.begin();
  for (const Segment& s : segments) {
    while (url != urls.end() && url->end <= s.begin) ++url;
    // ICU's own break inside the address (after "://", after a hyphen):
    // kept only where the URL rules would break (after a separator, past
    // the host's start).
    const bool inside = url != urls.end() && url->begin < s.begin && s.begin < url->end;
    const bool url_break = inside && s.begin > url->host_begin && is_break_char(text[s.begin - 1]) &&
                           !is_break_char(text[s.begin]);
    if (inside && !url_break && !joined.empty() && joined.back().after == BreakAfter::Allowed &&
        joined.back().space_end == s.begin) {
      Segment& previous = joined.back();
      previous.end = s.end;
      previous.space_end = s.space_end;
      previous.after = s.after;
      continue;
    }
    joined.push_back(s);
  }

  std::vector<Segment> out;
  out.reserve(joined.size() + offsets.size());
  auto next = offsets.begin();
  for (const Segment& s : joined) {
    std::size_t begin = s.begin;
    while (next != offsets.end() && *next <= begin) ++next;
    for (; next != offsets.end() && *next < s.end; ++next) {
      out.push_back({begin, *next, BreakAfter::Allowed, *next});
      begin = *next;
    }
    Segment rest = s;
    rest.begin = begin;
    out.push_back(rest);
  }
  return out;
}

}  // namespace cvpdf::text
