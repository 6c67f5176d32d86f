// Text export for applicant-tracking systems: one variant of the résumé as
// clean plain text or Markdown, written from the model (not from the PDF),
// in the same order and with the same dates as the PDF.
#pragma once
#include <cstdint>
#include <string>

#include "model/language_tags.hpp"
#include "model/resume.hpp"
#include "theme/style.hpp"

namespace cvpdf::app {

enum class TextFlavour { Plain, Markdown };

// `creation_time` (seconds since 1970) dates the output, as the PDF's
// metadata: a `present` range's span ends on its day (dates.duration).
std::string export_text(const model::Resume& resume, const theme::Style& style, const std::string& language,
                        TextFlavour flavour, std::int64_t creation_time);

}  // namespace cvpdf::app
