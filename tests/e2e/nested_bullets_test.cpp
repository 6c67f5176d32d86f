// Sub-bullets as readers see them: in every built-in theme, English and
// Chinese, a sub-bullet's symbol stands where its bullet's text starts and
// its text one indent further (mupdf's glyph origins); a Hebrew page puts
// them mirrored, from the right; the tags nest an L in the bullet's LBody
// (poppler's structure tree); RenderCV's Classic example sets its nested
// highlights as sub-bullets, and `convert` writes them as {text, bullets};
// the plain text indents them and the Markdown is a list CommonMark nests.
#include <gtest/gtest.h>

#include <optional>

#include "pdf_boxes.hpp"
#include "pdf_structure.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* const kNested = R"(languages: [en, zh]
person: {name: {en: Alex Example, zh: 李明}}
sections:
  - title: {en: Experience, zh: 工作经历}
    entries:
      - org: {en: Example Labs, zh: 示例实验室}
        role: {en: Engineer, zh: 工程师}
        date: 2020-01 – present
        bullets:
          - {en: Zetafirst opened the list, zh: 丙项开头}
          - text: {en: Alphaparent leads its sub-bullets, zh: 甲父项在前}
            bullets:
              - {en: Betachild is the first one, zh: 乙子项其一}
              - {en: Gammachild is the second, zh: 丁子项其二}
          - {en: Deltalast closes it, zh: 戊项收尾}
)";

// Where a text starts on the page (its first glyph's origin), and the
// glyph drawn just before it on its baseline: the symbol that hangs there.
struct Placed {
  double x = 0, y = 0;
  double end = 0;               // the right edge of its baseline's glyphs
  std::optional<Glyph> before;  // the nearest glyph left of it on its baseline
  std::size_t page = 0;         // 0 for the first
};

// The glyph of `line` that `token` begins at (its glyphs' texts spelling it), or -1.
int token_start(const GlyphLine& line, const std::string& token) {
  for (std::size_t i = 0; i < line.glyphs.size(); ++i) {
    std::string spelt;
    for (std::size_t j = i; j < line.glyphs.size() && spelt.size() < token.size(); ++j) spelt += line.glyphs[j].text;
    if (spelt.compare(0, token.size(), token) == 0) return static_cast<int>(i);
  }
  return -1;
}

std::optional<Placed> find_text(const GlyphBoxes& boxes, const std::string& token) {
  for (std::size_t n = 0; n < boxes.glyph_pages.size(); ++n) {
    const GlyphPage& page = boxes.glyph_pages[n];
    for (const GlyphLine& line : page.lines) {
      const int first = token_start(line, token);
      if (first < 0) continue;
      const Glyph& g0 = line.glyphs[static_cast<std::size_t>(first)];
      Placed p{g0.quad.x0, g0.y, g0.quad.x1, std::nullopt, n};
      // mupdf may put the symbol in a block of its own: every glyph of the page on this baseline counts.
      for (const GlyphLine& other : page.lines)
        for (const Glyph& g : other.glyphs) {
          if (std::abs(g.y - p.y) > 0.5) continue;
          p.end = std::max(p.end, g.quad.x1);
          if (!is_space(g.text) && g.quad.x1 <= p.x + 0.01 && (!p.before || g.quad.x0 > p.before->quad.x0))
            p.before = g;
        }
      return p;
    }
  }
  return std::nullopt;
}

std::string render(const std::string& yaml, const std::string& args, const std::string& pdf) {
  const Result r = run(cvpdf() + " -q " + args + " '" + yaml + "' -o '" + pdf + "'");
  EXPECT_EQ(r.status, 0) << args << "\n" << r.err;
  return pdf;
}

TEST(NestedBullets, SubBulletsHangAtTheirBulletsTextInEveryThemeAndLanguage) {
  const std::string dir = temp_dir();
  const std::string yaml = dir + "/nested.yaml";
  write_file(yaml, kNested);
  const auto themes = listed_themes();
  ASSERT_GE(themes.size(), 6u);
  for (const std::string& theme : themes)
    for (const std::string lang : {"en", "zh"}) {
      const std::string what = theme + " " + lang;
      const GlyphBoxes boxes =
          read_glyph_boxes(render(yaml, "--theme " + theme + " --lang " + lang, dir + "/" + theme + lang + ".pdf"));
      ASSERT_EQ(boxes.error, "") << what;
      const bool en = lang == "en";
      const auto parent = find_text(boxes, en ? "Alphaparent" : "甲父项");
      const auto first = find_text(boxes, en ? "Zetafirst" : "丙项");
      const auto child = find_text(boxes, en ? "Betachild" : "乙子项");
      const auto second = find_text(boxes, en ? "Gammachild" : "丁子项");
      const auto last = find_text(boxes, en ? "Deltalast" : "戊项");
      ASSERT_TRUE(parent && first && child && second && last) << what;
      // The bullets' texts start at one x, their symbols before it.
      EXPECT_NEAR(parent->x, first->x, 0.05) << what;
      EXPECT_NEAR(parent->x, last->x, 0.05) << what;
      ASSERT_TRUE(parent->before) << what;
      // A sub-bullet's text starts right of its bullet's, by about the
      // symbol's indent again; its symbol stands at or after the bullet's
      // text, not in the bullets' symbol column.
      EXPECT_GT(child->x, parent->x + 4) << what;
      EXPECT_NEAR(child->x - parent->x, parent->x - first->before->quad.x0, 4.0) << what;
      EXPECT_NEAR(second->x, child->x, 0.05) << what;
      ASSERT_TRUE(child->before) << what;
      EXPECT_GE(child->before->quad.x0, parent->x - 0.5) << what << ": the sub-symbol " << child->before->text;
      EXPECT_LT(child->before->quad.x1, child->x) << what;
      EXPECT_NE(child->before->text, parent->before->text) << what << ": the sub-bullet has the bullet's symbol";
      // In reading order: the parent above its sub-bullets, they above the next bullet.
      EXPECT_LT(parent->y, child->y) << what;
      EXPECT_LT(child->y, second->y) << what;
      EXPECT_LT(second->y, last->y) << what;
    }
}

// The item moved down page 1 a line at a time (k one-line notes above it):
// wherever the page ends, a bullet's text is never left at its foot with
// its sub-bullets on the next page; a break between two sub-bullets is
// allowed, and some k must split the item at all, or the sweep proved nothing.
TEST(NestedBullets, ABulletsTextNeverEndsAPageWithoutItsFirstSubBullet) {
  const std::string dir = temp_dir();
  int split_items = 0, split_subs = 0;
  for (int k = 33; k <= 40; ++k) {
    std::string yaml = R"(style:
  page: {size: a4, margin: {top: 50pt, bottom: 50pt, left: 50pt, right: 50pt}}
  text: {size: 10pt, leading: 1.3, hyphenate: false}
  entry: {space-between: 6pt, keep-together: 5}
  bullets: {space-between: 2pt, gap-before: 2pt}
  fit: {short-page: 0}
person: {name: Pat Foot}
sections:
  - title: Notes
    bullets:
)";
    for (int i = 0; i < k; ++i) yaml += "      - Note " + std::to_string(i) + "\n";
    yaml += R"(  - title: Work
    entries:
      - org: Warmuporg
        role: Warmuprole
      - org: Example Labs
        bullets:
          - Zetafirst is one line
          - text: Alphaparent is one line
            bullets: [Betachild one, Gammachild two, Epsilonchild three]
          - Deltalast is one line
          - Omegalast ends the item
      - org: Afterorg
        bullets: [Afterbullet one., Afterbullet two.]
  - title: After
    text: A last section, so that the last page's balance leaves the item where the page breaks it.
)";
    const std::string path = dir + "/foot" + std::to_string(k) + ".yaml";
    write_file(path, yaml);
    const GlyphBoxes boxes = read_glyph_boxes(render(path, "", dir + "/foot" + std::to_string(k) + ".pdf"));
    ASSERT_EQ(boxes.error, "") << k;
    const auto org = find_text(boxes, "Example Labs");
    const auto parent = find_text(boxes, "Alphaparent");
    const auto b = find_text(boxes, "Betachild");
    const auto g = find_text(boxes, "Gammachild");
    const auto e = find_text(boxes, "Epsilonchild");
    const auto last = find_text(boxes, "Omegalast");
    ASSERT_TRUE(org && parent && b && g && e && last) << k;
    EXPECT_EQ(parent->page, b->page) << k << ": the bullet's text ends a page, its sub-bullets on the next";
    split_items += org->page != last->page ? 1 : 0;
    split_subs += b->page != g->page || g->page != e->page ? 1 : 0;
  }
  EXPECT_GT(split_items, 0) << "the sweep never split the item";
  EXPECT_GT(split_subs, 0) << "no page broke between two sub-bullets";
}

TEST(NestedBullets, AHebrewPageMirrorsThemFromTheRight) {
  const std::string dir = temp_dir();
  const std::string yaml = dir + "/he.yaml";
  write_file(yaml, R"(languages: [he]
person: {name: נועה לוי}
sections:
  - title: ניסיון
    entries:
      - org: ענן דוגמה
        date: 2021-03 – present
        bullets:
          - מוביל ראשון
          - text: אבא של הרשימה
            bullets: [ילד ראשון, ילד שני]
)");
  const GlyphBoxes boxes = read_glyph_boxes(render(yaml, "", dir + "/he.pdf"));
  ASSERT_EQ(boxes.error, "");
  const auto parent = find_text(boxes, "אבא");  // mupdf gives Hebrew in logical order
  const auto child = find_text(boxes, "ילד ראשון");
  const auto lead = find_text(boxes, "מוביל");
  ASSERT_TRUE(parent && child && lead);
  // Mirrored: a line's text ends (its first letter stands) at the right,
  // the sub-bullet's right edge left of its bullet's by about an indent.
  EXPECT_NEAR(lead->end, parent->end, 0.6);
  EXPECT_LT(child->end, parent->end - 4);
}

TEST(NestedBullets, TheTagsNestAListInTheBulletsBody) {
  const std::string dir = temp_dir();
  const std::string yaml = dir + "/nested.yaml";
  write_file(yaml, kNested);
  const TaggedPdf pdf = read_tagged_pdf(render(yaml, "", dir + "/tagged.pdf"));
  ASSERT_EQ(pdf.error, "");
  const auto& nodes = pdf.struct_nodes;
  auto role = [&](int i) { return i < 0 ? std::string() : nodes[static_cast<std::size_t>(i)].role; };
  auto parent = [&](int i) { return i < 0 ? -1 : nodes[static_cast<std::size_t>(i)].parent; };
  int nested = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const int l = static_cast<int>(i);
    if (role(l) != "L" || role(parent(l)) != "LBody") continue;
    // L > LI > LBody > L > LI, each sub-bullet's LI a Lbl and an LBody.
    EXPECT_EQ(role(parent(parent(l))), "LI") << pdf.struct_text;
    EXPECT_EQ(role(parent(parent(parent(l)))), "L") << pdf.struct_text;
    ++nested;
    std::vector<std::string> texts;
    for (int li : nodes[i].children) {
      EXPECT_EQ(role(li), "LI") << pdf.struct_text;
      const auto& kids = nodes[static_cast<std::size_t>(li)].children;
      ASSERT_EQ(kids.size(), 2u) << pdf.struct_text;
      EXPECT_EQ(role(kids[0]), "Lbl");
      EXPECT_EQ(role(kids[1]), "LBody");
      texts.push_back(subtree_text(nodes, kids[1]));
    }
    ASSERT_EQ(texts.size(), 2u) << pdf.struct_text;
    EXPECT_NE(texts[0].find("Betachild"), std::string::npos) << texts[0];
    EXPECT_NE(texts[1].find("Gammachild"), std::string::npos) << texts[1];
    // The parent's body reads its own text before its sub-list.
    EXPECT_NE(subtree_text(nodes, parent(l)).find("Alphaparent leads its sub-bullets"), std::string::npos);
  }
  EXPECT_EQ(nested, 1) << pdf.struct_text;
}

TEST(NestedBullets, RenderCvsClassicExampleSetsItsNestedHighlightsAsSubBullets) {
  const std::string dir = temp_dir();
  const std::string input = source("tests/formats/rendercv/classic.yaml");
  const std::string pdf = render(input, "", dir + "/classic.pdf");
  const GlyphBoxes boxes = read_glyph_boxes(pdf);
  ASSERT_EQ(boxes.error, "");
  const auto bullet = find_text(boxes, "Published research");
  const auto sub = find_text(boxes, "ICML 2022 main");
  ASSERT_TRUE(bullet && sub);
  EXPECT_GT(sub->x, bullet->x + 4);
  EXPECT_GT(sub->y, bullet->y);
  const std::string text = pdf_text(pdf);
  EXPECT_EQ(text.find("impact - ICML"), std::string::npos) << text;
  EXPECT_EQ(text.find("years - NeurIPS"), std::string::npos) << text;
  // convert writes the same as {text, bullets}, which renders the same text.
  const std::string converted = dir + "/classic-cvpdf.yaml";
  const Result c = run(cvpdf() + " convert '" + input + "' -o '" + converted + "'");
  ASSERT_EQ(c.status, 0) << c.err;
  const std::string yaml = read_file(converted);
  EXPECT_NE(yaml.find("          - text: Published research at top-tier venues with significant academic impact\n"
                      "            bullets:\n"
                      "              - ICML 2022 main conference paper, cited 340+ times within two years\n"),
            std::string::npos)
      << yaml;
  EXPECT_EQ(pdf_text(render(converted, "", dir + "/converted.pdf")), text);
}

TEST(NestedBullets, PlainTextIndentsThemAndCommonMarkNestsTheList) {
  const std::string dir = temp_dir();
  const std::string yaml = dir + "/nested.yaml";
  write_file(yaml, kNested);
  ASSERT_EQ(run(cvpdf() + " -q '" + yaml + "' -o '" + dir + "/cv.txt'").status, 0);
  const std::string txt = read_file(dir + "/cv.txt");
  EXPECT_NE(txt.find("- Zetafirst opened the list\n"
                     "- Alphaparent leads its sub-bullets\n"
                     "  - Betachild is the first one\n"
                     "  - Gammachild is the second\n"
                     "- Deltalast closes it\n"),
            std::string::npos)
      << txt;
  ASSERT_EQ(run(cvpdf() + " -q --lang zh '" + yaml + "' -o '" + dir + "/cv.md'").status, 0);
  const Result html = run("cmark '" + dir + "/cv.md'");
  ASSERT_EQ(html.status, 0) << html.err;
  EXPECT_NE(html.out.find("<li>甲父项在前\n<ul>\n<li>乙子项其一</li>\n<li>丁子项其二</li>\n</ul>\n</li>\n<li>戊项收尾</li>"),
            std::string::npos)
      << html.out;
}

}  // namespace
}  // namespace cvpdf::test
