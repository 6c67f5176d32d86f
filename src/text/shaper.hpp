// Shaping: UTF-8 text → positioned glyphs with HarfBuzz (kerning, ligatures),
// itemised by script and by font: each character is set in the first face of
// the chain that has it, so any CJK character in any field finds a CJK face.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/units.hpp"
#include "text/font_book.hpp"

namespace cvpdf::text {

// Faces tried in order for each character (e.g. Lato Bold, Noto Sans CJK SC Bold).
struct FontChain {
  std::vector<FaceId> faces;
};

struct ShapedGlyph {
  std::uint32_t glyph = 0;  // glyph id in the face
  Scaled x_advance = 0;
  Scaled x_offset = 0;
  Scaled y_offset = 0;      // HarfBuzz's convention: positive is up (as in PDF text space)
  std::uint32_t cluster = 0;  // byte offset into the shaped text where its cluster starts
  bool unsafe_to_break = false;  // HarfBuzz: breaking before this glyph needs reshaping
};

// A run of glyphs from one face.
struct ShapedRun {
  FaceId face = kNoFace;
  Scaled size = 0;
  std::size_t text_begin = 0;  // byte range of the text this run covers
  std::size_t text_end = 0;
  std::vector<ShapedGlyph> glyphs;
  Scaled width() const;  // sum of the advances (letter spacing included)
};

// The width of a shaped line or word: the sum of its runs' widths.
Scaled total_width(const std::vector<ShapedRun>& runs);

struct ShapeOptions {
  Scaled size = 0;
  std::string language;  // BCP 47 for the HarfBuzz buffer ("zh-Hans", "en")
  bool kerning = true;
  bool ligatures = true;
  Scaled letter_spacing = 0;  // added after every cluster (tracking for small caps headings)
  // Shaped right to left (an odd bidi level, text/bidi.hpp): HarfBuzz
  // mirrors brackets and joins Arabic letters. The glyphs still come back
  // in logical order, the reverse of HarfBuzz's visual one, clusters
  // ascending as in left-to-right text: the set stage reverses them again
  // when it orders the line visually (compose/paragraph_bidi.cpp).
  bool rtl = false;
};

// Shapes text[begin, end). Glyph clusters are byte offsets into `text` (not
// relative to begin). A character that no face of the chain has is set in
// the installed face the system fallback finds for it
// (FontBook::fallback_face); one that no installed font has is set as a
// visible replacement (the first face's .notdef box, else U+FFFD) and
// reported by `missing` (if given) as a code point (each once; code points
// already in *missing are not added again).
//
// Runs split where the face or the script changes. Spaces and Common-script
// punctuation stay in the preceding character's face when it has them (so
// "训练, 提升" keeps its comma and space in the CJK face, "GPU 训练" its space
// in the Latin one); marks, ZWJ, variation selectors and controls always stay
// with the preceding character. Example, chain [Lato, Noto Sans CJK SC]:
// "GPU 训练 OK" → runs "GPU " (Lato), "训练 " (CJK), "OK" (Lato).
// Letter spacing is added to the last glyph of every cluster, including the
// last one of the text. A + or × against a letter or a digit ("C++", "6×")
// has its wide side bearings trimmed (tight_symbols.hpp).
std::vector<ShapedRun> shape(const FontBook& book, std::string_view text, std::size_t begin,
                             std::size_t end, const FontChain& chain, const ShapeOptions& options,
                             std::vector<char32_t>* missing = nullptr);

// shape(), remembered. The shape of a text does not depend on its size:
// HarfBuzz works in font units (the faces are unhinted, at units-per-em
// scale), and the size and letter spacing are applied after. --fit-pages
// lays a résumé out up to eight times at different sizes, and a paragraph
// is measured before it is set: each text is shaped once for all of them.
// Valid for one FontBook (its FaceIds); gives exactly what shape() gives.
class ShapeCache {
 public:
  std::vector<ShapedRun> shape(const FontBook& book, std::string_view text, std::size_t begin, std::size_t end,
                               const FontChain& chain, const ShapeOptions& options,
                               std::vector<char32_t>* missing = nullptr);
  // shape() before the size: advances and offsets in font units, without
  // letter spacing (run.size 0). What shape() gives at a size is these
  // scaled (Face::scale) and the letter spacing added to the last glyph of
  // every cluster.
  std::vector<ShapedRun> shape_unscaled(const FontBook& book, std::string_view text, std::size_t begin,
                                        std::size_t end, const FontChain& chain, const ShapeOptions& options,
                                        std::vector<char32_t>* missing = nullptr);
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::vector<ShapedRun> runs;  // in font units, without letter spacing
    std::vector<char32_t> missing;
  };
  // Sets key_; returns where the key's text starts in `text`.
  std::size_t make_key(std::string_view text, std::size_t begin, std::size_t end, const FontChain& chain,
                       const ShapeOptions& options);
  std::unordered_map<std::string, Entry> entries_;
  std::string key_;  // the last key, its buffer kept for the next
};

// Which face of the chain sets this character (kNoFace if none).
FaceId face_for(const FontBook& book, const FontChain& chain, char32_t cp);

}  // namespace cvpdf::text
