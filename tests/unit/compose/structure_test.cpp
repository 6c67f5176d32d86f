// The logical structure the composer builds (compose/structure.hpp): the
// tree's shape for a small résumé with every kind of part (name, photo,
// contacts, metrics, an item with bullets and a link, pairs, publications),
// every read run tagged and icons and footers left artifacts, the reading
// order (one column, and both orders of the sidebar theme), a Span with its
// language around CJK text in an English résumé, and a link over two lines
// as one Link element. One composition per look, shared by its tests.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "compose/builtin_layouts.hpp"
#include "core/utf8.hpp"
#include "header_fixture.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::compose {
namespace {

using probe::Settings;

const std::string kLongLink =
    "the write-up of how the billing service was split into shards without a single minute of downtime or a lost "
    "write";

std::string resume_yaml() {
  return "languages: [en, zh]\n"
         "person:\n"
         "  name: Ada 李明\n"
         "  headline: Backend Engineer\n"
         "  email: ada@example.com\n"
         "  photo: baseline.jpg\n"
         "  links:\n"
         "    - label: ada.example.org\n"
         "      url: https://ada.example.org\n"
         "  summary: Keeps storage services fast and boring.\n"
         "  metrics:\n"
         "    - {value: 6x, label: faster billing}\n"
         "    - {value: 99.99%, label: uptime}\n"
         "sections:\n"
         "  - title: Experience\n"
         "    entries:\n"
         "      - org: Example Corp\n"
         "        role: Engineer\n"
         "        start: 2020-01\n"
         "        links:\n"
         "          - {label: Repository, url: 'https://git.example.org/billing'}\n"
         "        bullets:\n"
         "          - Built the billing service.\n"
         "          - Wrote [" + kLongLink + "](https://blog.example.org/shards).\n"
         "  - title: Skills\n"
         "    entries:\n"
         "      - {label: Languages, text: 'Go, SQL'}\n"
         "      - {label: Tools, text: 'Make, Git'}\n"
         "  - title: Publications\n"
         "    entries:\n"
         "      - {title: Sharding Without Tears, authors: [A. Li], venue: Systems Review, year: 2024}\n"
         "  - title: Awards\n"
         "    entries:\n"
         "      - {label: Prize, text: Best paper}\n";
}

// The tree with each node's content (runs' texts, link areas as
// "<link …>") and kids in reading order, as a reader of the PDF meets it.
struct Tree {
  struct Kid {
    std::uint32_t seq = 0;
    frame::StructId node = frame::kArtifact;  // a child node, or content when kArtifact
    std::string text;
  };
  const frame::Document* doc = nullptr;
  std::vector<std::vector<Kid>> kids;
  std::vector<std::uint32_t> first;  // the smallest seq in each node's subtree

  explicit Tree(const frame::Document& d) : doc(&d), kids(d.structure.size()), first(d.structure.size(), UINT32_MAX) {
    for (const auto& page : d.pages)
      for (const auto& e : page.elements) {
        frame::Tag tag;
        std::string text;
        if (const auto* run = std::get_if<frame::GlyphRun>(&e)) {
          tag = run->tag;
          text = probe::text_of(*run);
        } else if (const auto* link = std::get_if<frame::LinkArea>(&e)) {
          tag = link->tag;
          text = "<link " + link->contents + ">";
        } else if (const auto* image = std::get_if<frame::Image>(&e)) {
          tag = image->tag;
          text = "<image>";
        } else {
          tag = std::get<frame::Rule>(e).tag;
          text = "<rule>";
        }
        if (tag.node == frame::kArtifact) continue;
        kids[static_cast<std::size_t>(tag.node)].push_back({tag.seq, frame::kArtifact, text});
        for (auto n = tag.node; n != frame::kArtifact; n = d.structure[static_cast<std::size_t>(n)].parent)
          first[static_cast<std::size_t>(n)] = std::min(first[static_cast<std::size_t>(n)], tag.seq);
      }
    for (std::size_t n = 1; n < d.structure.size(); ++n)
      if (first[n] != UINT32_MAX)
        kids[static_cast<std::size_t>(d.structure[n].parent)].push_back({first[n], static_cast<frame::StructId>(n), ""});
    for (auto& k : kids)
      std::stable_sort(k.begin(), k.end(), [](const Kid& a, const Kid& b) { return a.seq < b.seq; });
  }

  const frame::StructNode& node(frame::StructId n) const { return doc->structure[static_cast<std::size_t>(n)]; }
  // The node's text: its content and its kids', in reading order.
  std::string text(frame::StructId n) const {
    std::string out;
    for (const auto& k : kids[static_cast<std::size_t>(n)]) {
      if (k.node != frame::kArtifact) out += text(k.node);
      else if (k.text.rfind("<", 0) != 0) out += k.text;
    }
    return out;
  }
  std::vector<frame::StructId> children(frame::StructId n) const {
    std::vector<frame::StructId> out;
    for (const auto& k : kids[static_cast<std::size_t>(n)])
      if (k.node != frame::kArtifact) out.push_back(k.node);
    return out;
  }
  std::string roles(frame::StructId n) const {
    std::string out;
    for (auto c : children(n)) out += (out.empty() ? "" : " ") + node(c).role;
    return out;
  }
  // Every node of `role` in reading order.
  std::vector<frame::StructId> all(const std::string& role, frame::StructId from = 0) const {
    std::vector<frame::StructId> out;
    if (node(from).role == role) out.push_back(from);
    for (auto c : children(from))
      for (auto n : all(role, c)) out.push_back(n);
    return out;
  }
  // The outline, one node a line, for failure messages.
  std::string outline(frame::StructId n = 0, int depth = 0) const {
    std::string out = std::string(2 * depth, ' ') + node(n).role;
    if (!node(n).lang.empty()) out += " lang=" + node(n).lang;
    if (!node(n).alt.empty()) out += " alt=" + node(n).alt;
    out += "\n";
    for (const auto& k : kids[static_cast<std::size_t>(n)]) {
      if (k.node != frame::kArtifact) out += outline(k.node, depth + 1);
      else out += std::string(2 * depth + 2, ' ') + "'" + k.text + "'\n";
    }
    return out;
  }
};

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

const probe::Composed& classic() {
  static const probe::Composed c = probe::compose(resume_yaml(), "en");
  return c;
}

TEST(Structure, TreeShapeOfAResume) {
  const auto& c = classic();
  ASSERT_FALSE(c.doc.structure.empty());
  const Tree tree(c.doc);
  SCOPED_TRACE(tree.outline());
  EXPECT_EQ(tree.node(0).role, "Document");
  // The header: name, photo, headline, contacts, summary, metrics; then the sections.
  EXPECT_EQ(tree.roles(0), "H1 Figure P P P L Sect Sect Sect Sect");
  const auto top = tree.children(0);
  EXPECT_EQ(tree.text(top[0]), "Ada 李明");
  EXPECT_EQ(tree.node(top[1]).alt, "Ada 李明");
  EXPECT_EQ(tree.text(top[2]), "Backend Engineer");
  // Each linked contact a Link whose annotation says what it shows.
  const auto contact_links = tree.all("Link", top[3]);
  ASSERT_EQ(contact_links.size(), 2u);
  EXPECT_TRUE(contains(tree.outline(contact_links[0]), "<link ada@example.com>"));
  EXPECT_TRUE(contains(tree.outline(contact_links[1]), "<link ada.example.org>"));
  // The metrics: an LI per metric, its value the Lbl, its label the LBody.
  EXPECT_EQ(tree.roles(top[5]), "LI LI");
  const auto metric = tree.children(top[5])[0];
  EXPECT_EQ(tree.roles(metric), "Lbl LBody");
  EXPECT_EQ(tree.text(tree.children(metric)[0]), "6x");
  EXPECT_EQ(tree.text(tree.children(metric)[1]), "faster billing");

  // A section: its H2, then an item's Sect: title line H3 (its links ride
  // on it: entry.links after-org), the role line, one L of its bullets,
  // each LI a Lbl and an LBody.
  const auto experience = top[6];
  EXPECT_EQ(tree.roles(experience), "H2 Sect");
  EXPECT_EQ(tree.text(tree.children(experience)[0]), "EXPERIENCE");
  const auto item = tree.children(experience)[1];
  // The date flush right is a P of its own after the title line.
  EXPECT_EQ(tree.roles(item), "H3 P P L");
  const std::string title = tree.text(tree.children(item)[0]);
  EXPECT_TRUE(contains(title, "Example Corp")) << title;
  EXPECT_FALSE(contains(title, "2020")) << title;
  EXPECT_TRUE(contains(tree.text(tree.children(item)[1]), "2020"));
  EXPECT_TRUE(contains(tree.outline(tree.children(item)[0]), "<link Repository>"));
  EXPECT_EQ(tree.text(tree.children(item)[2]), "Engineer");
  const auto bullets = tree.children(item)[3];
  EXPECT_EQ(tree.roles(bullets), "LI LI");
  for (auto li : tree.children(bullets)) EXPECT_EQ(tree.roles(li), "Lbl LBody");
  EXPECT_EQ(tree.text(tree.children(tree.children(bullets)[0])[1]), "Built the billing service.");

  // Pairs: one L, an LI per pair, its label the Lbl.
  const auto skills = top[7];
  EXPECT_EQ(tree.roles(skills), "H2 L");
  const auto pairs = tree.children(skills)[1];
  EXPECT_EQ(tree.roles(pairs), "LI LI");
  EXPECT_EQ(tree.text(tree.children(tree.children(pairs)[0])[0]), "Languages");
  EXPECT_EQ(tree.text(tree.children(tree.children(pairs)[0])[1]), "Go, SQL");
  // Publications: an L whose LI's Lbl is the number.
  const auto publications = tree.children(top[8])[1];
  EXPECT_EQ(tree.node(publications).role, "L");
  EXPECT_EQ(tree.text(tree.children(tree.children(publications)[0])[0]), "[1]");
  EXPECT_TRUE(contains(tree.text(tree.children(tree.children(publications)[0])[1]), "Sharding Without Tears"));
}

TEST(Structure, EveryReadRunIsTaggedAndArtifactsAreNot) {
  // Icons and a footer on every page.
  const auto c = probe::compose(resume_yaml(), "en", {{"header.contact-icons", "both"}, {"footer.from-page", "1"}});
  ASSERT_FALSE(c.doc.structure.empty());
  const std::string footer = "Page 1 of";
  bool saw_icon = false, saw_footer = false;
  for (const auto& page : c.doc.pages)
    for (const auto& e : page.elements) {
      if (const auto* run = std::get_if<frame::GlyphRun>(&e)) {
        const std::string text = probe::text_of(*run);
        const bool icon = run->face != text::kNoFace && run->glyphs.size() == 1 && text.find(':') != std::string::npos &&
                          run->color == c.style.accent_color;
        const bool in_footer = run->size == c.style.footer_size;
        saw_icon = saw_icon || icon;
        saw_footer = saw_footer || in_footer;
        if (icon || in_footer) {
          EXPECT_EQ(run->tag.node, frame::kArtifact) << text;
        } else if (!text.empty()) {
          EXPECT_NE(run->tag.node, frame::kArtifact) << text;
        }
      } else if (const auto* rule = std::get_if<frame::Rule>(&e)) {
        EXPECT_EQ(rule->tag.node, frame::kArtifact);
      } else if (const auto* link = std::get_if<frame::LinkArea>(&e)) {
        ASSERT_NE(link->tag.node, frame::kArtifact) << link->uri;
        EXPECT_EQ(c.doc.structure[static_cast<std::size_t>(link->tag.node)].role, "Link");
        EXPECT_FALSE(link->contents.empty()) << link->uri;
      } else if (const auto* image = std::get_if<frame::Image>(&e)) {
        EXPECT_NE(image->tag.node, frame::kArtifact);
      }
    }
  EXPECT_TRUE(saw_icon) << "no contact icon was set: the test tests nothing";
  EXPECT_TRUE(saw_footer) << "no footer was set: the test tests nothing";
  // An icon with its words beside it: "Email: ada@example.com".
  std::string email;
  for (const auto& page : c.doc.pages)
    for (const auto& e : page.elements)
      if (const auto* link = std::get_if<frame::LinkArea>(&e); link && link->uri == "mailto:ada@example.com")
        email = link->contents;
  EXPECT_EQ(email, "Email: ada@example.com");
}

// A contact icon: one glyph standing for its word ("Email:", "邮箱：").
bool is_icon(const frame::GlyphRun& run) {
  const std::string text = probe::text_of(run);
  auto ends = [&](const std::string& end) {
    return text.size() > end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
  };
  return run.glyphs.size() == 1 && (ends(":") || ends("\uFF1A"));
}

// Every built-in theme over the classic one (as app/layouts.cpp stacks
// them), in both languages: a tagged document that opens with its H1,
// never skips a heading level, has no empty element, and leaves only
// icons and footers untagged.
TEST(Structure, EveryThemeTagsItsText) {
  Diagnostics diags;
  auto resume = probe::load(resume_yaml(), diags);
  ASSERT_TRUE(resume);
  for (const auto& layout : builtin_layouts()) {
    theme::StyleLayers layers;
    layers.push({"<built-in layout classic>", "", classic_layout_keys(diags)});
    if (layout.name != "classic")
      if (auto keys = theme::load_style(layout.text(), std::string(layout.name), diags)) layers.push({"theme", "", *keys});
    model::StyleMap icons;
    icons["header.contact-icons"].scalar = "both";
    layers.push({"style:", probe::kPhotoDir, icons});
    for (const std::string language : {"en", "zh"}) {
      SCOPED_TRACE(std::string(layout.name) + " " + language);
      RenderedVariant rendered = render_variant(*resume, layers, probe::font_book(), {{language, 0, "test"}}, diags);
      const frame::Document& doc = rendered.document;
      ASSERT_FALSE(doc.structure.empty());
      const Tree tree(doc);
      EXPECT_EQ(tree.node(tree.children(0).front()).role, "H1") << tree.outline();
      int level = 0;
      std::vector<std::pair<std::uint32_t, int>> headings;
      for (std::size_t n = 0; n < doc.structure.size(); ++n) {
        const std::string& role = doc.structure[n].role;
        if (role.size() == 2 && role[0] == 'H' && tree.first[n] != UINT32_MAX) headings.push_back({tree.first[n], role[1] - '0'});
      }
      // No element without content: the tree stays as small as it can.
      for (std::size_t n = 0; n < doc.structure.size(); ++n)
        EXPECT_NE(tree.first[n], UINT32_MAX) << "an empty " << doc.structure[n].role;
      std::sort(headings.begin(), headings.end());
      for (const auto& [seq, h] : headings) {
        EXPECT_LE(h, level + 1) << "a heading level skipped at H" << h;
        level = h;
      }
      for (const auto& page : doc.pages)
        for (const auto& e : page.elements)
          if (const auto* run = std::get_if<frame::GlyphRun>(&e)) {
            const std::string text = probe::text_of(*run);
            if (text.find_first_not_of(' ') == std::string::npos || is_icon(*run)) continue;
            EXPECT_NE(run->tag.node, frame::kArtifact) << text;
          }
    }
  }
}

// The texts of the tree's content in reading order.
std::string reading(const frame::Document& doc) {
  const Tree tree(doc);
  return tree.text(0);
}

TEST(Structure, SeqGivesTheReadingOrder) {
  const auto& c = classic();
  // Every element's seq is unique, and walking the tree meets them in
  // increasing order: the tree's order is the composer's.
  std::vector<std::uint32_t> seqs;
  for (const auto& page : c.doc.pages)
    for (const auto& e : page.elements)
      std::visit([&](const auto& x) {
        if (x.tag.node != frame::kArtifact) seqs.push_back(x.tag.seq);
      }, e);
  std::vector<std::uint32_t> sorted = seqs;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end()) << "two elements share a seq";
  const std::string text = reading(c.doc);
  std::size_t at = 0;
  for (const std::string part : {"Ada", "Backend Engineer", "ada@example.com", "Keeps storage", "6x", "EXPERIENCE",
                                 "Example Corp", "Repository", "Built the billing", "SKILLS", "Languages", "Go, SQL",
                                 "PUBLICATIONS", "[1]", "AWARDS", "Best paper"}) {
    const std::size_t found = text.find(part, at);
    EXPECT_NE(found, std::string::npos) << part << " out of order in: " << text;
    if (found != std::string::npos) at = found;
  }
}

TEST(Structure, SidebarReadsTheHeaderThenTheColumnsInTheThemesOrder) {
  for (const std::string order : {"main-first", "sidebar-first"}) {
    SCOPED_TRACE(order);
    Diagnostics diags;
    auto resume = probe::load(resume_yaml(), diags);
    ASSERT_TRUE(resume);
    model::StyleMap keys;
    keys["sidebar.side"].scalar = "left";
    keys["sidebar.reading-order"].scalar = order;
    keys["sidebar.sections"].list = {"Skills", "Awards"};
    keys["sidebar.sections"].is_list = true;
    RenderedVariant rendered = render_variant(*resume, classic_layers(keys, probe::kPhotoDir, diags), probe::font_book(),
                                              {{"en", 0, "test"}}, diags);
    const Tree tree(rendered.document);
    SCOPED_TRACE(tree.outline());
    const std::string text = tree.text(0);
    // The name first (the document opens with its H1), the contacts from
    // the sidebar's header next; then the columns whole, one after the other.
    EXPECT_EQ(tree.node(tree.children(0).front()).role, "H1");
    const auto pos = [&](const std::string& s) { return text.find(s); };
    ASSERT_NE(pos("EXPERIENCE"), std::string::npos);
    ASSERT_NE(pos("SKILLS"), std::string::npos);
    EXPECT_LT(pos("ada@example.com"), std::min(pos("EXPERIENCE"), pos("SKILLS")));
    if (order == "main-first") {
      EXPECT_LT(pos("PUBLICATIONS"), pos("SKILLS"));
    } else {
      EXPECT_LT(pos("AWARDS"), pos("EXPERIENCE"));
    }
    // The Skills and Awards sections each stay whole, whatever the column.
    EXPECT_LT(pos("SKILLS"), pos("Go, SQL"));
  }
}

TEST(Structure, CjkTextInAnEnglishResumeIsASpanWithItsLanguage) {
  const Tree tree(classic().doc);
  const auto spans = tree.all("Span");
  ASSERT_EQ(spans.size(), 1u) << tree.outline();
  EXPECT_EQ(tree.text(spans.front()), "李明");
  EXPECT_EQ(tree.node(spans.front()).lang, "zh-Hans");
  EXPECT_EQ(tree.node(tree.node(spans.front()).parent).role, "H1");
}

TEST(Structure, APhraseInAnotherScriptIsOneSpanWithItsLanguage) {
  const auto c = probe::compose("languages: [en]\nperson: {name: A}\nsections:\n  - title: S\n    entries:\n"
                                "      - org: O\n        bullets: [\"Said مرحبا بالعالم and Αθήνα in Kyiv\"]\n",
                                "en");
  const Tree tree(c.doc);
  const auto spans = tree.all("Span");
  // The space between the two Arabic words is inside the phrase's Span.
  // The Greek word is set in the Latin face, in one run with English words:
  // untagged rather than "el" over "and … in Kyiv" (script_language.hpp).
  ASSERT_EQ(spans.size(), 1u) << tree.outline();
  EXPECT_EQ(tree.text(spans[0]), "مرحبا بالعالم");
  EXPECT_EQ(tree.node(spans[0]).lang, "ar");
}

TEST(Structure, ChineseVariantMarksNoLatinSpans) {
  const auto c = probe::compose(resume_yaml(), "zh");
  const Tree tree(c.doc);
  EXPECT_TRUE(tree.all("Span").empty()) << tree.outline();
  EXPECT_EQ(tree.node(tree.children(0).front()).role, "H1");
}

TEST(Structure, ALinkOverTwoLinesIsOneLinkElement) {
  const auto& c = classic();
  std::vector<const frame::LinkArea*> areas;
  for (const auto& page : c.doc.pages)
    for (const auto& e : page.elements)
      if (const auto* link = std::get_if<frame::LinkArea>(&e); link && link->uri == "https://blog.example.org/shards")
        areas.push_back(link);
  ASSERT_GE(areas.size(), 2u) << "the link fits one line: the test tests nothing";
  for (const auto* area : areas) {
    EXPECT_EQ(area->tag.node, areas.front()->tag.node);
    EXPECT_EQ(area->contents, kLongLink);
  }
  const Tree tree(c.doc);
  EXPECT_EQ(tree.node(areas.front()->tag.node).role, "Link");
  EXPECT_EQ(tree.node(tree.node(areas.front()->tag.node).parent).role, "LBody");
}

// A link's /Contents is repeated on every line's annotation: a long one is
// cut, at a whole character, so a link over many lines costs its length
// once, not once a line.
TEST(Structure, ALongLinksContentsIsCutAtACharacter) {
  std::string label;
  for (int i = 0; i < 300; ++i) label += "训练 ";
  const auto c = probe::compose("languages: [en]\nperson: {name: A}\nsections:\n  - title: S\n    entries:\n"
                                "      - org: O\n        links: [{label: \"" + label + "\", url: \"https://e.com\"}]\n",
                                "en");
  std::size_t areas = 0;
  for (const auto& page : c.doc.pages)
    for (const auto& e : page.elements)
      if (const auto* link = std::get_if<frame::LinkArea>(&e); link && link->uri == "https://e.com") {
        ++areas;
        EXPECT_LE(link->contents.size(), kMaxLinkContentsBytes);
        EXPECT_GT(link->contents.size(), kMaxLinkContentsBytes - 8);
        EXPECT_EQ(link->contents.substr(0, 10), "训练 训");
        EXPECT_EQ(link->contents.substr(link->contents.size() - 3), "…");
        EXPECT_EQ(utf8::find_invalid(link->contents), std::string::npos) << link->contents;
      }
  EXPECT_GE(areas, 3U) << "the link fits a line or two: the test tests little";
}

}  // namespace
}  // namespace cvpdf::compose
