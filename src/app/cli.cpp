// Command-line parsing and the --help text.
#include "app/cli.hpp"

#include <cctype>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "core/templates.hpp"
#include "raster/raster.hpp"

namespace cvpdf::app {

const char* usage_text() {
  return R"(cvpdf — typeset a résumé (YAML, JSON or JSON Resume) into a PDF

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

Output:
  -o, --output FILE     where to write (default: RESUME.pdf, or RESUME-{lang}.pdf
                        with --all); {name} is the résumé's file name without
                        its extension, {lang} the variant, {page} the page
                        number (png, svg); - is standard output
      --format FORMAT   pdf, txt (plain text for applicant-tracking systems),
                        md (Markdown), png or svg (a preview, one file per
                        page); default: from the output's extension (.pdf,
                        .txt, .md, .png, .svg; a name without one is a PDF)
      --dpi N           the resolution of png output, 10 to 1200 (default 96)
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
      --list-layouts    list the built-in themes (the same as `cvpdf themes`)
      --list-fonts      list the font families available
  -q, --quiet           print no warnings (errors are always printed)
  -v, --verbose         say what was done: fonts, pages, time per stage
      --version         print the version of cvpdf and of its libraries
  -h, --help            print this help

Exit status: 0 success (warnings allowed), 1 the input is wrong (YAML, schema,
missing font, unknown language, a résumé that does not fit --fit-pages),
2 usage error, 3 a file could not be read or written.
Set SOURCE_DATE_EPOCH to fix the dates in the PDF (default: the input's mtime).
)";
}

namespace {

constexpr const char* kFormats = ".pdf, .txt, .md, .png or .svg";

// The extension of a path's file name, in lower case ("" for none).
std::string extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

const char* format_name(Format f) {
  switch (f) {
    case Format::Text: return "txt";
    case Format::Markdown: return "md";
    case Format::Png: return "png";
    case Format::Svg: return "svg";
    default: return "pdf";
  }
}

bool parse_number(const std::string& text, int& into) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), into);
  return ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace

Format output_format(const Options& options, const std::string& path) {
  if (options.format != Format::Auto) return options.format;
  const std::string ext = extension(path);
  if (ext.empty() || ext == ".pdf") return Format::Pdf;
  if (ext == ".txt" || ext == ".text") return Format::Text;
  if (ext == ".md" || ext == ".markdown") return Format::Markdown;
  if (ext == ".png") return Format::Png;
  if (ext == ".svg") return Format::Svg;
  return Format::Auto;
}

namespace {

constexpr OptionSpec kOptions[] = {
    {"--output", "-o", ValueKind::File, "pdf txt md png svg",
     "where to write ({name}, {lang}, {page}; - for standard output)"},
    {"--format", "", ValueKind::Choice, "pdf txt md png svg", "output format (default: from the extension)"},
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
    {"schema", Options::Command::Schema, "print the JSON Schema of a résumé (or: schema theme)"},
    {"themes", Options::Command::Themes, "list the built-in themes"},
    {"convert", Options::Command::Convert, "write a RenderCV file or JSON Resume as cvpdf YAML"},
    {"completions", Options::Command::Completions, "print a shell's completion script", true},
};

const OptionSpec* find_option(const std::string& spelling) {
  for (const auto& spec : kOptions)
    if (spelling == spec.long_name || spelling == spec.short_name) return &spec;
  return nullptr;
}

// Subcommands that read only their own arguments: nothing after them is an
// option or a résumé, and a word there would be silently ignored, so the
// count is checked.
std::optional<Options> listing(const SubcommandSpec& sub, int argc, char** argv, UsageError& error) {
  Options o;
  o.command = sub.command;
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

}  // namespace

std::span<const OptionSpec> option_table() { return kOptions; }
std::span<const SubcommandSpec> subcommand_table() { return kSubcommands; }

std::optional<Options> parse_command_line(int argc, char** argv, UsageError& error) {
  Options o;
  int i = 1;
  for (const auto& sub : kSubcommands) {
    if (argc < 2 || std::strcmp(argv[1], sub.name) != 0) continue;
    if (sub.command == Options::Command::Themes || sub.command == Options::Command::Completions)
      return listing(sub, argc, argv, error);
    if (sub.command == Options::Command::Schema) {
      const std::string which = argc > 2 ? argv[2] : "resume";
      if (argc > 3 || (which != "resume" && which != "theme")) {
        error.message = "'cvpdf schema' takes resume or theme, got '" + std::string(argc > 3 ? argv[3] : argv[2]) + "'";
        return std::nullopt;
      }
      o.command = Options::Command::Schema;
      o.inputs.push_back(which);
      return o;
    }
    o.command = sub.command;
    i = 2;
  }
  bool only_inputs = false;
  for (; i < argc; ++i) {
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
      return std::nullopt;
    }
    if (spec->value == ValueKind::None && has_inline_value) {
      error.message = "option " + arg + " takes no value";
      return std::nullopt;
    }
    if (spec->value != ValueKind::None && !has_inline_value) {
      if (i + 1 >= argc) {
        error.message = "option " + arg + " needs a value";
        return std::nullopt;
      }
      value = argv[++i];
    }
    const std::string_view name = spec->long_name;
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
      if (value == "pdf") o.format = Format::Pdf;
      else if (value == "txt" || value == "text") o.format = Format::Text;
      else if (value == "md" || value == "markdown") o.format = Format::Markdown;
      else if (value == "png") o.format = Format::Png;
      else if (value == "svg") o.format = Format::Svg;
      else {
        error.message = "unknown format '" + value + "' (use pdf, txt, md, png or svg)";
        return std::nullopt;
      }
    } else if (name == "--dpi") {
      if (!parse_number(value, o.dpi) || o.dpi < raster::kMinDpi || o.dpi > raster::kMaxDpi) {
        error.message = "--dpi takes a resolution from " + std::to_string(raster::kMinDpi) + " to " +
                        std::to_string(raster::kMaxDpi) + " dots per inch, got '" + value + "' (e.g. --dpi 150)";
        return std::nullopt;
      }
    } else if (name == "--fit-pages") {
      auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), o.fit_pages);
      if (ec != std::errc() || ptr != value.data() + value.size() || o.fit_pages < 1 || o.fit_pages > 100) {
        error.message = "--fit-pages takes a number of pages from 1 to 100, got '" + value + "'";
        return std::nullopt;
      }
    } else if (name == "--all") {
      o.all = true;
    } else if (name == "--watch") {
      o.watch = true;
    } else if (name == "--debug-layout") {
      o.debug_layout = true;
    } else if (name == "--pdfa") {
      o.pdfa = true;
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
  }
  if (o.command == Options::Command::Convert) {
    // One file in, one file out: the options that choose variants, themes
    // or formats of a rendering mean nothing here and are refused.
    if (o.inputs.size() != 1) {
      error.message = o.inputs.empty() ? "convert: no résumé file given" : "convert takes one résumé file";
      return std::nullopt;
    }
    if (o.all || !o.language.empty() || !o.layout.empty() || !o.sets.empty() || !o.depfile.empty() ||
        o.fit_pages || o.watch || o.debug_layout || o.pdfa || o.format != Format::Auto || o.dpi) {
      error.message = "convert takes only -o, -q and -v";
      return std::nullopt;
    }
    return o;
  }
  if (o.command == Options::Command::New) {
    if (o.inputs.size() > 1) {
      error.message = "new writes one file, got '" + o.inputs[0] + "' and '" + o.inputs[1] + "'";
      return std::nullopt;
    }
    if (o.all || !o.sets.empty() || !o.depfile.empty() || !o.output.empty() || o.fit_pages || o.watch ||
        o.debug_layout || o.pdfa || o.format != Format::Auto) {
      error.message = "new takes a file name, --lang and --theme";
      return std::nullopt;
    }
    return o;
  }
  if (o.command != Options::Command::Render && o.command != Options::Command::Check) return o;

  if (o.inputs.empty()) {
    error.message = "no résumé file given";
    return std::nullopt;
  }
  int stdin_inputs = 0;
  for (const auto& in : o.inputs) stdin_inputs += in == "-";
  if (stdin_inputs > 1) {
    error.message = "standard input (-) can be read only once";
    return std::nullopt;
  }
  if (o.all && !o.language.empty()) {
    error.message = "--all and --lang exclude each other";
    return std::nullopt;
  }
  const bool many_inputs = o.inputs.size() > 1;
  if (!o.output.empty() && o.output != "-") {
    // A misspelt key would become part of the file's name.
    const TemplateValues keys{{"name", ""}, {"lang", ""}, {"page", ""}};
    if (const auto unknown = unknown_template_keys(o.output, keys); !unknown.empty()) {
      error.message = "the output name '" + o.output + "' has an unknown key {" + unknown.front() + "}; " +
                      template_keys_hint(keys);
      return std::nullopt;
    }
    if (o.all && o.output.find("{lang}") == std::string::npos) {
      error.message = "with --all the output name must contain {lang}, e.g. -o 'cv-{lang}.pdf'";
      return std::nullopt;
    }
    if (many_inputs && o.output.find("{name}") == std::string::npos) {
      error.message = "with several résumés the output name must contain {name}, e.g. -o 'out/{name}.pdf'";
      return std::nullopt;
    }
  }
  if (o.output == "-" && (o.all || many_inputs)) {
    error.message = "several outputs cannot all go to standard output";
    return std::nullopt;
  }
  if (o.watch && (stdin_inputs > 0 || o.output == "-")) {
    error.message = "--watch needs files, not standard input or output";
    return std::nullopt;
  }
  if (o.watch && o.command == Options::Command::Check) {
    error.message = "--watch renders; it cannot be used with check";
    return std::nullopt;
  }
  // An output named for a format cvpdf does not write (cv.html, cv.docx)
  // would get a PDF under that name.
  const bool named = !o.output.empty() && o.output != "-";
  if (named && output_format(o, o.output) == Format::Auto) {
    error.message = "cannot write '" + extension(o.output) + "' files; the output's extension chooses the format: " +
                    kFormats + " (or give --format)";
    return std::nullopt;
  }
  // What every output of the run is (the default name follows --format).
  const Format format = named ? output_format(o, o.output) : o.format == Format::Auto ? Format::Pdf : o.format;
  // {page} numbers the files of a preview; a PDF or a text is one file.
  if (named && !per_page(format) && o.output.find("{page}") != std::string::npos) {
    error.message = std::string("{page} numbers the pages of png and svg output; ") + format_name(format) +
                    " output is one file: remove {page} from '" + o.output + "'";
    return std::nullopt;
  }
  // Options of one format asked for with another are mistakes worth
  // saying, not flags to drop silently.
  if (o.pdfa && format != Format::Pdf) {
    error.message = "--pdfa writes PDF/A files; it cannot be used with txt, md, png or svg output";
    return std::nullopt;
  }
  if (o.dpi && format != Format::Png) {
    error.message = "--dpi sets the resolution of png output; the output here is not a PNG (e.g. -o 'cv-{page}.png')";
    return std::nullopt;
  }
  return o;
}

}  // namespace cvpdf::app
