// Section headings by heading.style (rule-below, rule-above, rule-beside, bar, plain),
// heading.small-caps and heading.uppercase, asserted on the frame: where
// the rule or bar lies against the heading's text, and at what sizes the
// text is set.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "header_fixture.hpp"

namespace cvpdf::compose {
namespace {

using namespace probe;

// The heading: its runs (those on the line of the run holding `first`) and
// the rules drawn about that line.
struct Heading {
  std::vector<const frame::GlyphRun*> runs;
  std::vector<const frame::Rule*> rules;
  Scaled baseline = 0, left = 0, right = 0;
};

Heading heading_of(const Composed& c, const std::string& first) {
  Heading h;
  const auto* run = run_with(c.page(), first);
  EXPECT_NE(run, nullptr) << "no run holds '" << first << "'";
  if (!run) return h;
  h.baseline = run->y;
  h.left = run->x;
  h.right = right_of(*run);
  for (const auto* r : all_of<frame::GlyphRun>(c.page()))
    if (r->y == h.baseline) {
      h.runs.push_back(r);
      h.left = std::min(h.left, r->x);
      h.right = std::max(h.right, right_of(*r));
    }
  const Scaled size = c.style.heading_size;
  for (const auto* rule : all_of<frame::Rule>(c.page()))
    if (rule->y < h.baseline + size && rule->y + rule->height > h.baseline - size) h.rules.push_back(rule);
  return h;
}

void expect_no_errors(const Composed& c) { EXPECT_FALSE(c.diags.has_errors()); }

TEST(HeadingStyle, RuleBelowSpansTheColumnUnderTheText) {
  Composed c = compose(resume_yaml(), "en");
  expect_no_errors(c);
  Heading h = heading_of(c, "EXPERIENCE");
  ASSERT_EQ(h.rules.size(), 1u);
  EXPECT_EQ(h.rules[0]->x, c.left());
  EXPECT_EQ(h.rules[0]->width, c.column);
  EXPECT_GT(h.rules[0]->y, h.baseline);
  EXPECT_EQ(h.rules[0]->color, c.style.rule_color);
  EXPECT_EQ(h.left, c.left());
}

TEST(HeadingStyle, RuleAboveSpansTheColumnRuleGapOverTheCapitals) {
  Composed c = compose(resume_yaml(), "en", {{"heading.style", "rule-above"}, {"heading.rule-gap", "2pt"}});
  expect_no_errors(c);
  Heading h = heading_of(c, "EXPERIENCE");
  ASSERT_EQ(h.rules.size(), 1u);
  EXPECT_EQ(h.rules[0]->x, c.left());
  EXPECT_EQ(h.rules[0]->width, c.column);
  // Its foot rule-gap above the capitals' top (kCapHeightEm of the size).
  const Scaled caps = static_cast<Scaled>(std::llround(kCapHeightEm * static_cast<double>(c.style.heading_size)));
  EXPECT_EQ(h.rules[0]->y + h.rules[0]->height, h.baseline - caps - pt(2));
  EXPECT_EQ(h.rules[0]->color, c.style.rule_color);
}

TEST(HeadingStyle, RuleBesideRunsFromTheTextToTheColumnsEdge) {
  for (const char* language : {"en", "zh"}) {
    Composed c = compose(resume_yaml(), language, {{"heading.style", "rule-beside"}});
    expect_no_errors(c);
    Heading h = heading_of(c, language == std::string("en") ? "EXPERIENCE" : "工作经历");
    ASSERT_EQ(h.rules.size(), 1u) << language;
    const frame::Rule& rule = *h.rules[0];
    EXPECT_GT(rule.x, h.right) << language;
    EXPECT_LT(rule.x, h.right + c.style.heading_size) << language;
    EXPECT_EQ(rule.x + rule.width, c.right()) << language;
    EXPECT_EQ(rule.height, c.style.heading_rule_thickness);
    // On the letters' middle: above the baseline, below the x-height's top.
    const Scaled middle = rule.y + rule.height / 2;
    EXPECT_LT(middle, h.baseline - c.style.heading_size / 5) << language;
    EXPECT_GT(middle, h.baseline - c.style.heading_size / 2) << language;
  }
}

TEST(HeadingStyle, BarBeforeTheTextAsTallAsTheCapitals) {
  for (const char* language : {"en", "zh"}) {
    Composed c = compose(resume_yaml(), language, {{"heading.style", "bar"}, {"heading.bar-width", "4pt"}});
    expect_no_errors(c);
    Heading h = heading_of(c, language == std::string("en") ? "EXPERIENCE" : "工作经历");
    ASSERT_EQ(h.rules.size(), 1u) << language;
    const frame::Rule& bar = *h.rules[0];
    EXPECT_EQ(bar.x, c.left());
    EXPECT_EQ(bar.width, pt(4));
    EXPECT_EQ(bar.color, c.style.heading_color);
    EXPECT_GT(h.left, bar.x + bar.width) << "the text after a gap";
    const double height = to_pt(bar.height) / to_pt(c.style.heading_size);
    EXPECT_GT(height, 0.6) << language;
    EXPECT_LT(height, 0.95) << language;
    EXPECT_LE(bar.y + bar.height, h.baseline + c.style.heading_size / 10);
  }
}

TEST(HeadingStyle, PlainDrawsNoRule) {
  Composed c = compose(resume_yaml(), "en", {{"heading.style", "plain"}});
  expect_no_errors(c);
  Heading h = heading_of(c, "EXPERIENCE");
  EXPECT_TRUE(h.rules.empty());
  EXPECT_EQ(h.left, c.left());
}

TEST(HeadingStyle, SmallCapitalsAtASmallerSizeWithTheLetterSpacing) {
  Composed c = compose(resume_yaml(), "en", {{"heading.small-caps", "true"}});
  expect_no_errors(c);
  Heading h = heading_of(c, "XPERIENCE");
  const Scaled full = c.style.heading_size;
  bool small = false, capital = false;
  std::string text;
  for (const auto* run : h.runs) {
    text += text_of(*run);
    if (run->size == full) capital = true;
    if (std::llabs(run->size - static_cast<Scaled>(std::llround(static_cast<double>(full) * 0.78))) <= 1) {
      small = true;
      EXPECT_EQ(text_of(*run).find_first_of("abcdefghijklmnopqrstuvwxyz"), std::string::npos);
    }
  }
  EXPECT_TRUE(small);
  EXPECT_TRUE(capital);
  EXPECT_NE(text.find("E"), std::string::npos);
  // Letter spacing: each glyph's advance carries the heading's tracking,
  // so the run is wider than at zero tracking.
  Composed tight = compose(resume_yaml(), "en", {{"heading.small-caps", "true"}, {"heading.letter-spacing", "0em"}});
  Heading t = heading_of(tight, "XPERIENCE");
  EXPECT_GT(h.right - h.left, t.right - t.left);
  // The outline keeps the title as written.
  ASSERT_FALSE(c.doc.bookmarks.empty());
  EXPECT_EQ(c.doc.bookmarks.front().title, "Experience & Research");
}

TEST(HeadingStyle, CjkTitlesKeepTheirSizeUnderSmallCapitals) {
  Composed c = compose(resume_yaml(), "zh", {{"heading.small-caps", "true"}});
  expect_no_errors(c);
  Heading h = heading_of(c, "工作经历");
  ASSERT_FALSE(h.runs.empty());
  for (const auto* run : h.runs) EXPECT_EQ(run->size, c.style.heading_size);
}

TEST(HeadingStyle, UppercaseOrAsWritten) {
  Composed upper = compose(resume_yaml(), "en");
  EXPECT_NE(run_with(upper.page(), "EXPERIENCE & RESEARCH"), nullptr);
  Composed as_written = compose(resume_yaml(), "en", {{"heading.uppercase", "false"}});
  EXPECT_NE(run_with(as_written.page(), "Experience & Research"), nullptr);
}

TEST(HeadingStyle, TheHeadingInColorsHeading) {
  Composed c = compose(resume_yaml(), "en", {{"colors.heading", "#118833"}});
  expect_no_errors(c);
  Heading h = heading_of(c, "EXPERIENCE");
  ASSERT_FALSE(h.runs.empty());
  for (const auto* run : h.runs) EXPECT_EQ(run->color, c.style.heading_color);
  EXPECT_FALSE(c.style.heading_color == c.style.accent_color);
}

}  // namespace
}  // namespace cvpdf::compose
