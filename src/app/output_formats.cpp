// The table of output formats and its look-ups (see output_formats.hpp).
#include "app/output_formats.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "app/text_export.hpp"
#include "pdf/pdf_writer.hpp"

namespace cvpdf::app {

namespace {

std::string plain_text(const model::Resume& resume, const theme::Style& style, const std::string& language,
                       std::int64_t creation_time) {
  return export_text(resume, style, language, TextFlavour::Plain, creation_time);
}

std::string markdown(const model::Resume& resume, const theme::Style& style, const std::string& language,
                     std::int64_t creation_time) {
  return export_text(resume, style, language, TextFlavour::Markdown, creation_time);
}

std::string pdf_file(frame::Document&& doc, const text::FontBook& book, const WriterSettings& settings) {
  return pdf::write_pdf(std::move(doc), book, pdf::PdfOptions{.pdfa = settings.pdfa});
}

void png_pages(const frame::Document& doc, const text::FontBook& book, const WriterSettings& settings,
               const raster::PageSink& each) {
  raster::pages_png(doc, book, settings.dpi ? settings.dpi : raster::kDefaultDpi, each);
}

void svg_pages(const frame::Document& doc, const text::FontBook& book, const WriterSettings&,
               const raster::PageSink& each) {
  raster::pages_svg(doc, book, each);
}

bool contains(const std::vector<std::string_view>& words, std::string_view word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

}  // namespace

std::span<const OutputBackend> output_backends() {
  static const OutputBackend backends[] = {
      {Format::Pdf, {"pdf"}, {".pdf"}, ".pdf", "PDF", "", pdf_file},
      {Format::Text, {"txt", "text"}, {".txt", ".text"}, ".txt", "text", "plain text for applicant-tracking systems",
       plain_text},
      {Format::Markdown, {"md", "markdown"}, {".md", ".markdown"}, ".md", "Markdown", "Markdown", markdown},
      {Format::Png, {"png"}, {".png"}, "-{page}.png", "PNG", "a preview, one file per page", png_pages},
      {Format::Svg, {"svg"}, {".svg"}, "-{page}.svg", "SVG", "a preview, one file per page", svg_pages},
  };
  return backends;
}

Format default_format() { return output_backends().front().format; }

const OutputBackend& output_backend(Format format) {
  const auto backends = output_backends();
  const auto row = std::find_if(backends.begin(), backends.end(), [&](const auto& b) { return b.format == format; });
  return row != backends.end() ? *row : backends.front();
}

bool per_page(Format format) { return format != Format::Auto && output_backend(format).per_page(); }

std::optional<Format> format_named(std::string_view name) {
  for (const auto& backend : output_backends())
    if (contains(backend.names, name)) return backend.format;
  return std::nullopt;
}

std::string lowercase_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

Format format_by_extension(const std::string& path) {
  const std::string ext = lowercase_extension(path);
  if (ext.empty()) return default_format();
  for (const auto& backend : output_backends())
    if (contains(backend.extensions, ext)) return backend.format;
  return Format::Auto;
}

}  // namespace cvpdf::app
