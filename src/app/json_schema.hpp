// The JSON Schemas (draft 2020-12) of cvpdf's résumé YAML and of theme
// files, generated from the tables the loader and the style reader read by
// (model/resume_keys.hpp, model/entry_kinds.hpp, theme/style_fields.hpp),
// for editors: `cvpdf schema [resume|theme]`, and written at build time and
// installed.
#pragma once
#include <string>

namespace cvpdf::app {

std::string resume_json_schema();
std::string theme_json_schema();

}  // namespace cvpdf::app
