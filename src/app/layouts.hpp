// Layouts for a run: the built-in default layout, with a named built-in or
// a layout file, the résumé's `style:` and `--set` laid over it in order.
#pragma once
#include <string>

#include "core/diagnostics.hpp"
#include "model/resume.hpp"

namespace cvpdf::app {

inline constexpr const char* kDefaultLayout = "classic";

struct LayoutKeys {
  model::StyleMap defaults;   // the default layout: every known key
  model::StyleMap overrides;  // layout file, then style:, then --set
  model::StyleMap merged;     // defaults with the overrides laid over them
  std::string file;           // the layout file read, if any (a dependency)
  std::string font_base_directory;  // where the layout's relative font paths resolve
};

// `layout` is --layout (empty: the résumé's own `layout:`). Throws
// FatalError for a layout that is neither built in nor a file.
LayoutKeys load_layout(const model::Resume& resume, const std::string& layout,
                       const std::vector<std::string>& sets, Diagnostics& diags);

std::string builtin_layout_names();

}  // namespace cvpdf::app
