// Embedding a subset font as PDF objects (see pdf_objects.hpp):
//
//   Type0 /Identity-H ── /DescendantFonts ─> CIDFontType2 | CIDFontType0
//     └─ /ToUnicode CMap                        ├─ /W widths by code
//                                               └─ FontDescriptor ─> FontFile2 | FontFile3 /CIDFontType0C
//
// TrueType programs are the whole subset sfnt with /CIDToGIDMap /Identity
// (code = subset glyph id), or a CIDToGIDMap stream when glyphs of
// many-glyph clusters, or added hyphens, have codes past the glyphs
// (SubsetFont::piece_codes). CFF programs are only the subset's `CFF ` table:
// poppler 22 renders CID-keyed CJK blank from FontFile3 /OpenType with
// remapped glyph ids, while a bare CFF addressed by CID works everywhere.
#include <vector>

#include "pdf/pdf_objects.hpp"
#include "pdf/to_unicode.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

namespace {

// /W as `first [w w w] first [w …]`, one group per run of consecutive codes.
// Widths are exact to a thousandth of a unit, the same numbers the content
// streams' TJ adjustments are computed against. Glyphs of the default width
// (/DW, 1000: every ideograph) are left out.
constexpr std::int64_t kDefaultWidth = 1000 * 1000;

PdfArray widths_array(const SubsetFont& font) {
  std::map<std::uint16_t, std::int64_t> by_code;
  for (const auto& [gid, encoded] : font.glyphs)
    if (encoded.width != kDefaultWidth) by_code.emplace(encoded.code, encoded.width);
  for (const auto& [piece, encoded] : font.piece_codes)
    if (encoded.width != kDefaultWidth) by_code.emplace(encoded.code, encoded.width);
  PdfArray w;
  PdfArray group;
  int first = -1;
  int next = -1;
  auto flush = [&] {
    if (group.empty()) return;
    w.push_back(pdf_int(first));
    w.push_back(group);
    group.clear();
  };
  for (const auto& [code, width] : by_code) {
    if (static_cast<int>(code) != next) {
      flush();
      first = code;
    }
    group.push_back(pdf_real(static_cast<double>(width) / 1000));
    next = code + 1;
  }
  flush();
  return w;
}

}  // namespace

PdfReference embed_font(PdfMemDocument& pdf, const SubsetFont& font) {
  const bool truetype = font.program == FontProgram::TrueType;

  PdfObject& program = add_stream(pdf, font.font_file);
  if (truetype)
    program.GetDictionary().AddKey("Length1", pdf_int(static_cast<std::int64_t>(font.font_file.size())));
  else
    program.GetDictionary().AddKey("Subtype", PdfName("CIDFontType0C"));

  PdfObject& descriptor = *pdf.GetObjects().CreateObject("FontDescriptor");
  PdfDictionary& d = descriptor.GetDictionary();
  d.AddKey("FontName", PdfName(font.base_font));
  d.AddKey("Flags", pdf_int(font.flags));
  PdfArray bbox;
  for (int v : font.bbox) bbox.push_back(pdf_int(v));
  d.AddKey("FontBBox", bbox);
  d.AddKey("ItalicAngle", pdf_real(font.italic_angle, 2));
  d.AddKey("Ascent", pdf_int(font.ascent));
  d.AddKey("Descent", pdf_int(font.descent));
  d.AddKey("CapHeight", pdf_int(font.cap_height));
  d.AddKey("StemV", pdf_int(font.stem_v));
  d.AddKey(truetype ? "FontFile2" : "FontFile3", program.Reference());

  PdfObject& cid_font = *pdf.GetObjects().CreateObject("Font");
  PdfDictionary& c = cid_font.GetDictionary();
  c.AddKey("Subtype", PdfName(truetype ? "CIDFontType2" : "CIDFontType0"));
  c.AddKey("BaseFont", PdfName(font.base_font));
  PdfDictionary system_info;
  system_info.AddKey("Registry", PdfString("Adobe"));
  system_info.AddKey("Ordering", PdfString("Identity"));
  system_info.AddKey("Supplement", pdf_int(0));
  c.AddKey("CIDSystemInfo", system_info);
  c.AddKey("FontDescriptor", descriptor.Reference());
  c.AddKey("DW", pdf_int(1000));
  if (PdfArray w = widths_array(font); !w.empty()) c.AddKey("W", w);
  if (truetype && font.cid_to_gid.empty()) {
    c.AddKey("CIDToGIDMap", PdfName("Identity"));
  } else if (truetype) {
    std::string map;  // big-endian glyph id per CID
    for (std::uint16_t gid : font.cid_to_gid) {
      map.push_back(static_cast<char>(gid >> 8));
      map.push_back(static_cast<char>(gid & 0xFF));
    }
    c.AddKey("CIDToGIDMap", add_stream(pdf, map).Reference());
  }

  PdfObject& to_unicode = add_stream(pdf, to_unicode_cmap(font.unicode));

  PdfObject& type0 = *pdf.GetObjects().CreateObject("Font");
  PdfDictionary& t = type0.GetDictionary();
  t.AddKey("Subtype", PdfName("Type0"));
  // For a CIDFontType0 the Type0 name is the CIDFont's and the CMap's
  // joined by a hyphen (ISO 32000-1, "Type 0 font dictionaries"); a
  // CIDFontType2 keeps its own.
  t.AddKey("BaseFont", PdfName(truetype ? font.base_font : font.base_font + "-Identity-H"));
  t.AddKey("Encoding", PdfName("Identity-H"));
  PdfArray descendants;
  descendants.push_back(cid_font.Reference());
  t.AddKey("DescendantFonts", descendants);
  t.AddKey("ToUnicode", to_unicode.Reference());
  return type0.Reference();
}

}  // namespace cvpdf::pdf
