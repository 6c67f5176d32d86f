// One variant of a résumé rendered: style (or the layer stack it is read
// from) × fonts → positioned pages, with --fit-pages when asked. The app,
// the tests and the fuzz targets all render through here, so none of them
// rebuilds the pipeline by hand.
#pragma once
#include <cstddef>
#include <string>

#include "compose/compose.hpp"
#include "core/diagnostics.hpp"
#include "frame/frame.hpp"
#include "model/language_tags.hpp"
#include "model/resume.hpp"
#include "text/font_book.hpp"
#include "theme/style.hpp"
#include "theme/style_layers.hpp"

namespace cvpdf::compose {

struct VariantOptions {
  ComposeOptions compose;     // the language, dates and producer, the debug overlay
  std::size_t fit_pages = 0;  // --fit-pages N; 0: as the style's fit.pages says (0 there too: as it is)
  std::string input_name = {};  // names the résumé in the "does not fit" error ("<stdin>"); "" : its source path
};

struct RenderedVariant {
  frame::Document document;
  theme::Style style;  // the style `document` was set with (the fitted one with --fit-pages)
  // With --fit-pages or fit.pages: the page count fitted (0: none), the
  // setting chosen (0 … 1) and how many layouts it took.
  std::size_t fit_pages = 0;
  double fit_setting = 0;
  int layouts = 0;
  // Without a page count asked: the share of the text area the last page
  // would have filled, when fit.short-page saved that page (0: it did not).
  double saved_page_fill = 0;
  bool ok = false;  // false: errors were reported to the diagnostics
};

// Renders `resume` in `style` (messages point where its values were set:
// Style::origin). Without a page count asked, a last page filled less than
// style.fit.short_page is saved when the fit limits allow: the résumé is
// fitted to one page fewer (saved_page_fill says so). When the résumé does not fit
// the pages asked for (options.fit_pages, else the style's fit.pages) even
// at the smallest setting, that is an error here: at the résumé for
// --fit-pages, at the key for fit.pages.
RenderedVariant render_variant(const model::Resume& resume, const theme::Style& style,
                               text::FontBook& book, const VariantOptions& options, Diagnostics& diags);

// Reads the style from `layers` for options.compose.language, then renders.
RenderedVariant render_variant(const model::Resume& resume, const theme::StyleLayers& layers, text::FontBook& book,
                               const VariantOptions& options, Diagnostics& diags);

}  // namespace cvpdf::compose
