// The loader's own document tree (internal to src/model): what yaml-cpp
// parsed (yaml_tree.cpp), with 1-based line:column marks (columns count
// characters, not bytes) and none of yaml-cpp's types, so only the YAML
// reader's files include yaml-cpp. Also the checks that run on the raw text
// before the parser sees it (input_checks.cpp): size, UTF-8, control
// characters, nesting depth, tabs, unclosed quotes; and what yaml-cpp 0.7
// does not do for us (yaml_extras.cpp): surrogate pairs, merge keys, control
// characters written as escapes.
#pragma once
#include <cstddef>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/diagnostics.hpp"

namespace cvpdf::model::detail {

// 1-based; 0 means unknown.
struct Pos {
  int line = 0;
  int column = 0;
  bool known() const { return line > 0; }
};

struct YNode {
  enum class Kind : unsigned char { Null, Scalar, Sequence, Map };
  Kind kind = Kind::Null;
  bool quoted = false;  // a scalar written in quotes or as a block scalar (| or >)
  Pos pos;              // where the value starts (for a null map value: its key)
  std::size_t start = std::string::npos;  // a scalar's: the byte of Document::text where pos is
  // A sequence's items, or a map's values in file order (each carries its key).
  std::vector<YNode> children;
  Pos key_pos;

  // A scalar's value, and for a map's values the key. The texts are kept
  // once, in the Document (Document::texts), so that a node copied for an
  // alias, however often, copies none of them; they live as long as it.
  const std::string& text() const { return text_ ? *text_ : none(); }
  const std::string& key() const { return key_ ? *key_ : none(); }
  const std::string* text_ = nullptr;  // set by the reader only (yaml_tree.cpp)
  const std::string* key_ = nullptr;

  bool is_null() const { return kind == Kind::Null; }
  bool is_scalar() const { return kind == Kind::Scalar; }
  bool is_sequence() const { return kind == Kind::Sequence; }
  bool is_map() const { return kind == Kind::Map; }
  // A map's value for `name`, or nullptr.
  const YNode* find(std::string_view name) const;

 private:
  static const std::string& none();
};

// "a text", "a list", "a mapping", "nothing" — for "expected X, got Y".
std::string describe(const YNode& node);

struct Limits {
  std::size_t max_bytes = 10u * 1024u * 1024u;
  int max_depth = 64;                    // checked on the text, before parsing (yaml-cpp recurses)
  std::size_t max_values = 250'000;      // estimated from the text, before parsing (time, memory)
  std::size_t max_nodes = 1'000'000;     // nodes visited after aliases are expanded
  std::size_t max_scalar_bytes = 256u * 1024u;  // one text value (a 5 MB paragraph takes seconds and a GB to set)
  // The bytes of every text value and key, counted once per place it appears
  // once aliases are expanded, may total the larger of this and twice the
  // file's size. The node budget does not see a long text repeated: 10 KB
  // aliased a thousand times over is under 2,000 nodes but 10 MB of text, 9 s
  // and 1.1 GB to set. Without aliases a file's texts are at most 1.5 times
  // its size (the escapes \L and \P write 3 bytes with 2), so twice the size
  // never refuses a file that repeats nothing. The floor is over ten times
  // the text of a 1200-publication CV (300 KB), room for any real use of
  // aliases, and what it admits costs what a plain file of as much text does
  // (4 MB: 2 s and 450 MB to set).
  std::size_t min_expanded_text = 4u * 1024u * 1024u;
};

// A parsed file: the tree and what is needed to point into the text.
struct Document {
  std::string file;
  // The text as parsed (BOM removed, lone CRs made LFs), shared with the
  // values' ScalarOrigins (model/scalar_source.hpp); `text` views it.
  std::shared_ptr<const std::string> source;
  std::string_view text;
  std::vector<std::size_t> line_starts;  // byte offset of each line
  // Every scalar's value and key, once (YNode::text, YNode::key): a deque
  // never moves what it holds, and a Document moved or copied shares it.
  std::shared_ptr<std::deque<std::string>> texts = std::make_shared<std::deque<std::string>>();
  YNode root;
  bool empty = false;                    // nothing but blanks, comments and document markers

  SourceSpan span(Pos pos) const { return {file, pos.line, pos.column}; }
  // The place of byte `offset` of a scalar's text, in any style
  // (scalar_source.hpp), or node.pos when the text does not read so from there.
  SourceSpan span_in_scalar(const YNode& node, std::size_t offset) const;
  // The same for a scalar whose node starts at byte `start`, at `pos`, and
  // whose value (as YAML read it) is `value`.
  SourceSpan span_in_scalar(Pos pos, std::size_t start, std::string_view value, std::size_t offset) const;
  std::string_view line_text(int line) const;  // 1-based, without the line break
};

// Parses `text` (named `file` in messages). Errors go to `diags`; returns
// nullopt after any error. An empty file gives a Null root with empty = true.
std::optional<Document> parse_yaml(std::string_view text, const std::string& file, Diagnostics& diags,
                                   const Limits& limits = {});

// ---- input_checks.cpp: the raw text, before the parser ----

// Line and character column (both 1-based) of byte `offset` in `text`.
Pos position_of(std::string_view text, std::size_t offset);

// Size, UTF-8 and control characters. Reports and returns false on failure.
bool check_input(std::string_view text, const std::string& file, Diagnostics& diags, const Limits& limits);

// A \uD800–\uDFFF escape inside a double-quoted scalar (a UTF-16 surrogate).
struct SurrogateEscape {
  int line = 0;           // 1-based
  std::size_t byte = 0;   // of the backslash, in the line
  char32_t unit = 0;
};

struct Prescan {
  bool too_deep = false;
  Pos too_deep_at;             // where the nesting first exceeded the limit
  std::optional<Pos> tab;      // the first tab used for indentation
  std::optional<Pos> indentation_tab;  // the first tab YAML refuses there (see input_checks.cpp)
  std::size_t values = 0;      // estimated number of values
  Pos values_exceeded_at;
  bool has_content = false;    // anything besides blanks, comments and --- / ...
  std::vector<SurrogateEscape> surrogates;
  // Bytes of tabs before a comment that starts a line: blanks in YAML 1.2,
  // but yaml-cpp takes them for indentation when a plain text goes on before.
  std::vector<std::size_t> comment_tabs;
  // The byte of the quote that opens the first quoted text still open at a
  // '---' or '...' line or at the end of the text, if any: where a message
  // about it says it starts (yaml-cpp says only where it stopped).
  std::size_t unclosed_quote = std::string::npos;
};

// A light scan of YAML's structure (quotes, comments, block scalars, flow
// brackets, indentation), so that pathological input is refused with a clear
// message before the parser sees it. An estimate: the tree builder's own
// depth limit remains the backstop.
Prescan prescan(std::string_view text, const Limits& limits);
// The '[' and '{' still open at byte `offset` of `text` as the prescan reads
// it, outermost first (their bytes): what an error there is inside.
std::vector<std::size_t> open_flows(std::string_view text, std::size_t offset);

// ---- yaml_extras.cpp ----

// yaml-cpp decodes \u escapes one at a time and refuses a surrogate, so
// "\ud83d\ude00" (what JSON writers such as Python's json.dumps emit) fails.
// Each high+low pair is rewritten as one \U0001F600 escape before parsing, two
// bytes shorter; shift() maps a byte of the rewritten text back.
class SurrogateEdits {
 public:
  // The rewritten text, or nullopt after reporting a lone surrogate.
  static std::optional<SurrogateEdits> make(const Document& doc, const std::vector<SurrogateEscape>& escapes,
                                            Diagnostics& diags);
  const std::string& text() const { return text_; }
  bool empty() const { return ends_.empty(); }
  // Bytes to add to byte `offset` of the rewritten text to get the byte of
  // the original.
  std::size_t shift(std::size_t offset) const;

 private:
  std::string text_;
  std::vector<std::size_t> ends_;  // where each rewritten escape ends in text_
};

// Removes control characters (other than tab and newline) from a text value,
// which escapes such as \e, \a, \x00 or \u001b put there; tabs become spaces.
// Returns the first removed code point and how many were removed (0: none).
std::pair<char32_t, std::size_t> remove_control_characters(std::string& text);
// The byte of the first character remove_control_characters removes, or
// text.size() when there is none.
std::size_t first_control_character(std::string_view text);

// YAML 1.1 merge keys (`<<: *base`, `<<: [*a, *b]`), which yaml-cpp's event
// parser passes on as a plain key. Adds to `map` the keys of `sources` that it
// does not have, earlier sources first, at `index` among its values; `seen`
// holds the keys written in the map itself, which win.
void merge_keys(YNode& map, std::vector<YNode>& sources, std::size_t index,
                std::unordered_map<std::string_view, Pos>& seen);

}  // namespace cvpdf::model::detail
