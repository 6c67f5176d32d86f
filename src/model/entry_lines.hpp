// The grammar of entry.item-lines: which of an item's fields go on which of
// its head lines, and which side. A line is "LEFT FIELDS | RIGHT FIELDS" or
// "LEFT FIELDS"; fields are whitespace-separated words among org, role,
// date, location, tags. Read and checked once, when the style is read
// (style_reader.cpp); the composer sets items from the parsed form.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.hpp"

namespace cvpdf::model {

enum class EntryField { Org, Role, Date, Location, Tags };

struct EntryLine {
  std::vector<EntryField> left;
  std::vector<EntryField> right;  // set flush right; empty: the line has no right side

  bool has(EntryField f) const;
  bool operator==(const EntryLine&) const = default;
};

// The word a field is written as: "org", "location".
std::string_view field_word(EntryField f);

// What is wrong with a template, for a message at the key's value.
struct EntryLinesError {
  std::string message;  // "line 2 ('role | role') uses 'role' twice"
  std::string hint;
};

// Parses every line; a field may appear once in the whole template, so an
// item never shows the same text twice. nullopt, with `error` filled in,
// when a line is empty, has more than one '|', or names an unknown or
// repeated field, or when a field has no line at all (its text would be lost).
std::optional<std::vector<EntryLine>> parse_item_lines(const std::vector<std::string>& lines, EntryLinesError& error);

// The classic template, ["org tags | date", "role | location"], parsed.
const std::vector<EntryLine>& default_item_lines();

// The lines as the style holds them: a template the reader let through
// parses; anything else (the reader reported it) is the classic one.
std::vector<EntryLine> item_lines_or_default(const std::vector<std::string>& lines);

}  // namespace cvpdf::model
