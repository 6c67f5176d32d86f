// Break opportunities from one place: the typed list of every place a line
// may end, built from ICU's UAX #14 opportunities (line_breaks.hpp), the URL
// rules (url_breaks.hpp), libhyphen's points (hyphenator.hpp), the CLREQ
// kinsoku tables (kinsoku.hpp) and, for the last resort only, grapheme
// cluster boundaries. This file owns which source adds which opportunity,
// what kind it is, what a break there costs and what it wants at the join:
// glue that vanishes at a break, or a discretionary whose pre-break text (a
// hyphen) is set only when the line ends there. The composer chooses the
// glue's widths and maps the offsets to glyphs; nothing else decides where
// a line may end.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "text/kinsoku.hpp"
#include "text/line_breaks.hpp"

namespace cvpdf::text {

class Hyphenator;

enum class BreakKind : std::uint8_t {
  Space,      // ICU: between words, one or more spaces (glue)
  Allowed,    // ICU: no space, after a hyphen or slash, between CJK characters (glue, often none)
  Mandatory,  // ICU: a hard line break (\n)
  Hyphen,     // libhyphen: inside a plain word (a discretionary with a hyphen before the break)
  Url,        // inside an address (url_breaks.hpp, and ICU's breaks there): no hyphen added
  Emergency,  // the last resort: between two grapheme clusters (a discretionary with nothing before the break)
};

// What an opportunity wants at its join.
enum class JoinWant : std::uint8_t {
  Glue,           // the join's glue (clreq's), dropped at a break
  Discretionary,  // inside a word: nothing when unbroken, pre_break text when broken
};

// TeX's \hyphenpenalty and \exhyphenpenalty (after an explicit hyphen or slash).
inline constexpr int kHyphenPenalty = 50;
inline constexpr int kExplicitBreakPenalty = 50;
// A cut with no hyphen: far above any hyphen and any feasible line's own
// demerits, so the breaker makes as few as the paragraph needs, but below
// TeX's infinite 10000, so it is a legal break.
inline constexpr int kEmergencyPenalty = 5000;
// TeX's infinite penalty: a join where no line may end (kinsoku, keep-all);
// it stays in the list for the glue the composer sets there.
inline constexpr int kNoBreakPenalty = 10000;
inline constexpr int kForcedBreakPenalty = -10000;

struct BreakOpportunity {
  std::size_t offset = 0;  // byte offset where the text before the break ends (before its spaces or terminator)
  std::size_t next = 0;    // where the text after it begins (past them; == offset for Hyphen, Url within a word, Emergency)
  BreakKind kind = BreakKind::Allowed;
  int penalty = 0;  // kNoBreakPenalty: no line may end here
  // Space, Allowed and Url: what lies between the two pieces
  // (classify_join of the characters either side). None otherwise.
  JoinKind join = JoinKind::None;
  std::string_view pre_break;  // set before the break when the line ends here: "-" for Hyphen

  bool breakable() const { return penalty < kNoBreakPenalty; }
  JoinWant want() const {
    return kind == BreakKind::Hyphen || kind == BreakKind::Emergency ? JoinWant::Discretionary : JoinWant::Glue;
  }
  // ICU's own classification of the join, as the composer's glue reads it.
  BreakAfter after() const {
    switch (kind) {
      case BreakKind::Space:
        return BreakAfter::Space;
      case BreakKind::Mandatory:
        return BreakAfter::Mandatory;
      default:
        return BreakAfter::Allowed;
    }
  }
};

struct BreakOptions {
  std::string language;  // BCP 47, ICU's locale tailoring
  // Hyphen opportunities come from this dictionary (none when null), in
  // plain words only: not in URLs, e-mail addresses, versions, identifiers
  // or compounds with an explicit hyphen (TeX leaves those alone).
  const Hyphenator* hyphenator = nullptr;
  int hyphen_min_word = 5;    // letters; shorter words are never divided
  int hyphen_min_before = 2;  // TeX's \lefthyphenmin
  int hyphen_min_after = 3;   // TeX's \righthyphenmin
};

// The opportunities of one text, ascending by offset. The word-level ones
// (Space, Allowed, Url, Mandatory) tile the text into pieces: the first
// piece begins at 0, each piece ends at an opportunity's offset and the
// next begins at its `next`; the final piece, if the text does not end at
// a Mandatory one, runs to `end` (trailing spaces excluded). Hyphen
// opportunities lie inside a piece, before the one that ends it. Emergency
// ones are not in the list (see emergency_breaks).
struct BreakList {
  std::vector<BreakOpportunity> at;
  bool cjk = false;     // the text holds CJK characters: kinsoku applied
  std::size_t end = 0;  // where the final piece's text ends
};

// break_opportunities(), remembered: a text's opportunities depend on the
// text and the options, not on the sizes and widths it is set at, and
// --fit-pages sets every paragraph of a résumé up to eight times. The
// options' hyphenator must outlive the cache (Hyphenator::shared's do).
class BreakCache {
 public:
  const BreakList& breaks(std::string_view text, const BreakOptions& options);

 private:
  std::unordered_map<std::string, BreakList> lists_;
  std::string key_;  // the last key, its buffer kept for the next
};
BreakList break_opportunities(std::string_view text, const BreakOptions& options);

// The last resort's opportunities inside text[begin, end): the grapheme
// cluster boundaries (grapheme_boundaries) where kinsoku lets a line end
// and begin (may_break_between), as Emergency opportunities with
// kEmergencyPenalty and nothing before the break. Only asked for a run of
// material the ordinary breaks cannot place, in the final try only.
std::vector<BreakOpportunity> emergency_breaks(std::string_view text, std::size_t begin, std::size_t end);

}  // namespace cvpdf::text
