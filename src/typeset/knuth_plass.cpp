// The Knuth–Plass total-fit line breaker (Knuth & Plass 1981; tex.web
// §813–§890). Owns break_paragraph: the passes, the active and passive
// nodes, badness, fitness and demerits of each candidate line, and the
// choice of the best path. Each chosen line is then set by measure_line
// (line_measure.cpp), the same arithmetic TeX's hpack does.
//
// How it differs from tex.web, and why:
// - Widths come from prefix sums over the item list instead of TeX's delta
//   nodes: the same arithmetic, simpler, and the list is an array anyway.
// - The first pass breaks at every item the composer offers, hyphens
//   included (the composer decides which hyphens exist); TeX's first pass
//   would not hyphenate.
// - A break whose line would hold no box (at a penalty inside the glue
//   discarded after another break, or among glue that opens the paragraph)
//   is never tried: it could only produce an empty line. Only a forced
//   break can make one.
// - A discretionary right after a break is discarded with the glue and
//   penalties there (TeX keeps its no-break material), so every line still
//   begins at a box. The composer's discretionaries sit between two parts
//   of a word and have no no-break material, so nothing is lost.
// - Demerits are 64-bit, so awful_bad is 2^62 rather than 2^30 - 1.
// - The active list is capped (BreakParams::max_active; prune_active), so a
//   paragraph whose breaks never make a line overfull — zero-width material
//   between them — stays linear in its length. Real text never reaches it.
// - A short last line costs extra demerits (BreakParams::
//   short_last_line_demerits), as \finalhyphendemerits does a hyphen
//   before it.
// - Boxes may stretch and shrink (font expansion, as pdfTeX's): their
//   stretch and shrink count with the glue's in every line's badness.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "typeset/knuth_plass.hpp"

namespace cvpdf::typeset {
namespace {

using Demerits = std::int64_t;

// §833 awful_bad: more demerits than any real paragraph. TeX's 2^30 - 1 fits
// its 32-bit words; a long paragraph of 10^8-demerit lines would pass that,
// so ours is 2^62 (sums of real lines cannot overflow an int64 before it).
constexpr Demerits kAwfulBad = Demerits{1} << 62;
// §859: once line_penalty + badness reaches 10000 the line is hopeless, and
// its demerits are a flat 10^8 instead of the square: squaring would let one
// hopeless line outweigh any number of merely bad ones.
constexpr Demerits kHopelessLine = 10000;
constexpr Demerits kHopelessLineDemerits = 100000000;
// §851: an overfull line's badness, above inf_bad so that no tolerance
// admits it; only the last pass's artificial demerits can force one.
constexpr int kOverfullBadness = kInfBad + 1;
// §820: the line number of the last_active sentinel (max_halfword), above
// every real line, so that reaching it closes the last class of lines.
constexpr int kLastActiveLine = INT_MAX;
constexpr std::size_t kNone = static_cast<std::size_t>(-1);
constexpr int kFitnessClasses = 4;  // §817: tight, decent, loose, very loose
constexpr int kDecentFit = 1;

// §821 passive node: a break that ends a line on some surviving path.
struct Passive {
  std::size_t position;  // index of the break item in the (finished) list
  std::size_t prev;      // the passive node of the line before, kNone at the start
  int fitness;           // of the line that ends here
};

// §819 active node: a break from which the next line may still start.
struct Active {
  std::size_t passive;      // kNone for the start of the paragraph
  std::size_t begin;        // first item of the next line (§837: discardables skipped)
  int line;                 // number of the next line, 1 for the first
  int fitness;              // of the line that ends here
  bool flagged;             // ends at a flagged discretionary (TeX's type = hyphenated)
  Demerits total_demerits;  // of the best path to here
  Scaled post_break;        // the next line begins with it: the post-break width of a discretionary broken at
};

class Breaker {
 public:
  Breaker(const std::vector<Item>& items, const BreakParams& params);
  BreakResult run();

 private:
  bool run_pass();
  void try_break(std::size_t cur, int pi, bool flagged);
  void create_active_nodes(std::size_t cur, bool flagged);
  void prune_active();
  Demerits demerits(int badness, int pi, bool flagged, bool final_break, int fit, const Active& r) const;
  Scaled line_width(int line) const;
  // A line from item begin to a break at end has no legal break inside.
  bool one_token(std::size_t begin, std::size_t end) const {
    return last_legal_[end] == kNone || last_legal_[end] < begin;
  }
  bool short_last_line(std::size_t begin, std::size_t end) const {
    return prefix_[end].natural - prefix_[begin].natural < params_.last_line_min_width;
  }
  std::size_t best_active(int& actual_looseness) const;
  BreakResult make_result(const Active& best, int pass) const;

  const std::vector<Item>& items_;  // the caller's
  const BreakParams& params_;
  std::vector<Item> finished_;      // items + finishing sequence, when one had to be appended
  const std::vector<Item>* list_;   // what is broken: items_ or finished_
  std::size_t kept_;                // the caller's items that are part of list_ (trailing glue dropped)
  std::vector<GlueSums> prefix_;    // prefix_[i]: totals of list items [0, i)
  std::vector<std::size_t> after_break_;  // first item of the line after a break at i (§837)
  // last_legal_[i]: the last legal break before item i, kNone if none: a
  // last line from r has none inside when last_legal_[end] < r.begin.
  std::vector<std::size_t> last_legal_;
  std::size_t start_content_ = 0;   // the first box or forced break of the paragraph
  int easy_line_ = 0;               // §848: lines beyond it all have the same width

  // One pass (§863).
  int threshold_ = 0;
  bool final_pass_ = false;
  Scaled extra_stretch_ = 0;  // the third pass's emergency stretch
  std::vector<Active> active_, next_;
  std::vector<Passive> passive_;

  // One call of try_break (§833): the best way found to reach the current
  // break in each fitness class.
  Demerits minimal_demerits_[kFitnessClasses] = {};
  std::size_t best_place_[kFitnessClasses] = {};
  int best_pl_line_[kFitnessClasses] = {};
  Demerits minimum_demerits_ = kAwfulBad;
};

Breaker::Breaker(const std::vector<Item>& items, const BreakParams& params)
    : items_(items), params_(params), list_(&items), kept_(items.size()) {
  const bool ends_forced =
      !items.empty() && items.back().type == ItemType::Penalty && items.back().penalty <= kEjectPenalty;
  if (!ends_forced) {
    // §816: the finishing sequence; trailing glue is dropped first, as TeX
    // does, or the last line could be an empty one after a final space.
    while (kept_ > 0 && items[kept_ - 1].type == ItemType::Glue) --kept_;
    finished_.assign(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(kept_));
    finished_.push_back(Item::penalty_item(kInfinitePenalty));
    finished_.push_back(Item::glue(0, kFil, 0));  // \parfillskip
    finished_.push_back(Item::penalty_item(kEjectPenalty));
    list_ = &finished_;
  }
  const std::vector<Item>& list = *list_;

  prefix_.resize(list.size() + 1);
  for (std::size_t i = 0; i < list.size(); ++i) {
    prefix_[i + 1] = prefix_[i];
    const Item& it = list[i];
    if (it.type == ItemType::Box) {
      prefix_[i + 1].natural += it.width;
      prefix_[i + 1].stretch += it.stretch;  // font expansion: always finite
      prefix_[i + 1].shrink += it.shrink;
    } else if (it.type == ItemType::Discretionary) {
      prefix_[i + 1].natural += it.width;  // its no-break material, while unbroken
    } else if (it.type == ItemType::Glue) {
      prefix_[i + 1].add_glue(it.width, it.stretch, it.shrink);
    }
  }

  // §837/§879: after a break, glue, penalties and discretionaries are
  // discarded up to the next box; a forced break stops the discarding (it
  // must still be taken).
  after_break_.resize(list.size());
  std::size_t next_kept = list.size();
  for (std::size_t i = list.size(); i-- > 0;) {
    after_break_[i] = next_kept;
    const Item& it = list[i];
    if (it.type == ItemType::Box || (it.type == ItemType::Penalty && it.penalty <= kEjectPenalty)) next_kept = i;
  }
  last_legal_.assign(list.size() + 1, kNone);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Item& it = list[i];
    const bool legal = it.type == ItemType::Glue ? i > 0 && list[i - 1].type == ItemType::Box
                                                 : it.type != ItemType::Box && it.penalty < kInfinitePenalty;
    last_legal_[i + 1] = legal ? i : last_legal_[i];
  }
  // Glue at the start of a paragraph is kept (TeX's indent may be glue),
  // but a first line of glue alone is as empty as any other.
  start_content_ = next_kept;

  // §848: with looseness, every line number is its own class; otherwise
  // lines past the last explicit width are interchangeable.
  if (params.looseness != 0) {
    easy_line_ = kLastActiveLine;
  } else {
    easy_line_ = params.line_widths.empty() ? 0 : static_cast<int>(params.line_widths.size()) - 1;
  }
}

Scaled Breaker::line_width(int line) const {
  const auto& widths = params_.line_widths;
  if (widths.empty()) return 0;
  const std::size_t index = std::min(static_cast<std::size_t>(line), widths.size()) - 1;
  return widths[index];
}

// §859: demerits of a line from r to the current break.
Demerits Breaker::demerits(int badness, int pi, bool flagged, bool final_break, int fit, const Active& r) const {
  Demerits d = Demerits{params_.line_penalty} + badness;
  d = std::llabs(d) >= kHopelessLine ? kHopelessLineDemerits : d * d;
  if (pi > 0) {
    d += Demerits{pi} * pi;
  } else if (pi > kEjectPenalty) {
    d -= Demerits{pi} * pi;  // a bonus for breaking here
  }
  if (flagged && r.flagged) {
    // Two hyphenated lines in a row; at the end, a hyphen on the last-but-one line.
    d += final_break ? params_.final_flagged_demerits : params_.flagged_demerits;
  }
  if (std::abs(fit - r.fitness) > 1) d += params_.fitness_demerits;
  return d;
}

// §836, §845: turn the best ways found to reach `cur` into active nodes,
// one per fitness class that is within adj_demerits of the best.
void Breaker::create_active_nodes(std::size_t cur, bool flagged) {
  const Item& at = (*list_)[cur];
  const Scaled post_break = at.type == ItemType::Discretionary ? at.post_break : 0;
  const Demerits adj = std::llabs(Demerits{params_.fitness_demerits});
  // A class worse than the best by more than adj_demerits can never win:
  // the best can always continue the same way, paying at most adj_demerits.
  minimum_demerits_ = adj >= kAwfulBad - minimum_demerits_ ? kAwfulBad - 1 : minimum_demerits_ + adj;
  for (int fit = kFitnessClasses - 1; fit >= 0; --fit) {  // §836: very loose first, as TeX
    if (minimal_demerits_[fit] <= minimum_demerits_) {
      passive_.push_back(Passive{cur, best_place_[fit], fit});
      next_.push_back(Active{passive_.size() - 1, after_break_[cur], best_pl_line_[fit] + 1, fit, flagged,
                             minimal_demerits_[fit], post_break});
    }
    minimal_demerits_[fit] = kAwfulBad;
  }
  minimum_demerits_ = kAwfulBad;
}

// §829: consider every line that could end at the break `cur`.
void Breaker::try_break(std::size_t cur, int pi, bool flagged) {
  if (pi >= kInfinitePenalty) return;
  const bool forced = pi <= kEjectPenalty;
  if (forced) pi = kEjectPenalty;
  const std::vector<Item>& list = *list_;
  const bool final_break = cur + 1 == list.size();
  // §840: a line ending at a discretionary ends with its pre-break material
  // (its no-break width is not in prefix_[cur], which stops before it).
  const Scaled break_width = list[cur].type == ItemType::Discretionary ? list[cur].pre_break : 0;

  std::fill(std::begin(minimal_demerits_), std::end(minimal_demerits_), kAwfulBad);
  minimum_demerits_ = kAwfulBad;
  next_.clear();
  int old_l = 0;
  Scaled width = 0;

  for (std::size_t idx = 0;; ++idx) {
    const bool at_end = idx == active_.size();
    const int l = at_end ? kLastActiveLine : active_[idx].line;
    // §835: a new class of line numbers begins; first insert the nodes for
    // the breaks found in the previous class.
    if (l > old_l) {
      if (minimum_demerits_ < kAwfulBad && (old_l != easy_line_ || at_end)) create_active_nodes(cur, flagged);
      if (at_end) break;
      // §850
      if (l > easy_line_) {
        width = line_width(easy_line_ + 1);
        old_l = kLastActiveLine - 1;
      } else {
        old_l = l;
        width = line_width(l);
      }
    }
    const Active& r = active_[idx];
    if (cur < (r.passive == kNone ? start_content_ : r.begin)) {  // the line would hold no box: not a break for r
      next_.push_back(r);
      continue;
    }

    // §851: badness and fitness class of the line from r to cur.
    GlueSums line = prefix_[cur];
    line -= prefix_[r.begin];
    line.natural += break_width + r.post_break;
    line.stretch += extra_stretch_;
    const Scaled shortfall = width - line.natural;
    int b = 0;
    int fit = kDecentFit;
    if (shortfall > 0) {
      // §852: fil glue fills any line; otherwise the finite stretch must.
      b = line.fil_stretch != 0 ? 0 : badness(shortfall, line.stretch);
      fit = fitness_class(b, true);
    } else {
      // §853: a line shrunk beyond its shrink is overfull.
      b = -shortfall > line.shrink ? kOverfullBadness : badness(-shortfall, line.shrink);
      fit = fitness_class(std::min(b, kInfBad), false);
    }

    bool artificial = false;
    bool stays_active = true;
    if (b > kInfBad || forced) {
      // §854: r cannot reach past cur. In the last pass, if r is the only
      // node left and nothing better reaches cur, take the line anyway with
      // no demerits of its own (artificial_demerits), so the paragraph
      // always has breaks. (TeX also zeroes a feasible line's demerits here
      // when cur is forced; counting them changes no break, as every path
      // goes through this one, and keeps total_demerits honest.)
      if (b > threshold_) {
        if (!(final_pass_ && minimum_demerits_ == kAwfulBad && idx + 1 == active_.size() && next_.empty())) {
          continue;  // §860: deactivate r
        }
        artificial = true;
      }
      stays_active = false;
    } else if (b > threshold_) {
      next_.push_back(r);  // too loose for now; a later break may suit r
      continue;
    }

    // §855: record a feasible break.
    Demerits d = artificial ? 0 : demerits(b, pi, flagged, final_break, fit, r);
    const Scaled min_width = params_.last_line_min_width;
    if (forced && !artificial && r.passive != kNone && min_width > 0 && line.natural < min_width) {
      // The share of the minimum missing, 0 to 1 (a line of negative width,
      // which only a caller's negative boxes give, counts as empty).
      const double missing =
          static_cast<double>(min_width - std::clamp<Scaled>(line.natural, 0, min_width)) / static_cast<double>(min_width);
      const double demerits = static_cast<double>(params_.short_last_line_demerits) +
                              (one_token(r.begin, cur) ? static_cast<double>(params_.one_token_last_line_demerits) : 0.0);
      d += static_cast<Demerits>(std::clamp(demerits * (1 + 2 * missing), 0.0, static_cast<double>(kHopelessLineDemerits)));
    }
    d += r.total_demerits;
    if (d <= minimal_demerits_[fit]) {
      minimal_demerits_[fit] = d;
      best_place_[fit] = r.passive;
      best_pl_line_[fit] = r.line;
      minimum_demerits_ = std::min(minimum_demerits_, d);
    }
    if (stays_active) next_.push_back(r);
  }
  active_.swap(next_);
  if (active_.size() > params_.max_active) prune_active();
}

// Not in tex.web: keep the max_active / 2 nodes with the fewest demerits
// (on a tie, the later node, which try_break also prefers), in their order,
// which is the line-number order §835 relies on. Pruning halfway below the
// cap makes its cost constant per break.
void Breaker::prune_active() {
  const std::size_t keep = std::max<std::size_t>(params_.max_active / 2, 1);
  std::vector<std::size_t> order(active_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                   [&](std::size_t a, std::size_t b) {
                     if (active_[a].total_demerits != active_[b].total_demerits)
                       return active_[a].total_demerits < active_[b].total_demerits;
                     return a > b;
                   });
  std::vector<bool> kept(active_.size(), false);
  for (std::size_t k = 0; k < keep; ++k) kept[order[k]] = true;
  std::size_t out = 0;
  for (std::size_t i = 0; i < active_.size(); ++i)
    if (kept[i]) active_[out++] = active_[i];
  active_.resize(out);
}

// §863–§869: one pass over the paragraph. False if no path reaches its end.
bool Breaker::run_pass() {
  active_.assign(1, Active{kNone, 0, 1, kDecentFit, false, 0, 0});
  passive_.clear();
  const std::vector<Item>& list = *list_;
  const std::size_t last = list.size() - 1;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Item& it = list[i];
    if (it.type == ItemType::Glue) {
      // §868: glue is a break only right after a box.
      if (i > 0 && list[i - 1].type == ItemType::Box) try_break(i, 0, false);
    } else if (it.type == ItemType::Penalty) {
      // §873: the final break counts as hyphenated, so that a hyphen on the
      // last-but-one line costs final_flagged_demerits.
      if (it.penalty < kInfinitePenalty) try_break(i, it.penalty, i == last);
    } else if (it.type == ItemType::Discretionary) {
      // §869: a discretionary is always a legal break, at its own penalty.
      try_break(i, it.penalty, it.flagged || i == last);
    }
    if (active_.empty()) return false;
  }
  return true;
}

// §874–§875: the node at the end with the fewest demerits, or, with
// looseness, the one whose line count is nearest the one asked for.
std::size_t Breaker::best_active(int& actual_looseness) const {
  std::size_t best = 0;
  for (std::size_t i = 1; i < active_.size(); ++i)
    if (active_[i].total_demerits < active_[best].total_demerits) best = i;
  actual_looseness = 0;
  const int looseness = params_.looseness;
  if (looseness == 0) return best;
  const int best_line = active_[best].line;
  Demerits fewest = active_[best].total_demerits;
  for (std::size_t i = 0; i < active_.size(); ++i) {
    const int line_diff = active_[i].line - best_line;
    if ((line_diff < actual_looseness && looseness <= line_diff) ||
        (line_diff > actual_looseness && looseness >= line_diff)) {
      best = i;
      actual_looseness = line_diff;
      fewest = active_[i].total_demerits;
    } else if (line_diff == actual_looseness && active_[i].total_demerits < fewest) {
      best = i;
      fewest = active_[i].total_demerits;
    }
  }
  return best;
}

// §877–§880 (post_line_break): the lines of the chosen path, measured, with
// indices into the caller's items.
BreakResult Breaker::make_result(const Active& best, int pass) const {
  BreakResult result;
  result.total_demerits = best.total_demerits;
  result.pass = pass;
  std::vector<std::size_t> chain;
  for (std::size_t p = best.passive; p != kNone; p = passive_[p].prev) chain.push_back(p);
  std::reverse(chain.begin(), chain.end());

  const bool appended = list_ == &finished_;
  std::size_t begin = 0;
  Scaled post_break = 0;
  int line_number = 1;
  for (std::size_t p : chain) {
    const Passive& brk = passive_[p];
    if (line_number > 1 && p == chain.back())
      result.ends_on_short_token = one_token(begin, brk.position) && short_last_line(begin, brk.position);
    Line line = measure_line(*list_, begin, brk.position, line_width(line_number), post_break);
    line.fitness = brk.fitness;
    if (appended && brk.position >= kept_) {
      // The appended finishing sequence is not among the caller's items.
      line.break_index = items_.size();
      line.end = std::min(line.end, kept_);
      line.begin = std::min(line.begin, line.end);
    }
    result.lines.push_back(line);
    begin = after_break_[brk.position];
    const Item& at = (*list_)[brk.position];
    post_break = at.type == ItemType::Discretionary ? at.post_break : 0;
    ++line_number;
  }
  return result;
}

BreakResult Breaker::run() {
  if (items_.empty()) return BreakResult{{}, 0, 0};
  // §863: pass 1 with pretolerance (unless negative), pass 2 with
  // tolerance, pass 3 with emergency stretch (if any). The last pass run is
  // the final one, which cannot fail.
  const bool emergency_only = params_.emergency_pass_only && params_.emergency_stretch > 0;
  int pass = emergency_only ? 3 : params_.pretolerance >= 0 ? 1 : 2;
  const int last_pass = params_.emergency_stretch > 0 ? 3 : 2;
  for (; pass <= last_pass; ++pass) {
    threshold_ = std::min(pass == 1 ? params_.pretolerance : params_.tolerance, kInfBad);
    final_pass_ = pass == last_pass;
    extra_stretch_ = pass == 3 ? params_.emergency_stretch : 0;
    if (!run_pass()) continue;
    int actual_looseness = 0;
    const std::size_t best = best_active(actual_looseness);
    if (actual_looseness == params_.looseness || final_pass_) return make_result(active_[best], pass);
  }
  // Unreachable: the final pass keeps one node alive through every break.
  // Should it ever fail, set the whole paragraph as one (overfull) line
  // rather than lose the text.
  BreakResult fallback;
  fallback.pass = last_pass;
  Line line = measure_line(*list_, 0, list_->size() - 1, line_width(1));
  line.break_index = list_ == &finished_ ? items_.size() : list_->size() - 1;
  line.end = std::min(line.end, kept_);
  fallback.lines.push_back(line);
  return fallback;
}

}  // namespace

BreakResult break_paragraph(const std::vector<Item>& items, const BreakParams& params) {
  return Breaker(items, params).run();
}

}  // namespace cvpdf::typeset
