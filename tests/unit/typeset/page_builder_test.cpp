// The page builder on synthetic galleys: lines are boxes 8 high and 2 deep
// with 2 of interline glue, so n lines take 12n - 2 and a page of 120
// holds ten.
#include <gtest/gtest.h>

#include <vector>

#include "typeset/page_balance.hpp"
#include "typeset/page_builder.hpp"

namespace cvpdf::typeset {
namespace {

constexpr Scaled kUnit = 65536;

struct Galley {
  std::vector<VItem> items;
  Scaled glue_stretch = 0;
  Scaled glue_shrink = 0;
  std::size_t lines = 0;

  // A line, preceded by interline glue unless it is the first thing.
  Galley& line() { return box(8); }
  Galley& box(Scaled height) {
    if (!items.empty() && items.back().type == ItemType::Box) glue();
    items.push_back(VItem::box(height * kUnit, 2 * kUnit, lines++));
    return *this;
  }
  Galley& glue() {
    items.push_back(VItem::glue(2 * kUnit, glue_stretch * kUnit, glue_shrink * kUnit));
    return *this;
  }
  Galley& penalty(int p) {
    items.push_back(VItem::penalty_item(p));
    return *this;
  }
  Galley& add_lines(int n) {
    for (int i = 0; i < n; ++i) line();
    return *this;
  }
};

PageParams height(Scaled units) {
  PageParams params;
  params.page_heights = {units * kUnit};
  return params;
}

// Which lines (box payloads) each page holds.
std::vector<std::vector<std::size_t>> lines_per_page(const Galley& g, const std::vector<PageSlice>& pages) {
  std::vector<std::vector<std::size_t>> out;
  for (const PageSlice& p : pages) {
    std::vector<std::size_t> lines;
    for (std::size_t i = p.begin; i < p.end; ++i)
      if (g.items[i].type == ItemType::Box) lines.push_back(g.items[i].payload);
    out.push_back(lines);
  }
  return out;
}

std::vector<std::size_t> counts(const Galley& g, const std::vector<PageSlice>& pages) {
  std::vector<std::size_t> out;
  for (const auto& lines : lines_per_page(g, pages)) out.push_back(lines.size());
  return out;
}

TEST(PageBuilder, TenLinesToAPage) {
  Galley g;
  g.add_lines(25);
  const std::vector<PageSlice> pages = build_pages(g.items, height(120));
  EXPECT_EQ(counts(g, pages), (std::vector<std::size_t>{10, 10, 5}));
  for (const PageSlice& p : pages) {
    EXPECT_EQ(g.items[p.begin].type, ItemType::Box);  // the glue broken at is not carried over
    EXPECT_FALSE(p.overfull);
  }
  EXPECT_EQ(pages[0].natural_height, 118 * kUnit);  // the last line's depth counts
  EXPECT_EQ(pages[0].badness, 10000);               // 2 short with nothing to stretch
  EXPECT_EQ(pages[2].natural_height, 58 * kUnit);
  EXPECT_EQ(pages[2].badness, 0);  // the last page is not judged underfull
  EXPECT_EQ(pages[2].end, g.items.size());
  // Every line is on exactly one page, in order.
  std::size_t next = 0;
  for (const auto& lines : lines_per_page(g, pages))
    for (std::size_t line : lines) EXPECT_EQ(line, next++);
  EXPECT_EQ(next, 25u);
}

TEST(PageBuilder, DepthCountsBetweenBoxesWithoutGlue) {
  // Lines 8 + 2 separated by penalties only: each takes 10, twelve fill 120.
  Galley g;
  for (int i = 0; i < 30; ++i) {
    if (i > 0) g.penalty(0);
    g.box(8);
  }
  const std::vector<PageSlice> pages = build_pages(g.items, height(120));
  EXPECT_EQ(counts(g, pages), (std::vector<std::size_t>{12, 12, 6}));
  EXPECT_EQ(pages[0].natural_height, 120 * kUnit);
  EXPECT_EQ(pages[0].badness, 0);
}

TEST(PageBuilder, NothingToSetMeansNoPages) {
  EXPECT_TRUE(build_pages({}, height(120)).empty());
  Galley g;
  g.glue().penalty(kEjectPenalty).glue();
  EXPECT_TRUE(build_pages(g.items, height(120)).empty());
}

TEST(PageBuilder, AHeadingIsNeverLastOnAPage) {
  // Nine lines, then a heading tied by penalty 10000 to the line after it:
  // the heading would be the tenth line of page 1, but goes over with it.
  auto galley = [](bool keep) {
    Galley g;
    g.add_lines(9);
    g.glue();
    g.box(8);  // the heading, line 9
    if (keep) g.penalty(kInfinitePenalty);
    g.glue();
    g.box(8);
    g.add_lines(5);
    return g;
  };
  const Galley loose = galley(false);
  EXPECT_EQ(lines_per_page(loose, build_pages(loose.items, height(120)))[0].back(), 9u);  // heading last: the control

  const Galley kept = galley(true);
  const std::vector<PageSlice> pages = build_pages(kept.items, height(120));
  const auto lines = lines_per_page(kept, pages);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].back(), 8u);
  EXPECT_EQ(lines[1].front(), 9u);  // the heading opens page 2
  EXPECT_EQ(lines[1][1], 10u);
}

TEST(PageBuilder, PenaltiesSteerTheBreakWhereGlueCanStretch) {
  // Glue 2 plus 10: a page of 7 lines (82 high, 60 of stretch) has badness
  // 25; one of 9 or 10 lines has badness 0.
  Galley plain;
  plain.glue_stretch = 10;
  plain.add_lines(20);
  EXPECT_EQ(counts(plain, build_pages(plain.items, height(120)))[0], 10u);

  // A -300 penalty after line 7 makes it the cheapest break: 25 - 300.
  Galley invited;
  invited.glue_stretch = 10;
  invited.add_lines(7).penalty(-300).add_lines(13);
  const std::vector<PageSlice> pages = build_pages(invited.items, height(120));
  EXPECT_EQ(counts(invited, pages)[0], 7u);
  EXPECT_EQ(pages[0].penalty, -300);
  EXPECT_EQ(pages[0].badness, 25);

  // A +500 penalty between lines 10 and 11 (a widow, say) makes the page end
  // a line early: 0 + 0 after line 9 beats 0 + 500 after line 10.
  Galley widow;
  widow.glue_stretch = 10;
  widow.add_lines(10).penalty(500).add_lines(1);
  EXPECT_EQ(counts(widow, build_pages(widow.items, height(120))), (std::vector<std::size_t>{9, 2}));

  // Without stretch, every short page is equally "deplorable", and the
  // fullest wins whatever the penalties say.
  Galley rigid;
  rigid.add_lines(7).penalty(-300).add_lines(13);
  EXPECT_EQ(counts(rigid, build_pages(rigid.items, height(120)))[0], 10u);
}

TEST(PageBuilder, ClubAndWidowPenaltiesNeedStretchToSteer) {
  // Two-line paragraphs (8 + 2 per line, penalty p between the lines, so
  // breaking there leaves one line alone on each side) separated by 4 of
  // glue stretching by half its size (TeX's way to weigh a short page; the
  // composer weighs its rigid gaps with a foot stretch instead). A page of
  // 24k + 10 holds k paragraphs and the next one's first line exactly;
  // ending it before that paragraph leaves it 14 short with k - 1 gaps to
  // stretch.
  auto galley = [](int p) {
    Galley g;
    for (int i = 0; i < 30; ++i) {
      if (i > 0) g.items.push_back(VItem::glue(4 * kUnit, 2 * kUnit, 0));
      g.box(8).penalty(p).box(8);
    }
    return g;
  };
  const Galley tex = galley(150);  // TeX's \clubpenalty, \widowpenalty
  // Twelve gaps: 14 short costs badness 26, less than the penalty.
  EXPECT_EQ(counts(tex, build_pages(tex.items, height(24 * 12 + 10)))[0], 24u);
  // Four gaps: 14 short costs badness 1270, so TeX's 150 lets the line go alone.
  EXPECT_EQ(counts(tex, build_pages(tex.items, height(24 * 4 + 10)))[0], 9u);
  // 10000 (the composer's) forbids the break whatever the glue.
  const Galley strict = galley(kInfinitePenalty);
  EXPECT_EQ(counts(strict, build_pages(strict.items, height(24 * 4 + 10)))[0], 8u);
  for (const auto& lines : lines_per_page(strict, build_pages(strict.items, height(24 * 4 + 10))))
    EXPECT_EQ(lines.size() % 2, 0u);
}

TEST(PageBuilder, ShrinkFitsOneMoreLine) {
  // Eleven lines are 130; ten glues shrinking by 1 each make them fit.
  Galley g;
  g.glue_shrink = 1;
  g.add_lines(22);
  const std::vector<PageSlice> pages = build_pages(g.items, height(120));
  EXPECT_EQ(counts(g, pages), (std::vector<std::size_t>{11, 11}));
  EXPECT_EQ(pages[0].natural_height, 130 * kUnit);
  EXPECT_EQ(pages[0].shrink, 10 * kUnit);
  EXPECT_EQ(pages[0].badness, 100);
  EXPECT_FALSE(pages[0].overfull);
}

TEST(PageBuilder, ABoxTallerThanThePageGoesAloneAndOverfull) {
  Galley g;
  g.line().box(300).line();
  const std::vector<PageSlice> pages = build_pages(g.items, height(120));
  EXPECT_EQ(lines_per_page(g, pages), (std::vector<std::vector<std::size_t>>{{0}, {1}, {2}}));
  EXPECT_FALSE(pages[0].overfull);
  EXPECT_TRUE(pages[1].overfull);
  EXPECT_EQ(pages[1].natural_height, 302 * kUnit);
  EXPECT_EQ(pages[1].badness, 10000);
  EXPECT_FALSE(pages[2].overfull);

  // First and only: still one page, and no endless loop.
  Galley alone;
  alone.box(300);
  const std::vector<PageSlice> one = build_pages(alone.items, height(120));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_TRUE(one[0].overfull);

  // A run with no break inside that is taller than the page stays together.
  Galley tied;
  tied.line();
  for (int i = 0; i < 14; ++i) tied.penalty(kInfinitePenalty).line();
  const std::vector<PageSlice> tied_pages = build_pages(tied.items, height(120));
  ASSERT_EQ(tied_pages.size(), 1u);
  EXPECT_TRUE(tied_pages[0].overfull);
}

TEST(PageBuilder, NoPageHeightsMeansEveryLineAlone) {
  Galley g;
  g.add_lines(3);
  const std::vector<PageSlice> pages = build_pages(g.items, PageParams{});
  EXPECT_EQ(counts(g, pages), (std::vector<std::size_t>{1, 1, 1}));
  for (const PageSlice& p : pages) EXPECT_TRUE(p.overfull);
}

TEST(PageBuilder, ForcedBreaks) {
  Galley g;
  g.add_lines(3).penalty(kEjectPenalty).add_lines(2);
  const std::vector<PageSlice> pages = build_pages(g.items, height(120));
  EXPECT_EQ(counts(g, pages), (std::vector<std::size_t>{3, 2}));
  EXPECT_EQ(pages[0].penalty, kEjectPenalty);
  EXPECT_EQ(pages[0].end, 5u);  // at the penalty
  EXPECT_EQ(pages[0].badness, 10000);

  // Two in a row make no empty page: penalties at the top are discarded.
  Galley twice;
  twice.add_lines(3).penalty(kEjectPenalty).penalty(kEjectPenalty).add_lines(2);
  EXPECT_EQ(counts(twice, build_pages(twice.items, height(120))), (std::vector<std::size_t>{3, 2}));
}

TEST(PageBuilder, GlueAndPenaltiesAtTheTopAreDiscarded) {
  Galley g;
  g.glue().penalty(0).glue().add_lines(12);
  PageParams params = height(120);
  const std::vector<PageSlice> pages = build_pages(g.items, params);
  EXPECT_EQ(pages[0].begin, 3u);
  EXPECT_EQ(counts(g, pages), (std::vector<std::size_t>{10, 2}));

  // Kept when asked: the first page starts with its glue, 4 of it.
  params.discard_glue_at_top = false;
  const std::vector<PageSlice> kept = build_pages(g.items, params);
  EXPECT_EQ(kept[0].begin, 0u);
  EXPECT_EQ(counts(g, kept), (std::vector<std::size_t>{9, 3}));
  EXPECT_EQ(kept[0].natural_height, (4 + 12 * 9 - 2) * kUnit);
}

TEST(PageBuilder, PageHeightsPerPage) {
  Galley g;
  g.add_lines(30);
  PageParams params;
  params.page_heights = {60 * kUnit, 120 * kUnit};  // a short first page, then full ones
  EXPECT_EQ(counts(g, build_pages(g.items, params)), (std::vector<std::size_t>{5, 10, 10, 5}));
}

TEST(PageBuilder, FilGlueFillsAPage) {
  // A \vfill before a forced break: the short page has badness 0 and its
  // fil stretch is reported.
  Galley g;
  g.add_lines(3);
  g.items.push_back(VItem::glue(0, kFil, 0));
  g.penalty(kEjectPenalty).add_lines(2);
  const std::vector<PageSlice> pages = build_pages(g.items, height(120));
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(pages[0].badness, 0);
  EXPECT_EQ(pages[0].fil_stretch, kFil);
}


// A ragged bottom that is weighed (PageParams::foot_stretch). `n` lines
// held together by 10000 penalties, as a kept entry's are, except a break
// of penalty `split` after line `split_after` (1-based; 0 for none).
void kept_lines(Galley& g, int n, int split_after, int split) {
  for (int i = 0; i < n; ++i) {
    if (i > 0) g.penalty(i == split_after ? split : kInfinitePenalty);
    g.glue().box(8);
  }
}

PageParams weighed(Scaled units, Scaled foot) {
  PageParams params = height(units);
  params.foot_stretch = foot * kUnit;
  return params;
}

TEST(PageBuilder, FootStretchLetsAPenaltyKeepLinesTogether) {
  // Eight lines (94), then four kept but for a penalty-100 break after the
  // first of them, then more. Ending before the four leaves 26 empty;
  // breaking inside them, 14.
  Galley g;
  g.add_lines(8);
  kept_lines(g, 4, 1, 100);
  g.add_lines(8);
  // No foot stretch (as before it existed): both short pages are
  // deplorable, the fuller one wins and the penalty is not weighed.
  const std::vector<PageSlice> rigid = build_pages(g.items, height(120));
  EXPECT_EQ(counts(g, rigid)[0], 9u);
  EXPECT_EQ(rigid[0].badness, kInfBad);
  EXPECT_EQ(rigid[0].penalty, 100);
  EXPECT_EQ(build_pages(g.items, weighed(120, 0))[0].end, rigid[0].end);
  // A foot of 48 (four lines of 12): 26 short is badness 16, 14 short is 2
  // plus the penalty, 102: the four lines stay together on page 2.
  const std::vector<PageSlice> pages = build_pages(g.items, weighed(120, 48));
  EXPECT_EQ(counts(g, pages)[0], 8u);
  EXPECT_EQ(pages[0].badness, 16);
  EXPECT_EQ(pages[0].penalty, 0);
  // The foot stretch only weighs: the page's own totals have no stretch.
  EXPECT_EQ(pages[0].stretch, 0);
  EXPECT_EQ(pages[0].natural_height, 94 * kUnit);
}

TEST(PageBuilder, FootStretchSplitsWhereKeepingLeavesTooMuchEmpty) {
  // Four lines (46), then eight kept but for a penalty-100 break after the
  // fourth: ending before them leaves 74 empty, badness 364 against a foot
  // of 48; breaking inside leaves 26, 16 + 100.
  Galley g;
  g.add_lines(4);
  kept_lines(g, 8, 4, 100);
  const std::vector<PageSlice> pages = build_pages(g.items, weighed(120, 48));
  EXPECT_EQ(counts(g, pages), (std::vector<std::size_t>{8, 4}));
  EXPECT_EQ(pages[0].badness, 16);
  EXPECT_EQ(pages[0].penalty, 100);
  // A penalty above the badness saved keeps them together after all.
  Galley dear;
  dear.add_lines(4);
  kept_lines(dear, 8, 4, 400);
  EXPECT_EQ(counts(dear, build_pages(dear.items, weighed(120, 48))), (std::vector<std::size_t>{4, 8}));
}

TEST(PageBuilder, FootStretchLeavesFullAndLastPagesAlone) {
  // Where every break costs 0 the fullest page still wins, the last page
  // still counts as filled, and a box taller than the page is still alone
  // and overfull.
  Galley g;
  g.add_lines(25).box(300).line();
  const std::vector<PageSlice> plain = build_pages(g.items, height(120));
  const std::vector<PageSlice> pages = build_pages(g.items, weighed(120, 48));
  EXPECT_EQ(lines_per_page(g, pages), lines_per_page(g, plain));
  EXPECT_EQ(counts(g, pages), (std::vector<std::size_t>{10, 10, 5, 1, 1}));
  EXPECT_EQ(pages[0].badness, 0);  // 2 short of 120 against 48
  EXPECT_EQ(plain[0].badness, kInfBad);
  EXPECT_TRUE(pages[3].overfull);
  EXPECT_EQ(pages.back().badness, 0);
}

// ---- the last page's balance ---------------------------------------------
// Fourteen lines, ten to a page: build_pages leaves four on page 2. Line k
// is the galley's item 2k (glue between lines).

PageParams weighed() {
  PageParams params = height(120);
  params.foot_stretch = 48 * kUnit;  // four lines, as the composer weighs a foot
  return params;
}

TEST(PageBalance, TheSectionTheLastPageContinuesMovesOverWhole) {
  Galley g;
  g.add_lines(14);
  const auto pages = build_pages(g.items, weighed());
  ASSERT_EQ(counts(g, pages), (std::vector<std::size_t>{10, 4}));
  const auto balanced = balance_last_page(g.items, weighed(), pages, {{2 * 7, true}});
  EXPECT_EQ(counts(g, balanced), (std::vector<std::size_t>{7, 7}));
  EXPECT_EQ(balanced[1].natural_height, 82 * kUnit);
  EXPECT_GT(balanced[0].badness, 0);
}

TEST(PageBalance, FailingTheSectionTheEntryTheLastPageBeginsInside) {
  Galley g;
  g.add_lines(14);
  // The section begins on line 1: the thirteen lines after it do not fit a page.
  const auto balanced = balance_last_page(g.items, weighed(), build_pages(g.items, weighed()),
                                          {{2 * 1, true}, {2 * 8, false}});
  EXPECT_EQ(counts(g, balanced), (std::vector<std::size_t>{8, 6}));
}

TEST(PageBalance, LeavesALastPageThatHoldsASectionOrBeginsAnEntry) {
  Galley g;
  g.add_lines(14);
  const auto pages = build_pages(g.items, weighed());
  EXPECT_EQ(counts(g, balance_last_page(g.items, weighed(), pages, {{2 * 7, true}, {2 * 12, true}})),
            (std::vector<std::size_t>{10, 4}));
  EXPECT_EQ(counts(g, balance_last_page(g.items, weighed(), pages, {{2 * 10, false}})),
            (std::vector<std::size_t>{10, 4}));
}

TEST(PageBalance, NeverLeavesThePageBeforeDeplorableNorBreaksAKeep) {
  Galley g;
  g.add_lines(14);
  // Without the foot's stretch every short page is deplorable: no move.
  EXPECT_EQ(counts(g, balance_last_page(g.items, height(120), build_pages(g.items, height(120)), {{2 * 7, true}})),
            (std::vector<std::size_t>{10, 4}));
  // Nineteen lines short is more than the page before can afford.
  PageParams tall = weighed();
  tall.page_heights = {24 * 12 * kUnit};
  Galley many;
  many.add_lines(30);
  const auto pages = build_pages(many.items, tall);
  ASSERT_EQ(counts(many, pages), (std::vector<std::size_t>{24, 6}));
  EXPECT_EQ(counts(many, balance_last_page(many.items, tall, pages, {{2 * 4, true}})),
            (std::vector<std::size_t>{24, 6}));
  // A keep (a 10000 penalty before the glue) leaves no break before the
  // section: nothing moves.
  Galley kept;
  kept.add_lines(7).penalty(kInfinitePenalty).glue().add_lines(7);  // line 7 is item 15
  const auto kept_pages = build_pages(kept.items, weighed());
  EXPECT_EQ(counts(kept, balance_last_page(kept.items, weighed(), kept_pages, {{2 * 7 + 1, true}})),
            counts(kept, kept_pages));
}

}  // namespace
}  // namespace cvpdf::typeset
