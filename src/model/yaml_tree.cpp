// yaml-cpp's parse events → the loader's own tree (YNode). Owns: running
// the raw-text checks first, reading the text with yaml-cpp's event parser
// (YAML::Parser with our YAML::EventHandler), building the tree from its
// events, what yaml-cpp 0.7 accepts that YAML does not (a quoted text left
// open at the end of the file, a last key without ':'), anything after the
// document, duplicate and non-text keys, and the caps on nodes made and on
// the text they hold (aliases are expanded here, so a "billion laughs" file,
// or a long text aliased over and over, is stopped here). Its errors
// are put in our words by yaml_errors.cpp, its marks made file positions by
// yaml_marks.cpp.
//
// The event parser rather than YAML::Load: no yaml-cpp node graph (several
// hundred bytes a value, and a second tree to walk), the marks of every
// scalar, key and collection as they come (Load keeps one per node, not the
// style), aliases under our control (counted as they are expanded), and one
// document read at a time (yaml-cpp 0.7's LoadAll loops forever on a stray
// ',' after a flow document: "{},").
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <istream>
#include <new>
#include <streambuf>
#include <unordered_map>

#include <fmt/format.h>

#include "core/utf8.hpp"
#include "model/scalar_source.hpp"
#include "model/yaml_errors.hpp"
#include "model/yaml_marks.hpp"
#include "model/yaml_tree.hpp"

namespace cvpdf::model::detail {

const YNode* YNode::find(std::string_view name) const {
  if (kind != Kind::Map) return nullptr;
  for (const auto& child : children)
    if (child.key() == name) return &child;
  return nullptr;
}

const std::string& YNode::none() {
  static const std::string empty;
  return empty;
}

std::string describe(const YNode& node) {
  switch (node.kind) {
    case YNode::Kind::Null: return "nothing";
    case YNode::Kind::Scalar:
      return "a text ('" + (node.text().size() > 40 ? node.text().substr(0, 37) + "..." : node.text()) + "')";
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
  return span_in_scalar(node.pos, node.start, node.text(), offset);
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

// Thrown by the builder to stop yaml-cpp's parser once an error is reported.
struct Abort {};

// Thrown by the builder for what yaml-cpp 0.7 takes and YAML does not.
struct Refused {
  Refusal refusal;
  std::size_t parsed;  // where, in the parsed text
};

// The text as an input stream, without a copy (yaml-cpp reads a std::istream).
class TextStream : private std::streambuf, public std::istream {
 public:
  explicit TextStream(std::string_view text) : std::istream(this) {
    char* begin = const_cast<char*>(text.data());  // the get area is only read
    setg(begin, begin, begin + text.size());
  }
};

std::size_t byte_of(const YAML::Mark& mark) {
  return mark.pos < 0 ? std::string::npos : static_cast<std::size_t>(mark.pos);
}

// Does a plain scalar that YAML reads as null start at byte `at`?
bool null_word_at(std::string_view text, std::size_t at) {
  std::string_view rest = text.substr(std::min(at, text.size()));
  for (std::string_view word : {"~", "null", "Null", "NULL"})
    if (rest.substr(0, word.size()) == word &&
        (rest.size() == word.size() || std::string_view(" \t\r\n,]}#:").find(rest[word.size()]) != std::string_view::npos))
      return true;
  return false;
}

// A tag with a named handle yaml-cpp found no %TAG for: it keeps it as
// written ("!e!x"); a resolved one is a URI ("tag:...").
bool undefined_handle(const std::string& tag) {
  return tag.size() > 2 && tag[0] == '!' && tag.find('!', 1) != std::string::npos;
}

// Builds the YNode tree from yaml-cpp's parse events. Iterative (a stack of
// open collections), so it adds no recursion of its own. Aliases are copied,
// and every node made — parsed, aliased or kept for an anchor — counts
// toward limits.max_nodes; every text in the tree, aliased copies included,
// toward the text budget (Limits::min_expanded_text), though the copy kept
// for an anchor shares its texts and adds none. Its diagnostics are its own
// until flush(): when yaml-cpp then stops on a syntax error, what it made of the text just
// before (an empty key where a ',' was missing) is not reported.
class Builder : public YAML::EventHandler {
 public:
  Builder(const Document& doc, std::deque<std::string>& texts, std::string_view parsed, MarkMapper& marks,
          const Prescan& scan, const Limits& limits)
      : doc_(doc),
        texts_(texts),
        parsed_(parsed),
        marks_(marks),
        scan_(scan),
        limits_(limits),
        max_text_(std::max(limits.min_expanded_text, 2 * doc.text.size())) {}

  bool has_root() const { return has_root_; }
  YNode take_root() { return std::move(root_); }
  bool ended() const { return ended_; }
  std::size_t start() const { return start_; }

  // What the builder was in, for a message about where the parser stopped.
  ParseStop stop(std::string message, Refusal refusal, std::size_t parsed) const {
    ParseStop s;
    s.message = std::move(message);
    s.refusal = refusal;
    s.parsed = parsed;
    for (const Frame& f : stack_) s.open.push_back({f.node.kind, f.flow, f.parsed});
    s.after_document = ended_;
    s.root_block = root_block_;
    s.root = root_frame_;
    s.last_event = last_event_;
    s.last_closed = last_closed_;
    s.first = start_;
    return s;
  }

  // Moves the diagnostics to `out`. Before a syntax error at `stop`, only
  // those about what comes before it, and none about keys: YAML stops there.
  void flush(Diagnostics& out, const SourceSpan* stop = nullptr) {
    auto before = [&](const SourceSpan& s) {
      return s.line < stop->line || (s.line == stop->line && s.column < stop->column);
    };
    for (std::size_t i = 0; i < found_.all().size(); ++i) {
      const Diagnostic& d = found_.all()[i];
      if (!stop || (before(d.span) && std::find(about_keys_.begin(), about_keys_.end(), i) == about_keys_.end()))
        out.add(d);
    }
    found_.clear();
    about_keys_.clear();
  }

  // yaml-cpp 0.7 takes a quoted text that is still open at the end of a file
  // that ends with a line break for one that runs to the end; YAML does not.
  bool ended_in_open_quote() const {
    return last_quoted_ != std::string::npos && open_to_the_end() && last_quoted_ <= scan_.unclosed_quote;
  }
  // Does a quote open at byte `at` of doc.text, or before it, run to the end
  // of the file? yaml-cpp then stops at what follows the text it took, or at
  // the quote; YAML at the end, where the quote is found open.
  bool open_to_the_end(std::size_t at = std::string::npos) const {
    const std::size_t quote = scan_.unclosed_quote;
    return quote != std::string::npos && quote <= at && closing_quote(doc_.text, quote) == std::string::npos;
  }

  void OnDocumentStart(const YAML::Mark& mark) override {
    started_ = true;
    start_ = byte_of(mark);
  }
  void OnDocumentEnd() override { ended_ = true; }

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    std::size_t at = byte_of(mark);
    last_closed_.reset();
    last_event_ = at;
    if (!stack_.empty()) {
      const Frame& f = stack_.back();
      const char c = at < parsed_.size() ? parsed_[at] : '\0';
      const bool item = f.node.kind == YNode::Kind::Sequence;
      const bool key = f.node.kind == YNode::Kind::Map && !f.has_key;
      if (f.flow && (item || key) && c == ',') throw Refused{Refusal::StrayComma, at};
      if (key && c == ':') {
        const std::size_t end = previous_token_end(parsed_, at);
        if (end > 0 && parsed_[end - 1] == '?') throw Refused{Refusal::EmptyExplicitKey, at};
        throw Refused{f.flow ? Refusal::EmptyFlowKey : Refusal::EmptyBlockKey, at};
      }
      // yaml-cpp 0.7 reads a plain text on the last line of a block mapping,
      // with no ':' after it, as a key without a value (at the key's own mark).
      if (!f.flow && f.node.kind == YNode::Kind::Map && f.has_key && f.key.is_scalar() && !f.key.quoted &&
          f.key.start == marks_.map(at).offset)
        throw Refused{Refusal::KeyWithoutColon, f.key_parsed};
      // A '- ' with nothing after it: yaml-cpp marks the empty item where the
      // next token is, YAML right after the '-'.
      if (item && !f.flow && anchor == 0 && !null_word_at(parsed_, at)) at = previous_token_end(parsed_, at);
    }
    YNode n;
    n.pos = marks_.at(at);
    count(n.pos, 1);
    finish(std::move(n), anchor, 1, 0);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    const std::size_t at = byte_of(mark);
    last_closed_.reset();
    last_event_ = at;
    if (undefined_handle(tag)) throw Refused{Refusal::UndefinedTagHandle, at};
    auto [pos, offset] = marks_.map(at);
    YNode n;
    n.kind = YNode::Kind::Scalar;
    n.pos = pos;
    // A quoted or block scalar without a tag of its own is tagged "!", as is
    // one with the non-specific tag `!`: both read as text.
    n.quoted = tag == "!";
    last_quoted_ = n.quoted ? offset : std::string::npos;
    if (value.size() > limits_.max_scalar_bytes) {
      if (n.quoted && ended_in_open_quote()) throw Refused{Refusal::UnclosedQuote, parsed_.size()};
      found_.error(doc_.span(n.pos),
                   "a text of " + std::to_string(value.size() / 1024) + " KB is too long (the limit is " +
                       std::to_string(limits_.max_scalar_bytes / 1024) + " KB)",
                   "a résumé's longest paragraph is a few kilobytes; is a quote or a block scalar (|) not closed?");
      throw Abort{};
    }
    n.start = offset;
    std::string& text = texts_.emplace_back(value);
    n.text_ = &text;
    if (!is_key()) {
      auto [first, removed] = remove_control_characters(text);
      if (removed > 0) {
        found_.warning(doc_.span_in_scalar(n.pos, n.start, value, first_control_character(value)),
                       "the text contains the control character " + utf8::code_name(first) +
                           (removed > 1 ? " (and " + std::to_string(removed - 1) + " more)" : std::string()) +
                           "; removed",
                       "control characters do not print; remove the escape that writes it (\\e, \\a, \\0, "
                       "\\x.., \\u00..)");
      }
    }
    count(n.pos, 1);
    count_text(n.pos, text.size());
    finish(std::move(n), anchor, 1, text.size(), at);
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    last_closed_.reset();
    last_event_ = byte_of(mark);
    Pos at = marks_.at(last_event_);
    last_quoted_ = std::string::npos;
    auto it = anchors_.find(anchor);
    if (it == anchors_.end()) {
      // yaml-cpp refuses an alias of a name never defined; this one's anchor
      // is on a collection not yet complete.
      found_.error(doc_.span(at), "an alias refers to the block that contains it",
                   "an alias *name cannot be used inside the block that defines &name");
      throw Abort{};
    }
    count(at, it->second.size);
    count_text(at, it->second.text);
    finish(YNode(it->second.node), 0, it->second.size, it->second.text);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value style) override {
    open(YNode::Kind::Sequence, mark, tag, anchor, style == YAML::EmitterStyle::Flow);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value style) override {
    open(YNode::Kind::Map, mark, tag, anchor, style == YAML::EmitterStyle::Flow);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    YNode node;
    YAML::anchor_t anchor = 0;
    bool flow = false;
    std::size_t parsed = 0;       // where it starts, in the parsed text
    std::size_t made_before = 0;  // made_ when the collection opened
    std::size_t text_before = 0;  // text_ when the collection opened
    bool has_key = false;         // a map's key is waiting for its value
    YNode key;
    std::size_t key_parsed = 0;   // where the key starts, in the parsed text
    std::unordered_map<std::string_view, Pos> seen;  // a map's keys so far (in texts_)
    std::vector<YNode> merges;    // the mappings named by `<<`, in order
    std::size_t merge_at = 0;     // where among the values the `<<` was
    Pos merge_key;                // the `<<`, once seen
  };
  struct Anchored {
    YNode node;
    std::size_t size = 0;  // nodes
    std::size_t text = 0;  // bytes of text, aliases in it expanded
  };

  void count(Pos at, std::size_t nodes) {
    made_ += nodes;
    if (made_ > limits_.max_nodes) {
      found_.error(doc_.span(at), "too many nodes (alias expansion?)",
                   "the document expands to more than " + std::to_string(limits_.max_nodes) +
                       " values; an alias (*name) that repeats a large block, many times over, does that");
      throw Abort{};
    }
  }

  void count_text(Pos at, std::size_t bytes) {
    text_ += bytes;
    if (text_ > max_text_) {
      found_.error(doc_.span(at), "too much text (alias expansion?)",
                   fmt::format("with every alias (*name) written out, the document's texts come to more than {:.1f} "
                               "MB; an alias that repeats a long text, many times over, does that",
                               static_cast<double>(max_text_) / (1024.0 * 1024.0)));
      throw Abort{};
    }
  }

  void open(YNode::Kind kind, const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, bool flow) {
    const std::size_t parsed = byte_of(mark);
    last_closed_.reset();
    last_event_ = parsed;
    if (undefined_handle(tag)) throw Refused{Refusal::UndefinedTagHandle, parsed};
    Pos at = marks_.at(parsed);
    last_quoted_ = std::string::npos;
    count(at, 1);
    if (stack_.size() >= static_cast<std::size_t>(2 * limits_.max_depth)) {
      found_.error(doc_.span(at),
                   "the document is nested too deeply (more than " + std::to_string(2 * limits_.max_depth) + " levels)",
                   "a résumé needs only a few levels; check for unbalanced '[' or '{'");
      throw Abort{};
    }
    Frame f;
    f.node.kind = kind;
    f.node.pos = at;
    f.anchor = anchor;
    f.flow = flow;
    f.parsed = parsed;
    f.made_before = made_;
    f.text_before = text_;
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
    if (stack_.empty()) {
      root_block_ = !f.flow;
      root_frame_ = {f.node.kind, f.flow, f.parsed};
    }
    last_closed_ = {f.node.kind, f.flow, f.parsed};
    finish(std::move(f.node), f.anchor, made_ - f.made_before + 1, text_ - f.text_before, f.parsed);
  }

  // An error about a key (empty, not a text): dropped if a syntax error follows.
  void key_error(SourceSpan span, std::string message, std::string hint) {
    about_keys_.push_back(found_.all().size());
    found_.error(std::move(span), std::move(message), std::move(hint));
  }

  // A complete node (starting at byte `parsed`): keep it for its anchor, then
  // hand it to its parent.
  void finish(YNode node, YAML::anchor_t anchor, std::size_t size, std::size_t text, std::size_t parsed = 0) {
    if (anchor != 0) {
      count(node.pos, size);  // the copy kept for aliases
      anchors_[anchor] = Anchored{node, size, text};
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
      parent.key_parsed = parsed;
      parent.has_key = true;
      return;
    }
    parent.has_key = false;
    const YNode& key = parent.key;
    if (key.kind != YNode::Kind::Scalar) {
      key_error(doc_.span(key.pos.known() ? key.pos : parent.node.pos),
                key.is_null() ? "a key is empty"
                              : "a key must be a word, got " + std::string(key.is_sequence() ? "a list" : "a mapping"),
                "write keys as plain words followed by ': ', e.g. `name: Ada`");
      return;
    }
    if (key.text() == "<<" && !key.quoted) {
      merge(parent, std::move(node), key.pos);
      return;
    }
    node.key_ = key.text_;
    node.key_pos = key.pos;
    if (node.is_null() || !node.pos.known()) node.pos = key.pos;
    auto [previous, inserted] = parent.seen.emplace(node.key(), key.pos);
    if (!inserted) {
      found_.error(doc_.span(key.pos),
                   "duplicate key '" + node.key() + "' (first at line " + std::to_string(previous->second.line) +
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
      found_.error(doc_.span(key_pos),
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
          found_.error(doc_.span(item.pos.known() ? item.pos : key_pos),
                       "a merge key '<<' lists " + describe(item) + ", not a mapping", hint);
          return;
        }
        sources.push_back(std::move(item));
      }
    } else {
      found_.error(doc_.span(value.pos.known() ? value.pos : key_pos),
                   "a merge key '<<' must name a mapping or a list of mappings, got " + describe(value), hint);
      return;
    }
    parent.merge_at = parent.node.children.size();
    for (auto& source : sources) parent.merges.push_back(std::move(source));
  }

  const Document& doc_;
  std::deque<std::string>& texts_;  // doc_'s texts
  std::string_view parsed_;
  MarkMapper& marks_;
  const Prescan& scan_;
  const Limits& limits_;
  Diagnostics found_;
  std::vector<std::size_t> about_keys_;  // indices in found_
  std::vector<Frame> stack_;
  std::unordered_map<YAML::anchor_t, Anchored> anchors_;
  std::size_t made_ = 0;
  const std::size_t max_text_;
  std::size_t text_ = 0;  // bytes of text in the tree so far, aliases expanded
  YNode root_;
  bool has_root_ = false;
  bool started_ = false;
  bool ended_ = false;
  std::size_t start_ = 0;                        // the document's first token, in the parsed text
  std::size_t last_event_ = 0;                   // the last node's, in the parsed text
  std::optional<OpenCollection> last_closed_;    // the collection closed since, if any
  bool root_block_ = false;                      // the root is a block collection,
  OpenCollection root_frame_;                    // this one
  // The last text read, when quoted (an empty value after it reads nothing), in doc.text.
  std::size_t last_quoted_ = std::string::npos;
};

// What follows the first document: another document (yaml-cpp starts one
// without '---' too), or stray tokens.
class Follower : public YAML::EventHandler {
 public:
  std::size_t start = std::string::npos;
  bool content = false;
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (start == std::string::npos) start = byte_of(mark);
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t anchor) override { content = content || anchor != 0; }
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

  // Did the next document start with '---' (which YAML needs after the first)?
  bool explicit_start(std::string_view parsed) const {
    return start != std::string::npos && parsed.substr(start, 3) == "---";
  }
};

// What is wrong after the first document, if anything: another document,
// or stray tokens.
Refusal after_document(std::string_view parsed, const Follower& next) {
  if (next.start == std::string::npos) return Refusal::None;
  const char c = next.start < parsed.size() ? parsed[next.start] : '\0';
  if (c == ',' || c == ']' || c == '}') return Refusal::AfterDocument;
  if (!next.explicit_start(parsed)) return Refusal::NextDocumentWithoutStart;
  return next.content ? Refusal::NextDocument : Refusal::None;
}

// YAML wants '---' between directives (%YAML, %TAG) and the document.
bool directive_without_start(std::string_view parsed, std::size_t start) {
  if (start == std::string::npos || parsed.substr(start, 3) == "---") return false;
  std::string_view before = parsed.substr(0, std::min(start, parsed.size()));
  return before.substr(0, 1) == "%" || before.find("\n%") != std::string_view::npos;
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
  std::string text_read(text);
  // yaml-cpp counts lines by LF alone; old Mac files end lines with a lone CR.
  for (std::size_t i = 0; i < text_read.size(); ++i)
    if (text_read[i] == '\r' && (i + 1 == text_read.size() || text_read[i + 1] != '\n')) text_read[i] = '\n';

  Prescan scan = prescan(text_read, limits);
  // A space for a tab where YAML reads either alike: no place moves.
  for (std::size_t at : scan.comment_tabs) text_read[at] = ' ';
  doc.source = std::make_shared<const std::string>(std::move(text_read));
  doc.text = *doc.source;
  doc.line_starts.push_back(0);
  for (std::size_t i = 0; i < doc.text.size(); ++i)
    if (doc.text[i] == '\n') doc.line_starts.push_back(i + 1);
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

  auto edits = SurrogateEdits::make(doc, scan.surrogates, diags);
  if (!edits) return std::nullopt;
  const std::string_view parsed = edits->empty() ? doc.text : std::string_view(edits->text());
  MarkMapper marks(doc, *edits);
  Builder builder(doc, *doc.texts, parsed, marks, scan, limits);
  Follower next;
  auto stopped = [&](const ParseStop& stop) {
    Diagnostics error;
    report_parse_error(doc, parsed, marks, scan, stop, error);
    builder.flush(diags, &error.all().front().span);
    diags.add_all(error);
    return std::nullopt;
  };
  try {
    TextStream in(parsed);
    YAML::Parser parser(in);
    if (parser.HandleNextDocument(builder)) {
      if (directive_without_start(parsed, builder.start()))
        return stopped(builder.stop({}, Refusal::DirectiveWithoutStart, builder.start()));
      parser.HandleNextDocument(next);
    }
  } catch (const Abort&) {
    builder.flush(diags);
    return std::nullopt;
  } catch (const Refused& r) {
    return stopped(builder.stop({}, r.refusal, r.parsed));
  } catch (const YAML::ParserException& e) {
    // yaml-cpp read on into a document that YAML does not start there.
    if (builder.ended() && next.start != std::string::npos && !next.explicit_start(parsed))
      return stopped(builder.stop({}, Refusal::NextDocumentWithoutStart, next.start));
    if (e.msg.find("document indicator") == std::string::npos &&
        builder.open_to_the_end(marks.map(byte_of(e.mark)).offset))
      return stopped(builder.stop({}, Refusal::UnclosedQuote, parsed.size()));
    return stopped(builder.stop(e.msg, Refusal::None, byte_of(e.mark)));
  } catch (const std::bad_alloc&) {
    builder.flush(diags);
    diags.error({file, 0, 0}, "out of memory while reading the YAML", "is this the right file?");
    return std::nullopt;
  } catch (const std::exception& e) {
    builder.flush(diags);
    diags.error({file, 0, 0}, std::string("cannot read the YAML: ") + e.what(), "check the YAML syntax");
    return std::nullopt;
  }
  // What yaml-cpp took and YAML does not, first in the file first.
  const Refusal after = after_document(parsed, next);
  const bool tab_first =
      scan.indentation_tab && (after == Refusal::None || scan.indentation_tab->line <= marks.at(next.start).line);
  if (tab_first) return stopped(builder.stop({}, Refusal::IndentationTab, parsed.size()));
  if (after != Refusal::None) return stopped(builder.stop({}, after, next.start));
  if (builder.ended_in_open_quote()) return stopped(builder.stop({}, Refusal::UnclosedQuote, parsed.size()));
  builder.flush(diags);
  // Duplicate or non-text keys were reported but do not stop the caller from
  // collecting its own errors.
  if (builder.has_root()) doc.root = builder.take_root();
  if (!builder.has_root() || doc.root.is_null()) doc.root.pos = {1, 1};
  return doc;
}

}  // namespace cvpdf::model::detail
