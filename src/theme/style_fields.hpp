// The style field table: every layout key, once. A row says which Style
// member the key sets, how its value is read and range-checked, its default
// and how --fit-pages may shrink it. The reader (style_reader.cpp), the
// unknown-key hints, the fit lists (compose/fit.cpp) and the user guide's
// key table all come from these rows, so adding a key is adding a row.
// The built-in layout (layout/classic.yaml) writes the same defaults out
// for users to read, except the fit.* limits: by default nothing shrinks,
// and a layout chooses how far --fit-pages may go (a test holds them to it).
#pragma once
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "theme/style.hpp"

namespace cvpdf::theme {

enum class FieldKind {
  PageSize,    // a4 | letter | … | "WIDTH HEIGHT"
  Size,        // a type size (a length)
  Gap,         // vertical space (a length)
  Margin,      // a page margin (a length, never in em)
  Length,      // any other length
  EmFraction,  // a length in em, kept as a fraction of the size it applies to
  Ratio,       // a number in [min, max]
  Count,       // a whole number in [min, max]
  Colour,      // a CSS name, "#rrggbb", "#rgb", or the digits alone (model/color_names.hpp)
  FontList,    // families or font files, tried in order
  Align,       // justify | ragged
  Bool,        // true | false (yes/no, on/off)
  Text,        // a string
  TextList,    // a list of strings
  Choice,      // one word of `choices`: left | center | split
};

// How --fit-pages moves the value (compose/fit.hpp) as its setting t goes
// from 0 (the layout's own) to 1 (every fit.min-* limit).
enum class FitRole {
  None,           // never changes
  BodySize,       // toward fit.min-text-size
  Proportional,   // keeps its proportion to the body size
  Leading,        // toward fit.min-leading
  LeadingCjk,     // toward fit.min-leading-cjk
  Gap,            // times a factor moving from 1 toward fit.min-spacing
  Margin,         // toward fit.min-margin (a margin already smaller stays)
};

// A check beyond the kind's range, with its own message.
enum class FieldCheck {
  None,
  BodyTextSize,  // text.size: 4pt … 40pt
  FitTextSize,   // fit.min-text-size: at most text.size, at least 4pt
  AtMostFitted,  // a fit limit above the layout's own value is that value
  MonthNames,    // a pattern with {month} needs 12 month names
  ItemLines,     // entry.item-lines: the template grammar (entry_lines.hpp)
  DateKeys,      // a date pattern: {year} {month} {mm} {m} {dd} {d} (core/templates.hpp)
  PageKeys,      // the footer's page number: {page} {pages}
  UpdatedKeys,   // the footer's last-updated words: {date}
  RunningKeys,   // free header and footer text: {page} {pages} {name} {date}
};

// A Choice row's member, whichever enum it is (style.hpp): read and set by
// the words of the enum's list.
struct ChoiceTarget {
  std::string_view words;                      // the list joined: "left|center|split"
  bool (*set)(Style&, std::string_view word);  // false, and nothing set, for a word not in it
  std::string_view (*get)(const Style&);       // the member's word
  const void* (*address)(const Style&);        // the member itself (Style::origin finds its row by it)
};

// Where a row's value goes. Accessors rather than member pointers, because
// some members are nested (dates.pattern, fit.min_leading).
using FieldTarget = std::variant<std::monostate, Scaled& (*)(Style&), double& (*)(Style&), int& (*)(Style&),
                                 bool& (*)(Style&), std::string& (*)(Style&), Color& (*)(Style&),
                                 std::vector<std::string>& (*)(Style&), Alignment& (*)(Style&), ChoiceTarget>;

struct StyleField {
  std::string_view key;     // "text.leading"; language blocks are written for `en`: "dates.en.pattern"
  std::string_view member;  // the Style member, for the docs and messages: "leading"
  FieldKind kind;
  FieldTarget target;       // monostate: read with another row (fonts.cjk-ja with fonts.cjk, page.size)
  // The default as a layout would write it ("12mm", "1.28", "[Lato]"), or
  // "=KEY" for the value KEY was read as, or "none" for no limit.
  std::string_view fallback;
  double min = 0, max = 0;  // Ratio and Count
  bool em = true;           // a length that may be written in em of text.size
  FitRole fit = FitRole::None;
  FieldCheck check = FieldCheck::None;
  bool per_language = false;  // also read as dates.<lang>.…, words.<lang>.…
  std::string_view choices;   // Choice: the words allowed, "left|center|split" (its target's words)
  std::string_view meaning;   // for the user guide's key table
};

// The paper sizes page.size names (case ignored).
struct PageSize {
  const char* name;
  double width_mm, height_mm;
};
std::span<const PageSize> page_sizes();

// The words text.align takes (case ignored): justify, or ragged (also
// written left, ragged-right, justified).
inline constexpr std::string_view kAlignJustify[] = {"justify", "justified"};
inline constexpr std::string_view kAlignRagged[] = {"ragged", "left", "ragged-right"};

// Every field, in reading order (a row may follow only an earlier row).
std::span<const StyleField> style_fields();
const StyleField* find_style_field(std::string_view key);

// A Choice row's words, in order: "left|center|split" → left, center, split.
std::vector<std::string> choice_list(const StyleField& f);

// A row whose default is no limit at all ("none" for a length; a Choice's
// word "none" is a word like any other).
inline bool no_limit_default(const StyleField& f) { return f.kind != FieldKind::Choice && f.fallback == "none"; }

// The fit.min-* key a fit role moves toward ("" for None and Proportional).
std::string_view fit_limit_key(FitRole role);

// Every known key, for the unknown-key hints.
std::vector<std::string> known_style_keys();

// A language block's key written for `en`, the way the table lists it:
// "dates.zh.pattern" → "dates.en.pattern"; other keys unchanged.
std::string table_key(const std::string& key);

// The table's defaults as a layout file would hold them (rows with a
// literal default only), for the test that the built-in layout agrees.
model::StyleMap style_field_defaults();

// The user guide's key table (Markdown), generated from the rows.
std::string style_key_table_markdown();

}  // namespace cvpdf::theme
