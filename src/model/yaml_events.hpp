// libyaml's event parser behind a small C++ interface (internal to
// src/model): the only file that includes <yaml.h>. Owns the parser's
// lifetime, copying nothing that the tree builder (yaml_tree.cpp) does not
// keep, and libyaml's errors as plain data. libyaml is a YAML 1.1 parser; the
// text handed to it has already been made to read as YAML 1.2 would
// (yaml_tree.cpp: prepare_for_libyaml), and scalars are resolved by our own
// code from their text and style, so the 1.1/1.2 difference does not show.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace cvpdf::model::detail {

// 0-based line and column; the column counts characters, not bytes.
struct YamlMark {
  std::size_t line = 0;
  std::size_t column = 0;
};

struct YamlEvent {
  enum class Type : unsigned char {
    StreamStart, StreamEnd, DocumentStart, DocumentEnd, Alias, Scalar, SequenceStart, SequenceEnd, MapStart, MapEnd
  };
  Type type = Type::StreamStart;
  YamlMark mark;           // where the event's node (or marker) starts
  std::string_view anchor;  // &name of a node, or the name an alias refers to
  std::string_view tag;     // as resolved by libyaml ("tag:yaml.org,2002:str", "!"), empty when none
  std::string_view value;   // a scalar's value
  bool plain = false;       // a scalar written without quotes and not as a block scalar
  // Valid until the next call to next().
};

struct YamlError {
  std::string problem;         // libyaml's words, e.g. "mapping values are not allowed in this context"
  YamlMark problem_mark;
  std::string context;         // e.g. "while parsing a flow sequence", or empty
  YamlMark context_mark;       // where that construct started
  bool out_of_memory = false;
  bool reader = false;         // the reader refused a byte or character; problem_offset is its byte
  std::size_t problem_offset = 0;
};

class YamlEvents {
 public:
  // `text` must outlive this object.
  explicit YamlEvents(std::string_view text);
  ~YamlEvents();
  YamlEvents(const YamlEvents&) = delete;
  YamlEvents& operator=(const YamlEvents&) = delete;

  // The next event, or false after an error (then error() says which).
  bool next(YamlEvent& event);
  const YamlError& error() const { return error_; }

 private:
  struct State;
  std::unique_ptr<State> state_;
  YamlError error_;
};

}  // namespace cvpdf::model::detail
