// The cvpdf résumé schema (docs/user-guide.md, "The résumé file"): the YAML tree → Resume,
// by the key tables of each level (model/resume_keys.hpp); `languages:`,
// required keys, and an entry's kind, which is taken from its keys (item,
// pair, publication, paragraph) — with an error when the keys of two kinds
// are mixed.
#include <algorithm>

#include "model/dates.hpp"
#include "model/schema.hpp"

namespace cvpdf::model::detail {

namespace {

using model::EntryGroup;

// A DOI's syntax (the DOI Handbook, 2.2): "10." and a registrant code of
// digits (4 or more, dot-separated subdivisions allowed), "/", and a suffix
// without white space.
bool doi_syntax(const std::string& doi) {
  if (doi.rfind("10.", 0) != 0) return false;
  std::size_t i = 3, digits = 0;
  while (i < doi.size() && ((doi[i] >= '0' && doi[i] <= '9') || (doi[i] == '.' && digits > 0))) digits += doi[i++] != '.';
  if (digits < 4 || i >= doi.size() || doi[i] != '/' || doi[i - 1] == '.' || i + 1 == doi.size()) return false;
  return doi.find_first_of(" \t\n") == std::string::npos;
}

enum KindIndex { kItem = 0, kPair = 1, kPublication = 2 };

int kind_of_key(const std::string& canonical) {
  switch (model::entry_group(canonical)) {
    case EntryGroup::Item: return kItem;
    case EntryGroup::Pair: return kPair;
    case EntryGroup::Publication: return kPublication;
    case EntryGroup::Any: return -1;
  }
  return -1;
}

const char* kind_name(int kind) {
  switch (kind) {
    case kItem: return "an item";
    case kPair: return "a pair";
    default: return "a publication";
  }
}

std::string mixed_kinds_hint(int a, int b, const std::string& publication_key) {
  if ((a == kItem && b == kPublication) || (a == kPublication && b == kItem)) {
    if (publication_key == "title")
      return "for a job title use 'role' (or 'position'); 'title' makes an entry a publication";
    return "a publication has title, authors, venue, year, doi or url; an item has org, role, date, bullets, links; "
           "split this into two entries";
  }
  if (a == kPublication || b == kPublication)
    return "a pair is label + text; a publication has title, authors, venue, year; split this into two entries";
  return "a pair is label + text on one line (e.g. a skill); an item has org, role, date, bullets, links; "
         "split this into two entries";
}

const std::string& first_text(const Reader& r, const Localized& l) {
  const std::string& first = r.languages.empty() ? std::string() : r.languages.front();
  return l.get(first, first);
}

std::string email_address(std::string email) {
  if (email.rfind("mailto:", 0) == 0) email = email.substr(7);
  return email;
}

void read_metrics(const Reader& r, const YNode* node, std::vector<Metric>& out) {
  if (!node || node->is_null()) return;
  if (!node->is_sequence()) {
    r.wrong_type(*node, "metrics", "a list of {value, label}", "write each as `- {value: 6×, label: speed-up on H200}`");
    return;
  }
  for (const auto& item : node->children) {
    if (item.is_null()) continue;
    if (!item.is_map()) {
      r.wrong_type(item, "a metric", "a mapping {value, label}", "write each as `- {value: 6×, label: speed-up on H200}`");
      continue;
    }
    auto f = r.fields(item, model::metric_keys());
    Metric m;
    m.span = r.span(item);
    bool ok = r.text(f["value"], "value", m.value);
    ok = r.text(f["label"], "label", m.label) && ok;
    if (ok && m.value.empty()) {
      r.diags().error(r.span(item), "a metric needs a 'value'", "write `- {value: 6×, label: speed-up on H200}`");
      continue;
    }
    if (ok) out.push_back(std::move(m));
  }
}

void read_person(const Reader& r, const YNode& node, Person& p) {
  p.span = r.span(node);
  auto f = r.fields(node, model::person_keys());
  bool name_ok = r.text(f["name"], "name", p.name);
  bool has_name = std::any_of(p.name.by_language.begin(), p.name.by_language.end(),
                              [](const auto& kv) { return !kv.second.empty(); });
  if (name_ok && !has_name) {
    r.diags().error(r.key_span(node), "'person' has no 'name'", "add `name: Your Name` under `person:`");
  }
  r.text(f["headline"], "headline", p.headline);
  r.plain(f["email"], "email", p.email);
  p.email = email_address(p.email);
  if (f["email"]) p.email_span = r.span(*f["email"]);
  r.plain(f["phone"], "phone", p.phone);
  r.text(f["location"], "location", p.location);
  r.plain(f["photo"], "photo", p.photo);
  if (f["photo"]) p.photo_span = r.span(*f["photo"]);
  r.links(f["links"], "links", p.links);
  r.text(f["summary"], "summary", p.summary);
  read_metrics(r, f["metrics"], p.metrics);
}

// The entry's fields by canonical key, in the order they are written.
std::vector<std::pair<std::string, const YNode*>> in_file_order(const YNode& node, const Reader::Fields& f) {
  std::vector<std::pair<std::string, const YNode*>> out;
  for (const auto& child : node.children)
    for (const auto& [canonical, value] : f)
      if (value == &child) out.emplace_back(canonical, value);
  return out;
}

std::optional<Entry> read_entry(const Reader& r, const YNode& node) {
  Entry e;
  e.span = r.span(node);
  if (node.is_scalar()) {
    e.kind = EntryKind::Paragraph;
    r.text(&node, "entry", e.text);
    return e;
  }
  if (node.is_sequence()) {
    r.diags().error(r.span(node),
                    "an entry must be a mapping (org, role, …), a text, or {en: ..., zh: ...}; got a list",
                    "a list inside 'entries' is not allowed; did you mean 'bullets:' inside an entry?");
    return std::nullopt;
  }
  if (r.looks_localized(node, model::entry_keys().keys, "only")) {  // {en: ..., zh: ..., only: zh}: a localized paragraph
    e.kind = EntryKind::Paragraph;
    YNode texts = node;
    std::erase_if(texts.children, [](const YNode& c) { return c.key() == "only"; });
    r.only(node.find("only"), e.only);
    if (!r.text(&texts, "entry", e.text)) return std::nullopt;
    return e;
  }

  auto f = r.fields(node, model::entry_keys());
  auto ordered = in_file_order(node, f);
  const YNode* claimed[3] = {nullptr, nullptr, nullptr};
  std::vector<int> kinds;
  for (const auto& [canonical, value] : ordered) {
    int k = kind_of_key(canonical);
    if (k < 0 || claimed[k]) continue;
    claimed[k] = value;
    kinds.push_back(k);
  }
  if (kinds.size() > 1) {
    const YNode* first = claimed[kinds[0]];
    const YNode* second = claimed[kinds[1]];
    std::string publication_key = claimed[kPublication] ? claimed[kPublication]->key() : "";
    r.diags().error(r.key_span(*second),
                    "this entry mixes " + std::string(kind_name(kinds[0])) + "'s '" + first->key() + "' with " +
                        kind_name(kinds[1]) + "'s '" + second->key() + "'",
                    mixed_kinds_hint(kinds[0], kinds[1], publication_key));
    return std::nullopt;
  }

  bool ok = r.text(f["text"], "text", e.text);
  r.only(f["only"], e.only);
  if (kinds.empty()) {
    if (e.text.empty() && ok) {
      r.diags().error(r.span(node),
                      "this entry has no content",
                      "an item has org, role, date, bullets; a pair has label + text; a publication has title; "
                      "a paragraph is a plain text");
      return std::nullopt;
    }
    e.kind = EntryKind::Paragraph;
    return ok ? std::optional<Entry>(std::move(e)) : std::nullopt;
  }

  switch (kinds[0]) {
    case kItem: {
      e.kind = EntryKind::Item;
      ok = r.text(f["org"], "org", e.org) && ok;
      ok = r.text(f["role"], "role", e.role) && ok;
      ok = r.text(f["location"], "location", e.location) && ok;
      const YNode* date = f["date"];
      const YNode* start = f["start"];
      const YNode* end = f["end"];
      if (date && (start || end)) {
        r.diags().error(r.key_span(start ? *start : *end),
                        "use either 'date' or 'start'/'end', not both",
                        "'date' takes one date or a range (2020-09 – 2024-06); start: and end: are its two ends");
        ok = false;
      } else if (date) {
        auto range = r.date_range(date, date->key());
        if (range) e.date = *range;
        else if (!date->is_null()) ok = false;
      } else {
        auto s = r.date(start, start ? start->key() : "start");
        auto en = r.date(end, end ? end->key() : "end");
        if ((start && !start->is_null() && !s) || (end && !end->is_null() && !en)) ok = false;
        if (s && s->present) {
          r.diags().error(r.span(*start), "'" + start->key() + "' cannot be 'present'",
                          "'present' is for 'end': something that is still going on");
          ok = false;
        } else if (auto problem = s && en ? range_order_problem(*s, *en, start->key(), end->key()) : std::nullopt) {
          r.diags().error(r.span(*end), problem->message, problem->hint);
          ok = false;
        } else {
          e.date.start = s;
          e.date.end = en;
        }
      }
      r.text_list(f["bullets"], f["bullets"] ? f["bullets"]->key() : "bullets", e.bullets);
      r.links(f["links"], "links", e.links);
      r.text_list(f["tags"], "tags", e.tags);
      break;
    }
    case kPair:
      e.kind = EntryKind::Pair;
      ok = r.text(f["label"], "label", e.label) && ok;
      break;
    case kPublication: {
      e.kind = EntryKind::Publication;
      if (!f["title"] || f["title"]->is_null()) {
        r.diags().error(r.span(node), "a publication needs a 'title'",
                        "add `title: ...`; a publication has title, authors, venue, year, doi or url, me");
        return std::nullopt;
      }
      ok = r.text(f["title"], "title", e.title) && ok;
      ok = r.text_or_joined_list(f["authors"], "authors", e.authors) && ok;
      ok = r.text(f["venue"], "venue", e.venue) && ok;
      ok = r.plain(f["year"], "year", e.year) && ok;
      ok = r.plain(f["doi"], "doi", e.doi) && ok;
      for (const char* prefix : {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"})
        if (e.doi.rfind(prefix, 0) == 0) e.doi = e.doi.substr(std::string(prefix).size());
      if (!e.doi.empty() && !doi_syntax(e.doi))
        r.diags().warning(r.span(f["doi"]->pos), "'" + e.doi + "' is not a DOI",
                          "a DOI is 10.NNNN/suffix (e.g. 10.1145/3458817.3476209); it is printed and linked as written");
      ok = r.plain(f["url"], "url", e.url) && ok;
      e.url = normalize_url(e.url);
      ok = r.plain(f["me"], "me", e.me) && ok;
      break;
    }
  }
  if (!ok) return std::nullopt;
  return e;
}

void read_section(const Reader& r, const YNode& node, std::vector<Section>& out) {
  if (!node.is_map()) {
    r.diags().error(r.span(node), "a section must be a mapping with 'title' and 'entries', got " + describe(node),
                    "write `- title: Experience` and, below it, `entries:`");
    return;
  }
  Section s;
  s.span = r.span(node);
  auto f = r.fields(node, model::section_keys());
  r.text(f["title"], "title", s.title);
  if (s.title.empty()) {
    r.diags().error(r.span(node), "a section needs a 'title'",
                    "add `title: Experience` (or title: {en: Experience, zh: 工作经历})");
  }
  r.only(f["only"], s.only);

  const YNode* content = nullptr;
  for (const char* key : {"entries", "bullets", "text"}) {
    const YNode* n = f[key];
    if (!n || n->is_null()) continue;
    if (content) {
      r.diags().error(r.key_span(*n),
                      "a section has one of 'entries', 'bullets' or 'text'; this one has both '" + content->key() +
                          "' and '" + n->key() + "'",
                      "put the text in an entry of its own: a plain text in 'entries' is a paragraph");
      continue;
    }
    content = n;
  }
  if (const YNode* entries = f["entries"]; entries && !entries->is_null()) {
    if (!entries->is_sequence()) {
      r.wrong_type(*entries, "entries", "a list of entries", "start each entry with '- '");
    } else {
      for (const auto& item : entries->children) {
        if (item.is_null()) {
          r.diags().warning(r.span(item), "an empty entry (ignored)", "remove the lone '-'");
          continue;
        }
        if (auto e = read_entry(r, item)) s.entries.push_back(std::move(*e));
      }
    }
  }
  r.text_list(f["bullets"], f["bullets"] ? f["bullets"]->key() : "bullets", s.bullets);
  r.text(f["text"], f["text"] ? f["text"]->key() : "text", s.text);
  if (!content && !s.title.empty()) {
    r.diags().warning(r.span(node), "section '" + first_text(r, s.title) + "' is empty",
                      "give it 'entries', 'bullets' or 'text', or remove it");
  }
  out.push_back(std::move(s));
}

std::string language_name_hint(const std::string& written) {
  static const std::pair<const char*, const char*> names[] = {
      {"english", "en"}, {"chinese", "zh"}, {"mandarin", "zh"}, {"japanese", "ja"}, {"korean", "ko"},
      {"french", "fr"},  {"german", "de"},  {"spanish", "es"},  {"中文", "zh"},      {"英文", "en"}};
  std::string l;
  for (char c : written) l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const auto& [name, code] : names)
    if (l == name) return "write the code '" + std::string(code) + "' (BCP 47 codes: en, zh, zh-Hant, ja, en-GB…)";
  return "use BCP 47 codes such as en, zh, zh-Hant, ja, en-GB";
}

}  // namespace

void read_languages(Reader& r, const YNode* node, Resume& out) {
  out.languages.clear();
  if (node && !node->is_null()) {
    std::vector<const YNode*> items;
    if (node->is_scalar()) {
      items.push_back(node);
    } else if (node->is_sequence()) {
      for (const auto& c : node->children) items.push_back(&c);
      if (items.empty())
        r.diags().error(r.span(*node), "'languages' is empty", "list the résumé's languages, e.g. languages: [en, zh]");
    } else {
      r.wrong_type(*node, "languages", "a language code or a list of them", "write languages: [en, zh]");
    }
    for (const YNode* item : items) {
      if (!item->is_scalar()) {
        r.wrong_type(*item, "languages", "a list of language codes", "write languages: [en, zh]");
        continue;
      }
      std::string written = item->text();
      if (!is_language_tag(written)) {
        r.diags().error(r.span(*item), "'" + written + "' is not a language code", language_name_hint(written));
        continue;
      }
      std::string code = canonical_language(written);
      if (std::find(out.languages.begin(), out.languages.end(), code) != out.languages.end()) {
        r.diags().error(r.span(*item), "'" + written + "' is declared twice in 'languages'", "remove one");
        continue;
      }
      if (code == "cn") {
        r.diags().warning(r.span(*item), "'cn' is a country code, not a language",
                          "Chinese is 'zh' (or zh-Hans, zh-Hant)");
      }
      out.languages.push_back(code);
    }
  }
  if (out.languages.empty()) out.languages.push_back("en");
  r.languages = out.languages;
}

void read_resume(Reader& r, const YNode& root, Resume& out) {
  auto f = r.fields(root, model::top_keys());
  read_languages(r, f["languages"], out);
  if (const YNode* theme = f["theme"]) {
    r.plain(theme, theme->key(), out.layout);
    out.layout_span = r.span(*theme);
  }
  if (const YNode* style = f["style"]; style && !style->is_null()) {
    if (style->is_map()) {
      flatten_style(r, *style, "", out.style, &out.style_comments);
    } else {
      r.wrong_type(*style, "style", "a mapping of layout keys", "write e.g. style: {page: {size: letter}}");
    }
  }
  const YNode* person = f["person"];
  if (person && person->is_map()) {
    read_person(r, *person, out.person);
  } else if (person) {
    r.wrong_type(*person, "person", "a mapping with name, headline, email, …", "write `person:` and, indented below it, `name: Your Name`");
  }
  if (const YNode* sections = f["sections"]; sections && !sections->is_null()) {
    if (!sections->is_sequence()) {
      r.wrong_type(*sections, "sections", "a list of sections",
                   "start each section with '- title: ...', with its 'entries:' below it");
    } else {
      for (const auto& s : sections->children) {
        if (s.is_null()) continue;
        read_section(r, s, out.sections);
      }
    }
  }
}

}  // namespace cvpdf::model::detail
