// Where a byte of a text value was written: the file's line and character
// column of any byte of a scalar, in every style YAML has (plain and quoted,
// on one line or folded over several, literal and folded blocks), so a
// warning about a place inside a text (a markup marker, a date's bad part, a
// control character) points at it rather than at the value's start.
//
// The loader keeps, per scalar, where its node starts (ScalarOrigin); the
// mapping is made only when a message needs it, by reading the scalar again
// from the source text the way YAML reads it. It is trusted only when that
// reading gives back exactly the value the model holds: a value that was
// rewritten (control characters removed) or that does not read the same from
// there gives no place, and the caller keeps the value's start.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostics.hpp"

namespace cvpdf::model {

// One scalar's place in its file. Empty (no source) for values the loader
// made up (a label built from a URL, a list joined into one text).
struct ScalarOrigin {
  std::shared_ptr<const std::string> source;  // the file's text as parsed (shared by all its values)
  std::size_t byte = 0;   // where the scalar's node starts in *source (its anchor, tag or first mark)
  int line = 0;           // that place, 1-based
  int column = 0;         // in characters, 1-based
  std::size_t lead = 0;   // bytes of white space the loader trimmed from the value's start
  std::size_t length = 0; // the value's length in bytes as YAML read it, before trimming

  bool known() const { return source != nullptr && line > 0; }
};

// A scalar read again from its source: its text and, for each byte of it,
// the source byte it came from (an escape's bytes come from its backslash; a
// space or line feed made by folding lines, from the line break).
struct ScalarBytes {
  std::string text;
  std::vector<std::size_t> from;
};

// The first `length` bytes of the value of the scalar node that starts at
// byte `start` of `source`, or nullopt when no scalar there gives that many.
// Linear in the bytes of source read.
std::optional<ScalarBytes> read_scalar(std::string_view source, std::size_t start, std::size_t length);

// Is `value` the text `read` from the source? The loader makes each tab a
// space (a byte for a byte), so a read tab matches a space.
bool reads_as(std::string_view read, std::string_view value);

// 1-based line and character column of byte `target` of `source`, counted on
// from byte `start`, which is at `line`:`column` (target >= start).
std::pair<int, int> position_after(std::string_view source, std::size_t start, int line, int column,
                                   std::size_t target);

// The line and column of byte `offset` of `piece`, which is the text the
// model holds for the scalar at `origin` (trimmed) from its byte `at` on —
// the whole of it by default — or nullopt when `piece` is not what that
// scalar reads there (see above).
std::optional<std::pair<int, int>> locate(const ScalarOrigin& origin, std::string_view piece, std::size_t offset,
                                          std::size_t at = 0);

// A text's place for messages about it: the value's span, and the scalar's
// origin when the loader knew it. Made from a span alone it has no origin.
struct TextPlace {
  SourceSpan span;
  const ScalarOrigin* origin = nullptr;
  // The text a message is about may be a piece of the value: `prefix` bytes
  // that are not the value's (a separator set before it), then the value
  // from its byte `from` on.
  std::size_t prefix = 0;
  std::size_t from = 0;

  TextPlace() = default;
  // Implicit: a span alone is a place, for texts the model did not read from a scalar.
  TextPlace(SourceSpan s, const ScalarOrigin* o = nullptr) : span(std::move(s)), origin(o) {}  // NOLINT
  // The place of a text that is `bytes` bytes of something else, then the value.
  TextPlace after(std::size_t bytes) const;
  // The place of a text that is the value from its byte `byte` on.
  TextPlace from_byte(std::size_t byte) const;
  // The place of byte `offset` of `text`, or the value's span when the text
  // cannot be placed so (see locate).
  SourceSpan at(std::string_view text, std::size_t offset) const;
};

}  // namespace cvpdf::model
