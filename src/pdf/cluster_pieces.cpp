// Dealing a many-glyph cluster's text out over its glyphs (cluster_pieces.hpp).
#include "pdf/cluster_pieces.hpp"

#include "core/utf8.hpp"

namespace cvpdf::pdf {

namespace {

// The text a cluster of `glyphs` glyphs is dealt out as: its own, or, when
// it has fewer characters than glyphs, with Thai SARA AM (U+0E33) and Lao AM
// (U+0EB3) as the two characters HarfBuzz's Thai shaper draws them with
// (NIKHAHIT + SARA AA, their compatibility decomposition), so that no glyph
// goes without text: "ทำ" is drawn ท ํ า.
std::string dealt_text(const std::string& text, std::size_t glyphs) {
  if (utf8::length(text) >= glyphs) return text;
  std::string out;
  for (std::size_t pos = 0; pos < text.size();) {
    const char32_t c = utf8::decode(text, pos);
    if (c == 0x0E33)
      out += "\u0E4D\u0E32";
    else if (c == 0x0EB3)
      out += "\u0ECD\u0EB2";
    else
      out += utf8::encode(c);
  }
  return out;
}

}  // namespace

std::vector<std::optional<std::string>> cluster_pieces(const std::vector<frame::Glyph>& glyphs) {
  std::vector<std::optional<std::string>> pieces;
  std::size_t g = 0;
  while (g < glyphs.size()) {
    std::size_t end = g + 1;
    while (end < glyphs.size() && glyphs[end].text.empty()) ++end;
    // A glyph without text at the head of the run continues no cluster here.
    if (end - g < 2 || glyphs[g].text.empty()) {
      g = end;
      continue;
    }
    if (pieces.empty()) pieces.resize(glyphs.size());
    const std::string text = dealt_text(glyphs[g].text, end - g);
    std::size_t pos = 0;
    for (std::size_t k = g; k < end; ++k) {
      const std::size_t from = pos;
      if (k + 1 == end)
        pos = text.size();
      else if (pos < text.size())
        utf8::decode(text, pos);
      pieces[k] = text.substr(from, pos - from);
    }
    g = end;
  }
  return pieces;
}

}  // namespace cvpdf::pdf
