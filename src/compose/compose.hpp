// Composing: résumé × style × language → positioned pages (frames). The
// orchestrator chains the stages: fonts → header → sections → pages →
// footers → outline and metadata.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "frame/frame.hpp"
#include "model/language_tags.hpp"
#include "model/resume.hpp"
#include "text/font_book.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose {

struct TextMemo;  // paragraph.hpp

struct ComposeOptions {
  std::string language;             // the variant, one of resume.languages
  std::int64_t creation_time = 0;   // seconds since the epoch, for the metadata
  std::string producer;             // "cvpdf 0.1.0"
  // --debug-layout: draw block boxes and baselines over the pages
  // (compose/overlay.hpp).
  bool debug_overlay = false;
  // Shapes and break lists kept across the layouts of one variant
  // (render_variant's, for --fit-pages); null: the layout keeps its own.
  TextMemo* memo = nullptr;
  // When given: set to how full each page is (paginate's), which
  // fit_to_pages guesses from.
  std::vector<double>* filled = nullptr;
};

// Font warnings point at the key that named the font (Style::origin).
frame::Document compose_document(const model::Resume& resume, const theme::Style& style,
                                 const ComposeOptions& options, text::FontBook& book, Diagnostics& diags);

}  // namespace cvpdf::compose
