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
  // First pass: the items as given, hyphenation penalties included (unlike
  // TeX's first pass, which does not hyphenate: here the composer has already
  // chosen the breaks it offers). <0 skips it. Tolerances above 10000 act as
  // 10000: an overfull line is never feasible, only forced by the last pass.
  int pretolerance = 100;
  int tolerance = 200;     // second pass
  // Third pass, run only if >0: extra stretch counted on every line when
  // judging badness (TeX's \emergencystretch). The lines are still set with
  // their own glue, so their adjustment_ratio may exceed 1.
  Scaled emergency_stretch = 0;
  int line_penalty = 10;
  int hyphen_penalty = 50;       // informational; penalties come from the items
  int flagged_demerits = 100;    // two hyphenated lines in a row (TeX's \doublehyphendemerits)
  int final_flagged_demerits = 5000;  // hyphen on the next-to-last line (\finalhyphendemerits)
  int fitness_demerits = 100;    // adjacent lines of incompatible fitness (\adjdemerits)
  // Not in TeX (whose \parfillskip lets a last line be one syllable): a
  // line ending at a forced break, after another line of the paragraph,
  // whose natural width is below last_line_min_width costs
  // short_last_line_demerits more, so a paragraph whose lines can be
  // re-broken within the tolerance never ends on "tem." or "Go.". The
  // shorter it is the more it costs, up to three times as much for an
  // empty line, so between two short endings the longer wins ("自动化。"
  // before "动化。") unless its other lines pay more for it. A short last
  // line with no legal break inside, one token ("0.72×。"), costs
  // one_token_last_line_demerits more, scaled the same way.
  Scaled last_line_min_width = 0;
  int short_last_line_demerits = 0;
  int one_token_last_line_demerits = 0;
  // Not in TeX: skip the first two passes and break with the emergency
  // stretch at once, for a caller that found their breaks wanting.
  bool emergency_pass_only = false;
  // TeX's \looseness: try for this many more (>0) or fewer (<0) lines than
  // the optimum; the closest achievable count wins (tex.web §875).
  int looseness = 0;
  // The most active nodes kept (not in TeX): past this many, only the half
  // with the fewest demerits survives. Tolerance bounds the active list of
  // real text to the breaks within about one line (a few hundred at most);
  // material with no width (marks, U+200B) between breaks never makes a
  // line overfull, so at tolerance 10000 every break would stay active and
  // breaking would be quadratic in the paragraph's length.
  std::size_t max_active = 1000;
};

// How a line came out.
struct Line {
  std::size_t begin = 0;  // first item index of the line (after discarded glue/penalties)
  std::size_t end = 0;    // one past the last item of the line (the break item is not included)
  std::size_t break_index = 0;  // the item the line breaks at (== items.size() at the end)
  // r: the line's excess over its finite stretch (r > 0) or its shortfall
  // over its shrink (r < 0, -1 is fully shrunk; an overfull line has -1),
  // boxes' font expansion included: what badness and fitness are judged by.
  // 0 when the line has fil stretch to fill (then only fil glue stretches,
  // see has_fil) or no stretch at all.
  double adjustment_ratio = 0;
  // How the line is set (TeX's glue_set, with pdfTeX's font expansion):
  // each expandable box at width + expansion * stretch (or shrink, when
  // negative), r clamped to [-1, 1] and cut to a step of
  // kExpansionSteps; each finite glue at width + glue_set * stretch (or
  // shrink), taking what the boxes leave, so the line fills its width
  // exactly. Without expandable boxes, glue_set is r and expansion 0.
  double glue_set = 0;
  double expansion = 0;
  int fitness = 1;              // 0 tight, 1 decent, 2 loose, 3 very loose
  Scaled width = 0;             // the width it is set to (from line_widths)
  // The line's material from begin to the break, plus the pre-break width
  // of a discretionary broken at (a hyphen) and the post-break width of
  // one the line begins after. stretch is the finite part only; the fil
  // part is fil_stretch. The last line's values include the finishing
  // sequence the breaker appended, if it did (its fil glue is not among the
  // caller's items: the line's excess beyond the caller's fil glue is white
  // at the end of the line).
  Scaled natural_width = 0;
  Scaled stretch = 0;  // glue's and boxes' (box_stretch is the boxes' share)
  Scaled shrink = 0;
  Scaled box_stretch = 0;
  Scaled box_shrink = 0;
  Scaled fil_stretch = 0;       // sum of the stretch of fil glue (see kFil)
  int badness = 0;              // as set with its own glue (tex.web §108); 10000 if it cannot fill
  bool hyphenated = false;      // ends at a flagged discretionary
  bool overfull = false;        // could not shrink enough

  // The line fills its width with its fil glue, not its finite glue.
  bool has_fil() const { return fil_stretch != 0 && natural_width < width; }
};

// A line's boxes expand in steps of 1/kExpansionSteps of their stretch or
// shrink: with the composer's 2% expansion, steps of 0.1% of a glyph's
// width (pdfTeX's step), which the PDF writes exactly (a text matrix of
// three decimals).
inline constexpr int kExpansionSteps = 20;

struct BreakResult {
  std::vector<Line> lines;
  Scaled total_demerits = 0;
  int pass = 1;  // which pass found the breaks: 1 pretolerance, 2 tolerance, 3 emergency (0: no items)
  // The paragraph's last line (of two or more) is narrower than
  // last_line_min_width and has no legal break inside: one token.
  bool ends_on_short_token = false;
  bool any_overfull() const;
};

// Breaks `items` into lines. The list should end with TeX's finishing
// sequence (penalty 10000, glue 0 plus fil, penalty -10000); if it does not
// end with a forced break, the breaker drops any trailing glue (as TeX's
// §816 does) and appends one internally; the last line's break_index is then
// items.size() and its end excludes the dropped glue. Never fails: the last
// pass accepts overfull lines rather than give up. An empty list gives no
// lines (TeX ignores null paragraphs).
//
// Legal breaks (tex.web §866–§869): glue immediately after a box, any
// penalty below 10000 (<= -10000 forces one) and any discretionary below
// 10000 (its penalty; a line ending there gets its pre-break width, the
// next line its post-break width). After a break, glue and
// penalties are discarded up to the next box or forced break, so each line
// begins at a box (Line::begin). A break that would leave a line with no
// box at all (at a penalty among the discarded items) is not considered.
// A mid-paragraph forced break should be preceded by fil glue, like LaTeX's
// \\ (penalty 10000, glue 0 plus fil, penalty -10000), or its line is
// stretched to the full width.
BreakResult break_paragraph(const std::vector<Item>& items, const BreakParams& params);

// TeX's fitness class of a line (tex.web §853–§854): 3 very loose
// (stretching, badness > 99), 2 loose (> 12), 1 decent, 0 tight (shrinking,
// badness > 12).
int fitness_class(int badness, bool stretching);

// Sets items [begin, break_index) as one line of `width`, as TeX's hpack
// does (tex.web §649–§667); a discretionary inside sets its no-break width,
// one at break_index its pre-break width (the hyphen), and `post_break` is
// the post-break width of the one the line begins after. Fills every Line
// field; `end` is min(break_index, items.size()).
// break_paragraph uses it for each line it chose (keeping the fitness it
// judged by, which counts emergency stretch); the composer may use it to set
// a single unbroken line.
Line measure_line(const std::vector<Item>& items, std::size_t begin, std::size_t break_index, Scaled width,
                  Scaled post_break = 0);

}  // namespace cvpdf::typeset
