// Internal to src/model: reading values of the résumé schema out of the YAML
// tree (schema_values.cpp), the résumé itself (schema.cpp), JSON Resume
// (json_resume.cpp) and style blocks (style_loader.cpp). Every reader reports
// what was expected and what was found, at the value's line:column.
#pragma once
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/resume.hpp"
#include "model/resume_keys.hpp"
#include "model/yaml_tree.hpp"

namespace cvpdf::model::detail {

// BCP 47, loosely: a 2–3 letter language, then subtags of 1–8 letters or
// digits, separated by '-' (or '_').
bool is_language_tag(std::string_view tag);
// zh-hant → zh-Hant, en_gb → en-GB, ZH → zh.
std::string canonical_language(std::string_view tag);

using model::KeyName;
using model::KeyTable;

class Reader {
 public:
  Reader(const Document& doc, Diagnostics& diags) : doc_(doc), diags_(diags) {}

  const Document& doc() const { return doc_; }
  Diagnostics& diags() const { return diags_; }
  SourceSpan span(Pos pos) const { return doc_.span(pos); }
  SourceSpan span(const YNode& node) const { return doc_.span(node.pos); }
  SourceSpan key_span(const YNode& node) const { return doc_.span(node.key_pos.known() ? node.key_pos : node.pos); }

  // The declared `languages:`, canonical. Set before any text is read.
  std::vector<std::string> languages;
  std::string declared_list() const;  // "[en, zh]"
  bool declared(const std::string& canonical_code) const;

  // A mapping's values by canonical key. Unknown keys warn (with the hint
  // of model::unknown_key_hint); an alias given beside its key is an error.
  using Fields = std::map<std::string, const YNode*>;
  Fields fields(const YNode& map, const KeyTable& table) const;
  Fields fields(const YNode& map, std::span<const KeyName> keys, const std::string& where) const {
    return fields(map, KeyTable{where.c_str(), keys, {}});
  }

  // "'<key>' must be <expected>, got <what node is>".
  void wrong_type(const YNode& node, const std::string& key, const std::string& expected, const std::string& hint) const;

  // Where a scalar was written, for a text read from it (trimmed as text()
  // trims); nullopt when its place is not known.
  std::optional<ScalarOrigin> origin(const YNode& scalar) const;
  // A text: a scalar, or a mapping whose keys are declared languages. Null or
  // absent leaves `out` empty. Returns false after reporting an error.
  bool text(const YNode* node, const std::string& key, Localized& out) const;
  // A scalar, not localized (an e-mail address, a URL, a path).
  bool plain(const YNode* node, const std::string& key, std::string& out) const;
  // A list of texts (bullets, tags).
  void text_list(const YNode* node, const std::string& key, std::vector<Localized>& out) const;
  // Bullets: each a text, or {text, bullets} with one level of sub-bullets
  // (a mapping of languages is told from it by its keys).
  void bullet_list(const YNode* node, const std::string& key, std::vector<Bullet>& out) const;
  // A list of texts, each a bullet without sub-bullets (another format's highlights).
  void text_bullets(const YNode* node, const std::string& key, std::vector<Bullet>& out) const;
  // A text, or a list of texts joined by ", " (authors).
  bool text_or_joined_list(const YNode* node, const std::string& key, Localized& out) const;
  // `links`: a list of {label, url} or bare URLs.
  void links(const YNode* node, const std::string& key, std::vector<Link>& out) const;
  // A link's `network:` and `username:` (model/networks.hpp): the network's
  // name, the URL built from the username unless one is written, the
  // username as the label unless one is written; warnings at the value
  // for an unknown network or a username the network cannot have.
  void network_link(const SourceSpan& network_at, const SourceSpan& username_at, const std::string& network,
                    const std::string& username, Link& link) const;
  void only(const YNode* node, Only& out) const;
  std::optional<Date> date(const YNode* node, const std::string& key) const;
  std::optional<DateRange> date_range(const YNode* node, const std::string& key) const;

  // Is this mapping a localized text ({en: ..., zh: ...}) rather than a record?
  // True when every key but `except` is a language tag not in `record_keys`.
  bool looks_localized(const YNode& map, std::span<const KeyName> record_keys, std::string_view except = {}) const;

 private:
  const Document& doc_;
  Diagnostics& diags_;
};

// https:// added when a URL has no scheme; mailto:/tel: kept.
std::string normalize_url(std::string url);
// The URL as a label: no scheme, no trailing slash.
std::string url_label(const std::string& url);
bool looks_like_url(const std::string& text);

// style_block.cpp: a YAML mapping → dotted keys, added to `out`; a key
// with no value but a colour-like comment after it goes to `commented`.
void flatten_style(const Reader& reader, const YNode& node, const std::string& prefix, StyleMap& out,
                   std::vector<CommentedStyleKey>* commented);

// schema.cpp: a cvpdf résumé (the root has `person`).
void read_resume(Reader& reader, const YNode& root, Resume& out);
// The `languages:` key (or its default); sets reader.languages too.
void read_languages(Reader& reader, const YNode* node, Resume& out);

// json_resume.cpp: a JSON Resume document (the root has `basics`). The
// résumé's one language is meta.language's, else "en"; returns whether
// meta.language gave it (when not, the file declares no language). With
// `not_shown`, a note goes there for every field the page does not show.
bool read_json_resume(Reader& reader, const YNode& root, Resume& out, Diagnostics* not_shown = nullptr);

// rendercv.cpp: a RenderCV file (rendercv.com; the root has a `cv` mapping,
// beside `design`, `locale`, `settings`). docs/rendercv.md maps its fields.
// With `not_applied`, a note goes there for every option of `design`,
// `locale` and `settings` that cvpdf has no counterpart for.
void read_rendercv(Reader& reader, const YNode& root, Resume& out, Diagnostics* not_applied = nullptr);

// RenderCV's entry types. An entry's type is the first of RenderCV's list
// (one-line, normal, experience, education, publication, bullet, numbered,
// reversed numbered) that has one of the entry's keys among the keys no
// other type has; a plain text is a text entry.
enum class RenderCvEntry { Unknown, Text, OneLine, Normal, Experience, Education, Publication, Bullet, Numbered, ReversedNumbered };
RenderCvEntry rendercv_entry_type(const YNode& entry);
const char* rendercv_entry_name(RenderCvEntry type);  // "EducationEntry"
// A section key as RenderCV titles it: "selected_honors" → "Selected Honors";
// a key with a space or a capital letter is kept as written.
std::string rendercv_section_title(std::string_view key);

// rendercv_style.cpp: what a RenderCV file's `design`, `locale` and
// `settings` say, as cvpdf's theme, languages and `style:` keys.
struct RenderCvLocale {
  std::string degree_with_area;  // locale.phrases.degree_with_area ("DEGREE in AREA"), "" if not given
};
void read_rendercv_style(Reader& reader, const YNode& root, Resume& out, RenderCvLocale& locale,
                         Diagnostics* not_applied = nullptr);
// RenderCV's locale names and cvpdf's language codes: "german" → "de"; "" for none.
std::string rendercv_language_code(std::string_view name);
// RenderCV's theme → cvpdf's built-in theme, or "" when none fits.
std::string rendercv_theme(std::string_view name);

// rendercv_locales.cpp: RenderCV's built-in words for a locale language
// ("german", or a code "de"); null for a language RenderCV does not have.
struct RenderCvLocaleWords {
  const char* language;          // RenderCV's name: "german"
  const char* present;
  const char* abbreviations;     // 12, '|'-separated
  const char* names;             // 12, '|'-separated
  const char* degree_with_area;  // "DEGREE in AREA"
};
const RenderCvLocaleWords* rendercv_locale_words(std::string_view language);
std::vector<std::string> rendercv_months(const char* joined);

}  // namespace cvpdf::model::detail
