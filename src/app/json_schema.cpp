// The JSON Schemas of a résumé and a theme, from the key tables: a résumé's
// places (model/resume_keys.hpp) and entry kinds (model/entry_kinds.hpp)
// become objects with their keys and aliases, a theme's dotted keys
// (theme/style_fields.hpp) nested objects.
// What the loader takes loosely the schema takes loosely too: any scalar is
// a text (YAML reads `year: 2024` as a number, cvpdf as the text "2024"),
// and a date, a colour or a length may be a YAML number where its text is
// one (`start: 2024`, `accent: 333`, `margin: 0`).
// Written for yaml-language-server as much as for the standard: one
// mistake, one diagnostic, on the mistake, in cvpdf's words. So a value is
// one schema whose `type` lists what it may be (keywords of one type do not
// constrain another), never an `anyOf` of alternatives — the server reports
// a failed `anyOf` through the branch it guesses best, and on hover joins
// the alternatives' titles with "||" — and the rules on keys are
// schema_key_rules.hpp's. `errorMessage` and `patternErrorMessage` are the
// messages it shows; `defaultSnippets` what it completes.
#include "app/json_schema.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "app/json_value.hpp"
#include "app/layouts.hpp"
#include "app/schema_key_rules.hpp"
#include "app/schema_patterns.hpp"
#include "model/color_names.hpp"
#include "model/entry_kinds.hpp"
#include "model/resume_keys.hpp"
#include "theme/style_fields.hpp"

namespace cvpdf::app {

namespace {

const std::vector<std::string> kScalar = {"string", "number", "boolean"};
const std::vector<std::string> kScalarOrNull = {"string", "number", "boolean", "null"};

// BCP 47, as loosely as model::detail::is_language_tag reads it.
constexpr const char* kLanguagePattern = "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$";
constexpr const char* kLanguageMessage = "a language code (BCP 47): en, zh, zh-Hant, en-GB";

std::string schema_text(Json& root) {
  std::string out;
  root.write(out, 0);
  return out + "\n";
}

std::string listed(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& w : list) out += (out.empty() ? "" : ", ") + w;
  return out;
}

// Values an editor offers to complete, without making them the only ones.
Json snippets(const std::vector<std::string>& list) {
  std::vector<Json> items;
  for (const auto& w : list) {
    Json s;
    s["label"] = Json::str(w);
    s["body"] = Json::str(w);
    items.push_back(std::move(s));
  }
  return Json::array(std::move(items));
}

// A string matching `pattern`, with `message` when it does not.
Json matching(std::vector<std::string> type_list, const std::string& pattern, const std::string& message) {
  Json s = types(type_list);
  s["pattern"] = Json::str(pattern);
  s["errorMessage"] = Json::str(message);
  return s;
}

// One of `list`, in any case, as the style reader compares them.
Json choice(const std::vector<std::string>& list) {
  Json s = matching({"string"}, "^" + any_case_words(list) + "$", "one of: " + listed(list));
  s["defaultSnippets"] = snippets(list);
  return s;
}

// ---- the theme ----

std::string number_text(double d) {
  std::string s = fmt::format("{:f}", d);  // std::to_string's "%f", without the locale's comma
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

// A length with its unit, or 0 alone (a YAML number).
Json length_schema(bool em) {
  std::vector<std::string> units = {"pt", "mm", "cm", "in"};
  if (em) units.emplace_back("em");
  const std::string message =
      std::string("a length with its unit: 10pt, 3.5mm, 1cm, 0.5in") + (em ? ", 0.2em" : "") + " (0 alone needs none)";
  Json s = matching({"string", "number"}, length_pattern(units), message);
  Json number = types({"number"});
  Json zero;
  zero["const"] = Json::raw("0");
  zero["errorMessage"] = Json::str(message);
  s["if"] = number;
  s["then"] = zero;
  return s;
}

Json list_or_one() {
  Json s = types({"array", "string", "number", "boolean"});
  s["items"] = def_ref("scalar");
  return s;
}

Json leaf_schema(const theme::StyleField& f) {
  using K = theme::FieldKind;
  Json s;
  switch (f.kind) {
    case K::PageSize: {
      std::vector<std::string> names;
      for (const auto& p : theme::page_sizes()) names.emplace_back(p.name);
      s = matching({"string"}, "^(?:" + any_case_words(names) + "|\\S+ +\\S+)$",
                   "a paper size (" + listed(names) + ") or its width and height: 210mm 297mm");
      s["defaultSnippets"] = snippets(names);
      break;
    }
    case K::Size:
    case K::Gap:
    case K::Length: s = length_schema(f.em); break;
    case K::Margin: s = length_schema(false); break;
    case K::EmFraction: s = length_schema(true); break;
    case K::Ratio:
    case K::Count:
      s = types({f.kind == K::Count ? "integer" : "number"});
      s["minimum"] = Json::raw(number_text(f.min));
      s["maximum"] = Json::raw(number_text(f.max));
      break;
    case K::Colour: s = def_ref("colour"); break;
    case K::FontList:
    case K::TextList: s = list_or_one(); break;
    case K::Align: {
      std::vector<std::string> all;
      for (auto w : theme::kAlignJustify) all.emplace_back(w);
      for (auto w : theme::kAlignRagged) all.emplace_back(w);
      s = choice(all);
      break;
    }
    case K::Bool: {
      std::vector<std::string> yes_no = {"true", "false", "yes", "no", "on", "off"};
      s = choice(yes_no);
      s["type"] = strings({"boolean", "string"});
      s["errorMessage"] = Json::str("true or false");
      break;
    }
    case K::Text: s = def_ref("scalar"); break;
    case K::Choice: s = choice(theme::choice_list(f)); break;
  }
  std::string description(f.meaning);
  if (!theme::no_limit_default(f) && !f.fallback.empty())
    description += f.fallback.front() == '=' ? " (default: as " + std::string(f.fallback.substr(1)) + ")"
                                             : " (default: " + std::string(f.fallback) + ")";
  s["description"] = Json::str(description);
  return s;
}

// An object of theme keys; `lang` holds what a language block
// (dates.<lang>.…) of this object has, when it has one.
struct ThemeNode {
  std::map<std::string, std::unique_ptr<ThemeNode>> children;
  std::vector<std::string> order;
  std::unique_ptr<ThemeNode> lang;
  const theme::StyleField* leaf = nullptr;

  ThemeNode& child(const std::string& name) {
    auto& c = children[name];
    if (!c) {
      c = std::make_unique<ThemeNode>();
      order.push_back(name);
    }
    return *c;
  }

  Json schema(const std::string& path) const {
    if (leaf) return leaf_schema(*leaf);
    Json s = types({"object", "null"});
    Json& props = s["properties"];
    KeyNames names;
    names.where = path.empty() ? "in a theme" : "in '" + path + "'";
    for (const auto& name : order) {
      props[name] = children.at(name)->schema(path.empty() ? name : path + "." + name);
      names.keys.push_back(name);
      names.near.emplace_back(name, "did you mean '" + name + "'?");
    }
    if (lang) {  // beside the object's own keys, any key that is a language code
      Json blocks;
      blocks[kLanguagePattern] = lang->schema(path + ".<language>");
      s["patternProperties"] = blocks;
      names.language_pattern = kLanguagePattern;
    }
    s["propertyNames"] = key_names_rule(names);
    return s;
  }
};

Json theme_body() {
  ThemeNode root;
  for (const auto& f : theme::style_fields()) {
    ThemeNode* node = &root;
    std::string_view key = f.key;
    while (!key.empty()) {
      auto dot = key.find('.');
      std::string part(key.substr(0, dot));
      key = dot == std::string_view::npos ? std::string_view() : key.substr(dot + 1);
      if (f.per_language && part == "en" && node != &root) {
        if (!node->lang) node->lang = std::make_unique<ThemeNode>();
        node = node->lang.get();
        continue;
      }
      node = &node->child(part);
    }
    node->leaf = &f;
  }
  return root.schema("");
}

Json common_defs() {
  Json defs;
  defs["scalar"] = types(kScalar);
  std::vector<std::string> names;
  for (const auto& n : model::css_color_names()) names.emplace_back(n.name);
  // A YAML number where the digits alone are a colour (accent: 333).
  Json colour = matching({"string", "number"}, colour_pattern(names),
                         "a colour: a CSS name (darkred), \"#rgb\" or \"#rrggbb\" (quoted: an unquoted # begins a "
                         "YAML comment), or the hex digits alone (c00)");
  colour["minimum"] = Json::raw("0");
  colour["defaultSnippets"] = snippets(names);
  colour["description"] =
      Json::str("a CSS colour name (darkred), \"#rgb\", \"#rrggbb\", or the hex digits alone (c00): an unquoted # "
                "begins a YAML comment");
  defs["colour"] = colour;
  return defs;
}

void theme_header(Json& root, const char* title, const std::string& description) {
  root["$schema"] = Json::str("https://json-schema.org/draft/2020-12/schema");
  root["title"] = Json::str(title);
  root["description"] = Json::str(description);
}

// ---- the résumé ----

std::string type_def(const model::KeyName& k) {
  using V = model::ValueType;
  const std::string canonical = k.canonical;
  switch (k.type) {
    case V::Text: return "text";
    case V::Plain: return canonical == "url" ? "url" : canonical == "email" ? "email" : "plain";
    case V::TextList: return "textList";
    case V::Bullets: return "bullets";
    case V::SubBullets: return "subBullets";
    case V::TextOrList: return "textOrList";
    case V::Links: return "links";
    case V::Date: return "date";
    case V::DateRange: return "dateRange";
    case V::Languages:
    case V::Only: return "languages";
    case V::Theme: return "theme";
    case V::Style: return "style";
    case V::Person: return "person";
    case V::Metrics: return "metrics";
    case V::Sections: return "sections";
    case V::Entries: return "entries";
    case V::Unspecified: break;
  }
  return "scalar";
}

// Each key's schema and meaning (an alias: the key it stands for).
Json key_properties(std::span<const model::KeyName> keys) {
  Json props;
  for (const auto& k : keys) {
    Json p = def_ref(type_def(k));
    const std::string canonical = k.canonical;
    if (k.type == model::ValueType::Only)
      p["description"] = Json::str(k.meaning ? k.meaning : "the variants it appears in");
    else if (canonical != k.name)
      p["description"] = Json::str("another name for '" + canonical + "'");
    else if (k.meaning)
      p["description"] = Json::str(k.meaning);
    props[k.name] = p;
  }
  return props;
}

// For every alias, a rule that it is not given beside another name of its key.
std::vector<Json> alias_rules(std::span<const model::KeyName> keys) {
  std::map<std::string, std::vector<std::string>> names;  // canonical → every name of it
  for (const auto& k : keys) names[k.canonical].push_back(k.name);
  std::vector<Json> rules;
  for (const auto& [canonical, list] : names)
    for (std::size_t i = 0; i < list.size(); ++i)
      for (std::size_t j = i + 1; j < list.size(); ++j)
        rules.push_back(not_both(list[i], list[j],
                                 "'" + list[i] + "' and '" + list[j] + "' are two names of '" + canonical +
                                     "': give one of them"));
  return rules;
}

// An object of one place's keys.
Json place(const model::KeyTable& table, std::vector<std::string> required, bool nullable = false) {
  Json s = types(nullable ? std::vector<std::string>{"object", "null"} : std::vector<std::string>{"object"});
  s["properties"] = key_properties(table.keys);
  s["propertyNames"] = key_names_rule(key_names(table));
  std::vector<Json> rules = alias_rules(table.keys);
  for (const auto& k : required) rules.push_back(required_unless_misspelt(k));
  if (!rules.empty()) s["allOf"] = Json::array(std::move(rules));
  return s;
}

// Whether a mapping is a text per language ({en: …, zh: …}): every key a
// language code that is not a key of `record` (a link's, an entry's), or
// `also` (an entry's `only`) — model's Reader::looks_localized.
Json looks_localized(const model::KeyTable& record, const char* also) {
  std::vector<std::string> keys;
  for (const auto& k : record.keys) keys.emplace_back(k.name);
  Json tag;
  tag["pattern"] = Json::str(kLanguagePattern);
  Json not_key;
  not_key["not"] = words(keys);
  tag["allOf"] = Json::array({not_key});
  Json one;
  one["const"] = Json::str(also ? also : "");
  Json s = types({"object"});
  s["minProperties"] = Json::raw("1");
  s["propertyNames"]["anyOf"] = also ? Json::array({one, tag}) : Json::array({tag});
  return s;
}

// The keywords of a text per language, on an object of them.
void localized_keywords(Json& s) {
  Json tag = types({"string"});
  tag["pattern"] = Json::str(kLanguagePattern);
  tag["errorMessage"] = Json::str(std::string("not a language: a text in several languages is {en: …, zh: …}, "
                                              "each key ") + kLanguageMessage);
  s["propertyNames"] = tag;
  s["additionalProperties"] = types(kScalarOrNull);
  s["minProperties"] = Json::raw("1");
}

// A record (`table`'s keys) or a text per language, told apart as the
// loader does; `extra` are the record's own rules (an entry's kinds).
Json record_or_localized(const model::KeyTable& table, const char* also, std::vector<Json> extra) {
  Json s = types({"string", "number", "boolean", "null", "object"});
  s["properties"] = key_properties(table.keys);
  s["if"] = looks_localized(table, also);
  Json localized;
  localized_keywords(localized);
  if (also) {  // `also` and the language codes
    localized["properties"][also] = def_ref("languages");
    const std::string pattern = kLanguagePattern;
    localized["propertyNames"]["pattern"] = Json::str("^(?:" + std::string(also) + "|" + pattern.substr(1, pattern.size() - 2) + ")$");
  }
  s["then"] = localized;
  Json record;
  record["propertyNames"] = key_names_rule(key_names(table));
  std::vector<Json> rules = alias_rules(table.keys);
  for (auto& r : extra) rules.push_back(std::move(r));
  if (!rules.empty()) record["allOf"] = Json::array(std::move(rules));
  s["else"] = record;
  return s;
}

// An entry of kind K: once one of the keys only K takes is there, the
// other kinds' keys are refused (the loader's "mixes" error), and the key
// K needs is required; of the keys K needs two of, one alone.
Json kind_rule(const model::KindDescription& kind, const std::vector<std::string>& all_keys,
               const std::vector<std::string>& other_kinds_keys) {
  std::vector<std::string> own;
  for (const auto& k : kind.keys) own.emplace_back(k.name);
  own.emplace_back("only");
  std::vector<Json> marks;
  for (const auto& k : own) {
    if (std::find(other_kinds_keys.begin(), other_kinds_keys.end(), k) != other_kinds_keys.end() || k == "only")
      continue;
    Json has;
    has["required"] = strings({k});
    marks.push_back(has);
  }
  if (marks.empty()) return Json();  // the paragraph: what an entry of shared keys is
  std::vector<std::string> foreign;
  for (const auto& k : all_keys)
    if (std::find(own.begin(), own.end(), k) == own.end()) foreign.push_back(k);
  Json then;
  Json other;
  other["if"] = words(foreign);
  Json refused = words(own);
  refused["errorMessage"] = Json::str(std::string("not a key of ") + kind.article + ", and this entry is one (" +
                                      kind.summary + "); an entry is of one kind");
  other["then"] = refused;
  then["propertyNames"] = other;
  std::vector<Json> needs;
  if (kind.needs.size() == 1) needs.push_back(required_unless_misspelt(kind.needs.front()));
  for (std::size_t i = 0; kind.needs.size() > 1 && i < kind.needs.size(); ++i)
    for (std::size_t j = i + 1; j < kind.needs.size(); ++j)
      needs.push_back(not_both(kind.needs[i], kind.needs[j],
                               std::string(kind.article) + " has '" + kind.needs[i] + "' or '" + kind.needs[j] +
                                   "', not both"));
  if (!needs.empty()) then["allOf"] = Json::array(std::move(needs));
  Json rule;
  rule["if"]["anyOf"] = Json::array(std::move(marks));
  rule["then"] = then;
  return rule;
}

Json entry_schema() {
  std::vector<std::string> all;
  for (const auto& k : model::entry_keys().keys) all.emplace_back(k.name);
  std::vector<Json> kinds;
  std::vector<std::string> summaries;
  model::for_each_kind([&]<class Kind>() {
    const auto& kind = model::kind_description<Kind>();
    summaries.emplace_back(kind.schema);
    std::vector<std::string> others;  // the keys of every other kind
    model::for_each_kind([&]<class Other>() {
      if constexpr (!std::is_same_v<Other, Kind>)
        for (const auto& k : model::kind_description<Other>().keys) others.emplace_back(k.name);
    });
    Json rule = kind_rule(kind, all, others);
    if (!rule.empty()) kinds.push_back(std::move(rule));
  });
  Json s = record_or_localized(model::entry_keys(), "only", std::move(kinds));
  s["description"] = Json::str("an entry: a plain text (a paragraph), a paragraph per language ({en: …, zh: …}), "
                               "or one kind's keys — " + listed(summaries));
  return s;
}

Json list_of(const std::string& def) {
  Json s = types({"array", "null"});
  s["items"] = def_ref(def);
  return s;
}

Json resume_defs() {
  Json defs = common_defs();
  Json text = types(kScalarOrNull);
  text["type"] = strings({"string", "number", "boolean", "null", "object"});
  localized_keywords(text);
  text["description"] = Json::str("a text, or one per language: {en: Education, zh: 教育背景}");
  defs["text"] = text;
  defs["plain"] = types(kScalarOrNull);
  defs["url"] = matching(kScalarOrNull, url_pattern(),
                         "an address cvpdf links: http, https, mailto or tel, or a bare host (example.com/x); "
                         "javascript:, file: and the like are not linked");
  defs["email"] = matching(kScalarOrNull, email_pattern(), "an e-mail address: name@example.com");
  defs["textList"] = list_of("text");
  Json text_or_list = text;
  text_or_list["type"] = strings({"string", "number", "boolean", "null", "object", "array"});
  text_or_list["items"] = types(kScalarOrNull);
  text_or_list["description"] = Json::str("a text, or a list of names joined by \", \"");
  defs["textOrList"] = text_or_list;
  // YAML reads a bare year as a number, cvpdf as its digits.
  const std::string date_message = "a date: 2024, 2024-06, 2024-06-30 or present";
  Json date = matching({"string", "integer", "null"}, date_pattern(), date_message);
  date["minimum"] = Json::raw("1");
  date["maximum"] = Json::raw("9999");
  date["description"] = Json::str("2024, 2024-06, 2024-06-30 or present");
  defs["date"] = date;
  Json range = matching({"string", "integer", "null"}, date_range_pattern(),
                        date_message + ", or a range: 2020-09 – 2024-06, 2020-09 – present");
  range["minimum"] = Json::raw("1");
  range["maximum"] = Json::raw("9999");
  range["description"] = Json::str("a date (2024-06) or a range (2020-09 – present)");
  defs["dateRange"] = range;
  defs["languageCode"] = matching({"string"}, kLanguagePattern, kLanguageMessage);
  Json languages = matching({"string", "array", "null"}, kLanguagePattern, kLanguageMessage);
  languages["items"] = def_ref("languageCode");
  defs["languages"] = languages;
  std::vector<std::string> themes;
  for (const auto& t : builtin_themes()) themes.push_back(t.name);
  Json theme = types({"string"});
  theme["defaultSnippets"] = snippets(themes);
  theme["description"] = Json::str("a built-in theme (" + builtin_layout_names() + ") or a theme file");
  defs["theme"] = theme;
  defs["style"] = def_ref("themeKeys");
  defs["themeKeys"] = theme_body();
  defs["person"] = place(model::person_keys(), {"name"});
  defs["metric"] = place(model::metric_keys(), {"value"}, true);
  defs["metrics"] = list_of("metric");
  defs["link"] = record_or_localized(model::link_keys(), nullptr, {});
  defs["link"]["pattern"] = defs["url"]["pattern"];  // a bare address
  defs["link"]["errorMessage"] = defs["url"]["errorMessage"];
  defs["links"] = list_of("link");
  // A bullet: a text, or {text, bullets} — told from a text per language
  // by its keys, as a link is; its sub-bullets are texts (one level).
  defs["bullet"] = record_or_localized(model::bullet_keys(), nullptr, {});
  defs["bullet"]["description"] =
      Json::str("a bullet: a text, one per language ({en: …, zh: …}), or {text: …, bullets: [sub-bullets]}");
  defs["bullets"] = list_of("bullet");
  defs["subBullet"] = record_or_localized(model::sub_bullet_keys(), nullptr, {});
  defs["subBullet"]["description"] = Json::str("a sub-bullet: a text, or one per language ({en: …, zh: …})");
  defs["subBullets"] = list_of("subBullet");
  defs["section"] = place(model::section_keys(), {"title"}, true);
  defs["sections"] = list_of("section");
  defs["entry"] = entry_schema();
  defs["entries"] = list_of("entry");
  return defs;
}

}  // namespace

std::string theme_json_schema() {
  Json root = theme_body();
  theme_header(root, "cvpdf theme",
               "A cvpdf theme (layout) file: page, fonts, sizes, colours and the structure of the page "
               "(docs/user-guide.md lists every key). The same keys go in a résumé's `style:`.");
  root["$defs"] = common_defs();
  return schema_text(root);
}

std::string resume_json_schema() {
  Json root;
  theme_header(root, "cvpdf résumé",
               "A résumé in cvpdf's own YAML format (see cvpdf's user guide). cvpdf also reads JSON "
               "Resume and RenderCV files; they have schemas of their own and are not described here.");
  Json body = place(model::top_keys(), {"person"});
  for (const char* k : {"type", "properties", "propertyNames", "allOf"}) root[k] = body[k];
  root["$defs"] = resume_defs();
  return schema_text(root);
}

}  // namespace cvpdf::app
