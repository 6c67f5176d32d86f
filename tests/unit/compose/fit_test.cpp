// --fit-pages (compose/fit.hpp): the fitted style at a setting t, and the
// search for the largest setting that fits, on a synthetic résumé of n
// one-line bullets whose page count is easy to reason about.
#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <string>

#include "classic_layout.hpp"
#include "compose/fit.hpp"
#include "compose/render_variant.hpp"
#include "model/loader.hpp"
#include "theme/style_fields.hpp"

namespace cvpdf::compose {
namespace {

struct Fixture {
  Diagnostics diags;
  model::StyleMap keys;
  theme::Style style;
  text::FontBook book;
  std::optional<model::Resume> resume;

  explicit Fixture(int bullets) {
    keys = classic_layout_keys(diags);
    style = theme::resolve_style({}, keys, "en", diags);
    std::string yaml = "languages: [en]\nperson:\n  name: Ada Example\nsections:\n  - title: Notes\n    bullets:\n";
    for (int i = 0; i < bullets; ++i)
      yaml += "      - Note number " + std::to_string(i + 1) + " is one short line.\n";
    resume = model::load_resume(yaml, "notes.yaml", ".", diags);
  }
  FitResult fit(std::size_t pages) {
    return fit_to_pages(*resume, style, {"en", 0, "test"}, pages, book, diags);
  }
};

TEST(FittedStyle, MovesEveryFittedValueTogether) {
  Fixture f(1);
  const theme::Style& base = f.style;
  ASSERT_LT(base.fit.min_text_size, base.text_size);
  ASSERT_LT(base.fit.min_spacing, 1.0);

  theme::Style same = fitted_style(base, 0);
  EXPECT_EQ(same.text_size, base.text_size);
  EXPECT_EQ(same.margin_top, base.margin_top);

  theme::Style smallest = fitted_style(base, 1);
  EXPECT_EQ(smallest.text_size, base.fit.min_text_size);
  EXPECT_DOUBLE_EQ(smallest.leading, base.fit.min_leading);
  EXPECT_DOUBLE_EQ(smallest.leading_cjk, base.fit.min_leading_cjk);
  EXPECT_EQ(smallest.margin_left, std::min(base.margin_left, base.fit.min_margin));
  EXPECT_NEAR(static_cast<double>(smallest.entry_space_between),
              static_cast<double>(base.entry_space_between) * base.fit.min_spacing, 1);
  // Other sizes keep their proportion to the text size.
  const double k = static_cast<double>(smallest.text_size) / static_cast<double>(base.text_size);
  EXPECT_NEAR(static_cast<double>(smallest.heading_size), static_cast<double>(base.heading_size) * k, 1);
  EXPECT_NEAR(static_cast<double>(smallest.name_size), static_cast<double>(base.name_size) * k, 1);

  theme::Style half = fitted_style(base, 0.5);
  EXPECT_GT(half.text_size, smallest.text_size);
  EXPECT_LT(half.text_size, base.text_size);
  // t is clamped.
  EXPECT_EQ(fitted_style(base, 7).text_size, smallest.text_size);
  EXPECT_EQ(fitted_style(base, -1).text_size, base.text_size);
}

// The fit lists are the field table's fit roles: each row's value moves
// as its role says, and no other length moves.
TEST(FittedStyle, EveryFieldMovesAsItsFitRoleSays) {
  Fixture f(1);
  const theme::Style& base = f.style;
  theme::Style smallest = fitted_style(base, 1);
  const double k = static_cast<double>(smallest.text_size) / static_cast<double>(base.text_size);
  std::set<std::string> proportional, gaps, margins;
  for (const auto& field : theme::style_fields()) {
    const auto* access = std::get_if<Scaled& (*)(theme::Style&)>(&field.target);
    if (!access || field.key == "text.size") continue;
    theme::Style before = base;
    const double from = static_cast<double>((*access)(before));
    const double to = static_cast<double>((*access)(smallest));
    switch (field.fit) {
      case theme::FitRole::Proportional: proportional.emplace(field.key); EXPECT_NEAR(to, from * k, 1) << field.key; break;
      case theme::FitRole::Gap: gaps.emplace(field.key); EXPECT_NEAR(to, from * base.fit.min_spacing, 1) << field.key; break;
      case theme::FitRole::Margin:
        margins.emplace(field.key);
        EXPECT_EQ(to, std::min(from, static_cast<double>(base.fit.min_margin))) << field.key;
        break;
      default: EXPECT_EQ(to, from) << field.key << " moved without a fit role"; break;
    }
  }
  // The lists compose/fit.cpp held by hand before the table.
  EXPECT_EQ(proportional, (std::set<std::string>{"header.name-size", "header.headline-size", "header.contact-size",
                                                 "metrics.value-size", "metrics.label-size", "heading.size",
                                                 "entry.date-size", "entry.tag-size", "entry.links-size", "footer.size",
                                                 "footer.text-size", "header.text-size", "bullets.indent",
                                                 "pairs.column-gap"}));
  EXPECT_EQ(gaps, (std::set<std::string>{"text.paragraph-gap", "header.gap-after-name", "header.gap-after-headline",
                                         "header.gap-after-contact", "header.gap-after-summary", "metrics.gap-after",
                                         "heading.rule-gap", "heading.space-before", "heading.space-after",
                                         "entry.space-between", "entry.head-gap", "bullets.space-between",
                                         "bullets.gap-before", "pairs.space-between", "publications.space-between"}));
  EXPECT_EQ(margins.size(), 4u);
}

TEST(FittedStyle, LimitsAboveTheLayoutsValuesChangeNothing) {
  Fixture f(1);
  theme::Style base = f.style;
  base.fit.min_text_size = base.text_size;
  base.fit.min_leading = base.leading;
  base.fit.min_leading_cjk = base.leading_cjk;
  base.fit.min_spacing = 1;
  base.fit.min_margin = kMaxScaled;
  theme::Style s = fitted_style(base, 1);
  EXPECT_EQ(s.text_size, base.text_size);
  EXPECT_EQ(s.margin_top, base.margin_top);
  EXPECT_EQ(s.heading_space_before, base.heading_space_before);
}

TEST(FitToPages, AlreadyFittingNeedsOneLayout) {
  Fixture f(20);
  FitResult r = f.fit(1);
  EXPECT_TRUE(r.fits);
  EXPECT_EQ(r.layouts, 1);
  EXPECT_EQ(r.t, 0);
  EXPECT_EQ(r.pages, 1u);
  EXPECT_EQ(r.document.pages.size(), 1u);
  EXPECT_EQ(r.style.text_size, f.style.text_size);
  EXPECT_TRUE(r.message.empty());
}

// The fewest bullets that take two pages as the layout is written (so the
// tests follow the layout's sizes if they change).
int bullets_for_two_pages() {
  static int n = [] {
    for (int bullets = 30; bullets < 200; bullets += 2) {
      Fixture f(bullets);
      if (render_variant(*f.resume, f.style, f.book, {{"en", 0, "test"}}, f.diags).document.pages.size() > 1)
        return bullets;
    }
    return 0;
  }();
  return n;
}

TEST(FitToPages, ShrinksUntilItFits) {
  // Two pages as written, one at the limits (the margins and gaps alone
  // give more than a few lines).
  const int n = bullets_for_two_pages();
  ASSERT_GT(n, 0);
  Fixture f(n);
  FitResult r = f.fit(1);
  EXPECT_TRUE(r.fits) << r.message;
  EXPECT_EQ(r.pages, 1u);
  EXPECT_EQ(r.document.pages.size(), 1u);
  EXPECT_GT(r.t, 0);
  EXPECT_LE(r.t, 1);
  EXPECT_LT(r.style.text_size, f.style.text_size);
  // The guesses find it in fewer trials than bisection's six, and never
  // take more than kFitGuessSteps.
  EXPECT_LT(r.layouts, 2 + 6);
  EXPECT_LE(r.layouts, 2 + kFitGuessSteps);
  // The largest setting that fits: one step of the grid larger does not.
  theme::Style bigger = fitted_style(f.style, r.t - 1.0 / 64);
  bigger.fit.short_page = 0;  // as it is, not saved by fitting again
  Diagnostics d;
  frame::Document doc = render_variant(*f.resume, bigger, f.book, {{"en", 0, "test"}}, d).document;
  EXPECT_EQ(doc.pages.size(), 2u);
}

TEST(FitToPages, SaysWhenEvenTheSmallestSettingIsTooLong) {
  Fixture f(200);
  FitResult r = f.fit(1);
  EXPECT_FALSE(r.fits);
  EXPECT_EQ(r.layouts, 2);
  EXPECT_EQ(r.t, 1);
  EXPECT_GE(r.pages, 2u);
  EXPECT_EQ(r.message, "does not fit on 1 page: even the smallest setting gives " + std::to_string(r.pages) + " pages");
  EXPECT_FALSE(r.hint.empty());
  EXPECT_FALSE(f.diags.has_errors());
}

TEST(FitToPages, WarningsOfTrialLayoutsAreNotRepeated) {
  // A character no font has warns once, not once per trial layout. (A
  // private-use one: U+1F0A1 was one, until system fallback found it.)
  Fixture f(bullets_for_two_pages());
  f.resume->sections.front().bullets.front().text = model::Localized::plain("A glyph nobody has: \xF3\xB0\x80\x81");
  const std::size_t before = f.diags.all().size();
  FitResult r = f.fit(1);
  EXPECT_GT(r.layouts, 1);
  EXPECT_EQ(f.diags.all().size(), before + 1);
}

}  // namespace
}  // namespace cvpdf::compose
