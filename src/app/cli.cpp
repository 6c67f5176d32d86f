// Command-line parsing and the --help text.
#include "app/cli.hpp"

#include <cstring>

namespace cvpdf::app {

const char* usage_text() {
  return R"(cvpdf — typeset a résumé (YAML) into a PDF

Usage:
  cvpdf [options] RESUME.yaml            render the default variant
  cvpdf check [options] RESUME.yaml      validate only: errors and warnings, no PDF
  cvpdf - -o - < resume.yaml > cv.pdf    read standard input, write standard output

Options:
  -o, --output FILE     where to write (default: RESUME.pdf, or RESUME-{lang}.pdf
                        with --all); {lang} and {name} are replaced; - is stdout
      --lang CODE       render the variant CODE (one of the file's `languages`)
      --all             render every variant of `languages` in one run
                        (the output name must contain {lang})
      --layout NAME|FILE
                        a built-in layout or a layout file (overrides `layout:`)
      --set KEY=VALUE   override one layout key, e.g. --set page.size=letter
                        (repeatable; wins over the file's `style:`)
      --list-layouts    list the built-in layouts
      --list-fonts      list the font families fontconfig knows
  -q, --quiet           print no warnings (errors are always printed)
  -v, --verbose         say what was done: fonts, pages, time per stage
      --version         print the version of cvpdf and its libraries
  -h, --help            print this help

Exit status: 0 success (warnings allowed), 1 the input is wrong,
2 usage error, 3 a file could not be read or written.
Set SOURCE_DATE_EPOCH to fix the dates in the PDF (default: the input's mtime).
)";
}

std::optional<Options> parse_command_line(int argc, char** argv, UsageError& error) {
  Options o;
  int i = 1;
  if (argc > 1 && std::strcmp(argv[1], "check") == 0) {
    o.command = Options::Command::Check;
    i = 2;
  }
  auto need_value = [&](const std::string& option) -> const char* {
    if (i + 1 >= argc) {
      error.message = "option " + option + " needs a value";
      return nullptr;
    }
    return argv[++i];
  };
  bool only_inputs = false;
  for (; i < argc; ++i) {
    std::string arg = argv[i];
    if (only_inputs || arg == "-" || arg.empty() || arg[0] != '-') {
      o.inputs.push_back(arg);
      continue;
    }
    // --name=value spelling
    std::string value;
    bool has_inline_value = false;
    if (arg.rfind("--", 0) == 0) {
      auto eq = arg.find('=');
      if (eq != std::string::npos) {
        value = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
        has_inline_value = true;
      }
    }
    auto take = [&](std::string& into) {
      if (has_inline_value) {
        into = value;
        return true;
      }
      const char* v = need_value(arg);
      if (!v) return false;
      into = v;
      return true;
    };
    if (arg == "--") {
      only_inputs = true;
    } else if (arg == "-o" || arg == "--output") {
      if (!take(o.output)) return std::nullopt;
    } else if (arg == "--lang") {
      if (!take(o.language)) return std::nullopt;
    } else if (arg == "--layout") {
      if (!take(o.layout)) return std::nullopt;
    } else if (arg == "--set") {
      std::string s;
      if (!take(s)) return std::nullopt;
      o.sets.push_back(s);
    } else if (arg == "--all") {
      o.all = true;
    } else if (arg == "-q" || arg == "--quiet") {
      o.quiet = true;
    } else if (arg == "-v" || arg == "--verbose") {
      o.verbose = true;
    } else if (arg == "-h" || arg == "--help") {
      o.command = Options::Command::Help;
    } else if (arg == "--version") {
      o.command = Options::Command::Version;
    } else if (arg == "--list-layouts") {
      o.command = Options::Command::ListLayouts;
    } else if (arg == "--list-fonts") {
      o.command = Options::Command::ListFonts;
    } else {
      error.message = "unknown option '" + arg + "'";
      return std::nullopt;
    }
  }
  if (o.command == Options::Command::Render || o.command == Options::Command::Check) {
    if (o.inputs.empty()) {
      error.message = "no résumé file given";
      return std::nullopt;
    }
    if (o.inputs.size() > 1) {
      error.message = "one résumé file at a time (got " + std::to_string(o.inputs.size()) + ")";
      return std::nullopt;
    }
    if (o.all && !o.language.empty()) {
      error.message = "--all and --lang exclude each other";
      return std::nullopt;
    }
    if (o.all && !o.output.empty() && o.output != "-" && o.output.find("{lang}") == std::string::npos) {
      error.message = "with --all the output name must contain {lang}, e.g. -o 'cv-{lang}.pdf'";
      return std::nullopt;
    }
    if (o.all && o.output == "-") {
      error.message = "--all writes several files; it cannot write to standard output";
      return std::nullopt;
    }
  }
  return o;
}

}  // namespace cvpdf::app
