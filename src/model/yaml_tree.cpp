// yaml-cpp → the loader's own tree (YNode). The only file that includes
// yaml-cpp. Owns: running the raw-text checks first, building the tree from
// yaml-cpp's parse events, turning its exceptions into
// `file:line:col: error: <message>` with a hint, converting 0-based byte marks
// to 1-based character columns, duplicate and non-text keys, anything after
// the document, and the cap on nodes made (aliases are expanded here, so a
// "billion laughs" file is stopped here).
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <cstdio>
#include <new>
#include <sstream>
#include <unordered_map>

#include "core/utf8.hpp"
#include "model/scalar_source.hpp"
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
  return span_in_scalar(node.pos, node.start, node.text, offset);
}

SourceSpan Document::span_in_scalar(Pos pos, std::size_t start, std::string_view value, std::size_t offset) const {
  if (!pos.known() || start == std::string::npos || offset > value.size()) return span(pos);
  auto read = read_scalar(text, start, value.size());
  if (!read || !reads_as(read->text, value)) return span(pos);
  if (value.empty()) return span(pos);
  const bool past = offset == value.size();
  auto [line, column] = position_after(text, start, pos.line, pos.column, read->from[past ? offset - 1 : offset]);
  return {file, line, column + (past ? 1 : 0)};
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
  if (has("invalid unicode"))
    return "a \\u or \\U escape must name a character: U+0000–U+10FFFF, with U+D800–U+DFFF only as a pair "
           "(\\uD83D\\uDE00); fix the escape or type the character itself";
  if (has("unknown escape")) return "inside double quotes write a backslash as \\\\, or use single quotes";
  if (has("anchor is not defined") || has("alias"))
    return "an alias *name needs an anchor &name defined before it";
  if (has("EOF in scalar") || has("document indicator in scalar")) return "a quoted text is not closed";
  return "check the YAML syntax at this position";
}

// Thrown by the builder to stop yaml-cpp's parser once an error is reported.
struct Abort {};

// yaml-cpp's marks → our positions. A mark's column counts bytes (and the
// parser may have read a text where surrogate escapes were rewritten, see
// SurrogateEdits); ours count characters of the original line. Counting from
// the line's start for every node made loading a one-line (minified) JSON file
// quadratic, so a cursor remembers the last place converted on the current line
// and counts on from there: events come in file order, so the total work is
// linear. A mark behind the cursor (rare: an error) counts from the line start.
class MarkMapper {
 public:
  MarkMapper(const Document& doc, const SurrogateEdits& edits) : doc_(doc), edits_(edits) {}

  // The mark's byte column in the original line, or npos when it is unknown.
  std::size_t byte_column(const YAML::Mark& mark) const {
    if (mark.line < 0 || mark.column < 0 || static_cast<std::size_t>(mark.line) >= doc_.line_starts.size())
      return std::string::npos;
    std::size_t column = static_cast<std::size_t>(mark.column) + edits_.shift(mark.line + 1, mark.column);
    return std::min(column, doc_.line_text(mark.line + 1).size());
  }

  // The mark's byte in the original text, or npos.
  std::size_t offset(const YAML::Mark& mark) const {
    std::size_t byte = byte_column(mark);
    return byte == std::string::npos ? byte : doc_.line_starts[static_cast<std::size_t>(mark.line)] + byte;
  }

  Pos at(const YAML::Mark& mark) {
    std::size_t byte = byte_column(mark);
    if (byte == std::string::npos) return {};
    if (mark.line != line_ || byte < byte_) {
      line_ = mark.line;
      byte_ = 0;
      chars_ = 0;
    }
    std::string_view line = doc_.line_text(mark.line + 1);
    chars_ += utf8::length(line.substr(byte_, byte - byte_));
    byte_ = byte;
    return {mark.line + 1, 1 + static_cast<int>(chars_)};
  }

 private:
  const Document& doc_;
  const SurrogateEdits& edits_;
  int line_ = -1;
  std::size_t byte_ = 0;   // on line_, the byte the cursor is at
  std::size_t chars_ = 0;  // characters before it
};

// Builds the YNode tree from yaml-cpp's parse events. Iterative (a stack of
// open collections), so it adds no recursion of its own. Aliases are copied,
// and every node made — parsed, aliased or kept for an anchor — counts
// toward limits.max_nodes.
class Builder : public YAML::EventHandler {
 public:
  Builder(const Document& doc, const SurrogateEdits& edits, Diagnostics& diags, const Limits& limits)
      : doc_(doc), marks_(doc, edits), diags_(diags), limits_(limits) {}

  bool has_root() const { return has_root_; }
  YNode take_root() { return std::move(root_); }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    YNode n;
    n.pos = marks_.at(mark);
    count(n.pos, 1);
    finish(std::move(n), anchor, 1);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    YNode n;
    n.kind = YNode::Kind::Scalar;
    n.pos = marks_.at(mark);
    if (value.size() > limits_.max_scalar_bytes) {
      diags_.error(doc_.span(n.pos),
                   "a text of " + std::to_string(value.size() / 1024) + " KB is too long (the limit is " +
                       std::to_string(limits_.max_scalar_bytes / 1024) + " KB)",
                   "a résumé's longest paragraph is a few kilobytes; is a quote or a block scalar (|) not closed?");
      throw Abort{};
    }
    n.start = marks_.offset(mark);
    n.text = value;
    n.quoted = tag == "!";
    if (!is_key()) {
      auto [first, removed] = remove_control_characters(n.text);
      if (removed > 0) {
        char name[16];
        std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(first));
        diags_.warning(doc_.span_in_scalar(n.pos, n.start, value, first_control_character(value)),
                       std::string("the text contains the control character ") + name +
                           (removed > 1 ? " (and " + std::to_string(removed - 1) + " more)" : std::string()) +
                           "; removed",
                       "control characters do not print; remove the escape that writes it (\\e, \\a, \\0, "
                       "\\x.., \\u00..)");
      }
    }
    count(n.pos, 1);
    finish(std::move(n), anchor, 1);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end()) {
      diags_.error(doc_.span(marks_.at(mark)), "an alias refers to the block that contains it",
                   "an alias *name cannot be used inside the block that defines &name");
      throw Abort{};
    }
    count(marks_.at(mark), it->second.size);
    finish(YNode(it->second.node), 0, it->second.size);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(YNode::Kind::Sequence, mark, anchor);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(YNode::Kind::Map, mark, anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    YNode node;
    YAML::anchor_t anchor = 0;
    std::size_t made_before = 0;  // made_ when the collection opened
    bool has_key = false;         // a map's key is waiting for its value
    YNode key;
    std::unordered_map<std::string, Pos> seen;  // a map's keys so far
    std::vector<YNode> merges;    // the mappings named by `<<`, in order
    std::size_t merge_at = 0;     // where among the values the `<<` was
    Pos merge_key;                // the `<<`, once seen
  };
  struct Anchored {
    YNode node;
    std::size_t size = 0;
  };

  void count(Pos at, std::size_t nodes) {
    made_ += nodes;
    if (made_ > limits_.max_nodes) {
      diags_.error(doc_.span(at), "too many nodes (alias expansion?)",
                   "the document expands to more than " + std::to_string(limits_.max_nodes) +
                       " values; an alias (*name) that repeats a large block, many times over, does that");
      throw Abort{};
    }
  }

  void open(YNode::Kind kind, const YAML::Mark& mark, YAML::anchor_t anchor) {
    count(marks_.at(mark), 1);
    if (stack_.size() >= static_cast<std::size_t>(2 * limits_.max_depth)) {
      diags_.error(doc_.span(marks_.at(mark)),
                   "the document is nested too deeply (more than " + std::to_string(2 * limits_.max_depth) + " levels)",
                   "a résumé needs only a few levels; check for unbalanced '[' or '{'");
      throw Abort{};
    }
    Frame f;
    f.node.kind = kind;
    f.node.pos = marks_.at(mark);
    f.anchor = anchor;
    f.made_before = made_;
    stack_.push_back(std::move(f));
  }

  // Is the scalar being read a map's key?
  bool is_key() const {
    return !stack_.empty() && stack_.back().node.kind == YNode::Kind::Map && !stack_.back().has_key;
  }

  void close() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    // Merged keys are added once the map is complete: its own keys, wherever
    // they are written, win over merged ones (YAML 1.1's merge key).
    if (!f.merges.empty()) merge_keys(f.node, f.merges, f.merge_at, f.seen);
    finish(std::move(f.node), f.anchor, made_ - f.made_before + 1);
  }

  // A complete node: keep it for its anchor, then hand it to its parent.
  void finish(YNode node, YAML::anchor_t anchor, std::size_t size) {
    if (anchor != 0) {
      count(node.pos, size);  // the copy kept for aliases
      anchors_[anchor] = Anchored{node, size};
    }
    if (stack_.empty()) {
      root_ = std::move(node);
      has_root_ = true;
      return;
    }
    Frame& parent = stack_.back();
    if (parent.node.kind == YNode::Kind::Sequence) {
      parent.node.children.push_back(std::move(node));
      return;
    }
    if (!parent.has_key) {
      parent.key = std::move(node);
      parent.has_key = true;
      return;
    }
    parent.has_key = false;
    const YNode& key = parent.key;
    if (key.kind != YNode::Kind::Scalar) {
      diags_.error(doc_.span(key.pos.known() ? key.pos : parent.node.pos),
                   key.is_null() ? "a key is empty"
                                 : "a key must be a word, got " + std::string(key.is_sequence() ? "a list" : "a mapping"),
                   "write keys as plain words followed by ': ', e.g. `name: Ada`");
      return;
    }
    if (key.text == "<<" && !key.quoted) {
      merge(parent, std::move(node), key.pos);
      return;
    }
    node.key = key.text;
    node.key_pos = key.pos;
    if (node.is_null() || !node.pos.known()) node.pos = key.pos;
    auto [previous, inserted] = parent.seen.emplace(node.key, key.pos);
    if (!inserted) {
      diags_.error(doc_.span(key.pos),
                   "duplicate key '" + node.key + "' (first at line " + std::to_string(previous->second.line) +
                       ", column " + std::to_string(previous->second.column) + ")",
                   "a key may appear only once in a mapping; remove or rename one of them");
      return;
    }
    parent.node.children.push_back(std::move(node));
  }

  // `<<: *base` or `<<: [*a, *b]`. The aliased copies were counted when made,
  // so a "merge bomb" meets the same node limit as any alias bomb.
  void merge(Frame& parent, YNode value, Pos key_pos) {
    const char* hint = "write <<: *name (an alias of a mapping defined with &name) or <<: [*a, *b]";
    if (parent.merge_key.known()) {
      diags_.error(doc_.span(key_pos),
                   "a second merge key '<<' in this mapping (first at line " + std::to_string(parent.merge_key.line) +
                       ", column " + std::to_string(parent.merge_key.column) + ")",
                   "merge several mappings with one list: <<: [*a, *b]");
      return;
    }
    parent.merge_key = key_pos;
    std::vector<YNode> sources;
    if (value.is_map()) {
      sources.push_back(std::move(value));
    } else if (value.is_sequence()) {
      for (auto& item : value.children) {
        if (!item.is_map()) {
          diags_.error(doc_.span(item.pos.known() ? item.pos : key_pos),
                       "a merge key '<<' lists " + describe(item) + ", not a mapping", hint);
          return;
        }
        sources.push_back(std::move(item));
      }
    } else {
      diags_.error(doc_.span(value.pos.known() ? value.pos : key_pos),
                   "a merge key '<<' must name a mapping or a list of mappings, got " + describe(value), hint);
      return;
    }
    parent.merge_at = parent.node.children.size();
    for (auto& source : sources) parent.merges.push_back(std::move(source));
  }

  const Document& doc_;
  MarkMapper marks_;
  Diagnostics& diags_;
  const Limits& limits_;
  std::vector<Frame> stack_;
  std::unordered_map<YAML::anchor_t, Anchored> anchors_;
  std::size_t made_ = 0;
  YNode root_;
  bool has_root_ = false;
};

// What follows the first document: another document, or stray tokens.
class Follower : public YAML::EventHandler {
 public:
  YAML::Mark start;
  bool started = false;
  bool content = false;
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (!started) start = mark;
    started = true;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override { content = true; }
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override { content = true; }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    content = true;
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    content = true;
  }
  void OnMapEnd() override {}
};

void report_parse_error(const Document& doc, MarkMapper& marks, const Prescan& scan, const YAML::ParserException& e,
                        Diagnostics& diags) {
  Pos at = marks.at(e.mark);
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
  {
    std::string parsed(text);
    // yaml-cpp counts lines by LF alone; old Mac files end lines with a lone CR.
    for (std::size_t i = 0; i < parsed.size(); ++i)
      if (parsed[i] == '\r' && (i + 1 == parsed.size() || parsed[i + 1] != '\n')) parsed[i] = '\n';
    doc.source = std::make_shared<const std::string>(std::move(parsed));
    doc.text = *doc.source;
  }
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

  // yaml-cpp's event parser rather than YAML::Load/LoadAll: no yaml-cpp node
  // graph (~700 bytes a value), aliases under our control, and LoadAll loops
  // forever on a stray ',' after a flow document (yaml-cpp 0.7: "{},").
  auto edits = SurrogateEdits::make(doc, scan.surrogates, diags);
  if (!edits) return std::nullopt;
  std::istringstream in(edits->empty() ? *doc.source : edits->text());
  Builder builder(doc, *edits, diags, limits);
  MarkMapper marks(doc, *edits);
  try {
    YAML::Parser parser(in);
    if (parser.HandleNextDocument(builder)) {
      Follower next;
      if (parser.HandleNextDocument(next)) {
        Pos at = marks.at(next.start);
        std::string_view line = doc.line_text(at.line);
        std::size_t byte = marks.byte_column(next.start);
        char c = byte < line.size() ? line[byte] : '\0';
        if (c == ',' || c == ']' || c == '}') {
          diags.error(doc.span(at), std::string("unexpected '") + c + "' after the end of the document",
                      "a ']' or '}' too many, or a ',' after the last item?");
        } else if (next.content) {
          diags.error(doc.span(at), "the file holds more than one YAML document",
                      "a résumé is one document: remove the '---' separator, or what follows it");
        }
      }
    }
  } catch (const Abort&) {
    return std::nullopt;
  } catch (const YAML::ParserException& e) {
    report_parse_error(doc, marks, scan, e, diags);
    return std::nullopt;
  } catch (const std::bad_alloc&) {
    diags.error({file, 0, 0}, "out of memory while reading the YAML", "is this the right file?");
    return std::nullopt;
  } catch (const std::exception& e) {
    diags.error({file, 0, 0}, std::string("cannot read the YAML: ") + e.what(), "check the YAML syntax");
    return std::nullopt;
  }
  // Duplicate or non-text keys were reported but do not stop the caller from
  // collecting its own errors.
  if (builder.has_root()) doc.root = builder.take_root();
  if (!builder.has_root() || doc.root.is_null()) doc.root.pos = {1, 1};
  return doc;
}

}  // namespace cvpdf::model::detail
