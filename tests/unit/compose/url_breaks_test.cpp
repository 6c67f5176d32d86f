// URLs through the paragraph: a long address breaks at the URL rules'
// opportunities (text/url_breaks.hpp) and, as a last resort, inside a label.
#include <gtest/gtest.h>

#include <string>

#include "classic_layout.hpp"
#include "compose/fonts.hpp"
#include "compose/paragraph.hpp"
#include "model/loader.hpp"

namespace cvpdf::compose {
namespace {

// Through the paragraph: a long URL in a narrow measure breaks at its dots
// and slashes instead of running into the margin; its host's first label,
// wider than the room after "Data at", is cut there as a last resort
// (compose/last_resort.hpp) rather than leave "Data at" alone on a line
// with one huge gap.
TEST(UrlBreaks, ALongUrlDoesNotRunIntoTheMargin) {
  Diagnostics diags;
  model::StyleMap keys;
  keys = classic_layout_keys(diags);
  theme::Style style = theme::resolve_style({}, keys, "en", diags);
  text::FontBook book;
  FontSet fonts = resolve_fonts(style, "en", book, diags);
  Typesetter typesetter(book, fonts, style, "en", nullptr, diags);
  RichText rich;
  rich.add("Data at https://averyveryverylongsubdomain.anotherlongdomainname.example.com/2024/10/01/x.html today.",
           {FontVariant::Regular, style.text_size, style.text_color, 0}, {}, {"cv.yaml", 3, 7});
  const std::size_t before = diags.all().size();
  auto lines = typesetter.set(rich, typesetter.body_shape(pt(170)));
  for (std::size_t i = before; i < diags.all().size(); ++i)
    EXPECT_NE(diags.all()[i].message.find("was broken inside a word"), std::string::npos) << diags.all()[i].format();
  ASSERT_GE(lines.size(), 3u);
  for (const auto& line : lines) EXPECT_LE(line.width, pt(170.5));
  // No hyphen is added inside the address, and the scheme stays with the host.
  auto text_of = [](const SetLine& line) {
    std::string out;
    for (const auto& e : line.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e))
        for (const auto& g : run->glyphs) out += g.text;
    return out;
  };
  std::string all;
  for (const auto& line : lines) all += "[" + text_of(line) + "]\n";
  EXPECT_EQ(text_of(lines[0]).rfind("Data at https://a", 0), 0u) << all;
  for (const auto& line : lines) {
    const std::string t = text_of(line);
    EXPECT_EQ(t.find("\u00AD"), std::string::npos) << t;
    EXPECT_FALSE(t.size() >= 8 && t.compare(t.size() - 8, 8, "https://") == 0) << t;
  }
}

}  // namespace
}  // namespace cvpdf::compose
