// Properties every built-in theme must have, for every input and language,
// checked on the real PDF through poppler, mupdf and qpdf (pdf_boxes.hpp) —
// never on the layout's own idea of where it put things:
//   a. it renders (exit 0) without an overfull-line warning;
//   b. no two words overlap;
//   c. every word lies in the text area the theme declares (page minus
//      margins), but for the footer in the bottom margin;
//   d. no section heading is stranded at the foot of a page;
//   e. the measure of body text (characters per line) is a readable one;
//   f. the name and every section title of the input are in the text.
// (b) and (c) measure each word by its glyphs as mupdf reports them: the
// advances across, the em square on the baseline down (Glyph::em_box), the
// same for every face (less a CJK mark's blank half; see drawn()). (d),
// (e) and (f) read poppler's lines and text.
// The themes come from the built binary (`cvpdf themes`), their declared
// page and margins from the project's own style resolution (model/), laid
// as the binary lays them: classic, then the theme, then the résumé's
// `style:`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <set>
#include <regex>
#include <sstream>
#include <utility>

#include "compose/builtin_layouts.hpp"
#include "model/loader.hpp"
#include "glyph_properties.hpp"
#include "line_properties.hpp"
#include "page_properties.hpp"
#include "theme_look_properties.hpp"
#include "pdf_boxes.hpp"
#include "rendered_pdf.hpp"
#include "run.hpp"
#include "theme/style.hpp"

namespace cvpdf::test {
namespace {

// (e) The median characters per body line each case must reach: the first
// row matching theme, input and language wins ("*" matches any). A
// character of a wide script (CJK) counts as two: it is set on a square
// about two Latin letters wide, so one range serves every language.
struct MeasureRange {
  const char* theme;
  const char* input;
  const char* language;
  double min, max;
};
constexpr MeasureRange kMeasures[] = {
    // The showcase in a single-column theme, either language: the 85–100
    // of a comfortable single-column résumé.
    {"classic", "resume.yaml", "*", 85, 100},
    {"moderncv", "resume.yaml", "*", 85, 100},
    {"engineering", "resume.yaml", "*", 85, 100},
    {"academic", "resume.yaml", "*", 85, 100},
    {"zh", "resume.yaml", "*", 85, 100},
    // Everything else: a sidebar's main column is narrower, a short or
    // wide-set input in a single column a little; outside this a line is
    // too short to justify or too long to read.
    {"*", "*", "*", 65, 100},
};

constexpr double kBodyShare = 0.85;  // (e) a body line is wider than this share of the widest

// ---- the cases: theme × input × language ------------------------------

struct Input {
  std::string file;  // relative to the source tree
  std::string language;
};

struct Case {
  std::string theme;
  Input input;
};

std::string case_name(const Case& c) {
  std::string name = c.theme + "_" + std::filesystem::path(c.input.file).stem().string() + "_" + c.input.language;
  for (auto& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

void PrintTo(const Case& c, std::ostream* os) { *os << c.theme << " × " << c.input.file << " --lang " << c.input.language; }

std::optional<model::Resume> load(const std::string& file, Diagnostics& diags) {
  const std::string path = source(file);
  return model::load_resume(read_file(path), path, std::filesystem::path(path).parent_path().string(), diags);
}

std::vector<Input> inputs() {
  std::vector<Input> list = {{"resume.yaml", "en"}, {"resume.yaml", "zh"}, {"examples/academic.yaml", "en"}};
  Diagnostics diags;
  if (auto one_page = load("examples/one-page.yaml", diags))
    for (const auto& language : one_page->languages) list.push_back({"examples/one-page.yaml", language});
  else
    list.push_back({"examples/one-page.yaml", "en"});  // fails loudly in the test, not silently here
  return list;
}

std::vector<Case> cases() {
  std::vector<Case> list;
  auto themes = listed_themes();
  if (themes.empty()) themes.push_back("(cvpdf listed no theme)");
  for (const auto& theme : themes)
    for (const auto& input : inputs()) list.push_back({theme, input});
  return list;
}

// ---- what the theme declares ------------------------------------------

std::optional<theme::Style> declared_style(const Case& c, std::string& why) {
  Diagnostics diags;
  auto resume = load(c.input.file, diags);
  if (!resume) {
    why = "the input does not load";
    return std::nullopt;
  }
  return theme_style(c.theme, *resume, c.input.language, why);
}

// ---- the rendering -----------------------------------------------------

struct Rendered {
  Result result;
  std::string command;
  RenderedPdf pdf;  // what the readers' tools report, for every check
};

Rendered render(const Case& c) {
  Rendered r;
  const std::string pdf = temp_dir() + "/out.pdf";
  const std::string tail = " '" + source(c.input.file) + "' --lang " + c.input.language + " -v -o '" + pdf + "'";
  r.command = "cvpdf --theme " + c.theme + tail;
  r.result = run(cvpdf() + " --theme '" + c.theme + "'" + tail);
  if (r.result.status != 0) return r;
  r.pdf.path = pdf;
  r.pdf.pages = read_boxes(pdf);
  r.pdf.glyphs = read_glyph_boxes(pdf);
  r.pdf.outline = read_outline(pdf);
  r.pdf.text = pdf_text(pdf);
  r.pdf.verbose_err = r.result.err;
  r.pdf.language = c.input.language;
  return r;
}

// ---- the test ------------------------------------------------------------

class ThemeProperty : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    const Case& c = GetParam();
    std::string why;
    auto style = declared_style(c, why);
    ASSERT_TRUE(style) << why;
    style_ = *style;
    rendered_ = render(c);
    // A short last page saved: the text area is the fitted style's.
    style_ = as_rendered(style_, rendered_.result.err);
    ASSERT_EQ(rendered_.result.status, 0) << "(a) " << rendered_.command << " failed:\n" << rendered_.result.err;
    ASSERT_FALSE(rendered_.pdf.pages.empty()) << "pdftotext -bbox-layout read no page";
    ASSERT_TRUE(rendered_.pdf.glyphs.error.empty()) << "(b, c) no glyph boxes: " << rendered_.pdf.glyphs.error;
    ASSERT_EQ(rendered_.pdf.glyphs.pages.size(), rendered_.pdf.pages.size()) << "mupdf and poppler count different pages";
    Diagnostics diags;
    resume_ = load(c.input.file, diags);
    ASSERT_TRUE(resume_);
    rendered_.pdf.style = style_;
    rendered_.pdf.resume = &*resume_;
  }

  Box text_area(const Page& page) const { return cvpdf::test::text_area(style_, page); }
  bool in_sidebar(const Box& box, const Page& page) const { return cvpdf::test::in_sidebar(style_, box, page); }

  void renders_cleanly();         // (a)–(d), (f)
  void has_a_readable_measure();  // (e)

  theme::Style style_;
  std::optional<model::Resume> resume_;
  Rendered rendered_;
};

void ThemeProperty::renders_cleanly() {
  // a. No warning of a line set past its measure.
  std::istringstream err(rendered_.result.err);
  for (std::string line; std::getline(err, line);) {
    const std::string lower = folded(line);
    EXPECT_EQ(lower.find("overfull"), std::string::npos) << "(a) " << line;
    EXPECT_EQ(lower.find("intothemargin"), std::string::npos) << "(a) " << line;
  }

  // The PDF's pages are the theme's page size: the text area below is
  // measured in the same frame the theme was resolved in.
  for (std::size_t p = 0; p < rendered_.pdf.pages.size(); ++p) {
    EXPECT_NEAR(rendered_.pdf.pages[p].width, to_pt(style_.page_width), 0.5) << "page " << p + 1;
    EXPECT_NEAR(rendered_.pdf.pages[p].height, to_pt(style_.page_height), 0.5) << "page " << p + 1;
  }

  // b. No two words overlap (em boxes shrunk so neighbours may touch).
  int reported = 0;
  const auto& glyph_pages = rendered_.pdf.glyphs.pages;
  for (std::size_t p = 0; p < glyph_pages.size(); ++p) {
    const auto words = distinct_words(glyph_pages[p]);
    for (std::size_t i = 0; i < words.size(); ++i)
      for (std::size_t j = i + 1; j < words.size(); ++j) {
        const Box a = drawn(words[i]).shrunk(kTouch), b = drawn(words[j]).shrunk(kTouch);
        if (!a.overlaps(b)) continue;
        if (++reported > 20) continue;  // enough to see what is wrong
        ADD_FAILURE() << "(b) page " << p + 1 << ": '" << words[i].text << "' " << to_string(words[i].box)
                      << " overlaps '" << words[j].text << "' " << to_string(words[j].box) << " by "
                      << points(std::min(a.x1, b.x1) - std::max(a.x0, b.x0)) << " × "
                      << points(std::min(a.y1, b.y1) - std::max(a.y0, b.y0)) << "pt";
      }
  }

  // c. Every word inside the declared text area; the footer may sit in
  // the bottom margin (inside the page, within the measure). A sidebar's
  // background runs to the page's edge: its text may reach into the margin
  // on that side, and above and below, by the sidebar's padding.
  int outside = 0;
  for (std::size_t p = 0; p < glyph_pages.size(); ++p) {
    const Page& page = glyph_pages[p];
    const Box area = text_area(page);
    for (const auto& line : page.lines) {
      const bool footer = is_footer(line, static_cast<int>(p) + 1, area.y1);
      for (const auto& w : line.words) {
        const Box ink = drawn(w);
        const Box allowed = allowed_area(style_, ink, page, footer);
        const bool inside = ink.x0 >= allowed.x0 - kMargin && ink.x1 <= allowed.x1 + kMargin &&
                            ink.y0 >= allowed.y0 - kMargin && ink.y1 <= allowed.y1 + kMargin;
        if (inside || ++outside > 20) continue;
        ADD_FAILURE() << "(c) page " << p + 1 << ": '" << w.text << "' " << to_string(w.box) << " (drawn in "
                      << to_string(ink) << ")"
                      << " leaves the text area " << to_string(allowed) << (footer ? " (footer line)" : "")
                      << " in the line '" << line.text() << "'";
      }
    }
  }

  // d. No page but the last ends a column on a section heading, or on an
  // item's first head line (its organisation) when the item has a second
  // (its role): below such a line on its page, in its column (the sidebar
  // or the main one), there is more than the footer. Not "below it across":
  // a theme may set its entries right of the headings (moderncv).
  const auto& resume = resume_;
  const std::string& language = GetParam().input.language;
  const std::string& first = resume->languages.front();
  std::set<std::string> headings;
  for (const auto& entry : rendered_.pdf.outline) headings.insert(folded(entry.title));
  EXPECT_FALSE(headings.empty()) << "the PDF has no outline";
  std::set<std::string> heads;
  for (const auto& section : resume->sections)
    for (const auto& entry : section.entries) {
      const auto* item = entry.as<model::ItemEntry>();
      if (item && !item->org.empty() && !item->role.empty() && entry.only.includes(language) &&
          section.only.includes(language))
        heads.insert(folded(item->org.get(language, first)));
    }
  for (std::size_t p = 0; p + 1 < rendered_.pdf.pages.size(); ++p) {
    const Page& page = rendered_.pdf.pages[p];
    const double text_bottom = text_area(page).y1;
    for (const auto& line : page.lines) {
      const std::string text = folded(line.text());
      const bool heading = headings.count(text) > 0;
      const bool head = std::any_of(heads.begin(), heads.end(),
                                    [&](const std::string& org) { return !org.empty() && text.rfind(org, 0) == 0; });
      if (!heading && !head) continue;
      const bool followed = std::any_of(page.lines.begin(), page.lines.end(), [&](const Line& l) {
        return &l != &line && l.box.y0 >= line.box.y1 - kTouch && in_sidebar(l.box, page) == in_sidebar(line.box, page) &&
               !is_footer(l, static_cast<int>(p) + 1, text_bottom);
      });
      EXPECT_TRUE(followed) << "(d) page " << p + 1 << " ends on the " << (heading ? "heading" : "entry head")
                            << " '" << line.text() << "' " << to_string(line.box);
    }
  }

  // f. The input's name and every section title of this language are there.
  const std::string text = folded(rendered_.pdf.text);
  const std::string name = resume->person.name.get(language, first);
  EXPECT_NE(text.find(folded(name)), std::string::npos) << "(f) the name '" << name << "' is not in the text";
  for (const auto& section : resume->sections) {
    const std::string title = section.title.get(language, first);
    if (title.empty() || !section.only.includes(language)) continue;
    EXPECT_NE(text.find(folded(title)), std::string::npos) << "(f) the section title '" << title << "' is not in the text";
  }
}

// Whether a word is a numbered label ("[10]", "10.") or the theme's
// bullet.
bool is_hanging_label(const std::string& word, const theme::Style& style) {
  if (!style.bullet_symbol.empty() && word == style.bullet_symbol) return true;
  static const std::regex kNumbered(R"(\[\d+\]|\d+\.)");
  return std::regex_match(word, kNumbered);
}

void ThemeProperty::has_a_readable_measure() {
  // e. Body lines: wider than kBodyShare of the page's widest, below the
  // first heading on page 1 (the header above it is not body text), not
  // the footer. Their widths in characters, spaces between words counted.
  const Case& c = GetParam();
  double header_bottom = 0;
  for (const auto& entry : rendered_.pdf.outline)
    if (entry.page == 1 && !std::isnan(entry.top)) {
      header_bottom = rendered_.pdf.pages[0].height - entry.top;
      break;
    }
  std::vector<int> counts;
  // The glyphs as drawn (mupdf's words): poppler's text reads a divided
  // word whole on its first line (the /ActualText of the text layer).
  ASSERT_EQ(rendered_.pdf.glyphs.error, "");
  for (std::size_t p = 0; p < rendered_.pdf.glyphs.pages.size(); ++p) {
    const Page& page = rendered_.pdf.glyphs.pages[p];
    const double text_bottom = text_area(page).y1;
    std::vector<const Line*> body;
    for (const auto& line : page.lines)
      if (!(p == 0 && line.box.y0 < header_bottom - kTouch) && !is_footer(line, static_cast<int>(p) + 1, text_bottom))
        body.push_back(&line);
    double widest = 0;
    for (const auto* line : body) widest = std::max(widest, line->box.width());
    for (const auto* line : body) {
      if (line->box.width() <= kBodyShare * widest) continue;
      // A hanging label ("[10]", "3.") or a list's bullet, drawn before its
      // line's text, may read as the line's first word: the hanging
      // indent's, not the measure's.
      const bool label = !line->words.empty() && is_hanging_label(line->words.front().text, rendered_.pdf.style);
      const std::size_t first = label ? 1 : 0;
      int count = static_cast<int>(line->words.size() - first) - 1;
      for (std::size_t k = first; k < line->words.size(); ++k)
        for (char32_t cp : code_points(line->words[k].text)) count += is_wide(cp) ? 2 : 1;
      counts.push_back(count);
    }
  }
  ASSERT_FALSE(counts.empty()) << "no body line found";
  std::sort(counts.begin(), counts.end());
  const std::size_t n = counts.size();
  const double median = n % 2 ? counts[n / 2] : (counts[n / 2 - 1] + counts[n / 2]) / 2.0;
  char summary[160];
  std::snprintf(summary, sizeof summary, "%d %g %d", counts.front(), median, counts.back());
  RecordProperty("chars_per_line", summary);
  std::printf("chars-per-line %s %s: %s (%s, %zu lines)\n", c.theme.c_str(), c.input.language.c_str(), summary,
              c.input.file.c_str(), n);

  const std::string input = std::filesystem::path(c.input.file).filename().string();
  auto matches = [](const char* pattern, const std::string& value) {
    return std::string(pattern) == "*" || value == pattern;
  };
  const auto range = std::find_if(std::begin(kMeasures), std::end(kMeasures), [&](const MeasureRange& m) {
    return matches(m.theme, c.theme) && matches(m.input, input) && matches(m.language, c.input.language);
  });
  ASSERT_NE(range, std::end(kMeasures));
  EXPECT_GE(median, range->min) << "(e) median characters per line; min " << counts.front() << ", max "
                                << counts.back();
  EXPECT_LE(median, range->max) << "(e) median characters per line; min " << counts.front() << ", max "
                                << counts.back();
}

// One render per case, every property checked on it (a render and its
// readers cost far more than the checks).
TEST_P(ThemeProperty, HoldsEveryProperty) {
  {
    SCOPED_TRACE("renders cleanly (a)-(d), (f)");
    renders_cleanly();
  }
  {
    SCOPED_TRACE("a readable measure (e)");
    has_a_readable_measure();
  }
  // The typographic rules, each family in its own *_properties.cpp.
  using Check = PropertyReport (*)(const RenderedPdf&);
  const std::pair<const char*, Check> checks[] = {
      {"word spaces", check_word_space_ratio},
      {"last-line fragments", check_last_line_fragments},
      {"separators at line edges", check_separators_at_line_edges},
      {"Chinese-Latin gap", check_cjk_latin_gap},
      {"tight symbols", check_tight_symbols},
      {"last-page fill", check_last_page_fill},
      {"lone pieces", check_lone_pieces},
      {"label colons", check_label_colons},
      {"japanese punctuation", check_japanese_punctuation},
      {"sidebar contacts aligned", check_sidebar_contacts_aligned},
  };
  for (const auto& [name, check] : checks) {
    const PropertyReport report = check(rendered_.pdf);
    std::printf("%s %s: %s\n", name, case_name(GetParam()).c_str(), report.figures.c_str());
    for (const auto& violation : report.violations) ADD_FAILURE() << "(" << name << ") " << violation;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryTheme, ThemeProperty, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& param) { return case_name(param.param); });

// The readers of pdf_boxes.hpp, on what poppler, mupdf and qpdf write.
TEST(PdfBoxes, ReadsPagesLinesAndWordsWithEntitiesDecoded) {
  const auto pages = parse_bbox_layout(R"(<doc>
  <page width="595.276000" height="841.890000">
    <flow><block xMin="1" yMin="2" xMax="3" yMax="4">
      <line xMin="48.189000" yMin="35.891000" xMax="174.026500" yMax="60.891000">
        <word xMin="48.189000" yMin="35.891000" xMax="128.926500" yMax="60.891000">R&amp;D&#39;s</word>
        <word xMin="135.001500" yMin="35.891000" xMax="174.026500" yMax="60.891000">&lt;&quot;x&quot;&gt;&#x2014;</word>
      </line>
    </block></flow>
  </page>
  <page width="612" height="792"><flow><block><line xMin="0" yMin="0" xMax="1" yMax="1"></line></block></flow></page>
</doc>)");
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_DOUBLE_EQ(pages[0].width, 595.276);
  EXPECT_DOUBLE_EQ(pages[1].height, 792);
  ASSERT_EQ(pages[0].lines.size(), 1u);
  EXPECT_EQ(pages[0].lines[0].text(), "R&D's <\"x\">\u2014");
  EXPECT_DOUBLE_EQ(pages[0].lines[0].words[1].box.x0, 135.0015);
  EXPECT_DOUBLE_EQ(pages[0].lines[0].box.y1, 60.891);
  EXPECT_TRUE(pages[1].lines[0].words.empty());
}

TEST(PdfBoxes, DropsAWordDrawnTwice) {
  Page page;
  page.lines.push_back({{}, {{"Bold", {1, 1, 5, 3}}, {"Bold", {1, 1, 5, 3}}, {"Bold", {6, 1, 9, 3}}}});
  EXPECT_EQ(distinct_words(page).size(), 2u);
}

TEST(PdfBoxes, ReadsTheOutlineWithPagesTopsAndChildren) {
  const auto outline = parse_qpdf_outlines(R"({"version": 2, "outlines": [
    {"dest": ["19 0 R", "/XYZ", 0, 646.092, null], "destpageposfrom1": 1, "kids": [
       {"dest": ["20 0 R", "/Fit"], "destpageposfrom1": 2, "kids": [], "title": "Child \"1\""}],
     "object": "26 0 R", "open": true, "title": "\u6559\u80b2 & Education"}]})");
  ASSERT_EQ(outline.size(), 2u);
  EXPECT_EQ(outline[0].title, "\u6559\u80b2 & Education");
  EXPECT_EQ(outline[0].page, 1);
  EXPECT_DOUBLE_EQ(outline[0].top, 646.092);
  EXPECT_EQ(outline[1].title, "Child \"1\"");
  EXPECT_EQ(outline[1].depth, 1);
  EXPECT_EQ(outline[1].page, 2);
  EXPECT_TRUE(std::isnan(outline[1].top));
}

// mutool's structured text, as 1.21 writes it (abridged: no color).
constexpr const char* kStext = R"(<?xml version="1.0"?>
<document name="x.pdf">
<page id="page1" width="595.276" height="841.89">
<block bbox="68.031 51.34967 190.461 87.336">
<line bbox="68.031 51.34967 190.461 87.336" wmode="0" dir="1 0">
<font name="CharisSIL-Bold" size="22">
<char quad="68.031 51.34967 79.82592 51.34967 68.031 87.336 79.82592 87.336" x="68.031" y="77.66803" c="R"/>
<char quad="79.823 51.34967 93.59448 51.34967 79.823 87.336 93.59448 87.336" x="79.823" y="77.66803" c="&amp;"/>
<char quad="93.595 51.34967 105.7659 51.34967 93.595 87.336 105.7659 87.336" x="93.595" y="77.66803" c="&lt;"/>
<char quad="105.761 51.34967 111.5 51.34967 105.761 87.336 111.5 87.336" x="105.761" y="77.66803" c=" "/>
</font>
<font name="NotoSansCJKsc-Regular" size="10">
<char quad="111.5 60 121.5 60 111.5 80 121.5 80" x="111.5" y="77.66803" c="&#x4e2d;"/>
<char quad="121.5 60 131.5 60 121.5 80 131.5 80" x="121.5" y="77.66803" c="&#xff0c;"/>
<char quad="131.5 60 141.5 60 131.5 80 141.5 80" x="131.5" y="77.66803" c="&#x6587;"/>
<char quad="141.5 60 144 60 141.5 80 144 80" x="141.5" y="77.66803" c="&#xa0;"/>
<char quad="144 60 150 60 144 80 150 80" x="144" y="77.66803" c="&quot;"/>
<char quad="150 60 153 60 150 80 153 80" x="150" y="77.66803" c="&apos;"/>
</font>
</line>
</block>
<block bbox="0 0 10 10"><image bbox="0 0 10 10" width="10" height="10"/></block>
</page>
<page id="page2" width="612" height="792">
<block bbox="50 90 80 102">
<line bbox="50 90 80 102" wmode="0" dir="1 0">
<font name="Lato-Regular" size="10">
<char quad="50 90 56 90 50 102 56 102" x="50" y="100" c="a"/>
</font>
<font name="Lato-Regular" size="7">
<char quad="56 93 60 93 56 102 60 102" x="56" y="100" c="b"/>
</font>
</line>
</block>
</page>
</document>
)";

TEST(PdfBoxes, ReadsGlyphsWithTheirFontsSizesAndEntitiesDecoded) {
  const auto pages = parse_stext(kStext);
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_DOUBLE_EQ(pages[0].width, 595.276);
  EXPECT_DOUBLE_EQ(pages[1].height, 792);
  ASSERT_EQ(pages[0].lines.size(), 1u);  // the image block has no line
  const auto& glyphs = pages[0].lines[0].glyphs;
  ASSERT_EQ(glyphs.size(), 10u);
  std::string text;
  for (const auto& g : glyphs) text += g.text;
  EXPECT_EQ(text, "R&< \u4e2d\uff0c\u6587\u00a0\"'");
  EXPECT_EQ(glyphs[0].font, "CharisSIL-Bold");
  EXPECT_DOUBLE_EQ(glyphs[0].size, 22);
  EXPECT_EQ(glyphs[4].font, "NotoSansCJKsc-Regular");
  EXPECT_DOUBLE_EQ(glyphs[4].size, 10);
  EXPECT_DOUBLE_EQ(glyphs[1].x, 79.823);
  EXPECT_DOUBLE_EQ(glyphs[1].y, 77.66803);
  EXPECT_DOUBLE_EQ(glyphs[1].quad.x1, 93.59448);
  EXPECT_DOUBLE_EQ(glyphs[1].quad.y0, 51.34967);
  EXPECT_DOUBLE_EQ(glyphs[1].quad.y1, 87.336);
  EXPECT_DOUBLE_EQ(pages[1].lines[0].glyphs[1].size, 7);
}

TEST(PdfBoxes, AGlyphsEmBoxIsItsAdvanceAcrossAndTheEmSquareOnItsBaseline) {
  // Not the quad's height (the font's Ascent to Descent, 36pt at 22pt).
  const Box em = parse_stext(kStext)[0].lines[0].glyphs[0].em_box();
  EXPECT_DOUBLE_EQ(em.x0, 68.031);
  EXPECT_DOUBLE_EQ(em.x1, 79.82592);
  EXPECT_NEAR(em.y0, 77.66803 - 17.6, 1e-9);
  EXPECT_NEAR(em.y1, 77.66803 + 4.4, 1e-9);
}

TEST(PdfBoxes, SplitsALineIntoWordsAtSpacesOnly) {
  const auto pages = parse_stext(kStext);
  const Line line = words_of(pages[0].lines[0]);
  // Ideographs and their punctuation are one word, as poppler has them; a
  // no-break space splits like a space.
  ASSERT_EQ(line.words.size(), 3u);
  EXPECT_EQ(line.words[0].text, "R&<");
  EXPECT_EQ(line.words[1].text, "\u4e2d\uff0c\u6587");
  EXPECT_EQ(line.words[2].text, "\"'");
  EXPECT_DOUBLE_EQ(line.words[0].box.x0, 68.031);
  EXPECT_DOUBLE_EQ(line.words[0].box.x1, 105.7659);  // the space's advance is not the word's
  EXPECT_DOUBLE_EQ(line.words[1].box.x0, 111.5);
  EXPECT_DOUBLE_EQ(line.words[1].box.x1, 141.5);
  // Each word is as tall as its own glyphs' em: 22pt, then 10pt.
  EXPECT_NEAR(line.words[0].box.height(), 22, 1e-9);
  EXPECT_NEAR(line.words[1].box.y0, 77.66803 - 8, 1e-9);
  EXPECT_NEAR(line.words[1].box.y1, 77.66803 + 2, 1e-9);
  EXPECT_NEAR(line.box.y0, 77.66803 - 17.6, 1e-9);
  EXPECT_DOUBLE_EQ(line.box.x1, 153);
  // A word of two sizes (small capitals) spans both glyphs' em boxes.
  const Page second = words_of(pages[1]);
  ASSERT_EQ(second.lines.size(), 1u);
  ASSERT_EQ(second.lines[0].words.size(), 1u);
  EXPECT_EQ(second.lines[0].words[0].text, "ab");
  EXPECT_DOUBLE_EQ(second.lines[0].words[0].box.y0, 92);
  EXPECT_DOUBLE_EQ(second.lines[0].words[0].box.y1, 102);
  EXPECT_DOUBLE_EQ(second.lines[0].words[0].box.x1, 60);
}

TEST(PdfBoxes, EmBoxesOfLinesOverlapOnlyWhenTheirBaselinesAreCloserThanAnEm) {
  auto glyph_at = [](double baseline) { return Glyph{"x", "F", 10, 0, baseline, {0, baseline - 12, 5, baseline + 3}}; };
  // Leading 1.3: Charis's quads (1.64 em) would overlap by 3.4pt; the em
  // squares do not.
  EXPECT_TRUE(glyph_at(100).quad.overlaps(glyph_at(113).quad));
  EXPECT_FALSE(glyph_at(100).em_box().shrunk(0.3).overlaps(glyph_at(113).em_box().shrunk(0.3)));
  // Baselines 9pt apart at 10pt: a collision.
  EXPECT_TRUE(glyph_at(100).em_box().shrunk(0.3).overlaps(glyph_at(109).em_box().shrunk(0.3)));
}

TEST(PdfBoxes, WithoutMutoolTheGlyphBoxesSayWhy) {
  const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  const std::string empty = temp_dir();
  setenv("PATH", empty.c_str(), 1);
  const GlyphBoxes boxes = read_glyph_boxes(source("resume.yaml"));
  setenv("PATH", path.c_str(), 1);
  EXPECT_TRUE(boxes.pages.empty());
  EXPECT_NE(boxes.error.find("mupdf-tools"), std::string::npos) << boxes.error;
}

TEST(PdfBoxes, ReadsTheGlyphsOfARealPdf) {
  const std::string pdf = temp_dir() + "/out.pdf";
  ASSERT_EQ(run(cvpdf() + " '" + source("resume.yaml") + "' -o '" + pdf + "'").status, 0);
  const GlyphBoxes boxes = read_glyph_boxes(pdf);
  ASSERT_EQ(boxes.error, "");
  ASSERT_EQ(static_cast<int>(boxes.pages.size()), page_count(pdf));
  // Every word poppler finds on page 1 is one of mupdf's, at about the
  // same place across. A word divided at a line end is whole to poppler
  // (its first piece's /ActualText, at that piece's box) and only the
  // piece to mupdf, which ignores /ActualText: "op\u00AD" for "operator"
  // (the added hyphen's ToUnicode is a soft hyphen), "large-" for
  // "large-model".
  const auto glyph_words = distinct_words(boxes.pages[0]);
  for (const auto& w : distinct_words(read_boxes(pdf)[0])) {
    const bool found = std::any_of(glyph_words.begin(), glyph_words.end(), [&](const Word& g) {
      if (std::abs(g.box.x0 - w.box.x0) >= 0.5 || std::abs(g.box.x1 - w.box.x1) >= 0.5) return false;
      if (g.text == w.text) return true;
      std::string piece = g.text;
      if (piece.ends_with("\u00AD"))
        piece.erase(piece.size() - 2);
      else if (!piece.empty() && piece.back() == '-')
        piece.pop_back();
      return !piece.empty() && w.text.size() > piece.size() && w.text.compare(0, piece.size(), piece) == 0;
    });
    EXPECT_TRUE(found) << "'" << w.text << "' " << to_string(w.box);
  }
}

// The binary lists exactly the layouts built into it (so the cases above
// cover every theme, and the parsing of its list missed none).
TEST(ThemeList, TheBinaryListsEveryBuiltinLayout) {
  std::set<std::string> built;
  for (const auto& l : compose::builtin_layouts()) built.insert(std::string(l.name));
  const auto listed = listed_themes();
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()), built);
}

}  // namespace
}  // namespace cvpdf::test
