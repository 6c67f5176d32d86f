// Last-resort breaks: what the paragraph does with a token no ordinary break
// can place — a key fingerprint, a hash, a URL's long path component or
// query value wider than the measure, or one that leaves the line before it
// stretched past the tolerance. This file owns the decisions: when the
// ordinary breaks have failed, which runs of material are long enough to
// be cut, where inside them a cut may go (between grapheme clusters that
// are also glyph clusters, never inside one), what a cut costs, and how the
// warning names it. paragraph.cpp turns the cuts into items and runs the
// breaker once more; ordinary text never gets here, so it breaks as before.
#pragma once
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/units.hpp"
#include "text/breaks.hpp"
#include "typeset/knuth_plass.hpp"

namespace cvpdf::compose::last_resort {

// The cost of cutting a word with no hyphen: far above any hyphen (50) and
// any feasible line's own demerits, so the breaker makes as few cuts as the
// paragraph needs, but below TeX's infinite 10000, so a cut is a legal break.
inline constexpr int kCutPenalty = text::kEmergencyPenalty;

// The white a cut line may end with, as stretch on the glue before the cut
// (cancelled after it when the line does not break there). Justified: one
// em, about one cluster, so a cut line is filled to within a character and
// its spaces stay near their natural width; ragged: the paragraph's own
// line-end stretch, as after a space.
inline constexpr int kJustifiedCutStretchEms = 1;

// How the ordinary breaks came out, as the last resort judges them.
struct Verdict {
  int overfull = 0;    // lines past the measure
  int loose = 0;       // lines short of it by more than the tolerance allows
  double worst = 0;    // the loosest line's stretch ratio (ragged: its shortfall in ragged stretches)
  bool failed() const { return overfull > 0 || loose > 0; }
  // Fewer overfull lines; then a less loose worst line (a paragraph of
  // two loose lines beats one with a single line stretched to pieces);
  // then fewer loose lines.
  bool better_than(const Verdict& other) const {
    if (overfull != other.overfull) return overfull < other.overfull;
    if (worst != other.worst) return worst < other.worst;
    return loose < other.loose;
  }
};
// `tolerance` is the paragraph's (TeX's \tolerance): a line of higher
// badness, as it is set, is loose; in ragged text (`ragged_stretch`, the
// white a ragged line may end with; 0 when justified) by its shortfall.
Verdict judge(const typeset::BreakResult& result, int tolerance, Scaled ragged_stretch);

// Prose words stay whole below this many ems (about 20 letters; a longer
// one is hyphenated first), whatever the measure.
inline constexpr int kLongRunEms = 10;

// How wide a run of material must be to be cut: wider than the narrowest
// line (it cannot fit anywhere as it is), or wider than both a third of the
// measure and kLongRunEms: a token that long leaves the line before it with
// huge gaps (justified) or far short (ragged) when it cannot start there.
Scaled long_run_width(Scaled width, Scaled first_line_width, Scaled em);

// The items [begin, end) between two consecutive legal breakpoints (glue
// right after a box, a penalty or discretionary below 10000) whose natural width exceeds
// `min_width`: the unbreakable runs a cut may open.
struct Run {
  std::size_t begin = 0;
  std::size_t end = 0;
};
std::vector<Run> long_runs(const std::vector<typeset::Item>& items, Scaled min_width);

// Whether a cut may fall between these two characters: not where the CJK
// rules forbid a line to end or begin (clreq.hpp's kinsoku: no line starts
// with "，" or ")", none ends with "（"), nor inside "——" or "……".
bool may_cut(char32_t before, char32_t after);

// Where a word set as `clusters` (per glyph, in order: the byte offset in
// `text` of the cluster it belongs to) may be cut: the indices g in (0,
// count) of glyphs that begin a glyph cluster (HarfBuzz's) whose byte
// offset is also a grapheme cluster boundary of text[begin, end) (ICU's)
// that may_cut allows, ascending. A ligature, a base with its marks or an emoji sequence is
// never cut; right-to-left (descending) clusters give no cuts.
std::vector<std::size_t> cut_glyphs(std::string_view text, std::size_t begin, std::size_t end,
                                    std::span<const std::size_t> clusters);

// The warning's words for a cut at byte `at` of `text` (what precedes it
// back to a space, what follows it up to one): "'4283fefc63f0cd0e…' was
// broken inside a word at '…93ad699|fc1f7c…' to fit the line".
std::string cut_message(std::string_view text, std::size_t at);

}  // namespace cvpdf::compose::last_resort
