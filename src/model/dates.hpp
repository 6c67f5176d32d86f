// Dates as a résumé writes them: 2024, 2024-06, 2024-06-30, `present`, and
// ranges such as `2020-09 – 2024-06`. Text in, Date out; the schema attaches
// source positions and key names to the messages.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "model/resume.hpp"

namespace cvpdf::model {

struct DateError {
  // false: the text is not a date at all (the caller says "must be a date like
  // 2021-09, got '...'"); true: `problem` says what is wrong, e.g. "has month 13;
  // months are 1–12" (the caller prefixes the key).
  bool specific = false;
  std::string problem;
  std::string hint;
  std::size_t offset = 0;  // byte in the text where the problem is
};

// One date: 2024, 2024-06, 2024-06-30 or present (any case). Spans are left empty.
std::optional<Date> parse_date(std::string_view text, DateError& error);

// One date, or a range: "2020-09 – 2024-06" (en or em dash, spaces optional),
// "2020-09 - 2024-06" (a hyphen needs spaces), "2020-09 to present", "2020-09 ~ 2024-06",
// "2019-2023" (two bare years). A single date is returned as `start` alone.
std::optional<DateRange> parse_date_range(std::string_view text, DateError& error);

// True when `a` is certainly earlier than `b`, compared at the precision both give
// (2024 is not before 2024-06); `present` is later than any date.
bool date_before(const Date& a, const Date& b);

// A range given as two keys (cvpdf's start/end, RenderCV's
// start_date/end_date, JSON Resume's startDate/endDate) is put in order by
// this one check, whatever format it came in (a range written in one text
// is checked by parse_date_range): nullopt when `end` is not before
// `start`, else the message and hint to give at `end`'s place, with the
// keys as the file spells them.
struct RangeOrderProblem {
  std::string message;
  std::string hint;
};
std::optional<RangeOrderProblem> range_order_problem(const Date& start, const Date& end, std::string_view start_key,
                                                     std::string_view end_key);

}  // namespace cvpdf::model
