// yaml-cpp → the loader's own tree (YNode). The only file that includes
// yaml-cpp. Owns: running the raw-text checks first, turning yaml-cpp's
// exceptions into `file:line:col: error: <message>` with a hint, converting
// 0-based byte marks to 1-based character columns, duplicate and non-text keys,
// and the cap on nodes visited (aliases are shared nodes in yaml-cpp; a
// "billion laughs" file expands only here, so here it is stopped).
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <new>
#include <unordered_map>

#include "core/utf8.hpp"
#include "model/yaml_tree.hpp"

namespace cvpdf::model::detail {

const YNode* YNode::find(std::string_view name) const {
  if (kind != Kind::Map) return nullptr;
  for (const auto& child : children)
    if (child.key == name) return &child;
  return nullptr;
}

std::string describe(const YNode& node) {
  switch (node.kind) {
    case YNode::Kind::Null: return "nothing";
    case YNode::Kind::Scalar: return "a text ('" + (node.text.size() > 40 ? node.text.substr(0, 37) + "..." : node.text) + "')";
    case YNode::Kind::Sequence: return "a list";
    case YNode::Kind::Map: return "a mapping";
  }
  return "a value";
}

std::string_view Document::line_text(int line) const {
  if (line < 1 || static_cast<std::size_t>(line) > line_starts.size()) return {};
  std::size_t start = line_starts[line - 1];
  std::size_t end = static_cast<std::size_t>(line) < line_starts.size() ? line_starts[line] - 1 : text.size();
  std::string_view s(text.data() + start, end - start);
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  return s;
}

SourceSpan Document::span_in_scalar(const YNode& node, std::size_t offset) const {
  if (!node.pos.known() || node.text.find('\n') != std::string::npos) return span(node.pos);
  std::string_view line = line_text(node.pos.line);
  // The byte where the node's column starts.
  std::size_t byte = 0;
  for (int c = 1; c < node.pos.column && byte < line.size(); ++c) utf8::decode(line, byte);
  std::string_view rest = line.substr(std::min(byte, line.size()));
  int skip = 0;
  if (node.quoted && !rest.empty() && (rest[0] == '"' || rest[0] == '\'')) {
    rest.remove_prefix(1);
    skip = 1;
  }
  if (rest.substr(0, node.text.size()) != node.text) return span(node.pos);
  offset = std::min(offset, node.text.size());
  int column = node.pos.column + skip + static_cast<int>(utf8::length(std::string_view(node.text).substr(0, offset)));
  return {file, node.pos.line, column};
}

namespace {

const char* hint_for(const std::string& message) {
  auto has = [&](const char* s) { return message.find(s) != std::string::npos; };
  if (has("illegal map value"))
    return "a ': ' starts a mapping value here; put text that contains ': ' in quotes (title: \"A: B\"), "
           "or check this line's indentation";
  if (has("end of map not found") || has("end of sequence not found"))
    return "check the indentation: the keys of one mapping, and the '- ' items of one list, start in the same column";
  if (has("flow not found") || has("illegal flow end"))
    return "a '[' or '{' is not closed, or a ',' is missing; check the brackets on this line and the one before";
  if (has("illegal block entry"))
    return "a '- ' list item cannot follow a key on the same line; start the list on the next line, indented";
  if (has("illegal map key")) return "check the indentation and the ':' after each key";
  if (has("unknown escape")) return "inside double quotes write a backslash as \\\\, or use single quotes";
  if (has("anchor is not defined") || has("alias"))
    return "an alias *name needs an anchor &name defined before it";
  if (has("EOF in scalar") || has("document indicator in scalar")) return "a quoted text is not closed";
  return "check the YAML syntax at this position";
}

class Converter {
 public:
  Converter(Document& doc, Diagnostics& diags, const Limits& limits)
      : doc_(doc), diags_(diags), limits_(limits) {}

  Pos pos_of(const YAML::Mark& mark) const {
    if (mark.line < 0 || mark.column < 0) return {};
    std::string_view line = doc_.line_text(mark.line + 1);
    if (line.empty() && static_cast<std::size_t>(mark.line) >= doc_.line_starts.size()) return {};
    std::size_t byte = std::min(static_cast<std::size_t>(mark.column), line.size());
    return {mark.line + 1, 1 + static_cast<int>(utf8::length(line.substr(0, byte)))};
  }

  bool failed() const { return failed_; }

  void convert(const YAML::Node& in, YNode& out, int depth) {
    if (failed_) return;
    out.pos = pos_of(in.Mark());
    if (++visited_ > limits_.max_nodes) {
      diags_.error(doc_.span(out.pos), "too many nodes (alias expansion?)",
                   "the document expands to more than " + std::to_string(limits_.max_nodes) +
                       " values; an alias (*name) that repeats a large block, many times over, does that");
      failed_ = true;
      return;
    }
    if (depth > 2 * limits_.max_depth) {
      diags_.error(doc_.span(out.pos),
                   "the document is nested too deeply (more than " + std::to_string(2 * limits_.max_depth) + " levels)",
                   "is an alias (*name) used inside the block that defines &name?");
      failed_ = true;
      return;
    }
    switch (in.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null: out.kind = YNode::Kind::Null; break;
      case YAML::NodeType::Scalar:
        out.kind = YNode::Kind::Scalar;
        out.text = in.Scalar();
        out.quoted = in.Tag() == "!";
        break;
      case YAML::NodeType::Sequence:
        out.kind = YNode::Kind::Sequence;
        out.children.reserve(std::min<std::size_t>(in.size(), 4096));
        for (auto it = in.begin(); it != in.end() && !failed_; ++it) {
          out.children.emplace_back();
          convert(*it, out.children.back(), depth + 1);
        }
        break;
      case YAML::NodeType::Map: convert_map(in, out, depth); break;
    }
  }

 private:
  void convert_map(const YAML::Node& in, YNode& out, int depth) {
    out.kind = YNode::Kind::Map;
    out.children.reserve(std::min<std::size_t>(in.size(), 4096));
    std::unordered_map<std::string, Pos> seen;
    for (auto it = in.begin(); it != in.end() && !failed_; ++it) {
      // Copies: `it->first` lives in a temporary proxy, gone at the end of the statement.
      const YAML::Node key = it->first;
      const YAML::Node value = it->second;
      Pos key_pos = pos_of(key.Mark());
      if (!key.IsScalar()) {
        ++visited_;
        diags_.error(doc_.span(key_pos.known() ? key_pos : out.pos),
                     key.IsNull() ? "a key is empty" : "a key must be a word, got " +
                                                           std::string(key.IsSequence() ? "a list" : "a mapping"),
                     "write keys as plain words followed by ': ', e.g. `name: Ada`");
        continue;
      }
      YNode child;
      child.key = key.Scalar();
      child.key_pos = key_pos;
      convert(value, child, depth + 1);
      if (child.is_null() || !child.pos.known()) child.pos = key_pos;
      auto [previous, inserted] = seen.emplace(child.key, key_pos);
      if (!inserted) {
        diags_.error(doc_.span(key_pos),
                     "duplicate key '" + child.key + "' (first at line " + std::to_string(previous->second.line) +
                         ", column " + std::to_string(previous->second.column) + ")",
                     "a key may appear only once in a mapping; remove or rename one of them");
        continue;
      }
      out.children.push_back(std::move(child));
    }
  }

  Document& doc_;
  Diagnostics& diags_;
  const Limits& limits_;
  std::size_t visited_ = 0;
  bool failed_ = false;
};

void report_parse_error(const Document& doc, const Prescan& scan, const Converter& conv, const YAML::ParserException& e,
                        Diagnostics& diags) {
  Pos at = conv.pos_of(e.mark);
  SourceSpan span = at.known() ? doc.span(at) : SourceSpan{doc.file, 0, 0};
  const std::string& message = e.msg;
  if (message.find("tab") != std::string::npos || scan.tab) {
    SourceSpan tab_span = scan.tab ? doc.span(*scan.tab) : span;
    diags.error(tab_span, "a tab is used for indentation",
                "YAML indents with spaces only; replace the tab with spaces" +
                    (message.find("tab") != std::string::npos ? std::string()
                                                              : " (the parser then stopped at " + span.to_string() +
                                                                    ": " + message + ")"));
    return;
  }
  if (dynamic_cast<const YAML::DeepRecursion*>(&e)) {
    diags.error(span, "the document is nested too deeply",
                "a résumé needs only a few levels; check for unbalanced '[' or '{'");
    return;
  }
  diags.error(span, message, hint_for(message));
}

}  // namespace

std::optional<Document> parse_yaml(std::string_view text, const std::string& file, Diagnostics& diags,
                                   const Limits& limits) {
  if (text.size() > limits.max_bytes) {
    check_input(text, file, diags, limits);
    return std::nullopt;
  }
  Document doc;
  doc.file = file;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte order mark
  if (!check_input(text, file, diags, limits)) return std::nullopt;
  doc.text.assign(text);
  // yaml-cpp counts lines by LF alone; old Mac files end lines with a lone CR.
  for (std::size_t i = 0; i < doc.text.size(); ++i)
    if (doc.text[i] == '\r' && (i + 1 == doc.text.size() || doc.text[i + 1] != '\n')) doc.text[i] = '\n';
  doc.line_starts.push_back(0);
  for (std::size_t i = 0; i < doc.text.size(); ++i)
    if (doc.text[i] == '\n') doc.line_starts.push_back(i + 1);

  Prescan scan = prescan(doc.text, limits);
  if (scan.too_deep) {
    diags.error(doc.span(scan.too_deep_at),
                "the document is nested too deeply (more than " + std::to_string(limits.max_depth) + " levels)",
                "a résumé needs only a few levels; check for unbalanced '[' or '{' or runaway indentation");
    return std::nullopt;
  }
  if (scan.values > limits.max_values) {
    diags.error(doc.span(scan.values_exceeded_at),
                "the document has too many values (more than " + std::to_string(limits.max_values) + ")",
                "a résumé has a few thousand at most; is this the right file?");
    return std::nullopt;
  }
  doc.empty = !scan.has_content;

  Converter conv(doc, diags, limits);
  std::vector<YAML::Node> documents;
  try {
    documents = YAML::LoadAll(doc.text);
  } catch (const YAML::ParserException& e) {
    report_parse_error(doc, scan, conv, e, diags);
    return std::nullopt;
  } catch (const std::bad_alloc&) {
    diags.error({file, 0, 0}, "out of memory while reading the YAML", "is this the right file?");
    return std::nullopt;
  } catch (const std::exception& e) {
    diags.error({file, 0, 0}, std::string("cannot read the YAML: ") + e.what(), "check the YAML syntax");
    return std::nullopt;
  }

  const YAML::Node* root = nullptr;
  std::size_t errors_before = diags.error_count();
  for (const auto& d : documents) {
    if (d.IsNull() || !d.IsDefined()) continue;
    if (root) {
      Pos at = conv.pos_of(d.Mark());
      diags.error(doc.span(at), "the file holds more than one YAML document",
                  "a résumé is one document; remove the '---' line before this one, or what follows it");
      break;
    }
    root = &d;
  }
  if (diags.error_count() > errors_before) return std::nullopt;
  try {
    if (root) conv.convert(*root, doc.root, 0);
  } catch (const std::bad_alloc&) {
    diags.error({file, 0, 0}, "out of memory while reading the YAML", "is this the right file?");
    return std::nullopt;
  }
  // Duplicate or non-text keys were reported but do not stop the caller from
  // collecting its own errors; only a runaway expansion does.
  if (conv.failed()) return std::nullopt;
  if (!root) doc.root.pos = {1, 1};
  return doc;
}

}  // namespace cvpdf::model::detail
