// CJK line composition rules as Knuth–Plass material: W3C CLREQ
// (Requirements for Chinese Text Layout), with JLREQ's strict kinsoku for
// Japanese and keep-all words for Korean. This file owns the decisions —
// where a line may not begin or end, what goes between two pieces of text
// (¼ em between Han and Latin, a little stretch between Han characters),
// which punctuation gives up its blank half and how much — and paragraph.cpp
// turns them into boxes, glue and penalties. Nothing here is applied after
// breaking: the breaker sees the rules as items, so total fit accounts for them.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/units.hpp"
#include "text/font_book.hpp"
#include "text/kinsoku.hpp"
#include "text/line_breaks.hpp"

namespace cvpdf::compose::clreq {

// --- Characters -----------------------------------------------------------

// The character classes and kinsoku tables live with the break list
// (text/kinsoku.hpp); the rules here use them under their CLREQ names.
using text::inseparable;
using text::is_hangul;
using text::is_ideograph;
using text::is_western;
using text::no_line_end;
using text::no_line_start;

// --- Between two pieces of text -------------------------------------------

// One side of a join: the character next to it and the size it is set at.
struct Side {
  char32_t cp = 0;
  Scaled size = 0;
};

using text::JoinKind;

struct Join {
  JoinKind kind = JoinKind::None;
  bool breakable = false;  // a line may end here
  // The glue when the line does not break here (discarded when it does).
  Scaled width = 0;
  Scaled stretch = 0;
  Scaled shrink = 0;
  bool space_glyph() const { return kind == JoinKind::Space || kind == JoinKind::QuarterSpace; }
};

// The glue at a join of `kind` (text::classify_join) that the break list
// found breakable or not: what the composer chooses at each join. `em` is
// the paragraph's em (the stretch unit between CJK characters),
// `space_width` the natural width of the source space (for Space).
Join glue(JoinKind kind, bool breakable, Side before, Side after, Scaled space_width, Scaled em);

// The join between two segments, `after` being what ICU found there:
// text::classify_join and text::join_breakable, then glue. `cjk_paragraph`
// says the paragraph holds CJK text, where kinsoku applies. Not for
// Mandatory or None.
Join join(Side before, Side after, text::BreakAfter icu, Scaled space_width, Scaled em, bool cjk_paragraph);

// A Han–Latin join inside one segment (where ICU allows no break, as in
// "C++的"): the fixed space set between the two characters, else 0.
Scaled quarter_inside(Side before, Side after);

// --- Punctuation widths -----------------------------------------------------

// The blank a full-width punctuation mark may give up: a half em on the
// right of ，。）」 (Simplified Chinese sets 、，。：；！？ in the left half),
// on the left of （「“, a quarter on each side of a centred ・ or ：(Japanese).
struct Blank {
  Scaled left = 0;
  Scaled right = 0;
  bool any() const { return left > 0 || right > 0; }
};

// Two marks next to each other (。」 ，（ ）、 （「): how much of the blanks
// that face each other to remove — all of them, unless both have one (a
// closing mark then an opening one), when the wider stays (CLREQ: the pair
// takes 1½ em, not 2).
struct Squeeze {
  Scaled from_first = 0;   // off the first mark's right blank
  Scaled from_second = 0;  // off the second mark's left blank
};
Squeeze squeeze(const Blank& first, const Blank& second);

// How much of a line-end mark's right blank its glue may shrink within a
// line: CLREQ lets punctuation be compressed to justify, but a mark never
// gets tighter than ¾ em mid-line.
inline Scaled blank_shrink(Scaled blank) { return blank / 2; }

// The font's own statement of which marks are full width with a blank half:
// its OpenType `halt` feature (Noto Sans CJK has it; `chws` it has not), read
// by shaping the mark alone with and without it in the paragraph's language
// (locl decides which half holds the ink: ，is left in zh-Hans, centred in
// zh-Hant). Cached per face and character.
class Punctuation {
 public:
  Punctuation(const text::FontBook& book, std::string language);
  // The blank of `glyph` (from `face`, set for `cp` at `size`); zero unless
  // it is CJK punctuation the font marks as compressible and the glyph is the
  // one the font gives `cp` alone (a contextual form is left as it is).
  Blank blank(text::FaceId face, std::uint32_t glyph, char32_t cp, Scaled size);
  // What blank() gives at every size, in the font's units: none depends on
  // the size, so a paragraph asks once per text, and scales it per size.
  struct Units {
    int left = 0;
    int right = 0;
    bool any() const { return left > 0 || right > 0; }
  };
  Units units(text::FaceId face, std::uint32_t glyph, char32_t cp);
  Blank scale(text::FaceId face, const Units& units, Scaled size) const;
  // Whether blank() may give the glyph a blank at some size: where it is
  // false, blank() gives none at any size.
  bool may_blank(text::FaceId face, std::uint32_t glyph, char32_t cp) { return units(face, glyph, cp).any(); }

 private:
  // The font's blanks of its own glyph for a mark.
  struct Measured {
    std::uint32_t glyph = 0;
    Units units;
  };
  Measured measure(text::FaceId face, char32_t cp) const;

  const text::FontBook& book_;
  std::string language_;
  std::map<std::pair<text::FaceId, char32_t>, Measured> cache_;
};

// One cluster of a segment as the shaper set it; `tighten` adjusts its
// glyphs' positions in place (they are the paragraph's sized ones).
struct Cluster {
  Scaled* x_offset = nullptr;  // its first glyph's
  Scaled* advance = nullptr;   // its last glyph's
  char32_t first_cp = 0;  // its first and last character
  char32_t last_cp = 0;
  Scaled size = 0;
  Blank blank;  // a punctuation mark's blank (Punctuation::blank), as it still is
};

// Within one segment (no line breaks between its clusters): squeezes
// adjacent punctuation and sets ¼ em at Han–Latin joins ("C++的"). Each
// cluster's blank is left as what remains of it, so the caller can take a
// line-end mark's right blank off the box (and give it back as glue).
void tighten(std::vector<Cluster>& clusters);

// Takes `amount` off the right of a cluster (its last glyph's advance).
void remove_right(Cluster& cluster, Scaled amount);
// Takes `amount` off the left of a cluster: its first glyph moves left.
void remove_left(Cluster& cluster, Scaled amount);

// --- The last line ------------------------------------------------------------

// What one segment holds, for the last-line rule.
struct Tally {
  int ideographs = 0;       // Han and kana letters (punctuation does not count)
  bool other_text = false;  // Latin letters, digits or Hangul
  bool ends_paragraph = false;  // a mandatory break (or the end) follows it
  bool space_after = false;     // a space follows it: a break there is between words
  bool ends_with_ideograph = false;  // its last character is Han or kana, no punctuation after it
};

// Per segment boundary (after segment i): true where breaking would leave
// the paragraph's last Han character alone — CLREQ's lone character (孤字)
// the breaker must avoid: the last line (or the line before a mandatory
// break) would hold one Han character and its punctuation, or the break
// would split that character off the Han text before it ("上下|文。 GitHub").
// Only breaks after which the paragraph holds that one Han character are
// barred; every break before it stays free. A character that Latin letters
// or digits continue, no punctuation between ("提升|至 0.72×。"), is not
// alone: barring that break would leave "0.72×。" alone instead. The last
// segment's entry is false.
std::vector<bool> lonely_last_line(const std::vector<Tally>& segments);

}  // namespace cvpdf::compose::clreq
