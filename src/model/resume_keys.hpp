// The key tables of the cvpdf résumé format (docs/user-guide.md, "The résumé file"): for
// each place (top level, person, metric, link, section, entry, bullet, sub-bullet) the keys it
// may hold, their aliases, what value each takes, what it means, and the
// words from other formats that belong to another key here. An entry's
// keys are its kinds' (each kind's model.cpp, entry_kinds.hpp), gathered
// here. The loader (schema.cpp, schema_values.cpp) reads by these tables and
// the JSON Schema (app/json_schema.cpp) is generated from them, so a key is
// added once.
#pragma once
#include <span>
#include <string>
#include <string_view>

namespace cvpdf::model {

// What a key's value is, as the loader reads it.
enum class ValueType : unsigned char {
  Unspecified,  // a table only the loader uses (RenderCV's): no schema
  Text,         // a scalar, or {en: ..., zh: ...}
  Plain,        // a scalar the same in every language (a URL, a path, an e-mail address)
  TextList,     // a list of texts
  Bullets,      // a list of bullets: texts, or {text, bullets} with one level of sub-bullets
  SubBullets,   // a bullet's sub-bullets: texts (or {text}), holding no bullets
  TextOrList,   // a text, or a list of names joined by ", " (authors)
  Links,        // a list of {label, url} / {network, username}, or bare URLs
  Date,         // one date: 2024, 2024-06, 2024-06-30, present
  DateRange,    // a date or a range: 2020-09 – 2024-06
  Languages,    // a language code or a list of them
  Only,         // the same, naming the variants something appears in
  Theme,        // a built-in theme's name or a theme file
  Style,        // a mapping of theme keys
  Person,       // the person table
  Metrics,      // a list of {value, label}
  Sections,     // a list of sections
  Entries,      // a list of entries
};

// A key a mapping may hold and the key it stands for (itself, or for an
// alias such as `company` → `org`).
struct KeyName {
  const char* name;
  const char* canonical;
  ValueType type = ValueType::Unspecified;
  const char* meaning = nullptr;  // on the canonical row
};

// A word another format uses at this place, and the key cvpdf has for it
// (`name` in an entry: a company's or a project's is `org`, a
// publication's `title`): the unknown-key hint says so rather than
// suggesting a key that is merely spelt alike.
struct ForeignKey {
  const char* word;
  const char* hint;
};

// One place of the format: its keys and its foreign words.
struct KeyTable {
  const char* where;  // "in an entry", for messages
  std::span<const KeyName> keys;
  std::span<const ForeignKey> foreign;
};

const KeyTable& top_keys();
const KeyTable& person_keys();
const KeyTable& metric_keys();
const KeyTable& link_keys();
const KeyTable& section_keys();
// A bullet written as a mapping: its text and its sub-bullets.
const KeyTable& bullet_keys();
// A sub-bullet written as a mapping: its text alone (one level of sub-bullets).
const KeyTable& sub_bullet_keys();
// Why a sub-bullet holds no bullets, and what to write instead.
extern const char* const kOneLevelOfSubBullets;
// Every entry kind's keys (once each: `text` is several kinds'), and `only`.
const KeyTable& entry_keys();

// Every table, for the hint that a key belongs at another place.
std::span<const KeyTable* const> key_tables();

// The hint for an unknown key `key` at `table`'s place: a foreign word's,
// else the nearest key there, else the key's place elsewhere
// ("'email' belongs in 'person'"), else the list of keys there.
std::string unknown_key_hint(const KeyTable& table, const std::string& key);

}  // namespace cvpdf::model
