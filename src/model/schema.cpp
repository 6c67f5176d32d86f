// The cvpdf résumé schema (docs/user-guide.md, "The résumé file"): the YAML tree → Resume,
// by the key tables of each level (model/resume_keys.hpp); `languages:`,
// required keys, and an entry's kind, which is taken from its keys (the
// kinds' descriptions, model/entry_kinds.hpp) — with an error when the keys
// of two kinds are mixed; each kind reads its own fields (read_kind).
#include <algorithm>
#include <tuple>
#include <variant>

#include "model/entry_kinds.hpp"
#include "model/schema.hpp"

namespace cvpdf::model::detail {

namespace {

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

// The entry kinds' descriptions in EntryBody's order; the canonical keys
// that mark a kind (the keys only it takes), and the kind an entry of no
// marking key is.
struct Kinds {
  std::vector<const KindDescription*> descriptions;
  std::map<std::string, std::size_t, std::less<>> marks;  // canonical key → kind
  std::size_t unmarked = 0;
};

bool takes(const KindDescription& kind, std::string_view canonical) {
  return std::any_of(kind.keys.begin(), kind.keys.end(), [&](const KeyName& k) { return canonical == k.canonical; });
}

const Kinds& kinds() {
  static const Kinds table = [] {
    Kinds t;
    for_each_kind([&]<class Kind>() { t.descriptions.push_back(&kind_description<Kind>()); });
    std::map<std::string, std::size_t> takers;
    for (const KindDescription* d : t.descriptions)
      for (const KeyName& k : d->keys)
        if (k.name == std::string_view(k.canonical)) ++takers[k.canonical];
    for (std::size_t i = 0; i < t.descriptions.size(); ++i) {
      bool marked = false;
      for (const KeyName& k : t.descriptions[i]->keys)
        if (takers[k.canonical] == 1) {
          t.marks[k.canonical] = i;
          marked = true;
        }
      if (!marked) t.unmarked = i;
    }
    return t;
  }();
  return table;
}

// The hint for an entry with kind a's `a_key` and kind b's `b_key`: a kind's
// own word for meeting the other (about the other's key, before one about
// any key), else both summaries — the later kind's first, as the hints of
// item, pair and publication have always been worded.
std::string mix_hint(std::size_t a, const std::string& a_key, std::size_t b, const std::string& b_key) {
  const auto& d = kinds().descriptions;
  for (bool any_key : {false, true})
    for (auto [self, other, key] : {std::tuple(a, b, &b_key), std::tuple(b, a, &a_key)})
      for (const MixHint& h : d[self]->mix_hints)
        if (std::string_view(h.kind) == d[other]->name && (any_key ? !h.key : h.key && *key == h.key)) return h.hint;
  auto [earlier, later] = std::minmax(a, b);
  return std::string(d[later]->summary) + "; " + d[earlier]->summary + "; split this into two entries";
}

// The entry's kind, from its keys: the kind a key marks, or the unmarked
// kind; nullopt after an error for keys of two kinds, or for a key the
// kind does not take.
std::optional<std::size_t> entry_kind(const Reader& r, const YNode& node, const Reader::Fields& f) {
  const Kinds& table = kinds();
  const auto ordered = in_file_order(node, f);
  struct Mark {
    std::size_t kind;
    std::string canonical;
    const YNode* at;
  };
  std::vector<Mark> marked;  // each kind marked, at its first key
  for (const auto& [canonical, value] : ordered) {
    auto mark = table.marks.find(canonical);
    if (mark == table.marks.end()) continue;
    if (std::none_of(marked.begin(), marked.end(), [&](const Mark& m) { return m.kind == mark->second; }))
      marked.push_back({mark->second, canonical, value});
  }
  if (marked.size() > 1) {
    const Mark& first = marked[0];
    const Mark& second = marked[1];
    r.diags().error(r.key_span(*second.at),
                    "this entry mixes " + std::string(table.descriptions[first.kind]->article) + "'s '" +
                        first.at->key() + "' with " + table.descriptions[second.kind]->article + "'s '" +
                        second.at->key() + "'",
                    mix_hint(first.kind, first.canonical, second.kind, second.canonical));
    return std::nullopt;
  }
  const std::size_t kind = marked.empty() ? table.unmarked : marked[0].kind;
  const KindDescription& d = *table.descriptions[kind];
  bool ok = true;
  for (const auto& [canonical, value] : ordered) {
    if (canonical == "only" || takes(d, canonical)) continue;
    std::string keys;
    for (const KeyName& k : d.keys)
      if (k.name == std::string_view(k.canonical)) keys += std::string(k.name) + ", ";
    r.diags().error(r.key_span(*value), "'" + value->key() + "' is not a key of " + d.article,
                    "the keys of " + std::string(d.article) + " are: " + keys + "only");
    ok = false;
  }
  if (!ok) return std::nullopt;
  return kind;
}

// An entry of the kind of index `kind` in EntryBody, its fields empty.
EntryBody empty_body(std::size_t kind) {
  EntryBody body;
  std::size_t i = 0;
  for_each_kind([&]<class Kind>() {
    if (i++ == kind) body.emplace<Kind>();
  });
  return body;
}

std::optional<Entry> read_entry(const Reader& r, const YNode& node) {
  Entry e;
  e.span = r.span(node);
  if (node.is_scalar()) {
    r.text(&node, "entry", e.make<ParagraphEntry>().text);
    return e;
  }
  if (node.is_sequence()) {
    r.diags().error(r.span(node),
                    "an entry must be a mapping (org, role, …), a text, or {en: ..., zh: ...}; got a list",
                    "a list inside 'entries' is not allowed; did you mean 'bullets:' inside an entry?");
    return std::nullopt;
  }
  if (r.looks_localized(node, model::entry_keys().keys, "only")) {  // {en: ..., zh: ..., only: zh}: a localized paragraph
    auto& paragraph = e.make<ParagraphEntry>();
    YNode texts = node;
    std::erase_if(texts.children, [](const YNode& c) { return c.key() == "only"; });
    r.only(node.find("only"), e.only);
    if (!r.text(&texts, "entry", paragraph.text)) return std::nullopt;
    return e;
  }

  auto f = r.fields(node, model::entry_keys());
  auto kind = entry_kind(r, node, f);
  if (!kind) return std::nullopt;
  r.only(field(f, "only"), e.only);
  e.body = empty_body(*kind);
  if (!std::visit([&](auto& fields) { return read_kind(r, f, node, fields); }, e.body)) return std::nullopt;
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
  r.bullet_list(f["bullets"], f["bullets"] ? f["bullets"]->key() : "bullets", s.bullets);
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

const YNode* field(const Reader::Fields& fields, const std::string& key) {
  auto it = fields.find(key);
  return it == fields.end() ? nullptr : it->second;
}

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
