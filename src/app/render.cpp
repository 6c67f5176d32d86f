// The pipeline for every input × variant: model → style → compose → PDF,
// PNG or SVG pages, or text, with timings for -v and the dependencies for -M and --watch.
#include "app/render.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <optional>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "app/files.hpp"
#include "app/layouts.hpp"
#include "app/output_target.hpp"
#include "app/text_export.hpp"
#include "compose/render_variant.hpp"
#include "core/templates.hpp"
#include "frame/dump.hpp"
#include "model/language_tags.hpp"
#include "model/loader.hpp"
#include "model/locale_words.hpp"
#include "model/not_shown.hpp"
#include "model/visible_content.hpp"
#include "pdf/pdf_writer.hpp"
#include "raster/raster.hpp"
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
  // A preview is one file per page, numbered.
  const std::string ext = format == Format::Text       ? ".txt"
                          : format == Format::Markdown ? ".md"
                          : format == Format::Png      ? "-{page}.png"
                          : format == Format::Svg      ? "-{page}.svg"
                                                       : ".pdf";
  return several_variants ? "{name}-{lang}" + ext : "{name}" + ext;
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
                                    std::size_t pages, Format format) {
  if (pattern.find("{page}") == std::string::npos && pages > 1) {
    const char* ext = format == Format::Png ? "png" : "svg";
    throw OutputRefused({Severity::Error, SourceSpan{output_name(pattern, input, language), 0, 0},
                         "the résumé has " + std::to_string(pages) + " pages and " + ext +
                             " output is one file per page, but the output name has no {page}",
                         std::string("number the files with {page}, e.g. -o 'cv-{page}.") + ext + "'"});
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

// The photo's file, resolved as compose resolves it (against the résumé's
// directory); "" when there is none.
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

}  // namespace

RenderResult render_all(const Options& options, text::FontBook& book, Diagnostics& diags, std::string* log) {
  RenderResult result;
  std::shared_ptr<Spool> spool;  // made for the first preview's pages
  const bool check = options.command == Options::Command::Check;
  const std::optional<std::int64_t> epoch = source_date_epoch(diags);
  for (const auto& input : options.inputs) {
    Stopwatch clock;
    const std::string name = input == "-" ? "<stdin>" : input;
    std::string source = read_input(input);
    std::string base = input == "-" ? fs::current_path().string() : fs::path(input).parent_path().string();
    if (base.empty()) base = ".";
    if (input != "-") result.watched.push_back(input);
    if (input != "-") result.read.push_back(input);
    if (input == "-") result.read_stdin = true;
    auto resume = model::load_resume(source, name, base, diags);
    if (!resume || diags.has_errors()) continue;
    if (log) *log += "loaded " + name + " in " + fixed(clock.lap_ms()) + " ms\n";
    if (log && !resume->languages_declared) *log += "language: " + resume->languages.front() + " (detected from the text)\n";
    if (check) model::check_translations(*resume, diags);
    if (check) model::note_fields_not_shown(source, name, base, diags);

    auto languages = variants(options, *resume, name, diags);
    LayoutKeys layout = load_layout(*resume, options.layout, options.sets, diags);
    if (!layout.file.empty()) result.watched.push_back(layout.file);
    if (!layout.file.empty()) result.read.push_back(layout.file);
    // A theme that shows no photo (header.photo: none) neither reads nor
    // depends on it: a missing photo is then no reason for make to fail.
    const theme::LayeredValue photo_side = layout.layers.lookup("header.photo");
    std::string side = photo_side && !photo_side.value->is_list ? photo_side.value->scalar : std::string();
    for (auto& c : side) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool photo_shown = side != "none";
    // check lists what the page leaves out; this one the theme decides.
    if (check && !photo_shown && !resume->person.photo.empty())
      diags.note(resume->person.photo_span.known() ? resume->person.photo_span : resume->person.span,
                 "the photo is not shown", "the theme sets header.photo: none; a theme such as classic shows it");
    const std::string photo = photo_shown ? resume->photo_path() : std::string();
    if (!photo.empty()) {
      result.watched.push_back(photo);  // also while missing: adding it is a change
      result.read.push_back(photo);
    }
    if (diags.has_errors()) continue;

    const model::StyleMap layout_keys = layout.layers.merged();  // where font messages point
    MakeRule rule;
    std::set<std::string> fonts;
    // One language's outputs; false: stop (an error, or a résumé that
    // does not fit), the languages after it are not rendered.
    auto render_language = [&](const std::string& language) -> bool {
      std::string* const log_here = log;
      theme::Style style = theme::resolve_style(layout.layers, language, diags);
      if (diags.has_errors()) return false;
      if (check) {
        // A language the theme has no words for prints English ones there.
        const auto missing = theme::missing_language_words(layout_keys, language);
        std::string keys;
        for (const auto& k : missing) keys += (keys.empty() ? "" : ", ") + k;
        if (!missing.empty())
          diags.warning(resume->span, "the theme has no '" + language + "' words for " + keys + "; the English ones are printed",
                        "add them to the theme or the résumé's `style:`, e.g. words: {" + language +
                            ": {page: ...}}, dates: {" + language + ": {present: ...}}");
      }
      const Format default_format = options.format == Format::Auto ? Format::Pdf : options.format;
      const std::string pattern = output_pattern(options, input, options.all, default_format);
      const std::string path = output_name(pattern, input, language);
      const Format format = output_format(options, path);
      if (!check && (format == Format::Text || format == Format::Markdown)) {
        auto flavour = format == Format::Markdown ? TextFlavour::Markdown : TextFlavour::Plain;
        // The PDF path says this while composing; the text leaves out the same.
        model::warn_nothing_to_show(*resume, language, diags);
        result.outputs.push_back({path, export_text(*resume, style, language, flavour), "text",
                                "the output of " + name + " (" + language + ")", templated_output(options)});
        rule.targets.push_back(path);
        return true;
      }
      compose::ComposeOptions compose_options{language, creation_time(epoch, input), std::string("cvpdf ") + CVPDF_VERSION};
      compose_options.debug_overlay = options.debug_layout;
      const compose::VariantOptions variant{compose_options, static_cast<std::size_t>(options.fit_pages), name};
      compose::RenderedVariant rendered = compose::render_variant(*resume, style, layout_keys, book, variant, diags);
      if (rendered.fit_pages > 0) {
        if (!rendered.ok) return false;
        if (log_here) {
          *log_here += "[" + language + "] fits " + std::to_string(rendered.fit_pages) + " page(s) at setting " +
                       fixed(rendered.fit_setting) + " after " + std::to_string(rendered.layouts) + " layout(s)\n";
        }
      }
      frame::Document doc = std::move(rendered.document);
      const std::size_t pages = doc.pages.size();
      if (log_here)
        *log_here += "[" + language + "] composed " + std::to_string(pages) + " page(s) in " + fixed(clock.lap_ms()) + " ms\n";
      if (diags.has_errors()) return false;
      book.check_unchanged();  // a font cut short while composing read zeros: never write from it
      add_fonts(doc, book, fonts);
      if (options.debug_layout && log_here) *log_here += frame::dump(doc, book);
      if (check) return true;
      const std::string origin = "the output of " + name + " (" + language + ")";
      if (per_page(format)) {
        const std::vector<std::string> paths = page_paths(pattern, input, language, pages, format);
        // Each page set down on the spool as it is drawn: the run holds
        // one page's pixels and file, not the document's.
        if (!spool) spool = std::make_shared<Spool>();
        const raster::PageSink keep = [&](std::size_t i, const std::string& file) {
          const std::string page = "page " + std::to_string(i + 1);
          result.outputs.push_back({paths[i], OutputBytes::spooled(spool, file), page + " of " + std::to_string(pages),
                                    origin + ", " + page, templated_output(options)});
          rule.targets.push_back(paths[i]);
        };
        if (format == Format::Png)
          raster::pages_png(doc, book, options.dpi ? options.dpi : raster::kDefaultDpi, keep);
        else
          raster::pages_svg(doc, book, keep);
        book.check_unchanged();
        if (log_here)
          *log_here += "[" + language + "] drew " + std::to_string(pages) + " page(s) in " + fixed(clock.lap_ms()) + " ms\n";
        return true;
      }
      std::string bytes = pdf::write_pdf(std::move(doc), book, pdf::PdfOptions{.pdfa = options.pdfa});
      book.check_unchanged();
      if (log_here) {
        *log_here += "[" + language + "] made the PDF (" + std::to_string(bytes.size()) + " bytes) in " +
                     fixed(clock.lap_ms()) + " ms\n";
      }
      result.outputs.push_back({path, std::move(bytes), std::to_string(pages) + (pages == 1 ? " page" : " pages"), origin,
                              templated_output(options)});
      rule.targets.push_back(path);
      return true;
    };
    for (const std::string& language : languages)
      if (!render_language(language)) break;
    if (input != "-") rule.prerequisites.push_back(input);
    if (!layout.file.empty()) rule.prerequisites.push_back(layout.file);
    if (!photo.empty()) rule.prerequisites.push_back(photo);
    for (const auto& f : fonts) {
      rule.prerequisites.push_back(f);
      result.watched.push_back(f);
    }
    if (!rule.targets.empty()) result.rules.push_back(std::move(rule));
  }
  // Every face opened, used or not, is a file this run read; a deferred
  // face no character needed was never opened (and is not opened now).
  for (std::size_t id = 0; id < book.size(); ++id) {
    const auto face_id = static_cast<text::FaceId>(id);
    if (!book.opened(face_id)) continue;
    const text::Face& f = book.face(face_id);
    result.read.push_back(f.path);
    if (!log) continue;
    *log += "font: " + f.family + " (" + f.postscript_name + ") from " + f.path;
    if (f.index) *log += " #" + std::to_string(f.index);
    if (!f.fallback_for.empty()) *log += ", fallback for " + text::describe_characters(f.fallback_for);
    *log += "\n";
  }
  result.ok = !diags.has_errors();
  return result;
}

}  // namespace cvpdf::app
