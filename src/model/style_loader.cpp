// Style: layout files, a résumé's `style:` block and `--set KEY=VALUE`, all
// flattened to dotted keys (`page: {size: letter}` → "page.size"). A value is
// a scalar or a list of scalars; each keeps the place it was written.
// Precedence (layout < style < --set) is the caller's: later maps overwrite.
#include <cctype>

#include "core/utf8.hpp"
#include "model/color_names.hpp"
#include "model/loader.hpp"
#include "model/style_fields.hpp"
#include "model/schema.hpp"

namespace cvpdf::model {

namespace detail {

namespace {

void add(const Reader& r, const std::string& key, StyleValue value, const YNode& node, StyleMap& out) {
  auto [it, inserted] = out.emplace(key, value);
  if (!inserted) {
    r.diags().error(r.key_span(node), "style key '" + key + "' is given twice (also at " + it->second.span.to_string() + ")",
                    "keep one of them");
  }
}

// `accent: #c00` is a key with no value and a comment: YAML takes '#'
// after a space as the start of one. For a colour key that is surely not
// what was meant, and the key would silently keep the theme's colour.
void check_colour_comment(const Reader& r, const YNode& node, const std::string& key) {
  const StyleField* field = find_style_field(table_key(key));
  if (!field || field->kind != FieldKind::Colour || !node.key_pos.known()) return;
  std::string_view line = r.doc().line_text(node.key_pos.line);
  std::size_t at = line.find(node.key() + ":");
  if (at == std::string_view::npos) return;
  std::string_view rest = line.substr(at + node.key().size() + 1);
  std::size_t hash = rest.find_first_not_of(" \t");
  if (hash == std::string_view::npos || rest[hash] != '#') return;
  std::string_view word = rest.substr(hash);
  word = word.substr(0, word.find_first_of(" \t"));
  if (!parse_color(word)) return;
  const std::string written(word);
  r.diags().error(r.key_span(node),
                  "style key '" + key + "' has no value: YAML reads '" + written + "' after the space as a comment",
                  "quote it, " + node.key() + ": \"" + written + "\", or write the digits alone, " + node.key() + ": " +
                      written.substr(1));
}

}  // namespace

void flatten_style(const Reader& r, const YNode& node, const std::string& prefix, StyleMap& out) {
  for (const auto& child : node.children) {
    if (child.key().empty() || child.key().front() == '.' || child.key().back() == '.') {
      r.diags().error(r.key_span(child), "'" + child.key() + "' is not a style key",
                      "style keys are words such as page, size, margin (or dotted: page.size)");
      continue;
    }
    std::string key = prefix.empty() ? child.key() : prefix + "." + child.key();
    StyleValue v;
    v.span = r.span(child);
    switch (child.kind) {
      case YNode::Kind::Null: check_colour_comment(r, child, key); break;  // `key:` with nothing: no override
      case YNode::Kind::Map: flatten_style(r, child, key, out); break;
      case YNode::Kind::Scalar:
        v.scalar = child.text();
        add(r, key, std::move(v), child, out);
        break;
      case YNode::Kind::Sequence: {
        v.is_list = true;
        bool ok = true;
        for (const auto& item : child.children) {
          if (item.is_scalar()) {
            v.list.push_back(item.text());
          } else if (!item.is_null()) {
            r.diags().error(r.span(item),
                            "style key '" + key + "' must be a value or a list of values; got " + describe(item) +
                                " inside the list",
                            "write it as " + key.substr(key.rfind('.') + 1) + ": [Lato, Inter] (a flat list)");
            ok = false;
          }
        }
        if (ok) add(r, key, std::move(v), child, out);
        break;
      }
    }
  }
}

}  // namespace detail

using detail::Reader;
using detail::YNode;

std::optional<StyleMap> load_style(std::string_view text, const std::string& file_name, Diagnostics& diags) {
  std::size_t before = diags.error_count();
  auto doc = detail::parse_yaml(text, file_name, diags);
  if (!doc) return std::nullopt;
  StyleMap map;
  if (doc->empty || doc->root.is_null()) {
    diags.warning({file_name, 1, 1}, "the layout file is empty", "a layout sets keys such as page: {size: a4}");
    return map;
  }
  Reader r(*doc, diags);
  if (!doc->root.is_map()) {
    diags.error(r.span(doc->root), "a layout must be a mapping of keys, got " + detail::describe(doc->root),
                "write keys such as page: {size: a4} and fonts: {latin: [Lato]}");
    return std::nullopt;
  }
  detail::flatten_style(r, doc->root, "", map);
  if (diags.error_count() > before) return std::nullopt;
  return map;
}

namespace {

constexpr const char* kSetHint = "use --set KEY=VALUE, e.g. --set page.size=letter";

std::string trim(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

bool valid_key(const std::string& key) {
  if (key.empty() || key.front() == '.' || key.back() == '.' || key.find("..") != std::string::npos) return false;
  for (char c : key)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') return false;
  return true;
}

}  // namespace

bool apply_style_override(StyleMap& style, const std::string& assignment, Diagnostics& diags) {
  const SourceSpan span{"--set", 0, 0};
  std::size_t eq = assignment.find('=');
  if (eq == std::string::npos) {
    diags.error(span, "--set needs KEY=VALUE, got '" + assignment + "'", kSetHint);
    return false;
  }
  std::string key = trim(assignment.substr(0, eq));
  std::string value = trim(assignment.substr(eq + 1));
  if (!valid_key(key)) {
    diags.error(span, key.empty() ? "--set '" + assignment + "' has no key before '='"
                                  : "--set: '" + key + "' is not a style key",
                kSetHint);
    return false;
  }
  if (value.empty()) {
    diags.error(span, "--set " + key + "= has no value", std::string(kSetHint) + " (an empty text is written \"\")");
    return false;
  }
  StyleMap values;
  char first = value.front();
  if (first == '[' || first == '{' || first == '"' || first == '\'') {
    // A YAML flow value: [Lato, Inter], {top: 10mm}, "a, b".
    Diagnostics local;
    auto doc = detail::parse_yaml(value, "--set", local);
    std::string problem;
    for (const auto& d : local.all())
      if (d.severity == Severity::Error && problem.empty()) problem = d.message;
    if (!doc || local.has_errors()) {
      diags.error(span, "--set " + key + ": '" + value + "' is not a valid value (" + problem + ")",
                  "write a list as [Lato, Inter], and put text with commas or brackets in quotes");
      return false;
    }
    Reader r(*doc, local);
    const YNode& root = doc->root;
    if (root.is_map()) {
      detail::flatten_style(r, root, key, values);
    } else {
      StyleValue v;
      if (root.is_sequence()) {
        v.is_list = true;
        for (const auto& item : root.children) {
          if (!item.is_scalar()) {
            diags.error(span, "--set " + key + ": a list of values may not hold " + detail::describe(item),
                        "write a flat list such as [Lato, Inter]");
            return false;
          }
          v.list.push_back(item.text());
        }
      } else {
        v.scalar = root.text();
      }
      values[key] = std::move(v);
    }
    if (local.has_errors()) {
      for (const auto& d : local.all()) diags.error(span, "--set " + key + ": " + d.message, d.hint);
      return false;
    }
  } else {
    StyleValue v;
    v.scalar = value;
    // What a YAML value cannot hold (the loader removes them there), typed
    // on the command line as $'\e' or the like.
    if (auto [code, removed] = detail::remove_control_characters(v.scalar); removed > 0) {
      diags.warning(span,
                    "--set " + key + ": the value contains the control character " + utf8::code_name(code) +
                        "; removed",
                    "control characters do not print");
    }
    values[key] = std::move(v);
  }
  // A bad value is reported later, by whoever reads the key; its "place" is
  // the option as typed, so the message names it: `--set text.leading=nan: …`.
  const SourceSpan value_span{"--set " + key + "=" + value, 0, 0};
  for (auto& [k, v] : values) {
    v.span = value_span;
    style[k] = std::move(v);
  }
  return true;
}

}  // namespace cvpdf::model
