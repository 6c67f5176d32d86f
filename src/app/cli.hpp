// Command-line parsing: argv → Options, or a usage error (exit status 2).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace cvpdf::app {

struct Options {
  enum class Command { Render, Check, Help, Version, ListLayouts, ListFonts } command = Command::Render;
  std::vector<std::string> inputs;  // "-" is standard input
  std::string output;               // may hold {lang} and {name}; "-" is standard output
  std::string language;             // --lang
  bool all = false;                 // --all
  std::string layout;               // --layout NAME|FILE
  std::vector<std::string> sets;    // --set KEY=VALUE, in order
  bool quiet = false;
  bool verbose = false;
};

struct UsageError {
  std::string message;
};

// Parses argv[1..]. Returns the options or a usage error.
std::optional<Options> parse_command_line(int argc, char** argv, UsageError& error);

const char* usage_text();

}  // namespace cvpdf::app
