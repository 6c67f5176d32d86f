// The page foot on the real PDF: a short entry (entry.keep-together, five
// lines here) that would leave more than about four lines empty at page 1's
// foot if kept whole is split between its bullets instead, its head and
// two lines of its body on page 1; with less room it goes over whole; it is
// never split after its head or its first body line, inside a bullet, or so
// that one of its lines is alone on a page. A last section follows, so the
// last page's balance (which would take the entry's section over whole)
// has nothing to do. A sweep of résumés moves the entry down page 1 a line at
// a time (k one-line notes before it); each PDF is read back with mupdf's
// glyph boxes (pdf_boxes.hpp) and held to those rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// The résumé's own page, so the text area and a body line are known here:
// margins of 50pt, 10pt type on a 1.3 leading (13pt lines), entries 6pt
// apart, as kHead says.
constexpr double kMarginPt = 50.0;
constexpr double kLinePt = 13.0;
constexpr double kEntryGapPt = 6.0;
constexpr const char* kHead = R"(style:
  page: {size: a4, margin: {top: 50pt, bottom: 50pt, left: 50pt, right: 50pt}}
  text: {size: 10pt, leading: 1.3, hyphenate: false}
  entry: {space-between: 6pt, keep-together: 5}
  bullets: {space-between: 2pt, gap-before: 2pt}
person: {name: Pat Foot}
sections:
  - title: Notes
    bullets:
)";
constexpr int kFirstNotes = 34, kLastNotes = 44;

// The entry's shapes, by their bullets' lines: two two-line bullets (a
// short entry whose only split leaves 3 lines above it and 2 below); four
// one-line bullets (a short entry that may split only before its third:
// not with one body line under its head, nor its last alone); and 2 + 3 + 1
// (seven lines, a long entry, free to split but not before its last line).
enum class Shape { TwoLiners, OneLiners, LongEntry };

const char* name(Shape shape) {
  switch (shape) {
    case Shape::TwoLiners: return "TwoLineBullets";
    case Shape::OneLiners: return "OneLineBullets";
    case Shape::LongEntry: return "LongEntry";
  }
  return "";
}

// A bullet of `lines` lines, its words all starting with `mark` (so each
// of its lines is known in the PDF).
std::string bullet(const std::string& mark, int lines) {
  std::string out = mark;
  const int words = lines == 1 ? 3 : 10 * lines - 2;  // about 12 of these to a line
  for (int i = 1; i <= words; ++i) out += " " + mark + std::to_string(i);
  return out;
}

std::vector<std::pair<std::string, int>> bullets_of(Shape shape) {
  switch (shape) {
    case Shape::TwoLiners: return {{"alpha", 2}, {"bravo", 2}};
    case Shape::OneLiners: return {{"alpha", 1}, {"bravo", 1}, {"charlie", 1}, {"delta", 1}};
    case Shape::LongEntry: return {{"alpha", 2}, {"bravo", 3}, {"charlie", 1}};
  }
  return {};
}

std::string resume(int notes, Shape shape) {
  std::ostringstream y;
  y << kHead;
  for (int i = 1; i <= notes; ++i) y << "      - Note number " << i << ".\n";
  y << "  - title: Experience\n"
       "    entries:\n"
       "      - org: Warmuporg\n"
       "        role: Warmuprole\n"
       "      - org: Targetorg\n"
       "        start: 2020-01\n"
       "        end: 2022-01\n"
       "        bullets:\n";
  for (const auto& [mark, lines] : bullets_of(shape)) y << "          - " << bullet(mark, lines) << "\n";
  y << "      - org: Afterorg\n"
       "        bullets:\n"
       "          - Afterbullet one.\n"
       "          - Afterbullet two.\n"
       "  - title: Closing\n"
       "    text: Closing words.\n";
  return y.str();
}

// A line's first word that starts with `mark`.
bool starts_a_word(const Line& line, const std::string& mark) {
  return std::any_of(line.words.begin(), line.words.end(), [&](const Word& w) { return w.text.rfind(mark, 0) == 0; });
}

// Where the entry's lines landed: page (0-based) and em box of each.
struct Placed {
  int page = 0;
  Box box;
};
struct EntryLines {
  std::vector<Placed> warmup, head, bullets;  // bullets: every line of every bullet, in order
  std::vector<int> bullet_of;                 // which bullet each of `bullets` belongs to
};

EntryLines find_entry(const GlyphBoxes& boxes, Shape shape) {
  EntryLines e;
  const auto bullets = bullets_of(shape);
  for (std::size_t p = 0; p < boxes.pages.size(); ++p) {
    const int page = static_cast<int>(p);
    for (const Line& line : boxes.pages[p].lines) {
      // The warmup entry's last line: its role under its org (two lines,
      // so the heading over it may stand alone with it).
      if (starts_a_word(line, "Warmuprole")) e.warmup.push_back({page, line.box});
      if (starts_a_word(line, "Targetorg")) e.head.push_back({page, line.box});
      for (std::size_t b = 0; b < bullets.size(); ++b)
        if (starts_a_word(line, bullets[b].first)) {
          e.bullets.push_back({page, line.box});
          e.bullet_of.push_back(static_cast<int>(b));
        }
    }
  }
  return e;
}

class PageFoot : public ::testing::TestWithParam<Shape> {};

TEST_P(PageFoot, SplitsOnlyBetweenBulletsAndPastFourEmptyLines) {
  const Shape shape = GetParam();
  const std::string dir = temp_dir();
  std::string inputs;
  for (int k = kFirstNotes; k <= kLastNotes; ++k) {
    const std::string yaml = dir + "/foot-" + std::to_string(k) + ".yaml";
    write_file(yaml, resume(k, shape));
    inputs += " '" + yaml + "'";
  }
  // The pages as the page builder breaks them: a short last page is kept
  // (fit.short-page), not saved by a tighter setting.
  const Result r = run("SOURCE_DATE_EPOCH=1700000000 " + cvpdf() + inputs + " -q --set fit.short-page=0 -o '" + dir +
                       "/{name}.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;

  int splits = 0, kept_with_room = 0;
  for (int k = kFirstNotes; k <= kLastNotes; ++k) {
    SCOPED_TRACE(std::to_string(k) + " notes");
    const GlyphBoxes boxes = read_glyph_boxes(dir + "/foot-" + std::to_string(k) + ".pdf");
    ASSERT_TRUE(boxes.error.empty()) << boxes.error;
    const EntryLines e = find_entry(boxes, shape);
    ASSERT_EQ(e.warmup.size(), 1u);
    ASSERT_EQ(e.head.size(), 1u);
    std::size_t bullet_lines = 0;
    for (const auto& b : bullets_of(shape)) bullet_lines += static_cast<std::size_t>(b.second);
    ASSERT_EQ(e.bullets.size(), bullet_lines) << "the bullets are not set in the lines meant";
    const int head_page = e.head[0].page;

    // Never the head alone: two lines of its body are on its page. Never a
    // bullet split, never one of the entry's lines alone on a page.
    EXPECT_EQ(e.bullets[0].page, head_page);
    EXPECT_EQ(e.bullets[1].page, head_page);
    std::map<int, int> lines_on;
    ++lines_on[head_page];
    for (std::size_t i = 0; i < e.bullets.size(); ++i) {
      ++lines_on[e.bullets[i].page];
      if (i > 0 && e.bullet_of[i] == e.bullet_of[i - 1]) {
        EXPECT_EQ(e.bullets[i].page, e.bullets[i - 1].page) << "bullet " << e.bullet_of[i] + 1 << " split";
      }
    }
    for (const auto& [page, n] : lines_on) EXPECT_GE(n, 2) << "page " << page + 1;

    // The room at page 1's foot below the line before the entry: what
    // keeping it whole leaves empty when it goes over.
    if (e.warmup[0].page != 0) continue;  // all of it on page 2: nothing to weigh
    const double room = boxes.pages[0].height - kMarginPt - e.warmup[0].box.y1;
    const bool split = head_page == 0 && e.bullets.back().page == 1;
    const bool moved = head_page == 1;
    std::printf("%s, %d notes: %.1fpt (%.1f lines) below the line before the entry: %s\n", name(shape), k, room,
                room / kLinePt, split ? "split" : moved ? "moved whole" : "fits");
    if (split) ++splits;
    if (shape == Shape::LongEntry) continue;  // a long entry splits wherever the page is full
    if (split) {
      EXPECT_GT(room, 3.9 * kLinePt) << "split with about four lines or fewer to fill";
    }
    if (moved) {
      // More than about four lines empty, with the head and first bullet
      // fitting there, would have split it.
      EXPECT_LE(room, 4.5 * kLinePt) << "moved whole, leaving " << room << "pt empty";
      const double head_and_first = e.bullets[0].box.y1 - e.head[0].box.y0;
      if (room > head_and_first + kEntryGapPt) ++kept_with_room;
    }
  }
  // The sweep saw a split, and a short entry kept whole though its head and
  // first bullet would have fitted in the room left.
  EXPECT_GE(splits, 1);
  if (shape != Shape::LongEntry) {
    EXPECT_GE(kept_with_room, 1);
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, PageFoot, ::testing::Values(Shape::TwoLiners, Shape::OneLiners, Shape::LongEntry),
                         [](const ::testing::TestParamInfo<Shape>& param) { return std::string(name(param.param)); });

}  // namespace
}  // namespace cvpdf::test
