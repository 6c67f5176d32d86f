// Style resolution and date formatting.
#include <gtest/gtest.h>

#include <cmath>

#include "compose/dates.hpp"
#include "model/language_tags.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose {
namespace {

model::StyleValue scalar(std::string s, int line = 1) {
  model::StyleValue v;
  v.scalar = std::move(s);
  v.span = {"layout.yaml", line, 3};
  return v;
}
model::StyleValue list(std::vector<std::string> l) {
  model::StyleValue v;
  v.list = std::move(l);
  v.is_list = true;
  return v;
}

model::StyleMap defaults() {
  return {
      {"page.size", scalar("a4")},
      {"page.margin.top", scalar("15mm")},
      {"page.margin.bottom", scalar("15mm")},
      {"page.margin.left", scalar("1in")},
      {"page.margin.right", scalar("72pt")},
      {"fonts.latin", list({"Lato"})},
      {"fonts.cjk", list({"Noto Sans CJK SC"})},
      {"fonts.cjk-ja", list({"Noto Sans CJK JP"})},
      {"text.size", scalar("10pt")},
      {"heading.letter-spacing", scalar("0.1em")},
      {"colors.accent", scalar("#1f4e79")},
      {"dates.en.pattern", scalar("{month} {year}")},
      {"dates.en.months", list({"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"})},
      {"dates.en.present", scalar("Present")},
      {"dates.zh.pattern", scalar("{year}.{mm}")},
      {"dates.zh.present", scalar("至今")},
  };
}

TEST(Style, ReadsLengthsColoursAndPageSizes) {
  Diagnostics diags;
  theme::Style s = theme::resolve_style({}, defaults(), "en", diags);
  EXPECT_FALSE(diags.has_errors());
  EXPECT_NEAR(to_pt(s.page_width), 595.28, 0.01);
  EXPECT_NEAR(to_pt(s.page_height), 841.89, 0.01);
  EXPECT_NEAR(to_pt(s.margin_top), 42.52, 0.01);
  EXPECT_EQ(s.margin_left, pt(72));
  EXPECT_EQ(s.margin_right, pt(72));
  EXPECT_EQ(s.text_size, pt(10));
  EXPECT_NEAR(s.heading_letter_spacing_em, 0.1, 1e-6);
  EXPECT_NEAR(s.accent_color.r, 0x1f / 255.0, 1e-9);
  EXPECT_NEAR(s.accent_color.b, 0x79 / 255.0, 1e-9);
  EXPECT_EQ(s.latin_fonts, std::vector<std::string>{"Lato"});
}

TEST(Style, OverridesWinAndLetterIsLetter) {
  Diagnostics diags;
  theme::Style s = theme::resolve_style({{"page.size", scalar("letter")}}, defaults(), "en", diags);
  EXPECT_FALSE(diags.has_errors());
  EXPECT_EQ(s.page_width, pt(612));
  EXPECT_EQ(s.page_height, pt(792));
}

TEST(Style, BadValuesAreErrorsAtTheirKey) {
  Diagnostics diags;
  theme::resolve_style({{"text.size", scalar("ten", 7)}, {"colors.accent", scalar("bleu", 9)}}, defaults(), "en", diags);
  ASSERT_EQ(diags.error_count(), 2u);
  bool size_error = false, colour_error = false;
  for (const auto& d : diags.all()) {
    if (d.message.find("'text.size'") != std::string::npos && d.span.line == 7) size_error = true;
    if (d.message.find("'colors.accent'") != std::string::npos && d.span.line == 9) colour_error = true;
  }
  EXPECT_TRUE(size_error);
  EXPECT_TRUE(colour_error);
}

TEST(Style, UnknownKeysWarnWithTheNearestKey) {
  Diagnostics diags;
  theme::resolve_style({{"page.margn.top", scalar("1cm")}}, defaults(), "en", diags);
  ASSERT_EQ(diags.all().size(), 1u);
  EXPECT_EQ(diags.all()[0].severity, Severity::Warning);
  EXPECT_EQ(diags.all()[0].hint, "did you mean 'page.margin.top'?");
}

TEST(Style, LanguageChoosesCjkFacesAndDateWords) {
  Diagnostics diags;
  theme::Style zh = theme::resolve_style({}, defaults(), "zh", diags);
  EXPECT_EQ(zh.cjk_fonts, std::vector<std::string>{"Noto Sans CJK SC"});
  EXPECT_EQ(zh.dates.present, "至今");
  theme::Style ja = theme::resolve_style({}, defaults(), "ja", diags);
  EXPECT_EQ(ja.cjk_fonts, std::vector<std::string>{"Noto Sans CJK JP"});
  EXPECT_EQ(ja.dates.present, "Present");  // no Japanese words in these defaults: English
  EXPECT_FALSE(diags.has_errors());
}

TEST(Style, FitLimitsAndPageWords) {
  Diagnostics diags;
  model::StyleMap keys = defaults();
  keys["fit.min-text-size"] = scalar("8.5pt");
  keys["fit.min-leading"] = scalar("1.1");
  keys["fit.min-spacing"] = scalar("0.5");
  keys["fit.min-margin"] = scalar("10mm");
  keys["words.en.page"] = scalar("Page {page} of {pages}");
  keys["words.zh.page"] = scalar("第 {page} 页");
  keys["entry.keep-together"] = scalar("4");
  theme::Style en = theme::resolve_style({}, keys, "en", diags);
  EXPECT_FALSE(diags.has_errors());
  EXPECT_EQ(en.fit.min_text_size, pt(8.5));
  EXPECT_DOUBLE_EQ(en.fit.min_leading, 1.1);
  EXPECT_DOUBLE_EQ(en.fit.min_spacing, 0.5);
  EXPECT_EQ(en.fit.min_margin, pt(10 * kPointsPerMillimetre));
  EXPECT_EQ(en.page_words, "Page {page} of {pages}");
  EXPECT_EQ(en.entry_keep_lines, 4);
  EXPECT_EQ(theme::resolve_style({}, keys, "zh", diags).page_words, "第 {page} 页");
  // A language without its own words takes English's.
  EXPECT_EQ(theme::resolve_style({}, keys, "ja", diags).page_words, "Page {page} of {pages}");

  // Without limits nothing may shrink; a limit above the layout's value is
  // the layout's value.
  theme::Style plain = theme::resolve_style({}, defaults(), "en", diags);
  EXPECT_EQ(plain.fit.min_text_size, plain.text_size);
  EXPECT_DOUBLE_EQ(plain.fit.min_spacing, 1.0);
  keys["fit.min-text-size"] = scalar("12pt");
  EXPECT_EQ(theme::resolve_style({}, keys, "en", diags).fit.min_text_size, pt(10));
  EXPECT_FALSE(diags.has_errors());

  keys["fit.min-spacing"] = scalar("1.5", 7);
  theme::resolve_style({}, keys, "en", diags);
  ASSERT_TRUE(diags.has_errors());
  EXPECT_NE(diags.all().back().format().find("layout.yaml:7:3: error: style key 'fit.min-spacing'"), std::string::npos)
      << diags.all().back().format();
}

// Every numeric key of the style, by kind.
const char* const kLengthKeys[] = {
    "page.margin.top", "page.margin.bottom", "page.margin.left", "page.margin.right", "text.size",
    "text.paragraph-gap", "header.name-size", "header.headline-size", "header.contact-size", "header.photo-size",
    "header.gap-after-name", "header.gap-after-headline", "header.gap-after-contact", "header.gap-after-summary",
    "metrics.value-size", "metrics.label-size", "metrics.gap-after", "heading.size", "heading.letter-spacing",
    "heading.rule-thickness", "heading.rule-gap", "heading.space-before", "heading.space-after",
    "entry.space-between", "entry.head-gap", "entry.date-size", "entry.tag-size", "entry.links-size",
    "bullets.indent", "bullets.space-between", "bullets.gap-before", "pairs.column-gap", "pairs.space-between",
    "publications.space-between", "footer.size", "fit.min-text-size", "fit.min-margin"};
const char* const kRatioKeys[] = {"text.leading", "text.leading-cjk", "pairs.label-column-max", "fit.min-leading",
                                  "fit.min-leading-cjk", "fit.min-spacing"};
const char* const kCountKeys[] = {"text.hyphenate-min-word", "text.hyphenate-min-before", "text.hyphenate-min-after",
                                  "text.tolerance", "entry.keep-together", "footer.from-page"};

// Exactly one error, at the key's place, naming the key.
void expect_one_error_at_key(const std::string& key, const std::string& value) {
  Diagnostics diags;
  theme::Style s = theme::resolve_style({{key, scalar(value, 42)}}, defaults(), "en", diags);
  ASSERT_EQ(diags.error_count(), 1u) << key << "=" << value;
  for (const auto& d : diags.all()) {
    if (d.severity != Severity::Error) continue;
    EXPECT_EQ(d.span.to_string(), "layout.yaml:42:3") << key << "=" << value;
    EXPECT_NE(d.message.find("'" + key + "'"), std::string::npos) << d.format();
    EXPECT_FALSE(d.hint.empty()) << d.format();
  }
  // What was refused left the fallback, never an overflowed or NaN value.
  EXPECT_TRUE(std::isfinite(s.leading) && s.leading > 0);
  EXPECT_GT(s.text_size, 0);
  EXPECT_GE(s.margin_top, 0);
  EXPECT_GT(s.content_width(), 0);
}

TEST(Style, EveryNumericKeyRefusesNonFiniteHugeNegativeAndMalformedValues) {
  // nan and inf passed every range check (a comparison with NaN is false) and
  // a huge length overflowed into a negative one.
  const char* const bad[] = {"nan", "inf", "-inf", "1e309", "-1", "1e30", "12ptx", "", "NaN", "+1", "0x10", "1 2"};
  for (const char* key : kLengthKeys) {
    for (const char* value : bad) expect_one_error_at_key(key, value);
    for (const char* value : {"nanpt", "infmm", "1e309pt", "-1pt", "1e30pt", "1e30em", "99999999999999999999in", "1e6pt"})
      expect_one_error_at_key(key, value);
  }
  for (const char* key : kRatioKeys)
    for (const char* value : bad) expect_one_error_at_key(key, value);
  for (const char* key : kCountKeys) {
    for (const char* value : bad) expect_one_error_at_key(key, value);
    expect_one_error_at_key(key, "2.5");
  }
}

TEST(Style, NumbersReadStrictlyButFully) {
  Diagnostics diags;
  theme::Style s = theme::resolve_style({{"text.leading", scalar("1.25")},
                           {"page.margin.top", scalar("1.5e1mm")},
                           {"page.margin.bottom", scalar("0")},
                           {"bullets.indent", scalar("1.5 em")},
                           {"text.tolerance", scalar("300")},
                           {"page.size", scalar("200mm 1e2mm")}},
                          defaults(), "en", diags);
  EXPECT_FALSE(diags.has_errors()) << (diags.all().empty() ? "" : diags.all()[0].format());
  EXPECT_DOUBLE_EQ(s.leading, 1.25);
  EXPECT_EQ(s.margin_top, pt(15 * kPointsPerMillimetre));
  EXPECT_EQ(s.margin_bottom, 0);
  EXPECT_EQ(s.bullet_indent, pt(15));
  EXPECT_EQ(s.tolerance, 300);
  EXPECT_EQ(s.page_height, pt(100 * kPointsPerMillimetre));
}

TEST(Style, PageSizeRefusesNonFiniteAndHugeSides) {
  for (const char* value : {"nanmm 297mm", "210mm infmm", "1e30pt 1e30pt", "210mm -297mm", "1e309mm 1mm", "10pt 10pt"}) {
    Diagnostics diags;
    theme::Style s = theme::resolve_style({{"page.size", scalar(value, 5)}}, defaults(), "en", diags);
    ASSERT_EQ(diags.error_count(), 1u) << value;
    EXPECT_NE(diags.all()[0].message.find("'page.size'"), std::string::npos);
    EXPECT_NEAR(to_pt(s.page_width), 595.28, 0.01) << value;
  }
}

TEST(Dates, FormatPerLanguage) {
  Diagnostics diags;
  theme::Style en = theme::resolve_style({}, defaults(), "en", diags);
  theme::Style zh = theme::resolve_style({}, defaults(), "zh", diags);
  model::DateRange range;
  range.start = model::Date{2024, 6, 0, false, {}};
  range.end = model::Date{0, 0, 0, true, {}};
  EXPECT_EQ(format_range(range, en.dates, " – "), "Jun 2024 – Present");
  EXPECT_EQ(format_range(range, zh.dates, " – "), "2024.06 – 至今");
  model::DateRange year_only;
  year_only.start = model::Date{2022, 0, 0, false, {}};
  EXPECT_EQ(format_range(year_only, en.dates, " – "), "2022");
  // Two ends written the same are one date; the same year with two months is a range.
  model::DateRange same;
  same.start = model::Date{2016, 8, 0, false, {}};
  same.end = model::Date{2016, 8, 0, false, {}};
  EXPECT_EQ(format_range(same, en.dates, " – "), "Aug 2016");
  EXPECT_EQ(format_range(same, zh.dates, " – "), "2016.08");
  same.end->month = 9;
  EXPECT_EQ(format_range(same, en.dates, " – "), "Aug 2016 – Sep 2016");
  model::DateRange same_year;
  same_year.start = model::Date{2019, 0, 0, false, {}};
  same_year.end = model::Date{2019, 0, 0, false, {}};
  EXPECT_EQ(format_range(same_year, en.dates, " – "), "2019");
}

// A publication's year with its month is written as the language writes
// dates; a bare year or free text stays as written.
TEST(Dates, APublicationsMonthIsWrittenInTheLanguagesWords) {
  Diagnostics diags;
  theme::Style en = theme::resolve_style({}, defaults(), "en", diags);
  theme::Style zh = theme::resolve_style({}, defaults(), "zh", diags);
  EXPECT_EQ(format_publication_date("2023-07", en.dates), "Jul 2023");
  EXPECT_EQ(format_publication_date("2023-07", zh.dates), "2023.07");
  EXPECT_EQ(format_publication_date("2023-07-15", en.dates), "Jul 2023");
  EXPECT_EQ(format_publication_date("2023", en.dates), "2023");
  EXPECT_EQ(format_publication_date("in press", en.dates), "in press");
  EXPECT_EQ(format_publication_date("2023-13", en.dates), "2023-13");
}

// A range's span counts its first and last months whole, a year alone
// from January to December, present to the day the PDF is dated; ICU
// words it for the language at the theme's width.
TEST(Dates, ARangesSpanIsCountedWholeAndWordedByIcu) {
  auto range = [](model::Date start, model::Date end) {
    model::DateRange r;
    r.start = start;
    r.end = end;
    return r;
  };
  const model::Date today{2026, 12, 4, false, {}};
  const model::Date present{0, 0, 0, true, {}};
  using W = theme::DurationWidth;
  const auto mar21_now = range({2021, 3, 0, false, {}}, present);
  EXPECT_EQ(format_duration(mar21_now, today, "en", W::Short), "5 yrs, 10 mths");
  EXPECT_EQ(format_duration(mar21_now, today, "en", W::Wide), "5 years, 10 months");
  EXPECT_EQ(format_duration(mar21_now, today, "en", W::Narrow), "5y 10m");
  EXPECT_EQ(format_duration(mar21_now, today, "zh", W::Short), "5年10个月");
  EXPECT_EQ(format_duration(mar21_now, today, "de", W::Wide), "5 Jahre, 10 Monate");
  // Both months count: Jan–Dec is a year, Jul–Jul one month.
  EXPECT_EQ(format_duration(range({2019, 1, 0, false, {}}, {2019, 12, 0, false, {}}), today, "en", W::Wide), "1 year");
  EXPECT_EQ(format_duration(range({2020, 7, 0, false, {}}, {2020, 7, 0, false, {}}), today, "en", W::Wide), "1 month");
  EXPECT_EQ(format_duration(range({2019, 0, 0, false, {}}, {2021, 0, 0, false, {}}), today, "en", W::Wide), "3 years");
  // No span: a single date, an end before its start, present before today is known.
  model::DateRange single;
  single.start = model::Date{2020, 7, 0, false, {}};
  EXPECT_EQ(format_duration(single, today, "en", W::Short), "");
  EXPECT_EQ(format_duration(range({2021, 5, 0, false, {}}, {2020, 1, 0, false, {}}), today, "en", W::Short), "");
  EXPECT_EQ(format_duration(mar21_now, model::Date{}, "en", W::Short), "");
  // The theme's choice: after the dates, instead of them, or not at all.
  Diagnostics diags;
  theme::Style en = theme::resolve_style({}, defaults(), "en", diags);
  EXPECT_EQ(format_entry_dates(mar21_now, en, "en", today), "Mar 2021 – Present");
  en.date_duration = theme::DurationShown::After;
  EXPECT_EQ(format_entry_dates(mar21_now, en, "en", today), "Mar 2021 – Present · 5 yrs, 10 mths");
  en.date_duration = theme::DurationShown::Instead;
  EXPECT_EQ(format_entry_dates(mar21_now, en, "en", today), "5 yrs, 10 mths");
  EXPECT_EQ(format_entry_dates(single, en, "en", today), "Jul 2020");
  EXPECT_EQ(date_of(1796342400).year, 2026);
  EXPECT_EQ(date_of(1796342400).month, 12);
  EXPECT_EQ(date_of(1796342400).day, 4);
}

TEST(Language, PdfTagsAndPrimarySubtags) {
  EXPECT_EQ(model::pdf_language_tag("zh"), "zh-Hans");
  EXPECT_EQ(model::pdf_language_tag("zh-TW"), "zh-Hant");
  EXPECT_EQ(model::pdf_language_tag("en-GB"), "en-GB");
  EXPECT_EQ(model::primary_language("zh-Hant-TW"), "zh");
}

}  // namespace
}  // namespace cvpdf::compose
