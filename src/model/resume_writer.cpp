// write_resume_yaml: the Resume model → cvpdf's YAML, key by key in the
// order the user guide documents them (languages, theme, style, person, sections).
// A text of one language is a plain value; a localized text a mapping by
// language; a file of one language has plain values throughout. Dates are written as the schema reads them (2020-09, present).
#include "model/resume_writer.hpp"

#include <yaml-cpp/emitter.h>
#include <yaml-cpp/emittermanip.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <type_traits>
#include <variant>

#include <fmt/format.h>

#include "model/entry_kinds.hpp"
#include "model/networks.hpp"
#include "model/resume_writer_parts.hpp"

namespace cvpdf::model {

using detail::key_links;
using detail::key_only;
using detail::key_plain;
using detail::key_text;
using detail::key_texts;

namespace {

void flow_list(YAML::Emitter& y, const std::vector<std::string>& list) {
  y << YAML::Flow << YAML::BeginSeq;
  for (const auto& item : list) y << item;
  y << YAML::EndSeq;
}

std::string date_text(const Date& d) {
  if (d.present) return "present";
  if (d.day) return fmt::format("{:04}-{:02}-{:02}", d.year, d.month, d.day);
  if (d.month) return fmt::format("{:04}-{:02}", d.year, d.month);
  return fmt::format("{:04}", d.year);
}

// A network link is written by network and username, so the loader builds
// the same address again; an address of its own is kept beside them.
void link(YAML::Emitter& y, const Link& l) {
  y << YAML::BeginMap;
  const Network* known = l.network.empty() ? nullptr : find_network(l.network);
  if (known && !l.username.empty()) {
    if (!l.label_is_username) key_text(y, "label", l.label);
    key_plain(y, "network", l.network);
    key_plain(y, "username", l.username);
    std::string problem;
    if (network_url(*known, l.username, problem) != l.url) key_plain(y, "url", l.url);
  } else {
    if (!l.label_is_address) key_text(y, "label", l.label);
    key_plain(y, "url", l.url);
  }
  y << YAML::EndMap;
}

}  // namespace

namespace detail {

void write_text(YAML::Emitter& y, const Localized& t) {
  if (t.by_language.size() == 1 && t.by_language.count("")) {
    y << t.by_language.at("");
    return;
  }
  y << YAML::BeginMap;
  for (const auto& [language, value] : t.by_language)
    if (!language.empty()) y << YAML::Key << language << YAML::Value << value;
  y << YAML::EndMap;
}

void key_text(YAML::Emitter& y, const char* key, const Localized& t) {
  if (t.empty()) return;
  y << YAML::Key << key << YAML::Value;
  write_text(y, t);
}

void key_plain(YAML::Emitter& y, const char* key, const std::string& s) {
  if (!s.empty()) y << YAML::Key << key << YAML::Value << s;
}

void key_texts(YAML::Emitter& y, const char* key, const std::vector<Localized>& list) {
  if (list.empty()) return;
  y << YAML::Key << key << YAML::Value << YAML::BeginSeq;
  for (const auto& t : list) write_text(y, t);
  y << YAML::EndSeq;
}

void key_bullets(YAML::Emitter& y, const char* key, const std::vector<Bullet>& list) {
  if (list.empty()) return;
  y << YAML::Key << key << YAML::Value << YAML::BeginSeq;
  for (const auto& b : list) {
    if (b.sub_bullets.empty()) {
      write_text(y, b.text);
      continue;
    }
    y << YAML::BeginMap;
    key_text(y, "text", b.text);
    key_texts(y, "bullets", b.sub_bullets);
    y << YAML::EndMap;
  }
  y << YAML::EndSeq;
}

void key_dates(YAML::Emitter& y, const DateRange& r) {
  if (r.start && !r.end) {
    key_plain(y, "date", date_text(*r.start));
  } else {
    if (r.start) key_plain(y, "start", date_text(*r.start));
    if (r.end) key_plain(y, "end", date_text(*r.end));
  }
}

void key_only(YAML::Emitter& y, const Only& o) {
  if (o.languages.empty()) return;
  y << YAML::Key << "only" << YAML::Value;
  flow_list(y, o.languages);
}

void key_links(YAML::Emitter& y, const std::vector<Link>& list) {
  if (list.empty()) return;
  y << YAML::Key << "links" << YAML::Value << YAML::BeginSeq;
  for (const auto& l : list) link(y, l);
  y << YAML::EndSeq;
}

}  // namespace detail

namespace {

void entry(YAML::Emitter& y, const Entry& e) {
  std::visit([&](const auto& kind) { write_kind(y, kind, e.only); }, e.body);
}

// The flattened style keys as nested mappings again.
struct StyleTree {
  const StyleValue* value = nullptr;
  std::map<std::string, std::unique_ptr<StyleTree>> children;
};

void emit(YAML::Emitter& y, const StyleTree& t) {
  y << YAML::BeginMap;
  for (const auto& [key, child] : t.children) {
    y << YAML::Key << key << YAML::Value;
    if (child->value) {
      if (child->value->is_list) flow_list(y, child->value->list);
      else y << child->value->scalar;
    } else {
      emit(y, *child);
    }
  }
  y << YAML::EndMap;
}

void style(YAML::Emitter& y, const StyleMap& map) {
  if (map.empty()) return;
  StyleTree root;
  for (const auto& [key, value] : map) {
    StyleTree* at = &root;
    std::size_t from = 0;
    while (true) {
      const auto dot = key.find('.', from);
      auto& slot = at->children[key.substr(from, dot - from)];
      if (!slot) slot = std::make_unique<StyleTree>();
      at = slot.get();
      if (dot == std::string::npos) break;
      from = dot + 1;
    }
    at->value = &value;
  }
  y << YAML::Key << "style" << YAML::Value;
  emit(y, root);
}

void person(YAML::Emitter& y, const Person& p) {
  y << YAML::Key << "person" << YAML::Value << YAML::BeginMap;
  key_text(y, "name", p.name);
  key_text(y, "headline", p.headline);
  key_plain(y, "email", p.email);
  key_plain(y, "phone", p.phone);
  key_text(y, "location", p.location);
  key_plain(y, "photo", p.photo);
  key_links(y, p.links);
  key_text(y, "summary", p.summary);
  if (!p.metrics.empty()) {
    y << YAML::Key << "metrics" << YAML::Value << YAML::BeginSeq;
    for (const auto& m : p.metrics) {
      y << YAML::BeginMap;
      key_text(y, "value", m.value);
      key_text(y, "label", m.label);
      y << YAML::EndMap;
    }
    y << YAML::EndSeq;
  }
  y << YAML::EndMap;
}

void section(YAML::Emitter& y, const Section& s) {
  y << YAML::BeginMap;
  key_text(y, "title", s.title);
  key_only(y, s.only);
  if (!s.entries.empty()) {
    y << YAML::Key << "entries" << YAML::Value << YAML::BeginSeq;
    for (const auto& e : s.entries) entry(y, e);
    y << YAML::EndSeq;
  } else if (!s.bullets.empty()) {
    detail::key_bullets(y, "bullets", s.bullets);
  } else {
    key_text(y, "text", s.text);
  }
  y << YAML::EndMap;
}

// A file of one language is written with plain values: what a reader
// keyed by that language (a JSON Resume's headings in cvpdf's words, a
// cvpdf file's `{en: …}`) needs no key when there is no other.
class OneLanguage {
 public:
  explicit OneLanguage(const std::string& language) : language_(language) {}

  void operator()(Localized& t) const {
    if (t.by_language.size() != 1 || !t.by_language.count(language_)) return;
    auto text = t.by_language.extract(language_);
    text.key() = "";
    t.by_language.insert(std::move(text));
    if (auto origin = t.origins.extract(language_)) {
      origin.key() = "";
      t.origins.insert(std::move(origin));
    }
  }
  void operator()(std::vector<Localized>& list) const {
    for (auto& t : list) (*this)(t);
  }
  void operator()(std::vector<Bullet>& bullets) const {
    for (auto& b : bullets) {
      (*this)(b.text);
      (*this)(b.sub_bullets);
    }
  }
  void operator()(std::vector<Link>& links) const {
    for (auto& l : links) (*this)(l.label);
  }
  void person(Person& p) const {
    for (Localized* t : {&p.name, &p.headline, &p.location, &p.summary}) (*this)(*t);
    (*this)(p.links);
    for (auto& m : p.metrics) {
      (*this)(m.value);
      (*this)(m.label);
    }
  }
  void section(Section& s) const {
    (*this)(s.title);
    (*this)(s.bullets);
    (*this)(s.text);
    for (auto& e : s.entries)
      for_each_field(e, [&](const FieldKey&, auto& field) {
        using Field = std::decay_t<decltype(field)>;
        if constexpr (std::is_same_v<Field, Localized> || std::is_same_v<Field, std::vector<Localized>> ||
                      std::is_same_v<Field, std::vector<Bullet>> || std::is_same_v<Field, std::vector<Link>>)
          (*this)(field);
      });
  }

 private:
  const std::string& language_;
};

}  // namespace

std::string write_resume_yaml(const Resume& resume, const std::string& header) {
  YAML::Emitter y;
  y.SetIndent(2);
  y << YAML::BeginMap;
  y << YAML::Key << "languages" << YAML::Value;
  flow_list(y, resume.languages);
  // A JSON Resume's meta.theme is a hint, not a theme the file must have.
  if (!resume.layout_builtin_only) key_plain(y, "theme", resume.layout);
  style(y, resume.style);
  const std::optional<OneLanguage> one_language =
      resume.languages.size() == 1 ? std::optional<OneLanguage>(resume.languages.front()) : std::nullopt;
  Person p = resume.person;
  if (one_language) one_language->person(p);
  person(y, p);
  if (!resume.sections.empty()) {
    y << YAML::Key << "sections" << YAML::Value << YAML::BeginSeq;
    for (const auto& s : resume.sections) {
      // A reader's heading holds every language cvpdf has a word for
      // (locale_words.hpp); the file declares only its own, so only those
      // are written.
      Section own = s;
      std::erase_if(own.title.by_language, [&](const auto& kv) {
        return !kv.first.empty() &&
               std::find(resume.languages.begin(), resume.languages.end(), kv.first) == resume.languages.end();
      });
      if (own.title.by_language.size() > 1) own.title.by_language.erase("");
      if (one_language) one_language->section(own);
      section(y, own);
    }
    y << YAML::EndSeq;
  }
  y << YAML::EndMap;
  std::string out;
  std::size_t from = 0;
  while (from < header.size()) {
    const auto nl = header.find('\n', from);
    out += "# " + header.substr(from, nl - from) + "\n";
    if (nl == std::string::npos) break;
    from = nl + 1;
  }
  out += y.c_str();
  out += "\n";
  return out;
}

}  // namespace cvpdf::model
