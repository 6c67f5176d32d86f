// The rows of the résumé key tables (resume_keys.hpp), an entry's gathered
// from its kinds, and the unknown-key hint drawn from them.
#include "model/resume_keys.hpp"

#include <algorithm>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/diagnostics.hpp"
#include "model/entry_kinds.hpp"

namespace cvpdf::model {

const char* const kOneLevelOfSubBullets =
    "one level of sub-bullets: make this a bullet of its own, or join its items into its text";

namespace {

using V = ValueType;

// `layout` is the older name of `theme`: both in one file is the usual
// "same key twice" error, as for every alias, since neither can be the one
// the writer meant to keep.
constexpr KeyName kTop[] = {
    {"languages", "languages", V::Languages,
     "the variants' language codes (BCP 47: en, zh, zh-Hant, ja, en-GB…); the first is the default"},
    {"theme", "theme", V::Theme, "a built-in theme (cvpdf themes) or a theme file, relative to this file"},
    {"layout", "theme", V::Theme},
    {"style", "style", V::Style, "overrides of the theme's keys, in the shape of a theme file"},
    {"person", "person", V::Person, "the header: name, headline, contact details, links, summary, metrics"},
    {"sections", "sections", V::Sections, "the sections, in order: each a title and entries, bullets or text"},
};
constexpr ForeignKey kTopForeign[] = {
    {"design", "the theme is chosen with 'theme:' and its keys are changed in 'style:'"},
    {"locale", "the variants' languages are 'languages:', e.g. languages: [en, zh]"},
    {"lang", "the variants' languages are 'languages:', e.g. languages: [en, zh]"},
};

constexpr KeyName kPerson[] = {
    {"name", "name", V::Text, "your name, the largest line of the header"},
    {"headline", "headline", V::Text, "one line under the name: what you do"},
    {"email", "email", V::Plain, "an e-mail address; it becomes a mailto: link"},
    {"phone", "phone", V::Plain, "a phone number, as it is to be printed"},
    {"location", "location", V::Text, "where you live or work"},
    {"photo", "photo", V::Plain, "a JPEG or PNG file, relative to this file"},
    {"links", "links", V::Links, "websites and profiles: {label, url} or {network, username}"},
    {"summary", "summary", V::Text, "a paragraph under the header"},
    {"metrics", "metrics", V::Metrics, "a row of figures: {value, label}"},
};
constexpr ForeignKey kPersonForeign[] = {
    {"label", "a line under the name is 'headline'"},
    {"title", "a line under the name is 'headline'"},
    {"website", "websites go in 'links': - {label: Website, url: https://...}"},
    {"url", "websites go in 'links': - {label: Website, url: https://...}"},
    {"profiles", "profiles go in 'links': - {network: github, username: octocat}"},
    {"social", "profiles go in 'links': - {network: github, username: octocat}"},
    {"image", "a picture is 'photo: me.jpg' (a JPEG or PNG file)"},
    {"picture", "a picture is 'photo: me.jpg' (a JPEG or PNG file)"},
    {"mobile", "a phone number is 'phone'"},
    {"address", "where you live is 'location'"},
    {"about", "a paragraph under the header is 'summary'"},
};

constexpr KeyName kMetric[] = {
    {"value", "value", V::Text, "the figure, e.g. 6×"},
    {"label", "label", V::Text, "what it measures"},
};
constexpr ForeignKey kMetricForeign[] = {
    {"number", "the figure is 'value'"},
    {"text", "what a figure measures is 'label'"},
    {"description", "what a figure measures is 'label'"},
};

constexpr KeyName kLink[] = {
    {"label", "label", V::Text, "the text shown; by default the address, or the username"},
    {"url", "url", V::Plain, "the address; https:// is added when it has no scheme"},
    {"network", "network", V::Plain, "a well-known network (github, linkedin, …): the URL is built from the username"},
    {"username", "username", V::Plain, "your name on the network"},
};
constexpr ForeignKey kLinkForeign[] = {
    {"name", "a link's text is 'label'"},       {"title", "a link's text is 'label'"},
    {"href", "a link's address is 'url'"},      {"link", "a link's address is 'url'"},
    {"service", "a profile's site is 'network'"}, {"user", "a profile's name is 'username'"},
    {"handle", "a profile's name is 'username'"},
};

constexpr KeyName kSection[] = {
    {"title", "title", V::Text, "the heading"},
    {"entries", "entries", V::Entries,
     "the entries: items (org, role, date), pairs (label, text), publications (title, authors), numbered entries "
     "(number) or plain texts"},
    {"bullets", "bullets", V::Bullets, "a bulleted list, for a section without entries"},
    {"highlights", "bullets", V::Bullets},
    {"text", "text", V::Text, "one paragraph, for a section without entries"},
    {"summary", "text", V::Text},
    {"only", "only", V::Only, "the variants the section appears in: only: zh, or only: [en]"},
};
constexpr ForeignKey kSectionForeign[] = {
    {"name", "a section's heading is 'title'"},     {"heading", "a section's heading is 'title'"},
    {"items", "a section's entries are 'entries'"}, {"content", "a section's entries are 'entries'"},
    {"description", "a section's paragraph is 'text'"},
};

// A bullet that holds sub-bullets. Its sub-bullets are texts: one level.
constexpr KeyName kBullet[] = {
    {"text", "text", V::Text, "the bullet's text"},
    {"bullets", "bullets", V::SubBullets, "its sub-bullets, set under it (one level: each a text)"},
    {"highlights", "bullets", V::SubBullets},
};
constexpr KeyName kSubBullet[] = {
    {"text", "text", V::Text, "the sub-bullet's text"},
};
constexpr ForeignKey kBulletForeign[] = {
    {"sub-bullets", "a bullet's sub-bullets are 'bullets'"}, {"subbullets", "a bullet's sub-bullets are 'bullets'"},
    {"items", "a bullet's sub-bullets are 'bullets'"},       {"children", "a bullet's sub-bullets are 'bullets'"},
};

// Not constexpr: the hint is the one the loader gives, a pointer named outside.
const ForeignKey kSubBulletForeign[] = {
    {"bullets", kOneLevelOfSubBullets},
    {"highlights", kOneLevelOfSubBullets},
};

// An entry's keys besides its kinds'.
constexpr KeyName kEntryOnly{"only", "only", V::Only, "the variants the entry appears in: only: zh, or only: [en]"};
constexpr ForeignKey kEntryForeign[] = {
    {"name",
     "an entry's name is 'org' for a company, school or project (or 'company', 'institution'), 'title' for a "
     "publication, 'label' for a skill; your own name is 'person.name'"},
    {"startDate", "did you mean 'start'? ('start_date' works too)"},
    {"endDate", "did you mean 'end'? ('end_date' works too)"},
    {"description", "an entry's paragraph is 'text'; what you did goes in 'bullets'"},
    {"details", "an entry's paragraph is 'text'; what you did goes in 'bullets'"},
    {"keywords", "keywords are 'tags' (in a skills pair, the 'text' after the 'label')"},
    {"skills", "keywords are 'tags' (in a skills pair, the 'text' after the 'label')"},
    {"website", "an entry's links are 'links: [https://...]'; a publication's address is 'url'"},
    {"area", "a field of study goes in 'role' with the degree: role: BSc Computer Science"},
    {"studyType", "the degree is 'role' (or 'degree')"},
    {"employer", "the organisation is 'org' (or 'company')"},
    {"job", "the position is 'role' (or 'position')"},
    {"publisher", "a publication's journal, conference or publisher is 'venue'"},
    {"journal", "a publication's journal, conference or publisher is 'venue'"},
    {"releaseDate", "a publication's date is 'year'"},
    {"author", "the authors are 'authors'"},
};

const KeyTable kTopTable{"at the top level", kTop, kTopForeign};
const KeyTable kPersonTable{"in 'person'", kPerson, kPersonForeign};
const KeyTable kMetricTable{"in a metric", kMetric, kMetricForeign};
const KeyTable kLinkTable{"in a link", kLink, kLinkForeign};
const KeyTable kSectionTable{"in a section", kSection, kSectionForeign};
const KeyTable kBulletTable{"in a bullet", kBullet, kBulletForeign};
const KeyTable kSubBulletTable{"in a sub-bullet", kSubBullet, kSubBulletForeign};

// The kinds' keys in EntryBody's order, a key several kinds take once (the
// first kind's row: its meaning is the JSON Schema's only for this table).
std::vector<KeyName> gather_entry_keys() {
  std::vector<KeyName> keys;
  for_each_kind([&]<class Kind>() {
    for (const KeyName& k : kind_description<Kind>().keys) {
      auto same = [&](const KeyName& have) { return std::string_view(have.name) == k.name; };
      if (std::none_of(keys.begin(), keys.end(), same)) keys.push_back(k);
    }
  });
  keys.push_back(kEntryOnly);
  return keys;
}

const KeyName* find_key(const KeyTable& table, std::string_view key) {
  for (const auto& k : table.keys)
    if (key == k.name) return &k;
  return nullptr;
}

// "'email' is a key in 'person', not in an entry" (or of several places).
std::string elsewhere_hint(const KeyTable& here, const std::string& key) {
  std::vector<const char*> places;
  for (const KeyTable* t : key_tables())
    if (t != &here && find_key(*t, key)) places.push_back(t->where);
  if (places.empty()) return {};
  std::string list;
  for (std::size_t i = 0; i < places.size(); ++i)
    list += std::string(i == 0 ? "" : i + 1 == places.size() ? " or " : ", ") + places[i];
  return "'" + key + "' is a key " + list + ", not " + here.where;
}

}  // namespace

const KeyTable& top_keys() { return kTopTable; }
const KeyTable& person_keys() { return kPersonTable; }
const KeyTable& metric_keys() { return kMetricTable; }
const KeyTable& link_keys() { return kLinkTable; }
const KeyTable& section_keys() { return kSectionTable; }
const KeyTable& bullet_keys() { return kBulletTable; }
const KeyTable& sub_bullet_keys() { return kSubBulletTable; }
const KeyTable& entry_keys() {
  static const std::vector<KeyName> keys = gather_entry_keys();
  static const KeyTable table{"in an entry", keys, kEntryForeign};
  return table;
}
const KindDescription& kind_description(const Entry& entry) {
  return std::visit(
      [](const auto& kind) -> const KindDescription& { return kind_description<std::decay_t<decltype(kind)>>(); },
      entry.body);
}

std::span<const KeyTable* const> key_tables() {
  static const KeyTable* const tables[] = {&kTopTable, &kPersonTable, &kSectionTable, &entry_keys(),
                                           &kLinkTable, &kMetricTable};
  return tables;
}

std::string unknown_key_hint(const KeyTable& table, const std::string& key) {
  for (const auto& f : table.foreign)
    if (key == f.word) return f.hint;
  if (std::string there = elsewhere_hint(table, key); !there.empty()) return there;
  std::vector<std::string> names;
  for (const auto& k : table.keys) names.emplace_back(k.name);
  if (std::string nearest = nearest_word(key, names); !nearest.empty()) {
    std::string canonical = find_key(table, nearest)->canonical;
    return canonical == nearest ? "did you mean '" + nearest + "'?"
                                : "did you mean '" + canonical + "'? ('" + nearest + "' works too)";
  }
  std::string list;
  for (const auto& k : table.keys)
    if (std::string(k.name) == k.canonical) list += (list.empty() ? "" : ", ") + std::string(k.name);
  return "the keys " + std::string(table.where) + " are: " + list;
}

}  // namespace cvpdf::model
