// The paragraphs the memo keeps before sizes (TextMemo::keep_unsized,
// compose/paragraph_sizes.cpp): a paragraph set from the memo, at any size
// and again, is set exactly as one prepared afresh, glyph for glyph, with
// the same warnings.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "paragraph_fixture.hpp"

namespace cvpdf::compose {
namespace {

using Fixture = ParagraphFixture;

// Every element of the lines, every glyph with its position and texts.
std::string dump(const std::vector<SetLine>& lines) {
  std::string out;
  for (const auto& line : lines) {
    out += fmt::format("line {} {} {}\n", line.height, line.depth, line.width);
    for (const auto& e : line.elements) {
      if (const auto* run = std::get_if<frame::GlyphRun>(&e)) {
        out += fmt::format(" run {} {} {} {} {}:", run->face, run->size, run->x, run->y, run->link);
        for (const auto& g : run->glyphs)
          out += fmt::format(" {}/{}/{}/{}'{}'{}{}", g.id, g.advance, g.x_offset, g.y_offset, g.text,
                             g.reads_as ? "=" + *g.reads_as : "", g.reads_as_end ? "|" : "");
        out += '\n';
      } else if (const auto* link = std::get_if<frame::LinkArea>(&e)) {
        out += fmt::format(" link {} {} {} {} {}\n", link->x, link->y, link->width, link->link, link->uri);
      } else {
        out += " other\n";
      }
    }
  }
  return out;
}

// Paragraphs that exercise what prepare keeps: several faces and sizes,
// letter spacing, stand-in text, links, hyphens, CJK punctuation and glue,
// a character no font has.
std::vector<RichText> paragraphs(const theme::Style& style, Scaled size) {
  const SpanStyle regular{FontVariant::Regular, size, style.text_color, 0};
  const SpanStyle bold{FontVariant::Bold, size + size / 5, style.text_color, 0};
  const SpanStyle spaced{FontVariant::Regular, size - size / 5, style.text_color, size / 20};
  std::vector<RichText> out;
  RichText plain;
  plain.add("Optimised distributed training of transformer architectures on heterogeneous accelerators, "
            "with office hours spent reviewing infrastructure.",
            regular);
  out.push_back(plain);
  RichText mixed;
  mixed.add("Led the ", regular).add("performance engineering", bold).add(" team; see ", regular);
  mixed.add("github.com/example/very-long-repository-name", regular, "https://github.com/example");
  mixed.add(" SMALL CAPITALS", spaced).add(" and a missing \U0010FFFD character.", regular);
  out.push_back(mixed);
  RichText icon;
  icon.add("\u2709", regular);
  icon.spans.back().stands_for = "Email:";
  icon.add("\u00A0ada@example.com", regular, "mailto:ada@example.com");
  out.push_back(icon);
  RichText cjk;
  cjk.add("在昇腾 NPU 上优化 PyTorch / torch_npu 训练链路，涵盖细粒度 CPU 亲和性绑定、算子 Lazy Init（参数调优）。", regular);
  cjk.add("加粗「引号」", bold);
  out.push_back(cjk);
  return out;
}

void expect_same_settings(const std::string& language) {
  Fixture fresh_fixture(language), memo_fixture(language);
  fresh_fixture.style_language = memo_fixture.style_language = language;
  TextMemo memo;
  memo.keep_unsized = true;
  const std::string tag = model::pdf_language_tag(language);
  const text::Hyphenator* hyphenator = memo_fixture.hyphenator.get();
  for (int pass = 0; pass < 2; ++pass) {
    for (Scaled size : {memo_fixture.style.text_size, memo_fixture.style.text_size * 4 / 5}) {
      // A Typesetter per layout, sharing the memo, as fit_to_pages's layouts
      // do; the fresh one keeps nothing between its paragraphs.
      Typesetter fresh = fresh_fixture.typesetter();
      Typesetter kept(memo_fixture.book, memo_fixture.fonts, memo_fixture.style, tag, hyphenator, memo_fixture.diags,
                      &memo);
      const auto texts = paragraphs(memo_fixture.style, size);
      for (std::size_t i = 0; i < texts.size(); ++i) {
        SCOPED_TRACE(fmt::format("{} paragraph {} at {} pass {}", language, i, size, pass));
        for (Scaled width : {pt(90), pt(300)}) {
          const ParagraphShape shape = fresh.body_shape(width);
          EXPECT_EQ(dump(kept.set(texts[i], shape)), dump(fresh.set(texts[i], shape)));
          ParagraphShape ragged = shape;
          ragged.align = theme::Alignment::Ragged;
          EXPECT_EQ(dump(kept.set(texts[i], ragged)), dump(fresh.set(texts[i], ragged)));
        }
        EXPECT_EQ(kept.measure(texts[i]), fresh.measure(texts[i]));
      }
    }
  }
  EXPECT_GT(memo.unsized.size(), 0u);
  EXPECT_FALSE(memo_fixture.diags.all().empty());  // the character no font has
  ASSERT_EQ(memo_fixture.diags.all().size(), fresh_fixture.diags.all().size());
  for (std::size_t i = 0; i < memo_fixture.diags.all().size(); ++i)
    EXPECT_EQ(memo_fixture.diags.all()[i].message, fresh_fixture.diags.all()[i].message);
}

TEST(UnsizedMemo, SetsAsPreparedAfreshInEnglish) { expect_same_settings("en"); }
TEST(UnsizedMemo, SetsAsPreparedAfreshInChinese) { expect_same_settings("zh"); }

}  // namespace
}  // namespace cvpdf::compose
