// The paragraph's stages share these (not part of paragraph.hpp's API):
// the paragraph prepared before sizes (UnsizedParagraph: its text,
// segments, shaped pieces and glyphs, paragraph_prepare.cpp), which the
// memo keeps, and a layout's sizing of it (Prepared, paragraph_sizes.cpp);
// the item list itemise makes of them (paragraph_itemise.cpp), which the
// break stage (paragraph_break.cpp) and the set stage (paragraph_set.cpp)
// read; and the helpers that walk a segment's glyphs across its pieces.
//
// A paragraph's pieces, glyphs and cuts are flat arrays, each segment and
// piece an index range of them. --fit-pages sizes the same paragraph up to
// eight times: each sizing copies the segments (trivially copyable: one
// block) and the cuts, and writes the glyphs' sized positions into one
// array, while the glyphs themselves (ids, texts, clusters), which no size
// changes, stay in the unsized paragraph.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "compose/paragraph.hpp"
#include "core/utf8.hpp"
#include "text/bidi.hpp"
#include "text/breaks.hpp"

namespace cvpdf::compose {

namespace paragraph_detail {

// The index range [begin, end) of one of a paragraph's flat arrays.
struct Range {
  std::size_t begin = 0, end = 0;
  std::size_t size() const { return end - begin; }
  bool empty() const { return begin == end; }
};

// Where a segment may be divided: before glyph `glyph`, counted from the
// segment's first. A hyphenation point adds the segment's hyphen; a
// last-resort cut (last_resort.hpp) adds nothing.
struct Cut {
  std::size_t glyph = 0;
  bool forced = false;
};

// What of a glyph changes with its size: its advance (with the letter
// spacing after a cluster's last glyph) and offsets at a layout's sizes,
// as the CJK rules leave them.
struct SizedGlyph {
  Scaled advance = 0;
  Scaled x_offset = 0;
  Scaled y_offset = 0;
};

}  // namespace paragraph_detail

// A shaped piece of a segment: one face, one span (its size is the span's).
struct Typesetter::Piece {
  text::FaceId face = text::kNoFace;
  std::size_t span = 0;
  paragraph_detail::Range glyphs;  // of the paragraph's
};

// A segment between two of the break list's word-level opportunities. It
// holds no array of its own (pieces, glyphs and cuts are ranges of the
// paragraph's), so a layout copies the segments as one block.
struct Typesetter::Segment {
  std::size_t begin = 0, end = 0;  // its bytes of the paragraph's text
  // Its pieces and their glyphs, consecutive in the paragraph's arrays.
  paragraph_detail::Range pieces, glyphs;
  Scaled width = 0;
  // Hyphenation points (only in a word of one piece) and, in the last
  // resort, cuts, ascending: of the paragraph's cuts.
  paragraph_detail::Range cuts;
  std::uint32_t hyphen_glyph = 0;
  Scaled hyphen_width = 0;
  text::BreakAfter after = text::BreakAfter::None;
  text::BreakOpportunity brk;  // the opportunity that ends it (the list's; none for the last)
  Scaled space_width = 0;      // natural width of the space after it
  text::FaceId space_face = text::kNoFace;
  std::uint32_t space_glyph = 0;
  std::size_t space_span = 0;
  Scaled space_size = 0;  // the size of the span the space is in: what its width is measured in ems of
  // The characters at its edges (0 for an empty segment) with their sizes.
  clreq::Side first, last;
  // The blanks of a mark at its ends (a closing mark's right, an opening
  // mark's left), taken off the box: the glue around the segment gives them
  // back unless a line ends or begins there (clreq.hpp).
  Scaled blank_before = 0;
  Scaled blank_after = 0;
  clreq::Join join;           // to the next segment (not after the last)
  bool lonely_break = false;  // breaking after it would leave one Han character on the last line
  // In the last resort: a cut may end the line after it, where its join
  // allows no break (between a Korean word's syllables, say).
  bool cut_after = false;
  // In the last resort: the line may end short at the space after it, which
  // comes before a long token or a URL.
  bool end_short = false;
};

namespace paragraph_detail {

// A paragraph prepared but not sized: what prepare makes of its texts and
// faces, the same at every size a layout sets them at. Its glyphs'
// advances and offsets are in font units (HarfBuzz's, without letter
// spacing); segment, hyphen and space widths and the edges' sizes are 0,
// and the CJK rules and joins are not applied.
struct UnsizedParagraph {
  std::string text;  // all spans' text, which segments and clusters index
  bool has_cjk = false;
  // Each byte's bidi level (text/bidi.hpp); empty when all is left to
  // right, as in most résumés, which then set as they always have.
  text::BidiLevels bidi;
  std::vector<Typesetter::Segment> segments;
  std::vector<Typesetter::Piece> pieces;
  std::vector<frame::Glyph> glyphs;
  std::vector<std::size_t> clusters;  // per glyph: the byte offset of its cluster
  std::vector<Cut> cuts;              // the segments' hyphenation points
  static constexpr std::size_t kNoSpan = static_cast<std::size_t>(-1);
  // Per segment: the spans its first and last characters are in (kNoSpan
  // for an empty segment), whether a space follows it (space_span's), and
  // the advances of its hyphen and space glyphs in font units.
  struct Edges {
    std::size_t first_span = kNoSpan, last_span = kNoSpan;
    bool space = false;
    int hyphen_advance = 0, space_advance = 0;
  };
  std::vector<Edges> edges;
  // The characters no font has, per span, in the order shaping reported
  // them: warned of again by every layout.
  std::vector<std::pair<std::size_t, std::vector<char32_t>>> missing;
  // With CJK text (has_cjk), what the CJK rules read of each segment that
  // no size changes: its glyph clusters, in order, and whether breaking
  // after it would leave a lonely Han character.
  struct ClusterGlyphs {
    std::size_t piece = 0, first = 0, last = 0;  // its piece and glyphs (first..last), of the paragraph's
    char32_t first_cp = 0, last_cp = 0;
    clreq::Punctuation::Units blank;  // a mark of one glyph that the font may compress: its blank
  };
  std::vector<std::vector<ClusterGlyphs>> cjk_clusters;
  std::vector<bool> lonely_break;
};

}  // namespace paragraph_detail

// A paragraph at one layout's sizes: the unsized paragraph it was made
// from (its text, pieces and glyphs) with its own copy of the segments and
// cuts, which sizes and the last resort change, and its glyphs' positions.
struct Typesetter::Prepared {
  std::shared_ptr<const paragraph_detail::UnsizedParagraph> unsized;
  std::vector<Segment> segments;
  // The segments' cuts; the last resort adds a segment's new ones at the
  // end rather than rewrite them in place, so a range stays valid.
  std::vector<paragraph_detail::Cut> cuts;
  std::vector<paragraph_detail::SizedGlyph> sized;  // per glyph of the unsized paragraph
  // Itemised for the last resort: cuts (Segment::cuts, cut_after) are
  // offered, and a line may end short after a hyphen or slash.
  bool last_resort = false;
  Scaled max_size = 0;
  Scaled em = 0;  // the paragraph's em: its largest size

  const std::string& text() const { return unsized->text; }
  bool has_cjk() const { return unsized->has_cjk; }
  const text::BidiLevels& bidi() const { return unsized->bidi; }
  std::span<const Piece> pieces(const Segment& s) const {
    return {unsized->pieces.data() + s.pieces.begin, s.pieces.size()};
  }
  std::span<const paragraph_detail::Cut> cuts_of(const Segment& s) const {
    return {cuts.data() + s.cuts.begin, s.cuts.size()};
  }
  // Glyph `g` of the paragraph, its advance and offsets in font units (the
  // sized ones are sized[g]), and the byte offset of its cluster.
  const frame::Glyph& glyph(std::size_t g) const { return unsized->glyphs[g]; }
  std::size_t cluster(std::size_t g) const { return unsized->clusters[g]; }
};

// The Knuth–Plass list with what each item stands for when the line is set.
struct Typesetter::Itemised {
  std::vector<typeset::Item> items;
  std::vector<std::uint8_t> roles;   // a Role per item
  std::vector<std::size_t> part_of;  // per box: which part of a divided segment (0: the whole segment)
};

namespace paragraph_detail {

// What an item stands for when the line is set.
enum class Role : std::uint8_t { Box, SpaceGlue, CjkGlue, Filler, Penalty, Hyphen, Cut };

// A glyph the set stage placed on a line from a box (or the hyphen it
// added at the line's end): which segment it stands for and where it went,
// for marking the line's extraction spans afterwards (extraction_spans).
struct Placed {
  std::size_t segment = 0;
  std::size_t element = 0;  // in SetLine::elements: a GlyphRun
  std::size_t glyph = 0;    // in that run's glyphs
  bool hyphen = false;      // the hyphen of a hyphenated line: no source text
  // Not a letter of the word it is set with: a stand-in (a contact icon
  // reading "Email:") or white space that binds it to the word (the
  // no-break space after the icon). A divided word's whole text starts
  // after these, so its /ActualText never takes in what the structure
  // holds elsewhere (the icon is an artifact, the address a Link).
  bool set_apart = false;
};

// No segment (before the first one).
inline constexpr std::size_t kNoSegment = static_cast<std::size_t>(-1);

// TeX's ragged-right scheme (Knuth & Plass 1981, "ragged right"): a break
// leaves this many ems of stretchable white at the line end; an unbroken
// space cancels it again, so lines are evened out without stretching spaces.
inline constexpr int kRaggedStretchEms = 3;

// Font expansion (pdfTeX's, after Zapf's hz-program): in a justified
// paragraph without CJK text, a word's glyphs may be set up to this many
// thousandths wider or narrower, the same on the whole line, so that its
// word spaces take less of the line's excess: a line the spaces alone would
// stretch to three times their width ("…Megatron / FSDP; contributed to",
// where the next word is an unbreakable "DeepSeek-R1") sets even. 2% is
// microtype's default and below what a reader sees. Ideographs keep their
// square (CLREQ justifies with the glue between them), so a paragraph
// with CJK text is not expanded.
inline constexpr int kExpansionPermille = 20;

// A set line in visual order (paragraph_bidi.cpp): its glyphs, in logical
// order with `levels` (one per glyph of its runs, in order), each moved to
// its place by UAX #9's rule L2 and still drawn in logical order (a
// right-to-left stretch a run per glyph), its link areas moved with their
// glyphs; extraction spans that a reordering would tear
// apart are dropped. A line of a right-to-left paragraph (`base` odd)
// shorter than `measure` moves to its right end when `flush` is set, and
// then takes the whole measure. On a page that will be mirrored (a
// right-to-left document, mirror.hpp) the line is left flush left with
// its runs in mirrored order, which the page's mirroring puts right.
void reorder_line(SetLine& line, std::vector<std::uint8_t> levels, std::uint8_t base, Scaled measure, bool flush,
                  bool mirrored);

inline char32_t first_char(const std::string& s, std::size_t at) {
  std::size_t pos = at;
  return at < s.size() ? utf8::decode(s, pos) : 0;
}

inline char32_t last_char(const std::string& s, std::size_t end) {
  if (end == 0) return 0;
  std::size_t start = end - 1;
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  std::size_t pos = start;
  return utf8::decode(s, pos);
}

// The glyphs [first, second) of part `part` (1-based) of a segment divided
// at `cuts`, out of `count` glyphs, counted from the segment's first.
inline std::pair<std::size_t, std::size_t> part_glyphs(std::span<const Cut> cuts, std::size_t count, std::size_t part) {
  return {part == 1 ? 0 : cuts[part - 2].glyph, part - 1 < cuts.size() ? cuts[part - 1].glyph : count};
}

// Calls fn(piece, a, b) for each piece's share [a, b) of the segment's
// glyphs [from, to): `from` and `to` counted from the segment's first
// glyph, `a` and `b` the paragraph's glyph indices. Found by bisection: a
// word of thousands of pieces (one link each) may be cut into thousands of
// parts.
template <class Prep, class Seg, class F>
void for_each_share(const Prep& p, const Seg& s, std::size_t from, std::size_t to, F fn) {
  const auto pieces = p.pieces(s);
  if (pieces.empty() || from >= to) return;
  const std::size_t first = s.glyphs.begin + from, end = s.glyphs.begin + to;
  auto after = std::upper_bound(pieces.begin(), pieces.end(), first,
                                [](std::size_t glyph, const auto& piece) { return glyph < piece.glyphs.begin; });
  std::size_t k = static_cast<std::size_t>(after - pieces.begin());
  for (k = k > 0 ? k - 1 : 0; k < pieces.size() && pieces[k].glyphs.begin < end; ++k) {
    const std::size_t a = std::max(first, pieces[k].glyphs.begin), b = std::min(end, pieces[k].glyphs.end);
    if (a < b) fn(pieces[k], a, b);
  }
}

// The glyphs of box `k`, counted from its segment's first: part
// list.part_of[k] of its segment, or all of it.
template <class Prep, class Seg>
std::pair<std::size_t, std::size_t> box_glyphs(const Prep& p, const Seg& s, std::size_t part) {
  const std::size_t count = s.glyphs.size();
  return part > 0 ? part_glyphs(p.cuts_of(s), count, part) : std::pair<std::size_t, std::size_t>{0, count};
}

// The ratio a line's finite glue is set at (TeX's glue_set): 0 when fil
// glue on the line fills it (then only the fil glue stretches).
inline double glue_ratio(const std::vector<typeset::Item>& items, const typeset::Line& line) {
  for (std::size_t k = line.begin; k < line.end && k < items.size(); ++k)
    if (items[k].type == typeset::ItemType::Glue && items[k].stretch >= typeset::kFil) return 0.0;
  return line.glue_set;
}

// The thousandths a line's expandable boxes are set wider (narrower, when
// negative) by: its expansion in whole steps of kExpansionPermille.
inline int expansion_permille(const typeset::Line& line) {
  return static_cast<int>(std::lround(line.expansion * kExpansionPermille));
}

}  // namespace paragraph_detail

}  // namespace cvpdf::compose
