// render_variant: compose once, or let fit_to_pages lay out until the
// résumé fits, and report what does not fit as an error at the résumé.
#include "compose/render_variant.hpp"

#include <utility>
#include <vector>

#include "compose/fit.hpp"
#include "compose/paragraph.hpp"

namespace cvpdf::compose {

namespace {

// One layout; when its last page is short (fit.short-page), a second try
// fitted to one page fewer, kept only when it fits. Each layout keeps its
// own diagnostics until one is chosen, so no warning is said twice.
RenderedVariant compose_saving_short_page(const model::Resume& resume, const theme::Style& style,
                                          text::FontBook& book, const VariantOptions& options, Diagnostics& diags) {
  RenderedVariant out;
  std::vector<double> filled;
  ComposeOptions with_fill = options.compose;
  with_fill.filled = &filled;
  Diagnostics first;
  try {
    out.document = compose_document(resume, style, with_fill, book, first);
  } catch (const FatalError&) {
    diags.add_all(first);  // what was said before the error (a missing font's warning) is said
    throw;
  }
  out.style = style;
  out.layouts = 1;
  const std::size_t pages = out.document.pages.size();
  const bool short_last = pages > 1 && filled.size() == pages && filled.back() < style.fit.short_page;
  if (short_last && !first.has_errors()) {
    // The first layout is let go while the fit search holds its own (a long
    // CV's pages are tens of megabytes); it is laid out again in the rare
    // case that the limits cannot save the page.
    out.document = {};
    Diagnostics fitted_diags;
    FitResult fit = fit_to_pages(resume, style, options.compose, pages - 1, book, fitted_diags);
    out.layouts += fit.layouts;
    if (fit.fits && !fitted_diags.has_errors()) {
      diags.add_all(fitted_diags);
      out.saved_page_fill = filled.back();
      out.fit_setting = fit.t;
      out.document = std::move(fit.document);
      out.style = std::move(fit.style);
      out.ok = !diags.has_errors();
      return out;
    }
    first.clear();
    out.document = compose_document(resume, style, options.compose, book, first);
    ++out.layouts;
  }
  diags.add_all(first);
  out.ok = !diags.has_errors();
  return out;
}

RenderedVariant compose_variant(const model::Resume& resume, const theme::Style& style,
                                text::FontBook& book, const VariantOptions& options, Diagnostics& diags) {
  RenderedVariant out;
  const bool asked_by_style = options.fit_pages == 0 && style.fit.pages > 0;
  const std::size_t pages = asked_by_style ? static_cast<std::size_t>(style.fit.pages) : options.fit_pages;
  if (pages == 0) return compose_saving_short_page(resume, style, book, options, diags);
  FitResult fit = fit_to_pages(resume, style, options.compose, pages, book, diags);
  if (!fit.fits && !fit.message.empty()) {
    // A résumé in several languages fits in one and not in another: the
    // message says which (--all stops at the first that fails).
    const std::string message =
        resume.languages.size() > 1 ? fit.message + " in " + options.compose.language : fit.message;
    const theme::FieldOrigin& asked_at = style.origin(style.fit.pages);
    if (asked_by_style && asked_at.given) {
      diags.error(asked_at.span, message + " (fit.pages: " + std::to_string(pages) + ")",
                  fit.hint + ", or raise fit.pages");
    } else {
      const std::string name = options.input_name.empty() ? resume.source_path : options.input_name;
      diags.error({name, 0, 0}, message, fit.hint);
    }
  }
  out.fit_pages = pages;
  out.document = std::move(fit.document);
  out.style = std::move(fit.style);
  out.fit_setting = fit.t;
  out.layouts = fit.layouts;
  out.ok = fit.fits && !diags.has_errors();
  return out;
}

}  // namespace

RenderedVariant render_variant(const model::Resume& resume, const theme::Style& style,
                               text::FontBook& book, const VariantOptions& options, Diagnostics& diags) {
  // The layouts of one variant set the same texts: each is shaped and
  // broken into segments once.
  TextMemo memo;
  VariantOptions shared = options;
  shared.compose.memo = &memo;
  return compose_variant(resume, style, book, shared, diags);
}

RenderedVariant render_variant(const model::Resume& resume, const theme::StyleLayers& layers, text::FontBook& book,
                               const VariantOptions& options, Diagnostics& diags) {
  theme::Style style = theme::resolve_style(layers, options.compose.language, diags);
  if (diags.has_errors()) {
    RenderedVariant none;
    none.style = std::move(style);
    return none;
  }
  return render_variant(resume, style, book, options, diags);
}

}  // namespace cvpdf::compose
