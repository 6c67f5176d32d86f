// The contact items on the real PDF: icons are a subset font and read in
// the extracted text as the words they stand for ("Email: …"), never as a
// private-use or control character; every item's link annotation
// covers its words (mailto:, tel:, the URL a network builds); a contact line
// breaks between items only, never ending on a separator, and a line that
// needs two is set as two of about equal width.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// A link annotation: its URI and /Rect, in poppler's coordinates (y down).
struct Annotation {
  std::string uri;
  Box rect;
};

// The link annotations of a one-page PDF, from qpdf's uncompressed objects.
std::vector<Annotation> link_annotations(const std::string& pdf, double page_height) {
  const std::string objects = pdf_objects(pdf);
  std::vector<Annotation> out;
  static const std::regex kRect(R"(/Rect \[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\])");
  const std::map<std::string, std::string> bodies = object_bodies(objects);
  for (const auto& [number, body] : bodies) {
    if (body.find("/Subtype /Link") == std::string::npos) continue;
    const std::string uri = link_action_uri(bodies, body);
    std::smatch rect;
    if (uri.empty() || !std::regex_search(body, rect, kRect)) continue;
    const double x0 = std::stod(rect[1]), y0 = std::stod(rect[2]), x1 = std::stod(rect[3]), y1 = std::stod(rect[4]);
    out.push_back({uri, {x0, page_height - y1, x1, page_height - y0}});
  }
  return out;
}

// Whether `text` holds a character of the Private Use Area (U+E000–U+F8FF),
// where icon fonts put their glyphs.
bool has_private_use(const std::string& text) {
  for (std::size_t i = 0; i + 2 < text.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(text[i]), b1 = static_cast<unsigned char>(text[i + 1]);
    if (b0 == 0xEE || (b0 == 0xEF && b1 <= 0xA3)) return true;  // U+E000–U+EFFF, U+F000–U+F8FF
  }
  return false;
}

const char* const kContacts = R"(languages: [en]
person:
  name: Ada Lovelace
  headline: Analyst of engines
  email: ada@example.org
  phone: +44 20 7946 0958
  location: London
  links:
    - {network: GitHub, username: adalovelace}
    - {network: LinkedIn, username: ada-lovelace}
    - {network: ORCID, username: 0000-0002-1825-0097}
    - {network: Google Scholar, username: AbCdEf12345}
    - {network: Mastodon, username: "@ada@mathstodon.xyz"}
    - {network: website, username: ada.example.org}
sections:
  - title: Experience
    entries:
      - org: Analytical Engine
        role: Programmer
        bullets: [Wrote the first program.]
)";

struct Rendered {
  std::string pdf;
  Result result;
};

Rendered render(const std::string& yaml, const std::string& args) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", yaml);
  Rendered r{dir + "/cv.pdf", {}};
  r.result = run(cvpdf() + " " + dir + "/cv.yaml -o " + r.pdf + " " + args);
  return r;
}

// Whether `text` holds a control character other than a line end or a page
// break: what an icon glyph with no text in the ToUnicode map extracted as.
bool has_control(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u < 0x20 && c != '\n' && c != '\f';
  });
}

// The words of the page as drawn: every glyph but the icons', which stand
// for words the page does not print.
std::string drawn_words(const std::string& pdf) {
  std::string out;
  const GlyphBoxes boxes = read_glyph_boxes(pdf);
  for (const auto& page : boxes.glyph_pages)
    for (const auto& line : page.lines)
      for (const auto& glyph : line.glyphs)
        if (glyph.font.find("orkawesome") == std::string::npos) out += glyph.text;
  return out;
}

TEST(Contacts, IconsAreASubsetFontAndReadAsTheirWords) {
  for (const char* theme : {"sidebar", "moderncv"}) {  // themes that set icons
    Rendered r = render(kContacts, std::string("--theme ") + theme);
    ASSERT_EQ(r.result.status, 0) << r.result.err;
    const Result fonts = run("pdffonts " + r.pdf);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(fonts.out, m, std::regex(R"(\n[A-Z]{6}\+forkawesome\s+CID TrueType\s+Identity-H\s+yes yes)")))
        << theme << ": the icon font is not embedded as a subset\n" << fonts.out;
    const Result text = run("pdftotext -enc UTF-8 " + r.pdf + " -");
    EXPECT_FALSE(has_private_use(text.out)) << theme << ": a private-use character in\n" << text.out;
    EXPECT_FALSE(has_control(text.out)) << theme << ": a control character in\n" << text.out;
    // `both`: each icon reads as what it stands for, its item's words after it.
    for (const char* item : {"Email: ada@example.org", "Phone: +44 20 7946 0958", "Location: London",
                             "GitHub: adalovelace", "ORCID: 0000-0002-1825-0097", "Website: ada.example.org"})
      EXPECT_NE(text.out.find(item), std::string::npos) << theme << ": no '" << item << "' in\n" << text.out;
    EXPECT_EQ(text.out.find("  "), std::string::npos) << theme << ": a doubled space in\n" << text.out;
  }
  // On a contact line the items stay one line of text, in order (an icon
  // that read as nothing left a gap poppler took for a column's edge).
  Rendered line = render(kContacts, "--theme classic --set header.contact-icons=both");
  ASSERT_EQ(line.result.status, 0) << line.result.err;
  const std::string line_text = run("pdftotext -enc UTF-8 " + line.pdf + " -").out;
  EXPECT_NE(line_text.find("Email: ada@example.org · Phone: +44 20 7946 0958 · Location: London"), std::string::npos)
      << line_text;
  EXPECT_FALSE(has_control(line_text)) << line_text;
  // In Chinese the words are the layout's, with a full-width colon.
  std::string zh = kContacts;
  zh.replace(zh.find("languages: [en]"), 15, "languages: [zh]");
  Rendered chinese = render(zh, "--theme classic --set header.contact-icons=both");
  ASSERT_EQ(chinese.result.status, 0) << chinese.result.err;
  const std::string zh_text = pdf_text(chinese.pdf);
  for (const char* item : {"邮箱\uFF1A ada@example.org", "电话\uFF1A +44", "GitHub\uFF1A adalovelace"})
    EXPECT_NE(zh_text.find(item), std::string::npos) << item << " in " << zh_text;
  // Classic sets no icons: no icon font at all.
  Rendered plain = render(kContacts, "--theme classic");
  ASSERT_EQ(plain.result.status, 0) << plain.result.err;
  EXPECT_EQ(run("pdffonts " + plain.pdf).out.find("forkawesome"), std::string::npos);
}

TEST(Contacts, ALabelThatNamesItsNetworkReadsOnce) {
  // "GitHub" written as a plain label gets the GitHub icon; the icon would
  // read "GitHub:" before it. It reads as nothing instead (an empty
  // /ActualText, its ToUnicode entry kept), so the text says "GitHub" once,
  // on the contact line and in a column of items alike.
  const std::string cv = "person:\n  name: Ada\n  email: ada@example.org\n  links:\n    - label: GitHub\n"
                         "    - label: Google Scholar\nlanguages: [en]\nsections:\n  - title: Work\n"
                         "    items:\n      - org: Analytical Engines\n";
  for (const char* look : {"--theme moderncv", "--theme sidebar", "--theme classic --set header.contact-icons=both"}) {
    Rendered r = render(cv, look);
    ASSERT_EQ(r.result.status, 0) << r.result.err;
    const std::string text = pdf_text(r.pdf);
    EXPECT_EQ(text.find("GitHub: GitHub"), std::string::npos) << look << ": " << text;
    EXPECT_NE(text.find("GitHub"), std::string::npos) << look << ": " << text;
    EXPECT_NE(text.find("Email: ada@example.org"), std::string::npos) << look << ": " << text;
    EXPECT_FALSE(has_private_use(text)) << look << ": " << text;
    EXPECT_FALSE(has_control(text)) << look << ": " << text;
  }
  Rendered line = render(cv, "--theme classic --set header.contact-icons=both");
  ASSERT_EQ(line.result.status, 0) << line.result.err;
  EXPECT_NE(pdf_text(line.pdf).find("Email: ada@example.org · GitHub · Google Scholar"), std::string::npos)
      << pdf_text(line.pdf);
}

TEST(Contacts, IconsAloneExtractAsTheNetworksName) {
  Rendered r = render(kContacts, "--theme classic --set header.contact-icons=icons");
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  const std::string text = pdf_text(r.pdf);
  EXPECT_FALSE(has_private_use(text)) << text;
  EXPECT_NE(text.find("GitHub"), std::string::npos) << text;  // the icon stands for it
  EXPECT_EQ(text.find("adalovelace"), std::string::npos) << text;
  EXPECT_NE(text.find("ada@example.org"), std::string::npos) << text;  // what a printed page must say stays
  bool github = false;
  for (const auto& a : link_annotations(r.pdf, 841.89)) github = github || a.uri == "https://github.com/adalovelace";
  EXPECT_TRUE(github) << "the icon alone is still a link";
}

// With no icon to say what it is, a username is printed with its network's
// name; an icon beside it (both) says it already, and a label given is
// printed as written.
TEST(Contacts, AUsernameWithoutItsIconNamesItsNetwork) {
  Rendered plain = render(kContacts, "--theme classic");
  ASSERT_EQ(plain.result.status, 0) << plain.result.err;
  const std::string text = pdf_text(plain.pdf);
  EXPECT_NE(text.find("GitHub: adalovelace"), std::string::npos) << text;
  EXPECT_NE(text.find("LinkedIn: ada-lovelace"), std::string::npos) << text;
  EXPECT_EQ(text.find("Website: "), std::string::npos) << "a site's address says what it is: " << text;
  // Under an icon the page prints the username alone; the icon reads as the
  // network's name in the text.
  Rendered icons = render(kContacts, "--theme sidebar");
  ASSERT_EQ(icons.result.status, 0) << icons.result.err;
  const std::string drawn = drawn_words(icons.pdf);
  EXPECT_NE(drawn.find("adalovelace"), std::string::npos) << drawn;
  EXPECT_EQ(drawn.find("GitHub"), std::string::npos) << drawn;
  EXPECT_NE(pdf_text(icons.pdf).find("GitHub: adalovelace"), std::string::npos) << pdf_text(icons.pdf);
  std::string zh = kContacts;
  zh.replace(zh.find("languages: [en]"), 15, "languages: [zh]");
  zh.replace(zh.find("{network: GitHub, username: adalovelace}"), 40,
             "{network: GitHub, username: adalovelace, label: 代码仓库}");
  Rendered chinese = render(zh, "--theme classic");
  ASSERT_EQ(chinese.result.status, 0) << chinese.result.err;
  const std::string zh_text = pdf_text(chinese.pdf);
  EXPECT_NE(zh_text.find("LinkedIn\uFF1Aada-lovelace"), std::string::npos) << zh_text;
  EXPECT_NE(zh_text.find("代码仓库"), std::string::npos) << zh_text;
  EXPECT_EQ(zh_text.find("GitHub"), std::string::npos) << "the label given is printed as written: " << zh_text;
}

// Each item's words lie inside the link annotation of its address.
TEST(Contacts, EachLinkCoversItsItem) {
  for (const char* theme : {"classic", "sidebar", "moderncv"}) {
    Rendered r = render(kContacts, std::string("--theme ") + theme);
    ASSERT_EQ(r.result.status, 0) << r.result.err;
    const auto pages = read_boxes(r.pdf);
    ASSERT_FALSE(pages.empty());
    const auto links = link_annotations(r.pdf, pages[0].height);
    const std::map<std::string, std::string> expected = {
        {"ada@example.org", "mailto:ada@example.org"},
        {"+44", "tel:+442079460958"},
        {"0958", "tel:+442079460958"},
        {"adalovelace", "https://github.com/adalovelace"},
        {"ada-lovelace", "https://linkedin.com/in/ada-lovelace"},
        {"0000-0002-1825-0097", "https://orcid.org/0000-0002-1825-0097"},
        {"AbCdEf12345", "https://scholar.google.com/citations?user=AbCdEf12345"},
        {"@ada@mathstodon.xyz", "https://mathstodon.xyz/@ada"},
        {"ada.example.org", "https://ada.example.org"},
    };
    for (const auto& [word_text, uri] : expected) {
      const Word* word = nullptr;
      for (const auto& line : pages[0].lines)
        for (const auto& w : line.words)
          if (w.text == word_text) word = &w;
      ASSERT_NE(word, nullptr) << theme << ": no word '" << word_text << "'";
      bool covered = false;
      for (const auto& a : links) {
        if (a.uri != uri) continue;
        const double cx = (word->box.x0 + word->box.x1) / 2, cy = (word->box.y0 + word->box.y1) / 2;
        covered = covered || (a.rect.x0 <= word->box.x0 + 0.5 && word->box.x1 <= a.rect.x1 + 0.5 && a.rect.y0 <= cy &&
                              cy <= a.rect.y1 && cx > a.rect.x0);
      }
      EXPECT_TRUE(covered) << theme << ": '" << word_text << "' " << to_string(word->box) << " is not inside a link to "
                           << uri;
    }
  }
}

TEST(Contacts, PhoneLinksAreGlobalNumbers) {
  Rendered r = render(R"(person:
  name: Ada
  phone: "+1 (555) 010-9999"
sections: []
)",
                      "");
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  bool tel = false;
  for (const auto& a : link_annotations(r.pdf, 841.89)) tel = tel || a.uri == "tel:+15550109999";
  EXPECT_TRUE(tel);
  EXPECT_NE(pdf_text(r.pdf).find("+1 (555) 010-9999"), std::string::npos);  // printed as written
  Rendered none = render(R"(person:
  name: Ada
  phone: ask me
sections: []
)",
                         "");
  ASSERT_EQ(none.result.status, 0) << none.result.err;
  for (const auto& a : link_annotations(none.pdf, 841.89)) EXPECT_NE(a.uri.substr(0, 4), "tel:") << a.uri;
}

// The contact lines of page 1 (the glyphs at the contact size above the
// first heading), each as its glyphs along the baseline.
std::vector<std::vector<Glyph>> contact_lines(const GlyphPage& page, double size) {
  std::map<long, std::vector<Glyph>> by_baseline;
  for (const auto& line : page.lines)
    for (const auto& g : line.glyphs)
      if (std::abs(g.size - size) < 0.05) by_baseline[std::lround(g.y * 4)].push_back(g);
  std::vector<std::vector<Glyph>> out;
  for (auto& [y, glyphs] : by_baseline) {
    std::sort(glyphs.begin(), glyphs.end(), [](const Glyph& a, const Glyph& b) { return a.x < b.x; });
    std::vector<Glyph> ink;
    for (const auto& g : glyphs)
      if (!is_space(g.text)) ink.push_back(g);
    if (!ink.empty()) out.push_back(std::move(ink));
  }
  return out;
}

TEST(Contacts, LineBreaksBetweenItemsAndNeverEndsOnASeparator) {
  for (const char* icons : {"none", "both"}) {
    Rendered r = render(kContacts, std::string("--theme classic --set header.contact-icons=") + icons);
    ASSERT_EQ(r.result.status, 0) << r.result.err;
    GlyphBoxes boxes = read_glyph_boxes(r.pdf);
    ASSERT_TRUE(boxes.error.empty()) << boxes.error;
    const auto lines = contact_lines(boxes.glyph_pages.at(0), 9);
    ASSERT_GE(lines.size(), 2u) << "the items should need two lines";
    for (const auto& line : lines) {
      EXPECT_NE(line.back().text, "·") << icons << ": a line ends with the separator";
      EXPECT_NE(line.front().text, "·") << icons << ": a line begins with the separator";
    }
    // No item divided: every item's text is whole on one line.
    std::string joined;
    for (const auto& line : lines) {
      for (const auto& g : line) joined += g.text;
      joined += "\n";
    }
    for (const char* item : {"ada@example.org", "+442079460958", "0000-0002-1825-0097", "@ada@mathstodon.xyz"}) {
      EXPECT_NE(joined.find(item), std::string::npos) << icons << ": '" << item << "' is divided in\n" << joined;
    }
  }
}

TEST(Contacts, TwoLinesAreBalanced) {
  // Eight items of about a ninth of the measure each: a greedy fill would
  // leave one full line and one of two or three items.
  std::string yaml = "person:\n  name: Ada\n  email: adalovelace@example.org\n  links:\n";
  for (const char* name : {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"})
    yaml += std::string("    - {network: github, username: ") + name + "-engines}\n";
  yaml += "sections: []\n";
  Rendered r = render(yaml, "--theme classic");
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  GlyphBoxes boxes = read_glyph_boxes(r.pdf);
  ASSERT_TRUE(boxes.error.empty()) << boxes.error;
  const auto lines = contact_lines(boxes.glyph_pages.at(0), 9);
  ASSERT_EQ(lines.size(), 2u);
  const double first = lines[0].back().quad.x1 - lines[0].front().quad.x0;
  const double second = lines[1].back().quad.x1 - lines[1].front().quad.x0;
  EXPECT_GT(std::min(first, second), 0.75 * std::max(first, second))
      << "lines of " << first << " and " << second << " pt are not balanced";
}

// The fonts of the glyphs spelling `word` wherever it is drawn (mupdf's
// glyphs, in their lines' order).
std::vector<std::string> fonts_spelling(const std::string& pdf, const std::string& word) {
  std::vector<std::string> fonts;
  const GlyphBoxes boxes = read_glyph_boxes(pdf);
  for (const auto& page : boxes.glyph_pages)
    for (const auto& line : page.lines) {
      std::string text;
      std::vector<std::size_t> starts;
      for (const auto& glyph : line.glyphs) {
        starts.push_back(text.size());
        text += glyph.text;
      }
      for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
        for (std::size_t g = 0; g < starts.size(); ++g)
          if (starts[g] >= at && starts[g] < at + word.size()) fonts.push_back(line.glyphs[g].font);
    }
  return fonts;
}

// Markup in the name, the location and a label the résumé writes, as in
// any text; an address, a number and a username are set as written.
TEST(Contacts, TheNameLocationAndLabelsTakeMarkup) {
  const std::string yaml = R"(person:
  name: Ada *Countess* Lovelace
  location: "**London**, UK"
  email: ada_l@example.org
  links:
    - {label: "My *notes*", url: "https://example.org/notes"}
    - {network: GitHub, username: "ada*x*"}
sections:
  - title: Work
    entries:
      - {org: Acme, role: Engineer, bullets: [Did things.]}
)";
  Rendered r = render(yaml, "--theme classic");
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  const std::string text = pdf_text(r.pdf);
  EXPECT_NE(text.find("Ada Countess Lovelace"), std::string::npos) << text;
  EXPECT_NE(text.find("London, UK · My notes · GitHub: ada*x*"), std::string::npos) << text;
  for (const auto& [word, face] : std::vector<std::pair<std::string, std::string>>{
           {"Countess", "Lato-BoldItalic"}, {"London", "Lato-Bold"}, {"notes", "Lato-Italic"}}) {
    const auto fonts = fonts_spelling(r.pdf, word);
    ASSERT_FALSE(fonts.empty()) << word;
    for (const auto& f : fonts) EXPECT_NE(f.find(face), std::string::npos) << word << " is in " << f;
  }
  for (const auto& f : fonts_spelling(r.pdf, "Lovelace")) EXPECT_EQ(f.find("Italic"), std::string::npos) << f;
  // The document's title and author are the name's words, without marks.
  const Result info = run("pdfinfo '" + r.pdf + "'");
  EXPECT_NE(info.out.find("Author:          Ada Countess Lovelace\n"), std::string::npos) << info.out;
  EXPECT_EQ(info.out.find("*"), std::string::npos) << info.out;
}

}  // namespace
}  // namespace cvpdf::test

namespace cvpdf::test {
namespace {

// An entry's link written without a label shows its host (with a short
// path), so a long address does not wrap over the entry's head, and its
// annotation goes to the whole address.
TEST(EntryLinks, WithoutALabelShowTheHostAndLinkTheWholeAddress) {
  const std::string dir = temp_dir();
  const std::string long_url = "https://github.com/some-organisation/a-very-long-repository-name-for-a-project";
  write_file(dir + "/cv.yaml", std::string(R"(languages: [en]
person: {name: Ada Lovelace}
sections:
  - title: Projects
    entries:
      - org: Analytical Engine
        role: Designer
        links:
          - url: )") + long_url + R"(
          - url: https://www.example.org/notes/
        bullets: [Wrote the first program.]
)");
  const Result r = run(cvpdf() + " '" + dir + "/cv.yaml' -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = pdf_text(dir + "/cv.pdf");
  EXPECT_NE(text.find("github.com"), std::string::npos) << text;
  EXPECT_NE(text.find("example.org/notes"), std::string::npos) << text;
  EXPECT_EQ(text.find("a-very-long-repository"), std::string::npos) << "the long path is shown:\n" << text;
  EXPECT_EQ(text.find("https://"), std::string::npos) << "the scheme is shown:\n" << text;
  std::vector<std::string> uris;
  for (const auto& a : link_annotations(dir + "/cv.pdf", 842)) uris.push_back(a.uri);
  EXPECT_NE(std::find(uris.begin(), uris.end(), long_url), uris.end()) << "the whole address is not linked";
  EXPECT_NE(std::find(uris.begin(), uris.end(), "https://www.example.org/notes/"), uris.end());
}

}  // namespace
}  // namespace cvpdf::test
