// The two-column page (compose/sidebar.hpp) on the repository's résumé:
// every run in its column, the background behind everything and out to the
// paper's edge, a long sidebar flowing onto the next page, the reading
// order of the elements and of the outline, right mirroring left, titles
// matched in any language, and sidebar.side none leaving the page as it was.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "classic_layout.hpp"
#include "compose/overlay.hpp"
#include "compose/render_variant.hpp"
#include "compose/sidebar.hpp"
#include "frame/dump.hpp"
#include "model/loader.hpp"

namespace cvpdf::compose {
namespace {

const Scaled kTolerance = pt(0.5);

model::StyleValue scalar(const std::string& value) {
  model::StyleValue v;
  v.scalar = value;
  return v;
}

model::StyleValue list(std::vector<std::string> values, SourceSpan span = {}) {
  model::StyleValue v;
  v.list = std::move(values);
  v.is_list = true;
  v.span = std::move(span);
  return v;
}

struct Composed {
  frame::Document doc;
  theme::Style style;
  Diagnostics diags;
  std::string dump;
};

Composed compose_resume(const std::string& language, const model::StyleMap& keys, bool overlay = false) {
  Composed c;
  std::ifstream in(std::string(CVPDF_SOURCE_DIR) + "/resume.yaml");
  std::stringstream text;
  text << in.rdbuf();
  auto resume = model::load_resume(text.str(), "resume.yaml", CVPDF_SOURCE_DIR, c.diags);
  EXPECT_TRUE(resume.has_value());
  text::FontBook book;
  VariantOptions options{{language, 0, "test", overlay}};
  RenderedVariant rendered = render_variant(*resume, classic_layers(keys, CVPDF_SOURCE_DIR, c.diags), book, options, c.diags);
  c.style = std::move(rendered.style);
  c.doc = std::move(rendered.document);
  c.dump = frame::dump(c.doc, book);
  return c;
}

// The sidebar at `side` holding the skills and awards.
model::StyleMap sidebar_keys(const std::string& side = "left") {
  return {{"sidebar.side", scalar(side)}, {"sidebar.sections", list({"Technical Skills", "awards"})}};
}

std::string text_of(const frame::GlyphRun& run) {
  std::string out;
  for (const auto& g : run.glyphs) out += g.text;
  return out;
}

// A run's horizontal ink: a ragged line's last glyph may be a space.
Scaled right_of(const frame::GlyphRun& run) {
  Scaled right = run.x + run.width();
  if (!run.glyphs.empty() && run.glyphs.back().text == " ") right -= run.glyphs.back().advance;
  return right;
}

bool within(const frame::GlyphRun& run, const ColumnFrame& column) {
  return run.x >= column.x - kTolerance && right_of(run) <= column.x + column.width + kTolerance;
}

// A footer stands in the bottom margin, outside both columns.
bool is_footer(const frame::GlyphRun& run, const theme::Style& style) {
  return run.y > style.page_height - style.margin_bottom;
}

enum class Column { Main, Sidebar, Neither };

Column column_of(const frame::GlyphRun& run, const SidebarGeometry& g) {
  if (within(run, g.sidebar)) return Column::Sidebar;
  if (within(run, g.main)) return Column::Main;
  return Column::Neither;
}

// The text of every run in each column, page after page, in element order.
struct ColumnTexts {
  std::string main, sidebar;
};

ColumnTexts texts(const Composed& c, std::size_t only_page = static_cast<std::size_t>(-1)) {
  const SidebarGeometry g = sidebar_geometry(c.style);
  ColumnTexts out;
  for (std::size_t p = 0; p < c.doc.pages.size(); ++p) {
    if (only_page != static_cast<std::size_t>(-1) && p != only_page) continue;
    for (const auto& e : c.doc.pages[p].elements) {
      const auto* run = std::get_if<frame::GlyphRun>(&e);
      if (!run || is_footer(*run, c.style)) continue;
      const Column col = column_of(*run, g);
      if (col == Column::Sidebar) out.sidebar += text_of(*run) + "\n";
      if (col == Column::Main) out.main += text_of(*run) + "\n";
    }
  }
  return out;
}

bool has(const std::string& haystack, const std::string& needle) { return haystack.find(needle) != std::string::npos; }

TEST(Sidebar, EveryRunStaysInItsColumn) {
  for (const std::string side : {"left", "right"}) {
    for (const std::string language : {"en", "zh"}) {
      Composed c = compose_resume(language, sidebar_keys(side));
      ASSERT_FALSE(c.diags.has_errors());
      const SidebarGeometry g = sidebar_geometry(c.style);
      // The columns do not overlap, and are separated by the gap.
      if (side == "left") EXPECT_GE(g.main.x, g.sidebar.x + g.sidebar.width + c.style.sidebar_gap);
      else EXPECT_GE(g.sidebar.x, g.main.x + g.main.width + c.style.sidebar_gap);
      for (std::size_t p = 0; p < c.doc.pages.size(); ++p) {
        for (const auto& e : c.doc.pages[p].elements) {
          const auto* run = std::get_if<frame::GlyphRun>(&e);
          if (!run || is_footer(*run, c.style)) continue;
          EXPECT_NE(column_of(*run, g), Column::Neither)
              << side << " " << language << " page " << p + 1 << ": '" << text_of(*run) << "' at x "
              << to_pt(run->x) << "pt, ending at " << to_pt(right_of(*run)) << "pt, is in neither column";
          EXPECT_LE(run->y, g.main.top + g.main.height + kTolerance) << "'" << text_of(*run) << "' runs off the column's foot";
        }
      }
    }
  }
}

TEST(Sidebar, ChosenSectionsGoToTheSidebarTheRestToTheMainColumn) {
  Composed c = compose_resume("en", sidebar_keys());
  const ColumnTexts t = texts(c);
  for (const std::string aside : {"TECHNICAL SKILLS", "Programming", "AWARDS", "Outstanding"}) {
    EXPECT_TRUE(has(t.sidebar, aside)) << aside;
    EXPECT_FALSE(has(t.main, aside)) << aside;
  }
  for (const std::string main : {"EDUCATION", "EXPERIENCE & RESEARCH", "PUBLICATIONS", "CAREER VISION"}) {
    EXPECT_TRUE(has(t.main, main)) << main;
    EXPECT_FALSE(has(t.sidebar, main)) << main;
  }
  // The header: the contact items (sidebar.header's default) at the top of
  // the sidebar, the name, headline and summary above the main column.
  EXPECT_TRUE(has(t.sidebar, "943648187@qq.com"));
  EXPECT_TRUE(has(t.main, "Shaojie Tan"));
  EXPECT_FALSE(has(t.sidebar, "Shaojie Tan"));
  EXPECT_TRUE(has(t.main, "Huawei Ascend training"));
  EXPECT_EQ(t.sidebar.rfind("943648187@qq.com", 0), 0u) << "the contacts open the sidebar";
}

TEST(Sidebar, TheBackgroundComesFirstAndBleedsToThePaperEdge) {
  for (const std::string side : {"left", "right"}) {
    Composed c = compose_resume("en", sidebar_keys(side));
    const SidebarGeometry g = sidebar_geometry(c.style);
    ASSERT_GE(c.doc.pages.size(), 2u);
    for (std::size_t p = 0; p < c.doc.pages.size(); ++p) {
      const auto& elements = c.doc.pages[p].elements;
      ASSERT_FALSE(elements.empty());
      const auto* rule = std::get_if<frame::Rule>(&elements.front());
      ASSERT_NE(rule, nullptr) << side << " page " << p + 1 << ": the first element is not the background";
      EXPECT_EQ(rule->color, c.style.sidebar_background);
      EXPECT_EQ(rule->y, 0);
      EXPECT_EQ(rule->height, c.style.page_height);
      if (side == "left") {
        EXPECT_EQ(rule->x, 0);
        // Past the column's inner edge by the padding; the sidebar's text
        // stops the padding short of that edge.
        EXPECT_EQ(rule->x + rule->width, g.sidebar.x + g.sidebar.width + 2 * c.style.sidebar_padding);
        EXPECT_LT(rule->x + rule->width, g.main.x);
      } else {
        EXPECT_EQ(rule->x + rule->width, c.style.page_width);
        EXPECT_EQ(rule->x, g.sidebar.x - 2 * c.style.sidebar_padding);
        EXPECT_GT(rule->x, g.main.x + g.main.width);
      }
    }
  }
}

TEST(Sidebar, AWhiteBackgroundIsNotDrawn) {
  model::StyleMap keys = sidebar_keys();
  keys["sidebar.background"] = scalar("#ffffff");
  Composed c = compose_resume("en", keys);
  for (const auto& page : c.doc.pages)
    for (const auto& e : page.elements)
      if (const auto* rule = std::get_if<frame::Rule>(&e)) {
        EXPECT_NE(rule->height, c.style.page_height);
      }
}

TEST(Sidebar, ALongSidebarContinuesOnTheNextPage) {
  // Everything but the career vision in the sidebar: more than a page of it.
  model::StyleMap keys = {
      {"sidebar.side", scalar("left")},
      {"sidebar.sections", list({"Education", "Experience & Research", "Selected Projects", "Technical Skills",
                                 "Awards", "Publications", "AI Practice & Engineering Automation"})}};
  Composed c = compose_resume("en", keys);
  ASSERT_FALSE(c.diags.has_errors());
  ASSERT_GE(c.doc.pages.size(), 2u);
  const ColumnTexts first = texts(c, 0), second = texts(c, 1);
  EXPECT_TRUE(has(first.main, "CAREER VISION"));
  EXPECT_TRUE(has(first.sidebar, "EDUCATION"));
  EXPECT_FALSE(second.sidebar.empty()) << "the sidebar stops at the foot of page 1";
  EXPECT_TRUE(second.main.empty()) << "the main column ended on page 1";
  // Nothing is lost: every section has its bookmark on a page there is.
  EXPECT_EQ(c.doc.bookmarks.size(), 8u);
  for (const auto& b : c.doc.bookmarks) EXPECT_LT(b.page, c.doc.pages.size());
  const ColumnTexts all = texts(c);
  EXPECT_TRUE(has(all.sidebar, "AUTOMATION"));
  // The background is on the pages the sidebar alone fills too.
  for (const auto& page : c.doc.pages) ASSERT_TRUE(std::holds_alternative<frame::Rule>(page.elements.front()));
}

TEST(Sidebar, ElementsAndBookmarksFollowTheReadingOrder) {
  for (const std::string order : {"main-first", "sidebar-first"}) {
    model::StyleMap keys = sidebar_keys();
    keys["sidebar.reading-order"] = scalar(order);
    Composed c = compose_resume("en", keys);
    const SidebarGeometry g = sidebar_geometry(c.style);
    const Column first = order == "main-first" ? Column::Main : Column::Sidebar;
    for (std::size_t p = 0; p < c.doc.pages.size(); ++p) {
      // The column order along the page's elements: one switch at most.
      std::vector<Column> seen;
      for (const auto& e : c.doc.pages[p].elements) {
        const auto* run = std::get_if<frame::GlyphRun>(&e);
        if (!run || is_footer(*run, c.style)) continue;
        const Column col = column_of(*run, g);
        if (seen.empty() || seen.back() != col) seen.push_back(col);
      }
      ASSERT_LE(seen.size(), 2u) << order << " page " << p + 1 << ": the columns interleave";
      if (seen.size() == 2) {
        EXPECT_EQ(seen.front(), first) << order << " page " << p + 1;
      }
    }
    ASSERT_FALSE(c.doc.bookmarks.empty());
    // Page 1 holds both columns' headings: the first column's come first.
    EXPECT_EQ(c.doc.bookmarks.front().title, order == "main-first" ? "Education" : "Technical Skills");
    std::vector<std::string> page_one;
    for (const auto& b : c.doc.bookmarks)
      if (b.page == 0) page_one.push_back(b.title);
    // However many of the main column's sections start on page 1, the
    // sidebar's two come after them (main-first) or before them.
    auto in_sidebar = [](const std::string& title) { return title == "Technical Skills" || title == "Awards"; };
    std::vector<std::string> sidebar_part, main_part;
    for (const auto& title : page_one) (in_sidebar(title) ? sidebar_part : main_part).push_back(title);
    EXPECT_EQ(sidebar_part, (std::vector<std::string>{"Technical Skills", "Awards"}));
    ASSERT_GE(main_part.size(), 2u);
    EXPECT_EQ(main_part[0], "Education");
    EXPECT_EQ(main_part[1], "Experience & Research");
    std::vector<std::string> expected = order == "main-first" ? main_part : sidebar_part;
    for (const auto& title : order == "main-first" ? sidebar_part : main_part) expected.push_back(title);
    EXPECT_EQ(page_one, expected);
    for (std::size_t i = 1; i < c.doc.bookmarks.size(); ++i)
      EXPECT_LE(c.doc.bookmarks[i - 1].page, c.doc.bookmarks[i].page);
  }
}

TEST(Sidebar, RightMirrorsLeft) {
  Composed left = compose_resume("en", sidebar_keys("left"));
  Composed right = compose_resume("en", sidebar_keys("right"));
  const SidebarGeometry gl = sidebar_geometry(left.style), gr = sidebar_geometry(right.style);
  EXPECT_EQ(gl.sidebar.width, gr.sidebar.width);
  EXPECT_EQ(gl.main.width, gr.main.width);
  ASSERT_EQ(left.doc.pages.size(), right.doc.pages.size());
  EXPECT_EQ(left.doc.bookmarks.size(), right.doc.bookmarks.size());
  for (std::size_t p = 0; p < left.doc.pages.size(); ++p) {
    const auto& l = left.doc.pages[p].elements;
    const auto& r = right.doc.pages[p].elements;
    ASSERT_EQ(l.size(), r.size()) << "page " << p + 1;
    // The background mirrored about the page's middle (the margins are equal).
    ASSERT_EQ(left.style.margin_left, left.style.margin_right);
    const auto& bl = std::get<frame::Rule>(l.front());
    const auto& br = std::get<frame::Rule>(r.front());
    EXPECT_EQ(bl.width, br.width);
    EXPECT_EQ(br.x, left.style.page_width - bl.width);
    // Every run: the same text on the same baseline, shifted by its column's move.
    for (std::size_t i = 0; i < l.size(); ++i) {
      const auto* a = std::get_if<frame::GlyphRun>(&l[i]);
      const auto* b = std::get_if<frame::GlyphRun>(&r[i]);
      ASSERT_EQ(a == nullptr, b == nullptr) << "page " << p + 1 << " element " << i;
      if (!a || is_footer(*a, left.style)) continue;
      EXPECT_EQ(text_of(*a), text_of(*b));
      EXPECT_EQ(a->y, b->y);
      const Column col = column_of(*a, gl);
      ASSERT_EQ(col, column_of(*b, gr)) << "'" << text_of(*a) << "' changes column";
      const Scaled shift = col == Column::Sidebar ? gr.sidebar.x - gl.sidebar.x : gr.main.x - gl.main.x;
      EXPECT_EQ(b->x - a->x, shift) << "'" << text_of(*a) << "'";
    }
  }
}

TEST(Sidebar, SectionsMatchByTheirTitleInAnyLanguage) {
  const model::StyleMap keys = {{"sidebar.side", scalar("left")}, {"sidebar.sections", list({"专业技能", "获奖经历"})}};
  Composed zh = compose_resume("zh", keys);
  const ColumnTexts t = texts(zh);
  EXPECT_TRUE(has(t.sidebar, "专业技能"));
  EXPECT_TRUE(has(t.sidebar, "获奖经历"));
  EXPECT_FALSE(has(t.main, "专业技能"));
  EXPECT_TRUE(has(t.main, "教育背景"));
  EXPECT_FALSE(has(t.sidebar, "教育背景"));
  // The English variant's sections matched by their Chinese titles.
  Composed en = compose_resume("en", keys);
  EXPECT_TRUE(has(texts(en).sidebar, "TECHNICAL SKILLS"));
  EXPECT_TRUE(has(texts(en).sidebar, "AWARDS"));
}

TEST(Sidebar, TitlesMatchIgnoringCaseAndSpaceButWhole) {
  model::Section section;
  section.title.by_language = {{"en", "Compétences Clés"}, {"zh", "专业技能"}};
  theme::Style style;
  style.sidebar_sections = {" COMPÉTENCES CLÉS "};
  EXPECT_TRUE(in_sidebar(section, style));
  style.sidebar_sections = {"专业技能"};
  EXPECT_TRUE(in_sidebar(section, style));
  style.sidebar_sections = {"Compétences", "技能"};
  EXPECT_FALSE(in_sidebar(section, style));
  style.sidebar_sections = {};
  EXPECT_FALSE(in_sidebar(section, style));
}

TEST(Sidebar, HeaderPartsByNameAndAnUnknownOneWarnsAtTheKey) {
  const SourceSpan at{"theme.yaml", 12, 11};
  const model::StyleMap keys = {{"sidebar.header", list({"Photo", "contact", "metrics", "contcat"}, at)}};
  Diagnostics read;
  const theme::Style style = theme::resolve_style(keys, {}, "en", read);  // the list and its place (Style::origin)
  ASSERT_FALSE(read.has_errors());
  Diagnostics diags;
  EXPECT_EQ(sidebar_header_parts(style, diags), unsigned{kHeaderPhoto | kHeaderContact | kHeaderMetrics});
  ASSERT_EQ(diags.all().size(), 1u);
  const Diagnostic& d = diags.all().front();
  EXPECT_EQ(d.severity, Severity::Warning);
  EXPECT_EQ(d.span.file, "theme.yaml");
  EXPECT_EQ(d.span.line, 12);
  EXPECT_NE(d.message.find("'contcat'"), std::string::npos) << d.message;
  EXPECT_NE(d.hint.find("did you mean 'contact'"), std::string::npos) << d.hint;
}

TEST(Sidebar, TheSidebarHeaderIsFlushLeftWithContactsInAColumn) {
  theme::Style style;
  style.header_align = theme::HeaderAlign::Split;
  style.contact_style = theme::ContactStyle::Grid;
  const theme::Style s = sidebar_header_style(style, kHeaderPhoto | kHeaderContact);
  EXPECT_EQ(s.header_align, theme::HeaderAlign::Left);
  EXPECT_EQ(s.contact_style, theme::ContactStyle::Column);
  EXPECT_EQ(sidebar_header_style(style, kHeaderPhoto).header_align, theme::HeaderAlign::Center);
}

TEST(Sidebar, MetricsInTheSidebarLeaveTheMainColumn) {
  model::StyleMap keys = sidebar_keys();
  keys["sidebar.header"] = list({"contact", "metrics"});
  Composed c = compose_resume("en", keys);
  ASSERT_FALSE(c.diags.has_errors());
  const ColumnTexts t = texts(c, 0);
  EXPECT_TRUE(has(t.sidebar, "6×"));
  EXPECT_FALSE(has(t.main, "6×"));
  EXPECT_TRUE(has(t.main, "Huawei Ascend training"));
}

TEST(Sidebar, TheDebugOverlayOutlinesBothColumns) {
  Composed c = compose_resume("en", sidebar_keys(), true);
  const SidebarGeometry g = sidebar_geometry(c.style);
  for (const auto* column : {&g.main, &g.sidebar}) {
    bool outlined = false;
    for (const auto& e : c.doc.pages.front().elements) {
      const auto* rule = std::get_if<frame::Rule>(&e);
      if (rule && rule->color == kOverlayMarginColor && rule->x == column->x && rule->y == column->top &&
          rule->width == column->width)
        outlined = true;
    }
    EXPECT_TRUE(outlined) << "no frame at x " << to_pt(column->x) << "pt";
  }
  // Baselines run across the block's own column, not the text area.
  for (const auto& e : c.doc.pages.front().elements) {
    const auto* rule = std::get_if<frame::Rule>(&e);
    if (rule && rule->color == kOverlayBaselineColor) {
      EXPECT_TRUE(rule->width == g.main.width || rule->width == g.sidebar.width);
    }
  }
}

TEST(Sidebar, SideNoneIgnoresTheOtherSidebarKeys) {
  Composed plain = compose_resume("en", {});
  model::StyleMap keys = {{"sidebar.side", scalar("none")},
                          {"sidebar.sections", list({"Technical Skills"})},
                          {"sidebar.header", list({"photo", "metrics"})},
                          {"sidebar.background", scalar("#ff0000")},
                          {"sidebar.reading-order", scalar("sidebar-first")}};
  Composed none = compose_resume("en", keys);
  EXPECT_EQ(plain.dump, none.dump);
}

}  // namespace
}  // namespace cvpdf::compose
