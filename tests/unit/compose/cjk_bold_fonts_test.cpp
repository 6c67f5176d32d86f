// fonts.cjk-bold: bold CJK text set in its own faces (a Hei beside a Song
// body), the regular and italic chains keeping fonts.cjk.
#include <gtest/gtest.h>

#include "classic_layout.hpp"
#include "compose/fonts.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose {
namespace {

model::StyleValue list(std::vector<std::string> items) {
  model::StyleValue v;
  v.is_list = true;
  v.list = std::move(items);
  v.span = {"theme.yaml", 4, 3};
  return v;
}

std::string cjk_family(const text::FontBook& book, const text::FontChain& chain) {
  // Latin faces come first in a chain; the CJK face is the last.
  return chain.faces.empty() ? "" : book.face(chain.faces.back()).family;
}

TEST(CjkBoldFonts, BoldCjkTextUsesItsOwnListAndTheRestKeepsFontsCjk) {
  Diagnostics diags;
  model::StyleMap keys = classic_layout_keys(diags);
  keys["fonts.cjk"] = list({"Noto Serif CJK SC"});
  keys["fonts.cjk-bold"] = list({"Noto Sans CJK SC"});
  const theme::Style style = theme::resolve_style({}, keys, "zh", diags);
  text::FontBook book;
  const FontSet fonts = resolve_fonts(style, "zh-Hans", book, diags);
  ASSERT_FALSE(diags.has_errors());
  EXPECT_NE(cjk_family(book, fonts.regular).find("Serif CJK"), std::string::npos);
  EXPECT_NE(cjk_family(book, fonts.italic).find("Serif CJK"), std::string::npos);
  EXPECT_NE(cjk_family(book, fonts.bold).find("Sans CJK"), std::string::npos);
  EXPECT_NE(cjk_family(book, fonts.bold_italic).find("Sans CJK"), std::string::npos);
}

TEST(CjkBoldFonts, AnEmptyListLeavesBoldToTheCjkFaces) {
  Diagnostics diags;
  model::StyleMap keys = classic_layout_keys(diags);
  keys["fonts.cjk"] = list({"Noto Serif CJK SC"});
  const theme::Style style = theme::resolve_style({}, keys, "zh", diags);
  EXPECT_TRUE(style.cjk_bold_fonts.empty());
  text::FontBook book;
  const FontSet fonts = resolve_fonts(style, "zh-Hans", book, diags);
  EXPECT_NE(cjk_family(book, fonts.bold).find("Serif CJK"), std::string::npos);
}

}  // namespace
}  // namespace cvpdf::compose
