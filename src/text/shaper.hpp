// Shaping: UTF-8 text → positioned glyphs with HarfBuzz (kerning, ligatures),
// itemised by script and by font: each character is set in the first face of
// the chain that has it, so any CJK character in any field finds a CJK face.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
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
  Scaled y_offset = 0;
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
  Scaled width() const;
};

struct ShapeOptions {
  Scaled size = 0;
  std::string language;  // BCP 47 for the HarfBuzz buffer ("zh-Hans", "en")
  bool kerning = true;
  bool ligatures = true;
  Scaled letter_spacing = 0;  // added after every cluster (tracking for small caps headings)
};

// Shapes text[begin, end). Glyph clusters are byte offsets into `text` (not
// relative to begin). Characters that no face of the chain has are set with
// the first face's .notdef and reported by `missing` (if given) as code points.
std::vector<ShapedRun> shape(const FontBook& book, std::string_view text, std::size_t begin,
                             std::size_t end, const FontChain& chain, const ShapeOptions& options,
                             std::vector<char32_t>* missing = nullptr);

// Which face of the chain sets this character (kNoFace if none).
FaceId face_for(const FontBook& book, const FontChain& chain, char32_t cp);

}  // namespace cvpdf::text
