// The built-in default layout's keys, as the app loads them: the style the
// compose tests set text with.
#pragma once
#include <gtest/gtest.h>

#include "compose/builtin_layouts.hpp"
#include "model/loader.hpp"

namespace cvpdf::compose {

inline model::StyleMap classic_layout_keys(Diagnostics& diags) {
  for (const auto& l : builtin_layouts()) {
    if (l.name != "classic") continue;
    auto keys = model::load_style(l.text(), "classic.yaml", diags);
    EXPECT_TRUE(keys.has_value()) << "the built-in layout does not load";
    return keys ? *keys : model::StyleMap{};
  }
  ADD_FAILURE() << "no built-in layout 'classic'";
  return {};
}

}  // namespace cvpdf::compose
