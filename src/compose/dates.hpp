// Dates as a language writes them: the layout's pattern per language
// (`{month} {year}` → "Jun 2024", `{year}.{mm}` → "2024.06") and its word
// for the present ("Present", "至今"). No month name is written here.
#pragma once
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

}  // namespace cvpdf::compose
