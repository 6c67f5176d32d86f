// --fit-pages: the fitted style at a setting t, and the bisection on t
// (see fit.hpp). Every trial is a full layout: sizes change line breaks,
// line breaks change page breaks, and only composing again tells.
#include "compose/fit.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <variant>

#include "compose/paragraph.hpp"
#include "theme/style_fields.hpp"

namespace cvpdf::compose {

namespace {

Scaled lerp(Scaled from, Scaled to, double t) {
  return from + static_cast<Scaled>(static_cast<double>(to - from) * t);
}
double lerp(double from, double to, double t) { return from + (to - from) * t; }
double total(const std::vector<double>& fill) { return std::accumulate(fill.begin(), fill.end(), 0.0); }

Scaled times(Scaled length, double factor) { return static_cast<Scaled>(static_cast<double>(length) * factor); }

struct Trial {
  frame::Document document;
  theme::Style style;
  Diagnostics diags;
  double t = 0;
  std::vector<double> filled;  // how full each page is (ComposeOptions::filled)
};

}  // namespace

theme::Style fitted_style(const theme::Style& base, double t) {
  t = std::clamp(t, 0.0, 1.0);
  theme::Style s = base;
  if (t == 0) return s;
  const theme::FitLimits& fit = base.fit;

  // The field table (theme/style_fields.hpp) says which values move and how.
  // Sizes: the body text moves toward its limit; every other size (and the
  // indents measured in ems) keeps its proportion to it, so the hierarchy
  // of name, headings and text looks the same, only smaller.
  s.text_size = lerp(base.text_size, std::min(base.text_size, fit.min_text_size), t);
  const double k = static_cast<double>(s.text_size) / static_cast<double>(base.text_size);
  s.leading = lerp(base.leading, std::min(base.leading, fit.min_leading), t);
  s.leading_cjk = lerp(base.leading_cjk, std::min(base.leading_cjk, fit.min_leading_cjk), t);
  const double spacing = lerp(1.0, std::clamp(fit.min_spacing, 0.0, 1.0), t);
  for (const auto& field : theme::style_fields()) {
    const auto* access = std::get_if<Scaled& (*)(theme::Style&)>(&field.target);
    if (!access) continue;  // only lengths are Proportional, Gap or Margin
    Scaled& value = (*access)(s);
    switch (field.fit) {
      case theme::FitRole::Proportional: value = times(value, k); break;
      case theme::FitRole::Gap: value = times(value, spacing); break;
      case theme::FitRole::Margin: value = lerp(value, std::min(value, fit.min_margin), t); break;
      // Read above: they set the factors the others use.
      case theme::FitRole::BodySize:
      case theme::FitRole::Leading:
      case theme::FitRole::LeadingCjk:
      case theme::FitRole::None: break;
    }
  }
  return s;
}

FitResult fit_to_pages(const model::Resume& resume, const theme::Style& style, const ComposeOptions& options,
                       std::size_t pages, text::FontBook& book, Diagnostics& diags) {
  FitResult result;
  // The trials set the same paragraphs at different sizes: each is
  // prepared once, before sizes, for all of them (paragraph_sizes.cpp).
  if (options.memo) options.memo->keep_unsized = true;
  // Each trial keeps its own diagnostics: only the chosen layout's reach the
  // user, so a warning is not repeated once per trial.
  auto lay_out = [&](int k) {
    Trial trial;
    trial.t = static_cast<double>(k) / kFitGrid;
    trial.style = fitted_style(style, trial.t);
    ComposeOptions with_fill = options;
    with_fill.filled = &trial.filled;
    trial.document = compose_document(resume, trial.style, with_fill, book, trial.diags);
    ++result.layouts;
    return trial;
  };
  auto finish = [&](Trial&& trial, bool fits) {
    diags.add_all(trial.diags);
    result.fits = fits;
    result.pages = trial.document.pages.size();
    result.t = trial.t;
    result.style = std::move(trial.style);
    result.document = std::move(trial.document);
    return std::move(result);
  };
  auto fits = [&](const Trial& trial) { return trial.document.pages.size() <= pages; };

  Trial largest = lay_out(0);
  if (largest.diags.has_errors()) return finish(std::move(largest), false);
  if (fits(largest)) return finish(std::move(largest), true);

  Trial smallest = lay_out(kFitGrid);
  if (smallest.diags.has_errors()) return finish(std::move(smallest), false);
  if (!fits(smallest)) {
    const std::size_t k = smallest.document.pages.size();
    FitResult out = finish(std::move(smallest), false);
    out.message = "does not fit on " + std::to_string(pages) + (pages == 1 ? " page" : " pages") +
                  ": even the smallest setting gives " + std::to_string(k) + " pages";
    out.hint = "allow more pages, shorten the résumé, or lower the layout's fit.min-* limits";
    return out;
  }

  // The smallest k that fits, between `too_large` (never fits) and `best_k`
  // (always does). How much the content fills (the pages' fill summed)
  // falls with k almost linearly, and the résumé starts to fit about where
  // it reaches `pages` (less what breaking into pages wastes): a guess
  // interpolated on it lands on or next to the answer, where bisection
  // takes six trials. A guess that falls on the same side as the last
  // reaches twice as far past the bracket's end as that one did
  // (galloping), so a target off by the waste costs a trial or two, not
  // one per step; after kFitGuessSteps guesses, bisection.
  int too_large = 0, best_k = kFitGrid;
  double too_large_fill = total(largest.filled), best_fill = total(smallest.filled);
  Trial best = std::move(smallest);
  const double target = static_cast<double>(pages) - kFitWaste;
  int streak = 0;             // trials in a row on the same side
  bool last_fitted = false;   // the last trial's side
  for (int step = 0; best_k - too_large > 1; ++step) {
    int k = (too_large + best_k) / 2;
    if (step < kFitGuessSteps && too_large_fill > best_fill) {
      const double at = too_large + (best_k - too_large) * (too_large_fill - target) / (too_large_fill - best_fill);
      k = static_cast<int>(std::ceil(at));
      if (streak > 0 && !last_fitted) k = std::max(k, too_large + (1 << streak));
      if (streak > 0 && last_fitted) k = std::min(k, best_k - (1 << streak));
      k = std::clamp(k, too_large + 1, best_k - 1);
    }
    Trial trial = lay_out(k);
    if (trial.diags.has_errors()) return finish(std::move(trial), false);
    const bool fitted = fits(trial);
    streak = step > 0 && fitted == last_fitted ? streak + 1 : 0;
    last_fitted = fitted;
    if (fitted) {
      best_k = k;
      best_fill = total(trial.filled);
      best = std::move(trial);
    } else {
      too_large = k;
      too_large_fill = total(trial.filled);
    }
  }
  return finish(std::move(best), true);
}

}  // namespace cvpdf::compose
