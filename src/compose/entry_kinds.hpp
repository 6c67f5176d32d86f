// What each entry kind tells the compose stage, defined in its folder's
// compose.cpp (src/kinds/<kind>/compose.cpp): how it stands among a
// section's entries (the gap before it, whether a run of it is one list),
// what it readies once a section (a label column its entries share),
// whether it fills the date column, and how it is set. compose_section
// (sections.cpp) calls these for every kind through for_each_kind /
// std::visit; a kind that does not define one fails to link.
#pragma once
#include <array>
#include <cstddef>
#include <type_traits>
#include <variant>
#include <vector>

#include "compose/composer.hpp"

namespace cvpdf::compose {

namespace detail {
template <class Kind, class... Kinds>
constexpr std::size_t kind_index(const std::variant<Kinds...>*) {
  constexpr bool same[] = {std::is_same_v<Kind, Kinds>...};
  for (std::size_t i = 0; i < sizeof...(Kinds); ++i)
    if (same[i]) return i;
  return sizeof...(Kinds);
}
}  // namespace detail

// The kind's place in model::EntryBody, which is also the body's index().
template <class Kind>
inline constexpr std::size_t kKindIndex = detail::kind_index<Kind>(static_cast<const model::EntryBody*>(nullptr));
inline constexpr std::size_t kKindCount = std::variant_size_v<model::EntryBody>;

// What a section keeps for the entries of one kind while it is set.
struct KindRun {
  int shown = 0;  // the section's entries of the kind that show in the variant
  int set = 0;    // of these, the ones begun so far: the one being set is number `set`
  // A label column the kind's entries share (prepare_kind): the pairs'
  // label column, the widest of the numbered entries' numbers.
  Scaled label_width = 0;
};

// A section's state while its entries are set: made by compose_section and
// handed to each entry's kind.
struct SectionState {
  // Whether the section has a heading (H2): only then are its items' title
  // lines H3, so no heading level is skipped.
  bool heading = false;
  // The L of the run of listed entries the entry being set is in, and the
  // kind of that run (kKindIndex): a run of pairs, or of publications, is one list.
  StructId list = kArtifact;
  std::size_t list_kind = kKindCount;
  // The kind of the entry set last (kKindIndex; none yet: kKindCount).
  std::size_t previous_kind = kKindCount;
  // Where the section's first entry begins in the galley, and whether fewer
  // than two lines have been set since: until then each entry is kept with
  // the one before, so the heading stands over at least two lines.
  std::size_t body_from = 0;
  bool thin_start = true;
  // Where the last entry's gap (or, for the first entry, the entry itself)
  // and the entry begin, for keeping a one-line last entry with the one
  // before (compose_section).
  std::size_t last_gap = 0, last_entry = 0;
  std::array<KindRun, kKindCount> runs{};

  template <class Kind>
  KindRun& run() {
    return runs[kKindIndex<Kind>];
  }
  template <class Kind>
  const KindRun& run() const {
    return runs[kKindIndex<Kind>];
  }
};

// How entries of a kind stand among a section's entries.
struct KindLayout {
  Scaled gap = 0;       // before an entry of the kind that follows another entry
  bool listed = false;  // a run of entries of the kind is one L, each entry an LI of it
};

// Where an entry may be split between pages: the galley position of each
// place (Galley::mark), given a cost when the entry is short enough to be
// kept whole (compose_section, kSplitEntryPenalty).
using EntrySplits = std::vector<std::size_t>;

template <class Kind>
KindLayout kind_layout(const theme::Style& style);

// Readies the kind's run before the section's entries are set, with
// run.shown counted (e.g. a label column as wide as the widest label).
template <class Kind>
void prepare_kind(const Composer& c, const model::Section& section, KindRun& run);

// Whether the entry has a date for the date column (entry.dates: left):
// a variant with none gets no date column.
template <class Kind>
bool kind_dated(const Kind& kind);

// Sets the entry into the galley; its kind's run in `section` has counted it.
template <class Kind>
EntrySplits compose_kind(Composer& c, SectionState& section, const model::Entry& entry, const Kind& kind);

}  // namespace cvpdf::compose
