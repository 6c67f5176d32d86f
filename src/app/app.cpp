// The run: parse the command line, render every input and variant (render.cpp),
// write the outputs and the depfile atomically, map failures to exit codes;
// or keep doing so on every change (--watch).
#include "app/app.hpp"

#include <signal.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "app/cli.hpp"
#include "app/completions.hpp"
#include "app/convert.hpp"
#include "app/depfile.hpp"
#include "app/atomic_write.hpp"
#include "app/output_target.hpp"
#include "app/json_schema.hpp"
#include "app/layouts.hpp"
#include "app/starter.hpp"
#include "app/render.hpp"
#include "app/watch.hpp"
#include "pdf/pdf_writer.hpp"
#include "text/font_book.hpp"
#include "text/font_lookup.hpp"
#include "text/versions.hpp"

#ifndef CVPDF_VERSION
#define CVPDF_VERSION "0.0.0"
#endif

namespace cvpdf::app {

namespace {

constexpr int kExitOk = 0;
constexpr int kExitInput = 1;
constexpr int kExitUsage = 2;
constexpr int kExitIo = 3;

void print(const Diagnostics& diags, bool quiet, bool verbose) {
  for (const auto& d : diags.all()) {
    if (quiet && d.severity != Severity::Error) continue;
    if (d.verbose_only && !verbose) continue;
    std::cerr << d.format() << '\n';
  }
}

// --strict: the run's warnings made errors, and whether there were any
// (then nothing is written); a last line says why a run that would have
// passed fails, once the errors themselves are printed.
bool strict_failure(const Options& options, Diagnostics& diags, std::string& closing) {
  if (!options.strict) return false;
  const std::size_t made = diags.warnings_as_errors();
  if (made == 0) return false;
  closing = fmt::format("cvpdf: error: {} {} made {} by --strict; nothing was written\n", made,
                        made == 1 ? "warning" : "warnings", made == 1 ? "an error" : "errors");
  return true;
}

// The wall clock for --watch's lines, in the user's time zone.
std::string clock_time() { return fmt::format("{:%H:%M:%S}", fmt::localtime(std::time(nullptr))); }

// Every output and the depfile, checked together (same file as an input,
// collisions) and then written as one transaction.
void write_outputs(const Options& options, const RenderResult& result) {
  std::vector<OutputRequest> requests;
  for (const auto& out : result.outputs) requests.push_back({out.path, out.origin, out.templated});
  OutputBytes depfile;
  if (!options.depfile.empty()) {
    depfile = make_depfile(result.rules);
    requests.push_back({options.depfile, "the depfile (-M)"});
  }
  std::vector<Target> targets = plan_targets(requests, result.read, result.read_stdin);
  std::vector<PlannedWrite> writes;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const OutputBytes* bytes = i < result.outputs.size() ? &result.outputs[i].bytes : &depfile;
    writes.push_back({std::move(targets[i]), bytes});
  }
  write_all(writes);
}

// Renders everything once and writes it. `watched` gets the files a watch
// should follow (even when this build failed, so a fix is noticed).
int build_once(const Options& options, text::FontBook& book, bool watching, std::vector<std::string>* watched) {
  Diagnostics diags;
  std::string log;
  auto start = std::chrono::steady_clock::now();
  RenderResult result;
  int status = kExitOk;
  try {
    result = render_all(options, book, diags, options.verbose ? &log : nullptr);
    if (!result.ok) status = kExitInput;
  } catch (const OutputRefused& e) {  // several pages for one preview name
    diags.add(e.diagnostic());
    status = kExitUsage;
  } catch (const IoError& e) {
    diags.add(e.diagnostic());
    status = kExitIo;
  } catch (const FatalError& e) {
    diags.add(e.diagnostic());
    status = kExitInput;
  }
  if (watched) {
    *watched = result.watched;
    for (const auto& in : options.inputs)
      if (in != "-") watched->push_back(in);
  }
  std::string strict_closing;
  if (strict_failure(options, diags, strict_closing) && status == kExitOk) status = kExitInput;
  std::cerr << log;
  print(diags, options.quiet, options.verbose);
  std::cerr << strict_closing;
  if (status != kExitOk) {
    if (watching) std::cerr << "[" << clock_time() << "] build failed; the last good output is kept\n";
    return status;
  }
  try {
    write_outputs(options, result);
  } catch (const OutputRefused& e) {
    std::cerr << e.diagnostic().format() << '\n';
    return kExitUsage;
  } catch (const IoError& e) {
    std::cerr << e.diagnostic().format() << '\n';
    return kExitIo;
  }
  if (options.verbose) {
    for (const auto& out : result.outputs)
      if (out.path != "-") std::cerr << "wrote " << printable(out.path) << " (" << out.summary << ")\n";
  }
  if (watching) {
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "[" << clock_time() << "] wrote";
    for (const auto& out : result.outputs) std::cerr << ' ' << printable(out.path) << " (" << out.summary << ")";
    std::cerr << " in " << static_cast<long>(ms) << " ms\n";
  }
  return kExitOk;
}

// `cvpdf themes`: one theme a line, its name first (scripts take the first
// word: `cvpdf themes | cut -d' ' -f1`), the descriptions in one column.
void print_themes() {
  const auto themes = builtin_themes();
  auto label = [](const ThemeInfo& t) { return t.name + (t.name == kDefaultLayout ? " (default)" : ""); };
  std::size_t width = 0;
  for (const auto& t : themes) width = std::max(width, label(t).size());
  for (const auto& t : themes) {
    std::string line = label(t);
    if (!t.description.empty()) line += std::string(width - line.size() + 2, ' ') + t.description;
    std::cout << line << '\n';
  }
}

}  // namespace

int run(int argc, char** argv) {
  // A reader that goes away (`cvpdf r.yaml -o - | head -c1`) is a write
  // error (EPIPE, exit status 3), not death by SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  UsageError usage;
  auto options = parse_command_line(argc, argv, usage);
  if (!options) {
    std::cerr << "cvpdf: " << printable(usage.message) << "\nTry 'cvpdf --help'.\n";
    return kExitUsage;
  }
  try {
    switch (options->command) {
      case Options::Command::Help:
        std::cout << usage_text();
        return kExitOk;
      case Options::Command::Version:
        std::cout << "cvpdf " << CVPDF_VERSION << '\n'
                  << text::library_versions() << ", " << pdf::library_version() << '\n';
        return kExitOk;
      case Options::Command::Themes:
        print_themes();
        return kExitOk;
      case Options::Command::ListFonts: {
        text::FontBook book;
        for (const auto& family : text::installed_families(book)) std::cout << family << '\n';
        return kExitOk;
      }
      case Options::Command::Convert: {
        Diagnostics diags;
        auto yaml = convert_file(options->inputs.front(), options->output, diags);
        std::string strict_closing;
        const bool strict_failed = strict_failure(*options, diags, strict_closing);
        print(diags, options->quiet, options->verbose);
        std::cerr << strict_closing;
        if (!yaml || strict_failed) return kExitInput;
        try {
          write_converted(options->inputs.front(), options->output, *yaml);
        } catch (const OutputRefused& e) {  // -o names the input: a usage error, as for rendering
          std::cerr << e.diagnostic().format() << '\n';
          return kExitUsage;
        }
        return kExitOk;
      }
      case Options::Command::Completions: {
        auto script = completion_script(options->inputs.front());
        if (!script) {
          std::cerr << "cvpdf: no completions for the shell '" << printable(options->inputs.front())
                    << "' (use bash, zsh or fish)\n";
          return kExitUsage;
        }
        std::cout << *script;
        return kExitOk;
      }
      case Options::Command::Schema:
        std::cout << (options->inputs.front() == "theme" ? theme_json_schema() : resume_json_schema());
        return kExitOk;
      case Options::Command::New:
        return write_starter_file(*options);
      case Options::Command::Render:
      case Options::Command::Check:
        break;
    }
    text::FontBook book;  // shared by every input and variant: each face is opened once
    if (!options->watch) return build_once(*options, book, false, nullptr);
    std::vector<std::string> named;
    for (const auto& input : options->inputs)
      if (input != "-") named.push_back(input);
    return watch_loop(named, [&] {
      book.refresh_changed_files();  // a font edited between builds is read afresh, never through a stale mapping
      std::vector<std::string> watched;
      build_once(*options, book, true, &watched);
      return watched;
    });
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
    std::cerr << "cvpdf: internal error: " << printable(e.what()) << "\n  hint: please report this with the input file\n";
    return kExitInput;
  }
}

}  // namespace cvpdf::app
