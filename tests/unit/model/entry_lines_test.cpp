// entry.item-lines: the template grammar (entry_lines.hpp) on its own (its
// check when a theme is read: tests/unit/theme/entry_lines_theme_test.cpp).
#include <gtest/gtest.h>

#include "model/entry_lines.hpp"

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

}  // namespace
}  // namespace cvpdf::model
