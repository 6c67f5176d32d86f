// The style layer stack: the top layer that sets a key wins, each value
// knows its layer, and a font list's paths resolve against the directory of
// the layer that named it.
#include <gtest/gtest.h>

#include "theme/style.hpp"
#include "theme/style_layers.hpp"

namespace cvpdf::theme {
namespace {

using namespace cvpdf::model;

StyleValue scalar(std::string s) {
  StyleValue v;
  v.scalar = std::move(s);
  return v;
}
StyleValue list(std::vector<std::string> l) {
  StyleValue v;
  v.is_list = true;
  v.list = std::move(l);
  return v;
}

StyleLayers stack() {
  StyleLayers layers;
  layers.push({"<built-in layout classic>", "", {{"text.size", scalar("9.4pt")}, {"fonts.latin", list({"Lato"})}}});
  layers.push({"themes/mine.yaml", "themes", {{"text.size", scalar("10pt")}, {"fonts.latin", list({"my.ttf"})}}});
  layers.push({"cv/resume.yaml (style:)", "cv", {{"fonts.cjk", list({"cjk.otf"})}}});
  layers.push({"--set", "cv", {{"text.size", scalar("11pt")}}});
  return layers;
}

TEST(StyleLayers, TheTopLayerThatSetsAKeyWinsAndIsNamed) {
  const StyleLayers layers = stack();
  const LayeredValue size = layers.lookup("text.size");
  ASSERT_TRUE(size);
  EXPECT_EQ(size.value->scalar, "11pt");
  EXPECT_EQ(size.layer->origin, "--set");
  const LayeredValue latin = layers.lookup("fonts.latin");
  ASSERT_TRUE(latin);
  EXPECT_EQ(latin.layer->origin, "themes/mine.yaml");
  EXPECT_EQ(latin.layer->directory, "themes");
  EXPECT_FALSE(layers.lookup("text.leading"));
}

TEST(StyleLayers, FlattensAsTheOldStackDid) {
  const StyleLayers layers = stack();
  EXPECT_EQ(layers.base().at("text.size").scalar, "9.4pt");
  const StyleMap overrides = layers.overrides();
  EXPECT_EQ(overrides.count("fonts.latin"), 1u);
  EXPECT_EQ(overrides.at("text.size").scalar, "11pt");
  EXPECT_EQ(layers.merged().size(), 3u);
}

TEST(StyleLayers, FontPathsResolveAgainstTheLayerThatNamedThem) {
  Diagnostics diags;
  const Style s = resolve_style(stack(), "zh", diags);
  EXPECT_FALSE(diags.has_errors());
  EXPECT_EQ(s.text_size, pt(11));
  EXPECT_EQ(s.latin_fonts, std::vector<std::string>{"my.ttf"});
  EXPECT_EQ(s.latin_font_directory, "themes");
  EXPECT_EQ(s.cjk_fonts, std::vector<std::string>{"cjk.otf"});
  EXPECT_EQ(s.cjk_font_directory, "cv");
  // Japanese has no list of its own here: it reads fonts.cjk, from the résumé.
  EXPECT_EQ(resolve_style(stack(), "ja", diags).cjk_font_directory, "cv");
}

}  // namespace
}  // namespace cvpdf::theme
