// Diagnostics: every error and warning about the input carries the place it
// came from (file:line:column) and, where we can tell, what to do about it.
// Many are collected; the caller decides when errors stop the run.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <string_view>
#include <vector>

namespace cvpdf {

// A position in a source file. line and column are 1-based; 0 means unknown.
struct SourceSpan {
  std::string file;
  int line = 0;
  int column = 0;

  bool known() const { return line > 0; }
  std::string to_string() const;  // "file:line:col", "file", or ""
};

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceSpan span;
  std::string message;
  std::string hint;  // may be empty
  // A detail for -v only (a note of what the breaker had to do), not
  // printed on a plain run.
  bool verbose_only = false;

  // "resume.yaml:14:7: error: message\n  hint: ..." (no trailing newline).
  // The place, message and hint go through printable(): the only line break
  // is the one before the hint.
  std::string format() const;
};

class Diagnostics {
 public:
  void error(SourceSpan span, std::string message, std::string hint = {});
  void warning(SourceSpan span, std::string message, std::string hint = {});
  // A warning said once however often it is found (a text every variant
  // reads): the same message at the same place again is dropped.
  void warning_once(SourceSpan span, std::string message, std::string hint = {});
  void note(SourceSpan span, std::string message, std::string hint = {});
  void add(Diagnostic d);
  // Every diagnostic of `other`, in order, a warning_once's as
  // warning_once (dropped when said here already): a trial layout's.
  void add_all(const Diagnostics& other);

  bool has_errors() const { return error_count_ > 0; }
  std::size_t error_count() const { return error_count_; }
  const std::vector<Diagnostic>& all() const { return items_; }
  // Whether all()[index] was said by warning_once (to be dropped when
  // diagnostics made apart are merged and the same was said here).
  bool said_once(std::size_t index) const { return index < once_.size() && once_[index]; }
  void clear();

  // --strict: every warning a plain run prints (not -v's details) becomes
  // an error, so a CI run that would publish a résumé missing what a
  // warning dropped stops instead. Returns how many were made errors.
  std::size_t warnings_as_errors();

 private:
  std::vector<Diagnostic> items_;
  std::vector<bool> once_;  // by item: said by warning_once
  std::size_t error_count_ = 0;
  std::unordered_set<std::string> said_once_;  // place and message of warning_once's
};

// Thrown where the run cannot go on; carries the diagnostic to print.
class FatalError : public std::runtime_error {
 public:
  explicit FatalError(Diagnostic d);
  const Diagnostic& diagnostic() const { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

// A file that cannot be read or written (exit status 3, not 1).
class IoError : public FatalError {
 public:
  using FatalError::FatalError;
};

// `text` made safe to print on a terminal, for every message about the input
// (which quotes key names, values and file names): C0 and C1 control
// characters, DEL and bytes that are not UTF-8 become \xNN or \u{NN}, as do
// the bidirectional overrides and line separators that could disguise a
// message; beyond `max_bytes` the text is cut and ends with "…".
std::string printable(std::string_view text, std::size_t max_bytes = 1000);

// How many letters to insert, delete, change or swap with their neighbour
// (a, b ignoring ASCII case) turn `a` into `b`: Damerau–Levenshtein's
// distance without edits of an edited stretch, so "bulets" and "bulelts"
// are both one from "bullets".
std::size_t edit_distance(std::string_view a, std::string_view b);

// The closest of `candidates` to `word` by edit distance, or "" when none is
// close enough to be a plausible typo (used for "did you mean" hints).
std::string nearest_word(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace cvpdf
