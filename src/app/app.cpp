// The run: parse the command line, load the résumé and its layout, compose
// each requested variant, write the PDFs, and map failures to exit codes.
#include "app/app.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "app/cli.hpp"
#include "app/files.hpp"
#include "compose/builtin_layouts.hpp"
#include "compose/compose.hpp"
#include "compose/style.hpp"
#include "model/loader.hpp"
#include "pdf/pdf_writer.hpp"
#include "text/font_book.hpp"
#include "text/font_lookup.hpp"

#ifndef CVPDF_VERSION
#define CVPDF_VERSION "0.0.0"
#endif

namespace cvpdf::app {

namespace {

namespace fs = std::filesystem;

constexpr int kExitOk = 0;
constexpr int kExitInput = 1;
constexpr int kExitUsage = 2;
constexpr int kExitIo = 3;
constexpr const char* kDefaultLayout = "classic";

struct Reporter {
  bool quiet = false;
  void print(const Diagnostics& diags, std::size_t from = 0) const {
    for (std::size_t i = from; i < diags.all().size(); ++i) {
      const auto& d = diags.all()[i];
      if (quiet && d.severity != Severity::Error) continue;
      std::cerr << d.format() << '\n';
    }
  }
};

struct Timer {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  double lap_ms() {
    auto now = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(now - start).count();
    start = now;
    return ms;
  }
};

const compose::BuiltinLayout* find_builtin(const std::string& name) {
  for (const auto& l : compose::builtin_layouts())
    if (l.name == name) return &l;
  return nullptr;
}

std::string builtin_names() {
  std::string s;
  for (const auto& l : compose::builtin_layouts()) s += (s.empty() ? "" : ", ") + std::string(l.name);
  return s;
}

// The layout's keys laid over the default layout's: a layout file need only
// say what it changes. Returns the overrides (layout file, then style, then
// --set) separately from the defaults, for unknown-key warnings.
struct LayoutKeys {
  model::StyleMap defaults;
  model::StyleMap overrides;
  model::StyleMap merged;
  std::string font_base_directory;
};

LayoutKeys load_layout(const model::Resume& resume, const Options& options, Diagnostics& diags) {
  LayoutKeys keys;
  const auto* standard = find_builtin(kDefaultLayout);
  if (!standard) throw FatalError({Severity::Error, {}, "the default layout is missing from this build", ""});
  auto defaults = model::load_style(standard->text(), std::string("<built-in layout ") + kDefaultLayout + ">", diags);
  if (!defaults) throw FatalError({Severity::Error, {}, "the built-in layout does not load", ""});
  keys.defaults = std::move(*defaults);

  std::string name = options.layout.empty() ? resume.layout : options.layout;
  SourceSpan span = options.layout.empty() ? resume.layout_span : SourceSpan{"--layout", 0, 0};
  if (!name.empty() && name != kDefaultLayout) {
    if (const auto* builtin = find_builtin(name)) {
      auto map = model::load_style(builtin->text(), "<built-in layout " + name + ">", diags);
      if (map) keys.overrides = std::move(*map);
    } else {
      fs::path path(name);
      if (path.is_relative()) {
        // --layout paths are relative to the working directory; a file's
        // `layout:` to the résumé's directory.
        if (options.layout.empty()) path = fs::path(resume.base_directory) / path;
      }
      std::error_code ec;
      if (!fs::is_regular_file(path, ec)) {
        throw FatalError({Severity::Error, span, "layout '" + name + "' is neither a built-in layout nor a file",
                          "built-in layouts: " + builtin_names() + "; or give the path of a layout .yaml file"});
      }
      std::string text = read_input(path.string());
      auto map = model::load_style(text, path.string(), diags);
      if (map) keys.overrides = std::move(*map);
      keys.font_base_directory = path.parent_path().string();
    }
  }
  for (const auto& [k, v] : resume.style) keys.overrides[k] = v;
  for (const auto& assignment : options.sets) model::apply_style_override(keys.overrides, assignment, diags);
  keys.merged = keys.defaults;
  for (const auto& [k, v] : keys.overrides) keys.merged[k] = v;
  return keys;
}

std::string output_name(const Options& options, const std::string& input, const std::string& language, bool many) {
  std::string stem = input == "-" ? "resume" : fs::path(input).stem().string();
  std::string pattern = options.output;
  if (pattern.empty()) {
    if (input == "-") return "-";
    pattern = many ? "{name}-{lang}.pdf" : "{name}.pdf";
  }
  auto replace = [&](const std::string& key, const std::string& value) {
    for (std::size_t at; (at = pattern.find(key)) != std::string::npos;) pattern.replace(at, key.size(), value);
  };
  replace("{lang}", language);
  replace("{name}", stem);
  return pattern;
}

std::int64_t creation_time(const std::string& input) {
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    char* end = nullptr;
    long long v = std::strtoll(epoch, &end, 10);
    if (end && *end == '\0' && v >= 0) return v;
  }
  if (input == "-") return static_cast<std::int64_t>(std::time(nullptr));
  return modification_time(input);
}

int render(const Options& options) {
  Reporter reporter{options.quiet};
  Diagnostics diags;
  Timer timer;
  const std::string input = options.inputs.front();

  std::string text = read_input(input);
  std::string base = input == "-" ? fs::current_path().string() : fs::path(input).parent_path().string();
  if (base.empty()) base = ".";
  auto resume = model::load_resume(text, input == "-" ? "<stdin>" : input, base, diags);
  if (!resume || diags.has_errors()) {
    reporter.print(diags);
    return kExitInput;
  }
  if (options.verbose) std::cerr << "loaded " << input << " in " << timer.lap_ms() << " ms\n";

  std::vector<std::string> languages;
  if (options.all) {
    languages = resume->languages;
  } else if (!options.language.empty()) {
    if (std::find(resume->languages.begin(), resume->languages.end(), options.language) == resume->languages.end()) {
      std::string declared;
      for (const auto& l : resume->languages) declared += (declared.empty() ? "" : ", ") + l;
      diags.error({input, 0, 0}, "the résumé has no language '" + options.language + "' (it declares " + declared + ")",
                  "add it to `languages:` or choose one of " + declared);
      reporter.print(diags);
      return kExitInput;
    }
    languages = {options.language};
  } else {
    languages = {resume->languages.front()};
  }

  LayoutKeys layout = load_layout(*resume, options, diags);
  if (diags.has_errors()) {
    reporter.print(diags);
    return kExitInput;
  }

  text::FontBook book;  // finds the bundled fonts next to the executable by itself

  // Every variant is rendered before any file is written, so a failure in
  // one leaves no file of any variant behind.
  std::vector<std::pair<std::string, std::string>> outputs;  // path, bytes
  for (const auto& language : languages) {
    compose::Style style = compose::resolve_style(layout.overrides, layout.defaults, language, diags);
    style.font_base_directory = layout.font_base_directory;
    if (diags.has_errors()) break;
    compose::ComposeOptions compose_options{language, creation_time(input), std::string("cvpdf ") + CVPDF_VERSION};
    frame::Document doc = compose::compose_document(*resume, style, layout.merged, compose_options, book, diags);
    if (options.verbose) {
      std::cerr << "[" << language << "] composed " << doc.pages.size() << " page(s) in " << timer.lap_ms() << " ms\n";
    }
    if (diags.has_errors()) break;
    if (options.command == Options::Command::Check) continue;
    std::string bytes = pdf::write_pdf(doc, book);
    if (options.verbose) std::cerr << "[" << language << "] wrote PDF (" << bytes.size() << " bytes) in " << timer.lap_ms() << " ms\n";
    outputs.emplace_back(output_name(options, input, language, options.all), std::move(bytes));
  }
  if (options.verbose) {
    for (std::size_t i = 0; i < book.size(); ++i) {
      const auto& f = book.face(static_cast<text::FaceId>(i));
      std::cerr << "font: " << f.family << " (" << f.postscript_name << ") from " << f.path;
      if (f.index) std::cerr << " #" << f.index;
      std::cerr << '\n';
    }
  }
  reporter.print(diags);
  if (diags.has_errors()) return kExitInput;
  for (const auto& [path, bytes] : outputs) {
    write_output(path, bytes);
    if (options.verbose && path != "-") std::cerr << "wrote " << path << '\n';
  }
  return kExitOk;
}

}  // namespace

int run(int argc, char** argv) {
  UsageError usage;
  auto options = parse_command_line(argc, argv, usage);
  if (!options) {
    std::cerr << "cvpdf: " << usage.message << "\nTry 'cvpdf --help'.\n";
    return kExitUsage;
  }
  try {
    switch (options->command) {
      case Options::Command::Help:
        std::cout << usage_text();
        return kExitOk;
      case Options::Command::Version:
        std::cout << "cvpdf " << CVPDF_VERSION << '\n';
        return kExitOk;
      case Options::Command::ListLayouts:
        for (const auto& l : compose::builtin_layouts())
          std::cout << l.name << (l.name == kDefaultLayout ? " (default)" : "") << '\n';
        return kExitOk;
      case Options::Command::ListFonts: {
        text::FontBook book;
        for (const auto& family : text::installed_families(book)) std::cout << family << '\n';
        return kExitOk;
      }
      case Options::Command::Render:
      case Options::Command::Check:
        return render(*options);
    }
  } catch (const IoError& e) {
    std::cerr << e.diagnostic().format() << '\n';
    return kExitIo;
  } catch (const FatalError& e) {
    std::cerr << e.diagnostic().format() << '\n';
    return kExitInput;
  } catch (const std::bad_alloc&) {
    std::cerr << "cvpdf: error: out of memory\n";
    return kExitInput;
  } catch (const std::exception& e) {
    std::cerr << "cvpdf: internal error: " << e.what() << "\n  hint: please report this with the input file\n";
    return kExitInput;
  }
  return kExitOk;
}

}  // namespace cvpdf::app
