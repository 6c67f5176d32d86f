// The extraction spans the set stage marks (frame::Glyph::reads_as): a word
// divided at a line end reads whole on its first line and as nothing on the
// next; a Han–Latin join with no space in the source reads without one.
// Checked on the frame, by reading the lines as an extractor that honours
// /ActualText does (poppler's pdftotext), with a line end as a space.
#include <gtest/gtest.h>

#include <sstream>

#include "paragraph_fixture.hpp"

namespace cvpdf::compose {
namespace {

using Fixture = ParagraphFixture;

// The lines' text as the PDF gives it to an extractor: a span's glyphs as
// its reads_as, every other glyph as its own text; lines joined by a space.
std::string extracted(const std::vector<SetLine>& lines) {
  std::string out;
  for (const auto& line : lines) {
    // A line end reads as white space, as pdftotext gives it; the space a
    // line starts with (its break's, drawn with no width) is that space.
    if (!out.empty()) out += ' ';
    const std::size_t line_start = out.size();
    bool in_span = false;
    for (const auto& e : line.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e))
        for (const auto& g : run->glyphs) {
          EXPECT_FALSE(in_span && g.reads_as) << "two spans nest";
          if (g.reads_as) {
            out += *g.reads_as;
            in_span = true;
          } else if (!in_span) {
            out += g.text;
          }
          if (g.reads_as_end) in_span = false;
        }
    EXPECT_FALSE(in_span) << "a span runs past its line's end";
    while (out.size() > line_start && out[line_start] == ' ') out.erase(line_start, 1);
    while (!out.empty() && out.back() == ' ') out.pop_back();
  }
  return out;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

int spans(const std::vector<SetLine>& lines) {
  int n = 0;
  for (const auto& line : lines)
    for (const auto& e : line.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e))
        for (const auto& g : run->glyphs) n += g.reads_as.has_value();
  return n;
}

bool ends_with(const std::string& s, const std::string& end) {
  return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

std::string own_text(const SetLine& line) {
  std::string out;
  for (const auto& e : line.elements)
    if (const auto* run = std::get_if<frame::GlyphRun>(&e))
      for (const auto& g : run->glyphs) out += g.text;
  return out;
}

TEST(TextLayer, HyphenatedWordsReadWhole) {
  Fixture f;
  Typesetter t = f.typesetter();
  const std::string source =
      "Optimization of performance characteristics, communication, synchronization and "
      "computation throughout heterogeneous infrastructure.";
  RichText text;
  text.add(source, regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(90)));
  int hyphenated = 0;
  for (const auto& line : lines) hyphenated += ends_with(own_text(line), "\u00AD");
  ASSERT_GE(hyphenated, 2) << "the measure no longer hyphenates: the test tests nothing";
  EXPECT_EQ(words(extracted(lines)), words(source));
  EXPECT_EQ(extracted(lines).find("\u00AD"), std::string::npos);
}

TEST(TextLayer, AWordHyphenatedTwiceReadsOnceWhole) {
  Fixture f;
  Typesetter t = f.typesetter();
  const std::string source = "incomprehensibilities";
  RichText text;
  text.add(source, regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(30)));
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(extracted(lines), source);
  // The first piece holds the word, the others read as nothing.
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto& run = std::get<frame::GlyphRun>(lines[i].elements.front());
    ASSERT_TRUE(run.glyphs.front().reads_as.has_value());
    EXPECT_EQ(*run.glyphs.front().reads_as, "");
  }
}

TEST(TextLayer, AWordCutAsALastResortReadsWhole) {
  Fixture f;
  Typesetter t = f.typesetter(false);  // no hyphens: only the last resort can divide it
  const std::string source = "see Supercalifragilisticexpialidocious";
  RichText text;
  text.add(source, regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(60)));
  ASSERT_GE(lines.size(), 3u);
  for (const auto& line : lines) EXPECT_FALSE(ends_with(own_text(line), "\u00AD"));
  EXPECT_EQ(extracted(lines), source);
}

TEST(TextLayer, AnExplicitHyphenAtALineEndKeepsTheWordWhole) {
  Fixture f;
  Typesetter t = f.typesetter(false);
  const std::string source = "A large-model run";
  RichText text;
  text.add(source, regular(f.style));
  RichText head;
  head.add("A large-", regular(f.style));
  ParagraphShape shape = t.body_shape(t.measure(head) + pt(2));
  shape.align = theme::Alignment::Ragged;
  auto lines = t.set(text, shape);
  ASSERT_GE(lines.size(), 2u);
  ASSERT_TRUE(ends_with(own_text(lines[0]), "large-")) << own_text(lines[0]);
  EXPECT_EQ(extracted(lines), source);
  const auto& first = std::get<frame::GlyphRun>(lines[1].elements.front()).glyphs.front();
  ASSERT_TRUE(first.reads_as.has_value());
  EXPECT_EQ(*first.reads_as, "");
}

TEST(TextLayer, ASpanNeverCrossesALinkBoundary) {
  Fixture f;
  Typesetter t = f.typesetter(false);
  RichText text;
  text.add("A large-", regular(f.style));
  text.add("model", regular(f.style), "https://example.com");
  text.add(" run", regular(f.style));
  RichText head;
  head.add("A large-", regular(f.style));
  ParagraphShape shape = t.body_shape(t.measure(head) + pt(2));
  shape.align = theme::Alignment::Ragged;
  auto lines = t.set(text, shape);
  ASSERT_GE(lines.size(), 2u);
  ASSERT_TRUE(ends_with(own_text(lines[0]), "large-")) << own_text(lines[0]) << "|" << own_text(lines[1]);
  EXPECT_EQ(spans(lines), 0);
}

TEST(TextLayer, HanLatinJoinsWithoutASpaceReadWithout) {
  Fixture f("ja");
  f.style_language = "ja";
  Typesetter t = f.typesetter(false);
  // Between segments (サンプル|AI, a break is allowed there) and inside one
  // (C++の: no break, the ¼ em is in the glyph's advance).
  const std::string source = "株式会社サンプルAIでC++の開発";
  RichText text;
  text.add(source, regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(400)));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_GE(spans(lines), 2);
  EXPECT_EQ(extracted(lines), source);
  // Where the source has a space, the space glyph is left to say so.
  const std::string spaced = "株式会社サンプル AI で開発";
  RichText text2;
  text2.add(spaced, regular(f.style));
  auto lines2 = t.set(text2, t.body_shape(pt(400)));
  EXPECT_EQ(spans(lines2), 0);
  EXPECT_EQ(extracted(lines2), spaced);
}

TEST(TextLayer, ASizeChangeInsideAWordReadsWithoutASpace) {
  // Synthesised small capitals (compose/headings.cpp): poppler starts a new
  // word where the size drops and writes "E DUCATION".
  Fixture f;
  Typesetter t = f.typesetter(false);
  SpanStyle small = regular(f.style);
  small.size = f.style.text_size * 4 / 5;
  RichText text;
  text.add("E", regular(f.style));
  text.add("DUCATION", small);
  text.add(" ", regular(f.style));
  text.add("A", regular(f.style));
  text.add("ND", small);
  auto lines = t.set(text, t.body_shape(pt(300)));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(spans(lines), 2);
  EXPECT_EQ(extracted(lines), "EDUCATION AND");
}

}  // namespace
}  // namespace cvpdf::compose
