// A JSON value for the generated JSON Schemas (json_schema.cpp): objects
// keep their keys in the order they were set, so a schema reads in the
// order of the tables it comes from, and the output is the same bytes on
// every run. Only what a schema needs: objects, arrays, strings, and
// numbers or booleans written as they are.
#pragma once
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace cvpdf::app {

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
  static Json boolean(bool b) { return raw(b ? "true" : "false"); }
  bool empty() const { return kind_ == Kind::Object && members_.empty(); }
  Json& operator[](const std::string& key) {
    kind_ = Kind::Object;
    for (auto& [k, v] : members_)
      if (k == key) return v;
    members_.emplace_back(key, Json());
    return members_.back().second;
  }

  // Indented two spaces a level, up to kDeepest levels: the key rules'
  // if/else chains nest fifty deep, and their indentation alone would be
  // most of the file.
  static constexpr int kDeepest = 8;
  void write(std::string& out, int indent) const {
    const std::string pad(std::min(indent, kDeepest) * 2, ' '), inner(std::min(indent + 1, kDeepest) * 2, ' ');
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
        const char* hex = "0123456789abcdef";
        out += "\\u00";
        out += hex[c >> 4];
        out += hex[c & 15];
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

inline Json def_ref(const std::string& def) {
  Json j;
  j["$ref"] = Json::str("#/$defs/" + def);
  return j;
}

inline Json strings(const std::vector<std::string>& list) {
  std::vector<Json> items;
  for (const auto& w : list) items.push_back(Json::str(w));
  return Json::array(std::move(items));
}

// {"type": t} or {"type": [t1, t2, ...]}.
inline Json types(const std::vector<std::string>& list) {
  Json j;
  j["type"] = list.size() == 1 ? Json::str(list.front()) : strings(list);
  return j;
}

inline Json words(const std::vector<std::string>& list) {
  Json j;
  j["enum"] = strings(list);
  return j;
}

}  // namespace cvpdf::app
