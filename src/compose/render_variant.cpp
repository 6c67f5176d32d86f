// render_variant: compose once, or let fit_to_pages lay out until the
// résumé fits, and report what does not fit as an error at the résumé.
#include "compose/render_variant.hpp"

#include <utility>

#include "compose/fit.hpp"
#include "compose/paragraph.hpp"

namespace cvpdf::compose {

namespace {

RenderedVariant compose_variant(const model::Resume& resume, const theme::Style& style,
                                text::FontBook& book, const VariantOptions& options, Diagnostics& diags) {
  RenderedVariant out;
  const bool asked_by_style = options.fit_pages == 0 && style.fit.pages > 0;
  const std::size_t pages = asked_by_style ? static_cast<std::size_t>(style.fit.pages) : options.fit_pages;
  if (pages == 0) {
    out.document = compose_document(resume, style, options.compose, book, diags);
    out.style = style;
    out.layouts = 1;
    out.ok = !diags.has_errors();
    return out;
  }
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
