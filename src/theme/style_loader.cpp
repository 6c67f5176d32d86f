// Theme files, the built-in themes' text and `--set KEY=VALUE`, each read
// into a flattened StyleMap (model/style_block.cpp reads the YAML); and the
// one check of a style block that needs the field table: a colour key whose
// value YAML took for a comment. Precedence (theme < style < --set) is the
// layer stack's (style_layers.hpp).
#include "theme/style_loader.hpp"

#include <cctype>

#include "core/utf8.hpp"
#include "model/schema.hpp"
#include "theme/style_fields.hpp"

namespace cvpdf::theme {

namespace detail = model::detail;
using model::StyleMap;
using model::StyleValue;

void check_commented_colours(const std::vector<model::CommentedStyleKey>& commented, Diagnostics& diags) {
  for (const auto& c : commented) {
    const StyleField* field = find_style_field(table_key(c.key));
    if (!field || field->kind != FieldKind::Colour) continue;
    diags.error(c.span, "style key '" + c.key + "' has no value: YAML reads '" + c.word + "' after the space as a comment",
                "quote it, " + c.name + ": \"" + c.word + "\", or write the digits alone, " + c.name + ": " +
                    c.word.substr(1));
  }
}

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
  std::vector<model::CommentedStyleKey> commented;
  detail::flatten_style(r, doc->root, "", map, &commented);
  check_commented_colours(commented, diags);
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
      std::vector<model::CommentedStyleKey> commented;
      detail::flatten_style(r, root, key, values, &commented);
      check_commented_colours(commented, local);
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

}  // namespace cvpdf::theme
