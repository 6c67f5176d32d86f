// Command-line parsing: argv → Options, or a usage error (exit status 2).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace cvpdf::app {

enum class Format { Auto, Pdf, Text, Markdown, Png, Svg };

// Previews: one file per page (a PNG image or an SVG file).
inline bool per_page(Format f) { return f == Format::Png || f == Format::Svg; }

struct Options {
  // Themes: `cvpdf themes` (and its alias --list-layouts); Convert: `cvpdf
  // convert FILE [-o OUT]`, the input as cvpdf YAML.
  enum class Command { Render, Check, Help, Version, Themes, ListFonts, Convert } command = Command::Render;
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
  bool quiet = false;
  bool verbose = false;
};

struct UsageError {
  std::string message;
};

// Parses argv[1..]. Returns the options or a usage error.
std::optional<Options> parse_command_line(int argc, char** argv, UsageError& error);

// The format an output path gets: --format, else its extension (a name
// without one, such as /dev/stdout, is a PDF). Auto for an extension that
// names no format (parse_command_line refuses it for -o).
Format output_format(const Options& options, const std::string& path);

const char* usage_text();

}  // namespace cvpdf::app
