// Inline markup on the real PDF (issue 12, "Inline markup in every text
// field"): bold words are drawn in the bold face, italic in the italic,
// code in the mono face (mupdf's per-glyph font); a link inside a
// paragraph is one annotation rectangle per line piece, covering exactly
// the glyphs of its words, also across a line break and a page break;
// pdftotext shows no markers; malformed markup warns at its marker and is
// set as written; the text and Markdown exports carry the markup as their
// readers expect.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// Every marked word is a distinct token, so its glyphs can be found.
const char* const kMarked = R"(languages: [en, zh]
style:
  bold-keywords: [CUDA, 昇腾]
person:
  name: Ada Lovelace
  summary:
    en: "Plain words, **Boldword** and *Italicword* and ***Bothword***, `Codeword` and snake_case_name, a stray * star, CUDA beside CUDAGraph."
    zh: "负责**加粗词**与*斜体词*，基于昇腾平台与 CUDA 开发。"
sections:
  - title: Experience
    entries:
      - org: "**Orgword** Labs"
        role: Engineer
        date: 2020
        bullets:
          - "Filler words to push the link toward the end of the line: alpha beta gamma delta [Linkone Linktwo Linkthree Linkfour Linkten Linksix Linkseven Linkeight](https://link.example/words) after."
          - "An <b>Htmlbold</b> word, R&amp;D, <img src='x.png'/> gone."
          - "Set **unclosed as written."
)";

struct Annotation {
  int page = 0;  // 1-based
  std::string uri;
  Box rect;  // poppler's coordinates (y down)
};

// The link annotations, page by page, from qpdf --qdf ("%% Page N" before
// each page object, whose /Annots names the annotations).
std::vector<Annotation> read_links(const std::string& pdf, double page_height) {
  const std::string objects = pdf_objects(pdf);
  static const std::regex kPage(R"(%% Page (\d+)\n%%[^\n]*\n(\d+) 0 obj)");
  static const std::regex kAnnots(R"(/Annots \[([^\]]*)\])");
  static const std::regex kRef(R"((\d+) 0 R)");
  static const std::regex kRect(R"(/Rect \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\])");
  std::map<std::string, std::string> bodies = object_bodies(objects);
  std::vector<Annotation> out;
  for (auto it = std::sregex_iterator(objects.begin(), objects.end(), kPage); it != std::sregex_iterator(); ++it) {
    const int page = std::stoi((*it)[1]);
    std::smatch annots;
    const std::string& page_body = bodies[(*it)[2]];
    if (!std::regex_search(page_body, annots, kAnnots)) continue;
    const std::string refs = annots[1];
    for (auto r = std::sregex_iterator(refs.begin(), refs.end(), kRef); r != std::sregex_iterator(); ++r) {
      const std::string body = bodies[(*r)[1]];
      const std::string uri = link_action_uri(bodies, body);
      std::smatch rect;
      if (body.find("/Subtype /Link") == std::string::npos || uri.empty() || !std::regex_search(body, rect, kRect))
        continue;
      const double x0 = std::stod(rect[1]), y0 = std::stod(rect[2]), x1 = std::stod(rect[3]), y1 = std::stod(rect[4]);
      out.push_back({page, uri, {x0, page_height - y1, x1, page_height - y0}});
    }
  }
  return out;
}

struct Rendered {
  std::string dir, pdf, err;
  GlyphBoxes glyphs;
};

Rendered render(const std::string& lang) {
  Rendered r;
  r.dir = temp_dir();
  write_file(r.dir + "/cv.yaml", kMarked);
  r.pdf = r.dir + "/cv.pdf";
  Result run_result = run(cvpdf() + " --lang " + lang + " '" + r.dir + "/cv.yaml' -o '" + r.pdf + "'");
  EXPECT_EQ(run_result.status, 0) << run_result.err;
  r.err = run_result.err;
  r.glyphs = read_glyph_boxes(r.pdf);
  EXPECT_TRUE(r.glyphs.error.empty()) << r.glyphs.error;
  return r;
}

// Calls `f(word, glyphs)` for each word of each line: its glyphs between
// spaces, less punctuation at its end (the sentence's, not the word's).
template <typename F>
void for_each_word(const GlyphBoxes& boxes, F f) {
  int number = 0;
  for (const auto& page : boxes.glyph_pages) {
    ++number;
    for (const auto& line : page.lines) {
      std::string text;
      std::vector<const Glyph*> glyphs;
      auto flush = [&] {
        while (!text.empty() && std::string(",.;:").find(text.back()) != std::string::npos) {
          text.pop_back();
          glyphs.pop_back();
        }
        if (!glyphs.empty()) f(text, glyphs, number);
        text.clear();
        glyphs.clear();
      };
      for (const auto& g : line.glyphs) {
        if (is_space(g.text)) {
          flush();
          continue;
        }
        text += g.text;
        glyphs.push_back(&g);
      }
      flush();
    }
  }
}

// The fonts of the glyphs of every occurrence of `word`.
std::vector<std::string> fonts_of(const GlyphBoxes& boxes, const std::string& word) {
  std::vector<std::string> fonts;
  for_each_word(boxes, [&](const std::string& text, const std::vector<const Glyph*>& glyphs, int) {
    if (text == word)
      for (const Glyph* g : glyphs) fonts.push_back(g->font);
  });
  return fonts;
}

void expect_face(const GlyphBoxes& boxes, const std::string& word, const std::string& face) {
  const auto fonts = fonts_of(boxes, word);
  ASSERT_FALSE(fonts.empty()) << word << " is not in the PDF";
  for (const auto& f : fonts) EXPECT_NE(f.find(face), std::string::npos) << word << " is in " << f << ", not " << face;
}

void expect_not_face(const GlyphBoxes& boxes, const std::string& word, const std::string& face) {
  const auto fonts = fonts_of(boxes, word);
  ASSERT_FALSE(fonts.empty()) << word << " is not in the PDF";
  for (const auto& f : fonts) EXPECT_EQ(f.find(face), std::string::npos) << word << " is in " << f;
}

TEST(MarkupOnThePdf, MarkedWordsAreInTheirFaces) {
  const Rendered r = render("en");
  expect_face(r.glyphs, "Boldword", "Lato-Bold");
  expect_not_face(r.glyphs, "Boldword", "Italic");
  expect_face(r.glyphs, "Italicword", "Lato-Italic");
  expect_face(r.glyphs, "Bothword", "Lato-BoldItalic");
  expect_face(r.glyphs, "Codeword", "DejaVuSansMono");
  expect_face(r.glyphs, "Htmlbold", "Lato-Bold");
  expect_face(r.glyphs, "Orgword", "Lato-Bold");  // bold inside the bold org stays bold
  // Bold keywords: whole words only.
  expect_face(r.glyphs, "CUDA", "Lato-Bold");
  expect_not_face(r.glyphs, "CUDAGraph", "Bold");
  expect_not_face(r.glyphs, "snake_case_name", "Italic");
  expect_not_face(r.glyphs, "Plain", "Bold");
}

TEST(MarkupOnThePdf, ChineseBoldIsTheCjkBoldAndItalicStaysUpright) {
  const Rendered r = render("zh");
  std::string bold_fonts, italic_fonts, keyword_fonts;
  for (const auto& page : r.glyphs.glyph_pages)
    for (const auto& line : page.lines)
      for (const auto& g : line.glyphs) {
        if (g.text == "粗") bold_fonts += g.font + " ";
        if (g.text == "斜") italic_fonts += g.font + " ";
        if (g.text == "昇") keyword_fonts += g.font + " ";
      }
  EXPECT_NE(bold_fonts.find("Bold"), std::string::npos) << bold_fonts;
  EXPECT_NE(keyword_fonts.find("Bold"), std::string::npos) << keyword_fonts;
  EXPECT_FALSE(italic_fonts.empty());
  EXPECT_EQ(italic_fonts.find("Bold"), std::string::npos) << italic_fonts;
  EXPECT_EQ(italic_fonts.find("Italic"), std::string::npos) << italic_fonts;  // no CJK italic: upright
}

// Every glyph of a word starting with `prefix` is inside one of the link's
// rectangles on its page, and no other glyph is; returns the linked glyphs.
int expect_link_covers(const GlyphBoxes& boxes, const std::string& pdf, const std::string& uri,
                       const std::string& prefix) {
  const auto links = read_links(pdf, boxes.glyph_pages.at(0).height);
  auto inside = [&](const Glyph& g, int page) {
    const double cx = (g.quad.x0 + g.quad.x1) / 2, cy = g.y - 0.3 * g.size;
    for (const auto& a : links)
      if (a.page == page && a.uri == uri && cx > a.rect.x0 && cx < a.rect.x1 && cy > a.rect.y0 && cy < a.rect.y1)
        return true;
    return false;
  };
  int linked = 0;
  for_each_word(boxes, [&](const std::string& word, const std::vector<const Glyph*>& glyphs, int page) {
    const bool link_word = word.rfind(prefix, 0) == 0;
    for (const Glyph* g : glyphs) {
      EXPECT_EQ(inside(*g, page), link_word) << "'" << g->text << "' of '" << word << "' on page " << page;
      linked += link_word;
    }
  });
  return linked;
}

TEST(MarkupOnThePdf, ALinkCoversExactlyItsWordsAcrossALineBreak) {
  const Rendered r = render("en");
  ASSERT_EQ(r.glyphs.glyph_pages.size(), 1u);
  int rects = 0;
  for (const auto& a : read_links(r.pdf, r.glyphs.glyph_pages[0].height)) rects += a.uri == "https://link.example/words";
  EXPECT_GE(rects, 2) << "the linked words should break across two lines";
  EXPECT_EQ(expect_link_covers(r.glyphs, r.pdf, "https://link.example/words", "Link"),
            static_cast<int>(std::string("LinkoneLinktwoLinkthreeLinkfourLinktenLinksixLinksevenLinkeight").size()));
  // The label stays in the text layer.
  EXPECT_NE(pdf_text(r.pdf).find("Linkone Linktwo"), std::string::npos);
}

TEST(MarkupOnThePdf, ALinkCoversExactlyItsWordsAcrossAPageBreak) {
  // A paragraph long enough that the page breaks inside its link.
  std::string filler, label;
  for (int i = 1; i <= 595; ++i) filler += "filler" + std::to_string(i) + " ";
  for (int i = 0; i < 40; ++i) label += (i ? " Link" : "Link") + std::to_string(i);
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", "person: {name: Ada}\nsections:\n  - title: Text\n    text: \"" + filler + "[" + label +
                                   "](https://page.example/break) tail words\"\n");
  // Its short second page kept (fit.short-page), so the break stays inside the link.
  Result r = run(cvpdf() + " -q '" + dir + "/cv.yaml' --set fit.short-page=0 -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  const GlyphBoxes boxes = read_glyph_boxes(dir + "/cv.pdf");
  ASSERT_TRUE(boxes.error.empty()) << boxes.error;
  ASSERT_EQ(boxes.glyph_pages.size(), 2u);
  std::set<int> pages;
  for (const auto& a : read_links(dir + "/cv.pdf", boxes.glyph_pages[0].height))
    if (a.uri == "https://page.example/break") pages.insert(a.page);
  EXPECT_EQ(pages, (std::set<int>{1, 2})) << "the page should break inside the link";
  std::string glyphs = label;
  std::erase(glyphs, ' ');
  EXPECT_EQ(expect_link_covers(boxes, dir + "/cv.pdf", "https://page.example/break", "Link"),
            static_cast<int>(glyphs.size()));
}

TEST(MarkupOnThePdf, TheTextLayerHasNoMarkersAndMalformedMarkupWarns) {
  const Rendered r = render("en");
  const std::string text = pdf_text(r.pdf);
  for (const char* marker : {"**Boldword", "*Italicword", "`Codeword", "](", "<b>", "<img", "&amp;"})
    EXPECT_EQ(text.find(marker), std::string::npos) << marker << " in: " << text;
  EXPECT_NE(text.find("R&D"), std::string::npos);
  EXPECT_NE(text.find("a stray * star"), std::string::npos);
  EXPECT_NE(text.find("Set **unclosed as written."), std::string::npos);  // set literally
  // Warned at the marker in the bullet.
  EXPECT_NE(r.err.find("cv.yaml:18:18: warning: markup: '**' is not closed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("'**' is not closed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("<img>"), std::string::npos) << r.err;
  // check says the same, once although it sets the text in both variants.
  Result check = run(cvpdf() + " check '" + r.dir + "/cv.yaml'");
  const std::size_t first = check.err.find("'**' is not closed");
  EXPECT_NE(first, std::string::npos) << check.err;
  EXPECT_EQ(check.err.find("'**' is not closed", first + 1), std::string::npos) << check.err;
}

TEST(MarkupOnThePdf, TextAndMarkdownExportsCarryTheMarkup) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", kMarked);
  Result txt = run(cvpdf() + " -q --lang en '" + dir + "/cv.yaml' -o '" + dir + "/cv.txt'");
  ASSERT_EQ(txt.status, 0) << txt.err;
  const std::string plain = read_file(dir + "/cv.txt");
  EXPECT_NE(plain.find("Plain words, Boldword and Italicword and Bothword, Codeword and snake_case_name"), std::string::npos)
      << plain;
  EXPECT_NE(plain.find("Linkeight <https://link.example/words> after"), std::string::npos) << plain;
  EXPECT_EQ(plain.find("**Boldword"), std::string::npos);
  Result md = run(cvpdf() + " -q --lang en '" + dir + "/cv.yaml' -o '" + dir + "/cv.md'");
  ASSERT_EQ(md.status, 0) << md.err;
  const std::string markdown = read_file(dir + "/cv.md");
  EXPECT_NE(markdown.find("**Boldword**"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("*Italicword*"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("***Bothword***"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("`Codeword`"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("snake\\_case\\_name"), std::string::npos) << markdown;
  EXPECT_NE(markdown.find("[Linkone Linktwo Linkthree Linkfour Linkten Linksix Linkseven Linkeight](https://link.example/words)"),
            std::string::npos)
      << markdown;
  EXPECT_NE(markdown.find("**CUDA** beside CUDAGraph"), std::string::npos) << markdown;
}

}  // namespace
}  // namespace cvpdf::test
