// Colour emoji pictures of a glyph run (see emoji_pictures.hpp).
#include "frame/emoji_pictures.hpp"

#include <algorithm>

#include "core/utf8.hpp"

namespace cvpdf::frame {

namespace {

bool is_regional_indicator(char32_t cp) { return cp >= 0x1F1E6 && cp <= 0x1F1FF; }

// What continues an emoji sequence (UTS #51): presentation selectors, skin
// tones, the keycap mark, tag characters, a joiner and what follows it.
bool continues_emoji(char32_t cp) {
  return cp == 0xFE0F || cp == 0xFE0E || cp == 0x200D || cp == 0x20E3 || (cp >= 0x1F3FB && cp <= 0x1F3FF) ||
         (cp >= 0xE0020 && cp <= 0xE007F);
}

char32_t first_of(std::string_view text) {
  std::size_t pos = 0;
  return text.empty() ? 0 : utf8::decode(text, pos);
}

char32_t last_of(std::string_view text) {
  std::size_t start = text.size();
  while (start > 0 && (static_cast<unsigned char>(text[start - 1]) & 0xC0) == 0x80) --start;
  return start == 0 ? 0 : first_of(text.substr(start - 1));
}

// Whether the cluster `next` belongs to the emoji `sequence` before it: the
// shaper may give each part of 👍🏽, ❤️ or 👩‍💻 a cluster of its own when
// the face has no glyph for the whole, but the colour face may have one.
bool joins(const std::string& sequence, std::size_t regional_indicators, const std::string& next) {
  const char32_t first = first_of(next);
  if (continues_emoji(first) || last_of(sequence) == 0x200D) return true;
  return regional_indicators == 1 && is_regional_indicator(first) && next.size() == utf8::encode(first).size();
}

}  // namespace

bool may_want_colour(const GlyphRun& run) {
  return std::any_of(run.glyphs.begin(), run.glyphs.end(), [](const Glyph& g) { return text::wants_colour(g.text); });
}

std::vector<EmojiPicture> emoji_pictures(const GlyphRun& run, const text::ColourEmoji* colour) {
  std::vector<EmojiPicture> out;
  if (!colour) return out;
  Scaled pen = run.x;
  for (std::size_t g = 0; g < run.glyphs.size();) {
    // A cluster: a glyph with its text, then those with none (Glyph::text),
    // and the clusters that continue its emoji sequence.
    const Glyph& first = run.glyphs[g];
    std::string sequence = first.text;
    std::size_t regional_indicators = is_regional_indicator(first_of(sequence)) ? 1 : 0;
    std::size_t end = g + 1;
    Scaled advance = first.advance;
    while (end < run.glyphs.size() &&
           (run.glyphs[end].text.empty() || joins(sequence, regional_indicators, run.glyphs[end].text))) {
      if (is_regional_indicator(first_of(run.glyphs[end].text))) ++regional_indicators;
      sequence += run.glyphs[end].text;
      advance += run.glyphs[end++].advance;
    }
    if (const text::ColourGlyph* picture = sequence.empty() ? nullptr : colour->glyph(sequence)) {
      const text::PictureBox box = text::place_picture(*picture, advance, run.size);
      if (box.width > 0 && box.height > 0)
        out.push_back({g, end - g, picture, pen + first.x_offset + box.x, run.y - first.y_offset + box.y, box.width,
                       box.height});
    }
    pen += advance;
    g = end;
  }
  return out;
}

}  // namespace cvpdf::frame
