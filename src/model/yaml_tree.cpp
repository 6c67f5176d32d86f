// libyaml's events → the loader's own tree (YNode). Owns: running the
// raw-text checks first, making the text read under libyaml's YAML 1.1 rules
// as under 1.2, building the tree from the parse events (yaml_events.hpp),
// turning libyaml's errors into `file:line:col: error: <message>` with a
// hint, converting 0-based marks of the parsed text to 1-based character
// columns of the file, duplicate and non-text keys, anything after the
// document, and the cap on nodes made (aliases are expanded here, so a
// "billion laughs" file is stopped here).
#include <algorithm>
#include <bitset>
#include <new>
#include <unordered_map>

#include "core/utf8.hpp"
#include "model/scalar_source.hpp"
#include "model/yaml_events.hpp"
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

// Our words for libyaml's errors, with a hint. `problem` and `context` are
// libyaml's; `opened` is where the construct named by the context starts
// (e.g. the '[' of an unclosed list), already formatted as "line L, column C".
struct Explained {
  std::string message;
  std::string hint;
};

const char* const kBrackets =
    "a '[' or '{' is not closed, or a ',' is missing; check the brackets on this line and the one before";

Explained explain(const std::string& problem, const std::string& context, const std::string& opened, char at) {
  auto is = [&](const char* s) { return problem.find(s) != std::string::npos; };
  auto in = [&](const char* s) { return context.find(s) != std::string::npos; };
  const std::string since = opened.empty() ? std::string() : " (it starts at " + opened + ")";
  if (is("mapping values are not allowed"))
    return {"illegal map value: a ': ' inside a value starts a mapping, which cannot begin here",
            "a ': ' starts a mapping value here; put text that contains ': ' in quotes (title: \"A: B\"), "
            "or check this line's indentation"};
  if (is("block sequence entries are not allowed"))
    return {"illegal block entry: a '- ' list item cannot begin here",
            "a '- ' list item cannot follow a key on the same line; start the list on the next line, indented"};
  if (is("did not find expected ',' or ']'"))
    return {"a '[' list is not closed, or a ',' is missing between its items" + since,
            kBrackets};
  if (is("did not find expected ',' or '}'"))
    return {"a '{' mapping is not closed, or a ',' is missing between its entries" + since,
            kBrackets};
  if ((is("did not find expected key") || is("did not find expected '-' indicator")) && (at == ']' || at == '}'))
    return {std::string("illegal flow end: a '") + at + "' that closes nothing", kBrackets};
  if (is("did not find expected key") || is("did not find expected '-' indicator"))
    return {std::string(in("mapping") ? "end of map not found: " : "end of sequence not found: ") +
                "this line is not indented like the lines before it" + since,
            "check the indentation: the keys of one mapping, and the '- ' items of one list, start in the same column"};
  if (is("could not find expected ':'"))
    return {"a key without ':' (or a text that runs on over several lines where a key was expected)",
            "write `key: value`; a text that goes on over several lines must be indented under its key, or quoted"};
  if (is("did not find expected node content")) {
    if (at == ']' || at == '}' || at == ',')
      return {std::string("illegal flow end: unexpected '") + at + "'",
              "a ']' or '}' too many, or a ',' with nothing before it? Check the brackets on this line and the one before"};
    return {"a value was expected here" + since, "check the YAML syntax at this position"};
  }
  if (is("found unexpected end of stream") && in("quoted"))
    return {"a quoted text is not closed" + since, "a quoted text is not closed; add the closing quote"};
  if (is("found unexpected document indicator") && in("quoted"))
    return {"a quoted text is not closed before a '---' or '...' line" + since,
            "a quoted text is not closed; add the closing quote"};
  if (is("found unknown escape character"))
    return {"unknown escape character in a double-quoted text",
            "inside double quotes write a backslash as \\\\, or use single quotes"};
  if (is("invalid Unicode character escape code") || is("expected hexdecimal number"))
    return {"invalid unicode escape",
            "a \\u or \\U escape must name a character: U+0000–U+10FFFF, with U+D800–U+DFFF only as a pair "
            "(\\uD83D\\uDE00); fix the escape or type the character itself"};
  if (is("alphabetic or numeric character") && (in("anchor") || in("alias")))
    return {std::string("an ") + (in("alias") ? "alias '*'" : "anchor '&'") + " without a name",
            "write &name before a value to name it, and *name to repeat it"};
  if (is("found character that cannot start any token")) {
    if (at == '@' || at == '`')
      return {std::string("a text cannot start with '") + at + "'", "put the text in quotes"};
    return {"a character that cannot start a value here", "check the YAML syntax at this position"};
  }
  if (is("did not find expected <document start>"))
    return {"text after the end of the document", "a résumé is one document; remove what follows it"};
  if (is("tag")) return {"a malformed tag (" + problem + ")", "write a tag as !name or !!type, or remove it"};
  if (is("did not find expected comment or line break"))
    return {"unexpected text after a block scalar's '|' or '>', or after a directive",
            "after '|' or '>' only an indentation digit, '+' or '-', and a comment may follow on the same line"};
  return {problem + (context.empty() ? std::string() : " " + context) + since,
          "check the YAML syntax at this position"};
}

// Thrown by the builder to stop parsing once an error is reported.
struct Abort {};

// libyaml's marks → our positions. libyaml's marks are 0-based and count
// characters of the text it parsed, where surrogate escapes may have been
// rewritten (SurrogateEdits); ours count characters of the original line, and
// scalars also need their byte. Counting from the line's start for every node
// made loading a one-line (minified) JSON file quadratic, so a cursor
// remembers the last place converted on the current line and counts on from
// there: events come in file order, so the total work is linear. A mark behind
// the cursor (rare: an error) counts from the line start.
class MarkMapper {
 public:
  MarkMapper(const Document& doc, std::string_view parsed, const SurrogateEdits& edits)
      : doc_(doc), parsed_(parsed), edits_(edits) {
    if (edits_.empty()) return;
    parsed_starts_.push_back(0);
    for (std::size_t i = 0; i < parsed_.size(); ++i)
      if (parsed_[i] == '\n') parsed_starts_.push_back(i + 1);
  }

  struct Mapped {
    Pos pos;
    std::size_t offset = std::string::npos;  // in doc.text
  };

  Mapped map(YamlMark mark) {
    // libyaml ends a last line that has no line break with one of its own:
    // a mark past the text is at the end of the last line.
    if (mark.line >= doc_.line_starts.size()) mark = {doc_.line_starts.size() - 1, static_cast<std::size_t>(-1)};
    std::string_view line = parsed_line(mark.line);
    if (mark.line != line_ || mark.column < chars_) {
      line_ = mark.line;
      byte_ = 0;
      chars_ = 0;
    }
    while (chars_ < mark.column && byte_ < line.size()) {
      ++byte_;
      while (byte_ < line.size() && (static_cast<unsigned char>(line[byte_]) & 0xC0) == 0x80) ++byte_;
      ++chars_;
    }
    const int line_no = static_cast<int>(mark.line) + 1;
    // A rewritten escape is ASCII, so its shift counts bytes and characters alike.
    std::size_t shift = edits_.empty() ? 0 : edits_.shift(line_no, static_cast<int>(byte_));
    std::size_t byte = std::min(byte_ + shift, doc_.line_text(line_no).size());
    return {{line_no, 1 + static_cast<int>(chars_ + shift)}, doc_.line_starts[mark.line] + byte};
  }
  Pos at(const YamlMark& mark) { return map(mark).pos; }

 private:
  std::string_view parsed_line(std::size_t line) const {
    if (edits_.empty()) return doc_.line_text(static_cast<int>(line) + 1);
    if (line >= parsed_starts_.size()) return {};
    std::size_t start = parsed_starts_[line];
    std::size_t end = line + 1 < parsed_starts_.size() ? parsed_starts_[line + 1] - 1 : parsed_.size();
    std::string_view s = parsed_.substr(start, end - start);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    return s;
  }

  const Document& doc_;
  std::string_view parsed_;
  const SurrogateEdits& edits_;
  std::vector<std::size_t> parsed_starts_;  // only when edits_ rewrote the text
  std::size_t line_ = static_cast<std::size_t>(-1);
  std::size_t byte_ = 0;   // on line_ of the parsed text, the byte the cursor is at
  std::size_t chars_ = 0;  // characters before it
};

// libyaml reads YAML 1.1, where NEL (U+0085), LS (U+2028) and PS (U+2029)
// break lines and C1 controls, U+FFFE and U+FFFF may not appear; in 1.2 (and
// in this loader, before libyaml) they are ordinary characters. Each one in
// the file is handed to libyaml as a stand-in of the same byte length that the
// file does not use, so lines, columns and byte offsets stay those of the
// file, and the scalars' values get the original characters back.
class StandIns {
 public:
  // Returns false when the text needs none (almost always).
  bool prepare(std::string_view text) {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
      auto c = static_cast<unsigned char>(text[i]);
      if (c == 0xC2 || c == 0xE2 || c == 0xEF) {
        std::size_t pos = i;
        char32_t cp = utf8::decode(text, pos);
        if (replaced(cp)) used_ = true;
      }
    }
    if (!used_) return false;
    std::bitset<0x10000> present;
    for (std::size_t pos = 0; pos < text.size();) {
      char32_t cp = utf8::decode(text, pos);
      if (cp < 0x10000) present.set(cp);
    }
    // Two-byte stand-ins from U+0100, three-byte ones from U+E000 (private use).
    char32_t two = 0x100, three = 0xE000;
    for (char32_t cp : kReplaced) {
      char32_t& next = cp < 0x800 ? two : three;
      while (present.test(next)) ++next;
      to_[cp] = next;
      from_[next] = cp;
      ++next;
    }
    return true;
  }
  std::string apply(std::string_view text) const { return swap(text, to_); }
  // The value with the original characters back.
  std::string restore(std::string_view value) const { return swap(value, from_); }
  bool used() const { return used_; }

 private:
  static constexpr char32_t kReplaced[] = {0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8A,
                                           0x8B, 0x8C, 0x8D, 0x8E, 0x8F, 0x90, 0x91, 0x92, 0x93, 0x94, 0x95,
                                           0x96, 0x97, 0x98, 0x99, 0x9A, 0x9B, 0x9C, 0x9D, 0x9E, 0x9F, 0x2028,
                                           0x2029, 0xFFFE, 0xFFFF};
  static bool replaced(char32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || cp == 0xFFFE || cp == 0xFFFF;
  }
  static std::string swap(std::string_view text, const std::unordered_map<char32_t, char32_t>& map) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t pos = 0; pos < text.size();) {
      std::size_t start = pos;
      char32_t cp = utf8::decode(text, pos);
      auto it = map.find(cp);
      if (it == map.end()) {
        out.append(text, start, pos - start);
      } else {
        utf8::append(out, it->second);
      }
    }
    return out;
  }

  bool used_ = false;
  std::unordered_map<char32_t, char32_t> to_, from_;
};

// Is a plain scalar's text YAML's null? (What yaml-cpp's event parser, and so
// this loader before libyaml, took for one; `no`, `off` and the like are texts.)
bool null_text(std::string_view s) { return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL"; }

// Builds the YNode tree from libyaml's parse events. Iterative (a stack of
// open collections), so it adds no recursion of its own. Aliases are copied,
// and every node made — parsed, aliased or kept for an anchor — counts
// toward limits.max_nodes.
class Builder {
 public:
  Builder(const Document& doc, MarkMapper& marks, const StandIns& stand_ins, Diagnostics& diags, const Limits& limits)
      : doc_(doc), marks_(marks), stand_ins_(stand_ins), diags_(diags), limits_(limits) {}

  bool has_root() const { return has_root_; }
  bool done() const { return has_root_ && stack_.empty(); }
  YNode take_root() { return std::move(root_); }

  // One event of the first document's node.
  void handle(const YamlEvent& e) {
    switch (e.type) {
      case YamlEvent::Type::Scalar: scalar(e); break;
      case YamlEvent::Type::Alias: alias(e); break;
      case YamlEvent::Type::SequenceStart: open(YNode::Kind::Sequence, e); break;
      case YamlEvent::Type::MapStart: open(YNode::Kind::Map, e); break;
      case YamlEvent::Type::SequenceEnd:
      case YamlEvent::Type::MapEnd: close(); break;
      default: break;
    }
  }

 private:
  struct Frame {
    YNode node;
    std::string anchor;
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

  void scalar(const YamlEvent& e) {
    auto [pos, start] = marks_.map(e.mark);
    YNode n;
    n.pos = pos;
    if (e.plain && e.tag.empty() && null_text(e.value)) {
      count(n.pos, 1);
      finish(std::move(n), e.anchor, 1);
      return;
    }
    n.kind = YNode::Kind::Scalar;
    if (e.value.size() > limits_.max_scalar_bytes) {
      diags_.error(doc_.span(n.pos),
                   "a text of " + std::to_string(e.value.size() / 1024) + " KB is too long (the limit is " +
                       std::to_string(limits_.max_scalar_bytes / 1024) + " KB)",
                   "a résumé's longest paragraph is a few kilobytes; is a quote or a block scalar (|) not closed?");
      throw Abort{};
    }
    n.start = start;
    n.text = stand_ins_.used() ? stand_ins_.restore(e.value) : std::string(e.value);
    // A scalar without a tag of its own reads as text when it is quoted or a
    // block scalar, and the non-specific tag `!` says so explicitly.
    n.quoted = e.tag.empty() ? !e.plain : e.tag == "!";
    if (!is_key()) {
      const std::string value = n.text;
      auto [first, removed] = remove_control_characters(n.text);
      if (removed > 0) {
        diags_.warning(doc_.span_in_scalar(n.pos, n.start, value, first_control_character(value)),
                       "the text contains the control character " + utf8::code_name(first) +
                           (removed > 1 ? " (and " + std::to_string(removed - 1) + " more)" : std::string()) +
                           "; removed",
                       "control characters do not print; remove the escape that writes it (\\e, \\a, \\0, "
                       "\\x.., \\u00..)");
      }
    }
    count(n.pos, 1);
    finish(std::move(n), e.anchor, 1);
  }

  void alias(const YamlEvent& e) {
    Pos at = marks_.at(e.mark);
    auto it = anchors_.find(std::string(e.anchor));
    if (it == anchors_.end()) {
      bool open = std::any_of(stack_.begin(), stack_.end(), [&](const Frame& f) { return f.anchor == e.anchor; });
      if (open) {
        diags_.error(doc_.span(at), "an alias refers to the block that contains it",
                     "an alias *name cannot be used inside the block that defines &name");
      } else {
        diags_.error(doc_.span(at), "the alias '*" + std::string(e.anchor) + "' names no anchor defined before it",
                     "an alias *name needs an anchor &name defined before it");
      }
      throw Abort{};
    }
    count(at, it->second.size);
    finish(YNode(it->second.node), {}, it->second.size);
  }

  void count(Pos at, std::size_t nodes) {
    made_ += nodes;
    if (made_ > limits_.max_nodes) {
      diags_.error(doc_.span(at), "too many nodes (alias expansion?)",
                   "the document expands to more than " + std::to_string(limits_.max_nodes) +
                       " values; an alias (*name) that repeats a large block, many times over, does that");
      throw Abort{};
    }
  }

  void open(YNode::Kind kind, const YamlEvent& e) {
    Pos at = marks_.at(e.mark);
    count(at, 1);
    if (stack_.size() >= static_cast<std::size_t>(2 * limits_.max_depth)) {
      diags_.error(doc_.span(at),
                   "the document is nested too deeply (more than " + std::to_string(2 * limits_.max_depth) + " levels)",
                   "a résumé needs only a few levels; check for unbalanced '[' or '{'");
      throw Abort{};
    }
    Frame f;
    f.node.kind = kind;
    f.node.pos = at;
    f.anchor = e.anchor;
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
  void finish(YNode node, std::string_view anchor, std::size_t size) {
    if (!anchor.empty()) {
      count(node.pos, size);  // the copy kept for aliases
      anchors_[std::string(anchor)] = Anchored{node, size};
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
  MarkMapper& marks_;
  const StandIns& stand_ins_;
  Diagnostics& diags_;
  const Limits& limits_;
  std::vector<Frame> stack_;
  std::unordered_map<std::string, Anchored> anchors_;
  std::size_t made_ = 0;
  YNode root_;
  bool has_root_ = false;
};

// The character of the parsed text at a libyaml mark, or '\0'.
char char_at(std::string_view parsed, const std::vector<std::size_t>& line_starts, const YamlMark& mark) {
  if (mark.line >= line_starts.size()) return '\0';
  std::size_t pos = line_starts[mark.line];
  for (std::size_t chars = 0; chars < mark.column && pos < parsed.size() && parsed[pos] != '\n'; ++chars) {
    ++pos;
    while (pos < parsed.size() && (static_cast<unsigned char>(parsed[pos]) & 0xC0) == 0x80) ++pos;
  }
  return pos < parsed.size() ? parsed[pos] : '\0';
}

void report_parse_error(const Document& doc, std::string_view parsed, MarkMapper& marks, const Prescan& scan,
                        const YamlError& e, bool after_document, Diagnostics& diags) {
  if (e.out_of_memory) {
    diags.error({doc.file, 0, 0}, "out of memory while reading the YAML", "is this the right file?");
    return;
  }
  // A key that does not end with ':' is best shown where the key starts.
  const bool key = e.problem.find("could not find expected ':'") != std::string::npos && !e.context.empty();
  Pos at = e.reader ? position_of(parsed, e.problem_offset) : marks.at(key ? e.context_mark : e.problem_mark);
  SourceSpan span = at.known() ? doc.span(at) : SourceSpan{doc.file, 0, 0};
  std::vector<std::size_t> starts{0};
  for (std::size_t i = 0; i < parsed.size(); ++i)
    if (parsed[i] == '\n') starts.push_back(i + 1);
  const char c = e.reader ? '\0' : char_at(parsed, starts, e.problem_mark);
  const bool tab = c == '\t' || e.problem.find("tab") != std::string::npos;
  if (tab || scan.tab) {
    SourceSpan tab_span = scan.tab ? doc.span(*scan.tab) : span;
    diags.error(tab_span, "a tab is used for indentation",
                "YAML indents with spaces only; replace the tab with spaces" +
                    (tab ? std::string()
                         : " (the parser then stopped at " + span.to_string() + ": " + e.problem + ")"));
    return;
  }
  if (after_document && (c == ',' || c == ']' || c == '}')) {
    diags.error(span, std::string("unexpected '") + c + "' after the end of the document",
                "a ']' or '}' too many, or a ',' after the last item?");
    return;
  }
  std::string opened;
  if (!e.context.empty() && !key) {
    Pos from = marks.at(e.context_mark);
    if (from.known() && (from.line != at.line || from.column != at.column))
      opened = "line " + std::to_string(from.line) + ", column " + std::to_string(from.column);
  }
  Explained x = explain(e.problem, e.context, opened, c);
  diags.error(span, x.message, x.hint);
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
  std::string parsed(text);
  // Old Mac files end lines with a lone CR; one kind of line break keeps
  // line numbers simple everywhere.
  for (std::size_t i = 0; i < parsed.size(); ++i)
    if (parsed[i] == '\r' && (i + 1 == parsed.size() || parsed[i + 1] != '\n')) parsed[i] = '\n';

  Prescan scan = prescan(parsed, limits);
  if (scan.too_deep) {
    doc.source = std::make_shared<const std::string>(std::move(parsed));
    doc.text = *doc.source;
    diags.error(doc.span(scan.too_deep_at),
                "the document is nested too deeply (more than " + std::to_string(limits.max_depth) + " levels)",
                "a résumé needs only a few levels; check for unbalanced '[' or '{' or runaway indentation");
    return std::nullopt;
  }
  if (scan.values > limits.max_values) {
    diags.error({file, scan.values_exceeded_at.line, scan.values_exceeded_at.column},
                "the document has too many values (more than " + std::to_string(limits.max_values) + ")",
                "a résumé has a few thousand at most; is this the right file?");
    return std::nullopt;
  }
  // A tab between tokens (after "- ", on a line of blanks) separates as a
  // space does in YAML 1.2; libyaml refuses it there. Same length: no place moves.
  for (std::size_t at : scan.separating_tabs) parsed[at] = ' ';
  doc.source = std::make_shared<const std::string>(std::move(parsed));
  doc.text = *doc.source;
  doc.line_starts.push_back(0);
  for (std::size_t i = 0; i < doc.text.size(); ++i)
    if (doc.text[i] == '\n') doc.line_starts.push_back(i + 1);
  doc.empty = !scan.has_content;

  auto edits = SurrogateEdits::make(doc, scan.surrogates, diags);
  if (!edits) return std::nullopt;
  std::string_view input = edits->empty() ? doc.text : std::string_view(edits->text());
  StandIns stand_ins;
  std::string replaced;
  if (stand_ins.prepare(input)) input = replaced = stand_ins.apply(input);

  MarkMapper marks(doc, input, *edits);
  Builder builder(doc, marks, stand_ins, diags, limits);
  bool after_document = false;
  try {
    YamlEvents events(input);
    YamlEvent e;
    int documents = 0;
    std::optional<YamlMark> second;  // the start of the document after the first
    for (bool more = true; more;) {
      if (!events.next(e)) {
        report_parse_error(doc, input, marks, scan, events.error(), after_document, diags);
        return std::nullopt;
      }
      switch (e.type) {
        case YamlEvent::Type::StreamStart: break;
        case YamlEvent::Type::StreamEnd: more = false; break;
        case YamlEvent::Type::DocumentStart:
          if (++documents == 2) second = e.mark;
          break;
        case YamlEvent::Type::DocumentEnd: after_document = true; break;
        default:
          if (documents == 1) {
            builder.handle(e);
          } else if (!(e.type == YamlEvent::Type::Scalar && e.plain && e.tag.empty() && null_text(e.value) &&
                       e.anchor.empty())) {
            // A later document with content; an empty one (a trailing '---') is harmless.
            diags.error(doc.span(marks.at(second.value_or(e.mark))), "the file holds more than one YAML document",
                        "a résumé is one document: remove the '---' separator, or what follows it");
            return std::nullopt;
          }
      }
    }
  } catch (const Abort&) {
    return std::nullopt;
  } catch (const std::bad_alloc&) {
    diags.error({file, 0, 0}, "out of memory while reading the YAML", "is this the right file?");
    return std::nullopt;
  }
  // Duplicate or non-text keys were reported but do not stop the caller from
  // collecting its own errors.
  if (builder.has_root()) doc.root = builder.take_root();
  if (!builder.has_root() || doc.root.is_null()) doc.root.pos = {1, 1};
  return doc;
}

}  // namespace cvpdf::model::detail
