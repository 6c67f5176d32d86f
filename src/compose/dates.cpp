// Date formatting from the layout's per-language patterns.
#include "compose/dates.hpp"

#include <unicode/locid.h>
#include <unicode/measfmt.h>
#include <unicode/measunit.h>
#include <unicode/measure.h>

#include <ctime>
#include <vector>

#include <fmt/format.h>

#include "core/templates.hpp"
#include "model/dates.hpp"

namespace cvpdf::compose {

namespace {

// Fills {year}, {month}, {mm}, {m}, {dd}, {d}; a year-only date never gets
// here (format_date gives the year alone).
std::string fill(const std::string& pattern, const model::Date& d, const theme::DateWords& words) {
  const bool named = d.month >= 1 && d.month <= 12 && words.months.size() == 12;
  return expand_template(pattern, {{"year", fmt::format("{}", d.year)},
                                   {"month", named ? words.months[d.month - 1] : std::string()},
                                   {"mm", fmt::format("{:02}", d.month)},
                                   {"m", fmt::format("{}", d.month)},
                                   {"dd", fmt::format("{:02}", d.day)},
                                   {"d", fmt::format("{}", d.day)}});
}

// A month counted from year 0: the span's arithmetic.
int month_index(int year, int month) { return year * 12 + month - 1; }

UMeasureFormatWidth icu_width(theme::DurationWidth width) {
  switch (width) {
    case theme::DurationWidth::Wide: return UMEASFMT_WIDTH_WIDE;
    case theme::DurationWidth::Narrow: return UMEASFMT_WIDTH_NARROW;
    case theme::DurationWidth::Short: break;
  }
  return UMEASFMT_WIDTH_SHORT;
}

}  // namespace

std::string format_date(const model::Date& date, const theme::DateWords& words) {
  if (date.present) return words.present;
  if (date.month == 0) return fmt::format("{}", date.year);
  return fill(words.pattern, date, words);
}

std::string format_publication_date(const std::string& written, const theme::DateWords& words) {
  model::DateError error;
  const auto date = model::parse_date(written, error);
  if (!date || date->present || date->month == 0) return written;
  return format_date(*date, words);
}

std::string format_range(const model::DateRange& range, const theme::DateWords& words, const std::string& separator) {
  if (range.start && range.end) {
    // Two ends that read the same are one date: "Aug 2016", not "Aug 2016 – Aug 2016".
    const std::string start = format_date(*range.start, words), end = format_date(*range.end, words);
    return start == end ? start : start + separator + end;
  }
  if (range.start) return format_date(*range.start, words);
  if (range.end) return format_date(*range.end, words);
  return {};
}

model::Date date_of(std::int64_t seconds) {
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm day{};
  if (!gmtime_r(&t, &day)) return {};
  return model::Date{day.tm_year + 1900, day.tm_mon + 1, day.tm_mday, false, {}};
}

std::string format_duration(const model::DateRange& range, const model::Date& today, const std::string& language,
                            theme::DurationWidth width) {
  if (!range.start || !range.end || range.start->present) return {};
  const model::Date& start = *range.start;
  const model::Date& end = range.end->present ? today : *range.end;
  if (start.year <= 0 || end.year <= 0) return {};
  const int months = month_index(end.year, end.month ? end.month : 12) -
                     month_index(start.year, start.month ? start.month : 1) + 1;
  if (months <= 0) return {};
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale = icu::Locale::forLanguageTag(language, status);
  if (U_FAILURE(status)) return {};
  icu::MeasureFormat format(locale, icu_width(width), status);
  std::vector<icu::Measure> measures;
  if (months / 12 > 0) measures.emplace_back(months / 12, icu::MeasureUnit::createYear(status), status);
  if (months % 12 > 0) measures.emplace_back(months % 12, icu::MeasureUnit::createMonth(status), status);
  icu::UnicodeString text;
  icu::FieldPosition position;
  format.formatMeasures(measures.data(), static_cast<int32_t>(measures.size()), text, position, status);
  if (U_FAILURE(status)) return {};
  std::string out;
  text.toUTF8String(out);
  return out;
}

std::string format_entry_dates(const model::DateRange& range, const theme::Style& style, const std::string& language,
                               const model::Date& today) {
  std::string dates = format_range(range, style.dates, style.date_separator);
  if (style.date_duration == theme::DurationShown::None) return dates;
  const std::string span = format_duration(range, today, language, style.date_duration_width);
  if (span.empty()) return dates;
  return style.date_duration == theme::DurationShown::Instead ? span : dates + style.date_duration_separator + span;
}

}  // namespace cvpdf::compose
