// The composer reads the style; it does not own it. Style, its field table
// and its reader live in model/ (model/style.hpp); these are their names
// inside compose.
#pragma once
#include "model/language_tags.hpp"
#include "model/style.hpp"

namespace cvpdf::compose {

using model::Alignment;
using model::cjk_font_key;
using model::DateWords;
using model::FitLimits;
using model::pdf_language_tag;
using model::primary_language;
using model::resolve_style;
using model::Style;

}  // namespace cvpdf::compose
