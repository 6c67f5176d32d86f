// Date formatting from the layout's per-language patterns.
#include "compose/dates.hpp"

namespace cvpdf::compose {

namespace {

std::string two_digits(int n) { return (n < 10 ? "0" : "") + std::to_string(n); }

// Fills {year}, {month}, {mm}, {m}; a pattern part about the month is
// dropped for a year-only date by cutting the pattern to the year alone.
std::string fill(const std::string& pattern, const model::Date& d, const DateWords& words) {
  std::string out;
  for (std::size_t i = 0; i < pattern.size();) {
    if (pattern[i] == '{') {
      auto close = pattern.find('}', i);
      if (close != std::string::npos) {
        std::string field = pattern.substr(i + 1, close - i - 1);
        if (field == "year") out += std::to_string(d.year);
        else if (field == "month") out += (d.month >= 1 && d.month <= 12 && words.months.size() == 12) ? words.months[d.month - 1] : "";
        else if (field == "mm") out += two_digits(d.month);
        else if (field == "m") out += std::to_string(d.month);
        else if (field == "dd") out += two_digits(d.day);
        else if (field == "d") out += std::to_string(d.day);
        else out += pattern.substr(i, close - i + 1);
        i = close + 1;
        continue;
      }
    }
    out += pattern[i++];
  }
  return out;
}

}  // namespace

std::string format_date(const model::Date& date, const DateWords& words) {
  if (date.present) return words.present;
  if (date.month == 0) return std::to_string(date.year);
  return fill(words.pattern, date, words);
}

std::string format_range(const model::DateRange& range, const DateWords& words, const std::string& separator) {
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
