// Total fit is optimal: on small random paragraphs, the breaker's total
// demerits equal those of an exhaustive dynamic programme over every legal
// break, written here from the rules alone (no active list, no pruning by
// adj_demerits, no line classes). Every line is feasible (tolerance 10000,
// nothing too wide), so no pass needs artificial demerits.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "typeset/knuth_plass.hpp"

namespace cvpdf::typeset {
namespace {

constexpr Scaled kUnit = 65536;
using Demerits = std::int64_t;
constexpr Demerits kNoPath = std::numeric_limits<Demerits>::max();

// Minimum total demerits of `items` (ending in a forced break) set in lines
// of params.line_widths (the last repeating), by brute force over (break,
// number of the next line, fitness of the line ending there, flagged).
Demerits reference_demerits(const std::vector<Item>& items, const BreakParams& params) {
  const std::size_t n = items.size();
  const std::vector<Scaled>& widths = params.line_widths;
  const std::size_t classes = widths.size();  // line numbers 1..classes; beyond, all alike
  auto width_of = [&](std::size_t line_class) { return widths[line_class - 1]; };
  auto is_forced = [&](std::size_t k) { return items[k].type == ItemType::Penalty && items[k].penalty <= kEjectPenalty; };
  auto is_break = [&](std::size_t k) {
    if (items[k].type == ItemType::Penalty || items[k].type == ItemType::Discretionary)
      return items[k].penalty < kInfinitePenalty;
    return items[k].type == ItemType::Glue && k > 0 && items[k - 1].type == ItemType::Box;
  };
  // Where the line after a break at k begins: discard glue, penalties and
  // discretionaries up to a box or a forced break.
  auto after = [&](std::size_t k) {
    std::size_t j = k + 1;
    while (j < n && items[j].type != ItemType::Box && !is_forced(j)) ++j;
    return j;
  };
  // best[k][c][fitness][flagged]: fewest demerits of lines ending at break
  // k, with c the class of the next line's number. Index n stands for the
  // paragraph start (line 1, fitness decent, unflagged).
  using Slots = std::array<std::array<Demerits, 2>, 4>;
  std::vector<std::vector<Slots>> best(n + 1, std::vector<Slots>(classes + 1));
  for (auto& by_class : best)
    for (auto& f : by_class)
      for (auto& g : f) g = {kNoPath, kNoPath};
  best[n][1][1][0] = 0;

  auto relax_from = [&](std::size_t from_state, std::size_t line_class, std::size_t begin) {
    const Scaled width = width_of(line_class);
    const std::size_t next_class = std::min(line_class + 1, classes);
    for (std::size_t j = begin; j < n; ++j) {
      if (j > begin && is_forced(j - 1) && j - 1 >= begin) break;  // cannot pass a forced break
      if (!is_break(j)) continue;
      bool has_box = false;
      for (std::size_t k = begin; k < j; ++k) has_box |= items[k].type == ItemType::Box;
      if (!has_box && !is_forced(j)) continue;
      const Line line = measure_line(items, begin, j, width);
      if (line.overfull) break;  // longer lines only get wider
      const bool flagged = (items[j].type == ItemType::Discretionary && items[j].flagged) || j + 1 == n;
      const int pi = items[j].type != ItemType::Glue ? std::max(items[j].penalty, kEjectPenalty) : 0;
      const int fit = line.fitness;
      for (int f0 = 0; f0 < 4; ++f0) {
        for (int fl0 = 0; fl0 < 2; ++fl0) {
          const Demerits prior = best[from_state][line_class][f0][fl0];
          if (prior == kNoPath) continue;
          Demerits d = params.line_penalty + line.badness;
          d = d >= 10000 ? 100000000 : d * d;
          if (pi > 0) d += Demerits{pi} * pi;
          if (pi < 0 && pi > kEjectPenalty) d -= Demerits{pi} * pi;
          if (flagged && fl0) d += j + 1 == n ? params.final_flagged_demerits : params.flagged_demerits;
          if (std::abs(fit - f0) > 1) d += params.fitness_demerits;
          Demerits& slot = best[j][next_class][fit][flagged ? 1 : 0];
          slot = std::min(slot, prior + d);
        }
      }
      if (is_forced(j)) break;
    }
  };
  relax_from(n, 1, 0);
  for (std::size_t k = 0; k + 1 < n; ++k) {
    for (std::size_t c = 1; c <= classes; ++c) {
      bool reached = false;
      for (auto& f : best[k][c])
        for (Demerits d : f) reached |= d != kNoPath;
      if (reached) relax_from(k, c, after(k));
    }
  }
  Demerits answer = kNoPath;
  for (auto& by_class : best[n - 1])
    for (auto& f : by_class)
      for (Demerits d : f) answer = std::min(answer, d);
  return answer;
}

TEST(Optimality, MatchesExhaustiveSearch) {
  std::mt19937 rng(7);
  auto pick = [&](int k) { return static_cast<int>(rng() % static_cast<unsigned>(k)); };
  int compared = 0;
  for (int trial = 0; trial < 500; ++trial) {
    // One width, or a few per line with the last repeating.
    std::vector<Scaled> widths;
    for (int k = 1 + (pick(2) == 0 ? 0 : pick(3)); k > 0; --k) widths.push_back((90 + pick(120)) * kUnit);
    const Scaled width = *std::min_element(widths.begin(), widths.end());
    std::vector<Item> items;
    const int words = 2 + pick(30);
    for (int w = 0; w < words; ++w) {
      if (w > 0) {
        switch (pick(6)) {
          case 0:  // a hyphenation point
            items.push_back(Item::discretionary(50, 6 * kUnit));
            break;
          case 1:  // an optional break with a random penalty, then a space
            items.push_back(Item::penalty_item(pick(600) - 300));
            items.push_back(Item::glue(6 * kUnit, 3 * kUnit, 2 * kUnit));
            break;
          case 2:  // ragged-right style filler
            items.push_back(Item::glue(0, 18 * kUnit, 0));
            items.push_back(Item::penalty_item(0));
            items.push_back(Item::glue(6 * kUnit, -18 * kUnit, 0));
            break;
          case 3:
            if (pick(4) == 0) {
              items.push_back(Item::penalty_item(kEjectPenalty));
              break;
            }
            [[fallthrough]];
          default:
            items.push_back(Item::glue((4 + pick(6)) * kUnit, pick(6) * kUnit, pick(3) * kUnit));
            break;
        }
      }
      items.push_back(Item::box((5 + pick(static_cast<int>(width / kUnit) / 3)) * kUnit));
    }
    items.push_back(Item::penalty_item(kInfinitePenalty));
    items.push_back(Item::glue(0, kFil, 0));
    items.push_back(Item::penalty_item(kEjectPenalty));

    BreakParams params;
    params.line_widths = widths;
    params.pretolerance = -1;
    params.tolerance = 10000;
    params.flagged_demerits = 1000 * pick(4);
    params.final_flagged_demerits = 1000 * pick(6);
    params.fitness_demerits = 500 * pick(5);
    const Demerits expected = reference_demerits(items, params);
    if (expected == kNoPath) continue;  // a box run too wide: not this test's concern
    const BreakResult r = break_paragraph(items, params);
    SCOPED_TRACE("trial " + std::to_string(trial));
    EXPECT_FALSE(r.any_overfull());
    EXPECT_EQ(r.total_demerits, expected);
    ++compared;
  }
  EXPECT_GT(compared, 400);
}

}  // namespace
}  // namespace cvpdf::typeset
