// Painting one frame::Page into a content stream: glyph runs as TJ arrays of
// two-byte codes with the kerning/justification differences as adjustments,
// rules as filled rectangles, images as XObjects. Frame coordinates (sp from
// the top-left, y down) become PDF points from the bottom-left, y up.
// No PDF objects here: fonts and images arrive as resource names and code tables.
//
// A code has one ToUnicode text per font, from the glyph's first occurrence.
// Where the same glyph stands for different text later (the space glyph
// for U+0020 and U+00A0, one hyphen glyph for U+002D and U+2010), that
// occurrence is wrapped in an /ActualText span so it still extracts as typed.
//
// Tagged pages (PageResources::structure non-empty): each maximal stretch of
// consecutive painted elements with the same Tag::node becomes one
// marked-content sequence, `/Role <</MCID n>> BDC … EMC` (MCIDs from 0 per
// page; the role's standard type for a custom role) or `/Artifact BMC … EMC`.
// A sequence lives on one side of BT/ET (one opened in a text object ends
// in it), so a stretch is split where text meets a rule or an image.
// Glyph::reads_as spans become /ActualText where they can be written whole
// (extraction_spans.hpp); the per-glyph /ActualText above is never nested
// inside one. On a tagged page an /ActualText is a sequence of the node of
// its own, `/Span <</MCID n/ActualText <…>>> BDC`, never a /Span nested in
// the node's sequence: poppler's structure reader ends an MCID's content at
// the first EMC, and its text extraction reads /ActualText only on /Span.
//
// Colour emoji (PageResources::colour_emoji, frame/emoji_pictures.hpp): the
// cluster's glyphs are written invisibly (text render mode 3), so the text
// layer still holds the emoji, and its picture is drawn over their box as
// an image XObject, an artifact (the text is the content, the picture its
// rendition), once the text object ends.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "frame/emoji_pictures.hpp"
#include "frame/frame.hpp"
#include "pdf/font_subset.hpp"

namespace cvpdf::pdf {

// One glyph of an embedded font as the painter needs it.
struct PaintGlyph {
  bool embedded = false;
  std::uint16_t code = 0;
  std::int64_t width = 0;
  const std::string* unicode = nullptr;  // the ToUnicode text of its code (null: none)
};

// What the painter needs of one embedded font.
struct PageFont {
  std::string resource;  // "F1"
  const std::map<std::uint32_t, EncodedGlyph>* glyphs = nullptr;  // original glyph id → code, width
  const std::map<std::uint16_t, std::string>* unicode = nullptr;  // code → ToUnicode text (may be null)
  // (glyph, piece of a many-glyph cluster) → its code (may be null or empty: none)
  const std::map<std::pair<std::uint32_t, std::string>, EncodedGlyph>* piece_codes = nullptr;
  // The same by original glyph id (index_glyphs): an array index per glyph
  // painted instead of two tree searches. Empty: the painter searches.
  std::vector<PaintGlyph> by_id;
};

// Fills font.by_id from its maps (once per document and font).
void index_glyphs(PageFont& font);

struct PageResources {
  std::map<text::FaceId, PageFont> fonts;
  std::map<std::string, std::string> images;  // image path → resource name ("Im1")
  // The installed colour emoji face (null: emoji are drawn as their glyphs)
  // and its pictures' resource names ("Em1") by glyph of that face.
  const text::ColourEmoji* colour_emoji = nullptr;
  std::map<std::uint32_t, std::string> emoji;
  // The document's structure nodes; null or empty paints an untagged page.
  const std::vector<frame::StructNode>* structure = nullptr;
};

// One marked-content sequence of a tagged page; its index is its MCID.
struct MarkedContent {
  frame::StructId node = frame::kArtifact;
  std::uint32_t seq = 0;  // the smallest Tag::seq of its elements
};

// A LinkArea of the page, in element order (the annotation is made apart).
struct PaintedLink {
  std::size_t element = 0;  // index into Page::elements
  frame::Tag tag{};
};

struct PaintedPage {
  std::string content;                  // the uncompressed content stream
  std::set<text::FaceId> fonts_used;
  std::set<std::string> images_used;    // paths
  std::set<std::uint32_t> emoji_used;   // colour emoji glyphs (PageResources::emoji)
  std::vector<MarkedContent> marked;    // tagged pages only, by MCID
  std::vector<PaintedLink> links;
};

// Throws FatalError for a glyph or image that has no resource, or a tag
// naming no structure node (bugs).
PaintedPage paint_page(const frame::Page& page, const PageResources& resources);

}  // namespace cvpdf::pdf
