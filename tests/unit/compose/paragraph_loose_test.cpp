// Loose lines (text.max-space): a justified line whose word spaces are set
// wider than text.max-space ems sends the paragraph to the last resort when
// it has a stretch the last resort can cut (the trigger), and what stays
// loose is warned of once per line, in the format the random-résumé test
// parses; ragged paragraphs never stretch, so never warn.
#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <string>
#include <vector>

#include "paragraph_fixture.hpp"

namespace cvpdf::compose {
namespace {

using Fixture = ParagraphFixture;

std::string hex(std::size_t length) {
  std::mt19937 random(60);
  std::string out;
  for (std::size_t i = 0; i < length; ++i) out += "0123456789abcdef"[random() % 16];
  return out;
}

// Per set line, its widest word space in ems of the body size (the space
// glyphs' advances as set), and its text.
struct SetView {
  double widest = 0;
  std::string text;
};
std::vector<SetView> views(const std::vector<SetLine>& lines, Scaled size) {
  std::vector<SetView> out;
  for (const auto& line : lines) {
    SetView v;
    for (const auto& e : line.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e))
        for (const auto& g : run->glyphs) {
          v.text += g.text;
          if (g.text == " ") v.widest = std::max(v.widest, static_cast<double>(g.advance) / static_cast<double>(size));
        }
    out.push_back(v);
  }
  return out;
}

std::vector<const Diagnostic*> loose_warnings(const Diagnostics& diags, std::size_t from) {
  std::vector<const Diagnostic*> out;
  for (std::size_t i = from; i < diags.all().size(); ++i)
    if (diags.all()[i].message.rfind("loose line: ", 0) == 0) out.push_back(&diags.all()[i]);
  return out;
}

// How many lines of the paragraph have a space wider than `max` ems.
int loose_count(const std::vector<SetView>& lines, double max) {
  int n = 0;
  for (const auto& v : lines) n += v.widest > max + 1e-6 ? 1 : 0;
  return n;
}

const std::string kProse = "Signed every release of the build with a key whose fingerprint is ";
// Prose with no token to cut: what stays loose stays.
const std::string kReport =
    "Reviewed the incident reports of every quarter and wrote down what the on-call engineers had learned about "
    "replication lag, ";

// The report, with no token to cut, from cv.yaml:7:11.
RichText report_paragraph(const Fixture& f) {
  RichText rich;
  rich.add(kReport + "and failover.", regular(f.style), {}, {"cv.yaml", 7, 11});
  return rich;
}

// The breaker accepts any line (tolerance 10000), and text.max-space is
// as strict as it may be: only the loose-line rule judges the lines.
void strict(Fixture& f) {
  f.style.tolerance = 10000;
  f.style.max_space = 0.3;
}

TEST(LooseLines, ALooseLineBeforeALongTokenSendsTheParagraphToTheLastResort) {
  // Tolerance 10000: the breaker accepts any line, so only text.max-space
  // can call the last resort. Over a range of measures, the paragraph with
  // a low text.max-space never has more loose lines than with the highest
  // (no trigger), and somewhere it has fewer: the token was cut instead.
  Fixture f;
  f.style.tolerance = 10000;
  const std::string text_60 = kProse + hex(60) + " and rotates.";
  int helped = 0;
  for (int width = 150; width <= 330; width += 6) {
    f.style.max_space = 5;
    Typesetter lax = f.typesetter();
    RichText rich;
    rich.add(text_60, regular(f.style));
    const auto before = loose_count(views(lax.set(rich, lax.body_shape(pt(width))), f.style.text_size), 0.45);
    f.style.max_space = 0.45;
    Typesetter strict = f.typesetter();
    const std::size_t from = f.diags.all().size();
    const auto lines = views(strict.set(rich, strict.body_shape(pt(width))), f.style.text_size);
    const int after = loose_count(lines, 0.45);
    EXPECT_LE(after, before) << "width " << width;
    if (after < before) ++helped;
    // Whatever stays loose is named, once per line.
    EXPECT_EQ(loose_warnings(f.diags, from).size(), static_cast<std::size_t>(after)) << "width " << width;
  }
  EXPECT_GT(helped, 0) << "the loose-line trigger never changed the breaks";
}

TEST(LooseLines, TheWarningNamesTheLineAtTheParagraphsSource) {
  // No stretch the last resort could cut: the loose lines stay, each named.
  Fixture f;
  strict(f);
  Typesetter t = f.typesetter(false);
  const RichText rich = report_paragraph(f);
  const std::size_t from = f.diags.all().size();
  const auto lines = views(t.set(rich, t.body_shape(pt(120))), f.style.text_size);
  const auto warnings = loose_warnings(f.diags, from);
  ASSERT_EQ(warnings.size(), static_cast<std::size_t>(loose_count(lines, 0.3)));
  ASSERT_FALSE(warnings.empty()) << "a 120pt measure with no hyphens stretches some line past 0.3 em";
  const std::regex format(R"re(loose line: word spaces of (\d+\.\d\d) em, more than text\.max-space \(0\.3 em\), in "(.*)")re");
  std::size_t next = 0;
  for (const Diagnostic* d : warnings) {
    EXPECT_EQ(d->severity, Severity::Warning);
    EXPECT_EQ(d->span.to_string(), "cv.yaml:7:11");
    EXPECT_FALSE(d->hint.empty());
    std::smatch m;
    ASSERT_TRUE(std::regex_match(d->message, m, format)) << d->message;
    EXPECT_GT(std::stod(m[1].str()), 0.3);
    // The line it names, in order: the first loose line after the last one named.
    while (next < lines.size() && lines[next].widest <= 0.3 + 1e-6) ++next;
    ASSERT_LT(next, lines.size());
    // Without the white space at its ends: the space a line starts with
    // (the previous line's break, drawn with no width) and any it ends in.
    std::string text = lines[next].text;
    while (!text.empty() && text.back() == ' ') text.pop_back();
    while (!text.empty() && text.front() == ' ') text.erase(0, 1);
    EXPECT_EQ(m[2].str(), text);
    EXPECT_NEAR(std::stod(m[1].str()), lines[next].widest, 0.006);
    ++next;
  }
  // A trial (a first line tried beside a date, maybe thrown away) holds
  // the same warnings instead of giving them: a discarded trial warned of a
  // loose line twice.
  const std::size_t given = f.diags.all().size();
  std::vector<Diagnostic> held;
  t.set_trial(rich, t.body_shape(pt(120)), held);
  EXPECT_EQ(f.diags.all().size(), given);
  ASSERT_EQ(held.size(), warnings.size());
  for (std::size_t i = 0; i < held.size(); ++i) EXPECT_EQ(held[i].message, warnings[i]->message);
}

TEST(LooseLines, TheQuotedTextIsCutAtSixtyCharacters) {
  Fixture f;
  strict(f);
  Typesetter t = f.typesetter(false);
  RichText rich;
  rich.add(kReport + "failover drills, backups and the restores that were tested.", regular(f.style));
  // Over wide measures, some loose line is longer than 60 characters: its
  // quote is its first 60 and "…"; a shorter one is quoted whole.
  int cut = 0;
  for (int width = 250; width <= 420; width += 5) {
    const std::size_t from = f.diags.all().size();
    t.set(rich, t.body_shape(pt(width)));
    for (const Diagnostic* d : loose_warnings(f.diags, from)) {
      const std::size_t open = d->message.find(" in \"");
      ASSERT_NE(open, std::string::npos);
      const std::string quoted = d->message.substr(open + 5, d->message.size() - open - 6);
      const std::string ellipsis = "…";
      if (quoted.size() > ellipsis.size() && quoted.compare(quoted.size() - ellipsis.size(), ellipsis.size(), ellipsis) == 0) {
        EXPECT_EQ(quoted.size() - ellipsis.size(), 60u) << quoted;  // ASCII: 60 characters are 60 bytes
        EXPECT_EQ(quoted.find("  "), std::string::npos) << "spaces as single spaces: " << quoted;
        ++cut;
      } else {
        EXPECT_LE(quoted.size(), 60u) << quoted;
      }
    }
  }
  EXPECT_GT(cut, 0);
}

TEST(LooseLines, RaggedParagraphsNeverWarn) {
  Fixture f;
  f.style.max_space = 0.3;
  f.style.align = theme::Alignment::Ragged;
  Typesetter t = f.typesetter(false);
  RichText rich;
  rich.add(kProse + hex(60) + " and rotates yearly, as the policy says.", regular(f.style));
  for (int width = 120; width <= 300; width += 30) {
    const std::size_t from = f.diags.all().size();
    const auto lines = views(t.set(rich, t.body_shape(pt(width))), f.style.text_size);
    EXPECT_TRUE(loose_warnings(f.diags, from).empty()) << "width " << width;
    EXPECT_EQ(loose_count(lines, 0.3), 0) << "width " << width << ": a ragged line stretched its spaces";
  }
}

// A line of ideographs has no word space, but its CJK glue stretches at the
// line's ratio: stretched as far as a word space past text.max-space would
// be, it is a loose line too, and named as ideographs (random seed 1138:
// eight ideographs spread across a line, no warning).
TEST(LooseLines, IdeographsSpreadAcrossALineAreALooseLine) {
  Fixture f("zh");
  f.style_language = "zh";
  strict(f);
  f.style.max_space = 0.9;
  f.style.hyphenate = false;  // Latin words in Chinese are hyphenated with English's dictionary otherwise
  Typesetter t = f.typesetter(false);
  RichText rich;
  // Eight ideographs, then a word that cannot share their line and is too
  // short for the last resort to cut (under 10 em).
  rich.add("其电革往设料接眼 Donaudampfschiff", regular(f.style), {}, {"cv.yaml", 3, 5});
  const std::size_t from = f.diags.all().size();
  auto lines = t.set(rich, t.body_shape(pt(150)));
  ASSERT_GE(lines.size(), 2u);
  const auto warnings = loose_warnings(f.diags, from);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0]->message.rfind("loose line: ideographs spaced as word spaces of ", 0), 0u)
      << warnings[0]->message;
  EXPECT_NE(warnings[0]->message.find("in \"其电革往设料接眼\""), std::string::npos) << warnings[0]->message;
}


}  // namespace
}  // namespace cvpdf::compose
