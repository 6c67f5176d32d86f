// Last-resort breaks (compose/last_resort.hpp) on the items and lines the
// paragraph makes: a token no ordinary break can place is cut between
// grapheme clusters, with no hyphen, so no line runs past its measure and
// no line is stretched past the tolerance to make room for it; ordinary
// paragraphs break exactly as before; URLs also break in their queries.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "compose/last_resort.hpp"
#include "paragraph_fixture.hpp"
#include "text/line_breaks.hpp"

namespace cvpdf::compose {
namespace {

using Fixture = ParagraphFixture;

// A 200-character key fingerprint: lower-case hex, reproducible.
std::string fingerprint(std::size_t length = 200) {
  std::mt19937 random(11);
  std::string out;
  for (std::size_t i = 0; i < length; ++i) out += "0123456789abcdef"[random() % 16];
  return out;
}

// A broken paragraph's lines as their texts (each box's and space's text
// in order), with the line's adjustment ratio and how it ended.
struct LineView {
  std::string text;
  const typeset::Line* line;
};
std::vector<LineView> lines_of(const BrokenParagraph& b) {
  std::vector<LineView> out;
  for (const auto& line : b.result.lines) {
    std::string text;
    for (std::size_t k = line.begin; k < line.end && k < b.texts.size(); ++k) text += b.texts[k];
    out.push_back({text, &line});
  }
  return out;
}

std::string dump(const BrokenParagraph& b) {
  std::string out;
  for (const auto& v : lines_of(b)) {
    char head[96];
    std::snprintf(head, sizeof head, "  [%6.1fpt of %6.1fpt r=%5.2f b=%5d%s] ", to_pt(v.line->natural_width),
                  to_pt(v.line->width), v.line->adjustment_ratio, v.line->badness, v.line->overfull ? " overfull" : "");
    out += head + v.text + "\n";
  }
  return out;
}

// The adjustment ratio a line of badness `tolerance` has: 100 r³ = tolerance.
double ratio_at(int tolerance) { return std::cbrt(tolerance / 100.0); }

// The widest space a set paragraph has, in pt (between two words on one line).
double widest_space(const std::vector<SetLine>& lines) {
  double widest = 0;
  for (const auto& line : lines)
    for (const auto& e : line.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e))
        for (const auto& g : run->glyphs)
          if (g.text == " ") widest = std::max(widest, to_pt(g.advance));
  return widest;
}

std::size_t warnings_containing(const Diagnostics& diags, const std::string& what) {
  std::size_t n = 0;
  for (const auto& d : diags.all())
    if (d.message.find(what) != std::string::npos) ++n;
  return n;
}

// The lines' text joined back: with a space where a line ended at a space
// of the source, with nothing where it ended inside a word (a cut, a
// hyphen, a URL's slash). The added hyphen is no text of a box.
std::string rejoined(const BrokenParagraph& b) {
  std::string out;
  for (const auto& line : b.result.lines) {
    for (std::size_t k = line.begin; k < line.end && k < b.texts.size(); ++k) out += b.texts[k];
    // A space: the break is at one, or among the items discarded after it.
    bool space = false;
    for (std::size_t k = line.break_index; k < b.items.size() && b.items[k].type != typeset::ItemType::Box; ++k)
      space = space || b.texts[k] == " " || (k == line.break_index && b.items[k].type == typeset::ItemType::Glue);
    if (space) out += " ";
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// How many lines end at a last-resort cut.
std::size_t cut_lines(const BrokenParagraph& b) {
  std::size_t n = 0;
  for (const auto& line : b.result.lines) {
    const std::size_t at = line.break_index;
    if (at < b.items.size() && b.items[at].type == typeset::ItemType::Discretionary &&
        b.items[at].penalty == last_resort::kCutPenalty)
      ++n;
  }
  return n;
}

// Every line within its measure and within the tolerance: what the last
// resort promises.
void expect_fits(const BrokenParagraph& b, int tolerance, const std::string& what) {
  for (const auto& line : b.result.lines) {
    EXPECT_FALSE(line.overfull) << what << ": a line runs into the margin\n" << dump(b);
    EXPECT_LE(line.natural_width - line.shrink, line.width) << what << "\n" << dump(b);
    EXPECT_LE(line.glue_set, ratio_at(tolerance) + 1e-9) << what << ": a line's spaces are stretched past the tolerance\n"
                                                                 << dump(b);
  }
}

const std::string kKeyText = "Signed every release of the billing service with the team's key, whose fingerprint is ";
const std::string kKeyTail = " and which rotates yearly.";

TEST(LastResort, AFingerprintIsCutToTheMeasure) {
  Fixture f;
  Typesetter t = f.typesetter();
  const std::string token = fingerprint();
  RichText text;
  text.add(kKeyText + token + kKeyTail, regular(f.style), {}, {"cv.yaml", 12, 9});
  const ParagraphShape shape = t.body_shape(pt(300));
  auto b = t.break_lines(text, shape);
  expect_fits(b, shape.tolerance, "200 hex digits in 300pt");
  EXPECT_GE(cut_lines(b), 2u) << dump(b);
  // The pieces of the token, in order, are the token: no hyphen, nothing lost.
  EXPECT_EQ(rejoined(b), kKeyText + token + kKeyTail) << dump(b);
  // The token starts on the line of "fingerprint is", which is not left
  // with huge gaps: it is filled by the token's first piece.
  const auto views = lines_of(b);
  std::size_t first = 0;
  while (first < views.size() && views[first].text.find("fingerprint") == std::string::npos) ++first;
  ASSERT_LT(first, views.size());
  EXPECT_NE(views[first].text.find("is " + token.substr(0, 4)), std::string::npos) << dump(b);
}

TEST(LastResort, AFingerprintFitsEveryMeasure) {
  Fixture f;
  Typesetter t = f.typesetter();
  const std::string token = fingerprint();
  RichText text;
  text.add(kKeyText + token + kKeyTail, regular(f.style));
  for (double width = 120; width <= 480; width += 20) {
    for (theme::Alignment align : {theme::Alignment::Justify, theme::Alignment::Ragged}) {
      ParagraphShape shape = t.body_shape(pt(width));
      shape.align = align;
      auto b = t.break_lines(text, shape);
      const std::string what = std::to_string(width) + "pt " + (align == theme::Alignment::Ragged ? "ragged" : "justified");
      for (const auto& line : b.result.lines) EXPECT_FALSE(line.overfull) << what << "\n" << dump(b);
      EXPECT_EQ(rejoined(b), kKeyText + token + kKeyTail) << what;
      // The lines that hold the token, from the one it starts on, are within
      // the tolerance (the prose before it may be loose on its own in a
      // narrow measure: that is no work of the token's). Below 180pt the
      // prose's own loose lines send the breaker to its emergency pass,
      // whose extra stretch may then loosen a token's last line too.
      if (width < 180) continue;
      bool in_token = false;
      for (const auto& view : lines_of(b)) {
        in_token = in_token || view.text.find(token.substr(0, 3)) != std::string::npos;
        if (in_token && align == theme::Alignment::Justify) {
          EXPECT_LE(view.line->adjustment_ratio, ratio_at(shape.tolerance) + 1e-9) << what << "\n" << dump(b);
        }
      }
      EXPECT_TRUE(in_token);
    }
  }
}

TEST(LastResort, TheLineBeforeTheTokenKeepsItsSpaces) {
  // Measured on the set glyphs: no space is wider than a space stretched to
  // the tolerance's ratio (what the breaker may do to any ordinary line).
  Fixture f;
  Typesetter t = f.typesetter();
  RichText text;
  text.add(kKeyText + fingerprint() + kKeyTail, regular(f.style));
  const ParagraphShape shape = t.body_shape(pt(300));
  const auto b = t.break_lines(text, shape);
  double natural = 0, stretch = 0;
  for (std::size_t k = 0; k < b.items.size(); ++k)
    if (b.texts[k] == " " && b.items[k].type == typeset::ItemType::Glue) {
      natural = to_pt(b.items[k].width);
      stretch = to_pt(b.items[k].stretch);
    }
  ASSERT_GT(natural, 0);
  const double widest = widest_space(t.set(text, shape));
  std::printf("widest word space: %.2fpt (natural %.2fpt, at the tolerance %.2fpt)\n", widest, natural,
              natural + ratio_at(shape.tolerance) * stretch);
  RecordProperty("widest_space_pt", std::to_string(widest));
  EXPECT_LE(widest, natural + ratio_at(shape.tolerance) * stretch + 0.01);
}

TEST(LastResort, ACutNeverSplitsAGraphemeCluster) {
  // Decomposed accents, a flag and a family emoji in a token far wider than
  // the measure: every piece begins at a cluster's start.
  Fixture f;
  Typesetter t = f.typesetter();
  std::string token;
  for (int i = 0; i < 30; ++i) token += "e\u0301a\u0300o\u0308";
  token += "\U0001F1E8\U0001F1F3\U0001F468\u200D\U0001F469\u200D\U0001F467";
  for (int i = 0; i < 30; ++i) token += "u\u0302";
  RichText text;
  text.add("Accents " + token + " end.", regular(f.style));
  auto b = t.break_lines(text, t.body_shape(pt(120)));
  EXPECT_EQ(rejoined(b), "Accents " + token + " end.");
  EXPECT_GE(cut_lines(b), 1u);
  for (const auto& view : lines_of(b)) {
    ASSERT_FALSE(view.text.empty());
    const auto first = static_cast<unsigned char>(view.text[0]);
    EXPECT_FALSE(view.text.rfind("\u0301", 0) == 0 || view.text.rfind("\u0300", 0) == 0 ||
                 view.text.rfind("\u0308", 0) == 0 || view.text.rfind("\u0302", 0) == 0 ||
                 view.text.rfind("\u200D", 0) == 0 || view.text.rfind("\U0001F1F3", 0) == 0 ||
                 view.text.rfind("\U0001F469", 0) == 0 || view.text.rfind("\U0001F467", 0) == 0)
        << "a line starts inside a cluster: " << view.text;
    (void)first;
  }
}

TEST(LastResort, AQueryStringBreaksAfterItsDelimiters) {
  Fixture f;
  Typesetter t = f.typesetter();
  const std::string url =
      "https://downloads.example.com/releases/nightly/download?token=AbCdEfGh0123&expires=1767225600&"
      "signature=ZmFrZVNpZ25h#part_2~x";
  RichText text;
  text.add("Nightly builds are published at " + url + " for testers.", regular(f.style));
  for (double width : {150.0, 200.0, 250.0, 300.0}) {
    const ParagraphShape shape = t.body_shape(pt(width));
    auto b = t.break_lines(text, shape);
    // Up to 200pt "Nightly builds are published at" must be loose: no piece
    // of the URL is long enough to cut, and none fits after it.
    if (width > 200) expect_fits(b, shape.tolerance, "a query URL in " + std::to_string(width) + "pt");
    EXPECT_EQ(rejoined(b), "Nightly builds are published at " + url + " for testers.");
    EXPECT_EQ(cut_lines(b), 0u) << "the URL's own breaks suffice\n" << dump(b);
  }
  // Through the paragraph's segments: a break after each of ? & = # (not _ or ~).
  auto b = t.break_lines(text, t.body_shape(pt(300)));
  std::string boxes;
  for (std::size_t k = 0; k < b.items.size(); ++k)
    if (b.items[k].type == typeset::ItemType::Box) boxes += b.texts[k] + "|";
  for (const char* piece : {"download?|", "token=|", "AbCdEfGh0123&|", "expires=|", "1767225600&|", "signature=|",
                            "ZmFrZVNpZ25h#|"})
    EXPECT_NE(boxes.find(piece), std::string::npos) << piece << " in " << boxes;
}

TEST(LastResort, OrdinaryParagraphsBreakAsBefore) {
  // No cut item in paragraphs whose ordinary breaks are fine, in every
  // measure from a narrow column to the full one, justified and ragged.
  Fixture f;
  Typesetter t = f.typesetter();
  RichText text;
  text.add("Optimized PyTorch training paths on Ascend NPUs, including fine-grained CPU affinity, operator "
           "Lazy Init, parameter tuning, and cache utilization across many nodes, with internationalization "
           "of the tooling and https://github.com/example/repository links.",
           regular(f.style));
  for (double width = 120; width <= 480; width += 7) {
    for (theme::Alignment align : {theme::Alignment::Justify, theme::Alignment::Ragged}) {
      ParagraphShape shape = t.body_shape(pt(width));
      shape.align = align;
      auto b = t.break_lines(text, shape);
      for (const auto& item : b.items)
        ASSERT_FALSE(item.type == typeset::ItemType::Discretionary && item.penalty == last_resort::kCutPenalty)
            << "width " << width << ": a cut was offered in ordinary text\n"
            << dump(b);
    }
  }
}

TEST(LastResort, OneWarningPerParagraphAtTheText) {
  Fixture f;
  Typesetter t = f.typesetter();
  const std::string token = fingerprint();
  RichText text;
  text.add(kKeyText + token + kKeyTail, regular(f.style), {}, {"cv.yaml", 12, 9});
  const std::size_t before = f.diags.all().size();
  t.set(text, t.body_shape(pt(300)));
  ASSERT_EQ(f.diags.all().size(), before + 1);
  const Diagnostic& d = f.diags.all().back();
  EXPECT_EQ(d.severity, Severity::Warning);
  EXPECT_EQ(d.span.to_string(), "cv.yaml:12:9");
  EXPECT_NE(d.message.find("'" + token.substr(0, 16) + "…' was broken inside a word at '…"), std::string::npos)
      << d.message;
  EXPECT_NE(d.message.find("|"), std::string::npos);
  EXPECT_NE(d.message.find("to fit the line"), std::string::npos);
  EXPECT_EQ(warnings_containing(f.diags, "wider than its measure"), 0u) << "nothing still overflows";
}

TEST(LastResort, ChineseBeforeALongUrlIsNotLetterSpaced) {
  Fixture f("zh");
  f.style_language = "zh";
  Typesetter t = f.typesetter(false);
  const std::string url = "https://example.com/" + fingerprint(120);
  RichText text;
  text.add("每晚构建发布在 " + url + " 供测试人员使用。", regular(f.style));
  const ParagraphShape shape = t.body_shape(pt(300));
  auto b = t.break_lines(text, shape);
  expect_fits(b, shape.tolerance, "Chinese with a long URL");
  EXPECT_EQ(rejoined(b).find("每晚构建发布在 https://"), 0u) << "the URL starts on the first line\n" << dump(b);
}

TEST(LastResort, CutsHonourKinsoku) {
  EXPECT_FALSE(last_resort::may_cut(U'a', U'，'));
  EXPECT_FALSE(last_resort::may_cut(U'（', U'a'));
  EXPECT_FALSE(last_resort::may_cut(U'…', U'…'));
  EXPECT_TRUE(last_resort::may_cut(U'a', U'b'));
  const std::string text = "ab\u0301c";
  // Glyph clusters a, b+accent (one cluster), c: a cut before b and before c, never before the accent.
  const std::vector<std::size_t> clusters{0, 1, 1, 4};
  EXPECT_EQ(last_resort::cut_glyphs(text, 0, text.size(), clusters), (std::vector<std::size_t>{1, 3}));
}

TEST(LastResort, GraphemeBoundariesKeepClustersWhole) {
  // e + combining acute, a flag (two regional indicators), a ZWJ family, "\r\n", a Hangul syllable in jamo.
  const std::string text = "ae\u0301\U0001F1E8\U0001F1F3\U0001F468\u200D\U0001F469b\r\nc\u1100\u1161d";
  const auto b = text::grapheme_boundaries(text, 0, text.size());
  std::vector<std::string> clusters;
  std::size_t from = 0;
  for (std::size_t at : b) {
    clusters.push_back(text.substr(from, at - from));
    from = at;
  }
  clusters.push_back(text.substr(from));
  EXPECT_EQ(clusters, (std::vector<std::string>{"a", "e\u0301", "\U0001F1E8\U0001F1F3", "\U0001F468\u200D\U0001F469",
                                                "b", "\r\n", "c", "\u1100\u1161", "d"}));
  // A range: boundaries strictly inside it only.
  EXPECT_EQ(text::grapheme_boundaries(text, 1, 4), (std::vector<std::size_t>{}));
  EXPECT_TRUE(text::grapheme_boundaries(text, 3, 3).empty());
}

TEST(LastResort, LongRuns) {
  using typeset::Item;
  // box box | glue | box(penalty inf) box | penalty | box
  std::vector<Item> items = {Item::box(pt(10)), Item::box(pt(10)), Item::glue(pt(3), pt(1), pt(1)),
                             Item::box(pt(40)), Item::penalty_item(typeset::kInfinitePenalty), Item::box(pt(40)),
                             Item::penalty_item(50), Item::box(pt(5))};
  auto runs = last_resort::long_runs(items, pt(50));
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].begin, 3u);
  EXPECT_EQ(runs[0].end, 6u);
  EXPECT_EQ(last_resort::long_run_width(pt(450), 0, pt(10)), pt(150));
  EXPECT_EQ(last_resort::long_run_width(pt(200), 0, pt(10)), pt(100));
  EXPECT_EQ(last_resort::long_run_width(pt(450), pt(80), pt(10)), pt(80));
}

}  // namespace
}  // namespace cvpdf::compose
