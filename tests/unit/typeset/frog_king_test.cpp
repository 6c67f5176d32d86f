// The breaker on the paragraph of Knuth & Plass (1981), font-free: each
// letter has the paper's width in units (1 unit = 1 pt here), interword glue
// is 6 plus 3 minus 2 (wider after punctuation), hyphens are 6 wide with
// penalty 50, the paragraph is indented 18. At a line width of 390 the
// paper's optimum (its Fig. 4, also asserted by boxesandglue's node_test.go)
// has twelve lines with known adjustment ratios.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "typeset/knuth_plass.hpp"

namespace cvpdf::typeset {
namespace {

constexpr Scaled kUnit = 65536;

// '|' marks a hyphenation point, '*' a break after an explicit hyphen.
const char* const kFrogKing =
    "In olden times when wish|ing still helped one, there lived a king whose daugh|ters "
    "were all beau|ti|ful; and the young|est was so beau|ti|ful that the sun it|self, which "
    "has seen so much, was aston|ished when|ever it shone in her face. Close by the "
    "king's castle lay a great dark for|est, and un|der an old lime-*tree in the for|est "
    "was a well, and when the day was very warm, the king's child went out into the "
    "for|est and sat down by the side of the cool foun|tain; and when she was bored she "
    "took a golden ball, and threw it up on high and caught it; and this ball was her "
    "favor|ite play|thing.";

struct Paragraph {
  std::vector<Item> items;
  std::vector<std::string> pieces;  // text of each box, by payload
};

Paragraph frog_king() {
  const std::map<char, int> widths = {
      {'a', 9},  {'b', 10}, {'c', 8},  {'d', 10}, {'e', 8},  {'f', 6},  {'g', 9},  {'h', 10}, {'i', 5},
      {'j', 6},  {'k', 10}, {'l', 5},  {'m', 15}, {'n', 10}, {'o', 9},  {'p', 10}, {'q', 10}, {'r', 7},
      {'s', 7},  {'t', 7},  {'u', 10}, {'v', 9},  {'w', 13}, {'x', 10}, {'y', 10}, {'z', 8},  {'C', 13},
      {'I', 6},  {'-', 6},  {',', 5},  {';', 5},  {'\'', 5}, {'.', 5}};
  Paragraph p;
  auto add_box = [&](const std::string& text, int width) {
    p.pieces.push_back(text);
    p.items.push_back(Item::box(width * kUnit, p.pieces.size() - 1));
  };
  add_box("", 18);  // the paragraph indent
  std::istringstream words(kFrogKing);
  std::string word;
  char previous = 0;
  bool first = true;
  while (words >> word) {
    if (!first) {
      Scaled w = 6, y = 3, z = 2;
      if (previous == ',') {
        y = 4;
      } else if (previous == ';') {
        y = 4;
        z = 1;
      } else if (previous == '.') {
        w = 8;
        y = 6;
        z = 1;
      }
      p.items.push_back(Item::glue(w * kUnit, y * kUnit, z * kUnit));
    }
    first = false;
    std::string piece;
    int width = 0;
    for (char c : word) {
      if (c == '|' || c == '*') {
        add_box(piece, width);
        p.items.push_back(Item::discretionary(50, (c == '|' ? 6 : 0) * kUnit));
        piece.clear();
        width = 0;
      } else {
        piece += c;
        width += widths.at(c);
      }
    }
    add_box(piece, width);
    previous = word.back();
  }
  return p;
}

std::string text_of(const Paragraph& p, const Line& line) {
  std::string s;
  for (std::size_t k = line.begin; k < line.end; ++k) {
    const Item& it = p.items[k];
    if (it.type == ItemType::Box) s += p.pieces[it.payload];
    if (it.type == ItemType::Glue) s += ' ';
  }
  if (line.hyphenated && p.items[line.break_index].pre_break > 0) s += '-';
  return s;
}

std::vector<std::string> texts(const Paragraph& p, const BreakResult& r) {
  std::vector<std::string> out;
  for (const Line& l : r.lines) out.push_back(text_of(p, l));
  return out;
}

BreakParams width(int units) {
  BreakParams params;
  params.line_widths = {units * kUnit};
  return params;
}

const std::vector<std::string> kLines390 = {
    "In olden times when wishing still helped one,",
    "there lived a king whose daughters were all beau-",
    "tiful; and the youngest was so beautiful that the",
    "sun itself, which has seen so much, was aston-",
    "ished whenever it shone in her face. Close by the",
    "king's castle lay a great dark forest, and under an",
    "old lime-tree in the forest was a well, and when",
    "the day was very warm, the king's child went out",
    "into the forest and sat down by the side of the",
    "cool fountain; and when she was bored she took a",
    "golden ball, and threw it up on high and caught",
    "it; and this ball was her favorite plaything.",
};
const std::vector<double> kRatios390 = {0.857142857, 0.0,   0.28,      1.0,  0.066666667, -0.277777778,
                                        0.535714286, -0.166666667, 0.7, -0.176470588, 0.357142857, 0.0};

void expect_paper_optimum(const Paragraph& p, const BreakResult& r) {
  EXPECT_EQ(texts(p, r), kLines390);
  ASSERT_EQ(r.lines.size(), kRatios390.size());
  for (std::size_t i = 0; i < r.lines.size(); ++i)
    EXPECT_NEAR(r.lines[i].adjustment_ratio, kRatios390[i], 1e-6) << "line " << i + 1;
  EXPECT_FALSE(r.any_overfull());
}

TEST(FrogKing, Width390MatchesThePaperWithTexDefaults) {
  const Paragraph p = frog_king();
  const BreakResult r = break_paragraph(p.items, width(390));
  expect_paper_optimum(p, r);
  EXPECT_EQ(r.pass, 1);  // every line's badness is within pretolerance 100
  // Lines 2 and 4 end at hyphens; the last line breaks after the caller's items.
  EXPECT_TRUE(r.lines[1].hyphenated);
  EXPECT_TRUE(r.lines[3].hyphenated);
  EXPECT_FALSE(r.lines[0].hyphenated);
  EXPECT_EQ(r.lines.back().break_index, p.items.size());
  EXPECT_EQ(r.lines.back().end, p.items.size());
  // Fitness classes from the ratios: r = 1 is very loose, 0.857 loose.
  EXPECT_EQ(r.lines[3].fitness, 3);
  EXPECT_EQ(r.lines[0].fitness, 2);
  EXPECT_EQ(r.lines[1].fitness, 1);
}

TEST(FrogKing, Width390MatchesThePaperWithItsOwnConstants) {
  // The paper's demerits: (1 + b)^2, alpha = 3000 for consecutive flagged
  // lines, gamma = 100 for incompatible fitness; no pretolerance pass.
  const Paragraph p = frog_king();
  BreakParams params = width(390);
  params.line_penalty = 1;
  params.flagged_demerits = 3000;
  params.fitness_demerits = 100;
  params.pretolerance = -1;
  params.tolerance = 10000;
  const BreakResult r = break_paragraph(p.items, params);
  expect_paper_optimum(p, r);
  EXPECT_EQ(r.pass, 2);
}

TEST(FrogKing, EveryLineAccountsForItsItems) {
  const Paragraph p = frog_king();
  const BreakResult r = break_paragraph(p.items, width(390));
  std::size_t previous_break = 0;
  for (std::size_t i = 0; i < r.lines.size(); ++i) {
    const Line& l = r.lines[i];
    // Lines start at a box: the glue broken at is not on either line.
    EXPECT_EQ(p.items[l.begin].type, ItemType::Box) << "line " << i + 1;
    if (i > 0) {
      EXPECT_GT(l.begin, previous_break);
      for (std::size_t k = previous_break + 1; k < l.begin; ++k) EXPECT_NE(p.items[k].type, ItemType::Box);
    }
    EXPECT_LE(l.begin, l.end);
    EXPECT_EQ(l.width, 390 * kUnit);
    // width = natural + r * stretch (or shrink), the line is justified.
    if (i + 1 < r.lines.size()) {
      const double flex = l.adjustment_ratio >= 0 ? l.stretch : l.shrink;
      EXPECT_NEAR(static_cast<double>(l.natural_width) + l.adjustment_ratio * flex, static_cast<double>(l.width), 1.0);
      EXPECT_FALSE(l.has_fil());
    }
    previous_break = l.break_index;
  }
  // The last line's fil (the appended \parfillskip) takes the slack.
  EXPECT_TRUE(r.lines.back().has_fil());
  EXPECT_EQ(r.lines.back().fil_stretch, kFil);
  EXPECT_EQ(r.lines.back().badness, 0);
}

TEST(FrogKing, Width500IsTenLines) {
  const Paragraph p = frog_king();
  const BreakResult r = break_paragraph(p.items, width(500));
  const std::vector<std::string> expected = {
      "In olden times when wishing still helped one, there lived a",
      "king whose daughters were all beautiful; and the youngest was",
      "so beautiful that the sun itself, which has seen so much, was",
      "astonished whenever it shone in her face. Close by the king's",
      "castle lay a great dark forest, and under an old lime-tree in the",
      "forest was a well, and when the day was very warm, the king's",
      "child went out into the forest and sat down by the side of the",
      "cool fountain; and when she was bored she took a golden ball,",
      "and threw it up on high and caught it; and this ball was her",
      "favorite plaything.",
  };
  EXPECT_EQ(texts(p, r), expected);
  EXPECT_NEAR(r.lines[0].adjustment_ratio, 24.0 / 31.0, 1e-6);  // 24 units short, stretch 31
}

TEST(FrogKing, NarrowerLinesMeanMoreLines) {
  const Paragraph p = frog_king();
  std::size_t previous = 0;
  for (int units : {600, 500, 390, 300}) {
    BreakParams params = width(units);
    params.emergency_stretch = 30 * kUnit;
    const BreakResult r = break_paragraph(p.items, params);
    EXPECT_FALSE(r.any_overfull()) << units;
    EXPECT_GT(r.lines.size(), previous) << units;
    previous = r.lines.size();
  }
}

TEST(FrogKing, ATightToleranceFallsBackToLaterPasses) {
  const Paragraph p = frog_king();
  // At 250 units tolerance 200 cannot be met: TeX's final pass then forces
  // overfull lines (artificial demerits) rather than return nothing.
  const BreakResult strict = break_paragraph(p.items, width(250));
  EXPECT_EQ(strict.pass, 2);
  EXPECT_TRUE(strict.any_overfull());
  for (const Line& l : strict.lines) {
    if (l.overfull) {
      EXPECT_GT(l.natural_width - l.shrink, l.width);
      EXPECT_EQ(l.adjustment_ratio, -1.0);
    }
  }
  // Emergency stretch finds lines that fit, in the third pass.
  BreakParams emergency = width(250);
  emergency.emergency_stretch = 10 * kUnit;
  const BreakResult rescued = break_paragraph(p.items, emergency);
  EXPECT_EQ(rescued.pass, 3);
  EXPECT_FALSE(rescued.any_overfull());
  // So does accepting any underfull line (LaTeX's \sloppy).
  BreakParams sloppy = width(250);
  sloppy.tolerance = 10000;
  const BreakResult loose = break_paragraph(p.items, sloppy);
  EXPECT_EQ(loose.pass, 2);
  EXPECT_FALSE(loose.any_overfull());
  bool some_line_beyond_200 = false;
  for (const Line& l : loose.lines) some_line_beyond_200 |= l.badness > 200;
  EXPECT_TRUE(some_line_beyond_200);  // underfull lines instead of overfull ones
}

TEST(FrogKing, ConsecutiveHyphensCostFlaggedDemerits) {
  const Paragraph p = frog_king();
  auto consecutive = [](const BreakResult& r) {
    int n = 0;
    for (std::size_t i = 1; i < r.lines.size(); ++i) n += r.lines[i - 1].hyphenated && r.lines[i].hyphenated;
    return n;
  };
  BreakParams free_hyphens = width(535);
  free_hyphens.flagged_demerits = 0;
  const BreakResult a = break_paragraph(p.items, free_hyphens);
  EXPECT_EQ(consecutive(a), 1);
  EXPECT_EQ(texts(p, a)[1], "whose daughters were all beautiful; and the youngest was so beauti-");
  EXPECT_EQ(texts(p, a)[2], "ful that the sun itself, which has seen so much, was astonished when-");

  BreakParams costly = free_hyphens;
  costly.flagged_demerits = 10000;
  const BreakResult b = break_paragraph(p.items, costly);
  EXPECT_EQ(consecutive(b), 0);
  EXPECT_EQ(b.lines.size(), a.lines.size());
}

TEST(FrogKing, AHyphenOnTheLastButOneLineCostsFinalFlaggedDemerits) {
  const Paragraph p = frog_king();
  BreakParams free_hyphen = width(450);
  free_hyphen.final_flagged_demerits = 0;
  const BreakResult a = break_paragraph(p.items, free_hyphen);
  ASSERT_GE(a.lines.size(), 2u);
  EXPECT_TRUE(a.lines[a.lines.size() - 2].hyphenated);
  EXPECT_EQ(texts(p, a).back(), "thing.");

  BreakParams costly = free_hyphen;
  costly.final_flagged_demerits = 10000;
  const BreakResult b = break_paragraph(p.items, costly);
  EXPECT_FALSE(b.lines[b.lines.size() - 2].hyphenated);
  EXPECT_EQ(texts(p, b).back(), "plaything.");
}

TEST(FrogKing, LoosenessAsksForMoreOrFewerLines) {
  const Paragraph p = frog_king();
  BreakParams params = width(500);
  params.looseness = -1;
  const BreakResult tighter = break_paragraph(p.items, params);
  EXPECT_EQ(tighter.lines.size(), 9u);
  EXPECT_FALSE(tighter.any_overfull());

  params = width(390);
  params.looseness = 1;
  const BreakResult looser = break_paragraph(p.items, params);
  EXPECT_EQ(looser.lines.size(), 13u);
  EXPECT_FALSE(looser.any_overfull());
  // Beyond what the tolerance allows, the nearest count wins.
  params.looseness = 5;
  EXPECT_EQ(break_paragraph(p.items, params).lines.size(), 13u);
}

TEST(FrogKing, PerLineWidths) {
  const Paragraph p = frog_king();
  BreakParams params;
  params.line_widths = {500 * kUnit, 450 * kUnit, 390 * kUnit};
  params.tolerance = 1000;
  const BreakResult r = break_paragraph(p.items, params);
  ASSERT_GE(r.lines.size(), 4u);
  EXPECT_EQ(r.lines[0].width, 500 * kUnit);
  EXPECT_EQ(r.lines[1].width, 450 * kUnit);
  for (std::size_t i = 2; i < r.lines.size(); ++i) EXPECT_EQ(r.lines[i].width, 390 * kUnit);  // the last repeats
  // The first line is the 500-unit line of the 500-unit setting.
  EXPECT_EQ(text_of(p, r.lines[0]), "In olden times when wishing still helped one, there lived a");
  EXPECT_FALSE(r.any_overfull());
}

}  // namespace
}  // namespace cvpdf::typeset
