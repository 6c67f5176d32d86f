// A built-in theme's layer stack as app/layouts.cpp builds it (classic
// under the theme, the test's keys over both), and composing a résumé
// given as YAML text with it.
#pragma once
#include <gtest/gtest.h>

#include "compose/builtin_layouts.hpp"
#include "compose/render_variant.hpp"
#include "model/loader.hpp"
#include "theme/style_layers.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::compose {

inline theme::StyleLayers theme_layers(const BuiltinLayout& theme, const model::StyleMap& keys, Diagnostics& diags) {
  theme::StyleLayers layers;
  for (const auto& l : builtin_layouts())
    if (l.name == "classic") layers.push({"<built-in layout classic>", "", *theme::load_style(l.text(), "classic.yaml", diags)});
  if (theme.name != "classic") {
    const std::string origin = "<built-in layout " + std::string(theme.name) + ">";
    layers.push({origin, "", *theme::load_style(theme.text(), origin, diags)});
  }
  layers.push({"style:", "", keys});
  return layers;
}

struct ThemeComposed {
  frame::Document doc;
  theme::Style style;
  Diagnostics diags;
};

inline ThemeComposed compose_in_theme(const std::string& yaml, const BuiltinLayout& theme, const std::string& language,
                                      const model::StyleMap& keys = {}) {
  ThemeComposed c;
  auto resume = model::load_resume(yaml, "test.yaml", ".", c.diags);
  EXPECT_TRUE(resume.has_value()) << (c.diags.all().empty() ? "" : c.diags.all().front().format());
  if (!resume) return c;
  text::FontBook book;
  VariantOptions options{{language, 0, "test", false}};
  RenderedVariant rendered = render_variant(*resume, theme_layers(theme, keys, c.diags), book, options, c.diags);
  c.style = std::move(rendered.style);
  c.doc = std::move(rendered.document);
  return c;
}

}  // namespace cvpdf::compose
