// Trimming the side bearings of + and × beside letters and digits (see
// tight_symbols.hpp).
#include "text/tight_symbols.hpp"

#include <hb.h>
#include <unicode/uchar.h>

#include <algorithm>

#include "core/utf8.hpp"

namespace cvpdf::text {

namespace {

// ICU's: any letter or decimal digit, of any script ("C", "6", "β", "六").
bool is_letter_or_digit(char32_t cp) { return cp != 0 && u_isalnum(static_cast<UChar32>(cp)) != 0; }

// The character ending just before byte `at` (0 at the start of the text).
char32_t char_before(std::string_view text, std::size_t at) {
  if (at == 0 || at > text.size()) return 0;
  std::size_t start = at - 1;
  while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
  return utf8::decode(text, start);
}

char32_t char_at(std::string_view text, std::size_t at) {
  if (at >= text.size()) return 0;
  return utf8::decode(text, at);
}

// Which sides of the symbol at text[at, next) to trim: those facing a
// letter, a digit or another symbol of its chain, when the chain of tight
// symbols touches a letter or a digit on either end ("C++", "+86", "6×").
struct Sides {
  bool left = false;
  bool right = false;
};

bool faces_its_word(char32_t neighbour) { return is_letter_or_digit(neighbour) || is_tight_symbol(neighbour); }

Sides sides_to_trim(std::string_view text, std::size_t at, std::size_t next) {
  std::size_t chain_begin = at;
  for (char32_t c = char_before(text, chain_begin); is_tight_symbol(c); c = char_before(text, chain_begin))
    chain_begin -= utf8::encode(c).size();
  std::size_t chain_end = next;
  for (char32_t c = char_at(text, chain_end); is_tight_symbol(c); c = char_at(text, chain_end))
    chain_end += utf8::encode(c).size();
  if (!is_letter_or_digit(char_before(text, chain_begin)) && !is_letter_or_digit(char_at(text, chain_end))) return {};
  return {faces_its_word(char_before(text, at)), faces_its_word(char_at(text, next))};
}

// The glyph setting text[at, next) alone (a cluster of one glyph and one
// character), or nullptr.
ShapedGlyph* glyph_of(ShapedRun& run, std::size_t at, std::size_t next) {
  for (std::size_t i = 0; i < run.glyphs.size(); ++i) {
    if (run.glyphs[i].cluster != at) continue;
    const std::size_t cluster_end = i + 1 < run.glyphs.size() ? run.glyphs[i + 1].cluster : run.text_end;
    const bool alone = (i == 0 || run.glyphs[i - 1].cluster != at) && cluster_end == next;
    return alone ? &run.glyphs[i] : nullptr;
  }
  return nullptr;
}

Scaled kept_bearing(const Face& face) { return static_cast<Scaled>(kTightSymbolBearingEm * face.units_per_em + 0.5); }

void trim(const Face& face, ShapedGlyph& glyph, Sides sides) {
  hb_glyph_extents_t ink{};
  if (!hb_font_get_glyph_extents(face.hb_font, glyph.glyph, &ink) || ink.width <= 0) return;
  const Scaled keep = kept_bearing(face);
  const Scaled left_bearing = glyph.x_offset + ink.x_bearing;
  const Scaled right_bearing = glyph.x_advance - left_bearing - ink.width;
  const Scaled left = sides.left ? std::max<Scaled>(0, left_bearing - keep) : 0;
  const Scaled right = sides.right ? std::max<Scaled>(0, right_bearing - keep) : 0;
  glyph.x_offset -= left;
  glyph.x_advance -= left + right;
}

}  // namespace

bool is_tight_symbol(char32_t cp) { return cp == U'+' || cp == U'\u00D7'; }

Scaled white_after_tight_symbol(const Face& face, std::string_view text, std::size_t end, std::uint32_t glyph,
                                Scaled advance, Scaled x_offset) {
  const char32_t cp = char_before(text, end);
  if (!is_tight_symbol(cp)) return 0;
  const std::size_t at = end - utf8::encode(cp).size();
  if (!sides_to_trim(text, at, end).left) return 0;  // not set against its word ("a + b")
  hb_glyph_extents_t ink{};
  if (!hb_font_get_glyph_extents(face.hb_font, glyph, &ink) || ink.width <= 0) return 0;
  const Scaled right_bearing = advance - (x_offset + ink.x_bearing) - ink.width;
  return std::max<Scaled>(0, right_bearing - kept_bearing(face));
}

void tighten_symbols(const FontBook& book, std::string_view text, std::size_t begin, std::size_t end,
                     std::vector<ShapedRun>& runs) {
  for (std::size_t pos = begin; pos < end;) {
    const std::size_t at = pos;
    const char32_t cp = utf8::decode(text, pos);
    if (!is_tight_symbol(cp)) continue;
    const Sides sides = sides_to_trim(text, at, pos);
    if (!sides.left && !sides.right) continue;
    for (ShapedRun& run : runs) {
      if (at < run.text_begin || at >= run.text_end) continue;
      if (ShapedGlyph* glyph = glyph_of(run, at, pos)) trim(book.face(run.face), *glyph, sides);
      break;
    }
  }
}

}  // namespace cvpdf::text
