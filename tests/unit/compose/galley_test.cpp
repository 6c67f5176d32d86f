// The galley's page breaking on synthetic lines (no fonts): a line is 8pt
// above and 2pt below its baseline, so n lines of a paragraph take 10n;
// gaps between paragraphs are 4pt of glue (rigid, as the composer's are).
// Checks that no paragraph leaves one line alone at the foot or head of a
// page, that short entries stay whole unless that leaves more than about
// four lines empty, and that a kept heading never ends a page.
#include <gtest/gtest.h>

#include <vector>

#include "compose/galley.hpp"
#include "compose/overlay.hpp"

namespace cvpdf::compose {
namespace {

std::vector<SetLine> lines(int n) {
  std::vector<SetLine> out(static_cast<std::size_t>(n));
  for (auto& line : out) {
    line.height = pt(8);
    line.depth = pt(2);
  }
  return out;
}

// A page whose text area is `height` points tall, no margins.
theme::Style page(double height) {
  theme::Style s;
  s.page_width = pt(300);
  s.page_height = pt(height);
  return s;
}

// The page of each block, in galley order (paginate places every block once).
std::vector<std::size_t> pages_of(Galley g, const theme::Style& s) {
  const std::size_t blocks = g.blocks().size();
  std::vector<frame::Bookmark> bookmarks;
  std::vector<PlacedBlock> placed;
  paginate(std::move(g), s, bookmarks, &placed);
  std::vector<std::size_t> out;
  for (const auto& p : placed) out.push_back(p.page);
  EXPECT_EQ(out.size(), blocks);
  return out;
}

// How many of blocks [from, from + n) are on each page.
std::vector<std::size_t> split(const std::vector<std::size_t>& pages, std::size_t from, std::size_t n) {
  std::vector<std::size_t> counts;
  for (std::size_t i = from; i < from + n; ++i) {
    if (counts.size() <= pages[i]) counts.resize(pages[i] + 1, 0);
    ++counts[pages[i]];
  }
  while (!counts.empty() && counts.front() == 0) counts.erase(counts.begin());
  return counts;
}

constexpr Scaled kGap = 4 * kScaledPerPoint;

TEST(Galley, NoWidowAtTheTopOfAPage) {
  // 8 lines, a gap, then 3: the page (104pt) holds 8 + 2, which would leave
  // the third line alone on page 2. The whole paragraph goes over instead.
  Galley g;
  g.add_lines(lines(8), 0);
  g.add_lines(lines(3), 0, false, kGap);
  const auto pages = pages_of(g, page(104));
  EXPECT_EQ(split(pages, 0, 8), (std::vector<std::size_t>{8}));
  EXPECT_EQ(split(pages, 8, 3), (std::vector<std::size_t>{3}));
  EXPECT_EQ(pages[8], 1u);
}

TEST(Galley, NoOrphanAtTheFootOfAPage) {
  // 9 lines, a gap, then 3: room for one more line only, which would be alone.
  Galley g;
  g.add_lines(lines(9), 0);
  g.add_lines(lines(3), 0, false, kGap);
  const auto pages = pages_of(g, page(104));
  EXPECT_EQ(pages[8], 0u);
  EXPECT_EQ(split(pages, 9, 3), (std::vector<std::size_t>{3}));
  EXPECT_EQ(pages[9], 1u);
}

TEST(Galley, ALongParagraphSplitsWithTwoLinesOnEachSide) {
  // 8 lines, then 4 with room for 2: 2 + 2 is allowed and the page is full.
  Galley g;
  g.add_lines(lines(8), 0);
  g.add_lines(lines(4), 0, false, kGap);
  const auto pages = pages_of(g, page(104));
  EXPECT_EQ(split(pages, 8, 4), (std::vector<std::size_t>{2, 2}));
}

TEST(Galley, ATwoLineBulletIsNeverSplit) {
  for (int before = 1; before <= 12; ++before) {
    Galley g;
    g.add_lines(lines(before), 0);
    g.add_lines(lines(2), 0, false, kGap);
    g.add_lines(lines(2), 0, false, kGap);
    const auto pages = pages_of(g, page(104));
    const std::size_t first = static_cast<std::size_t>(before);
    EXPECT_EQ(pages[first], pages[first + 1]) << before << " lines before";
    EXPECT_EQ(pages[first + 2], pages[first + 3]) << before << " lines before";
  }
}

TEST(Galley, AShortEntryIsKeptTogether) {
  // An entry of a head, a role line and three one-line bullets (5 lines)
  // after 7 lines: 3 would fit on page 1, but the entry goes over whole.
  auto entry = [](Galley& g) {
    g.add_lines(lines(1), 0);                    // organisation and date
    g.add_lines(lines(1), 0, true, pt(1));       // role, tied to the head
    g.add_lines(lines(1), 0, true, pt(2.5));     // first bullet, tied too
    g.add_lines(lines(1), 0, false, pt(1.6));    // later bullets: breaks between them
    g.add_lines(lines(1), 0, false, pt(1.6));
  };
  Galley loose;
  loose.add_lines(lines(7), 0);
  loose.add_glue(kGap);
  entry(loose);
  EXPECT_EQ(split(pages_of(loose, page(110)), 7, 5), (std::vector<std::size_t>{3, 2}));  // the control

  Galley kept;
  kept.add_lines(lines(7), 0);
  kept.add_glue(kGap);
  const std::size_t mark = kept.mark();
  entry(kept);
  EXPECT_EQ(kept.boxes_since(mark), 5u);
  kept.keep_together(mark);
  const auto pages = pages_of(kept, page(110));
  EXPECT_EQ(split(pages, 7, 5), (std::vector<std::size_t>{5}));
  EXPECT_EQ(pages[7], 1u);
  // keep_together leaves the break before the entry, and no other.
  std::size_t legal = 0;
  const auto& items = kept.items();
  for (std::size_t i = mark; i < items.size(); ++i) {
    if (items[i].type == typeset::ItemType::Penalty && items[i].penalty < typeset::kInfinitePenalty) ++legal;
    if (items[i].type == typeset::ItemType::Glue && items[i - 1].type == typeset::ItemType::Box) ++legal;
  }
  EXPECT_EQ(legal, 0u);
}

// A short item as its compose makes it: a head, its first bullet tied to it,
// a second bullet of three lines; kept together but for a split before the
// second bullet. `n` lines come before it on a page 110 high, weighed as
// the composer does with lines of 10 (a foot of four of them).
struct SplitEntry {
  Galley g;
  std::size_t mark = 0, split_at = 0;
  explicit SplitEntry(int n, Scaled foot = kFootStretchLines * pt(10)) {
    g.set_foot_stretch(foot);
    g.add_lines(lines(n), 0);
    g.add_glue(kGap);
    mark = g.mark();
    g.add_lines(lines(1), 0);                  // head
    g.add_lines(lines(1), 0, true, pt(2.5));   // first bullet, tied to it
    split_at = g.mark();
    g.add_lines(lines(3), 0, false, pt(1.6));  // second bullet
    g.keep_together(mark, {split_at}, kSplitEntryPenalty);
  }
  std::vector<std::size_t> entry_pages() const { return split_of(pages_of(g, page(110))); }
  std::vector<std::size_t> split_of(const std::vector<std::size_t>& pages) const {
    return split(pages, g.blocks().size() - 5, 5);
  }
};

TEST(Galley, AShortEntrySplitsOnlyWhenKeepingItLeavesMoreThanFourLinesEmpty) {
  // After 8 lines the whole entry would leave 3 lines empty, after 7 four:
  // it stays whole on page 2. After 6 it would leave five: head and first
  // bullet stay on page 1, the second bullet goes over. After 5 it fits.
  EXPECT_EQ(SplitEntry(8).entry_pages(), (std::vector<std::size_t>{5}));
  EXPECT_EQ(SplitEntry(7).entry_pages(), (std::vector<std::size_t>{5}));
  EXPECT_EQ(SplitEntry(6).entry_pages(), (std::vector<std::size_t>{2, 3}));
  const SplitEntry fits(5);
  EXPECT_EQ(pages_of(fits.g, page(110))[fits.g.blocks().size() - 1], 0u);
  // Unweighed (no foot stretch), every short page is as bad as any other
  // and the fullest wins: the entry splits even with 3 lines to spare.
  EXPECT_EQ(SplitEntry(8, 0).entry_pages(), (std::vector<std::size_t>{2, 3}));
}

TEST(Galley, KeepTogetherLeavesOnlyTheSplitsGiven) {
  const SplitEntry entry(6);
  const auto& items = entry.g.items();
  std::vector<int> breaks;  // the penalties of the legal breaks inside the entry
  for (std::size_t i = entry.mark; i < items.size(); ++i) {
    if (items[i].type == typeset::ItemType::Penalty && items[i].penalty < typeset::kInfinitePenalty)
      breaks.push_back(items[i].penalty);
    if (items[i].type == typeset::ItemType::Glue && items[i - 1].type == typeset::ItemType::Box) breaks.push_back(0);
  }
  EXPECT_EQ(breaks, (std::vector<int>{kSplitEntryPenalty}));
}

TEST(Galley, AKeptHeadingNeverEndsAPage) {
  // As sections.cpp sets a heading: the heading block, penalty 10000, the
  // gap after it, penalty 10000, then the first entry.
  for (int before = 1; before <= 11; ++before) {
    Galley g;
    g.add_lines(lines(before), 0);
    g.add_glue(pt(10));
    Block heading;
    heading.height = pt(10);
    heading.depth = pt(4);
    heading.bookmark = "Heading";
    g.add_block(std::move(heading));
    g.add_penalty(typeset::kInfinitePenalty);
    g.add_glue(pt(6));
    g.add_penalty(typeset::kInfinitePenalty);
    g.add_lines(lines(3), 0);
    g.add_lines(lines(3), 0, false, kGap);
    const auto pages = pages_of(g, page(120));
    const std::size_t h = static_cast<std::size_t>(before);
    EXPECT_EQ(pages[h], pages[h + 1]) << before << " lines before";
    std::vector<frame::Bookmark> bookmarks;
    paginate(std::move(g), page(120), bookmarks);
    ASSERT_EQ(bookmarks.size(), 1u);
    EXPECT_EQ(bookmarks[0].page, pages[h]);
  }
}

TEST(Galley, BookmarksPointAtTheTopOfTheirHeading) {
  Galley g;
  g.add_lines(lines(3), 0);
  g.add_glue(pt(10));
  Block heading;
  heading.height = pt(10);
  heading.depth = pt(4);
  heading.bookmark = "Experience";
  g.add_block(std::move(heading));
  theme::Style s = page(200);
  s.margin_top = pt(20);
  s.page_height += pt(20);
  std::vector<frame::Bookmark> bookmarks;
  paginate(std::move(g), s, bookmarks);
  ASSERT_EQ(bookmarks.size(), 1u);
  EXPECT_EQ(bookmarks[0].page, 0u);
  EXPECT_EQ(bookmarks[0].y, pt(20 + 30 + 10));  // margin, three lines, the gap
}

TEST(Galley, PlacedBlocksAndTheOverlay) {
  Galley g;
  std::vector<SetLine> two = lines(2);
  two[0].elements.push_back(frame::Rule{0, -pt(8), pt(100), pt(10), {}});
  g.add_block(stack_lines(std::move(two), pt(5)));
  theme::Style s = page(100);
  s.margin_left = pt(10);
  s.page_width = pt(320);
  std::vector<frame::Bookmark> bookmarks;
  std::vector<PlacedBlock> placed;
  frame::Document doc;
  doc.pages = paginate(std::move(g), s, bookmarks, &placed);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].top, 0);
  EXPECT_EQ(placed[0].bottom, pt(20));
  EXPECT_EQ(placed[0].baselines, (std::vector<Scaled>{pt(8), pt(18)}));
  EXPECT_EQ(placed[0].left, pt(15));
  EXPECT_EQ(placed[0].right, pt(115));
  const std::size_t before = doc.pages[0].elements.size();
  add_debug_overlay(doc, placed, s);
  // The text area's frame and the block's box (4 hairlines each), 2 baselines.
  EXPECT_EQ(doc.pages[0].elements.size(), before + 4 + 4 + 2);
}

}  // namespace
}  // namespace cvpdf::compose
