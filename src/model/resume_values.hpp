// The values résumé fields are made of — a text in one or more languages,
// `only:`, a link, a date and a range of dates — shared by the résumé model
// (resume.hpp) and the entry kinds (src/kinds/*/kind.hpp).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <utility>
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

// A bullet: its text and, one level down, its sub-bullets (`{text: …,
// bullets: […]}`). A sub-bullet holds no bullets of its own: one level is
// what every theme, the text exports and the tagged list set, and what
// RenderCV's nested highlights need.
struct Bullet {
  Localized text;
  std::vector<Localized> sub_bullets;
  SourceSpan span;
  static Bullet plain(Localized text) {
    Bullet b;
    b.span = text.span;
    b.text = std::move(text);
    return b;
  }
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
  // The label was made from the address (none was written): a line may
  // show less of it (model::shown_address), and a writer leaves it out.
  bool label_is_address = false;
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

// How a field of an entry kind is used, for the walks every kind shares
// (model/entry.hpp: language detection, the input checks, the link policy).
enum class FieldUse : unsigned char {
  Text,     // set as written
  Names,    // people's names (a publication's authors): no evidence of the résumé's language
  Address,  // a web address: held to the link policy
};

// A field's key as written in the file (`org`, `number`) and its use.
struct FieldKey {
  const char* name;
  FieldUse use = FieldUse::Text;
  FieldKey(const char* key, FieldUse how = FieldUse::Text) : name(key), use(how) {}  // NOLINT: "org" reads as a key
};

}  // namespace cvpdf::model
