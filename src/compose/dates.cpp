// Date formatting from the layout's per-language patterns.
#include "compose/dates.hpp"

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

}  // namespace cvpdf::compose
