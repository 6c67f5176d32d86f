// Which of a theme's per-language words a language lacks (for `check`).
#pragma once
#include <string>
#include <vector>

#include "model/resume.hpp"

namespace cvpdf::theme {

// The per-language style keys (dates.LANG.present, words.LANG.page, …)
// for which `language` has no value, neither in a block of `style` nor
// from ICU: the variant prints the English word there. Keys are returned
// as the variant's own (words.fr.page).
std::vector<std::string> missing_language_words(const model::StyleMap& style, const std::string& language);

}  // namespace cvpdf::theme
