// entry.item-lines: the template grammar (entry_lines.hpp) on its own, and
// its check when a theme is read — the message at the value in the theme
// file, the classic template standing after an error.
#include <gtest/gtest.h>

#include "model/entry_lines.hpp"
#include "model/loader.hpp"
#include "model/style.hpp"

namespace cvpdf::model {
namespace {

using F = EntryField;

std::vector<EntryLine> parse(const std::vector<std::string>& lines) {
  EntryLinesError error;
  auto parsed = parse_item_lines(lines, error);
  EXPECT_TRUE(parsed.has_value()) << error.message;
  return parsed ? *parsed : std::vector<EntryLine>{};
}

EntryLinesError failure(const std::vector<std::string>& lines) {
  EntryLinesError error;
  EXPECT_FALSE(parse_item_lines(lines, error).has_value());
  return error;
}

TEST(EntryLines, TheClassicTemplate) {
  const auto lines = parse({"org tags | date", "role | location"});
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].left, (std::vector<F>{F::Org, F::Tags}));
  EXPECT_EQ(lines[0].right, (std::vector<F>{F::Date}));
  EXPECT_EQ(lines[1].left, (std::vector<F>{F::Role}));
  EXPECT_EQ(lines[1].right, (std::vector<F>{F::Location}));
  EXPECT_EQ(lines, default_item_lines());
}

TEST(EntryLines, SidesMayBeOneOrEmptyAndSpacingIsFree) {
  const auto lines = parse({"role org location", "  |\tdate ", "tags|"});
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].left, (std::vector<F>{F::Role, F::Org, F::Location}));
  EXPECT_TRUE(lines[0].right.empty());
  EXPECT_TRUE(lines[1].left.empty());
  EXPECT_EQ(lines[1].right, (std::vector<F>{F::Date}));
  EXPECT_EQ(lines[2].left, (std::vector<F>{F::Tags}));
  EXPECT_TRUE(lines[2].right.empty());
  EXPECT_TRUE(lines[0].has(F::Location));
  EXPECT_FALSE(lines[0].has(F::Date));
  EXPECT_TRUE(lines[1].has(F::Date));
}

TEST(EntryLines, EveryFieldNeedsAPlace) {
  // No lines, or a line list without tags, would drop what the résumé says.
  EXPECT_EQ(failure({}).message, "the lines show no 'org', so an item's org would not be printed");
  const EntryLinesError e = failure({"org | location", "role | date"});
  EXPECT_EQ(e.message, "the lines show no 'tags', so an item's tags would not be printed");
  EXPECT_NE(e.hint.find("give every field a place"), std::string::npos) << e.hint;
}

TEST(EntryLines, AnUnknownFieldIsNamedWithTheNearestField) {
  const EntryLinesError e = failure({"org | date", "role | loaction"});
  EXPECT_EQ(e.message, "line 2 ('role | loaction') names 'loaction', which is not a field");
  EXPECT_NE(e.hint.find("did you mean 'location'?"), std::string::npos) << e.hint;
  EXPECT_NE(e.hint.find("org, role, date, location and tags"), std::string::npos) << e.hint;
  // Field names are words in lower case, as the table lists them.
  EXPECT_NE(failure({"Org"}).message.find("'Org', which is not a field"), std::string::npos);
}

TEST(EntryLines, AFieldUsedTwiceAnywhereIsAnError) {
  EXPECT_EQ(failure({"org org"}).message, "line 1 ('org org') uses 'org' a second time");
  const EntryLinesError e = failure({"org | date", "role | date"});
  EXPECT_EQ(e.message, "line 2 ('role | date') uses 'date' a second time");
  EXPECT_NE(e.hint.find("once"), std::string::npos) << e.hint;
  EXPECT_NE(e.hint.find("org, role, date, location and tags"), std::string::npos) << e.hint;
}

TEST(EntryLines, MoreThanOneBarIsAnError) {
  const EntryLinesError e = failure({"org | role | date"});
  EXPECT_EQ(e.message, "line 1 ('org | role | date') has more than one '|'");
  EXPECT_NE(e.hint.find("LEFT FIELDS | RIGHT FIELDS"), std::string::npos) << e.hint;
}

TEST(EntryLines, AnEmptyLineIsAnError) {
  EXPECT_EQ(failure({"org | date", ""}).message, "line 2 ('') names no field");
  EXPECT_EQ(failure({" | "}).message, "line 1 (' | ') names no field");
  EXPECT_NE(failure({"  "}).hint.find("org, role, date, location and tags"), std::string::npos);
}

TEST(EntryLines, ABadTemplateFallsBackToTheClassicOne) {
  EXPECT_EQ(item_lines_or_default({"org | role | date"}), default_item_lines());
  EXPECT_EQ(item_lines_or_default({"org | location", "role tags | date"}), parse({"org | location", "role tags | date"}));
}

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
  EXPECT_EQ(s.entry_dates, "left");
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
}  // namespace cvpdf::model
