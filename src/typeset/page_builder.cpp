// The page builder: TeX's least-cost page breaking (tex.web §980–§1028),
// for a galley that is already complete. Owns build_pages: the walk over
// the galley, the page totals, the cost of each break, and the cut at the
// best one; and measure_page, the same totals for a page cut elsewhere
// (the last page's balance, page_balance.cpp). Simplified from TeX: no inserts, no marks, no \topskip (the
// composer spaces lines itself), \maxdepth taken as 0 (a page's last depth
// always counts against its height, so nothing hangs below the margin).
// \raggedbottom's stretching \topskip is PageParams::foot_stretch: a
// stretch that only the badness (§1007) sees, so §1005's cost b + penalty
// can trade a page that ends a few lines short against a penalty.
#include <algorithm>
#include <cstdint>
#include <limits>

#include "typeset/page_builder.hpp"

namespace cvpdf::typeset {
namespace {

using Cost = std::int64_t;

// §974 deplorable: the cost of an underfull page that cannot be filled
// (badness 10000). Worse than any page that fits, but all such pages are
// equally bad, so the fullest one (the latest break) wins.
constexpr Cost kDeplorable = 100000;
// §833 awful_bad: the cost of a break past which the page is overfull. It
// both stops the search and marks the least acceptable choice.
constexpr Cost kAwfulBad = 07777777777;

// The best break found so far on the current page (§1005: best_page_break).
struct Choice {
  std::size_t index = 0;
  // TeX starts least_page_cost at awful_bad and keeps c <= least, so the
  // first break on a page always qualifies; starting above it says so
  // outright, and a page can never be cut before its first break.
  Cost cost = std::numeric_limits<Cost>::max();
  GlueSums totals;  // the page's material up to the break, last depth included
  int badness = 0;
  int penalty = 0;
  bool overfull = false;
};

Scaled page_height(const PageParams& params, std::size_t page) {
  const auto& heights = params.page_heights;
  if (heights.empty()) return 0;
  return heights[std::min(page, heights.size() - 1)];
}

// Skips what is discarded at the top of a page (§1000): penalties, and glue
// unless the caller keeps it.
std::size_t page_top(const std::vector<VItem>& galley, std::size_t i, bool discard_glue) {
  while (i < galley.size()) {
    const ItemType t = galley[i].type;
    if (t == ItemType::Box || (t == ItemType::Glue && !discard_glue)) break;
    ++i;
  }
  return i;
}

// §1007: the badness of a page of `totals` against its `goal`; `overfull`
// when it cannot shrink enough.
int page_badness(const GlueSums& totals, Scaled goal, Scaled foot_stretch, bool last, bool& overfull) {
  overfull = false;
  if (totals.natural < goal) {
    // The last page counts as filled, as if \vfill ended the galley. The
    // foot's notional stretch (\raggedbottom) weighs the rest; it is not
    // added to the page's totals, so nothing is ever set stretched by it.
    return (totals.fil_stretch != 0 || last) ? 0 : badness(goal - totals.natural, totals.stretch + foot_stretch);
  }
  if (totals.natural - goal > totals.shrink) {
    overfull = true;
    return kInfBad;
  }
  return badness(totals.natural - goal, totals.shrink);
}

}  // namespace

PageSlice measure_page(const std::vector<VItem>& galley, const PageParams& params, std::size_t page,
                       std::size_t after, std::size_t end) {
  PageSlice slice;
  slice.begin = page_top(galley, after, params.discard_glue_at_top);
  slice.end = end;
  GlueSums totals;
  Scaled depth = 0;
  for (std::size_t i = slice.begin; i < end && i < galley.size(); ++i) {
    const VItem& it = galley[i];
    if (it.type == ItemType::Box) {
      totals.natural += depth + it.height;
      depth = it.depth;
    } else if (it.type == ItemType::Glue) {
      totals.natural += depth;
      depth = 0;
      totals.add_glue(it.height, it.stretch, it.shrink);
    }
  }
  totals.natural += depth;
  slice.natural_height = totals.natural;
  slice.stretch = totals.stretch;
  slice.fil_stretch = totals.fil_stretch;
  slice.shrink = totals.shrink;
  slice.badness =
      page_badness(totals, page_height(params, page), params.foot_stretch, end >= galley.size(), slice.overfull);
  slice.penalty = end < galley.size() && galley[end].type == ItemType::Penalty ? galley[end].penalty : 0;
  return slice;
}

std::vector<PageSlice> build_pages(const std::vector<VItem>& galley, const PageParams& params) {
  std::vector<PageSlice> pages;
  const std::size_t n = galley.size();
  // Past the last box there is nothing to put on a page.
  std::size_t boxes_end = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (galley[i].type == ItemType::Box) boxes_end = i + 1;

  std::size_t start = 0;
  while (true) {
    const std::size_t top = page_top(galley, start, params.discard_glue_at_top);
    if (top >= boxes_end) break;
    const Scaled goal = page_height(params, pages.size());

    GlueSums page;     // §982 page_so_far, without the last box's depth
    Scaled depth = 0;  // §982 page_depth
    bool has_box = false;  // §980 page_contents = box_there: no break before the first box
    Choice best;

    for (std::size_t i = top;; ++i) {
      const bool at_end = i == n;
      bool is_break = false;
      int pi = 0;
      if (at_end) {
        is_break = true;  // the end of the galley is a forced break
        pi = kEjectPenalty;
      } else {
        const VItem& it = galley[i];
        if (it.type == ItemType::Box) {
          // §1002: the previous depth becomes part of the height.
          page.natural += depth + it.height;
          depth = it.depth;
          has_box = true;
          continue;
        }
        if (it.type == ItemType::Glue) {
          is_break = has_box && galley[i - 1].type == ItemType::Box;  // §1000: glue after a box
        } else {
          is_break = has_box && it.penalty < kInfinitePenalty;
          pi = it.penalty;
        }
      }

      if (is_break) {
        // §1007: the badness of the page if it ended here.
        GlueSums totals = page;
        totals.natural += depth;
        const bool forced = pi <= kEjectPenalty;
        bool overfull = false;
        const int b = page_badness(totals, goal, params.foot_stretch, at_end, overfull);
        // §1005: the cost of breaking here.
        Cost c = 0;
        if (overfull) {
          c = kAwfulBad;
        } else if (forced) {
          c = pi;
        } else if (b < kInfBad) {
          c = Cost{b} + pi;
        } else {
          c = kDeplorable;
        }
        if (c <= best.cost) {  // ties go to the later break: a fuller page
          best.index = i;
          best.cost = c;
          best.totals = totals;
          best.badness = b;
          best.penalty = (at_end || galley[i].type != ItemType::Penalty) ? 0 : pi;
          best.overfull = overfull;
        }
        // §1005: an overfull page or a forced break ends the search; the
        // first break on a page is always a candidate, so best is set.
        if (c == kAwfulBad || forced) break;
      }
      if (!at_end && galley[i].type == ItemType::Glue) {
        // §1004
        const VItem& g = galley[i];
        page.natural += depth;
        depth = 0;
        page.add_glue(g.height, g.stretch, g.shrink);
      }
    }

    PageSlice slice;
    slice.begin = top;
    slice.end = best.index;
    slice.natural_height = best.totals.natural;
    slice.stretch = best.totals.stretch;
    slice.fil_stretch = best.totals.fil_stretch;
    slice.shrink = best.totals.shrink;
    slice.badness = best.badness;
    slice.penalty = best.penalty;
    slice.overfull = best.overfull;
    pages.push_back(slice);
    // §1017: the material after the break goes on to the next page; the
    // break item itself is discarded there.
    start = best.index < n ? best.index + 1 : n;
  }
  return pages;
}

}  // namespace cvpdf::typeset
