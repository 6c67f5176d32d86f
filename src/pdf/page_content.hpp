// Painting one frame::Page into a content stream: glyph runs as TJ arrays of
// two-byte codes with the kerning/justification differences as adjustments,
// rules as filled rectangles, images as XObjects. Frame coordinates (sp from
// the top-left, y down) become PDF points from the bottom-left, y up.
// No PoDoFo here: fonts and images arrive as resource names and code tables.
//
// A code has one ToUnicode text per font, from the glyph's first occurrence.
// Where the same glyph stands for different text later (the space glyph
// for U+0020 and U+00A0, one hyphen glyph for U+002D and U+2010), that
// occurrence is wrapped in an /ActualText span so it still extracts as typed.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "frame/frame.hpp"
#include "pdf/font_subset.hpp"

namespace cvpdf::pdf {

// What the painter needs of one embedded font.
struct PageFont {
  std::string resource;  // "F1"
  const std::map<std::uint32_t, EncodedGlyph>* glyphs = nullptr;  // original glyph id → code, width
  const std::map<std::uint16_t, std::string>* unicode = nullptr;  // code → ToUnicode text (may be null)
};

struct PageResources {
  std::map<text::FaceId, PageFont> fonts;
  std::map<std::string, std::string> images;  // image path → resource name ("Im1")
};

struct PaintedPage {
  std::string content;                  // the uncompressed content stream
  std::set<text::FaceId> fonts_used;
  std::set<std::string> images_used;    // paths
};

// Throws FatalError for a glyph or image that has no resource (a bug).
PaintedPage paint_page(const frame::Page& page, const PageResources& resources);

}  // namespace cvpdf::pdf
