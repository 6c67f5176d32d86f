// fonts.mono: `code` in text set in the monospace face, the Latin and CJK
// faces after it for what it lacks; the default family missing is quiet,
// a family a layer names and that is missing warns.
#include <gtest/gtest.h>

#include "classic_layout.hpp"
#include "compose/fonts.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose {
namespace {

std::string family(const text::FontBook& book, text::FaceId id) { return book.face(id).family; }

TEST(MonoFonts, CodeIsInTheMonoFaceThenTheLatinAndCjkFaces) {
  Diagnostics diags;
  model::StyleMap keys = classic_layout_keys(diags);
  const theme::Style style = theme::resolve_style({}, keys, "zh", diags);
  text::FontBook book;
  const FontSet fonts = resolve_fonts(style, "zh-Hans", book, diags);
  ASSERT_FALSE(diags.has_errors());
  // The default list is looked for when code is first set, not before.
  EXPECT_TRUE(fonts.mono.faces.empty());
  EXPECT_EQ(&fonts.chain(FontVariant::Mono), &fonts.mono);
  ASSERT_GE(fonts.mono.faces.size(), 3u);
  EXPECT_EQ(family(book, fonts.mono.faces.front()), "DejaVu Sans Mono");
  EXPECT_EQ(book.face(fonts.mono_bold.faces.front()).postscript_name, "DejaVuSansMono-Bold");
  // After it, the regular chain: Lato, then the CJK face.
  EXPECT_EQ(fonts.mono.faces[1], fonts.regular.faces.front());
  EXPECT_EQ(fonts.mono.faces.back(), fonts.regular.faces.back());
  EXPECT_EQ(&fonts.chain(FontVariant::Mono), &fonts.mono);
  EXPECT_EQ(&fonts.chain(FontVariant::MonoBold), &fonts.mono_bold);
}

TEST(MonoFonts, AMissingFamilyWarnsOnlyWhenALayerNamesIt) {
  Diagnostics diags;
  model::StyleMap keys = classic_layout_keys(diags);
  theme::Style style = theme::resolve_style({}, keys, "en", diags);
  style.mono_fonts = {"No Such Mono Family"};  // as the table's default would be, were it missing
  text::FontBook book;
  FontSet fonts = resolve_fonts(style, "en", book, diags);
  EXPECT_EQ(fonts.chain(FontVariant::Mono).faces.front(), fonts.regular.faces.front());  // code falls back to Lato
  EXPECT_TRUE(diags.all().empty());

  model::StyleValue named;
  named.is_list = true;
  named.list = {"No Such Mono Family"};
  named.span = {"theme.yaml", 4, 9};
  keys["fonts.mono"] = named;
  style = theme::resolve_style({}, keys, "en", diags);  // the list now has a place: Style::origin
  fonts = resolve_fonts(style, "en", book, diags);
  ASSERT_EQ(diags.all().size(), 1u);
  EXPECT_EQ(diags.all()[0].span.to_string(), "theme.yaml:4:9");
  EXPECT_NE(diags.all()[0].message.find("No Such Mono Family"), std::string::npos);
}

}  // namespace
}  // namespace cvpdf::compose
