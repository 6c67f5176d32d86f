// The rows of the résumé key tables (resume_keys.hpp) and the unknown-key
// hint drawn from them.
#include "model/resume_keys.hpp"

#include <array>
#include <vector>

#include "core/diagnostics.hpp"

namespace cvpdf::model {

namespace {

using V = ValueType;
using G = EntryGroup;

// `layout` is the older name of `theme`: both in one file is the usual
// "same key twice" error, as for every alias, since neither can be the one
// the writer meant to keep.
constexpr KeyName kTop[] = {
    {"languages", "languages", V::Languages, G::Any,
     "the variants' language codes (BCP 47: en, zh, zh-Hant, ja, en-GB…); the first is the default"},
    {"theme", "theme", V::Theme, G::Any, "a built-in theme (cvpdf themes) or a theme file, relative to this file"},
    {"layout", "theme", V::Theme},
    {"style", "style", V::Style, G::Any, "overrides of the theme's keys, in the shape of a theme file"},
    {"person", "person", V::Person, G::Any, "the header: name, headline, contact details, links, summary, metrics"},
    {"sections", "sections", V::Sections, G::Any, "the sections, in order: each a title and entries, bullets or text"},
};
constexpr ForeignKey kTopForeign[] = {
    {"design", "the theme is chosen with 'theme:' and its keys are changed in 'style:'"},
    {"locale", "the variants' languages are 'languages:', e.g. languages: [en, zh]"},
    {"lang", "the variants' languages are 'languages:', e.g. languages: [en, zh]"},
};

constexpr KeyName kPerson[] = {
    {"name", "name", V::Text, G::Any, "your name, the largest line of the header"},
    {"headline", "headline", V::Text, G::Any, "one line under the name: what you do"},
    {"email", "email", V::Plain, G::Any, "an e-mail address; it becomes a mailto: link"},
    {"phone", "phone", V::Plain, G::Any, "a phone number, as it is to be printed"},
    {"location", "location", V::Text, G::Any, "where you live or work"},
    {"photo", "photo", V::Plain, G::Any, "a JPEG or PNG file, relative to this file"},
    {"links", "links", V::Links, G::Any, "websites and profiles: {label, url} or {network, username}"},
    {"summary", "summary", V::Text, G::Any, "a paragraph under the header"},
    {"metrics", "metrics", V::Metrics, G::Any, "a row of figures: {value, label}"},
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
    {"value", "value", V::Text, G::Any, "the figure, e.g. 6×"},
    {"label", "label", V::Text, G::Any, "what it measures"},
};
constexpr ForeignKey kMetricForeign[] = {
    {"number", "the figure is 'value'"},
    {"text", "what a figure measures is 'label'"},
    {"description", "what a figure measures is 'label'"},
};

constexpr KeyName kLink[] = {
    {"label", "label", V::Text, G::Any, "the text shown; by default the address, or the username"},
    {"url", "url", V::Plain, G::Any, "the address; https:// is added when it has no scheme"},
    {"network", "network", V::Plain, G::Any, "a well-known network (github, linkedin, …): the URL is built from the username"},
    {"username", "username", V::Plain, G::Any, "your name on the network"},
};
constexpr ForeignKey kLinkForeign[] = {
    {"name", "a link's text is 'label'"},       {"title", "a link's text is 'label'"},
    {"href", "a link's address is 'url'"},      {"link", "a link's address is 'url'"},
    {"service", "a profile's site is 'network'"}, {"user", "a profile's name is 'username'"},
    {"handle", "a profile's name is 'username'"},
};

constexpr KeyName kSection[] = {
    {"title", "title", V::Text, G::Any, "the heading"},
    {"entries", "entries", V::Entries, G::Any,
     "the entries: items (org, role, date), pairs (label, text), publications (title, authors) or plain texts"},
    {"bullets", "bullets", V::TextList, G::Any, "a bulleted list, for a section without entries"},
    {"highlights", "bullets", V::TextList},
    {"text", "text", V::Text, G::Any, "one paragraph, for a section without entries"},
    {"summary", "text", V::Text},
    {"only", "only", V::Only, G::Any, "the variants the section appears in: only: zh, or only: [en]"},
};
constexpr ForeignKey kSectionForeign[] = {
    {"name", "a section's heading is 'title'"},     {"heading", "a section's heading is 'title'"},
    {"items", "a section's entries are 'entries'"}, {"content", "a section's entries are 'entries'"},
    {"description", "a section's paragraph is 'text'"},
};

constexpr KeyName kEntry[] = {
    {"org", "org", V::Text, G::Item, "the organisation: a company, a school, a project"},
    {"organization", "org", V::Text, G::Item},
    {"company", "org", V::Text, G::Item},
    {"institution", "org", V::Text, G::Item},
    {"school", "org", V::Text, G::Item},
    {"role", "role", V::Text, G::Item, "the position held or the degree"},
    {"position", "role", V::Text, G::Item},
    {"degree", "role", V::Text, G::Item},
    {"date", "date", V::DateRange, G::Item, "a date (2024-06) or a range (2020-09 – present); or start and end"},
    {"start", "start", V::Date, G::Item, "when it began: 2020, 2020-09, 2020-09-01"},
    {"start_date", "start", V::Date, G::Item},
    {"end", "end", V::Date, G::Item, "when it ended, or present"},
    {"end_date", "end", V::Date, G::Item},
    {"location", "location", V::Text, G::Item, "where"},
    {"bullets", "bullets", V::TextList, G::Item, "what you did, one bullet each"},
    {"highlights", "bullets", V::TextList, G::Item},
    {"links", "links", V::Links, G::Item, "links shown with the entry: {label, url} or {network, username}"},
    {"tags", "tags", V::TextList, G::Item, "keywords: tools, languages, techniques"},
    {"text", "text", V::Text, G::Any, "a paragraph; in a pair, the text after the label"},
    {"summary", "text", V::Text, G::Any},
    {"label", "label", V::Text, G::Pair, "a pair's label, set in bold (a skill's category)"},
    {"title", "title", V::Text, G::Publication, "a publication's title"},
    {"authors", "authors", V::TextOrList, G::Publication, "the authors: a text or a list of names"},
    {"venue", "venue", V::Text, G::Publication, "the journal, conference or publisher"},
    {"year", "year", V::Plain, G::Publication, "the year of publication"},
    {"doi", "doi", V::Plain, G::Publication, "the DOI, 10.NNNN/suffix; linked to doi.org"},
    {"url", "url", V::Plain, G::Publication, "the publication's address"},
    {"me", "me", V::Plain, G::Publication, "your name as it is written among the authors, set in bold"},
    {"only", "only", V::Only, G::Any, "the variants the entry appears in: only: zh, or only: [en]"},
};
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
const KeyTable kEntryTable{"in an entry", kEntry, kEntryForeign};
const KeyTable* const kTables[] = {&kTopTable, &kPersonTable, &kSectionTable, &kEntryTable, &kLinkTable, &kMetricTable};

const KeyName* find_key(const KeyTable& table, std::string_view key) {
  for (const auto& k : table.keys)
    if (key == k.name) return &k;
  return nullptr;
}

// "'email' is a key in 'person', not in an entry" (or of several places).
std::string elsewhere_hint(const KeyTable& here, const std::string& key) {
  std::vector<const char*> places;
  for (const KeyTable* t : kTables)
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
const KeyTable& entry_keys() { return kEntryTable; }
std::span<const KeyTable* const> key_tables() { return kTables; }

EntryGroup entry_group(std::string_view canonical) {
  for (const auto& k : kEntry)
    if (canonical == k.canonical) return k.group;
  return EntryGroup::Any;
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
