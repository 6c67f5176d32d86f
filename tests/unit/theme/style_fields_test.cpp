// The style field table is the one home of every key: the built-in layout
// agrees with its defaults, the user guide's key table is generated from it,
// and the reader sends every row's key to that row's member. To accept a
// change of the table in the guide:
//
//   CVPDF_UPDATE_DOCS=1 ./build/tests/test_theme --gtest_filter='StyleFields.UserGuide*'
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "model/loader.hpp"
#include "theme/style.hpp"
#include "theme/style_fields.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::theme {
namespace {

using namespace cvpdf::model;

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::string kSource = CVPDF_SOURCE_DIR;

StyleMap classic_layout() {
  Diagnostics diags;
  auto map = load_style(read(kSource + "/layout/classic.yaml"), "classic.yaml", diags);
  EXPECT_TRUE(map.has_value());
  return map ? *map : StyleMap{};
}

TEST(StyleFields, KeysAreUniqueAndFollowOnlyEarlierRows) {
  std::vector<std::string> seen;
  for (const auto& f : style_fields()) {
    EXPECT_EQ(std::count(seen.begin(), seen.end(), std::string(f.key)), 0) << f.key;
    if (f.fallback.front() == '=') {
      const std::string followed(f.fallback.substr(1));
      EXPECT_NE(std::count(seen.begin(), seen.end(), followed), 0) << f.key << " follows " << followed;
    }
    seen.emplace_back(f.key);
  }
}

TEST(StyleFields, TheBuiltInLayoutSetsOnlyTableKeysAtTheirDefaults) {
  const StyleMap classic = classic_layout();
  const StyleMap defaults = style_field_defaults();
  for (const auto& [key, value] : classic) {
    EXPECT_NE(find_style_field(table_key(key)), nullptr) << "classic.yaml sets '" << key << "', not in the table";
  }
  for (const auto& [key, value] : defaults) {
    auto it = classic.find(key);
    if (it == classic.end()) continue;  // the table's default applies
    if (key.rfind("fit.", 0) == 0) continue;  // by default nothing shrinks; a layout chooses its limits
    EXPECT_EQ(it->second.is_list, value.is_list) << key;
    EXPECT_EQ(it->second.scalar, value.scalar) << key;
    EXPECT_EQ(it->second.list, value.list) << key;
  }
}

TEST(StyleFields, TheBuiltInLayoutReadsAsTheTableAlone) {
  for (const char* language : {"en", "zh", "ja"}) {
    Diagnostics diags;
    Style from_layout = resolve_style({}, classic_layout(), language, diags);
    Style from_table = resolve_style({}, {}, language, diags);
    EXPECT_FALSE(diags.has_errors());
    EXPECT_TRUE(diags.all().empty());
    // Only what classic.yaml sets differently from the table's relative
    // defaults (fit limits, CJK leading, entry sizes, other languages' words) differs.
    for (const auto& f : style_fields()) {
      if (f.fallback.front() == '=' || no_limit_default(f) || f.per_language || f.key.rfind("fit.", 0) == 0) continue;
      if (const auto* access = std::get_if<Scaled& (*)(Style&)>(&f.target)) {
        EXPECT_EQ((*access)(from_layout), (*access)(from_table)) << f.key;
      }
      if (const auto* access = std::get_if<double& (*)(Style&)>(&f.target)) {
        EXPECT_DOUBLE_EQ((*access)(from_layout), (*access)(from_table)) << f.key;
      }
      if (const auto* access = std::get_if<std::string& (*)(Style&)>(&f.target)) {
        EXPECT_EQ((*access)(from_layout), (*access)(from_table)) << f.key;
      }
      if (const auto* choice = std::get_if<ChoiceTarget>(&f.target)) {
        EXPECT_EQ(choice->get(from_layout), choice->get(from_table)) << f.key;
      }
    }
    EXPECT_EQ(from_layout.cjk_fonts, from_table.cjk_fonts) << language;
    EXPECT_EQ(from_layout.page_width, from_table.page_width);
  }
}

TEST(StyleFields, EveryTableKeyIsKnownAndReachesItsMember) {
  for (const auto& f : style_fields()) {
    StyleValue v;
    v.span = {"layout.yaml", 3, 1};
    std::string key(f.key);
    if (f.per_language) key.replace(key.find(".en."), 4, ".fr.");
    // A value unlike the default, of the row's kind.
    switch (f.kind) {
      case FieldKind::Size: case FieldKind::Gap: case FieldKind::Margin: case FieldKind::Length:
        v.scalar = key == "text.size" ? "11.5pt" : "7.25pt"; break;
      case FieldKind::EmFraction: v.scalar = "0.2em"; break;
      // Every ratio's and count's least value is below its default, but
      // for a count whose default is its least (fit.pages: 0, off).
      case FieldKind::Ratio: v.scalar = std::to_string(f.min); break;
      case FieldKind::Count:
        v.scalar = std::to_string(static_cast<int>(f.fallback == std::to_string(static_cast<int>(f.min)) ? f.max : f.min));
        break;
      case FieldKind::Colour: v.scalar = "#010203"; break;
      case FieldKind::Bool: v.scalar = f.fallback == "true" ? "false" : "true"; break;
      case FieldKind::Align: v.scalar = "ragged"; break;
      case FieldKind::PageSize: v.scalar = "letter"; break;
      case FieldKind::FontList: case FieldKind::TextList:
        v.is_list = true;
        // A template of entry.item-lines must name its fields (entry_lines.hpp).
        v.list = key == "entry.item-lines" ? std::vector<std::string>{"org | date", "role location tags"} : std::vector<std::string>(12, "X");
        break;
      // A text that is a template names one of its keys (core/templates.hpp).
      case FieldKind::Text:
        v.scalar = f.check == FieldCheck::PageKeys      ? "{pages}"
                   : f.check == FieldCheck::UpdatedKeys ? "{date}"
                   : f.check == FieldCheck::RunningKeys ? "{name}"
                                                        : "{month}";
        break;
      // A choice's last word, or its first where the last is its default.
      case FieldKind::Choice: {
        const std::string last(f.choices.substr(f.choices.rfind('|') + 1));
        v.scalar = last != f.fallback ? last : std::string(f.choices.substr(0, f.choices.find('|')));
        break;
      }
    }
    Diagnostics diags;
    const std::string language = key.find("cjk-ja") != std::string::npos   ? "ja"
                                 : key.find("cjk-ko") != std::string::npos ? "ko"
                                 : key.find("cjk-hant") != std::string::npos ? "zh-Hant"
                                 : f.per_language                            ? "fr"
                                                                             : "en";
    const Style base = resolve_style({}, {}, language, diags);
    const Style read = resolve_style({{key, v}}, {}, language, diags);
    EXPECT_TRUE(diags.all().empty()) << key << ": " << (diags.all().empty() ? "" : diags.all()[0].format());
    Style a = base, b = read;
    bool changed = false;
    std::visit(
        [&](auto access) {
          if constexpr (std::is_same_v<decltype(access), std::monostate>) {
            changed = base.page_width != read.page_width || base.cjk_fonts != read.cjk_fonts;
          } else if constexpr (std::is_same_v<decltype(access), ChoiceTarget>) {
            changed = access.get(a) != access.get(b);
          } else {
            changed = !(access(a) == access(b));
          }
        },
        f.target);
    EXPECT_TRUE(changed) << key << " did not reach " << f.member;
  }
}

TEST(StyleFields, UnknownKeysAreHintedFromTheTableInTheirLanguage) {
  StyleValue v;
  v.scalar = "x";
  for (const auto& [typo, hint] : {std::pair{"text.leadin", "text.leading"}, {"dates.zh.patern", "dates.zh.pattern"},
                                   {"fit.min-marign", "fit.min-margin"}}) {
    Diagnostics diags;
    resolve_style({{typo, v}}, {}, "en", diags);
    ASSERT_FALSE(diags.all().empty()) << typo;
    EXPECT_EQ(diags.all()[0].hint, std::string("did you mean '") + hint + "'?");
  }
}

TEST(StyleFields, UserGuideKeyTableIsTheTables) {
  const std::string path = kSource + "/docs/user-guide.md";
  const std::string begin = "<!-- style-keys:begin -->\n", end = "<!-- style-keys:end -->";
  std::string guide = read(path);
  const auto from = guide.find(begin), to = guide.find(end);
  ASSERT_NE(from, std::string::npos) << "the guide has no " << begin;
  ASSERT_NE(to, std::string::npos);
  const std::string generated = style_key_table_markdown();
  if (const char* update = std::getenv("CVPDF_UPDATE_DOCS"); update && *update && std::string(update) != "0") {
    guide.replace(from + begin.size(), to - from - begin.size(), generated);
    std::ofstream(path, std::ios::binary) << guide;
    GTEST_SKIP() << "rewrote " << path;
  }
  EXPECT_EQ(guide.substr(from + begin.size(), to - from - begin.size()), generated)
      << "regenerate: CVPDF_UPDATE_DOCS=1 ./build/tests/test_theme --gtest_filter='StyleFields.UserGuide*'";
  // Both ways: every row is in the guide, and every key the guide's table names is a row.
  for (const auto& f : style_fields()) {
    std::string key(f.key);
    if (f.per_language) key.replace(key.find(".en."), 4, ".<lang>.");
    EXPECT_NE(guide.find("| `" + key + "` |"), std::string::npos) << key;
  }
  std::istringstream table(guide.substr(from, to - from));
  for (std::string line; std::getline(table, line);) {
    if (line.rfind("| `", 0) != 0) continue;
    std::string key = line.substr(3, line.find('`', 3) - 3);
    if (auto lang = key.find(".<lang>."); lang != std::string::npos) key.replace(lang, 8, ".en.");
    EXPECT_NE(find_style_field(key), nullptr) << "the guide names '" << key << "', not in the table";
  }
}

}  // namespace
}  // namespace cvpdf::theme
