// The pipeline for every input × variant: load → variants → style →
// compose → emit, each a step below; what a format's bytes are made by
// comes from the format table (output_formats.hpp). Timings for -v, the
// dependencies for -M and --watch.
#include "app/render.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <variant>

#include <fmt/format.h>

#include "app/files.hpp"
#include "app/layouts.hpp"
#include "app/output_formats.hpp"
#include "app/output_target.hpp"
#include "compose/render_variant.hpp"
#include "core/templates.hpp"
#include "frame/dump.hpp"
#include "model/loader.hpp"
#include "model/locale_words.hpp"
#include "model/not_shown.hpp"
#include "model/visible_content.hpp"
#include "core/utf8.hpp"
#include "text/colour_emoji.hpp"
#include "text/font_fallback.hpp"
#include "theme/language_words.hpp"
#include "theme/style.hpp"

#ifndef CVPDF_VERSION
#define CVPDF_VERSION "0.0.0"
#endif

namespace cvpdf::app {

namespace {

namespace fs = std::filesystem;

class Stopwatch {
 public:
  double lap_ms() {
    auto now = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(now - start_).count();
    start_ = now;
    return ms;
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

std::string fixed(double v) { return fmt::format("{:.1f}", v); }

// -o, or the default name for `format`: "-" for standard input.
std::string output_pattern(const Options& options, const std::string& input, bool several_variants, Format format) {
  if (!options.output.empty()) return options.output;
  if (input == "-") return "-";
  const std::string suffix(output_backend(format).default_suffix);
  return several_variants ? "{name}-{lang}" + suffix : "{name}" + suffix;
}

// The output's name; `page` (from 1) expands {page}, 0 leaves it.
std::string output_name(const std::string& pattern, const std::string& input, const std::string& language,
                        std::size_t page = 0) {
  const std::string stem = input == "-" ? "resume" : fs::path(input).stem().string();
  TemplateValues values{{"name", stem}, {"lang", language}};
  if (page > 0) values.emplace_back("page", fmt::format("{}", page));
  return expand_template(pattern, values);
}

// Whether -o names its outputs by a template ({name}, {lang}, {page}):
// The user guide makes their missing parent directories ("out/{lang}/cv.pdf").
// Without -o the names are cvpdf's own, beside the résumé.
bool templated_output(const Options& options) {
  for (const char* key : {"{name}", "{lang}", "{page}"})
    if (options.output.find(key) != std::string::npos) return true;
  return false;
}

// The preview files of one variant, a name per page. Without {page} in
// the name, one page only: several pages under one name would overwrite
// each other, and names cvpdf made up would surprise a Makefile.
std::vector<std::string> page_paths(const std::string& pattern, const std::string& input, const std::string& language,
                                    std::size_t pages, const OutputBackend& backend) {
  if (pattern.find("{page}") == std::string::npos && pages > 1) {
    const std::string name(backend.names.front());
    throw OutputRefused({Severity::Error, SourceSpan{output_name(pattern, input, language), 0, 0},
                         "the résumé has " + std::to_string(pages) + " pages and " + name +
                             " output is one file per page, but the output name has no {page}",
                         "number the files with {page}, e.g. -o 'cv" + std::string(backend.default_suffix) + "'"});
  }
  std::vector<std::string> paths;
  for (std::size_t page = 1; page <= pages; ++page) paths.push_back(output_name(pattern, input, language, page));
  return paths;
}

// PDF dates are four-digit years: 0 (1970) to 9999-12-31T23:59:59Z.
constexpr std::int64_t kLastDate = 253402300799;

std::int64_t clamp_date(std::int64_t t) { return std::clamp<std::int64_t>(t, 0, kLastDate); }

// SOURCE_DATE_EPOCH when it is set and valid; a warning when it is set
// but not a number of seconds the PDF can carry.
std::optional<std::int64_t> source_date_epoch(Diagnostics& diags) {
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  if (!epoch) return std::nullopt;
  std::int64_t v = 0;
  const char* end = epoch + std::strlen(epoch);
  auto [ptr, ec] = std::from_chars(epoch, end, v);
  if (*epoch != '\0' && ec == std::errc() && ptr == end && v >= 0 && v <= kLastDate) return v;
  diags.warning({"SOURCE_DATE_EPOCH", 0, 0},
                std::string("'") + epoch + "' is not a number of seconds from 0 to 253402300799 (9999-12-31); "
                "the dates come from the input's modification time",
                "set it to a Unix time such as $(git log -1 --format=%ct), or unset it");
  return std::nullopt;
}

std::int64_t creation_time(const std::optional<std::int64_t>& epoch, const std::string& input) {
  if (epoch) return *epoch;
  if (input == "-") return clamp_date(static_cast<std::int64_t>(std::time(nullptr)));
  return clamp_date(modification_time(input));
}

// The variants step: the languages to render — every one with --all,
// --lang's, else the first declared; none (an error) for a --lang the
// résumé does not declare.
std::vector<std::string> variants(const Options& options, const model::Resume& resume, const std::string& input,
                                  Diagnostics& diags) {
  if (options.all) return resume.languages;
  if (options.language.empty()) return {resume.languages.front()};
  // BCP 47 tags compare without case, and en_GB means en-GB (the loader
  // writes the file's codes in canonical case).
  auto fold = [](std::string s) {
    for (auto& c : s) c = c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  for (const auto& declared : resume.languages)
    if (fold(declared) == fold(options.language)) return {declared};
  std::string declared;
  for (const auto& l : resume.languages) declared += (declared.empty() ? "" : ", ") + l;
  diags.error({input, 0, 0}, "the résumé has no language '" + options.language + "' (it declares " + declared + ")",
              "add it to `languages:` or choose one of " + declared);
  return {};
}

// The font files a document's glyph runs use.
void add_fonts(const frame::Document& doc, const text::FontBook& book, std::set<std::string>& files) {
  for (const auto& page : doc.pages)
    for (const auto& e : page.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e)) files.insert(book.face(run->face).path);
}


// What every step of a run shares.
struct Run {
  const Options& options;
  text::FontBook& book;
  Diagnostics& diags;
  std::string* log;  // -v's lines; nullptr without -v
  RenderResult& result;
  std::optional<std::int64_t> epoch;  // SOURCE_DATE_EPOCH
  std::shared_ptr<Spool> spool = nullptr;  // made for the first preview's pages

  bool checking() const { return options.command == Options::Command::Check; }
};

// One input on its way through the steps, and what its variants give.
struct Input {
  explicit Input(const std::string& given) : path(given), name(given == "-" ? "<stdin>" : given) {}

  std::string path;  // as given: "-" is standard input
  std::string name;  // in messages: "<stdin>" for "-"
  Stopwatch clock;   // -v's time per stage, from before it is read
  std::optional<model::Resume> resume;
  MakeRule rule;                // its outputs, and the files they depend on (-M)
  std::set<std::string> fonts;  // the font files its pages use
};

// The input's theme, and the photo it shows.
struct Look {
  LayoutKeys layout;
  model::StyleMap keys;  // the theme's keys merged: which words a language lacks (check)
  std::string photo;     // "" when there is none or the theme shows none
};

// Where one variant's output goes.
struct Destination {
  std::string language;
  std::string pattern;  // -o, or the default name
  std::string path;     // the pattern expanded, but for {page}
  Format format;
  std::string origin;  // "the output of r.yaml (en)", for refusals
};

// An output kept for the run's one write, and named as a target of the input's rule.
void keep(Run& run, Input& in, const std::string& path, OutputBytes bytes, std::string summary, std::string origin) {
  run.result.outputs.push_back(
      {path, std::move(bytes), std::move(summary), std::move(origin), templated_output(run.options)});
  in.rule.targets.push_back(path);
}

// The load step: reads the résumé and notes the file as read and watched.
bool load(Run& run, Input& in) {
  const std::string source = read_input(in.path);
  std::string base = in.path == "-" ? fs::current_path().string() : fs::path(in.path).parent_path().string();
  if (base.empty()) base = ".";
  if (in.path != "-") run.result.watched.push_back(in.path);
  if (in.path != "-") run.result.read.push_back(in.path);
  if (in.path == "-") run.result.read_stdin = true;
  in.resume = model::load_resume(source, in.name, base, run.diags);
  if (!in.resume || run.diags.has_errors()) return false;
  if (run.log) *run.log += "loaded " + in.name + " in " + fixed(in.clock.lap_ms()) + " ms\n";
  if (run.log && !in.resume->languages_declared)
    *run.log += "language: " + in.resume->languages.front() + " (detected from the text)\n";
  if (run.checking()) model::check_translations(*in.resume, run.diags);
  if (run.checking()) model::note_fields_not_shown(source, in.name, base, run.diags);
  return true;
}

// The style step, for the input: its theme's layers, and its photo.
Look load_look(Run& run, const Input& in) {
  const model::Resume& resume = *in.resume;
  Look look{load_layout(resume, run.options.layout, run.options.sets, run.diags), {}, {}};
  if (!look.layout.file.empty()) run.result.watched.push_back(look.layout.file);
  if (!look.layout.file.empty()) run.result.read.push_back(look.layout.file);
  // A theme that shows no photo (header.photo: none) neither reads nor
  // depends on it: a missing photo is then no reason for make to fail.
  const bool photo_shown = theme::header_photo(look.layout.layers) != theme::HeaderPhoto::None;
  // check lists what the page leaves out; this one the theme decides.
  if (run.checking() && !photo_shown && !resume.person.photo.empty())
    run.diags.note(resume.person.photo_span.known() ? resume.person.photo_span : resume.person.span,
                   "the photo is not shown", "the theme sets header.photo: none; a theme such as classic shows it");
  look.photo = photo_shown ? resume.photo_path() : std::string();
  if (!look.photo.empty()) {
    run.result.watched.push_back(look.photo);  // also while missing: adding it is a change
    run.result.read.push_back(look.photo);
  }
  look.keys = look.layout.layers.merged();
  return look;
}

// The style step, for one variant; nullopt when it has errors.
std::optional<theme::Style> variant_style(Run& run, const Input& in, const Look& look, const std::string& language) {
  theme::Style style = theme::resolve_style(look.layout.layers, language, run.diags);
  if (run.diags.has_errors()) return std::nullopt;
  if (run.checking()) {
    // A language the theme has no words for prints English ones there.
    const auto missing = theme::missing_language_words(look.keys, language);
    std::string keys;
    for (const auto& k : missing) keys += (keys.empty() ? "" : ", ") + k;
    if (!missing.empty())
      run.diags.warning(in.resume->span,
                        "the theme has no '" + language + "' words for " + keys + "; the English ones are printed",
                        "add them to the theme or the résumé's `style:`, e.g. words: {" + language +
                            ": {page: ...}}, dates: {" + language + ": {present: ...}}");
  }
  return style;
}

Destination destination(const Run& run, const Input& in, const std::string& language) {
  const std::string pattern = output_pattern(run.options, in.path, run.options.all, requested_format(run.options));
  const std::string path = output_name(pattern, in.path, language);
  return {language, pattern, path, output_format(run.options, path),
          "the output of " + in.name + " (" + language + ")"};
}

// The compose step: the variant laid out into pages; nullopt when it has
// errors or does not fit.
std::optional<frame::Document> compose_pages(Run& run, Input& in, const theme::Style& style, const std::string& language) {
  compose::ComposeOptions compose_options{language, creation_time(run.epoch, in.path),
                                          std::string("cvpdf ") + CVPDF_VERSION};
  compose_options.debug_overlay = run.options.debug_layout;
  const compose::VariantOptions variant{compose_options, static_cast<std::size_t>(run.options.fit_pages), in.name};
  compose::RenderedVariant rendered =
      compose::render_variant(*in.resume, style, run.book, variant, run.diags);
  if (rendered.fit_pages > 0) {
    if (!rendered.ok) return std::nullopt;
    if (run.log) {
      *run.log += "[" + language + "] fits " + std::to_string(rendered.fit_pages) + " page(s) at setting " +
                  fixed(rendered.fit_setting) + " after " + std::to_string(rendered.layouts) + " layout(s)\n";
    }
  }
  if (rendered.saved_page_fill > 0 && run.log) {
    *run.log += fmt::format(
        "[{}] the last page was {:.0f}% full (less than fit.short-page): set again at fit setting {:.3f} to end on "
        "page {}, after {} layout(s)\n",
        language, rendered.saved_page_fill * 100, rendered.fit_setting, rendered.document.pages.size(), rendered.layouts);
  }
  frame::Document doc = std::move(rendered.document);
  if (run.log) {
    *run.log += "[" + language + "] composed " + std::to_string(doc.pages.size()) + " page(s) in " +
                fixed(in.clock.lap_ms()) + " ms\n";
  }
  if (run.diags.has_errors()) return std::nullopt;
  run.book.check_unchanged();  // a font cut short while composing read zeros: never write from it
  add_fonts(doc, run.book, in.fonts);
  if (run.options.debug_layout && run.log) *run.log += frame::dump(doc, run.book);
  return doc;
}

WriterSettings writer_settings(const Options& options) { return {options.pdfa, options.dpi}; }

// The emit step of a format written from the model: no layout needed.
void emit_from_model(Run& run, Input& in, const theme::Style& style, const Destination& to, ModelWriter write) {
  // The PDF path says this while composing; the text leaves out the same.
  model::warn_nothing_to_show(*in.resume, to.language, run.diags);
  keep(run, in, to.path, write(*in.resume, style, to.language, creation_time(run.epoch, in.path)), "text", to.origin);
}

// The emit step of a preview: each page set down on the spool as it is
// drawn, so the run holds one page's pixels and file, not the document's.
void emit_pages(Run& run, Input& in, const frame::Document& doc, const Destination& to, const OutputBackend& backend) {
  const std::size_t pages = doc.pages.size();
  const std::vector<std::string> paths = page_paths(to.pattern, in.path, to.language, pages, backend);
  if (!run.spool) run.spool = std::make_shared<Spool>();
  const raster::PageSink keep_page = [&](std::size_t i, const std::string& file) {
    const std::string page = "page " + std::to_string(i + 1);
    keep(run, in, paths[i], OutputBytes::spooled(run.spool, file), page + " of " + std::to_string(pages),
         to.origin + ", " + page);
  };
  std::get<PageWriter>(backend.writer)(doc, run.book, writer_settings(run.options), keep_page);
  run.book.check_unchanged();
  if (run.log)
    *run.log += "[" + to.language + "] drew " + std::to_string(pages) + " page(s) in " + fixed(in.clock.lap_ms()) +
                " ms\n";
}

// The emit step of a format that is one file of the document.
void emit_document(Run& run, Input& in, frame::Document&& doc, const Destination& to, const OutputBackend& backend) {
  const std::size_t pages = doc.pages.size();
  std::string bytes = std::get<DocumentWriter>(backend.writer)(std::move(doc), run.book, writer_settings(run.options));
  run.book.check_unchanged();
  if (run.log) {
    *run.log += "[" + to.language + "] made the " + std::string(backend.title) + " (" + std::to_string(bytes.size()) +
                " bytes) in " + fixed(in.clock.lap_ms()) + " ms\n";
  }
  keep(run, in, to.path, std::move(bytes), std::to_string(pages) + (pages == 1 ? " page" : " pages"), to.origin);
}

// One variant through style, compose and emit. False: stop (an error, or a
// résumé that does not fit); the languages after it are not rendered.
bool render_variant(Run& run, Input& in, const Look& look, const std::string& language) {
  const std::optional<theme::Style> style = variant_style(run, in, look, language);
  if (!style) return false;
  const Destination to = destination(run, in, language);
  const OutputBackend& backend = output_backend(to.format);
  // check lays out every format: what it reports is the pages' messages.
  if (const auto* write = std::get_if<ModelWriter>(&backend.writer); write && !run.checking()) {
    emit_from_model(run, in, *style, to, *write);
    return true;
  }
  std::optional<frame::Document> doc = compose_pages(run, in, *style, language);
  if (!doc) return false;
  if (run.checking()) return true;
  if (backend.per_page())
    emit_pages(run, in, *doc, to, backend);
  else
    emit_document(run, in, std::move(*doc), to, backend);
  return true;
}

// What the input's outputs depend on, for -M; its fonts are watched too.
void keep_rule(Run& run, Input& in, const Look& look) {
  if (in.path != "-") in.rule.prerequisites.push_back(in.path);
  if (!look.layout.file.empty()) in.rule.prerequisites.push_back(look.layout.file);
  if (!look.photo.empty()) in.rule.prerequisites.push_back(look.photo);
  for (const auto& f : in.fonts) {
    in.rule.prerequisites.push_back(f);
    run.result.watched.push_back(f);
  }
  if (!in.rule.targets.empty()) run.result.rules.push_back(std::move(in.rule));
}

// One input: load, variants, then style, compose and emit for each variant.
void render_input(Run& run, const std::string& path) {
  Input in(path);
  if (!load(run, in)) return;
  const std::vector<std::string> languages = variants(run.options, *in.resume, in.name, run.diags);
  const Look look = load_look(run, in);
  if (run.diags.has_errors()) return;
  for (const std::string& language : languages)
    if (!render_variant(run, in, look, language)) break;
  keep_rule(run, in, look);
}

// Every face opened, used or not, is a file this run read; a deferred
// face no character needed was never opened (and is not opened now).
void note_fonts_read(Run& run) {
  for (std::size_t id = 0; id < run.book.size(); ++id) {
    const auto face_id = static_cast<text::FaceId>(id);
    if (!run.book.opened(face_id)) continue;
    const text::Face& f = run.book.face(face_id);
    run.result.read.push_back(f.path);
    if (!run.log) continue;
    *run.log += "font: " + f.family + " (" + f.postscript_name + ") from " + f.path;
    if (f.index) *run.log += " #" + std::to_string(f.index);
    if (!f.fallback_for.empty()) *run.log += ", fallback for " + text::describe_characters(f.fallback_for);
    *run.log += "\n";
  }
  if (const text::ColourEmoji* colour = run.book.colour_emoji_if_sought(); colour && colour->pictures() > 0) {
    run.result.read.push_back(colour->path());
    if (run.log)
      *run.log += "font: " + colour->family() + " from " + colour->path() + ", colour pictures of " +
                  std::to_string(colour->pictures()) + " emoji\n";
  }
}

// A coloured legend (🟢 🟡 🔴) that comes out grey says so: the faces
// cvpdf embeds are outlines, one colour each, and without an installed
// colour emoji face (text/colour_emoji.hpp) to take their pictures from
// the emoji are drawn as those outlines.
void warn_grey_emoji(Run& run) {
  for (std::size_t id = 0; id < run.book.size(); ++id) {
    const auto face_id = static_cast<text::FaceId>(id);
    if (!run.book.opened(face_id)) continue;
    const text::Face& f = run.book.face(face_id);
    std::vector<char32_t> grey = text::colour_emoji(f.fallback_for);
    if (const text::ColourEmoji* colour = grey.empty() ? nullptr : run.book.colour_emoji())
      grey.erase(std::remove_if(grey.begin(), grey.end(), [&](char32_t cp) { return colour->glyph(utf8::encode(cp)); }),
                 grey.end());
    if (grey.empty()) continue;
    run.diags.warning({f.path, 0, 0},
                      "colour emoji " + text::describe_characters(grey) + " are drawn in one colour by " + f.family +
                          ": cvpdf embeds fonts as outlines, and no installed colour emoji face has them",
                      "install a colour emoji font with PNG glyphs (Debian: fonts-noto-color-emoji); or let the "
                      "legend read the same in words, or in marks that need no colour (✓ ✗)");
  }
}

}  // namespace

RenderResult render_all(const Options& options, text::FontBook& book, Diagnostics& diags, std::string* log) {
  RenderResult result;
  Run run{options, book, diags, log, result, source_date_epoch(diags)};
  for (const auto& input : options.inputs) render_input(run, input);
  note_fonts_read(run);
  warn_grey_emoji(run);
  result.ok = !diags.has_errors();
  return result;
}

}  // namespace cvpdf::app
