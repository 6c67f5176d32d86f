// yaml-cpp's parse errors in our words (internal to the YAML reader): a
// ParserException's message ("end of map not found", "illegal map value",
// ...) and mark, with what the tree builder knew when it was thrown, become
// `file:line:col: error: <message>` with a hint, at the place a reader
// would look: the construct that is wrong, and where it started. Also what
// yaml-cpp 0.7 accepts and YAML does not, which the builder refuses in the
// same words. Free of yaml-cpp's types: yaml_tree.cpp hands over the
// message and bytes.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/yaml_marks.hpp"
#include "model/yaml_tree.hpp"

namespace cvpdf::model::detail {

// What yaml-cpp 0.7 takes and YAML does not.
enum class Refusal : unsigned char {
  None,
  StrayComma,        // `[a,, b]`, `{, a: 1}`: read as an empty value or key
  EmptyFlowKey,      // `{: x}`
  EmptyBlockKey,     // `: x` on a line of its own
  KeyWithoutColon,   // a plain text on a block mapping's last line, read as a key
  EmptyExplicitKey,  // `? ` with nothing after it, then `: x`
  UndefinedTagHandle,  // `!e!x` with no %TAG for !e!
  DirectiveWithoutStart,  // `%YAML 1.2` then content without '---'
  NextDocumentWithoutStart,  // content after the document, not after a '---'
  NextDocument,      // a second document, after a '---'
  AfterDocument,     // a ',', ']' or '}' after the document
  UnclosedQuote,     // a quoted text open at the end of the file
  IndentationTab,      // a line of blanks with a tab (input_checks.cpp)
};

// A collection the builder had opened and not yet closed.
struct OpenCollection {
  YNode::Kind kind = YNode::Kind::Map;
  bool flow = false;          // [ ] or { }
  std::size_t parsed = 0;     // where it starts, in the parsed text
};

// Where and why the parser stopped.
struct ParseStop {
  std::string message;                     // yaml-cpp's, when it threw
  Refusal refusal = Refusal::None;         // or what the reader refused
  std::size_t parsed = std::string::npos;  // the place, in the parsed text (npos: none)
  std::vector<OpenCollection> open;        // the builder's, outermost first
  bool after_document = false;             // the first document had ended
  bool root_block = false;                 // the first document is a block collection,
  OpenCollection root;                     // this one
  std::size_t last_event = 0;              // the builder's last node, in the parsed text
  std::optional<OpenCollection> last_closed;  // a collection the builder closed after it
  std::size_t first = 0;                   // the first document's first token, in the parsed text
};

// Reports the stop as an error. `parsed` is the text yaml-cpp read.
void report_parse_error(const Document& doc, std::string_view parsed, MarkMapper& marks, const Prescan& scan,
                        const ParseStop& stop, Diagnostics& diags);

}  // namespace cvpdf::model::detail
