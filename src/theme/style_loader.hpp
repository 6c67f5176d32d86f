// Reading theme files and `--set` into style maps (see style_loader.cpp).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.hpp"
#include "model/resume.hpp"

namespace cvpdf::theme {

// Parses a theme file (or a built-in theme's text) into a flattened StyleMap.
std::optional<model::StyleMap> load_style(std::string_view text, const std::string& file_name, Diagnostics& diags);

// `--set KEY=VALUE`: VALUE is parsed as a YAML flow value (so `[a, b]` is a list).
// Returns false and reports an error when the text is not KEY=VALUE.
bool apply_style_override(model::StyleMap& style, const std::string& assignment, Diagnostics& diags);

// An error for each colour key among `commented` (`accent: #c00`: the
// value read as a comment); other keys pass (a comment after a key that
// takes no colour is a comment).
void check_commented_colours(const std::vector<model::CommentedStyleKey>& commented, Diagnostics& diags);

}  // namespace cvpdf::theme
