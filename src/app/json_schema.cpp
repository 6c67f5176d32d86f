// The JSON Schemas of a résumé and a theme, from the key tables: a résumé's
// places (model/resume_keys.hpp) and entry kinds (model/entry_kinds.hpp)
// become objects with their keys and aliases, a theme's dotted keys
// (theme/style_fields.hpp) nested objects.
// What the loader takes loosely the schema takes loosely too: any scalar is
// a text (YAML reads `year: 2024` as a number, cvpdf as the text "2024").
#include "app/json_schema.hpp"

#include <iterator>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include <fmt/format.h>

#include "app/layouts.hpp"
#include "model/color_names.hpp"
#include "model/entry_kinds.hpp"
#include "model/resume_keys.hpp"
#include "theme/style_fields.hpp"

namespace cvpdf::app {

namespace {

// A JSON value whose objects keep their keys in the order they were set.
class Json {
 public:
  Json() = default;
  static Json str(std::string s) { return Json(Kind::String, std::move(s)); }
  static Json raw(std::string s) { return Json(Kind::Raw, std::move(s)); }  // a number or true/false
  static Json array(std::vector<Json> items) {
    Json j(Kind::Array, "");
    j.items_ = std::move(items);
    return j;
  }
  Json& operator[](const std::string& key) {
    kind_ = Kind::Object;
    for (auto& [k, v] : members_)
      if (k == key) return v;
    members_.emplace_back(key, Json());
    return members_.back().second;
  }

  void write(std::string& out, int indent) const {
    const std::string pad(indent * 2, ' '), inner((indent + 1) * 2, ' ');
    switch (kind_) {
      case Kind::String: quote(out, text_); break;
      case Kind::Raw: out += text_; break;
      case Kind::Array: {
        bool flat = true;
        for (const auto& i : items_) flat = flat && (i.kind_ == Kind::String || i.kind_ == Kind::Raw);
        out += '[';
        for (std::size_t i = 0; i < items_.size(); ++i) {
          out += i ? "," : "";
          out += flat ? (i ? " " : "") : "\n" + inner;
          items_[i].write(out, indent + 1);
        }
        out += flat || items_.empty() ? "]" : "\n" + pad + "]";
        break;
      }
      case Kind::Object: {
        out += '{';
        for (std::size_t i = 0; i < members_.size(); ++i) {
          out += (i ? ",\n" : "\n") + inner;
          quote(out, members_[i].first);
          out += ": ";
          members_[i].second.write(out, indent + 1);
        }
        out += members_.empty() ? "}" : "\n" + pad + "}";
        break;
      }
    }
  }

 private:
  enum class Kind { Object, Array, String, Raw };
  Json(Kind kind, std::string text) : kind_(kind), text_(std::move(text)) {}

  static void quote(std::string& out, const std::string& s) {
    out += '"';
    for (unsigned char c : s) {
      if (c == '"' || c == '\\') {
        out += '\\';
        out += static_cast<char>(c);
      } else if (c < 0x20) {
        fmt::format_to(std::back_inserter(out), "\\u{:04x}", c);
      } else {
        out += static_cast<char>(c);
      }
    }
    out += '"';
  }

  Kind kind_ = Kind::Object;
  std::string text_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json>> members_;
};

Json def_ref(const std::string& def) {
  Json j;
  j["$ref"] = Json::str("#/$defs/" + def);
  return j;
}
Json type(const char* t) {
  Json j;
  j["type"] = Json::str(t);
  return j;
}
Json any_of(std::vector<Json> options) {
  Json j;
  j["anyOf"] = Json::array(std::move(options));
  return j;
}
Json words(const std::vector<std::string>& list) {
  std::vector<Json> items;
  for (const auto& w : list) items.push_back(Json::str(w));
  Json j;
  j["enum"] = Json::array(std::move(items));
  return j;
}

// BCP 47, as loosely as model::detail::is_language_tag reads it.
constexpr const char* kLanguagePattern = "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$";

std::string schema_text(Json& root) {
  std::string out;
  root.write(out, 0);
  return out + "\n";
}

// ---- the theme ----

std::string number_text(double d) {
  std::string s = fmt::format("{:f}", d);  // std::to_string's "%f", without the locale's comma
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

// "[pP][tT]" for "pt": JSON Schema's patterns have no flag for case.
std::string any_case(std::string_view word) {
  std::string out;
  for (char c : word) out += std::string("[") + c + static_cast<char>(c - 'a' + 'A') + "]";
  return out;
}

Json length_schema(bool em) {
  std::string units = any_case("pt") + "|" + any_case("mm") + "|" + any_case("cm") + "|" + any_case("in");
  if (em) units += "|" + any_case("em");
  Json s = type("string");
  s["pattern"] = Json::str("^[0-9]*\\.?[0-9]+ *(" + units + ")$");
  Json zero;
  zero["const"] = Json::raw("0");
  return any_of({s, zero});
}

Json list_or_one() {
  Json list = type("array");
  list["items"] = def_ref("scalar");
  return any_of({list, def_ref("scalar")});
}

Json leaf_schema(const theme::StyleField& f) {
  using K = theme::FieldKind;
  Json s;
  switch (f.kind) {
    case K::PageSize: {
      std::vector<std::string> names;
      for (const auto& p : theme::page_sizes()) names.emplace_back(p.name);
      Json sides = type("string");
      sides["pattern"] = Json::str("^\\S+ +\\S+$");
      s = any_of({words(names), sides});
      break;
    }
    case K::Size:
    case K::Gap:
    case K::Length: s = length_schema(f.em); break;
    case K::Margin: s = length_schema(false); break;
    case K::EmFraction: s = length_schema(true); break;
    case K::Ratio:
    case K::Count:
      s = type(f.kind == K::Count ? "integer" : "number");
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
      s = words(all);
      break;
    }
    case K::Bool: s = any_of({type("boolean"), words({"yes", "no", "on", "off"})}); break;
    case K::Text: s = def_ref("scalar"); break;
    case K::Choice: s = words(theme::choice_list(f)); break;
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

  Json schema() const {
    if (leaf) return leaf_schema(*leaf);
    Json s = type("object");
    Json& props = s["properties"];
    for (const auto& name : order) props[name] = children.at(name)->schema();
    if (lang) {  // beside the object's own keys, any key that is a language code
      Json blocks;
      blocks[kLanguagePattern] = lang->schema();
      s["patternProperties"] = blocks;
    }
    s["additionalProperties"] = Json::raw("false");
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
  return root.schema();
}

Json common_defs() {
  Json defs;
  Json scalar;
  scalar["type"] = Json::array({Json::str("string"), Json::str("number"), Json::str("boolean")});
  defs["scalar"] = scalar;
  std::vector<std::string> names;
  for (const auto& n : model::css_color_names()) names.emplace_back(n.name);
  Json hex = type("string");
  hex["pattern"] = Json::str(model::kHexColorPattern);
  Json colour = any_of({words(names), hex});
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

std::string type_def(model::ValueType t) {
  using V = model::ValueType;
  switch (t) {
    case V::Text: return "text";
    case V::Plain: return "plain";
    case V::TextList: return "textList";
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

// An object of one place's keys, each alias a key of its own that may not
// be given beside the key it stands for.
Json place(std::span<const model::KeyName> keys, std::vector<std::string> required) {
  Json s = type("object");
  Json& props = s["properties"];
  std::map<std::string, std::vector<std::string>> names;  // canonical → every name of it
  for (const auto& k : keys) {
    Json p = def_ref(type_def(k.type));
    std::string canonical = k.canonical;
    if (canonical == k.name) {
      if (k.meaning) p["description"] = Json::str(k.meaning);
    } else {
      p["description"] = Json::str("another name for '" + canonical + "'");
    }
    if (k.type == model::ValueType::Only)
      p["description"] = Json::str(k.meaning ? k.meaning : "the variants it appears in");
    props[k.name] = p;
    names[canonical].push_back(k.name);
  }
  std::vector<Json> exclusive;
  for (const auto& [canonical, list] : names)
    for (std::size_t i = 0; i < list.size(); ++i)
      for (std::size_t j = i + 1; j < list.size(); ++j) {
        Json both, no;
        both["required"] = Json::array({Json::str(list[i]), Json::str(list[j])});
        no["not"] = both;
        exclusive.push_back(no);
      }
  if (!exclusive.empty()) s["allOf"] = Json::array(std::move(exclusive));
  if (!required.empty()) {
    std::vector<Json> r;
    for (auto& k : required) r.push_back(Json::str(k));
    s["required"] = Json::array(std::move(r));
  }
  s["additionalProperties"] = Json::raw("false");
  return s;
}

// An entry of one kind: its keys and `only`; of the keys it needs, the one
// it has (a pair's label; a numbered entry's number or reversed_number).
Json entry_kind(const model::KindDescription& kind) {
  std::vector<model::KeyName> keys(kind.keys.begin(), kind.keys.end());
  for (const auto& k : model::entry_keys().keys)
    if (k.type == model::ValueType::Only) keys.push_back(k);
  std::vector<std::string> required;
  if (kind.needs.size() == 1) required.emplace_back(kind.needs.front());
  Json s = place(keys, required);
  if (kind.needs.size() > 1) {
    std::vector<Json> one;
    for (const char* key : kind.needs) {
      Json has;
      has["required"] = Json::array({Json::str(key)});
      one.push_back(has);
    }
    s["oneOf"] = Json::array(std::move(one));
  }
  s["description"] = Json::str(kind.schema);
  return s;
}

Json list_of(const std::string& def) {
  Json s = type("array");
  s["items"] = any_of({def_ref(def), type("null")});
  return any_of({s, type("null")});
}

// {en: ..., zh: ...}: every key a language code; `also` names a key
// allowed beside them (an entry's `only`); a key of `record` is not taken
// for a language code (an entry's `org` is a record's key).
Json localized(const model::KeyTable* record, const char* also) {
  Json s = type("object");
  Json tag = type("string");
  tag["pattern"] = Json::str(kLanguagePattern);
  if (record) {
    std::vector<std::string> keys;
    for (const auto& k : record->keys)
      if (!also || std::string(k.name) != also) keys.emplace_back(k.name);
    Json no;
    no["not"] = words(keys);
    tag["allOf"] = Json::array({no});
  }
  if (also) {
    Json one;
    one["const"] = Json::str(also);
    s["propertyNames"] = any_of({one, tag});
    s["properties"][also] = def_ref("languages");
  } else {
    s["propertyNames"] = tag;
  }
  s["additionalProperties"] = any_of({def_ref("scalar"), type("null")});
  s["minProperties"] = Json::raw("1");
  return s;
}

Json resume_defs() {
  Json defs = common_defs();
  defs["text"] = any_of({def_ref("scalar"), type("null"), localized(nullptr, nullptr)});
  defs["text"]["description"] = Json::str("a text, or one per language: {en: Education, zh: 教育背景}");
  defs["plain"] = any_of({def_ref("scalar"), type("null")});
  defs["textList"] = list_of("text");
  defs["textOrList"] = any_of({def_ref("text"), list_of("scalar")});
  defs["date"] = any_of({def_ref("scalar"), type("null")});
  defs["date"]["description"] = Json::str("2024, 2024-06, 2024-06-30 or present");
  defs["dateRange"] = any_of({def_ref("scalar"), type("null")});
  defs["dateRange"]["description"] = Json::str("a date (2024-06) or a range (2020-09 – present)");
  Json code = type("string");
  code["pattern"] = Json::str(kLanguagePattern);
  defs["languageCode"] = code;
  Json codes = type("array");
  codes["items"] = def_ref("languageCode");
  defs["languages"] = any_of({def_ref("languageCode"), codes, type("null")});
  std::vector<std::string> themes;
  for (const auto& t : builtin_themes()) themes.push_back(t.name);
  defs["theme"] = any_of({words(themes), type("string")});
  defs["theme"]["description"] = Json::str("a built-in theme (" + builtin_layout_names() + ") or a theme file");
  defs["style"] = any_of({def_ref("themeKeys"), type("null")});
  defs["themeKeys"] = theme_body();
  defs["person"] = place(model::person_keys().keys, {"name"});
  defs["metric"] = place(model::metric_keys().keys, {"value"});
  defs["metrics"] = list_of("metric");
  defs["link"] =
      any_of({def_ref("scalar"), place(model::link_keys().keys, {}), localized(&model::link_keys(), nullptr)});
  defs["links"] = list_of("link");
  defs["section"] = place(model::section_keys().keys, {"title"});
  defs["sections"] = list_of("section");
  // A plain text, an entry of each kind, or a paragraph of languages.
  std::vector<Json> entry{def_ref("scalar")};
  model::for_each_kind([&]<class Kind>() { entry.push_back(entry_kind(model::kind_description<Kind>())); });
  Json paragraph = localized(&model::entry_keys(), "only");
  paragraph["description"] = Json::str("a paragraph in each language, {en: ..., zh: ...}");
  entry.push_back(paragraph);
  defs["entry"] = any_of(std::move(entry));
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
  Json body = place(model::top_keys().keys, {"person"});
  root["type"] = Json::str("object");
  root["properties"] = body["properties"];
  root["allOf"] = body["allOf"];
  root["required"] = body["required"];
  root["additionalProperties"] = Json::raw("false");
  root["$defs"] = resume_defs();
  return schema_text(root);
}

}  // namespace cvpdf::app
