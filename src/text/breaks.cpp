// The break list (see breaks.hpp): ICU's segments re-cut by the URL rules,
// each join classified and judged by kinsoku and the ties (ties.hpp),
// libhyphen's points inside plain words, and the last resort's grapheme
// cuts on request.
#include "text/breaks.hpp"

#include "core/utf8.hpp"
#include "text/hyphenator.hpp"
#include "text/ties.hpp"
#include "text/url_breaks.hpp"

namespace cvpdf::text {

namespace {

char32_t char_at(std::string_view s, std::size_t at) {
  std::size_t pos = at;
  return at < s.size() ? utf8::decode(s, pos) : 0;
}

std::size_t previous_start(std::string_view s, std::size_t end) {
  std::size_t start = end - 1;
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  return start;
}

char32_t char_before(std::string_view s, std::size_t end) { return end == 0 ? 0 : char_at(s, previous_start(s, end)); }

// The tokens hyphenation judges: runs between spaces or CJK characters
// (which need no space before a Latin word). ICU and the URL rules cut a
// long URL into thousands of pieces that all lie in one token, so the
// pieces are asked about in text order and each scan goes on from where
// the last stopped, and a token is judged once: linear in all.
class Tokens {
 public:
  explicit Tokens(std::string_view text) : text_(text) {}

  // Whether the token around [begin, end) — from the delimiter before
  // `begin` to the one after `end` — is a plain word.
  bool plain(std::size_t begin, std::size_t end) {
    // Its start: the last delimiter's end at or before `begin`.
    while (scanned_ < begin) {
      std::size_t pos = scanned_;
      const char32_t cp = utf8::decode(text_, pos);
      if (delimits(cp)) token_begin_ = pos;
      scanned_ = pos;
    }
    // Its end: the first delimiter at or after `end`.
    if (end > token_end_ || token_end_ == kNone) {
      std::size_t e = end;
      while (e < text_.size()) {
        std::size_t next = e;
        if (delimits(utf8::decode(text_, next))) break;
        e = next;
      }
      token_end_ = e;
    }
    if (judged_begin_ != token_begin_ || judged_end_ != token_end_) {
      std::string_view core = text_.substr(token_begin_, token_end_ - token_begin_);
      while (!core.empty() && std::string_view(".,;:!?)]\"'").find(core.back()) != std::string_view::npos)
        core.remove_suffix(1);
      plain_ = core.find_first_of("/@_:-.0123456789") == std::string_view::npos;
      judged_begin_ = token_begin_;
      judged_end_ = token_end_;
    }
    return plain_;
  }

 private:
  static constexpr std::size_t kNone = std::string_view::npos;
  static bool delimits(char32_t cp) { return cp == U' ' || is_cjk(cp); }

  std::string_view text_;
  std::size_t scanned_ = 0;      // every delimiter before it is seen
  std::size_t token_begin_ = 0;  // the end of the last delimiter before scanned_
  std::size_t token_end_ = kNone;
  std::size_t judged_begin_ = kNone, judged_end_ = kNone;
  bool plain_ = false;
};

}  // namespace

BreakList break_opportunities(std::string_view text, const BreakOptions& options) {
  BreakList list;
  for (std::size_t pos = 0; pos < text.size();) {
    if (is_cjk(utf8::decode(text, pos))) {
      list.cjk = true;
      break;
    }
  }
  const std::vector<UrlToken> urls = find_urls(text);
  const std::vector<Segment> segments = add_url_breaks(text, urls, segment_text(text, options.language));
  auto url = urls.begin();  // segments and URLs both ascend
  Tokens tokens(text);
  list.at.reserve(segments.size());
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const Segment& s = segments[i];
    if (options.hyphenator && utf8::length(text.substr(s.begin, s.end - s.begin)) >=
                                  static_cast<std::size_t>(options.hyphen_min_word)) {
      if (tokens.plain(s.begin, s.end)) {
        // Words longer than Hyphenator::kMaxWordLength letters get no
        // points (as TeX's 63), so libhyphen never sees a huge "word".
        for (std::size_t point : options.hyphenator->points(text.substr(s.begin, s.end - s.begin),
                                                            options.hyphen_min_before, options.hyphen_min_after)) {
          BreakOpportunity o;
          o.offset = o.next = s.begin + point;
          o.kind = BreakKind::Hyphen;
          o.penalty = kHyphenPenalty;
          o.pre_break = "-";
          list.at.push_back(o);
        }
      }
    }
    if (s.after == BreakAfter::None) {
      list.end = s.end;
      continue;
    }
    BreakOpportunity o;
    o.offset = s.end;
    o.next = s.space_end;
    if (s.after == BreakAfter::Mandatory) {
      o.kind = BreakKind::Mandatory;
      o.penalty = kForcedBreakPenalty;
      list.at.push_back(o);
      continue;
    }
    while (url != urls.end() && url->end <= s.begin) ++url;
    const bool in_url = url != urls.end() && s.begin >= url->begin && s.begin < url->end;
    o.kind = s.after == BreakAfter::Space ? BreakKind::Space : in_url ? BreakKind::Url : BreakKind::Allowed;
    // The characters either side (none beside an empty piece).
    const char32_t before = s.end > s.begin ? char_before(text, s.end) : 0;
    const Segment* following = i + 1 < segments.size() ? &segments[i + 1] : nullptr;
    const char32_t after = following && following->end > following->begin ? char_at(text, following->begin) : 0;
    o.join = classify_join(before, after, s.after == BreakAfter::Space);
    if (!join_breakable(o.join, before, after, list.cjk))
      o.penalty = kNoBreakPenalty;
    else
      o.penalty = o.join == JoinKind::Explicit ? kExplicitBreakPenalty : 0;
    // Ties (ties.hpp): no line begins with a lone separator, and a hyphen
    // in a short part or a product's name is no place to end one.
    const bool tied = (o.kind == BreakKind::Space && separator_follows(text, o.next)) ||
                      (o.kind == BreakKind::Allowed && hyphen_tied(text, o.offset));
    if (tied) o.penalty = kNoBreakPenalty;
    list.at.push_back(o);
  }
  return list;
}

std::vector<BreakOpportunity> emergency_breaks(std::string_view text, std::size_t begin, std::size_t end) {
  std::vector<BreakOpportunity> out;
  for (std::size_t at : grapheme_boundaries(text, begin, end)) {
    if (!may_break_between(char_before(text, at), char_at(text, at))) continue;
    BreakOpportunity o;
    o.offset = o.next = at;
    o.kind = BreakKind::Emergency;
    o.penalty = kEmergencyPenalty;
    out.push_back(o);
  }
  return out;
}

const BreakList& BreakCache::breaks(std::string_view text, const BreakOptions& options) {
  key_.clear();
  key_.append(reinterpret_cast<const char*>(&options.hyphenator), sizeof options.hyphenator);
  for (int n : {options.hyphen_min_word, options.hyphen_min_before, options.hyphen_min_after})
    key_.append(reinterpret_cast<const char*>(&n), sizeof n);
  key_ += options.language;
  key_ += '\0';
  key_.append(text);
  auto it = lists_.find(key_);
  if (it == lists_.end()) it = lists_.emplace(key_, break_opportunities(text, options)).first;
  return it->second;
}

}  // namespace cvpdf::text
