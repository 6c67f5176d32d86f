// The breaker on small constructed paragraphs: total fit against first fit,
// overfull material, forced and forbidden breaks, the finishing sequence,
// fil glue, ragged right, and linear running time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "typeset/knuth_plass.hpp"
#include "work_count.hpp"

namespace cvpdf::typeset {
namespace {

constexpr Scaled kUnit = 65536;

// Words named by letters; payload is the letter's index.
struct Words {
  std::vector<Item> items;

  Words& word(int width) {
    items.push_back(Item::box(width * kUnit, count++));
    return *this;
  }
  // Interword glue: 10 plus 10 minus 5 unless told otherwise.
  Words& space() {
    items.push_back(Item::glue(10 * kUnit, stretch * kUnit, 5 * kUnit));
    return *this;
  }
  Scaled stretch = 10;
  Words& words(std::initializer_list<int> widths) {
    for (int w : widths) {
      if (count > 0 && !items.empty() && items.back().type == ItemType::Box) space();
      word(w);
    }
    return *this;
  }
  Words& item(Item it) {
    items.push_back(it);
    return *this;
  }
  std::size_t count = 0;
};

std::string text_of(const std::vector<Item>& items, const Line& line) {
  std::string s;
  for (std::size_t k = line.begin; k < line.end; ++k) {
    if (items[k].type == ItemType::Box) s += static_cast<char>('A' + items[k].payload);
    if (items[k].type == ItemType::Glue && items[k].width > 0) s += ' ';
  }
  return s;
}

std::vector<std::string> texts(const std::vector<Item>& items, const BreakResult& r) {
  std::vector<std::string> out;
  for (const Line& l : r.lines) out.push_back(text_of(items, l));
  return out;
}

BreakParams width(int units) {
  BreakParams params;
  params.line_widths = {units * kUnit};
  return params;
}

// First fit, as the paper's foil: fill each line with as many words as fit
// when fully shrunk, break after the last one.
std::vector<Line> first_fit(const std::vector<Item>& items, Scaled line_width) {
  std::vector<Line> lines;
  std::size_t begin = 0;
  std::size_t last_fit = 0;  // a glue break whose line fits
  for (std::size_t i = 1; i <= items.size(); ++i) {
    const bool is_break = i == items.size() || (items[i].type == ItemType::Glue && items[i - 1].type == ItemType::Box);
    if (!is_break) continue;
    const Line trial = measure_line(items, begin, i, line_width);
    if (i == items.size()) {
      if (trial.overfull && last_fit > begin) {
        lines.push_back(measure_line(items, begin, last_fit, line_width));
        begin = last_fit + 1;
      }
      lines.push_back(measure_line(items, begin, i, line_width));
      break;
    }
    if (!trial.overfull) {
      last_fit = i;
    } else if (last_fit > begin) {
      lines.push_back(measure_line(items, begin, last_fit, line_width));
      begin = last_fit + 1;
      i = begin;  // re-measure from the new line start
    }
  }
  return lines;
}

TEST(KnuthPlass, TotalFitBeatsFirstFit) {
  // Width 100. First fit packs A B C D (110, shrunk by 10 of 15) and leaves
  // E alone on a justified line with no glue: badness 10000. Total fit
  // loosens the first line (r = 1) so that D E fills the second exactly.
  Words w;
  w.words({20, 20, 20, 20, 70, 30});
  const std::vector<Line> greedy = first_fit(w.items, 100 * kUnit);
  ASSERT_EQ(greedy.size(), 3u);
  EXPECT_EQ(text_of(w.items, greedy[0]), "A B C D");
  EXPECT_EQ(text_of(w.items, greedy[1]), "E");
  EXPECT_EQ(greedy[1].badness, 10000);

  const BreakResult r = break_paragraph(w.items, width(100));
  EXPECT_EQ(texts(w.items, r), (std::vector<std::string>{"A B C", "D E", "F"}));
  EXPECT_EQ(r.pass, 1);
  EXPECT_NEAR(r.lines[0].adjustment_ratio, 1.0, 1e-9);
  EXPECT_EQ(r.lines[0].fitness, 3);  // very loose, then decent: adjacent classes 2 apart
  EXPECT_NEAR(r.lines[1].adjustment_ratio, 0.0, 1e-9);
  for (const Line& l : r.lines) EXPECT_LE(l.badness, 100);
  // (10 + 100)^2 + (10 + 0)^2 + (10 + 0)^2 for the last line, plus fitness
  // demerits twice: the paragraph starts "decent" (tex.web §864), so a very
  // loose first line is two classes off, and so is the decent line after it.
  EXPECT_EQ(r.total_demerits, 110 * 110 + 100 + 100 + 2 * 100);
}

// A last line narrower than last_line_min_width costs its demerits: seven
// words three to a line leave one alone on the last line, unless a looser
// line of two (badness 100, within the tolerance) gives the last line two.
TEST(KnuthPlass, AShortLastLineIsAvoidedWhenTheParagraphCanReBreak) {
  Words w;
  w.stretch = 40;
  w.words({25, 25, 25, 25, 25, 25, 25});
  BreakParams params = width(100);
  EXPECT_EQ(texts(w.items, break_paragraph(w.items, params)), (std::vector<std::string>{"A B C", "D E F", "G"}));
  params.last_line_min_width = 40 * kUnit;
  params.short_last_line_demerits = 20000;
  EXPECT_EQ(texts(w.items, break_paragraph(w.items, params)).back(), "F G");
  // When it cannot (a two-word line would be past the tolerance), it stays.
  params.pretolerance = 50;
  params.tolerance = 50;
  params.emergency_stretch = 0;
  const BreakResult kept = break_paragraph(w.items, params);
  EXPECT_EQ(texts(w.items, kept), (std::vector<std::string>{"A B C", "D E F", "G"}));
  EXPECT_TRUE(kept.ends_on_short_token);  // "G": short, no legal break inside
}

// The shorter a short last line, the more it costs, and one token may cost
// more than a line that could still be broken: with every ending short,
// "F G" (no single token, a little short) wins over "G".
TEST(KnuthPlass, AShorterLastLineCostsMoreAndOneTokenMost) {
  Words w;
  w.stretch = 40;
  w.words({25, 25, 25, 25, 25, 25, 25});
  BreakParams params = width(100);
  params.last_line_min_width = 100 * kUnit;
  params.short_last_line_demerits = 10000;
  params.one_token_last_line_demerits = 20000;
  const BreakResult r = break_paragraph(w.items, params);
  EXPECT_EQ(texts(w.items, r).back(), "F G");
  EXPECT_FALSE(r.ends_on_short_token);  // short, but it could break between F and G
  // The last line's cost: 10000 × (1 + 2 × 40/100) = 18000 for "F G".
  params.short_last_line_demerits = 0;
  params.one_token_last_line_demerits = 0;
  const BreakResult free = break_paragraph(w.items, params);
  EXPECT_EQ(texts(w.items, free).back(), "G");
}

TEST(KnuthPlass, ABoxWiderThanTheLineGivesAnOverfullLine) {
  Words w;
  w.words({30, 300, 30});
  const BreakResult r = break_paragraph(w.items, width(100));
  ASSERT_FALSE(r.lines.empty());
  EXPECT_TRUE(r.any_overfull());
  EXPECT_EQ(r.pass, 2);
  // As TeX: the final pass forces the line at the first break past which
  // the only active node cannot reach; "A" alone is too loose for tolerance 200.
  EXPECT_EQ(texts(w.items, r), (std::vector<std::string>{"A B", "C"}));
  EXPECT_TRUE(r.lines[0].overfull);
  EXPECT_EQ(r.lines[0].adjustment_ratio, -1.0);
  EXPECT_FALSE(r.lines[1].overfull);

  // Accepting underfull lines puts B alone.
  BreakParams sloppy = width(100);
  sloppy.tolerance = 10000;
  const BreakResult s = break_paragraph(w.items, sloppy);
  EXPECT_EQ(texts(w.items, s), (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_FALSE(s.lines[0].overfull);
  EXPECT_EQ(s.lines[0].badness, 10000);
  EXPECT_TRUE(s.lines[1].overfull);
}

TEST(KnuthPlass, NothingFitsAtAll) {
  Words w;
  w.words({300});
  const BreakResult r = break_paragraph(w.items, width(100));
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_TRUE(r.lines[0].overfull);
  EXPECT_EQ(r.lines[0].natural_width, 300 * kUnit);
  // No line widths at all: width 0, every word overfull on its own line.
  Words many;
  many.words({10, 20, 30});
  const BreakResult z = break_paragraph(many.items, BreakParams{});
  EXPECT_EQ(z.lines.size(), 3u);
  for (const Line& l : z.lines) EXPECT_TRUE(l.overfull);
}

TEST(KnuthPlass, ForcedBreakMidParagraph) {
  // LaTeX's \\: penalty 10000, glue 0 plus fil, penalty -10000. Everything
  // would fit on one line; the break is taken anyway.
  Words w;
  w.words({20, 20});
  w.item(Item::penalty_item(kInfinitePenalty)).item(Item::glue(0, kFil, 0)).item(Item::penalty_item(kEjectPenalty));
  const std::size_t forced = w.items.size() - 1;
  w.words({20, 20});
  const BreakResult r = break_paragraph(w.items, width(1000));
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(texts(w.items, r), (std::vector<std::string>{"A B", "C D"}));
  EXPECT_EQ(r.lines[0].break_index, forced);
  EXPECT_TRUE(r.lines[0].has_fil());
  EXPECT_EQ(r.lines[0].adjustment_ratio, 0.0);
  EXPECT_EQ(r.lines[1].begin, forced + 1);
}

TEST(KnuthPlass, ForcedBreakWithoutFilIsStillTaken) {
  Words w;
  w.words({20, 20}).item(Item::penalty_item(-20000)).words({20});
  const BreakResult r = break_paragraph(w.items, width(1000));
  EXPECT_EQ(texts(w.items, r), (std::vector<std::string>{"A B", "C"}));
  EXPECT_EQ(r.lines[0].badness, 10000);  // justified and cannot fill: underfull
}

TEST(KnuthPlass, ConsecutiveForcedBreaksMakeAnEmptyLine) {
  Words w;
  w.words({20}).item(Item::penalty_item(kEjectPenalty)).item(Item::penalty_item(kEjectPenalty)).words({20});
  const BreakResult r = break_paragraph(w.items, width(100));
  ASSERT_EQ(r.lines.size(), 3u);
  EXPECT_EQ(r.lines[1].begin, r.lines[1].end);
  EXPECT_EQ(r.lines[1].break_index, 2u);
  EXPECT_EQ(text_of(w.items, r.lines[2]), "B");
}

TEST(KnuthPlass, EmptyParagraphHasNoLines) {
  const BreakResult r = break_paragraph({}, width(100));
  EXPECT_TRUE(r.lines.empty());
  EXPECT_EQ(r.pass, 0);
  EXPECT_EQ(r.total_demerits, 0);
  EXPECT_FALSE(r.any_overfull());
}

TEST(KnuthPlass, CallerFinishingSequenceIsUsedAsIs) {
  Words w;
  w.words({20, 20});
  w.item(Item::penalty_item(kInfinitePenalty)).item(Item::glue(0, 3 * kFil, 0)).item(Item::penalty_item(kEjectPenalty));
  const BreakResult r = break_paragraph(w.items, width(100));
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(r.lines[0].break_index, w.items.size() - 1);
  EXPECT_EQ(r.lines[0].end, w.items.size() - 1);
  EXPECT_EQ(r.lines[0].fil_stretch, 3 * kFil);  // no second \parfillskip was appended
}

TEST(KnuthPlass, TrailingGlueIsDropped) {
  Words w;
  w.words({20, 20}).space();
  const BreakResult r = break_paragraph(w.items, width(100));
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(r.lines[0].end, 3u);  // the trailing space is not on the line
  EXPECT_EQ(r.lines[0].break_index, w.items.size());
  EXPECT_EQ(r.lines[0].natural_width, 50 * kUnit);
}

TEST(KnuthPlass, TheHyphenWidthCountsOnlyWhenBrokenThere) {
  // A 40, B = B1|B2 with a 10-wide hyphen. "A B1-" is 40 + 10 + 40 + 10 = 100.
  Words w;
  w.words({40, 40}).item(Item::discretionary(50, 10 * kUnit)).word(40).space().word(40);
  const BreakResult r = break_paragraph(w.items, width(100));
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_TRUE(r.lines[0].hyphenated);
  EXPECT_EQ(r.lines[0].break_index, 3u);
  EXPECT_EQ(r.lines[0].natural_width, 100 * kUnit);
  EXPECT_EQ(r.lines[0].adjustment_ratio, 0.0);
  EXPECT_FALSE(r.lines[1].hyphenated);
  EXPECT_EQ(r.lines[1].natural_width, 90 * kUnit);  // B2 + space + D, no hyphen
}

TEST(KnuthPlass, ADiscretionarySetsItsNoBreakPreBreakAndPostBreakMaterial) {
  // TeX's \discretionary{pre}{post}{nobreak} (German "ck" → "k-|k"):
  // unbroken the line holds its 5 of no-break material; broken, the line
  // before ends with 15 of pre-break and the line after begins with 7.
  Words unbroken;
  unbroken.words({40}).item(Item::discretionary(50, 15 * kUnit, 7 * kUnit, 5 * kUnit)).word(40);
  BreakResult r = break_paragraph(unbroken.items, width(200));
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(r.lines[0].natural_width, 85 * kUnit);
  EXPECT_FALSE(r.lines[0].hyphenated);

  Words broken;
  broken.words({40}).item(Item::discretionary(50, 15 * kUnit, 7 * kUnit, 5 * kUnit)).word(40);
  r = break_paragraph(broken.items, width(55));
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(r.lines[0].break_index, 1u);
  EXPECT_TRUE(r.lines[0].hyphenated);
  EXPECT_EQ(r.lines[0].natural_width, 55 * kUnit);  // 40 + the pre-break 15, not the no-break 5
  EXPECT_EQ(r.lines[1].natural_width, 47 * kUnit);  // the post-break 7 + 40

  // A discretionary with nothing before the break (a last-resort cut) is a
  // break at its penalty that is not flagged as hyphenated.
  Words cut;
  cut.words({40}).item(Item::discretionary(5000, 0, 0, 0, false)).word(40);
  r = break_paragraph(cut.items, width(40));
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_FALSE(r.lines[0].hyphenated);
  EXPECT_EQ(r.lines[0].natural_width, 40 * kUnit);
}

TEST(KnuthPlass, PenaltyTenThousandIsNeverABreak) {
  // C, then A and B joined by a no-break space: the only break is after C.
  Words w;
  w.words({50, 25}).item(Item::penalty_item(kInfinitePenalty)).space().word(25);
  BreakParams params = width(60);
  params.tolerance = 10000;
  const BreakResult r = break_paragraph(w.items, params);
  EXPECT_EQ(texts(w.items, r), (std::vector<std::string>{"A", "B C"}));
  EXPECT_FALSE(r.any_overfull());
}

TEST(KnuthPlass, NegativePenaltyInvitesABreak) {
  // Eight words of 30 with glue 10 plus 20 minus 5, width 150: four words
  // fill a line exactly (demerits 100 each). Breaking after three gives a
  // very loose line, (10 + 100)^2 demerits, which a -500 penalty (a bonus of
  // 500^2) outweighs.
  auto paragraph = [](int penalty_after_c) {
    Words w;
    w.stretch = 20;
    w.words({30, 30, 30});
    if (penalty_after_c != 0) w.item(Item::penalty_item(penalty_after_c));
    w.words({30, 30, 30, 30, 30});
    return w.items;
  };
  const BreakParams params = width(150);
  const std::vector<Item> plain = paragraph(0);
  EXPECT_EQ(texts(plain, break_paragraph(plain, params)), (std::vector<std::string>{"A B C D", "E F G H"}));
  const std::vector<Item> invited = paragraph(-500);
  EXPECT_EQ(texts(invited, break_paragraph(invited, params)), (std::vector<std::string>{"A B C", "D E F G", "H"}));
  // A small bonus is not enough.
  const std::vector<Item> mild = paragraph(-50);
  EXPECT_EQ(break_paragraph(mild, params).lines.size(), 2u);
}

TEST(KnuthPlass, FilGlueCentres) {
  Words w;
  w.item(Item::glue(0, kFil, 0)).word(40).item(Item::glue(0, kFil, 0));
  const BreakResult r = break_paragraph(w.items, width(100));
  ASSERT_EQ(r.lines.size(), 1u);
  // The trailing fil is dropped and the appended \parfillskip stands in.
  EXPECT_EQ(r.lines[0].fil_stretch, 2 * kFil);
  EXPECT_TRUE(r.lines[0].has_fil());
  EXPECT_EQ(r.lines[0].badness, 0);
  EXPECT_EQ(r.lines[0].begin, 0u);  // glue at the start of a paragraph is kept
}

TEST(KnuthPlass, RaggedRightAsInThePaper) {
  // Each space: glue 0 plus R, penalty 0, glue 10 plus -R. Unbroken, a space
  // nets 10 with no stretch; broken, the line keeps R of stretch at its end
  // and the next line drops the rest.
  const Scaled R = 60 * kUnit;
  std::vector<Item> items;
  std::size_t payload = 0;
  for (int i = 0; i < 30; ++i) {
    if (i > 0) {
      items.push_back(Item::glue(0, R, 0));
      items.push_back(Item::penalty_item(0));
      items.push_back(Item::glue(10 * kUnit, -R, 0));
    }
    items.push_back(Item::box((20 + (i * 7) % 25) * kUnit, payload++));
  }
  const BreakResult r = break_paragraph(items, width(150));
  ASSERT_GT(r.lines.size(), 3u);
  EXPECT_FALSE(r.any_overfull());
  for (std::size_t i = 0; i + 1 < r.lines.size(); ++i) {
    const Line& l = r.lines[i];
    EXPECT_EQ(items[l.begin].type, ItemType::Box);
    EXPECT_EQ(items[l.break_index].type, ItemType::Penalty);
    EXPECT_EQ(l.stretch, R);  // only the filler before the break stretches
    EXPECT_LE(l.natural_width, l.width);
    EXPECT_GE(l.adjustment_ratio, 0.0);
  }
}

TEST(KnuthPlass, MeasureLineSetsOneLine) {
  Words w;
  w.words({40, 40});
  Line l = measure_line(w.items, 0, w.items.size(), 85 * kUnit);
  EXPECT_EQ(l.natural_width, 90 * kUnit);
  EXPECT_NEAR(l.adjustment_ratio, -1.0, 1e-9);
  EXPECT_FALSE(l.overfull);
  EXPECT_EQ(l.fitness, 0);
  l = measure_line(w.items, 0, w.items.size(), 95 * kUnit);
  EXPECT_NEAR(l.adjustment_ratio, 0.5, 1e-9);
  EXPECT_EQ(l.badness, 12);  // 100 * 0.5^3 = 12.5, in tex.web's integer arithmetic 12
  EXPECT_EQ(l.fitness, 1);   // decent: loose begins above 12
  l = measure_line(w.items, 0, w.items.size(), 84 * kUnit);
  EXPECT_TRUE(l.overfull);
  EXPECT_EQ(l.badness, 10000);
}

// Font expansion: boxes that may stretch and shrink count in the line's
// ratio, are set at it in steps of 1/kExpansionSteps and never past their
// own limits, and the glue takes exactly the rest.
TEST(KnuthPlass, ExpandableBoxesShareTheExcessWithTheGlue) {
  // Two words of 40 that may each give 2 (5%), one space 10 plus 10 minus 5.
  std::vector<Item> items = {Item::box(40 * kUnit, 0, 2 * kUnit, 2 * kUnit), Item::glue(10 * kUnit, 10 * kUnit, 5 * kUnit),
                             Item::box(40 * kUnit, 1, 2 * kUnit, 2 * kUnit)};
  auto set_width = [&](const Line& l) {
    const double boxes = 80.0 * kUnit + l.expansion * 4.0 * kUnit;  // stretch and shrink are both 4
    const double glue = 10.0 * kUnit + l.glue_set * (l.glue_set > 0 ? 10.0 : 5.0) * kUnit;
    return boxes + glue;
  };
  // 7 to spread over 14 of stretch: r = 0.5, the boxes at 0.5 (2 of the 7), the glue 5.
  Line l = measure_line(items, 0, items.size(), 97 * kUnit);
  EXPECT_EQ(l.stretch, 14 * kUnit);
  EXPECT_EQ(l.box_stretch, 4 * kUnit);
  EXPECT_NEAR(l.adjustment_ratio, 0.5, 1e-9);
  EXPECT_NEAR(l.expansion, 0.5, 1e-9);
  EXPECT_NEAR(l.glue_set, 0.5, 1e-9);
  EXPECT_NEAR(set_width(l), 97.0 * kUnit, 2.0);
  // r = 0.52 is cut to the step below (0.5): the glue takes what is left.
  l = measure_line(items, 0, items.size(), 90 * kUnit + static_cast<Scaled>(0.52 * 14 * kUnit));
  EXPECT_NEAR(l.expansion, 0.5, 1e-9);
  EXPECT_GT(l.glue_set, 0.52);
  EXPECT_NEAR(set_width(l), 90 * kUnit + 0.52 * 14 * kUnit, 2.0);
  // An emergency line (r = 2): the boxes stop at their stretch, the glue goes on.
  l = measure_line(items, 0, items.size(), 118 * kUnit);
  EXPECT_NEAR(l.adjustment_ratio, 2.0, 1e-9);
  EXPECT_NEAR(l.expansion, 1.0, 1e-9);
  EXPECT_NEAR(l.glue_set, 2.4, 1e-9);
  EXPECT_NEAR(set_width(l), 118.0 * kUnit, 2.0);
  // Shrinking: 9 of shrink (5 glue, 4 boxes); 86 is r = -4/9.
  l = measure_line(items, 0, items.size(), 86 * kUnit);
  EXPECT_EQ(l.shrink, 9 * kUnit);
  EXPECT_FALSE(l.overfull);
  EXPECT_LT(l.expansion, 0.0);
  EXPECT_GE(l.expansion, -4.0 / 9.0);
  EXPECT_NEAR(set_width(l), 86.0 * kUnit, 2.0);
  // Past all shrink it is overfull, everything fully shrunk.
  l = measure_line(items, 0, items.size(), 80 * kUnit);
  EXPECT_TRUE(l.overfull);
  EXPECT_EQ(l.expansion, -1.0);
  EXPECT_EQ(l.glue_set, -1.0);
}

// The breaker counts the boxes' give: a paragraph whose words cannot fit a
// line by their spaces' shrink alone fits with the boxes' shrink.
TEST(KnuthPlass, ExpansionLetsATightLineFit) {
  auto paragraph = [](Scaled give) {
    std::vector<Item> items;
    for (int k = 0; k < 4; ++k) {
      if (k > 0) items.push_back(Item::glue(10 * kUnit, 5 * kUnit, 3 * kUnit));
      items.push_back(Item::box(40 * kUnit, static_cast<std::size_t>(k), give, give));
    }
    return items;
  };
  // Natural 190 in 180: the spaces' 3 × 3 of shrink is not enough, with the boxes' 4 × 1 it is.
  BreakParams params;
  params.line_widths = {180 * kUnit};
  params.tolerance = 200;
  const BreakResult fixed = break_paragraph(paragraph(0), params);
  EXPECT_TRUE(fixed.lines.size() > 1 || fixed.any_overfull());
  const BreakResult expanded = break_paragraph(paragraph(1 * kUnit), params);
  ASSERT_EQ(expanded.lines.size(), 1u);
  EXPECT_FALSE(expanded.lines[0].overfull);
  EXPECT_LT(expanded.lines[0].expansion, 0.0);
}

TEST(KnuthPlass, LongParagraphsTakeLinearTime) {
  // A 150-publication CV is long; a quadratic breaker would show here. The
  // work is counted (instructions, under callgrind), not timed.
  CVPDF_COUNT_WORK();
  auto make = [](int n) {
    std::vector<Item> items;
    for (int i = 0; i < n; ++i) {
      if (i > 0) items.push_back(Item::glue(6 * kUnit, 3 * kUnit, 2 * kUnit));
      items.push_back(Item::box((15 + (i * 13) % 40) * kUnit, 0));
      if (i % 3 == 1) items.push_back(Item::discretionary(50, 6 * kUnit));
      if (i % 3 == 1) items.push_back(Item::box(12 * kUnit, 0));
    }
    return items;
  };
  const auto small_items = make(5000), big_items = make(40000);
  std::size_t small_lines = 0, big_lines = 0;
  const std::uint64_t small =
      cvpdf::testing::instructions([&] { small_lines = break_paragraph(small_items, width(400)).lines.size(); });
  const std::uint64_t big =
      cvpdf::testing::instructions([&] { big_lines = break_paragraph(big_items, width(400)).lines.size(); });
  std::printf("work: 5000 words: %llu instructions, 40000: %llu\n", static_cast<unsigned long long>(small),
              static_cast<unsigned long long>(big));
  EXPECT_GT(big_lines, 7 * small_lines);
  // Eight times the text: linear is 8x; quadratic would be 64x.
  EXPECT_LT(big, 10 * small) << small << " instructions vs " << big;
}

// Breaks between boxes of no width never make a line overfull, so at
// tolerance 10000 every one is feasible and would stay active for the rest
// of the paragraph; the cap on the active list (BreakParams::max_active)
// keeps breaking linear. An overfull box first, as the composer then breaks
// at tolerance 10000.
std::vector<Item> zero_width_breaks(int n) {
  std::vector<Item> items{Item::box(500 * kUnit, 0)};
  for (int i = 0; i < n; ++i) {
    items.push_back(Item::penalty_item(50));
    items.push_back(Item::box(0, 0));
  }
  return items;
}

TEST(KnuthPlass, ZeroWidthBreaksTakeLinearTime) {
  CVPDF_COUNT_WORK();
  BreakParams params = width(400);
  params.tolerance = 10000;
  auto count = [&](int n) {
    const auto items = zero_width_breaks(n);
    return cvpdf::testing::instructions([&] { EXPECT_FALSE(break_paragraph(items, params).lines.empty()); });
  };
  // Past the ramp while the active list fills up to its cap: then each
  // break costs the same.
  const std::uint64_t small = count(4000);
  const std::uint64_t big = count(16000);
  std::printf("work: 4000 breaks: %llu instructions, 16000: %llu\n", static_cast<unsigned long long>(small),
              static_cast<unsigned long long>(big));
  // Four times the breaks: linear is 4x; quadratic would be 16x.
  EXPECT_LT(big, 5 * small) << small << " instructions vs " << big;
}

// The cap only ever prunes an active list far longer than real text makes:
// on ordinary paragraphs the breaks are those of the uncapped breaker, and
// with a cap of a few nodes the result still partitions the paragraph.
TEST(KnuthPlass, ActiveListCapChangesNoOrdinaryBreaks) {
  std::vector<Item> items;
  for (int i = 0; i < 3000; ++i) {
    if (i > 0) items.push_back(Item::glue(6 * kUnit, 3 * kUnit, 2 * kUnit));
    items.push_back(Item::box((15 + (i * 13) % 40) * kUnit, 0));
    if (i % 3 == 1) items.push_back(Item::discretionary(50, 6 * kUnit));
    if (i % 3 == 1) items.push_back(Item::box(12 * kUnit, 0));
  }
  for (int tolerance : {200, 10000}) {
    BreakParams capped = width(400);
    capped.tolerance = tolerance;
    BreakParams uncapped = capped;
    uncapped.max_active = static_cast<std::size_t>(-1);
    const BreakResult a = break_paragraph(items, capped);
    const BreakResult b = break_paragraph(items, uncapped);
    ASSERT_EQ(a.lines.size(), b.lines.size());
    for (std::size_t i = 0; i < a.lines.size(); ++i) EXPECT_EQ(a.lines[i].break_index, b.lines[i].break_index);
    EXPECT_EQ(a.total_demerits, b.total_demerits);

    BreakParams tiny = capped;
    tiny.max_active = 3;
    const BreakResult c = break_paragraph(items, tiny);
    ASSERT_FALSE(c.lines.empty());
    EXPECT_EQ(c.lines.front().begin, 0u);
    for (std::size_t i = 1; i < c.lines.size(); ++i) EXPECT_GT(c.lines[i].begin, c.lines[i - 1].break_index);
    EXPECT_EQ(c.lines.back().break_index, items.size());
  }
}

// Random paragraphs, including penalties inside runs of glue, fil glue
// and forced breaks: whatever comes in, the lines partition the boxes, break
// at legal points, and a line without a box ends at a forced break.
TEST(KnuthPlass, RandomParagraphsKeepTheContract) {
  std::mt19937 rng(20240501);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  for (int trial = 0; trial < 400; ++trial) {
    std::vector<Item> items;
    const int n = 1 + pick(60);
    for (int i = 0; i < n; ++i) {
      switch (pick(8)) {
        case 0:
        case 1:
        case 2:
          items.push_back(Item::box((5 + pick(80)) * kUnit));
          break;
        case 3:
        case 4:
          items.push_back(Item::glue(pick(12) * kUnit, pick(8) * kUnit, pick(4) * kUnit));
          break;
        case 5:
          items.push_back(Item::glue(0, pick(3) == 0 ? kFil : 0, 0));
          break;
        case 6:
        {
          // An optional break: a hyphen (a discretionary, flagged or not) or a plain penalty.
          const int penalty = pick(400) - 200;
          const Scaled hyphen = pick(2) * 6 * kUnit;
          const bool flagged = pick(2) == 0;
          items.push_back(hyphen > 0 || flagged ? Item::discretionary(penalty, hyphen, 0, 0, flagged)
                                                : Item::penalty_item(penalty));
        }
          break;
        default:
          items.push_back(Item::penalty_item(pick(6) == 0 ? kEjectPenalty : kInfinitePenalty));
          break;
      }
    }
    BreakParams params = width(60 + pick(200));
    params.tolerance = pick(2) == 0 ? 200 : 10000;
    params.emergency_stretch = pick(2) * 20 * kUnit;
    params.looseness = pick(3) - 1;
    const BreakResult r = break_paragraph(items, params);
    SCOPED_TRACE("trial " + std::to_string(trial));
    ASSERT_FALSE(r.lines.empty());
    std::vector<int> seen(items.size(), 0);
    std::size_t previous_break = 0;
    for (std::size_t li = 0; li < r.lines.size(); ++li) {
      const Line& l = r.lines[li];
      ASSERT_LE(l.begin, l.end);
      ASSERT_LE(l.end, items.size());
      ASSERT_LE(l.end, l.break_index);
      if (li > 0) {
        ASSERT_GT(l.begin, previous_break);
      }
      bool has_box = false;
      for (std::size_t k = l.begin; k < l.end; ++k) {
        ++seen[k];
        has_box |= items[k].type == ItemType::Box;
      }
      const bool last = li + 1 == r.lines.size();
      if (!last) {
        const Item& b = items[l.break_index];
        const bool legal = ((b.type == ItemType::Penalty || b.type == ItemType::Discretionary) && b.penalty < kInfinitePenalty) ||
                           (b.type == ItemType::Glue && l.break_index > 0 && items[l.break_index - 1].type == ItemType::Box);
        EXPECT_TRUE(legal) << "line " << li;
        if (!has_box) {
          EXPECT_TRUE(b.type == ItemType::Penalty && b.penalty <= kEjectPenalty) << "line " << li;
        }
      }
      EXPECT_GE(l.natural_width, 0);
      EXPECT_EQ(l.overfull, l.natural_width - l.shrink > l.width);
      previous_break = l.break_index;
    }
    EXPECT_EQ(r.lines.back().break_index, items.back().type == ItemType::Penalty && items.back().penalty <= kEjectPenalty
                                              ? items.size() - 1
                                              : items.size());
    for (std::size_t k = 0; k < items.size(); ++k)
      if (items[k].type == ItemType::Box) {
        EXPECT_EQ(seen[k], 1) << "box " << k;
      }
  }
}

}  // namespace
}  // namespace cvpdf::typeset
