// The résumé model: what resume.yaml says, validated, every node carrying the
// place it came from. Complete before anything is shaped (docs/architecture.md).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "model/scalar_source.hpp"

namespace cvpdf::model {

// A text value that may be localized: `title: Education` (one text for every
// language, stored under the key "") or `title: {en: Education, zh: 教育背景}`.
// Language keys are declared codes in canonical BCP 47 case (zh-Hant, en-GB).
struct Localized {
  std::map<std::string, std::string> by_language;
  SourceSpan span;  // the whole value (a mapping of languages: where it starts)
  // Where each language's scalar was written, by the keys of by_language;
  // absent for texts the loader made (a label from a URL, a joined list).
  std::map<std::string, ScalarOrigin> origins;

  bool empty() const { return by_language.empty(); }
  bool has(const std::string& language) const;
  // The text for `language`; falls back to the unlocalized text, then to the
  // text of `fallback_language` (the résumé's first language), then "".
  const std::string& get(const std::string& language, const std::string& fallback_language) const;
  // The place of the text get() gives, for messages about a place inside it.
  TextPlace place(const std::string& language, const std::string& fallback_language) const;
  static Localized plain(std::string text, SourceSpan span = {});
};

// `only: zh` / `only: [en]`: the variants a section or entry appears in.
// Empty means all variants.
struct Only {
  std::vector<std::string> languages;
  SourceSpan span;
  bool includes(const std::string& language) const;
};

struct Link {
  Localized label;
  std::string url;  // empty: the label is plain text (no address is known);
                    // https:// is added when written without a scheme
  std::string network;  // a known network's name (model/networks.hpp), "" for none
  std::string username;  // as written with `network`; the label when none was given (label_is_username)
  bool label_is_username = false;
  SourceSpan span;
};

// A calendar date as written: 2024, 2024-06, 2024-06-30, or `present`.
struct Date {
  int year = 0;
  int month = 0;  // 0: not given
  int day = 0;    // 0: not given
  bool present = false;
  SourceSpan span;
};

struct DateRange {
  std::optional<Date> start;
  std::optional<Date> end;  // a single date is stored as `start` alone
                            // (`end:` written without `start:` gives `end` alone)
  bool empty() const { return !start && !end; }
};

struct Metric {
  Localized value;  // "6×"
  Localized label;  // "Intern-S2 relative H200 performance"
  SourceSpan span;
};

struct Person {
  Localized name;
  Localized headline;
  std::string email;
  std::string phone;
  Localized location;
  std::string photo;  // path as written, resolved against `base_directory`
  SourceSpan photo_span;  // of the `photo:` value (unknown when not from YAML)
  SourceSpan email_span;  // of the `email:` value (unknown when not from YAML)
  std::vector<Link> links;
  Localized summary;
  std::vector<Metric> metrics;
  SourceSpan span;
};

enum class EntryKind { Item, Pair, Publication, Paragraph };

struct Entry {
  EntryKind kind = EntryKind::Item;
  SourceSpan span;
  Only only;

  // item
  Localized org;
  Localized role;
  Localized location;
  DateRange date;
  std::vector<Localized> bullets;
  Localized text;  // item: a paragraph under the head; pair: the text; paragraph: the text
  std::vector<Link> links;
  std::vector<Localized> tags;  // e.g. status tags "Live", "In development"

  // pair
  Localized label;

  // publication
  Localized title;
  Localized authors;  // as written: "S. Tan, Q. Jiang, …"
  Localized venue;
  std::string year;
  std::string doi;
  std::string url;
  std::string me;  // the author name to set in bold
};

struct Section {
  Localized title;
  std::vector<Entry> entries;
  std::vector<Localized> bullets;  // a section of bare bullets
  Localized text;                  // a section that is one paragraph
  Only only;
  SourceSpan span;
};

// One value of a style key, as written (a scalar or a list of scalars).
struct StyleValue {
  std::string scalar;
  std::vector<std::string> list;
  bool is_list = false;
  SourceSpan span;
};

// A layout, a résumé's `style:` or `--set`, flattened to dotted keys
// (`page.margin.top`, `fonts.latin`). Later sources override earlier ones.
using StyleMap = std::map<std::string, StyleValue>;

// A style key written with no value and a colour-like word after it
// (`accent: #c00`), which YAML reads as a comment; kept for the theme,
// which knows which keys are colours, to say so.
struct CommentedStyleKey {
  std::string key;   // dotted: "colors.accent"
  std::string name;  // as written: "accent"
  std::string word;  // "#c00"
  SourceSpan span;   // of the key
};

struct Resume {
  std::vector<std::string> languages;  // first is the default; never empty after loading
  // False when no declaration gave `languages` (no `languages:`, no
  // meta.language or locale): the loader then detects the language from
  // the text (language_detect.hpp) and -v says so.
  bool languages_declared = false;
  std::string layout;                  // `theme:` (or `layout:`): name or path, as written; "" for the default
  SourceSpan layout_span;
  bool layout_builtin_only = false;    // JSON Resume's meta.theme: used only when it names a built-in theme
  StyleMap style;                      // the file's `style:` block, flattened
  std::vector<CommentedStyleKey> style_comments;  // its keys whose value YAML took for a comment
  Person person;
  std::vector<Section> sections;
  std::string source_path;             // as given on the command line ("-" for stdin)
  std::string base_directory;          // where relative paths resolve
  SourceSpan span;

  // The photo's file as the run opens it: person.photo resolved against
  // base_directory, normalised; "" when there is no photo. One place, so
  // the composer, the depfile, --watch and the same-file check agree.
  std::string photo_path() const;
};

}  // namespace cvpdf::model
