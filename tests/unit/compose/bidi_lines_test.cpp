// The set stage's bidi (paragraph_bidi.cpp): where the glyphs of a line with
// right-to-left text go — each word of a Hebrew phrase right to left inside
// an English line, a right-to-left paragraph flush right, its lines
// mirrored when the page will be — read from the set lines' runs; and the
// page mirroring itself (mirror.hpp).
#include <gtest/gtest.h>

#include <map>

#include "compose/mirror.hpp"
#include "paragraph_fixture.hpp"

namespace cvpdf::compose {
namespace {

// Each glyph's source text (a cluster's first glyph) → the x it is drawn at.
std::multimap<std::string, Scaled> glyph_xs(const SetLine& line) {
  std::multimap<std::string, Scaled> out;
  for (const auto& e : line.elements) {
    const auto* run = std::get_if<frame::GlyphRun>(&e);
    if (!run) continue;
    Scaled x = run->x;
    for (const auto& g : run->glyphs) {
      if (!g.text.empty()) out.emplace(g.text, x);
      x += g.advance;
    }
  }
  return out;
}

Scaled x_of(const std::multimap<std::string, Scaled>& xs, const std::string& c) {
  const auto it = xs.find(c);
  EXPECT_NE(it, xs.end()) << c;
  return it == xs.end() ? 0 : it->second;
}

// The glyphs `order` stand left to right in this order.
void expect_left_to_right(const std::multimap<std::string, Scaled>& xs, const std::vector<std::string>& order) {
  for (std::size_t i = 1; i < order.size(); ++i)
    EXPECT_LT(x_of(xs, order[i - 1]), x_of(xs, order[i])) << order[i - 1] << " before " << order[i];
}

constexpr Scaled kMeasure = 300 * kScaledPerPoint;

// `text` set as one paragraph of the body style at kMeasure, in `language`.
std::vector<SetLine> set_text(const std::string& text, theme::Alignment align, const std::string& language = "en") {
  ParagraphFixture f(language);
  f.style_language = language;
  Typesetter t = f.typesetter(false);
  RichText rich;
  rich.add(text, regular(f.style));
  ParagraphShape shape = t.body_shape(kMeasure);
  shape.align = align;
  return t.set(rich, shape);
}

TEST(BidiLines, HebrewPhraseInsideEnglishRunsRightToLeft) {
  const auto lines = set_text("go אבג דהו now", theme::Alignment::Justify);
  ASSERT_EQ(lines.size(), 1u);
  const auto xs = glyph_xs(lines[0]);
  // English left to right; the phrase between "go" and "now"; inside it the
  // first word right of the second, each word's first letter its rightmost.
  expect_left_to_right(xs, {"g", "ו", "ד", "ג", "א", "n"});
  // Still flush left: the paragraph is left to right.
  EXPECT_EQ(x_of(xs, "g"), 0);
}

TEST(BidiLines, RightToLeftParagraphIsFlushRightWithItsNumberInOrder) {
  const auto lines = set_text("אבג 123 דהו", theme::Alignment::Ragged);
  ASSERT_EQ(lines.size(), 1u);
  const auto xs = glyph_xs(lines[0]);
  expect_left_to_right(xs, {"ו", "ד", "1", "2", "3", "ג", "א"});
  EXPECT_EQ(lines[0].width, kMeasure);  // flush right: the line takes the measure
  Scaled end = 0;
  for (const auto& e : lines[0].elements)
    if (const auto* run = std::get_if<frame::GlyphRun>(&e)) end = std::max(end, run->x + run->width());
  EXPECT_EQ(end, kMeasure);
}

TEST(BidiLines, RightToLeftDocumentLinesAreLaidOutMirrored) {
  // In a Hebrew résumé the page is mirrored at the end (mirror.hpp): a
  // line is laid out flush left with its runs flipped, so the flip puts
  // the first word on the right again.
  const auto lines = set_text("אבג דהו", theme::Alignment::Ragged, "he");
  ASSERT_EQ(lines.size(), 1u);
  const auto xs = glyph_xs(lines[0]);
  EXPECT_LT(x_of(xs, "א"), x_of(xs, "ד"));  // flipped: the first word left, until the page flips it
  EXPECT_LT(lines[0].width, kMeasure);
}

TEST(MirrorPages, EveryBoxGoesToTheOtherSide) {
  frame::Page page;
  page.width = 600;
  frame::Rule rule;
  rule.x = 50;
  rule.width = 100;  // [50, 150] → [450, 550]
  frame::GlyphRun run;
  run.x = 10;
  run.glyphs = {frame::Glyph{1, 30, 0, 0, "a"}, frame::Glyph{2, 20, 0, 0, "b"}};  // [10, 60] → [540, 590]
  page.elements = {rule, run};
  std::vector<frame::Page> pages{page};
  mirror_pages(pages);
  EXPECT_EQ(std::get<frame::Rule>(pages[0].elements[0]).x, 450);
  const auto& flipped = std::get<frame::GlyphRun>(pages[0].elements[1]);
  EXPECT_EQ(flipped.x, 540);
  EXPECT_EQ(flipped.glyphs[0].text, "a");  // a run's glyphs keep their order
}

}  // namespace
}  // namespace cvpdf::compose
