// One run of the pipeline over every input and variant asked for: load,
// lay out, and produce each output — in memory, or a preview's pages on the
// spool (output_bytes.hpp). No output is written here, so a failure
// anywhere leaves no file of any variant behind.
#pragma once
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/depfile.hpp"
#include "app/output_bytes.hpp"
#include "core/diagnostics.hpp"
#include "text/font_book.hpp"

namespace cvpdf::app {

struct Output {
  std::string path;  // "-" is standard output
  OutputBytes bytes;
  std::string summary;  // "2 pages" or "text", for messages
  std::string origin;   // "r.yaml (en)": whose output, for refusals
  bool templated = false;  // named by a template ({lang}, {name}): missing directories are made
};

struct RenderResult {
  std::vector<Output> outputs;
  std::vector<MakeRule> rules;       // for -M: per input, its outputs and what they depend on
  std::vector<std::string> watched;  // files whose change means "render again"
  std::vector<std::string> read;     // every file read (inputs, layouts, photos, fonts): never an output
  bool read_stdin = false;           // standard input was one of the inputs
  bool ok = false;                   // false: errors were reported to the diagnostics
};

// Throws IoError for files that cannot be read, FatalError for fatal input
// problems (an unknown layout, no Latin font). `log` gets -v messages.
RenderResult render_all(const Options& options, text::FontBook& book, Diagnostics& diags, std::string* log);

}  // namespace cvpdf::app
