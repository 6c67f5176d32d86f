// Command-line parsing: argv → Options, or a usage error (exit status 2).
#pragma once
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/output_formats.hpp"

namespace cvpdf::app {

struct Options {
  // Themes: `cvpdf themes` (and its alias --list-layouts); Convert: `cvpdf
  // convert FILE [-o OUT]`, the input as cvpdf YAML; New: `cvpdf new [FILE]
  // [--lang en,zh] [--theme NAME]`, a starter résumé; Schema: `cvpdf schema
  // [resume|theme]`, the JSON Schema (inputs: the one asked for).
  // Completions: `cvpdf completions bash|zsh|fish` (hidden; the packages
  // install its output), the shell in inputs[0].
  enum class Command { Render, Check, Help, Version, Themes, ListFonts, Convert, New, Schema, Completions } command =
      Command::Render;
  std::vector<std::string> inputs;  // "-" is standard input
  std::string output;               // may hold {lang}, {name} and {page}; "-" is standard output
  Format format = Format::Auto;     // --format; Auto: from the output's extension
  std::string language;             // --lang
  bool all = false;                 // --all
  std::string layout;               // --theme NAME|FILE (alias --layout); "": the résumé's `theme:`
  std::vector<std::string> sets;    // --set KEY=VALUE, in order
  std::string depfile;              // -M FILE
  int fit_pages = 0;                // --fit-pages N (0: off)
  int dpi = 0;                      // --dpi N for PNG output (0: not given, raster::kDefaultDpi)
  bool debug_layout = false;        // --debug-layout
  bool watch = false;               // --watch
  bool pdfa = false;                // --pdfa: PDF/A-2u (PDF output only)
  bool strict = false;              // --strict: every warning is an error (exit 1, nothing written)
  bool quiet = false;
  bool verbose = false;
};

// What an option's value is: whether the parser takes one, and what the
// shell completions offer for it.
enum class ValueKind {
  None,      // a flag
  File,      // a file name; `values`: its extensions ("pdf txt md"), "" any
  Theme,     // a built-in theme's name (`cvpdf themes`) or a theme file
  Language,  // a variant of the résumé on the command line (its `languages:`)
  Choice,    // one of the words in `values`
  Text,      // anything (KEY=VALUE, a number): nothing to offer
};

// One row per spelling the parser accepts: the parser refuses an option not
// in option_table(), and the completions are generated from it, so a new
// option is added here once and completes in every shell.
struct OptionSpec {
  const char* long_name;   // "--output"
  const char* short_name;  // "-o", or "" when none
  ValueKind value;
  const char* values;      // File: extensions; Choice: the words
  const char* summary;     // one line, for the shells' descriptions
  bool repeatable = false;
};

// The first word that names a subcommand. Hidden ones are not completed.
// `arguments`: for a subcommand that reads only its own arguments, the
// words it takes ("" none), which the completions offer instead of
// options and résumé files; nullptr for one that takes those.
struct SubcommandSpec {
  const char* name;
  Options::Command command;
  const char* summary;
  bool hidden = false;
  const char* arguments = nullptr;
};

std::span<const OptionSpec> option_table();
std::span<const SubcommandSpec> subcommand_table();
// The extensions of résumé files, the inputs the completions offer.
inline constexpr const char* kInputExtensions = "yaml yml json";

struct UsageError {
  std::string message;
};

// Parses argv[1..]. Returns the options or a usage error.
std::optional<Options> parse_command_line(int argc, char** argv, UsageError& error);

// The format an output path gets: --format, else its extension (a name
// without one, such as /dev/stdout, is of the default format). Auto for an
// extension that names no format (parse_command_line refuses it for -o).
Format output_format(const Options& options, const std::string& path);
// --format, else the default format: what outputs without -o are.
Format requested_format(const Options& options);

const char* usage_text();

}  // namespace cvpdf::app
