// Font subsetting, before any PDF object exists: which glyphs of which face
// the document uses (collect_font_usage), then one hb-subset pass per face
// (subset_font) giving the font program to embed, the two-byte code each
// original glyph is written with, its width, the ToUnicode text per code and
// the FontDescriptor numbers. No PDF objects here.
//
// Codes: TrueType (glyf) faces → code = the glyph's id in the subset, read
// through /CIDToGIDMap /Identity. CID-keyed CFF (Noto CJK) → code = the
// glyph's CID in the subset's charset, since a bare CFF program (FontFile3
// /CIDFontType0C) is addressed by CID. Name-keyed CFF → code = subset glyph
// id (readers use the CID as the glyph index when the CFF has no CIDs).
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "frame/frame.hpp"
#include "text/font_book.hpp"

namespace cvpdf::pdf {

// The text compose gives the hyphen it adds where it divides a word at a
// line end (compose/paragraph_set.cpp): U+00AD SOFT HYPHEN, which the PDF
// Reference 1.7 (10.7, "Incidental artifacts", hyphenation) names as how a
// line-end hyphen that is not part of the word maps to Unicode, so a
// consumer knows to drop it and join the word.
inline constexpr const char* kSoftHyphenText = "\u00AD";

// One glyph as written: its code in content streams and its width in /W.
// `width` is in millionths of an em, i.e. thousandths of a /W unit, so the
// number written in /W and the one used for TJ adjustments are the same.
struct EncodedGlyph {
  std::uint16_t code = 0;
  std::int64_t width = 0;
};

// The glyphs of one face used anywhere in the document.
struct FontUsage {
  text::FaceId face = text::kNoFace;
  std::set<std::uint32_t> glyphs;              // original glyph ids
  std::map<std::uint32_t, std::string> text;   // glyph → text of its first occurrence with text
  // Glyphs of clusters of two glyphs or more (cluster_pieces.hpp): the
  // text of a glyph's first occurrence alone in its cluster, and every
  // piece it stands for in a larger one. A glyph drawn as an added
  // line-end hyphen stands for the piece kSoftHyphenText, which is not its
  // text in `text` or `alone`: a real hyphen of the same glyph reads "-".
  std::map<std::uint32_t, std::string> alone;
  std::map<std::uint32_t, std::set<std::string>> pieces;
};

// Every face used, in order of first use (which fixes /F1, /F2 … and the
// object order). Throws FatalError on an unknown face or a glyph id the font
// does not have, naming the font file.
std::vector<FontUsage> collect_font_usage(const frame::Document& doc, const text::FontBook& fonts);

// One character for each glyph of `usage`, in glyph order, each glyph being
// its character's nominal glyph (cmap) and its text that one character;
// empty when any glyph is not (a ligature, a GSUB alternate, a glyph without
// text, .notdef). subset_font then names the glyphs to hb-subset by these
// characters: given glyph ids, hb-subset 6 walks the face's whole cmap to
// build the subset's own cmap (dropped anyway), 41 million instructions,
// five sixths of planning a Noto CJK subset; given characters it looks up
// only those and, with GSUB dropped, keeps exactly their glyphs and .notdef,
// the same subset.
std::vector<char32_t> nominal_characters(const text::Face& face, const FontUsage& usage);

enum class FontProgram { TrueType, CffCid, CffNamed };

struct SubsetFont {
  text::FaceId face = text::kNoFace;
  std::string path;          // the font file, for messages
  std::string base_font;     // "ABCDEF+PostScriptName"
  FontProgram program = FontProgram::TrueType;
  std::string font_file;     // FontFile2: the subset sfnt; FontFile3: the bare subset CFF
  std::map<std::uint32_t, EncodedGlyph> glyphs;   // original glyph id → code, width
  std::map<std::uint16_t, std::string> unicode;   // code → text (UTF-8) for ToUnicode
  // TrueType only: a glyph standing for pieces of many-glyph clusters
  // (FontUsage::pieces) has a code per piece, each mapped to its piece;
  // the codes past the subset's glyphs are read through `cid_to_gid`
  // (/CIDToGIDMap, empty: /Identity). So an added hyphen gets a CID of its
  // own mapped to U+00AD, not a second code for the hyphen's CID: mupdf
  // keys ToUnicode by CID and would read both as "\u00AD-". A CFF program is
  // addressed by CID and has no such map: its glyphs keep one code, the
  // painter an /ActualText.
  std::map<std::pair<std::uint32_t, std::string>, EncodedGlyph> piece_codes;  // (glyph, piece) → code
  std::vector<std::uint16_t> cid_to_gid;

  // FontDescriptor, in glyph space (1000 units per em).
  int flags = 4;
  std::array<int, 4> bbox{};
  double italic_angle = 0;
  int ascent = 0, descent = 0, cap_height = 0, stem_v = 0;
};

// Subsets `face` to the used glyphs. Throws FatalError naming the font file
// when the face has no embeddable outlines or subsetting fails.
SubsetFont subset_font(const text::Face& face, const FontUsage& usage);

}  // namespace cvpdf::pdf
