// The break stage: the Knuth–Plass passes over itemise's list, and the last
// resort (last_resort.hpp) when they leave a line overfull or too loose:
// cuts offered inside long runs, the paragraph broken once more, the
// better breaks kept.
#include "compose/paragraph_stages.hpp"

#include <algorithm>

#include "compose/last_resort.hpp"

namespace cvpdf::compose {

using namespace paragraph_detail;

namespace {

// A paragraph's last line narrower than this (in ems of its text) is short:
// about five letters of Latin, four ideographs.
constexpr Scaled kShortLastLineEms = 3;
constexpr Scaled kShortLastLineCjkEms = 4;
// What a short last line, or a hyphen before the last line, costs: the
// demerits of a line at badness 100, the loosest a justified line may be.
constexpr int kLastLineDemerits = 12100;

}  // namespace

typeset::BreakResult Typesetter::break_ordinary(const Itemised& list, const Prepared& p,
                                                const ParagraphShape& shape) const {
  typeset::BreakParams params;
  // TeX's \doublehyphendemerits and \adjdemerits: two hyphens in a row and
  // a loose line next to a tight one are both to be avoided.
  params.flagged_demerits = 10000;
  params.fitness_demerits = 10000;
  // \finalhyphendemerits, and a last line too short to end a paragraph
  // ("tem.", "Go.", "优化。"): each costs as much as a line at the
  // tolerance, so the paragraph is re-broken when its lines allow.
  params.final_flagged_demerits = kLastLineDemerits;
  params.short_last_line_demerits = kLastLineDemerits;
  params.last_line_min_width = (p.has_cjk() ? kShortLastLineCjkEms : kShortLastLineEms) * p.em;
  // In CJK text a last line of one token ("0.72×。", "CANN。") reads as a
  // fragment at any length short of the minimum: three times the cost. A
  // Latin paragraph may end on one short word ("group.") rather than take
  // a hyphen for it.
  params.one_token_last_line_demerits = p.has_cjk() ? 2 * kLastLineDemerits : 0;
  params.line_widths = {shape.width};
  if (shape.first_line_width > 0) params.line_widths = {shape.first_line_width, shape.width};
  params.pretolerance = shape.align == theme::Alignment::Ragged ? -1 : 100;
  params.tolerance = shape.tolerance;
  params.emergency_stretch = 2 * p.em;
  typeset::BreakResult result = typeset::break_paragraph(list.items, params);
  // The first pass takes the breaks it finds within the pretolerance even
  // when they end the paragraph on one short token ("…提升至 / 0.72×。")
  // and a line a little looser would end it well ("…提升 / 至 0.72×。"):
  // then the second pass is asked too, and the fewer demerits win.
  if (result.pass == 1 && result.ends_on_short_token) {
    typeset::BreakParams second_pass = params;
    second_pass.pretolerance = -1;
    typeset::BreakResult second = typeset::break_paragraph(list.items, second_pass);
    if (!second.any_overfull() && second.total_demerits < result.total_demerits) result = std::move(second);
  }
  if (result.any_overfull()) {
    // No feasible breaks even with emergency stretch: as TeX with
    // \tolerance=10000, accept loose lines rather than run into the margin.
    params.tolerance = 10000;
    result = typeset::break_paragraph(list.items, params);
  }
  // There every line past all stretch scores the same badness, so a break
  // leaving two words across a whole line ("Adapted          OpenSoraPlan,")
  // may cost no more than a line a little loose. A line short of its
  // measure by more than three times all the stretch it may count is that:
  // the paragraph is broken again at its tolerance with an emergency
  // stretch as wide as the measure, where a line needing less stretch
  // ranks before one needing more, and kept if it leaves no such line.
  const Scaled emergency = params.emergency_stretch;
  const auto hopeless = [emergency](const typeset::Line& line) {
    return !line.has_fil() && !line.overfull && line.width - line.natural_width > 3 * (line.stretch + emergency);
  };
  if (std::any_of(result.lines.begin(), result.lines.end(), hopeless)) {
    params.tolerance = shape.tolerance;
    params.emergency_stretch = std::max<Scaled>(emergency, shape.width);
    typeset::BreakResult wide = typeset::break_paragraph(list.items, params);
    if (!wide.any_overfull() && std::none_of(wide.lines.begin(), wide.lines.end(), hopeless)) result = std::move(wide);
  }
  return result;
}

// The widest word space of a line, in ems of its text. A line of
// ideographs has no word space, but its CJK glue stretches at the same
// ratio (an eighth of an em per unit as a space's half its width,
// compose/clreq.cpp): its widest stretch counts as the quarter-em word
// space that ratio would give, 0.25 × (1 + 4 × stretch in ems), so
// ideographs 0.65 em apart read as the 0.9 em word space.
double Typesetter::widest_space(const Itemised& list, const Prepared& p, const typeset::Line& line,
                                bool* ideographs) const {
  constexpr double kQuarterEm = 0.25;
  if (ideographs) *ideographs = false;
  const double r = glue_ratio(list.items, line);
  double widest = 0;
  for (std::size_t k = line.begin; k < line.end && k < list.items.size(); ++k) {
    const typeset::Item& item = list.items[k];
    const Role role = static_cast<Role>(list.roles[k]);
    if (role == Role::SpaceGlue) {
      const Segment& s = p.segments[item.payload];
      if (s.space_size <= 0) continue;
      const double ems = static_cast<double>(set_glue_width(item, r)) / static_cast<double>(s.space_size);
      if (ems > widest && ideographs) *ideographs = false;
      widest = std::max(widest, ems);
    } else if (role == Role::CjkGlue && item.stretch > 0 && r > 0 && p.em > 0) {
      const double stretched = static_cast<double>(set_glue_width(item, r) - item.width) / static_cast<double>(p.em);
      const double ems = kQuarterEm * (1 + 4 * stretched);
      if (ems > widest && ideographs) *ideographs = true;
      widest = std::max(widest, ems);
    }
  }
  return widest;
}

double Typesetter::widest_space_ratio(const Itemised& list, const typeset::Line& line) {
  const double r = glue_ratio(list.items, line);
  double widest = 0;
  for (std::size_t k = line.begin; k < line.end && k < list.items.size(); ++k) {
    const typeset::Item& item = list.items[k];
    if (static_cast<Role>(list.roles[k]) != Role::SpaceGlue || item.width <= 0) continue;
    widest = std::max(widest, static_cast<double>(set_glue_width(item, r)) / static_cast<double>(item.width));
  }
  return widest;
}

int Typesetter::loose_lines(const Itemised& list, const Prepared& p, const typeset::BreakResult& result,
                            const ParagraphShape& shape) const {
  if (shape.align == theme::Alignment::Ragged) return 0;
  int loose = 0;
  for (const auto& line : result.lines) loose += widest_space(list, p, line) > style_.max_space + 1e-9 ? 1 : 0;
  return loose;
}

// The last resort (last_resort.hpp): only when the ordinary breaks leave a
// line overfull, or (justified) stretched past the tolerance or with a
// word space wider than text.max-space, are the long runs' segments given
// cuts at their cluster boundaries, and the paragraph broken once more;
// the new breaks are kept only if they come out better, or have fewer
// loose lines and no more overfull ones.
typeset::BreakResult Typesetter::break_items(Itemised& list, Prepared& p, const ParagraphShape& shape) const {
  typeset::BreakResult result = break_ordinary(list, p, shape);
  const Scaled ragged_stretch = shape.align == theme::Alignment::Ragged ? kRaggedStretchEms * p.em : 0;
  const last_resort::Verdict verdict = last_resort::judge(result, shape.tolerance, ragged_stretch);
  const int loose = loose_lines(list, p, result, shape);
  if (!verdict.failed() && loose == 0) return result;
  const Scaled min_width = last_resort::long_run_width(shape.width, shape.first_line_width, p.em);
  // The segments of each long run, in order: the cuts go inside them and
  // at the joins between them.
  struct Saved {
    std::size_t segment;
    Range cuts;
    bool cut_after;
  };
  std::vector<Saved> saved;
  bool any = false;
  for (const auto& run : last_resort::long_runs(list.items, min_width)) {
    std::size_t previous = kNoSegment;
    for (std::size_t k = run.begin; k < run.end; ++k) {
      if (list.items[k].type != typeset::ItemType::Box) continue;
      const std::size_t i = list.items[k].payload;
      if (i == previous) continue;
      if (previous != kNoSegment && previous + 1 == i) {
        Segment& before = p.segments[previous];
        if (!before.join.breakable && !before.lonely_break && last_resort::may_cut(before.last.cp, p.segments[i].first.cp)) {
          before.cut_after = true;
          any = true;
        }
      }
      previous = i;
      Segment& s = p.segments[i];
      saved.push_back({i, s.cuts, s.cut_after});
      const std::span<const std::size_t> clusters(p.unsized->clusters.data() + s.glyphs.begin, s.glyphs.size());
      const auto forced = last_resort::cut_glyphs(p.text(), s.begin, s.end, clusters);
      if (forced.empty()) continue;
      // Merged with the hyphenation points (a point that is both keeps its
      // hyphen), at the end of the paragraph's cuts: the old ones stay
      // where they are, to go back to.
      const Range hyphens = s.cuts;
      s.cuts.begin = p.cuts.size();
      std::size_t h = hyphens.begin;
      auto keep_hyphen = [&] {
        const Cut hyphen = p.cuts[h++];  // a copy: the push_back may move the array
        p.cuts.push_back(hyphen);
      };
      for (std::size_t g : forced) {
        while (h < hyphens.end && p.cuts[h].glyph < g) keep_hyphen();
        if (h < hyphens.end && p.cuts[h].glyph == g) continue;
        p.cuts.push_back({g, true});
      }
      while (h < hyphens.end) keep_hyphen();
      s.cuts.end = p.cuts.size();
      any = true;
    }
  }
  // The tokens (segments between spaces) that hold a cut or an explicit
  // break (a URL's): the lines of a URL need the line-end stretch even when
  // no run is long enough to cut, and the line before the token may end
  // short at the space before it.
  // Only a URL's explicit breaks count: a hyphenated compound
  // ("DeepSeek-R1") is ordinary prose, and the line before it must stay
  // justified to the measure, not end short as if the paragraph ended there.
  std::size_t token_begin = 0;
  bool awkward = false;
  for (std::size_t i = 0; i < p.segments.size(); ++i) {
    const Segment& s = p.segments[i];
    const bool explicit_break = i + 1 < p.segments.size() && s.brk.kind == text::BreakKind::Url &&
                                s.join.kind == clreq::JoinKind::Explicit && s.join.breakable;
    awkward = awkward || explicit_break || s.cut_after ||
              std::ranges::any_of(p.cuts_of(s), [](const Cut& c) { return c.forced; });
    const bool token_ends = i + 1 == p.segments.size() || s.after == text::BreakAfter::Mandatory ||
                            (s.join.space_glyph() && s.join.breakable);
    if (!token_ends) continue;
    if (awkward && token_begin > 0) {
      Segment& space_before = p.segments[token_begin - 1];
      if (space_before.join.space_glyph() && space_before.join.breakable && !space_before.lonely_break) {
        saved.push_back({token_begin - 1, space_before.cuts, space_before.cut_after});
        space_before.end_short = true;
      }
    }
    any = any || awkward;
    awkward = false;
    token_begin = i + 1;
  }
  if (any) {
    p.last_resort = true;
    Itemised cut_list = itemise(p, shape);
    typeset::BreakResult cut_result = break_ordinary(cut_list, p, shape);
    const last_resort::Verdict cut_verdict = last_resort::judge(cut_result, shape.tolerance, ragged_stretch);
    const bool fewer_loose =
        loose > 0 && cut_verdict.overfull <= verdict.overfull && loose_lines(cut_list, p, cut_result, shape) < loose;
    if (cut_verdict.better_than(verdict) || fewer_loose) {
      list = std::move(cut_list);
      return cut_result;
    }
  }
  // Back to the ordinary breaks, which `list` still holds.
  p.last_resort = false;
  for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
    p.segments[it->segment].cuts = it->cuts;
    p.segments[it->segment].cut_after = it->cut_after;
    p.segments[it->segment].end_short = false;
  }
  return result;
}

}  // namespace cvpdf::compose
