// Loading: YAML (or JSON) text → Resume (theme files are theme/'s:
// theme/style_loader.hpp).
// Syntax and type errors are collected in Diagnostics with file:line:col and
// a hint; unknown keys warn and suggest the nearest known key.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"
#include "model/resume.hpp"

namespace cvpdf::model {

// Parses `text` (the contents of `file_name`, used in messages). Returns the
// résumé, or nullopt when errors were reported to `diags`.
// `base_directory` is where relative paths in the file resolve.
std::optional<Resume> load_resume(std::string_view text, const std::string& file_name,
                                  const std::string& base_directory, Diagnostics& diags);

// For `check` (docs/user-guide.md: "a variant missing a translation falls back to the first
// language and `check` warns"): one warning per localized text that lacks a
// declared language, skipping languages a section's or entry's `only` excludes.
// Nothing for a one-language résumé or for texts that are not localized.
void check_translations(const Resume& resume, Diagnostics& diags);

}  // namespace cvpdf::model
