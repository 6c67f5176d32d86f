// The résumé model: what resume.yaml says, validated, every node carrying the
// place it came from. Complete before anything is shaped (docs/architecture.md).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "model/entry.hpp"
#include "model/resume_values.hpp"
#include "model/scalar_source.hpp"

namespace cvpdf::model {

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

struct Section {
  Localized title;
  std::vector<Entry> entries;
  std::vector<Bullet> bullets;  // a section of bare bullets
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
