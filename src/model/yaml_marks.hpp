// Where the YAML parser is in the file (internal to the YAML reader,
// yaml_tree.cpp and yaml_errors.cpp): a byte of the text the parser read →
// the 1-based line and character column of the file, and the file's byte.
// yaml-cpp's marks count bytes, and it may have read a text where surrogate
// escapes were rewritten (SurrogateEdits); ours count characters of the
// original line. Counting from the line's start for every node made loading
// a one-line (minified) JSON file quadratic, so a cursor remembers the last
// place converted and counts on (or back) from there: marks come nearly in
// file order, so the total work is linear in the text.
#pragma once
#include <cstddef>
#include <string>

#include "model/yaml_tree.hpp"

namespace cvpdf::model::detail {

class MarkMapper {
 public:
  MarkMapper(const Document& doc, const SurrogateEdits& edits) : doc_(doc), edits_(edits) {}

  struct Mapped {
    Pos pos;
    std::size_t offset = std::string::npos;  // in doc.text
  };
  // Byte `parsed` of the text the parser read; past its end is the file's end.
  Mapped map(std::size_t parsed);
  Pos at(std::size_t parsed) { return map(parsed).pos; }

 private:
  const Document& doc_;
  const SurrogateEdits& edits_;
  std::size_t line_ = 0;   // 0-based, of the cursor
  std::size_t byte_ = 0;   // the cursor, in doc.text, on line_
  std::size_t chars_ = 0;  // characters from line_'s start to byte_
};

// The first byte of the line that byte `at` of `text` is on.
std::size_t line_start(std::string_view text, std::size_t at);

// The byte just after the last character before byte `offset` of `text`
// that is not blank, a line break or in a comment: the end of the token
// before it (0 at the text's start). A node that yaml-cpp says is empty
// there (a '- ' with nothing after it) is placed at that end, as YAML's
// empty nodes are.
std::size_t previous_token_end(std::string_view text, std::size_t offset);

// The byte of the quote that closes the quoted text opening at byte `open`,
// or npos when the text ends first.
std::size_t closing_quote(std::string_view text, std::size_t open);

// Where the token after the flow-context scalar (quoted or plain) that
// starts at byte `at` begins: past its end, blanks, line breaks and comments.
std::size_t token_after_flow_scalar(std::string_view text, std::size_t at);

}  // namespace cvpdf::model::detail
