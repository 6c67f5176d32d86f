// Themes (also called layouts) for a run: the built-in default theme, with a
// named built-in or a theme file, the résumé's `style:` and `--set` laid over
// it in order, as a theme::StyleLayers stack (each layer with its origin and
// directory); and the list of built-in themes `cvpdf themes` prints.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.hpp"
#include "model/resume.hpp"
#include "theme/style_layers.hpp"

namespace cvpdf::app {

inline constexpr const char* kDefaultLayout = "classic";

struct LayoutKeys {
  // Bottom first: the default theme (every known key), a named built-in or
  // a theme file, the résumé's `style:`, then --set.
  theme::StyleLayers layers;
  std::string file;  // the theme file read, if any (a dependency)
};

// `layout` is --theme (empty: the résumé's own `theme:`). Throws
// FatalError for a theme that is neither built in nor a file.
LayoutKeys load_layout(const model::Resume& resume, const std::string& layout,
                       const std::vector<std::string>& sets, Diagnostics& diags);

// "classic, engineering, …": for hints.
std::string builtin_layout_names();

struct ThemeInfo {
  std::string name;
  std::string description;  // "" when the file has no `# description:` line
};

// The built-in themes in name order, each with its description.
std::vector<ThemeInfo> builtin_themes();

// A theme file's one-line description: the text after `# description:` on
// a line of the comment block the file starts with (before its first key).
std::string theme_description(std::string_view text);

}  // namespace cvpdf::app
