// --fit-pages N: the largest setting, within the layout's `fit` limits, at
// which the résumé fits N pages — found by laying it out again, never by
// scaling the PDF. One parameter t in [0, 1] moves every fitted value
// together from the layout's own (t = 0) to its limit (t = 1): the body
// size (and every other size in proportion), the leading, the vertical
// gaps and the margins. Pages(t) falls as t grows, so a bisection on t finds
// the smallest t that fits with a handful of layouts.
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

namespace cvpdf::compose {

// The settings tried: t = k / kFitGrid, so t is found to within 1/64 (the
// smallest k that fits), as six steps of bisection would.
inline constexpr int kFitGrid = 64;
// How many of the trials after the two ends are guesses (fit.cpp), before
// bisection finishes what they did not.
inline constexpr int kFitGuessSteps = 6;
// What breaking into pages is taken to waste, in pages, when guessing
// where the content starts to fit: measured on the showcase and long CVs
// in every theme, the fill at which they start to fit lies 0 to 0.08
// below the page count.
inline constexpr double kFitWaste = 0.01;

struct FitResult {
  bool fits = false;
  // The laid-out résumé: at the largest setting that fits; when nothing
  // fits, at the smallest setting (t = 1).
  frame::Document document;
  theme::Style style;              // the style `document` was set with
  double t = 0;             // 0: the layout as written … 1: every fit.min-* limit
  int layouts = 0;          // how many times the résumé was laid out
  std::size_t pages = 0;    // pages of `document`
  // When !fits: "does not fit on 1 page: even the smallest setting gives 2
  // pages", and what to do about it.
  std::string message;
  std::string hint;
};

// The style at setting t: the fitted values of `base` moved the fraction t
// of the way to base.fit's limits (t is clamped to [0, 1]).
theme::Style fitted_style(const theme::Style& base, double t);

// Lays out `resume` (as compose_document does, with the same arguments) at
// the largest setting that fits `pages` pages. Warnings of the trial
// layouts are dropped; those of the returned layout go to `diags`. Errors
// (a missing font) stop the search: the result then has fits == false and
// an empty message, and the errors are in `diags`.
FitResult fit_to_pages(const model::Resume& resume, const theme::Style& style, const ComposeOptions& options,
                       std::size_t pages, text::FontBook& book, Diagnostics& diags);

}  // namespace cvpdf::compose
