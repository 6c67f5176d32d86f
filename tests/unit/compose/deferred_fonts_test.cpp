// resolve_fonts' deferred CJK lists: nothing looked for until a character
// needs the face, and a missing family warned about then, at its key.
#include <gtest/gtest.h>

#include "classic_layout.hpp"
#include "compose/fonts.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose {
namespace {

// The classic layout's style for `language`, and a book to resolve it in.
struct Classic {
  explicit Classic(const std::string& language)
      : keys(classic_layout_keys(diags)), style(theme::resolve_style({}, keys, language, diags)) {}
  Diagnostics diags;
  model::StyleMap keys;
  theme::Style style;
  text::FontBook book;
};

TEST(DeferredFonts, TheCjkFaceOpensOnTheFirstCharacterThatNeedsIt) {
  Classic c("en");
  text::FontBook& book = c.book;
  const FontSet fonts = resolve_fonts(c.style, "en", book, c.diags);
  const text::FaceId cjk = fonts.regular.faces.back();
  EXPECT_FALSE(book.opened(cjk));
  EXPECT_EQ(text::face_for(book, fonts.regular, U'A'), fonts.regular.faces.front());
  EXPECT_FALSE(book.opened(cjk));  // Latin text never reaches it
  EXPECT_EQ(text::face_for(book, fonts.regular, U'中'), cjk);
  EXPECT_TRUE(book.opened(cjk));
  EXPECT_EQ(fonts.italic.faces.back(), cjk);  // one face for the same request
}

TEST(DeferredFonts, AMissingFamilyWarnsAtItsKeyWhenACharacterNeedsIt) {
  Classic c("zh");
  c.style.cjk_fonts = {"No Such CJK Family"};
  const auto& diags = c.diags;
  text::FontBook& book = c.book;
  const FontSet fonts = resolve_fonts(c.style, "zh-Hans", book, c.diags);
  EXPECT_TRUE(diags.all().empty());
  EXPECT_EQ(text::face_for(book, fonts.regular, U'中'), text::kNoFace);
  ASSERT_EQ(diags.all().size(), 1u);
  EXPECT_EQ(diags.all()[0].message, "font family 'No Such CJK Family' was not found");
  EXPECT_EQ(diags.all()[0].span.to_string(), c.keys.at("fonts.cjk").span.to_string());
  // Resolved again (the next --fit-pages layout): known missing, said at once.
  Diagnostics again;
  resolve_fonts(c.style, "zh-Hans", book, again);
  ASSERT_FALSE(again.all().empty());
  EXPECT_EQ(again.all()[0].message, "font family 'No Such CJK Family' was not found");
}

}  // namespace
}  // namespace cvpdf::compose
