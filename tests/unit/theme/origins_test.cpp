// Style::origin: every value read knows where it was set — the layer's
// place of the key it was read from — so code after the reader asks the
// value, never a key by name.
#include <gtest/gtest.h>

#include "theme/style.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::theme {
namespace {

StyleLayers layers_of(const std::string& theme, const std::string& set = {}) {
  Diagnostics diags;
  StyleLayers layers;
  auto base = load_style("text: {size: 10pt}\n", "<built-in theme test>", diags);
  auto file = load_style(theme, "mine.yaml", diags);
  EXPECT_TRUE(base && file && !diags.has_errors());
  layers.push({"<built-in theme test>", "", *base});
  layers.push({"mine.yaml", "", *file});
  model::StyleMap sets;
  if (!set.empty()) {
    EXPECT_TRUE(apply_style_override(sets, set, diags));
  }
  layers.push({"--set", ".", sets});
  return layers;
}

TEST(StyleOrigin, EachValueKnowsTheLayerAndPlaceThatSetIt) {
  Diagnostics diags;
  const Style s = resolve_style(layers_of("fonts:\n  latin: [Lato]\nheader:\n  photo: left\n", "colors.accent=#c00"),
                                "en", diags);
  ASSERT_FALSE(diags.has_errors());
  EXPECT_EQ(s.origin(s.latin_fonts).span.to_string(), "mine.yaml:2:10");
  EXPECT_TRUE(s.origin(s.latin_fonts).given);
  EXPECT_EQ(s.origin(s.header_photo).span.to_string(), "mine.yaml:4:10");  // a choice, through its word list
  EXPECT_EQ(s.origin(s.accent_color).span.file, "--set colors.accent=#c00");
  EXPECT_EQ(s.origin(s.text_size).span.file, "<built-in theme test>");
  // Nothing set it: the table's default, from nowhere.
  EXPECT_FALSE(s.origin(s.mono_fonts).given);
  EXPECT_FALSE(s.origin(s.mono_fonts).span.known());
  // A nested value (fit.pages) and something no row sets (a Style's copy).
  EXPECT_FALSE(s.origin(s.fit.pages).given);
  const Style copy = s;
  EXPECT_EQ(copy.origin(copy.latin_fonts).span.to_string(), "mine.yaml:2:10");
  EXPECT_FALSE(s.origin(copy.latin_fonts).span.known()) << "another Style's member is not this one's";
}

TEST(StyleOrigin, TheCjkFacesComeFromTheVariantsOwnKeyWhenSet) {
  Diagnostics diags;
  const StyleLayers layers = layers_of("fonts:\n  cjk: [Noto Sans CJK SC]\n  cjk-ja: [Noto Sans CJK JP]\n");
  const Style ja = resolve_style(layers, "ja", diags);
  const Style zh = resolve_style(layers, "zh", diags);
  EXPECT_EQ(ja.origin(ja.cjk_fonts).span.to_string(), "mine.yaml:3:11");
  EXPECT_EQ(zh.origin(zh.cjk_fonts).span.to_string(), "mine.yaml:2:8");
}

TEST(StyleOrigin, TheLayersHeaderPhotoAsTheReaderTakesIt) {
  EXPECT_EQ(header_photo(layers_of("header: {photo: NONE}\n")), HeaderPhoto::None);
  EXPECT_EQ(header_photo(layers_of("header: {photo: left}\n")), HeaderPhoto::Left);
  EXPECT_EQ(header_photo(layers_of("header: {photo: sideways}\n")), HeaderPhoto::Right);
  EXPECT_EQ(header_photo(layers_of("text: {size: 9pt}\n")), HeaderPhoto::Right);
}

}  // namespace
}  // namespace cvpdf::theme
