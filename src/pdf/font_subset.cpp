// Collecting glyph usage and subsetting faces with hb-subset (see
// font_subset.hpp), with the codes past the glyphs that give a glyph's
// pieces of a cluster, or its use as an added hyphen, a text of their own.
// FreeType reads CIDs back from the subset CFF, so codes
// are whatever the embedded program really contains. The few table fields
// read by hand (head, post, OS/2) go through text::ByteReader; a damaged
// font is reported at the font (Face::error), never as a cvpdf bug.
#include "pdf/font_subset.hpp"

#include <algorithm>
#include <memory>
#include <variant>
#include <vector>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_CID_H
#include <hb-subset.h>

#include "core/diagnostics.hpp"
#include "core/utf8.hpp"
#include "pdf/cluster_pieces.hpp"
#include "pdf/format.hpp"
#include "pdf/to_unicode.hpp"
#include "text/font_tables.hpp"

namespace cvpdf::pdf {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& message, const std::string& hint = {}) {
  throw FatalError({Severity::Error, SourceSpan{path, 0, 0}, message, hint});
}

constexpr const char* kDamagedHint = "the font file may be damaged: use another copy of the font";

// RAII for the HarfBuzz and FreeType handles used below.
struct BlobDeleter {
  void operator()(hb_blob_t* b) const { hb_blob_destroy(b); }
};
using Blob = std::unique_ptr<hb_blob_t, BlobDeleter>;
struct FaceDeleter {
  void operator()(hb_face_t* f) const { hb_face_destroy(f); }
};
struct InputDeleter {
  void operator()(hb_subset_input_t* i) const { hb_subset_input_destroy(i); }
};
struct PlanDeleter {
  void operator()(hb_subset_plan_t* p) const { hb_subset_plan_destroy(p); }
};

std::string blob_bytes(hb_blob_t* blob) {
  unsigned length = 0;
  const char* data = hb_blob_get_data(blob, &length);
  return data ? std::string(data, length) : std::string();
}

// Tables a PDF reader never reads from an embedded CIDFont program: the
// glyphs are already shaped and placed (layout, vertical metrics), addressed
// through /CIDToGIDMap /Identity or by CID (cmap), named by /BaseFont and
// the FontDescriptor (name, OS/2, post), and drawn unhinted (gasp, LTSH,
// hdmx, VDMX, kern is layout). ISO 32000-1 9.9 lists what a FontFile2 must
// keep: head, hhea, loca, maxp, glyf, hmtx (and the hinting tables only for
// a hinted font). The CFF programs are the bare CFF table, so for them this
// only saves hb-subset the work.
constexpr const char* kUnneededTables[] = {"GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "vhea", "vmtx",
                                           "VORG", "cmap", "name", "OS/2", "post", "gasp", "kern", "LTSH",
                                           "PCLT", "hdmx", "VDMX", "DSIG", "meta", "FFTM"};

bool has_table(hb_face_t* face, const char* tag) { return !text::FontTable(face, tag).empty(); }

// Font units → glyph space (1000/em), rounded half away from zero.
int to_glyph_space(std::int64_t font_units, unsigned upem) {
  const std::int64_t scaled = font_units * 1000;
  const std::int64_t half = upem / 2;
  return static_cast<int>(scaled >= 0 ? (scaled + half) / upem : -((-scaled + half) / upem));
}

// Font units → millionths of an em (the EncodedGlyph::width unit).
std::int64_t to_micro_em(std::int64_t font_units, unsigned upem) {
  const std::int64_t scaled = font_units * 1000000;
  const std::int64_t half = upem / 2;
  return scaled >= 0 ? (scaled + half) / upem : -((-scaled + half) / upem);
}

// A PostScript name as a PDF name body: printable ASCII without delimiters.
std::string sanitize_name(const std::string& name) {
  std::string out;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7F) continue;
    if (std::string_view("()<>[]{}/%#").find(c) != std::string_view::npos) continue;
    out += c;
  }
  return out.empty() ? std::string("Font") : out;
}

void fill_descriptor(const text::Face& face, SubsetFont& out) {
  const unsigned upem = face.units_per_em;
  // head: xMin, yMin, xMax, yMax at 36–43; all four or none.
  const text::FontTable head(face.hb_face, "head");
  const auto x_min = head.reader().s16(36), y_min = head.reader().s16(38);
  const auto x_max = head.reader().s16(40), y_max = head.reader().s16(42);
  if (x_min && y_min && x_max && y_max)
    out.bbox = {to_glyph_space(*x_min, upem), to_glyph_space(*y_min, upem), to_glyph_space(*x_max, upem),
                to_glyph_space(*y_max, upem)};
  // post: italicAngle (16.16) at 4, isFixedPitch at 12.
  const text::FontTable post(face.hb_face, "post");
  const auto italic_angle = post.reader().s32(4);
  const auto fixed_pitch = post.reader().u32(12);
  if (italic_angle) out.italic_angle = static_cast<double>(*italic_angle) / 65536.0;
  unsigned weight_class = text::FontTable(face.hb_face, "OS/2").reader().u16(4).value_or(400);
  weight_class = std::clamp(weight_class, 50u, 1000u);

  // Symbolic (bit 3): the glyphs are addressed by code, not by a standard
  // Latin encoding — what every Type0 font is.
  out.flags = 4;
  if (fixed_pitch.value_or(0) != 0) out.flags |= 1;
  if (face.slant == text::Slant::Italic || out.italic_angle != 0) out.flags |= 64;
  out.ascent = to_glyph_space(face.ascender, upem);
  out.descent = to_glyph_space(face.descender, upem);
  out.cap_height = to_glyph_space(face.cap_height, upem);
  // No font states its stem width; this is the usual estimate from the
  // weight class (PDF readers only use it when substituting the font).
  out.stem_v = static_cast<int>(10 + 220 * (static_cast<int>(weight_class) - 50) / 900);
}

}  // namespace

std::vector<FontUsage> collect_font_usage(const frame::Document& doc, const text::FontBook& fonts) {
  std::vector<FontUsage> usages;
  std::map<text::FaceId, std::size_t> index;
  // Per face and glyph id: recorded, and recorded with its text. Most
  // glyphs of a long CV repeat, and a bit tells that without a tree search.
  std::vector<std::vector<bool>> seen, seen_text, seen_alone;
  for (const auto& page : doc.pages) {
    for (const auto& element : page.elements) {
      const auto* run = std::get_if<frame::GlyphRun>(&element);
      if (!run || run->glyphs.empty()) continue;
      if (run->face >= fonts.size())
        fail("", "a glyph run refers to font #" + std::to_string(run->face) + ", which was never loaded",
             "this is a bug in cvpdf; please report it");
      const text::Face& face = fonts.face(run->face);
      const unsigned glyph_count = hb_face_get_glyph_count(face.hb_face);
      auto [it, inserted] = index.try_emplace(run->face, usages.size());
      if (inserted) {
        usages.push_back(FontUsage{run->face, {}, {}, {}, {}});
        seen.emplace_back(glyph_count, false);
        seen_text.emplace_back(glyph_count, false);
        seen_alone.emplace_back(glyph_count, false);
      }
      FontUsage& usage = usages[it->second];
      std::vector<bool>& recorded = seen[it->second];
      std::vector<bool>& recorded_text = seen_text[it->second];
      std::vector<bool>& recorded_alone = seen_alone[it->second];
      const auto pieces = cluster_pieces(run->glyphs);
      for (std::size_t k = 0; k < run->glyphs.size(); ++k) {
        const frame::Glyph& glyph = run->glyphs[k];
        // Only a damaged font gets here: its cmap or GSUB names a glyph past
        // maxp's count, and HarfBuzz passes such ids through.
        if (glyph.id >= glyph_count)
          throw face.error("the font is damaged: it maps text to glyph " + std::to_string(glyph.id) +
                               ", but it has only " + std::to_string(glyph_count) + " glyphs",
                           "use another copy of the font, or another font");
        if (!recorded[glyph.id]) {
          recorded[glyph.id] = true;
          usage.glyphs.insert(glyph.id);
        }
        // An added hyphen: a piece of its own, never the glyph's text.
        if (glyph.text == kSoftHyphenText) {
          usage.pieces[glyph.id].insert(glyph.text);
          continue;
        }
        if (!glyph.text.empty() && !recorded_text[glyph.id]) {
          recorded_text[glyph.id] = true;
          usage.text.emplace(glyph.id, glyph.text);
        }
        if (!pieces.empty() && pieces[k])
          usage.pieces[glyph.id].insert(*pieces[k]);
        else if (!glyph.text.empty() && !recorded_alone[glyph.id]) {
          recorded_alone[glyph.id] = true;
          usage.alone.emplace(glyph.id, glyph.text);
        }
      }
    }
  }
  return usages;
}

std::vector<char32_t> nominal_characters(const text::Face& face, const FontUsage& usage) {
  std::vector<char32_t> characters;
  characters.reserve(usage.glyphs.size());
  for (std::uint32_t glyph : usage.glyphs) {
    if (glyph == 0) return {};
    const auto text = usage.text.find(glyph);
    if (text == usage.text.end()) {
      // Drawn only as an added hyphen: named by the hyphen it is.
      const auto pieces = usage.pieces.find(glyph);
      const bool hyphen = pieces != usage.pieces.end() && pieces->second.count(kSoftHyphenText) &&
                          (face.glyph_for(U'-') == glyph || face.glyph_for(U'\u2010') == glyph);
      if (!hyphen) return {};
      characters.push_back(face.glyph_for(U'-') == glyph ? U'-' : U'\u2010');
      continue;
    }
    std::size_t pos = 0;
    const char32_t c = utf8::decode(text->second, pos);
    if (pos != text->second.size() || face.glyph_for(c) != glyph) return {};
    characters.push_back(c);
  }
  return characters;
}

SubsetFont subset_font(const text::Face& face, const FontUsage& usage) {
  SubsetFont out;
  out.face = face.id;
  out.path = face.path;

  const bool has_glyf = has_table(face.hb_face, "glyf");
  const bool has_cff = has_table(face.hb_face, "CFF ");
  if (!has_glyf && !has_cff) {
    if (has_table(face.hb_face, "CFF2"))
      throw face.error("cannot embed the font: CFF2 (variable OpenType/CFF2) outlines are not supported",
                       "use a static .otf or a .ttf version of the font");
    throw face.error("cannot embed the font: it has no TrueType or CFF outlines",
                     "use a .ttf or .otf font with outlines");
  }
  out.program = has_glyf ? FontProgram::TrueType : (face.is_cid_keyed ? FontProgram::CffCid : FontProgram::CffNamed);

  std::unique_ptr<hb_subset_input_t, InputDeleter> input(hb_subset_input_create_or_fail());
  if (!input) throw face.error("cannot subset the font (out of memory)", "");
  if (const auto characters = nominal_characters(face, usage); !characters.empty()) {
    hb_set_t* unicodes = hb_subset_input_set(input.get(), HB_SUBSET_SETS_UNICODE);
    for (char32_t c : characters) hb_set_add(unicodes, c);
  } else {
    hb_set_t* glyph_set = hb_subset_input_set(input.get(), HB_SUBSET_SETS_GLYPH_INDEX);
    hb_set_add(glyph_set, 0);
    for (std::uint32_t g : usage.glyphs) hb_set_add(glyph_set, g);
  }
  // A PDF reader draws the outlines at the positions the content stream
  // gives, so it needs no hinting: with NO_HINTING hb-subset drops fpgm,
  // prep, cvt, hdmx, VDMX, the glyphs' instructions and the CFF hints (with
  // the tables dropped below, the English résumé's Lato subsets go from 31.4
  // to 17.6 KB compressed). DESUBROUTINIZE inlines the CFF subroutines,
  // which were built for the whole font and cost more than they share in a
  // few hundred glyphs (3 KB of the Chinese résumé's CJK subsets, compressed).
  hb_subset_input_set_flags(input.get(), HB_SUBSET_FLAGS_NO_HINTING | HB_SUBSET_FLAGS_DESUBROUTINIZE);
  hb_set_t* drop = hb_subset_input_set(input.get(), HB_SUBSET_SETS_DROP_TABLE_TAG);
  for (const char* tag : kUnneededTables) hb_set_add(drop, hb_tag_from_string(tag, 4));
  std::unique_ptr<hb_subset_plan_t, PlanDeleter> plan(hb_subset_plan_create_or_fail(face.hb_face, input.get()));
  if (!plan) throw face.error("cannot subset the font for embedding", kDamagedHint);
  const hb_map_t* old_to_new = hb_subset_plan_old_to_new_glyph_mapping(plan.get());
  std::unique_ptr<hb_face_t, FaceDeleter> subset(hb_subset_plan_execute_or_fail(plan.get()));
  if (!subset) throw face.error("cannot subset the font for embedding", kDamagedHint);

  const std::string sfnt = [&] {
    Blob blob(hb_face_reference_blob(subset.get()));
    return blob_bytes(blob.get());
  }();
  if (sfnt.empty()) throw face.error("cannot subset the font for embedding (empty result)", kDamagedHint);
  if (out.program == FontProgram::TrueType) {
    out.font_file = sfnt;
  } else {
    const text::FontTable cff(subset.get(), "CFF ");
    out.font_file = std::string(cff.reader().all());
  }
  if (out.font_file.empty())
    throw face.error("cannot subset the font for embedding (no CFF table in the subset)", kDamagedHint);

  // New glyph id → code.
  std::map<std::uint32_t, std::uint16_t> code_of_new;
  for (std::uint32_t g : usage.glyphs) {
    const hb_codepoint_t new_id = hb_map_get(old_to_new, g);
    if (new_id == HB_MAP_VALUE_INVALID || new_id > 0xFFFF)
      throw face.error("glyph " + std::to_string(g) + " was lost while subsetting the font", kDamagedHint);
    code_of_new[new_id] = static_cast<std::uint16_t>(new_id);
  }
  if (out.program == FontProgram::CffCid) {
    FT_Library library = nullptr;
    if (FT_Init_FreeType(&library) != 0) throw face.error("cannot start FreeType to read the subset font", "");
    FT_Face ft_face = nullptr;
    const FT_Error error = FT_New_Memory_Face(library, reinterpret_cast<const FT_Byte*>(sfnt.data()),
                                              static_cast<FT_Long>(sfnt.size()), 0, &ft_face);
    bool ok = error == 0;
    for (auto& [new_id, code] : code_of_new) {
      FT_UInt cid = 0;
      if (!ok || FT_Get_CID_From_Glyph_Index(ft_face, new_id, &cid) != 0 || cid > 0xFFFF) {
        ok = false;
        break;
      }
      code = static_cast<std::uint16_t>(cid);
    }
    if (ft_face) FT_Done_Face(ft_face);
    FT_Done_FreeType(library);
    if (!ok) throw face.error("cannot read the CIDs of the subset CFF font", kDamagedHint);
  }

  std::uint64_t hash = fnv1a64(face.postscript_name);
  const bool by_piece = out.program == FontProgram::TrueType;
  std::uint32_t next_code = hb_face_get_glyph_count(subset.get());
  for (std::uint32_t g : usage.glyphs) {
    const EncodedGlyph encoded{code_of_new.at(hb_map_get(old_to_new, g)),
                               to_micro_em(face.advance(g), face.units_per_em)};
    out.glyphs[g] = encoded;
    const char bytes[4] = {static_cast<char>(g >> 24), static_cast<char>(g >> 16), static_cast<char>(g >> 8),
                           static_cast<char>(g)};
    hash = fnv1a64(std::string_view(bytes, 4), hash);
    const auto pieces = usage.pieces.find(g);
    if (!by_piece || pieces == usage.pieces.end()) {
      if (auto t = usage.text.find(g); t != usage.text.end())
        out.unicode.try_emplace(encoded.code, to_unicode_text(t->second));
      continue;
    }
    // The glyph's own code reads as its text alone, or else as its first
    // non-empty piece; every other piece has a code of its own.
    const auto alone = usage.alone.find(g);
    std::string own = alone != usage.alone.end() ? alone->second : std::string();
    for (const std::string& piece : pieces->second)
      if (own.empty()) own = piece;
    if (!own.empty()) out.unicode.try_emplace(encoded.code, to_unicode_text(own));
    for (const std::string& piece : pieces->second) {
      if (piece == own) {
        out.piece_codes[{g, piece}] = encoded;
        continue;
      }
      if (next_code > 0xFFFF) throw face.error("the font's glyphs need more than 65536 codes", "");
      if (out.cid_to_gid.empty())
        for (std::uint32_t c = 0; c < next_code; ++c) out.cid_to_gid.push_back(static_cast<std::uint16_t>(c));
      out.cid_to_gid.push_back(encoded.code);
      const EncodedGlyph variant{static_cast<std::uint16_t>(next_code++), encoded.width};
      out.piece_codes[{g, piece}] = variant;
      if (!piece.empty()) out.unicode.emplace(variant.code, to_unicode_text(piece));
    }
  }
  out.base_font = subset_tag(hash) + "+" + sanitize_name(face.postscript_name);
  fill_descriptor(face, out);
  // Everything above (and the shaping before) read the mapped file: if it
  // was cut short or rewritten meanwhile, none of it can be trusted.
  face.check_unchanged();
  return out;
}

}  // namespace cvpdf::pdf
