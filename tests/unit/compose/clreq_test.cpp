// CLREQ line composition on real fonts (bundled Lato, Noto Sans CJK through
// fontconfig): one test per rule, on the Knuth–Plass items a paragraph
// becomes or on the lines chosen from them, and a golden dump of a mixed
// Chinese–English paragraph (tests/golden/clreq_mixed.txt).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>

#include "classic_layout.hpp"
#include "compose/clreq.hpp"
#include "compose/fonts.hpp"
#include "compose/paragraph.hpp"
#include "core/utf8.hpp"
#include "model/loader.hpp"

namespace cvpdf::compose {
namespace {

// The classic layout's fonts for one language, and a Typesetter as the
// composer makes it (no dictionary for CJK: Latin words use English's).
struct CjkText {
  Diagnostics diags;
  model::StyleMap keys;
  theme::Style style;
  text::FontBook book;
  FontSet fonts;
  std::unique_ptr<Typesetter> typesetter;

  explicit CjkText(const std::string& language = "zh") {
    keys = classic_layout_keys(diags);
    style = theme::resolve_style({}, keys, language, diags);
    fonts = resolve_fonts(style, model::pdf_language_tag(language), book, diags);
    typesetter = std::make_unique<Typesetter>(book, fonts, style, model::pdf_language_tag(language), nullptr, diags);
  }
  Scaled em() const { return style.text_size; }
  RichText text(const std::string& s) const {
    RichText r;
    r.add(s, {FontVariant::Regular, style.text_size, style.text_color, 0});
    return r;
  }
  ParagraphShape shape(double width_pt, theme::Alignment align = theme::Alignment::Justify) const {
    ParagraphShape shape = typesetter->body_shape(pt(width_pt));
    shape.align = align;
    return shape;
  }
  std::vector<SetLine> set(const std::string& s, double width_pt, theme::Alignment align = theme::Alignment::Justify) {
    return typesetter->set(text(s), shape(width_pt, align));
  }
};

std::vector<const frame::Glyph*> glyphs_of(const SetLine& line) {
  std::vector<const frame::Glyph*> out;
  for (const auto& e : line.elements)
    if (const auto* run = std::get_if<frame::GlyphRun>(&e))
      for (const auto& g : run->glyphs) out.push_back(&g);
  return out;
}

std::string text_of(const SetLine& line) {
  std::string out;
  for (const auto* g : glyphs_of(line)) out += g->text;
  return out;
}

std::vector<char32_t> chars(const std::string& s) {
  std::vector<char32_t> out;
  for (std::size_t pos = 0; pos < s.size();) out.push_back(utf8::decode(s, pos));
  return out;
}

// The line's characters without a soft hyphen added at its end.
std::vector<char32_t> visible(const SetLine& line) {
  auto cs = chars(text_of(line));
  if (!cs.empty() && cs.back() == 0xAD) cs.pop_back();
  return cs;
}

int ideographs(const std::vector<char32_t>& cs) {
  int n = 0;
  for (char32_t c : cs) n += clreq::is_ideograph(c) ? 1 : 0;
  return n;
}

// Sets `text` at every width from `from` to `to` pt and calls check(lines, width).
template <typename Check>
void sweep(CjkText& s, const std::string& text, double from, double to, double step, Check check,
           theme::Alignment align = theme::Alignment::Justify) {
  for (double w = from; w <= to; w += step) check(s.set(text, w, align), w);
}

const std::string kPunctuated =
    "我们在昇腾平台上完成了训练，推理、量化；评测：结果很好！真的吗？（括号里的内容）以及「引用的内容」和“双引号里的话”，"
    "还有《书名号》等等。他说：「好。」然后（注）、再见。";

// --- Rule 1: kinsoku ---------------------------------------------------------

TEST(ClreqKinsoku, NoLineStartsWithClosingOrPausePunctuation) {
  CjkText s;
  sweep(s, kPunctuated, 40, 260, 2.5, [](const std::vector<SetLine>& lines, double w) {
    for (std::size_t i = 1; i < lines.size(); ++i) {
      auto cs = visible(lines[i]);
      ASSERT_FALSE(cs.empty());
      EXPECT_FALSE(clreq::no_line_start(cs.front()))
          << "width " << w << ": line " << i + 1 << " starts with a closing mark: " << text_of(lines[i]);
    }
  });
}

TEST(ClreqKinsoku, ABreakBeforeACommaMovesACharacterDown) {
  // Ten characters fill the line exactly; the comma after them may not
  // begin the next line, so a character goes down with it.
  CjkText s;
  const double em = to_pt(s.em());
  auto lines = s.set("一二三四五六七八九十，一二三四五六七八九十一二三四五。", 10 * em, theme::Alignment::Ragged);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_NE(visible(lines[1]).front(), U'，') << text_of(lines[1]);
  // At the item level: no break between a character and a comma.
  EXPECT_FALSE(clreq::join({U'十', s.em()}, {U'，', s.em()}, text::BreakAfter::Allowed, 0, s.em(), true).breakable);
  EXPECT_FALSE(clreq::join({U'十', s.em()}, {U'」', s.em()}, text::BreakAfter::Space, pt(2), s.em(), true).breakable);
}

TEST(ClreqKinsoku, NoLineEndsWithAnOpeningBracketOrQuote) {
  CjkText s;
  sweep(s, kPunctuated, 40, 260, 2.5, [](const std::vector<SetLine>& lines, double w) {
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      auto cs = visible(lines[i]);
      ASSERT_FALSE(cs.empty());
      EXPECT_FALSE(clreq::no_line_end(cs.back()))
          << "width " << w << ": line " << i + 1 << " ends with an opening mark: " << text_of(lines[i]);
    }
  });
  EXPECT_FALSE(clreq::join({U'（', s.em()}, {U'注', s.em()}, text::BreakAfter::Allowed, 0, s.em(), true).breakable);
  EXPECT_FALSE(clreq::join({U'“', s.em()}, {U'双', s.em()}, text::BreakAfter::Allowed, 0, s.em(), true).breakable);
}

TEST(ClreqKinsoku, DashesAndEllipsesAreNeverSplit) {
  CjkText s;
  const std::string text = "他说——这是一个很长很长的故事……然后我们继续讲——直到最后的最后……全文结束。";
  sweep(s, text, 30, 200, 1.5, [](const std::vector<SetLine>& lines, double w) {
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      auto end = visible(lines[i]);
      auto start = visible(lines[i + 1]);
      EXPECT_FALSE(clreq::inseparable(end.back(), start.front()))
          << "width " << w << ": split between \"" << text_of(lines[i]) << "\" and \"" << text_of(lines[i + 1]) << "\"";
    }
  });
  EXPECT_FALSE(clreq::join({U'—', s.em()}, {U'—', s.em()}, text::BreakAfter::Allowed, 0, s.em(), true).breakable);
  EXPECT_FALSE(clreq::join({U'…', s.em()}, {U'…', s.em()}, text::BreakAfter::Allowed, 0, s.em(), true).breakable);
}

TEST(ClreqKinsoku, JapaneseSmallKanaAndLongVowelMarkNeverStartALine) {
  CjkText s("ja");
  const std::string text = "ジャーナルっぽいキャッシュのチューニングをしました。ショートカットもフォーマットもチェックしよう。";
  sweep(s, text, 30, 220, 1.5, [](const std::vector<SetLine>& lines, double w) {
    for (std::size_t i = 1; i < lines.size(); ++i)
      EXPECT_FALSE(clreq::no_line_start(visible(lines[i]).front()))
          << "width " << w << ": line " << i + 1 << " is " << text_of(lines[i]);
  });
}

TEST(ClreqKinsoku, KoreanBreaksOnlyBetweenWords) {
  CjkText s("ko");
  const std::string text = "대규모 트래픽을 처리하는 분산 시스템과 데이터 플랫폼을 설계하고 운영해 온 백엔드 엔지니어입니다.";
  auto rejoined = [](const std::vector<SetLine>& lines, const char* between) {
    std::string joined;
    for (const auto& line : lines) {
      std::string t = text_of(line);
      while (!t.empty() && t.back() == ' ') t.pop_back();
      joined += (joined.empty() ? "" : between) + t;
    }
    return joined;
  };
  // The widest word: below its width it is cut as a last resort
  // (compose/last_resort.hpp), rather than run into the margin.
  const double widest = to_pt(s.typesetter->measure(s.text("엔지니어입니다.")));
  sweep(s, text, std::ceil(widest), 300, 3, [&](const std::vector<SetLine>& lines, double w) {
    // Every line ends at a space of the source, which starts the next line
    // (a space glyph of no width, for the text in structure order):
    // rejoined as they are, the lines give the text back.
    EXPECT_EQ(rejoined(lines, ""), text) << "width " << w;
  });
  // Narrower, it starts on a line and ends on the next, cut between two
  // syllables with no hyphen; every other line still ends at a space.
  auto narrow = s.set(text, widest - 6);
  const std::string word = "엔지니어입니다.";
  std::size_t cut = narrow.size();
  for (std::size_t i = 0; i + 1 < narrow.size(); ++i)
    if ((text_of(narrow[i]) + text_of(narrow[i + 1])).find(word) != std::string::npos &&
        text_of(narrow[i + 1]).find(word) == std::string::npos)
      cut = i;
  ASSERT_LT(cut + 1, narrow.size());
  std::vector<SetLine> before(narrow.begin(), narrow.begin() + static_cast<std::ptrdiff_t>(cut) + 1);
  std::vector<SetLine> after(narrow.begin() + static_cast<std::ptrdiff_t>(cut) + 1, narrow.end());
  EXPECT_EQ(rejoined(before, "") + rejoined(after, ""), text);
  EXPECT_FALSE(clreq::join({U'트', s.em()}, {U'래', s.em()}, text::BreakAfter::Allowed, 0, s.em(), true).breakable);
}

// --- Rule 2: punctuation widths ------------------------------------------------

TEST(ClreqPunctuation, FontBlanksComeFromHalt) {
  CjkText zh;
  clreq::Punctuation marks(zh.book, "zh-Hans");
  const text::FaceId cjk = zh.fonts.regular.faces.back();
  const text::Face& face = zh.book.face(cjk);
  const Scaled size = pt(10);
  auto blank = [&](char32_t cp) { return marks.blank(cjk, face.glyph_for(cp), cp, size); };
  // In Simplified Chinese 、，。 sit in the left half of their em.
  EXPECT_EQ(blank(U'，').right, size / 2);
  EXPECT_EQ(blank(U'，').left, 0);
  EXPECT_EQ(blank(U'。').right, size / 2);
  EXPECT_EQ(blank(U'）').right, size / 2);
  EXPECT_EQ(blank(U'（').left, size / 2);
  EXPECT_EQ(blank(U'（').right, 0);
  EXPECT_FALSE(blank(U'中').any());
  EXPECT_FALSE(blank(U'—').any());
  // Lato sets none of them full width.
  const text::FaceId lato = zh.fonts.regular.faces.front();
  EXPECT_FALSE(marks.blank(lato, zh.book.face(lato).glyph_for(U','), U',', size).any());
}

// may_blank, asked once per text (the paragraphs the memo keeps before
// sizes), says no only where blank() gives nothing at any size.
TEST(ClreqPunctuation, MayBlankWhereverABlankIsGiven) {
  CjkText zh;
  clreq::Punctuation marks(zh.book, "zh-Hans");
  for (text::FaceId face_id : {zh.fonts.regular.faces.front(), zh.fonts.regular.faces.back()}) {
    const text::Face& face = zh.book.face(face_id);
    for (char32_t cp : {U'，', U'。', U'、', U'（', U'）', U'「', U'“', U'”', U'·', U'中', U'—', U',', U'a'}) {
      const std::uint32_t glyph = face.glyph_for(cp);
      bool any = false;
      for (Scaled size : {pt(6), pt(9.5), pt(10), pt(24)}) any = any || marks.blank(face_id, glyph, cp, size).any();
      EXPECT_EQ(marks.may_blank(face_id, glyph, cp), any) << "U+" << std::hex << static_cast<std::uint32_t>(cp);
    }
  }
  // Another glyph than the font's own for the mark is never compressed.
  const text::FaceId cjk = zh.fonts.regular.faces.back();
  EXPECT_FALSE(marks.may_blank(cjk, zh.book.face(cjk).glyph_for(U'中'), U'，'));
}

TEST(ClreqPunctuation, ALineEndMarkTakesHalfAnEm) {
  CjkText s;
  const Scaled em = s.em();
  int line_end_marks = 0, inner_marks = 0;
  sweep(s, kPunctuated, 60, 240, 4, [&](const std::vector<SetLine>& lines, double) {
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      auto glyphs = glyphs_of(lines[i]);
      for (std::size_t k = 0; k < glyphs.size(); ++k) {
        const std::string& t = glyphs[k]->text;
        if (t != "，" && t != "。" && t != "、" && t != "；") continue;
        if (k + 1 == glyphs.size()) {
          ++line_end_marks;
          EXPECT_NEAR(glyphs[k]->advance, em / 2, 2) << text_of(lines[i]);
        } else if (glyphs[k + 1]->text != "」" && glyphs[k + 1]->text != "（") {
          // Mid-line: the blank is given back (shrunk by at most half of it).
          ++inner_marks;
          EXPECT_GE(glyphs[k]->advance, em * 3 / 4 - 2) << text_of(lines[i]);
        }
      }
    }
  });
  EXPECT_GT(line_end_marks, 0);
  EXPECT_GT(inner_marks, 0);
}

TEST(ClreqPunctuation, AnOpeningBracketBeginsALineAtItsInk) {
  CjkText s;
  int seen = 0;
  sweep(s, kPunctuated, 60, 240, 2, [&](const std::vector<SetLine>& lines, double) {
    for (std::size_t i = 1; i < lines.size(); ++i) {
      auto glyphs = glyphs_of(lines[i]);
      if (glyphs.front()->text != "（" && glyphs.front()->text != "「") continue;
      ++seen;
      EXPECT_EQ(glyphs.front()->x_offset, -s.em() / 2);
      EXPECT_EQ(glyphs.front()->advance, s.em() / 2);
    }
  });
  EXPECT_GT(seen, 0);
}

TEST(ClreqPunctuation, AdjacentMarksTakeLessThanTwoEms) {
  CjkText s;
  const Scaled em = s.em();
  auto lines = s.set("他说：「好。」然后（注）、再见，（完）", 400, theme::Alignment::Ragged);
  ASSERT_EQ(lines.size(), 1u);
  auto glyphs = glyphs_of(lines[0]);
  auto pair = [&](const std::string& a, const std::string& b) -> Scaled {
    for (std::size_t k = 0; k + 1 < glyphs.size(); ++k)
      if (glyphs[k]->text == a && glyphs[k + 1]->text == b) return glyphs[k]->advance + glyphs[k + 1]->advance;
    ADD_FAILURE() << "no " << a << b;
    return 0;
  };
  // A closing mark's blank meets the next mark: it goes (1½ em for the two).
  EXPECT_EQ(pair("。", "」"), em * 3 / 2);
  EXPECT_EQ(pair("）", "、"), em * 3 / 2);
  // A closing mark then an opening one: one blank stays (1½ em).
  EXPECT_EQ(pair("，", "（"), em * 3 / 2);
  // An opening mark's blank before another opening mark goes too.
  EXPECT_EQ(pair("：", "「"), em * 3 / 2);
  clreq::Squeeze sq = clreq::squeeze({0, em / 2}, {em / 2, 0});
  EXPECT_EQ(sq.from_first + sq.from_second, em / 2);
  sq = clreq::squeeze({0, em / 2}, {0, em / 2});
  EXPECT_EQ(sq.from_first, em / 2);
  sq = clreq::squeeze({em / 2, 0}, {em / 2, 0});
  EXPECT_EQ(sq.from_second, em / 2);
  EXPECT_EQ(clreq::squeeze({0, 0}, {em / 2, 0}).from_second, 0) << "a character before a bracket keeps it whole";
}

// --- Rule 3: Han–Latin spacing ---------------------------------------------------

// The glue between the boxes setting `before` and `after`, or nullptr.
const typeset::Item* glue_between(const BrokenParagraph& b, const std::string& before, const std::string& after,
                                  std::string* text = nullptr) {
  for (std::size_t k = 1; k + 1 < b.items.size(); ++k) {
    if (b.items[k].type != typeset::ItemType::Glue) continue;
    std::size_t p = k - 1, n = k + 1;
    while (p > 0 && b.items[p].type != typeset::ItemType::Box) --p;
    while (n + 1 < b.items.size() && b.items[n].type != typeset::ItemType::Box) ++n;
    if (b.texts[p] == before && b.texts[n] == after) {
      if (text) *text = b.texts[k];
      return &b.items[k];
    }
  }
  return nullptr;
}

TEST(ClreqMixedText, AQuarterEmBetweenHanAndLatin) {
  CjkText s;
  const Scaled em = s.em();
  for (const char* source : {"在NPU上优化", "在 NPU 上优化"}) {
    BrokenParagraph b = s.typesetter->break_lines(s.text(source), s.shape(400));
    for (auto [before, after] : {std::pair{"在", "NPU"}, std::pair{"NPU", "上"}}) {
      std::string text;
      const typeset::Item* glue = glue_between(b, before, after, &text);
      ASSERT_NE(glue, nullptr) << source << ": " << before << "|" << after;
      EXPECT_EQ(glue->width, em / 4) << source;
      // It gives and takes a twenty-fifth of an em: 0.21–0.29 em at full shrink and stretch.
      EXPECT_EQ(glue->shrink, em / 25) << source;
      EXPECT_EQ(glue->stretch, em / 25) << source;
      // The source's space stays a space glyph (copied text keeps it); no space, none added.
      EXPECT_EQ(text, std::string(source).find(' ') != std::string::npos ? " " : "") << source;
    }
  }
  // Inside one segment, where no break is allowed ("C++的"): a fixed ¼ em.
  EXPECT_EQ(clreq::quarter_inside({U'+', em}, {U'的', em}), em / 4);
  EXPECT_EQ(clreq::quarter_inside({U'（', em}, {U'Q', em}), 0);
  // Latin spaces stay Latin spaces; Korean gets no ¼ em.
  EXPECT_EQ(clreq::join({U'a', em}, {U'b', em}, text::BreakAfter::Space, pt(2), em, true).kind, clreq::JoinKind::Space);
  EXPECT_EQ(clreq::join({U'U', em}, {U'를', em}, text::BreakAfter::Allowed, 0, em, true).kind, clreq::JoinKind::None);
}

TEST(ClreqMixedText, NoQuarterEmAtALineEdge) {
  CjkText s;
  const Scaled em = s.em();
  const std::string text = "在NPU上优化PyTorch训练链路并提升GPU利用率以及CUDA内核的吞吐和NCCL通信效率与Triton算子性能。";
  int ends = 0, starts = 0;
  sweep(s, text, 50, 200, 1, [&](const std::vector<SetLine>& lines, double) {
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      auto end = visible(lines[i]);
      auto next = visible(lines[i + 1]);
      if (clreq::is_ideograph(end.back()) && clreq::is_western(next.front())) {
        // A Han character ending the line keeps its own em, no ¼ em after it.
        ++ends;
        EXPECT_EQ(glyphs_of(lines[i]).back()->advance, em) << text_of(lines[i]);
      }
      if (clreq::is_western(end.back()) && clreq::is_ideograph(next.front())) {
        // A line beginning with Han after Latin starts at the margin.
        ++starts;
        const auto& run = std::get<frame::GlyphRun>(lines[i + 1].elements.front());
        EXPECT_EQ(run.x, 0);
        EXPECT_EQ(run.glyphs.front().x_offset, 0);
      }
    }
  });
  EXPECT_GT(ends + starts, 0);
}

// --- Rule 4: justification ---------------------------------------------------------

TEST(ClreqJustification, StretchesBetweenHanAndAtJoinsNeverInsideLatinWords) {
  CjkText s;
  const std::string text =
      "在昇腾 NPU 上优化 PyTorch / torch_npu 训练链路，涵盖细粒度 CPU 亲和性绑定、算子 Lazy Init、参数调优及 L2 Cache "
      "利用率提升，使 Intern-S1 Pro 推理性能翻倍。";
  for (double w : {120.0, 150.0, 190.0}) {
    ParagraphShape shape = s.shape(w);
    shape.hyphenate = false;
    BrokenParagraph b = s.typesetter->break_lines(s.text(text), shape);
    for (std::size_t k = 1; k + 1 < b.items.size(); ++k) {
      const auto& item = b.items[k];
      if (item.type != typeset::ItemType::Glue || item.stretch == 0 || b.texts[k] == " ") continue;
      std::size_t p = k - 1, n = k + 1;
      while (p > 0 && b.items[p].type != typeset::ItemType::Box) --p;
      while (n + 1 < b.items.size() && b.items[n].type != typeset::ItemType::Box) ++n;
      const char32_t before = chars(b.texts[p]).back();
      const char32_t after = chars(b.texts[n]).front();
      // Stretchable glue that is not a space: always next to CJK text.
      EXPECT_TRUE(text::is_cjk(before) || text::is_cjk(after)) << b.texts[p] << "|" << b.texts[n];
    }
    // And in the set lines, every glyph inside a Latin word keeps its
    // natural advance (as set on one unjustified line).
    auto natural = s.typesetter->set(s.text(text), [&] {
      ParagraphShape one = s.shape(2000, theme::Alignment::Ragged);
      one.hyphenate = false;
      return one;
    }());
    ASSERT_EQ(natural.size(), 1u);
    // Spaces at line ends are dropped by the breaker: compare the rest.
    auto ink = [](const SetLine& line) {
      std::vector<const frame::Glyph*> out;
      for (const auto* g : glyphs_of(line))
        if (g->text != " ") out.push_back(g);
      return out;
    };
    auto all = ink(natural[0]);
    std::size_t at = 0;
    for (const auto& line : s.typesetter->set(s.text(text), shape)) {
      auto glyphs = ink(line);
      for (std::size_t k = 0; k < glyphs.size(); ++k, ++at) {
        ASSERT_LT(at, all.size());
        ASSERT_EQ(glyphs[k]->text, all[at]->text);
        if (k + 1 == glyphs.size()) continue;
        auto a = chars(glyphs[k]->text), c = chars(glyphs[k + 1]->text);
        if (a.empty() || c.empty() || !clreq::is_western(a.back()) || !clreq::is_western(c.front())) continue;
        EXPECT_EQ(glyphs[k]->advance, all[at]->advance) << "inside a word at \"" << glyphs[k]->text << "\", width " << w;
      }
    }
  }
}

// --- Rule 5: hyphenation ------------------------------------------------------------

TEST(ClreqHyphenation, LatinWordsInChineseFollowTheLatinRulesHanIsNeverHyphenated) {
  CjkText s;
  const std::string text = "我们的系统实现了internationalization与characterization的全面优化，并验证了reproducibility和"
                           "interoperability的要求。";
  int hyphens = 0;
  sweep(s, text, 60, 160, 2, [&](const std::vector<SetLine>& lines, double w) {
    for (const auto& line : lines) {
      auto cs = chars(text_of(line));
      for (std::size_t k = 0; k < cs.size(); ++k) {
        if (cs[k] != 0xAD) continue;
        ++hyphens;
        ASSERT_GT(k, 0u);
        EXPECT_TRUE(clreq::is_western(cs[k - 1]) && !text::is_cjk(cs[k - 1])) << "width " << w << ": " << text_of(line);
      }
    }
  });
  EXPECT_GT(hyphens, 0) << "no Latin word in the Chinese text was ever divided";
}

// --- Rule 6: the last line -------------------------------------------------------------

TEST(ClreqLastLine, NeverASingleHanCharacter) {
  CjkText s;
  const double em = to_pt(s.em());
  // Thirteen characters at twelve to the line would leave "三。" alone.
  auto two = s.set("一二三四五六七八九十一二三。", 12 * em);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_GE(ideographs(visible(two[1])), 2) << text_of(two[1]);
  sweep(s, kPunctuated, 40, 260, 1.5, [](const std::vector<SetLine>& lines, double w) {
    if (lines.size() < 2) return;
    EXPECT_NE(ideographs(visible(lines.back())), 1) << "width " << w << ": " << text_of(lines.back());
  });
  // Nor is the last Han character split off the Han text before it when a
  // link or Latin word follows it ("上下|文。 GitHub").
  sweep(s, "将计划、进展、阻塞、需求与交付证据转化为可追溯的工作流与可视化看板，并持久保存项目上下文。 GitHub", 40, 260, 1.5,
        [](const std::vector<SetLine>& lines, double w) {
          if (lines.size() < 2) return;
          EXPECT_NE(ideographs(visible(lines.back())), 1) << "width " << w << ": " << text_of(lines.back());
        });
  // Item level: only the break that would leave one character is barred.
  using T = clreq::Tally;
  std::vector<T> t = {T{1, false, false, false}, T{1, false, false, false}, T{1, false, true, false}};
  EXPECT_EQ(clreq::lonely_last_line(t), (std::vector<bool>{false, true, false}));
  // 上|下|文。␣GitHub: not before 文, but before GitHub (nothing Han follows).
  t = {T{1, false, false, false}, T{1, false, false, false}, T{1, false, false, true}, T{0, true, true, false}};
  EXPECT_EQ(clreq::lonely_last_line(t), (std::vector<bool>{false, true, false, false}));
  // 提|升|至␣0.72×。: 至 begins the number's line, not alone; barring the
  // break before it would leave "0.72×。" alone instead.
  t = {T{1, false, false, false, true}, T{1, false, false, false, true}, T{1, false, false, true, true},
       T{0, true, true, false, false}};
  EXPECT_EQ(clreq::lonely_last_line(t), (std::vector<bool>{false, false, false, false}));
  // 上␣文␣GitHub: a line may begin with a lone character between words.
  t = {T{1, false, false, true}, T{1, false, false, true}, T{0, true, true, false}};
  EXPECT_EQ(clreq::lonely_last_line(t), (std::vector<bool>{false, false, false}));
  // A mandatory break ends a paragraph of its own.
  t = {T{1, false, false, false}, T{1, false, true, false}, T{2, false, false, false}, T{1, false, true, false}};
  EXPECT_EQ(clreq::lonely_last_line(t), (std::vector<bool>{true, false, true, false}));
}

// --- Golden: a mixed paragraph's lines and glue --------------------------------------

// Per line: its text with each glue's set width in pt in brackets (␣ for a
// glue set as a space glyph), then a hyphen if the line ends at one.
std::string dump(const BrokenParagraph& b) {
  std::ostringstream out;
  for (std::size_t n = 0; n < b.result.lines.size(); ++n) {
    const auto& line = b.result.lines[n];
    char head[64];
    std::snprintf(head, sizeof head, "%2zu %7.2fpt  ", n + 1, to_pt(line.natural_width));
    out << head;
    for (std::size_t k = line.begin; k < line.end && k < b.items.size(); ++k) {
      const auto& item = b.items[k];
      if (item.type == typeset::ItemType::Box) {
        out << b.texts[k];
      } else if (item.type == typeset::ItemType::Glue) {
        char w[32];
        std::snprintf(w, sizeof w, "[%s%.2f]", b.texts[k] == " " ? "␣" : "", to_pt(set_glue_width(item, line.adjustment_ratio)));
        out << w;
      }
    }
    if (line.hyphenated) out << "-";
    out << "\n";
  }
  return out.str();
}

TEST(ClreqGolden, MixedChineseEnglishParagraph) {
  CjkText s;
  const std::string text =
      "在昇腾 NPU 上优化 PyTorch / torch_npu 训练链路，涵盖细粒度 CPU 亲和性绑定、算子 Lazy Init、参数调优及 L2 Cache "
      "利用率提升。通过高效的GMM与后处理计算，使 Intern-S1 Pro 推理性能翻倍（约 2×）；将“训练——推理”链路的吞吐提升至"
      "原来的 0.72× 以上……最终在 8 块 NVIDIA A100 GPU 上完成了 internationalization 测试。";
  const std::string got = "# clreq_mixed: Noto Sans CJK SC + Lato 9.4pt, justified at 180pt\n" +
                          dump(s.typesetter->break_lines(s.text(text), s.shape(180)));
  const std::string path = std::string(CVPDF_SOURCE_DIR) + "/tests/golden/clreq_mixed.txt";
  if (const char* update = std::getenv("CVPDF_UPDATE_GOLDEN"); update && *update && std::string(update) != "0")
    std::ofstream(path, std::ios::binary) << got;
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path << " is missing; run with CVPDF_UPDATE_GOLDEN=1 to write it";
  std::stringstream want;
  want << in.rdbuf();
  EXPECT_EQ(got, want.str()) << "run with CVPDF_UPDATE_GOLDEN=1 to accept the new dump";
}

}  // namespace
}  // namespace cvpdf::compose
