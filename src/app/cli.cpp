// Command-line parsing and the --help text.
#include "app/cli.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <string_view>

#include "core/templates.hpp"
#include "core/utf8.hpp"
#include "raster/raster.hpp"

namespace cvpdf::app {

namespace {

// `words` in prose: "a, b, c" with `last_joint` before the last ("a, b or c").
std::string listed(const std::vector<std::string>& words, std::string_view last_joint) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i) out += i + 1 == words.size() ? last_joint : std::string_view(", ");
    out += words[i];
  }
  return out;
}

bool every_format(const OutputBackend&) { return true; }
bool paged_format(const OutputBackend& backend) { return backend.per_page(); }

// The --format name messages use for each format `keep` takes, in the table's order.
std::vector<std::string> format_names(bool (*keep)(const OutputBackend&)) {
  std::vector<std::string> names;
  for (const auto& backend : output_backends())
    if (keep(backend)) names.emplace_back(backend.names.front());
  return names;
}

// The extension each format is named by first: ".pdf", ".txt", …
std::vector<std::string> format_extensions() {
  std::vector<std::string> extensions;
  for (const auto& backend : output_backends()) extensions.emplace_back(backend.extensions.front());
  return extensions;
}

// The column --help's paragraphs made from the format table end within:
// the text beside an option starts at column 24 and stays short of 80.
constexpr std::size_t kHelpColumns = 79;

// An option's help: `head` (the option, padded to where the text starts),
// then `text` filled to kHelpColumns, its later lines indented as far.
std::string option_help(std::string_view head, std::string_view text) {
  const std::size_t indent = utf8::length(head);
  std::string out(head);
  std::size_t column = indent;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t space = std::min(text.find(' ', start), text.size());
    const std::string_view word = text.substr(start, space - start);
    start = space + 1;
    if (column > indent && column + 1 + utf8::length(word) > kHelpColumns) {
      out += '\n' + std::string(indent, ' ');
      column = indent;
    }
    if (column > indent) {
      out += ' ';
      ++column;
    }
    out += word;
    column += utf8::length(word);
  }
  return out + '\n';
}

// Its lines are set by hand; the default name and the formats numbered by
// {page} are the table's.
std::string output_option_help() {
  const std::string suffix(output_backend(default_format()).default_suffix);
  return "  -o, --output FILE     where to write (default: RESUME" + suffix + ", or RESUME-{lang}" + suffix +
         "\n"
         "                        with --all); {name} is the résumé's file name without\n"
         "                        its extension, {lang} the variant, {page} the page\n"
         "                        number (" +
         listed(format_names(paged_format), ", ") + "); - is standard output\n";
}

std::string format_option_help() {
  const auto backends = output_backends();
  std::vector<std::string> choices;
  for (std::size_t i = 0; i < backends.size(); ++i) {
    std::string choice(backends[i].names.front());
    // Formats side by side that one description fits share it: "png or svg (a preview, …)".
    const bool next_says_it = i + 1 < backends.size() && backends[i + 1].description == backends[i].description;
    if (!backends[i].description.empty() && !next_says_it) choice += " (" + std::string(backends[i].description) + ")";
    choices.push_back(std::move(choice));
  }
  const std::string default_title(output_backend(default_format()).title);
  return option_help("      --format FORMAT   ", listed(choices, " or ") + "; default: from the output's extension (" +
                                                      listed(format_extensions(), ", ") + "; a name without one is a " +
                                                      default_title + ")");
}

}  // namespace

const char* usage_text() {
  static const std::string text = R"(cvpdf — typeset a résumé (cvpdf YAML, JSON Resume or RenderCV) into a PDF

Usage:
  cvpdf [options] RESUME.yaml...         render the default variant of each résumé
  cvpdf check [options] RESUME.yaml...   validate only: errors and warnings, no output
  cvpdf - -o - < resume.yaml > cv.pdf    read standard input, write standard output
  cvpdf themes                           list the built-in themes
  cvpdf convert FILE [-o OUT.yaml]       write a RenderCV file or JSON Resume
                                         as cvpdf YAML (default: standard output)
  cvpdf new [FILE] [--lang en,zh] [--theme NAME]
                                         write a commented starter résumé (default
                                         resume.yaml; - is standard output); never
                                         overwrites a file
  cvpdf schema [resume|theme]            print the JSON Schema of a résumé (default)
                                         or a theme file, for editors
  cvpdf completions bash|zsh|fish        print the shell's completion script (the
                                         packages install them)

Output:
)" + output_option_help() + format_option_help() + R"(      --dpi N           the resolution of png output, 10 to 1200 (default 96)
      --pdfa            write PDF/A-2u (archival: sRGB output intent, XMP
                        identification); PDF output only
  -M, --depfile FILE    also write a Make rule: the outputs depend on the résumé,
                        its theme file, its photo and every font file used

Variants and look:
      --lang CODE       render the variant CODE (one of the file's `languages`)
      --all             render every variant of `languages` in one run
      --theme NAME|FILE
                        a built-in theme (see `cvpdf themes`) or a theme file
                        (overrides the résumé's `theme:`); --layout is an alias
      --set KEY=VALUE   override one theme key, e.g. --set page.size=letter
                        (repeatable; wins over the file's `style:`; a font
                        path is relative to the working directory)
      --fit-pages N     shrink within the theme's `fit` limits until the
                        résumé fits N pages (re-laid out, never scaled)
      --debug-layout    draw line boxes and baselines over the pages; with
                        -v, also print the frame tree

Other:
      --watch           render again whenever the résumé, its theme or its
                        fonts change; Ctrl-C stops
      --strict          every warning is an error: exit status 1 and nothing
                        written (no output, no depfile); for CI. With check,
                        exit 1 on a warning; with --watch, the last good
                        output is kept
      --list-layouts    list the built-in themes (the same as `cvpdf themes`)
      --list-fonts      list the font families available
  -q, --quiet           print no warnings (errors are always printed)
  -v, --verbose         say what was done: fonts, pages, time per stage
      --version         print the version of cvpdf and of its libraries
  -h, --help            print this help

Exit status: 0 success (warnings allowed, but not with --strict), 1 the input
is wrong (YAML, schema, missing font, unknown language, a résumé that does not
fit --fit-pages, a warning under --strict),
2 usage error, 3 a file could not be read or written.
Set SOURCE_DATE_EPOCH to fix the dates in the PDF (default: the input's mtime).
)";
  return text.c_str();
}

namespace {

bool parse_number(const std::string& text, int& into) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), into);
  return ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace

Format output_format(const Options& options, const std::string& path) {
  if (options.format != Format::Auto) return options.format;
  return format_by_extension(path);
}

Format requested_format(const Options& options) {
  return options.format != Format::Auto ? options.format : default_format();
}

namespace {

// The words the shells complete: "pdf txt md png svg" (extensions without their dot).
std::string spaced(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& word : words) out += (out.empty() ? "" : " ") + word.substr(word.starts_with('.') ? 1 : 0);
  return out;
}

// Made from the format table as the program starts, before kOptions points at them.
const std::string kOutputExtensions = spaced(format_extensions());
const std::string kFormatNames = spaced(format_names(every_format));

const OptionSpec kOptions[] = {
    {"--output", "-o", ValueKind::File, kOutputExtensions.c_str(),
     "where to write ({name}, {lang}, {page}; - for standard output)"},
    {"--format", "", ValueKind::Choice, kFormatNames.c_str(), "output format (default: from the extension)"},
    {"--dpi", "", ValueKind::Text, "", "the resolution of PNG previews (default 96)"},
    {"--pdfa", "", ValueKind::None, "", "write PDF/A-2u"},
    {"--depfile", "-M", ValueKind::File, "d", "also write a Make rule of the inputs"},
    {"--lang", "", ValueKind::Language, "", "render this variant of the résumé"},
    {"--all", "", ValueKind::None, "", "render every variant"},
    {"--theme", "", ValueKind::Theme, "yaml yml", "a built-in theme or a theme file"},
    {"--layout", "", ValueKind::Theme, "yaml yml", "the same as --theme"},
    {"--set", "", ValueKind::Text, "", "override one theme key (KEY=VALUE)", true},
    {"--fit-pages", "", ValueKind::Text, "", "shrink until the résumé fits N pages"},
    {"--debug-layout", "", ValueKind::None, "", "draw line boxes and baselines"},
    {"--watch", "", ValueKind::None, "", "render again on every change"},
    {"--strict", "", ValueKind::None, "", "make every warning an error (exit 1, nothing written)"},
    {"--list-layouts", "", ValueKind::None, "", "list the built-in themes"},
    {"--list-fonts", "", ValueKind::None, "", "list the font families available"},
    {"--quiet", "-q", ValueKind::None, "", "print no warnings"},
    {"--verbose", "-v", ValueKind::None, "", "say what was done"},
    {"--version", "", ValueKind::None, "", "print the versions"},
    {"--help", "-h", ValueKind::None, "", "print the help"},
};

constexpr SubcommandSpec kSubcommands[] = {
    {"check", Options::Command::Check, "validate only: errors and warnings, no output"},
    {"new", Options::Command::New, "write a commented starter résumé (never over a file)"},
    {"schema", Options::Command::Schema, "print the JSON Schema of a résumé (or: schema theme)", false,
     "resume theme"},
    {"themes", Options::Command::Themes, "list the built-in themes", false, ""},
    {"convert", Options::Command::Convert, "write a RenderCV file or JSON Resume as cvpdf YAML"},
    {"completions", Options::Command::Completions, "print a shell's completion script (bash, zsh, fish)", false,
     "bash zsh fish"},
};

const OptionSpec* find_option(const std::string& spelling) {
  for (const auto& spec : kOptions)
    if (spelling == spec.long_name || spelling == spec.short_name) return &spec;
  return nullptr;
}

// The subcommand argv[1] names, or nullptr.
const SubcommandSpec* subcommand_named(int argc, char** argv) {
  if (argc < 2) return nullptr;
  for (const auto& sub : kSubcommands)
    if (std::strcmp(argv[1], sub.name) == 0) return &sub;
  return nullptr;
}


// Subcommands that read only their own arguments: nothing after them is an
// option or a résumé, and a word there would be silently ignored, so the
// count is checked.
std::optional<Options> own_arguments(const SubcommandSpec& sub, int argc, char** argv, UsageError& error) {
  Options o;
  o.command = sub.command;
  if (sub.command == Options::Command::Schema) {
    const std::string which = argc > 2 ? argv[2] : "resume";
    if (argc > 3 || (which != "resume" && which != "theme")) {
      error.message = "'cvpdf schema' takes resume or theme, got '" + std::string(argc > 3 ? argv[3] : argv[2]) + "'";
      return std::nullopt;
    }
    o.inputs.push_back(which);
    return o;
  }
  if (sub.command == Options::Command::Themes) {
    if (argc > 2) {
      error.message = std::string("'cvpdf themes' takes no arguments, got '") + argv[2] + "'";
      return std::nullopt;
    }
    return o;
  }
  if (argc != 3) {
    error.message = "'cvpdf completions' takes one shell: bash, zsh or fish";
    return std::nullopt;
  }
  o.inputs.emplace_back(argv[2]);
  return o;
}

// Sets what the option `spec` (with `value`, when it takes one) asks for.
bool apply_option(const OptionSpec& spec, const std::string& value, Options& o, UsageError& error) {
  const std::string_view name = spec.long_name;
  if (name == "--output") {
    o.output = value;
  } else if (name == "--lang") {
    o.language = value;
  } else if (name == "--theme" || name == "--layout") {
    o.layout = value;
  } else if (name == "--set") {
    o.sets.push_back(value);
  } else if (name == "--depfile") {
    o.depfile = value;
  } else if (name == "--format") {
    const std::optional<Format> format = format_named(value);
    if (!format) {
      error.message = "unknown format '" + value + "' (use " + listed(format_names(every_format), " or ") + ")";
      return false;
    }
    o.format = *format;
  } else if (name == "--dpi") {
    if (!parse_number(value, o.dpi) || o.dpi < raster::kMinDpi || o.dpi > raster::kMaxDpi) {
      error.message = "--dpi takes a resolution from " + std::to_string(raster::kMinDpi) + " to " +
                      std::to_string(raster::kMaxDpi) + " dots per inch, got '" + value + "' (e.g. --dpi 150)";
      return false;
    }
  } else if (name == "--fit-pages") {
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), o.fit_pages);
    if (ec != std::errc() || ptr != value.data() + value.size() || o.fit_pages < 1 || o.fit_pages > 100) {
      error.message = "--fit-pages takes a number of pages from 1 to 100, got '" + value + "'";
      return false;
    }
  } else if (name == "--all") {
    o.all = true;
  } else if (name == "--watch") {
    o.watch = true;
  } else if (name == "--debug-layout") {
    o.debug_layout = true;
  } else if (name == "--pdfa") {
    o.pdfa = true;
  } else if (name == "--strict") {
    o.strict = true;
  } else if (name == "--quiet") {
    o.quiet = true;
  } else if (name == "--verbose") {
    o.verbose = true;
  } else if (name == "--help") {
    o.command = Options::Command::Help;
  } else if (name == "--version") {
    o.command = Options::Command::Version;
  } else if (name == "--list-layouts") {
    o.command = Options::Command::Themes;
  } else if (name == "--list-fonts") {
    o.command = Options::Command::ListFonts;
  }
  return true;
}

// argv[first..]: the options into `o`, every other word an input.
bool read_arguments(int argc, char** argv, int first, Options& o, UsageError& error) {
  bool only_inputs = false;
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (only_inputs || arg == "-" || arg.empty() || arg[0] != '-') {
      o.inputs.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_inputs = true;
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
    const OptionSpec* spec = find_option(arg);
    if (!spec) {
      error.message = "unknown option '" + arg + "'";
      return false;
    }
    if (spec->value == ValueKind::None && has_inline_value) {
      error.message = "option " + arg + " takes no value";
      return false;
    }
    if (spec->value != ValueKind::None && !has_inline_value) {
      if (i + 1 >= argc) {
        error.message = "option " + arg + " needs a value";
        return false;
      }
      value = argv[++i];
    }
    if (!apply_option(*spec, value, o, error)) return false;
  }
  return true;
}

// One file in, one file out: the options that choose variants, themes or
// formats of a rendering mean nothing here and are refused.
bool convert_options_valid(const Options& o, UsageError& error) {
  if (o.inputs.size() != 1) {
    error.message = o.inputs.empty() ? "convert: no résumé file given" : "convert takes one résumé file";
    return false;
  }
  if (o.all || !o.language.empty() || !o.layout.empty() || !o.sets.empty() || !o.depfile.empty() || o.fit_pages ||
      o.watch || o.debug_layout || o.pdfa || o.format != Format::Auto || o.dpi) {
    error.message = "convert takes only -o, -q and -v (and --strict)";
    return false;
  }
  return true;
}

bool new_options_valid(const Options& o, UsageError& error) {
  if (o.inputs.size() > 1) {
    error.message = "new writes one file, got '" + o.inputs[0] + "' and '" + o.inputs[1] + "'";
    return false;
  }
  if (o.all || !o.sets.empty() || !o.depfile.empty() || !o.output.empty() || o.fit_pages || o.watch ||
      o.debug_layout || o.pdfa || o.strict || o.format != Format::Auto) {
    error.message = "new takes a file name, --lang and --theme";
    return false;
  }
  return true;
}

// A rendering's inputs, and the names of its outputs against them.
bool render_inputs_valid(const Options& o, UsageError& error) {
  if (o.inputs.empty()) {
    // Bare `cvpdf` is how a first try looks: say how to get a résumé.
    error.message = "no résumé file given; to start one, 'cvpdf new' writes resume.yaml, then 'cvpdf resume.yaml'";
    return false;
  }
  int stdin_inputs = 0;
  for (const auto& in : o.inputs) stdin_inputs += in == "-";
  if (stdin_inputs > 1) {
    error.message = "standard input (-) can be read only once";
    return false;
  }
  if (o.all && !o.language.empty()) {
    error.message = "--all and --lang exclude each other";
    return false;
  }
  const bool many_inputs = o.inputs.size() > 1;
  if (!o.output.empty() && o.output != "-") {
    // A misspelt key would become part of the file's name.
    const TemplateValues keys{{"name", ""}, {"lang", ""}, {"page", ""}};
    if (const auto unknown = unknown_template_keys(o.output, keys); !unknown.empty()) {
      error.message = "the output name '" + o.output + "' has an unknown key {" + unknown.front() + "}; " +
                      template_keys_hint(keys);
      return false;
    }
    if (o.all && o.output.find("{lang}") == std::string::npos) {
      error.message = "with --all the output name must contain {lang}, e.g. -o 'cv-{lang}.pdf'";
      return false;
    }
    if (many_inputs && o.output.find("{name}") == std::string::npos) {
      error.message = "with several résumés the output name must contain {name}, e.g. -o 'out/{name}.pdf'";
      return false;
    }
  }
  if (o.output == "-" && (o.all || many_inputs)) {
    error.message = "several outputs cannot all go to standard output";
    return false;
  }
  if (o.watch && (stdin_inputs > 0 || o.output == "-")) {
    error.message = "--watch needs files, not standard input or output";
    return false;
  }
  if (o.watch && o.command == Options::Command::Check) {
    error.message = "--watch renders; it cannot be used with check";
    return false;
  }
  return true;
}

// A rendering's format, and the options that belong to another.
bool render_format_valid(const Options& o, UsageError& error) {
  // An output named for a format cvpdf does not write (cv.html, cv.docx)
  // would get a PDF under that name.
  const bool named = !o.output.empty() && o.output != "-";
  if (named && output_format(o, o.output) == Format::Auto) {
    error.message = "cannot write '" + lowercase_extension(o.output) +
                    "' files; the output's extension chooses the format: " + listed(format_extensions(), " or ") +
                    " (or give --format)";
    return false;
  }
  // What every output of the run is (the default name follows --format).
  const OutputBackend& backend = output_backend(named ? output_format(o, o.output) : requested_format(o));
  // {page} numbers the files of a preview; a PDF or a text is one file.
  if (named && !backend.per_page() && o.output.find("{page}") != std::string::npos) {
    error.message = "{page} numbers the pages of " + listed(format_names(paged_format), " and ") + " output; " +
                    std::string(backend.names.front()) + " output is one file: remove {page} from '" + o.output + "'";
    return false;
  }
  // Options of one format asked for with another are mistakes worth
  // saying, not flags to drop silently.
  if (o.pdfa && backend.format != Format::Pdf) {
    const auto not_pdf = [](const OutputBackend& other) { return other.format != Format::Pdf; };
    error.message = "--pdfa writes PDF/A files; it cannot be used with " + listed(format_names(not_pdf), " or ") +
                    " output";
    return false;
  }
  if (o.dpi && backend.format != Format::Png) {
    const OutputBackend& png = output_backend(Format::Png);
    error.message = "--dpi sets the resolution of " + std::string(png.names.front()) +
                    " output; the output here is not a " + std::string(png.title) + " (e.g. -o 'cv" +
                    std::string(png.default_suffix) + "')";
    return false;
  }
  return true;
}

bool options_valid(const Options& o, UsageError& error) {
  switch (o.command) {
    case Options::Command::Convert: return convert_options_valid(o, error);
    case Options::Command::New: return new_options_valid(o, error);
    case Options::Command::Render:
    case Options::Command::Check: return render_inputs_valid(o, error) && render_format_valid(o, error);
    default: return true;
  }
}

}  // namespace

std::span<const OptionSpec> option_table() { return kOptions; }
std::span<const SubcommandSpec> subcommand_table() { return kSubcommands; }

std::optional<Options> parse_command_line(int argc, char** argv, UsageError& error) {
  Options o;
  int first = 1;
  if (const SubcommandSpec* sub = subcommand_named(argc, argv)) {
    if (sub->arguments) return own_arguments(*sub, argc, argv, error);
    o.command = sub->command;
    first = 2;
  }
  if (!read_arguments(argc, argv, first, o, error) || !options_valid(o, error)) return std::nullopt;
  return o;
}

}  // namespace cvpdf::app
