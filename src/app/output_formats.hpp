// The output formats cvpdf writes, as one table: for each, the names
// --format takes, the extensions that choose it, the name an output gets
// without -o, whether it is a file per page, what --help says of it, and
// the function that makes its bytes. The command line (parsing, messages,
// --help, completions) and the pipeline (default names, which writer runs)
// know the formats from this table alone.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "raster/raster.hpp"

namespace cvpdf::model {
struct Resume;
}  // namespace cvpdf::model
namespace cvpdf::theme {
struct Style;
}  // namespace cvpdf::theme

namespace cvpdf::app {

// Auto: none chosen yet (no --format: the output's extension decides).
enum class Format { Auto, Pdf, Text, Markdown, Png, Svg };

// What the command line says about how an output is written.
struct WriterSettings {
  bool pdfa = false;  // --pdfa
  int dpi = 0;        // --dpi; 0: raster::kDefaultDpi
};

// A writer's kind also says where in the pipeline it runs.
// From the model, without laying anything out: the text exports, dated
// `creation_time` as the PDF would be.
using ModelWriter = std::string (*)(const model::Resume& resume, const theme::Style& style,
                                    const std::string& language, std::int64_t creation_time);
// From the composed document, one file; the document is used up.
using DocumentWriter = std::string (*)(frame::Document&& doc, const text::FontBook& book,
                                       const WriterSettings& settings);
// From the composed document, a file per page, each handed to `each` as it
// is drawn, so the run holds one page at a time.
using PageWriter = void (*)(const frame::Document& doc, const text::FontBook& book, const WriterSettings& settings,
                            const raster::PageSink& each);

struct OutputBackend {
  Format format;
  std::vector<std::string_view> names;       // what --format takes; messages and completions say the first
  std::vector<std::string_view> extensions;  // lower case, with the dot; --help and completions name the first
  std::string_view default_suffix;           // the name without -o: "{name}" (or "{name}-{lang}") and this
  std::string_view title;                    // what a file of it is called in prose: "PDF", "PNG"
  std::string_view description;              // for --help, after its name ("" for none)
  std::variant<ModelWriter, DocumentWriter, PageWriter> writer;

  // Previews: one file per page, numbered by {page}.
  bool per_page() const { return std::holds_alternative<PageWriter>(writer); }
};

// Every format, in the order messages and --help list them. The first is
// the default: what a run writes without -o or --format, and what a name
// without an extension (/dev/stdout) is.
std::span<const OutputBackend> output_backends();
Format default_format();

// The row of `format`; Auto, which has none, gets the first (the default).
const OutputBackend& output_backend(Format format);
bool per_page(Format format);

// --format's value; nullopt for a name no format has.
std::optional<Format> format_named(std::string_view name);

// The extension of a path's file name, in lower case ("" for none).
std::string lowercase_extension(const std::string& path);
// The format a path's extension chooses: the first row's for none, Auto
// for an extension no format has.
Format format_by_extension(const std::string& path);

}  // namespace cvpdf::app
