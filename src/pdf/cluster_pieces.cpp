// Dealing a many-glyph cluster's text out over its glyphs (cluster_pieces.hpp).
#include "pdf/cluster_pieces.hpp"

#include "core/utf8.hpp"

namespace cvpdf::pdf {

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
    const std::string& text = glyphs[g].text;
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
