// Setting one line: its natural width, stretch and shrink, and the glue
// ratio and badness TeX's hpack would give it (tex.web §649–§667). The
// breaker chooses lines by the same measure, computed from prefix sums; this
// is what it reports for each chosen line, and what the composer may call to
// set a single unbroken line.
#include <algorithm>
#include <cmath>

#include "typeset/knuth_plass.hpp"

namespace cvpdf::typeset {

// Fitness classes, by the badness thresholds of tex.web §853 (stretching)
// and §854 (shrinking). Also used by the breaker (knuth_plass.cpp).
int fitness_class(int badness, bool stretching) {
  // §853: "loose" beyond badness 12 (r ≈ 0.5), "very loose" beyond 99 (r ≈ 1).
  constexpr int kDecentLimit = 12;
  constexpr int kLooseLimit = 99;
  if (stretching) {
    if (badness > kLooseLimit) return 3;  // very loose
    if (badness > kDecentLimit) return 2;  // loose
    return 1;                              // decent
  }
  return badness > kDecentLimit ? 0 : 1;  // tight : decent
}

namespace {

// Splits a line's excess (a shortfall when negative) between its boxes'
// font expansion and its glue: the boxes take the line's ratio, at most
// all of their stretch (shrink) and in whole steps towards zero (so the
// glue never has to go the other way), the glue the rest. With no glue to
// take it, the boxes alone fill the line, unstepped; when they cannot
// either, they keep their natural width (a line of one word that ends
// short gains nothing from wider glyphs).
void set_expansion(Line& line, Scaled excess, Scaled box_give, Scaled glue_give) {
  if (box_give <= 0) {
    line.glue_set = line.adjustment_ratio;
    return;
  }
  if (glue_give <= 0 && std::abs(line.adjustment_ratio) > 1) return;  // no filling it: left natural
  const double r = std::clamp(line.adjustment_ratio, -1.0, 1.0);
  line.expansion = glue_give > 0 ? std::trunc(r * kExpansionSteps) / kExpansionSteps : r;
  const double by_boxes = std::abs(line.expansion) * static_cast<double>(box_give);
  const double rest = static_cast<double>(excess < 0 ? -excess : excess) - by_boxes;
  line.glue_set = glue_give > 0 ? (excess < 0 ? -rest : rest) / static_cast<double>(glue_give) : 0.0;
}

}  // namespace

Line measure_line(const std::vector<Item>& items, std::size_t begin, std::size_t break_index, Scaled width,
                  Scaled post_break) {
  Line line;
  line.begin = begin;
  line.break_index = break_index;
  line.end = std::min(break_index, items.size());
  line.width = width;

  GlueSums sums;  // §656: the totals hpack gathers
  sums.natural = post_break;
  for (std::size_t k = begin; k < line.end; ++k) {
    const Item& it = items[k];
    if (it.type == ItemType::Box || it.type == ItemType::Discretionary) {
      sums.natural += it.width;
      if (it.type == ItemType::Box) {
        line.box_stretch += it.stretch;
        line.box_shrink += it.shrink;
      }
    } else if (it.type == ItemType::Glue) {
      sums.add_glue(it.width, it.stretch, it.shrink);
    }
  }
  if (break_index < items.size() && items[break_index].type == ItemType::Discretionary) {
    sums.natural += items[break_index].pre_break;  // the hyphen of a discretionary break
    line.hyphenated = items[break_index].flagged;
  }
  line.natural_width = sums.natural;
  line.stretch = sums.stretch + line.box_stretch;
  line.shrink = sums.shrink + line.box_shrink;
  line.fil_stretch = sums.fil_stretch;

  const Scaled excess = width - sums.natural;
  if (excess > 0) {
    // §658: fil glue, if any, takes all the excess; finite glue stays natural.
    if (sums.fil_stretch != 0) {
      line.badness = 0;
    } else {
      line.badness = badness(excess, line.stretch);
      if (line.stretch > 0) line.adjustment_ratio = static_cast<double>(excess) / static_cast<double>(line.stretch);
      set_expansion(line, excess, line.box_stretch, sums.stretch);
    }
    line.fitness = fitness_class(line.badness, true);
  } else if (excess < 0) {
    // §664: shrinking is limited to the shrink available; beyond it the line
    // is overfull and set fully shrunk.
    if (-excess > line.shrink) {
      line.overfull = true;
      line.badness = kInfBad;
      line.adjustment_ratio = -1.0;
      line.glue_set = -1.0;
      line.expansion = line.box_shrink > 0 ? -1.0 : 0.0;
    } else {
      line.badness = badness(-excess, line.shrink);
      line.adjustment_ratio = static_cast<double>(excess) / static_cast<double>(line.shrink);
      set_expansion(line, excess, line.box_shrink, sums.shrink);
    }
    line.fitness = fitness_class(line.badness, false);
  }
  return line;
}

bool BreakResult::any_overfull() const {
  return std::any_of(lines.begin(), lines.end(), [](const Line& l) { return l.overfull; });
}

}  // namespace cvpdf::typeset
