// Parsing and validating dates and date ranges (see dates.hpp). Strict about
// the form (year first, hyphens) but with a hint for every common other form.
#include "model/dates.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace cvpdf::model {

namespace {

constexpr const char* kDateHint = "write dates as 2024, 2024-06, 2024-06-30 or present";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Trims blanks; `offset` grows by what was removed at the front.
std::string_view trim(std::string_view s, std::size_t& offset) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n')) {
    s.remove_prefix(1);
    ++offset;
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

const std::array<const char*, 12> kMonthNames = {"January", "February", "March",     "April",   "May",      "June",
                                                 "July",    "August",   "September", "October", "November", "December"};

bool leap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in(int year, int month) {
  static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && leap(year) ? 29 : days[month - 1];
}

// Reads a run of digits at s[i]; returns the count.
std::size_t digits(std::string_view s, std::size_t i, int& value) {
  std::size_t n = 0;
  value = 0;
  while (i + n < s.size() && is_digit(s[i + n]) && n < 9) {
    value = value * 10 + (s[i + n] - '0');
    ++n;
  }
  return n;
}

bool starts_with_month_name(const std::string& l) {
  for (const char* m : kMonthNames) {
    std::string name = lower(m);
    if (l.compare(0, 3, name, 0, 3) == 0 && l.size() >= 3 && std::isalpha(static_cast<unsigned char>(l[0])))
      return true;
  }
  return false;
}

void unparseable(DateError& error, std::string_view s, std::size_t offset) {
  error.specific = false;
  error.offset = offset;
  std::string l = lower(s);
  if (l == "now" || l == "current" || l == "today" || l == "ongoing" || l == "till now" || s == "至今" || s == "现在" ||
      s == "今") {
    error.hint = "write 'present' for something that is still going on";
  } else if (starts_with_month_name(l)) {
    error.hint = "write the year first, with the month as a number: 2024-06 (the layout prints it as Jun 2024)";
  } else if (s.size() >= 6 && is_digit(s[0]) && s.find_first_of("./") != std::string_view::npos) {
    error.hint = s.find('/') != std::string_view::npos && s.find('/') < 4
                     ? "write the year first, with hyphens: 2024-06"
                     : "write the date with hyphens: 2024-06 (the layout decides how it is printed)";
  } else if (s.size() > 10 && s.find('T') != std::string_view::npos) {
    error.hint = "a date has no time of day; " + std::string(kDateHint);
  } else if (std::count(s.begin(), s.end(), '-') >= 2 && s.size() > 10) {
    error.hint = "put spaces around a range's dash: 2020-09 – 2024-06, or use start: and end:";
  } else {
    error.hint = kDateHint;
  }
}

}  // namespace

std::optional<Date> parse_date(std::string_view text, DateError& error) {
  std::size_t offset = 0;
  std::string_view s = trim(text, offset);
  error = {};
  Date d;
  if (lower(s) == "present") {
    d.present = true;
    return d;
  }
  int year = 0, month = 0, day = 0;
  std::size_t n = digits(s, 0, year);
  if (n == 0) {
    unparseable(error, s, offset);
    return std::nullopt;
  }
  if (n != 4 && n != s.size()) {
    unparseable(error, s, offset);
    return std::nullopt;
  }
  if (n != 4) {
    error.specific = true;
    error.problem = "has the year '" + std::string(s.substr(0, n)) + "'; a year has four digits";
    error.hint = kDateHint;
    error.offset = offset;
    return std::nullopt;
  }
  if (year == 0) {
    // The calendar a résumé is dated in has no year 0 (1 BC is followed
    // by AD 1): 0000 is a placeholder or a slip, never a date to print.
    error.specific = true;
    error.problem = "has the year 0000, which no calendar has";
    error.hint = kDateHint;
    error.offset = offset;
    return std::nullopt;
  }
  std::size_t i = 4;
  if (i < s.size()) {
    if (s[i] != '-') {
      unparseable(error, s, offset);
      return std::nullopt;
    }
    std::size_t m = digits(s, i + 1, month);
    if (m == 0 || m > 2) {
      unparseable(error, s, offset);
      return std::nullopt;
    }
    if (month < 1 || month > 12) {
      error.specific = true;
      error.problem = "has month " + std::to_string(month) + "; months are 1–12";
      error.hint = kDateHint;
      error.offset = offset + i + 1;
      return std::nullopt;
    }
    i += 1 + m;
    if (i < s.size()) {
      if (s[i] != '-') {
        unparseable(error, s, offset);
        return std::nullopt;
      }
      std::size_t k = digits(s, i + 1, day);
      if (k == 0 || k > 2 || i + 1 + k != s.size()) {
        unparseable(error, s, offset);
        return std::nullopt;
      }
      if (day < 1 || day > days_in(year, month)) {
        error.specific = true;
        error.problem = "has day " + std::to_string(day) + ", but " + kMonthNames[month - 1] + " " +
                        std::to_string(year) + " has " + std::to_string(days_in(year, month)) + " days";
        error.hint = kDateHint;
        error.offset = offset + i + 1;
        return std::nullopt;
      }
    }
  }
  d.year = year;
  d.month = month;
  d.day = day;
  return d;
}

bool date_before(const Date& a, const Date& b) {
  if (a.present) return false;
  if (b.present) return true;
  if (a.year != b.year) return a.year < b.year;
  if (a.month == 0 || b.month == 0 || a.month == b.month) {
    if (a.month == 0 || b.month == 0) return false;
    if (a.day == 0 || b.day == 0) return false;
    return a.day < b.day;
  }
  return a.month < b.month;
}

std::optional<RangeOrderProblem> range_order_problem(const Date& start, const Date& end, std::string_view start_key,
                                                     std::string_view end_key) {
  if (!date_before(end, start)) return std::nullopt;
  const std::string first(start_key), second(end_key);
  return RangeOrderProblem{"'" + second + "' is before '" + first + "'",
                           "swap them: '" + first + "' is the earlier date"};
}

std::optional<DateRange> parse_date_range(std::string_view text, DateError& error) {
  error = {};
  // Separators, most specific first. A bare hyphen is a range only between
  // spaces (2020-09 - 2024-06) or between two bare years (2019-2023).
  struct Separator {
    std::string_view text;
    bool case_insensitive;
  };
  static const Separator separators[] = {{"\xE2\x80\x93", false}, {"\xE2\x80\x94", false}, {" - ", false},
                                         {" to ", true},          {"\xEF\xBD\x9E", false}, {"~", false}};
  std::string l = lower(text);
  std::size_t at = std::string_view::npos, length = 0;
  for (const auto& sep : separators) {
    std::size_t found = sep.case_insensitive ? l.find(sep.text) : text.find(sep.text);
    if (found != std::string_view::npos) {
      at = found;
      length = sep.text.size();
      break;
    }
  }
  if (at == std::string_view::npos) {
    std::size_t offset = 0;
    std::string_view s = trim(text, offset);
    if (s.size() == 9 && s[4] == '-' && std::all_of(s.begin(), s.begin() + 4, is_digit) &&
        std::all_of(s.begin() + 5, s.end(), is_digit)) {
      at = offset + 4;
      length = 1;
    }
  }
  DateRange range;
  if (at == std::string_view::npos) {
    auto d = parse_date(text, error);
    if (!d) return std::nullopt;
    range.start = d;
    return range;
  }
  std::string_view left = text.substr(0, at), right = text.substr(at + length);
  std::size_t left_offset = 0, right_offset = at + length;
  std::string_view left_trimmed = trim(left, left_offset), right_trimmed = trim(right, right_offset);
  if (left_trimmed.empty() || right_trimmed.empty()) {
    error.specific = true;
    error.problem = left_trimmed.empty() ? "is a range with no start" : "is a range with no end";
    error.hint = "write a range as 2020-09 – 2024-06, or 2020-09 – present when it is still going on";
    error.offset = left_trimmed.empty() ? 0 : at;
    return std::nullopt;
  }
  auto start = parse_date(left, error);
  if (!start) return std::nullopt;
  auto end = parse_date(right, error);
  if (!end) {
    error.offset += at + length;
    return std::nullopt;
  }
  if (start->present) {
    error.specific = true;
    error.problem = "is a range that starts at 'present'";
    error.hint = "'present' ends a range: 2020-09 – present";
    error.offset = left_offset;
    return std::nullopt;
  }
  if (date_before(*end, *start)) {
    error.specific = true;
    error.problem = "is a range that ends before it starts";
    error.hint = "write the earlier date first: start – end";
    error.offset = right_offset;
    return std::nullopt;
  }
  range.start = start;
  range.end = end;
  return range;
}

}  // namespace cvpdf::model
