// entry.item-lines parsed: words split at whitespace, sides split at '|'.
#include "model/entry_lines.hpp"

#include <algorithm>
#include <array>

namespace cvpdf::model {

namespace {

constexpr std::array<EntryField, 5> kFields = {EntryField::Org, EntryField::Role, EntryField::Date,
                                               EntryField::Location, EntryField::Tags};

constexpr const char* kFieldsHint = "fields are org, role, date, location and tags, e.g. \"org tags | date\"";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::vector<std::string> words_of(std::string_view side) {
  std::vector<std::string> words;
  std::size_t at = 0;
  while (at < side.size()) {
    while (at < side.size() && is_space(side[at])) ++at;
    std::size_t end = at;
    while (end < side.size() && !is_space(side[end])) ++end;
    if (end > at) words.emplace_back(side.substr(at, end - at));
    at = end;
  }
  return words;
}

std::optional<EntryField> field_of(const std::string& word) {
  for (EntryField f : kFields)
    if (word == field_word(f)) return f;
  return std::nullopt;
}

}  // namespace

bool EntryLine::has(EntryField f) const {
  for (const auto* side : {&left, &right})
    for (EntryField g : *side)
      if (g == f) return true;
  return false;
}

std::string_view field_word(EntryField f) {
  switch (f) {
    case EntryField::Org: return "org";
    case EntryField::Role: return "role";
    case EntryField::Date: return "date";
    case EntryField::Location: return "location";
    case EntryField::Tags: return "tags";
  }
  return "";
}

std::optional<std::vector<EntryLine>> parse_item_lines(const std::vector<std::string>& lines, EntryLinesError& error) {
  std::vector<EntryLine> parsed;
  std::vector<EntryField> seen;
  std::vector<std::string> known;
  for (EntryField f : kFields) known.emplace_back(field_word(f));
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& text = lines[i];
    const std::string where = "line " + std::to_string(i + 1) + " ('" + text + "')";
    const auto bar = text.find('|');
    if (bar != std::string::npos && text.find('|', bar + 1) != std::string::npos) {
      error = {where + " has more than one '|'",
               "a line has a left side and at most one right side: \"LEFT FIELDS | RIGHT FIELDS\""};
      return std::nullopt;
    }
    const std::vector<std::string> left = words_of(std::string_view(text).substr(0, bar));
    const std::vector<std::string> right =
        bar == std::string::npos ? std::vector<std::string>{} : words_of(std::string_view(text).substr(bar + 1));
    if (left.empty() && right.empty()) {
      error = {where + " names no field", std::string("remove the line, or name its ") + kFieldsHint};
      return std::nullopt;
    }
    EntryLine line;
    for (const auto* side : {&left, &right}) {
      for (const std::string& word : *side) {
        const std::optional<EntryField> f = field_of(word);
        if (!f) {
          const std::string near = nearest_word(word, known);
          error = {where + " names '" + word + "', which is not a field",
                   (near.empty() ? std::string() : "did you mean '" + near + "'? ") + kFieldsHint};
          return std::nullopt;
        }
        for (EntryField g : seen) {
          if (g == *f) {
            error = {where + " uses '" + word + "' a second time",
                     "each field may appear once in entry.item-lines; " + std::string(kFieldsHint)};
            return std::nullopt;
          }
        }
        seen.push_back(*f);
        (side == &left ? line.left : line.right).push_back(*f);
      }
    }
    parsed.push_back(std::move(line));
  }
  // A field with no place would drop what the résumé says there without a
  // word: every one must appear (a date in a date column is taken from its
  // line, entry.dates: left).
  for (EntryField f : kFields) {
    if (std::find(seen.begin(), seen.end(), f) != seen.end()) continue;
    error = {"the lines show no '" + std::string(field_word(f)) + "', so an item's " + std::string(field_word(f)) +
                 " would not be printed",
             "give every field a place: org, role, date, location and tags, e.g. "
             "[\"org tags | date\", \"role | location\"]"};
    return std::nullopt;
  }
  return parsed;
}

const std::vector<EntryLine>& default_item_lines() {
  static const std::vector<EntryLine> lines = {
      {{EntryField::Org, EntryField::Tags}, {EntryField::Date}},
      {{EntryField::Role}, {EntryField::Location}},
  };
  return lines;
}

std::vector<EntryLine> item_lines_or_default(const std::vector<std::string>& lines) {
  EntryLinesError error;
  if (auto parsed = parse_item_lines(lines, error)) return std::move(*parsed);
  return default_item_lines();
}

}  // namespace cvpdf::model
