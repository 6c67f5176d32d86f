// The items of Knuth & Plass (1981) and tex.web: boxes, glue and penalties.
// Pure data with made-up or real widths; no fonts. A paragraph is a
// horizontal list of Items; a galley of lines is a vertical list of VItems.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/units.hpp"

namespace cvpdf::typeset {

inline constexpr int kInfinitePenalty = 10000;   // never break here
inline constexpr int kEjectPenalty = -10000;     // always break here

// First-order infinite stretch, TeX's "fil". Glue whose stretch is at least
// kFil (or at most -kFil, to cancel one) stretches infinitely, measured in
// units of kFil: Item::glue(0, kFil, 0) is TeX's "0pt plus 1fil" and
// 2 * kFil is "plus 2fil". A line or page whose fil stretch does not sum to
// zero has badness 0 when it must stretch, and only its fil glue stretches:
// finite glue stays at its natural width (adjustment ratio 0). 2^40 sp is
// about 16.8 million pt, beyond any real glue, and millions of fil glues still
// sum within an int64. Shrink is always finite (TeX rejects infinite shrink
// in paragraphs and on pages too).
inline constexpr Scaled kFil = Scaled{1} << 40;
constexpr bool is_fil(Scaled stretch) { return stretch >= kFil || stretch <= -kFil; }

// Natural width, finite stretch, infinite (fil) stretch and shrink of a run
// of material: what TeX's hpack and vpack total up (tex.web §656, §671).
// `fil_stretch` sums the raw stretch values of fil glue, so one fil glue's
// share of the excess is excess * glue.stretch / fil_stretch.
struct GlueSums {
  Scaled natural = 0;
  Scaled stretch = 0;
  Scaled fil_stretch = 0;
  Scaled shrink = 0;

  void add_glue(Scaled size, Scaled glue_stretch, Scaled glue_shrink) {
    natural += size;
    if (is_fil(glue_stretch)) {
      fil_stretch += glue_stretch;
    } else {
      stretch += glue_stretch;
    }
    shrink += glue_shrink;
  }
  GlueSums& operator+=(const GlueSums& o) {
    natural += o.natural;
    stretch += o.stretch;
    fil_stretch += o.fil_stretch;
    shrink += o.shrink;
    return *this;
  }
  GlueSums& operator-=(const GlueSums& o) {
    natural -= o.natural;
    stretch -= o.stretch;
    fil_stretch -= o.fil_stretch;
    shrink -= o.shrink;
    return *this;
  }
};

// Discretionary is horizontal only: TeX's \discretionary{pre}{post}{nobreak}.
enum class ItemType : std::uint8_t { Box, Glue, Penalty, Discretionary };

// One horizontal item. `payload` is the composer's index of what the item
// stands for (a shaped word, a space, a hyphen); the breaker never reads it.
//
// A discretionary (TeX's \discretionary, tex.web §145) is a legal break
// that costs `penalty`: unbroken it sets `width` (its no-break material);
// broken, the line before it ends with `pre_break` (a hyphen) and the line
// after begins with `post_break`. `flagged` says a break there counts as
// hyphenated (TeX's \doublehyphendemerits); a cut with nothing before the
// break is not. Penalties have no width: the hyphen is the discretionary's.
//
// A box may stretch and shrink too: font expansion (pdfTeX's
// \pdfadjustspacing, Hermann Zapf's hz-program), glyphs set a little wider
// or narrower so that a justified line's word spaces need not take all of
// its excess. A line sets its boxes at its adjustment ratio, but never
// past their stretch or shrink (|ratio| 1) and only in steps (Line::
// expansion); its glue takes the rest (Line::glue_set).
struct Item {
  ItemType type = ItemType::Box;
  Scaled width = 0;    // box/glue natural width; discretionary: its no-break width
  Scaled stretch = 0;  // glue; a box's font expansion
  Scaled shrink = 0;   // glue; a box's font expansion
  int penalty = 0;     // penalty and discretionary
  bool flagged = false;  // discretionary only: a hyphenation break
  std::size_t payload = 0;
  Scaled pre_break = 0;   // discretionary only
  Scaled post_break = 0;  // discretionary only

  static Item box(Scaled w, std::size_t payload = 0, Scaled stretch = 0, Scaled shrink = 0) {
    return {ItemType::Box, w, stretch, shrink, 0, false, payload, 0, 0};
  }
  static Item glue(Scaled w, Scaled stretch, Scaled shrink, std::size_t payload = 0) {
    return {ItemType::Glue, w, stretch, shrink, 0, false, payload, 0, 0};
  }
  static Item penalty_item(int p, std::size_t payload = 0) {
    return {ItemType::Penalty, 0, 0, 0, p, false, payload, 0, 0};
  }
  static Item discretionary(int p, Scaled pre_break, Scaled post_break = 0, Scaled no_break = 0, bool flagged = true,
                            std::size_t payload = 0) {
    return {ItemType::Discretionary, no_break, 0, 0, p, flagged, payload, pre_break, post_break};
  }
};

// One vertical item of a galley: a line or block (box with height + depth),
// vertical glue, or a penalty that says how much a page break here costs.
struct VItem {
  ItemType type = ItemType::Box;
  Scaled height = 0;   // box: height above the baseline; glue: natural size
  Scaled depth = 0;    // box only
  Scaled stretch = 0;  // glue only
  Scaled shrink = 0;   // glue only
  int penalty = 0;     // penalty only
  std::size_t payload = 0;

  static VItem box(Scaled h, Scaled d, std::size_t payload = 0) { return {ItemType::Box, h, d, 0, 0, 0, payload}; }
  static VItem glue(Scaled size, Scaled stretch, Scaled shrink, std::size_t payload = 0) {
    return {ItemType::Glue, size, 0, stretch, shrink, 0, payload};
  }
  static VItem penalty_item(int p, std::size_t payload = 0) { return {ItemType::Penalty, 0, 0, 0, 0, p, payload}; }
};

// TeX's badness: about 100 (t/s)^3, capped at 10000 (tex.web §108).
int badness(Scaled t, Scaled s);

// TeX's inf_bad (tex.web §108): the badness of material that cannot stretch
// enough; badness() never returns more.
inline constexpr int kInfBad = 10000;

}  // namespace cvpdf::typeset
