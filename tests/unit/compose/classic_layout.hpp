// The built-in default layout's keys, as the app loads them: the style the
// compose tests set text with; and the layer stack the app renders from.
#pragma once
#include <gtest/gtest.h>

#include "compose/builtin_layouts.hpp"
#include "model/loader.hpp"
#include "theme/style_layers.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::compose {

inline model::StyleMap classic_layout_keys(Diagnostics& diags) {
  for (const auto& l : builtin_layouts()) {
    if (l.name != "classic") continue;
    auto keys = theme::load_style(l.text(), "classic.yaml", diags);
    EXPECT_TRUE(keys.has_value()) << "the built-in layout does not load";
    return keys ? *keys : model::StyleMap{};
  }
  ADD_FAILURE() << "no built-in layout 'classic'";
  return {};
}

// The built-in layout with `style_keys` (a résumé's `style:`, or a test's
// own keys) over it, as app/layouts.cpp stacks them.
inline theme::StyleLayers classic_layers(const model::StyleMap& style_keys, const std::string& directory,
                                         Diagnostics& diags) {
  theme::StyleLayers layers;
  layers.push({"<built-in layout classic>", "", classic_layout_keys(diags)});
  layers.push({"style:", directory, style_keys});
  return layers;
}

}  // namespace cvpdf::compose
