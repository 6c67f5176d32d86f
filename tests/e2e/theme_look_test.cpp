// The theme-look rules (theme_look_properties.hpp) on small crafted
// résumés through the real binary, each rule also shown failing on a page
// made by hand that breaks it.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/loader.hpp"
#include "run.hpp"
#include "theme_look_properties.hpp"

namespace cvpdf::test {
namespace {

struct Made {
  std::optional<model::Resume> resume;
  RenderedPdf pdf;
  std::string error;
};

// `text` written as `name`, loaded, and rendered in `theme` and `language`.
void render(Made& m, const std::string& name, const std::string& text, const std::string& theme,
            const std::string& language) {
  const std::string dir = temp_dir();
  const std::string file = dir + "/" + name;
  write_file(file, text);
  Diagnostics diags;
  m.resume = model::load_resume(text, file, dir, diags);
  if (!m.resume) {
    m.error = "the résumé does not load";
    return;
  }
  auto style = theme_style(theme, *m.resume, language, m.error);
  if (!style) return;
  m.pdf.path = dir + "/out.pdf";
  const Result r = run(cvpdf() + " '" + file + "' --theme " + theme + " --lang " + language + " -v -o '" + m.pdf.path + "'");
  if (r.status != 0) {
    m.error = r.err;
    return;
  }
  m.pdf.verbose_err = r.err;
  m.pdf.style = as_rendered(*style, r.err);
  m.pdf.pages = read_boxes(m.pdf.path);
  m.pdf.glyphs = read_glyph_boxes(m.pdf.path);
  m.pdf.outline = read_outline(m.pdf.path);
  m.pdf.text = pdf_text(m.pdf.path);
  m.pdf.resume = &*m.resume;
  m.pdf.language = language;
}

std::string violations(const PropertyReport& r) {
  std::string out;
  for (const auto& v : r.violations) out += v + "\n";
  return out;
}

// `check` on the rendered résumé holds; its figures printed for the logs.
void expect_holds(const Made& m, PropertyReport (*check)(const RenderedPdf&)) {
  ASSERT_EQ(m.error, "");
  const PropertyReport r = check(m.pdf);
  std::printf("%s\n", r.figures.c_str());
  EXPECT_TRUE(r.violations.empty()) << violations(r);
}

// `text` rendered in `theme` and `language` keeps `check` and shows each of `shown`.
void expect_rendered(const std::string& name, const std::string& text, const std::string& language,
                     PropertyReport (*check)(const RenderedPdf&), const std::vector<std::string>& shown) {
  Made m;
  render(m, name, text, "classic", language);
  expect_holds(m, check);
  for (const auto& s : shown) EXPECT_NE(m.pdf.text.find(s), std::string::npos) << s << " in " << m.pdf.text;
}

// A page of one line holding `words`, for the failing cases.
RenderedPdf page_of(const std::vector<std::string>& words, const std::string& language) {
  RenderedPdf pdf;
  pdf.language = language;
  Page page{595, 842, {}};
  Line line;
  double x = 50;
  for (const auto& w : words) {
    line.words.push_back({w, {x, 50, x + 40, 60}});
    x += 45;
  }
  line.box = {50, 50, x, 60};
  page.lines.push_back(line);
  pdf.pages.push_back(page);
  GlyphPage glyphs{595, 842, {}};
  GlyphLine glyph_line;
  double gx = 50;
  for (const auto& w : words)
    for (char32_t cp : code_points(w)) {
      std::string ch;
      if (cp < 0x80) ch = static_cast<char>(cp);
      else if (cp < 0x800) ch = {static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
      else
        ch = {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
              static_cast<char>(0x80 | (cp & 0x3F))};
      glyph_line.glyphs.push_back({ch, "Test", 10, gx, 60, {gx, 50, gx + 5, 62}});
      gx += 5;
    }
  glyphs.lines.push_back(glyph_line);
  pdf.glyphs.glyph_pages.push_back(glyphs);
  pdf.glyphs.pages.push_back(page);
  return pdf;
}

// A Chinese JSON Resume with a known network (the header writes its name
// and colon) and one cvpdf does not know (the reader does).
constexpr const char* kChineseProfiles = R"({
  "meta": {"language": "zh"},
  "basics": {
    "name": "李文静",
    "label": "产品工程师",
    "profiles": [
      {"network": "QQ", "username": "10293847"},
      {"network": "GitHub", "username": "wenjingli"}
    ]
  },
  "work": [{"name": "港湾应用", "position": "工程师", "startDate": "2021-07", "summary": "负责移动端开发。"}]
})";

TEST(ThemeLook, ChineseLabelsTakeOneColon) {
  expect_rendered("profiles.json", kChineseProfiles, "zh", check_label_colons,
                  {"QQ\uFF1A10293847", "GitHub\uFF1Awenjingli"});
}

TEST(ThemeLook, MixedColonsAreCaught) {
  const PropertyReport r = check_label_colons(page_of({"GitHub\uFF1Awenjingli", "QQ:", "10293847"}, "zh"));
  EXPECT_EQ(r.violations.size(), 1u) << r.figures;
  const PropertyReport url = check_label_colons(page_of({"https://example.org", "GitHub:", "ada"}, "en"));
  EXPECT_TRUE(url.violations.empty()) << violations(url);
}

// A place in kanji alone reads as Chinese; the résumé says it is Japanese.
constexpr const char* kJapanesePlace = R"({
  "meta": {"language": "ja"},
  "basics": {
    "name": "山田花子",
    "label": "ソフトウェアエンジニア",
    "location": {"city": "横浜", "region": "関東", "countryCode": "JP"}
  },
  "work": [{"name": "株式会社サンプル", "position": "エンジニア", "startDate": "2020-04",
            "summary": "検索システムの開発を担当しました。"}]
})";

TEST(ThemeLook, JapaneseTakesItsOwnComma) {
  expect_rendered("place.json", kJapanesePlace, "ja", check_japanese_punctuation, {"関東\u3001JP"});
}

TEST(ThemeLook, AChineseCommaInJapaneseIsCaught) {
  EXPECT_EQ(check_japanese_punctuation(page_of({"関東，JP"}, "ja")).violations.size(), 1u);
  EXPECT_TRUE(check_japanese_punctuation(page_of({"杭州，浙江"}, "zh")).violations.empty());
}

// An e-mail (with its icon) and a line of plain text (no network, no
// address: no icon) in the sidebar.
constexpr const char* kSidebarContacts = R"(
person:
  name: Ada Lovelace
  email: ada@example.org
  phone: "+44 20 7946 0958"
  links:
    - label: Available from May
    - label: github.com/ada
      url: https://github.com/ada
sections:
  - title: Experience
    entries:
      - org: Analytical Engines Ltd
        role: Programmer
        start: 2020-01
        bullets: [Wrote the first published algorithm for a machine.]
  - title: Skills
    entries:
      - label: Languages
        text: Notes, Tables
)";

TEST(ThemeLook, SidebarContactTextsStartAtOneX) {
  Made m;
  render(m, "sidebar.yaml", kSidebarContacts, "sidebar", "en");
  expect_holds(m, check_sidebar_contacts_aligned);
  EXPECT_NE(check_sidebar_contacts_aligned(m.pdf).figures.find("4 rows"), std::string::npos);
}

TEST(ThemeLook, UnalignedSidebarContactsAreCaught) {
  Made m;
  render(m, "sidebar.yaml", kSidebarContacts, "sidebar", "en");
  ASSERT_EQ(m.error, "");
  // The plain-text item moved to where an icon stands.
  for (auto& line : m.pdf.glyphs.glyph_pages.front().lines) {
    std::string text;
    for (const auto& g : line.glyphs) text += g.text;
    if (text.find("Available") == std::string::npos) continue;
    for (auto& g : line.glyphs) {
      g.quad.x0 -= 12;
      g.quad.x1 -= 12;
    }
  }
  EXPECT_EQ(check_sidebar_contacts_aligned(m.pdf).violations.size(), 1u);
}

}  // namespace
}  // namespace cvpdf::test
