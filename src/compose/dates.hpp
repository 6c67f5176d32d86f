// Dates as a language writes them: the layout's pattern per language
// (`{month} {year}` → "Jun 2024", `{year}.{mm}` → "2024.06") and its word
// for the present ("Present", "至今"), and the time spans of ranges in
// ICU's words (dates.duration). No month name is written here.
#pragma once
#include <cstdint>
#include <string>

#include "model/language_tags.hpp"
#include "model/resume.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose {

std::string format_date(const model::Date& date, const theme::DateWords& words);
// A publication's `year` as the language writes it: a year-month or a full
// date (2023-07) in the layout's pattern ("Jul 2023", "2023.07"); a bare
// year, or any other text, as written.
std::string format_publication_date(const std::string& written, const theme::DateWords& words);
// A range whose ends are written the same is written once.
std::string format_range(const model::DateRange& range, const theme::DateWords& words, const std::string& separator);

// The day a time (seconds since 1970, UTC) falls on: what `present` means
// when a span is measured, and the footer's last-updated date.
model::Date date_of(std::int64_t seconds);

// How long a range lasts, counting its first and last months whole (a
// year alone runs from January to December, present to `today`), in the
// language's words from ICU (CLDR): "2 yrs, 3 mths", "2年3个月". "" for a
// single date, an end before its start, or a language ICU has no words for.
std::string format_duration(const model::DateRange& range, const model::Date& today, const std::string& language,
                            theme::DurationWidth width);

// An entry's dates as the theme shows them (dates.duration): the range,
// the range and its span, or the span alone.
std::string format_entry_dates(const model::DateRange& range, const theme::Style& style, const std::string& language,
                               const model::Date& today);

}  // namespace cvpdf::compose
