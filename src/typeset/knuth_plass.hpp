// The total-fit line breaker of Knuth & Plass (1981) / tex.web §813–§890.
#pragma once
#include <cstddef>
#include <vector>

#include "core/units.hpp"
#include "typeset/items.hpp"

namespace cvpdf::typeset {

struct BreakParams {
  // Width of each line; the last entry repeats for all later lines.
  std::vector<Scaled> line_widths;
  int pretolerance = 100;  // first pass, without hyphenation breaks; <0 skips it
  int tolerance = 200;     // second pass
  Scaled emergency_stretch = 0;  // third pass: added stretch on every line (TeX's \emergencystretch)
  int line_penalty = 10;
  int hyphen_penalty = 50;       // informational; penalties come from the items
  int flagged_demerits = 100;    // two hyphenated lines in a row (TeX's \doublehyphendemerits)
  int final_flagged_demerits = 5000;  // hyphen on the next-to-last line (\finalhyphendemerits)
  int fitness_demerits = 100;    // adjacent lines of incompatible fitness (\adjdemerits)
  int looseness = 0;
};

// How a line came out.
struct Line {
  std::size_t begin = 0;  // first item index of the line (after discarded glue/penalties)
  std::size_t end = 0;    // one past the last item of the line (the break item is not included)
  std::size_t break_index = 0;  // the item the line breaks at (== items.size() at the end)
  double adjustment_ratio = 0;  // r: >0 stretched, <0 shrunk (-1 is fully shrunk)
  int fitness = 1;              // 0 tight, 1 decent, 2 loose, 3 very loose
  Scaled natural_width = 0;
  Scaled stretch = 0;
  Scaled shrink = 0;
  bool hyphenated = false;      // ends at a flagged penalty
  bool overfull = false;        // could not shrink enough
};

struct BreakResult {
  std::vector<Line> lines;
  Scaled total_demerits = 0;
  int pass = 1;  // which pass found the breaks: 1 pretolerance, 2 tolerance, 3 emergency
  bool any_overfull() const;
};

// Breaks `items` into lines. The list should end with TeX's finishing
// sequence (penalty 10000, glue 0 plus fil, penalty -10000); if it does not,
// the breaker appends one internally. Never fails: the last pass accepts
// overfull lines rather than give up.
BreakResult break_paragraph(const std::vector<Item>& items, const BreakParams& params);

}  // namespace cvpdf::typeset
