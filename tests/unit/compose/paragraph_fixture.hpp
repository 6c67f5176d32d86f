// The built-in layout's style, fonts and hyphenator, as the composer sets
// paragraphs with them: what the paragraph tests set text through.
#pragma once
#include <memory>
#include <string>

#include "classic_layout.hpp"
#include "compose/fonts.hpp"
#include "compose/paragraph.hpp"
#include "text/hyphenator.hpp"

namespace cvpdf::compose {

struct ParagraphFixture {
  Diagnostics diags;
  model::StyleMap keys;
  theme::Style style;
  text::FontBook book;
  FontSet fonts;
  std::unique_ptr<text::Hyphenator> hyphenator;

  explicit ParagraphFixture(const std::string& language = "en") {
    keys = classic_layout_keys(diags);
    style = theme::resolve_style({}, keys, language, diags);
    fonts = resolve_fonts(style, model::pdf_language_tag(language), book, diags);
    hyphenator = text::Hyphenator::load_default(model::pdf_language_tag(language));
  }
  Typesetter typesetter(bool hyphenate = true) {
    return Typesetter(book, fonts, style, model::pdf_language_tag(style_language), hyphenate ? hyphenator.get() : nullptr,
                      diags);
  }
  std::string style_language = "en";
};

inline SpanStyle regular(const theme::Style& s) { return {FontVariant::Regular, s.text_size, s.text_color, 0}; }

}  // namespace cvpdf::compose
