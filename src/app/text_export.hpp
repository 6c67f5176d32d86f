// Text export for applicant-tracking systems: one variant of the résumé as
// clean plain text or Markdown, written from the model (not from the PDF),
// in the same order and with the same dates as the PDF.
#pragma once
#include <string>

#include "model/language_tags.hpp"
#include "model/resume.hpp"
#include "theme/style.hpp"

namespace cvpdf::app {

enum class TextFlavour { Plain, Markdown };

std::string export_text(const model::Resume& resume, const theme::Style& style, const std::string& language,
                        TextFlavour flavour);

}  // namespace cvpdf::app
