// Style maps: flattening to dotted keys, layout files, `--set KEY=VALUE`;
// and the date parser on its own.
#include <gtest/gtest.h>

#include "theme/style_fields.hpp"

#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>

#include "model/dates.hpp"
#include "model/loader.hpp"
#include "theme/style.hpp"
#include "theme/style_fields.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::theme {
namespace {

using namespace cvpdf::model;

std::string dump(const Diagnostics& d) {
  std::string s;
  for (const auto& x : d.all()) s += x.format() + "\n";
  return s;
}

TEST(Style, FlattensToDottedKeys) {
  Diagnostics d;
  auto map = load_style(R"(page:
  size: a4
  margin: {top: 15mm, left: 17mm}
fonts:
  latin: [Lato, "Noto Sans"]
  cjk: []
"text.size": 9.6pt
colors:
  text: "#1c1c1c"
header:
  separator: "  ·  "
  unset:
)",
                        "layout.yaml", d);
  ASSERT_TRUE(map) << dump(d);
  EXPECT_TRUE(d.all().empty()) << dump(d);
  EXPECT_EQ(map->at("page.size").scalar, "a4");
  EXPECT_FALSE(map->at("page.size").is_list);
  EXPECT_EQ(map->at("page.size").span.to_string(), "layout.yaml:2:9");
  EXPECT_EQ(map->at("page.margin.top").scalar, "15mm");
  EXPECT_EQ(map->at("page.margin.left").scalar, "17mm");
  EXPECT_TRUE(map->at("fonts.latin").is_list);
  EXPECT_EQ(map->at("fonts.latin").list, (std::vector<std::string>{"Lato", "Noto Sans"}));
  EXPECT_TRUE(map->at("fonts.cjk").is_list);
  EXPECT_TRUE(map->at("fonts.cjk").list.empty());
  EXPECT_EQ(map->at("text.size").scalar, "9.6pt");
  EXPECT_EQ(map->at("colors.text").scalar, "#1c1c1c");
  EXPECT_EQ(map->at("header.separator").scalar, "  ·  ");
  EXPECT_EQ(map->count("header.unset"), 0u);
  EXPECT_EQ(map->count("page"), 0u);
}

TEST(Style, ListsHoldOnlyScalars) {
  Diagnostics d;
  auto map = load_style("fonts:\n  latin: [Lato, [Inter]]\n  cjk: [{a: b}]\n", "layout.yaml", d);
  EXPECT_FALSE(map);
  ASSERT_EQ(d.error_count(), 2u) << dump(d);
  EXPECT_EQ(d.all()[0].span.to_string(), "layout.yaml:2:17");
  EXPECT_EQ(d.all()[0].message, "style key 'fonts.latin' must be a value or a list of values; got a list inside the list");
}

TEST(Style, KeyGivenTwice) {
  Diagnostics d;
  auto map = load_style("page: {size: a4}\n\"page.size\": letter\n", "layout.yaml", d);
  EXPECT_FALSE(map);
  ASSERT_TRUE(d.has_errors());
  EXPECT_EQ(d.all()[0].message, "style key 'page.size' is given twice (also at layout.yaml:1:14)");
}

TEST(Style, LayoutMustBeAMapping) {
  Diagnostics d;
  EXPECT_FALSE(load_style("- a\n- b\n", "layout.yaml", d));
  EXPECT_TRUE(d.has_errors());
}

TEST(Style, ResumeStyleBlock) {
  Diagnostics d;
  auto r = load_resume("style:\n  page: {size: letter}\nperson: {name: A}\n", "r.yaml", ".", d);
  ASSERT_TRUE(r) << dump(d);
  EXPECT_EQ(r->style.at("page.size").scalar, "letter");
  Diagnostics e;
  EXPECT_FALSE(load_resume("style: letter\nperson: {name: A}\n", "r.yaml", ".", e));
  EXPECT_EQ(e.all().at(0).message, "'style' must be a mapping of layout keys, got a text ('letter')");
}

TEST(Style, BuiltInLayoutsLoad) {
  std::filesystem::path dir = std::filesystem::path(CVPDF_SOURCE_DIR) / "layout";
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP();
  for (const auto& file : std::filesystem::directory_iterator(dir)) {
    if (file.path().extension() != ".yaml") continue;
    std::ifstream in(file.path());
    std::stringstream ss;
    ss << in.rdbuf();
    Diagnostics d;
    auto map = load_style(ss.str(), file.path().filename().string(), d);
    EXPECT_TRUE(map) << dump(d);
    EXPECT_TRUE(d.all().empty()) << dump(d);
    // A theme holds only the keys it changes over classic, but each of them
    // is a key of the style field table.
    if (map) {
      EXPECT_FALSE(map->empty()) << file.path();
      for (const auto& [key, value] : *map)
        EXPECT_NE(find_style_field(table_key(key)), nullptr) << file.path() << ": " << key;
    }
  }
}

TEST(Set, ScalarListAndMapValues) {
  StyleMap style;
  style["page.size"].scalar = "a4";
  Diagnostics d;
  EXPECT_TRUE(apply_style_override(style, "page.size=letter", d));
  EXPECT_TRUE(apply_style_override(style, "fonts.latin=[Lato, Inter]", d));
  EXPECT_TRUE(apply_style_override(style, "colors.text=#1c1c1c", d));
  EXPECT_TRUE(apply_style_override(style, "page.margin={top: 10mm, bottom: 12mm}", d));
  EXPECT_TRUE(apply_style_override(style, "header.contact-separator=\" | \"", d));
  EXPECT_TRUE(apply_style_override(style, " text.size = 10pt ", d));
  EXPECT_TRUE(apply_style_override(style, "footer.text=a=b", d));
  EXPECT_TRUE(d.all().empty()) << dump(d);
  EXPECT_EQ(style.at("page.size").scalar, "letter");
  EXPECT_EQ(style.at("page.size").span.file, "--set page.size=letter");  // messages name the option
  EXPECT_TRUE(style.at("fonts.latin").is_list);
  EXPECT_EQ(style.at("fonts.latin").list, (std::vector<std::string>{"Lato", "Inter"}));
  EXPECT_EQ(style.at("colors.text").scalar, "#1c1c1c");
  EXPECT_EQ(style.at("page.margin.top").scalar, "10mm");
  EXPECT_EQ(style.at("page.margin.bottom").span.file, "--set page.margin={top: 10mm, bottom: 12mm}");
  EXPECT_EQ(style.at("header.contact-separator").scalar, " | ");
  EXPECT_EQ(style.at("text.size").scalar, "10pt");
  EXPECT_EQ(style.at("footer.text").scalar, "a=b");
}

TEST(Set, BadFormsAreErrorsWithAHint) {
  for (const char* bad : {"pagesize", "=letter", "page..size=x", "page.size=", "page size=x", "x=[a, [b]]", "x=[a"}) {
    StyleMap style;
    Diagnostics d;
    EXPECT_FALSE(apply_style_override(style, bad, d)) << bad;
    ASSERT_EQ(d.error_count(), 1u) << bad << "\n" << dump(d);
    EXPECT_EQ(d.all()[0].span.file, "--set");
    EXPECT_TRUE(style.empty()) << bad;
  }
  StyleMap style;
  Diagnostics d;
  apply_style_override(style, "pagesize", d);
  EXPECT_EQ(d.all()[0].message, "--set needs KEY=VALUE, got 'pagesize'");
  EXPECT_EQ(d.all()[0].hint, "use --set KEY=VALUE, e.g. --set page.size=letter");
}

TEST(Dates, Forms) {
  DateError e;
  auto d = parse_date("2024", e);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->year, 2024);
  EXPECT_EQ(d->month, 0);
  d = parse_date("2024-06", e);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->month, 6);
  d = parse_date(" 2024-06-30 ", e);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->day, 30);
  d = parse_date("PRESENT", e);
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->present);
  d = parse_date("2000-02-29", e);
  EXPECT_TRUE(d);
}

TEST(Dates, Invalid) {
  DateError e;
  EXPECT_FALSE(parse_date("2024-13", e));
  EXPECT_TRUE(e.specific);
  EXPECT_EQ(e.offset, 5u);
  EXPECT_FALSE(parse_date("1900-02-29", e));
  EXPECT_EQ(e.problem, "has day 29, but February 1900 has 28 days");
  EXPECT_FALSE(parse_date("24", e));
  EXPECT_EQ(e.problem, "has the year '24'; a year has four digits");
  EXPECT_FALSE(parse_date("24-06", e));
  EXPECT_FALSE(e.specific);
  for (const char* bad : {"", "now", "Jun 2024", "2024/06", "06/2024", "2024.06", "2024-06-30T10:00", "2024-", "x"}) {
    EXPECT_FALSE(parse_date(bad, e)) << bad;
    EXPECT_FALSE(e.hint.empty()) << bad;
  }
  EXPECT_FALSE(parse_date("now", e));
  EXPECT_NE(e.hint.find("present"), std::string::npos);
}

TEST(Dates, Ranges) {
  DateError e;
  auto r = parse_date_range("2020-09 – 2024-06", e);
  ASSERT_TRUE(r && r->start && r->end);
  EXPECT_EQ(r->start->year, 2020);
  EXPECT_EQ(r->end->month, 6);
  r = parse_date_range("2020-09 to Present", e);
  ASSERT_TRUE(r && r->end);
  EXPECT_TRUE(r->end->present);
  r = parse_date_range("2021", e);
  ASSERT_TRUE(r && r->start);
  EXPECT_FALSE(r->end);
  EXPECT_FALSE(parse_date_range("2020-09 –", e));
  EXPECT_EQ(e.problem, "is a range with no end");
  EXPECT_FALSE(parse_date_range("present – 2020", e));
  EXPECT_FALSE(parse_date_range("2024 – 2020-01", e));
  EXPECT_EQ(e.problem, "is a range that ends before it starts");
  EXPECT_FALSE(parse_date_range("2020-09 – 2024-13", e));
  EXPECT_EQ(e.offset, 17u);  // "2020-09 – " is 12 bytes (the dash is 3), then "2024-"
}

TEST(Dates, Before) {
  Date a{2020, 1, 0, false, {}}, b{2020, 2, 0, false, {}}, y{2020, 0, 0, false, {}}, now{0, 0, 0, true, {}};
  EXPECT_TRUE(date_before(a, b));
  EXPECT_FALSE(date_before(b, a));
  EXPECT_FALSE(date_before(y, a));
  EXPECT_FALSE(date_before(a, y));
  EXPECT_TRUE(date_before(a, now));
  EXPECT_FALSE(date_before(now, a));
}

// The footer's and the dates' {key} patterns: a misspelt key is a warning
// at the value, naming the keys; the pattern is used as written.
TEST(Style, UnknownTemplateKeysAreWarnedAtTheValue) {
  Diagnostics d;
  auto map = load_style("dates:\n  en:\n    pattern: \"{mm}/{yaer}\"\nwords:\n  en:\n    page: \"{page} of {{pages}}\"\n",
                        "theme.yaml", d);
  ASSERT_TRUE(map) << dump(d);
  const Style s = resolve_style(*map, {}, "en", d);
  ASSERT_EQ(d.all().size(), 1u) << dump(d);  // "{{pages}}" is literal braces, not a key
  EXPECT_EQ(d.all()[0].format(),
            "theme.yaml:3:14: warning: style key 'dates.en.pattern' has an unknown key {yaer}, printed as written\n"
            "  hint: the keys are {year}, {month}, {mm}, {m}, {dd}, {d}; write {{ and }} for literal braces");
  EXPECT_EQ(s.dates.pattern, "{mm}/{yaer}");
}

// A value of the wrong kind is an error at its place, for every key the
// table knows and every section above them: a section written as one
// value (page: 1), a value written as a section (page: {size: {x: 1}}),
// a list where one value goes (text: {size: [9pt]}). Each was a warning
// ("unknown style key") or nothing at all, and the run went on.
bool error_at(const Diagnostics& d, const SourceSpan& span, std::string_view text) {
  for (const auto& x : d.all())
    if (x.severity == Severity::Error && x.span.to_string() == span.to_string() &&
        x.message.find(text) != std::string::npos)
      return true;
  return false;
}

TEST(Style, EverySectionWrittenAsAValueIsAnError) {
  std::set<std::string> sections;
  for (const auto& f : style_fields())
    for (auto dot = f.key.find('.'); dot != std::string_view::npos; dot = f.key.find('.', dot + 1))
      sections.emplace(f.key.substr(0, dot));
  sections.insert("dates.fr");  // a language's block, as the table's en block
  ASSERT_GT(sections.size(), 10u);
  for (const std::string& section : sections) {
    for (bool list : {false, true}) {
      StyleMap map;
      StyleValue v;
      v.scalar = list ? "" : "1";
      v.is_list = list;
      if (list) v.list = {"a"};
      v.span = {"theme.yaml", 3, 7};
      map[section] = v;
      Diagnostics d;
      resolve_style(map, {}, "en", d);
      EXPECT_TRUE(error_at(d, v.span, "style key '" + section + "' is a section of keys")) << section << "\n" << dump(d);
    }
  }
}

TEST(Style, EveryValueWrittenAsASectionIsAnError) {
  for (const auto& f : style_fields()) {
    const std::string key(f.key);
    StyleMap map;
    StyleValue v;
    v.scalar = "1";
    v.span = {"theme.yaml", 4, 9};
    map[key + ".x"] = v;
    map[key + ".y"] = v;
    Diagnostics d;
    resolve_style(map, {}, "en", d);
    EXPECT_TRUE(error_at(d, v.span, "style key '" + key + "' takes one value, not a section of keys")) << key << "\n"
                                                                                                         << dump(d);
    EXPECT_EQ(d.error_count(), 1u) << key << ": said once\n" << dump(d);
  }
}

TEST(Style, EveryOneValueKeyRefusesAList) {
  for (const auto& f : style_fields()) {
    if (f.kind == FieldKind::FontList || f.kind == FieldKind::TextList) continue;
    const std::string key(f.key);
    StyleMap map;
    StyleValue v;
    v.is_list = true;
    v.list = {"1", "2"};
    v.span = {"theme.yaml", 5, 11};
    map[key] = v;
    Diagnostics d;
    resolve_style(map, {}, "en", d);
    EXPECT_TRUE(error_at(d, v.span, "style key '" + key + "'")) << key << "\n" << dump(d);
  }
}

TEST(Style, APageTooSmallIsBlamedOnTheSettingThatMadeItSo) {
  // The margins and the size are read from several layers; the error is at
  // the one a layer above the defaults set, not at the default it overrode.
  const StyleMap defaults = style_field_defaults();
  auto value = [](const char* text, SourceSpan span) {
    StyleValue v;
    v.scalar = text;
    v.span = span;
    return v;
  };
  const SourceSpan set{"--set page.margin.right=1000pt", 0, 0};
  const SourceSpan theme{"theme.yaml", 2, 9};
  struct Case {
    StyleMap map;
    SourceSpan blamed;
    const char* message;
  } cases[] = {
      {{{"page.margin.right", value("1000pt", set)}}, set, "the margins leave less than 2 inches of line width"},
      {{{"page.size", value("1in 200in", theme)}}, theme, "the margins leave less than 2 inches of line width"},
      {{{"page.size", value("200in 2in", theme)}}, theme, "the margins leave less than 2 inches of page height"},
      {{{"page.margin.left", value("30mm", theme)}, {"page.margin.right", value("160mm", set)}}, set,
       "the margins leave less than 2 inches of line width"},
  };
  for (const Case& c : cases) {
    Diagnostics d;
    resolve_style(c.map, defaults, "en", d);
    EXPECT_TRUE(error_at(d, c.blamed, c.message)) << c.blamed.to_string() << "\n" << dump(d);
  }
}

}  // namespace
}  // namespace cvpdf::theme
