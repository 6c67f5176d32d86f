// entry.item-lines checked when a theme is read: the message at the value
// in the theme file, the classic template standing after an error.
#include <gtest/gtest.h>

#include "theme/style.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::theme {
namespace {

using model::StyleMap;

// A theme file read through the style reader, as the app reads it.
Style read_theme(const std::string& yaml, Diagnostics& diags) {
  auto keys = load_style(yaml, "theme.yaml", diags);
  EXPECT_TRUE(keys.has_value());
  return resolve_style(keys ? *keys : StyleMap{}, {}, "en", diags);
}

TEST(EntryLinesInATheme, AGoodTemplateIsKeptAsWritten) {
  Diagnostics diags;
  const Style s = read_theme("entry:\n  item-lines: [\"org | location\", \"role tags | date\"]\n", diags);
  EXPECT_TRUE(diags.all().empty()) << (diags.all().empty() ? "" : diags.all()[0].format());
  EXPECT_EQ(s.entry_item_lines, (std::vector<std::string>{"org | location", "role tags | date"}));
}

TEST(EntryLinesInATheme, ABadTemplateIsAnErrorAtTheValue) {
  Diagnostics diags;
  const Style s = read_theme("entry:\n  dates: left\n  item-lines:\n    - org | date\n    - role | dat\n", diags);
  ASSERT_EQ(diags.error_count(), 1u);
  const Diagnostic& d = diags.all().front();
  EXPECT_EQ(d.span.to_string(), "theme.yaml:4:5");
  EXPECT_EQ(d.message, "style key 'entry.item-lines': line 2 ('role | dat') names 'dat', which is not a field");
  EXPECT_NE(d.hint.find("did you mean 'date'?"), std::string::npos) << d.hint;
  // The classic template stands, so every item still has its head lines.
  EXPECT_EQ(s.entry_item_lines, (std::vector<std::string>{"org tags | date", "role | location"}));
  EXPECT_EQ(s.entry_dates, EntryDates::Left);
}

TEST(EntryLinesInATheme, AFlowListIsReportedAtItsBracket) {
  Diagnostics diags;
  read_theme("entry:\n  item-lines: [\"org | role | date\"]\n", diags);
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.all().front().span.to_string(), "theme.yaml:2:15");
  EXPECT_NE(diags.all().front().message.find("more than one '|'"), std::string::npos);
}

TEST(EntryLinesInATheme, ASetOverrideIsCheckedToo) {
  Diagnostics diags;
  StyleMap overrides;
  ASSERT_TRUE(apply_style_override(overrides, "entry.item-lines=[org, org]", diags));
  resolve_style(overrides, {}, "en", diags);
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.all().front().span.to_string(), "--set entry.item-lines=[org, org]");
  EXPECT_EQ(diags.all().front().message, "style key 'entry.item-lines': line 2 ('org') uses 'org' a second time");
}

}  // namespace
}  // namespace cvpdf::theme
