// Layouts for a run: the built-in default layout, with a named built-in or
// a layout file, the résumé's `style:` and `--set` laid over it in order,
// as a model::StyleLayers stack (each layer with its origin and directory).
#pragma once
#include <string>

#include "core/diagnostics.hpp"
#include "model/resume.hpp"
#include "model/style_layers.hpp"

namespace cvpdf::app {

inline constexpr const char* kDefaultLayout = "classic";

struct LayoutKeys {
  // Bottom first: the default layout (every known key), a named built-in or
  // a layout file, the résumé's `style:`, then --set.
  model::StyleLayers layers;
  std::string file;  // the layout file read, if any (a dependency)
};

// `layout` is --layout (empty: the résumé's own `layout:`). Throws
// FatalError for a layout that is neither built in nor a file.
LayoutKeys load_layout(const model::Resume& resume, const std::string& layout,
                       const std::vector<std::string>& sets, Diagnostics& diags);

std::string builtin_layout_names();

}  // namespace cvpdf::app
