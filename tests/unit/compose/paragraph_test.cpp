// Paragraph setting on real fonts: shaping into boxes and glue, Knuth–Plass
// lines, hyphenation, spaces and links in the set glyph runs.
#include <gtest/gtest.h>

#include "model/loader.hpp"
#include "paragraph_fixture.hpp"

namespace cvpdf::compose {
namespace {

using Fixture = ParagraphFixture;

// The text of a set line, glyph by glyph.
std::string line_text(const SetLine& line) {
  std::string out;
  for (const auto& e : line.elements)
    if (const auto* run = std::get_if<frame::GlyphRun>(&e))
      for (const auto& g : run->glyphs) out += g.text;
  return out;
}

TEST(Paragraph, JustifiedLinesFillTheMeasure) {
  Fixture f;
  Typesetter t = f.typesetter();
  RichText text;
  text.add("Optimized PyTorch training paths on Ascend NPUs, including fine-grained CPU affinity, operator "
           "Lazy Init, parameter tuning, and cache utilization across many nodes and many devices.",
           regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(200)));
  ASSERT_GE(lines.size(), 3u);
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    EXPECT_NEAR(to_pt(lines[i].width), 200.0, 0.05) << "line " << i << " is not justified";
  }
  EXPECT_LT(lines.back().width, pt(200)) << "the last line is set at its natural width";
}

TEST(Paragraph, SpacesAreRealGlyphsForTextExtraction) {
  Fixture f;
  Typesetter t = f.typesetter();
  RichText text;
  text.add("Hello typeset world", regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(300)));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(line_text(lines[0]), "Hello typeset world");
}

TEST(Paragraph, LigaturesCarryTheirClusterText) {
  Fixture f;
  Typesetter t = f.typesetter();
  RichText text;
  text.add("efficient office", regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(300)));
  ASSERT_EQ(lines.size(), 1u);
  std::size_t glyphs = 0;
  for (const auto& e : lines[0].elements)
    if (const auto* run = std::get_if<frame::GlyphRun>(&e)) glyphs += run->glyphs.size();
  EXPECT_LT(glyphs, std::string("efficient office").size()) << "Lato's ffi/fi ligatures were not used";
  EXPECT_EQ(line_text(lines[0]), "efficient office");
}

TEST(Paragraph, NarrowMeasureHyphenatesWithASoftHyphen) {
  Fixture f;
  Typesetter t = f.typesetter();
  RichText text;
  text.add("Optimization of performance characteristics, communication, synchronization and "
           "computation throughout heterogeneous infrastructure.",
           regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(120)));
  bool hyphenated = false;
  for (const auto& line : lines) {
    std::string s = line_text(line);
    if (s.size() >= 2 && s.compare(s.size() - 2, 2, "\xC2\xAD") == 0) hyphenated = true;
  }
  EXPECT_TRUE(hyphenated);
  // Without a hyphenator the same paragraph has no soft hyphens.
  Typesetter plain = f.typesetter(false);
  for (const auto& line : plain.set(text, plain.body_shape(pt(120))))
    EXPECT_EQ(line_text(line).find("\xC2\xAD"), std::string::npos);
}

TEST(Paragraph, HyphenationMinimaComeFromTheLayout) {
  Fixture f;
  RichText text;
  text.add("Optimization of performance characteristics, communication, synchronization and "
           "computation throughout heterogeneous infrastructure.",
           regular(f.style));
  auto soft_hyphens = [&](Typesetter t) {
    int n = 0;
    for (const auto& line : t.set(text, t.body_shape(pt(120)))) n += line_text(line).find("\xC2\xAD") != std::string::npos;
    return n;
  };
  EXPECT_GT(soft_hyphens(f.typesetter()), 0);
  f.style.hyphen_min_word = 40;  // longer than any word here
  EXPECT_EQ(soft_hyphens(f.typesetter()), 0);
  f.style.hyphen_min_word = 6;
  f.style.hyphen_min_before = 6;
  f.style.hyphen_min_after = 6;
  Typesetter strict = f.typesetter();
  for (const auto& line : strict.set(text, strict.body_shape(pt(120)))) {
    std::string s = line_text(line);
    std::size_t soft = s.find("\xC2\xAD");
    if (soft == std::string::npos) continue;
    std::size_t word = s.rfind(' ', soft);
    EXPECT_GE(soft - (word == std::string::npos ? 0 : word + 1), 6u) << s;
  }
}

TEST(Paragraph, AddressesVersionsAndNamesAreNeverHyphenated) {
  Fixture f;
  Typesetter t = f.typesetter();
  RichText text;
  text.add("https://shaojiemike.top/averylongpathcomponent someone.example@university.edu "
           "Qwen3.5-35B CUDA-aware PyTorch NVIDIA torch_npu",
           regular(f.style));
  for (const auto& line : t.set(text, t.body_shape(pt(60))))
    EXPECT_EQ(line_text(line).find("\xC2\xAD"), std::string::npos) << line_text(line);
}

TEST(Paragraph, LinksBecomeAreasOverTheirText) {
  Fixture f;
  Typesetter t = f.typesetter();
  RichText text;
  text.add("Write to ", regular(f.style));
  text.add("ada@example.com", regular(f.style), "mailto:ada@example.com");
  text.add(" today.", regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(300)));
  ASSERT_EQ(lines.size(), 1u);
  int areas = 0;
  for (const auto& e : lines[0].elements)
    if (const auto* link = std::get_if<frame::LinkArea>(&e)) {
      ++areas;
      EXPECT_EQ(link->uri, "mailto:ada@example.com");
      EXPECT_GT(link->x, 0);
      EXPECT_GT(link->width, pt(40));
    }
  EXPECT_EQ(areas, 1);
}

TEST(Paragraph, ChineseBreaksBetweenHanAndUsesTheCjkFace) {
  Fixture f("zh");
  f.style_language = "zh";
  Typesetter t = f.typesetter();
  RichText text;
  text.add("在昇腾 NPU 上优化 PyTorch / torch_npu 训练链路，涵盖细粒度 CPU 亲和性绑定、算子 Lazy Init、参数调优及 L2 Cache 利用率提升。",
           regular(f.style));
  auto lines = t.set(text, t.body_shape(pt(150)));
  ASSERT_GE(lines.size(), 3u);
  std::string all;
  for (const auto& line : lines) {
    std::string s = line_text(line);
    EXPECT_NE(s.rfind("，", 0), 0u) << "a line starts with a comma: " << s;
    EXPECT_NE(s.rfind("、", 0), 0u) << "a line starts with an enumeration comma: " << s;
    all += s;
  }
  EXPECT_NE(all.find("训练链路"), std::string::npos);
  bool cjk_face = false;
  for (const auto& e : lines[0].elements)
    if (const auto* run = std::get_if<frame::GlyphRun>(&e))
      if (f.book.face(run->face).family.find("CJK") != std::string::npos) cjk_face = true;
  EXPECT_TRUE(cjk_face);
}

// A ragged line's filler (+3em·r before each break, −3em·r in the space
// after it) nets to nothing between words; the space glyph must carry that
// net, drawn where its word ends, or text tools see the spaces misplaced
// (a random résumé's metric label read as a stretched line).
TEST(Paragraph, RaggedSpacesAreDrawnWhereTheirWordEnds) {
  Fixture f;
  Typesetter t = f.typesetter();
  RichText text;
  text.add("Ascend training systems engineer focused on large model training and inference optimisation",
           regular(f.style));
  ParagraphShape shape = t.body_shape(pt(150));
  shape.align = theme::Alignment::Ragged;
  auto lines = t.set(text, shape);
  ASSERT_GE(lines.size(), 3u);
  RichText spaced, joined;
  spaced.add("o o", regular(f.style));
  joined.add("oo", regular(f.style));
  const Scaled natural_space = t.measure(spaced) - t.measure(joined);
  ASSERT_GT(natural_space, 0);
  int spaces = 0;
  for (const auto& line : lines) {
    std::vector<const frame::Glyph*> glyphs;
    for (const auto& e : line.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e))
        for (const auto& g : run->glyphs) glyphs.push_back(&g);
    for (std::size_t i = 1; i < glyphs.size(); ++i) {
      if (glyphs[i]->text != " ") continue;
      ++spaces;
      EXPECT_EQ(glyphs[i]->advance, natural_space) << "a space of a ragged line is set off its natural width";
      EXPECT_LT(glyphs[i - 1]->advance, natural_space * 4) << "'" << glyphs[i - 1]->text << "' carries the filler";
    }
  }
  EXPECT_GE(spaces, 5);
}

}  // namespace
}  // namespace cvpdf::compose
