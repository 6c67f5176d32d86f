// A style block — a résumé's `style:`, a theme file, a --set value in
// braces — flattened to dotted keys (`page: {size: letter}` → "page.size").
// A value is a scalar or a list of scalars; each keeps the place it was
// written. What the keys mean is the theme's (src/theme); this is only
// their reading.
#include <string_view>

#include "model/color_names.hpp"
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
// what was meant, and the key would silently keep the theme's colour; which
// keys are colours is the theme's to know, so the word is kept for it.
void keep_colour_comment(const Reader& r, const YNode& node, const std::string& key,
                         std::vector<CommentedStyleKey>* commented) {
  if (!commented || !node.key_pos.known()) return;
  std::string_view line = r.doc().line_text(node.key_pos.line);
  std::size_t at = line.find(node.key() + ":");
  if (at == std::string_view::npos) return;
  std::string_view rest = line.substr(at + node.key().size() + 1);
  std::size_t hash = rest.find_first_not_of(" \t");
  if (hash == std::string_view::npos || rest[hash] != '#') return;
  std::string_view word = rest.substr(hash);
  word = word.substr(0, word.find_first_of(" \t"));
  if (!parse_color(word)) return;
  commented->push_back({key, node.key(), std::string(word), r.key_span(node)});
}

}  // namespace

void flatten_style(const Reader& r, const YNode& node, const std::string& prefix, StyleMap& out,
                   std::vector<CommentedStyleKey>* commented) {
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
      case YNode::Kind::Null: keep_colour_comment(r, child, key, commented); break;  // `key:` with nothing: no override
      case YNode::Kind::Map: flatten_style(r, child, key, out, commented); break;
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

}  // namespace cvpdf::model
