// Embedding a subset font as PDF objects (see pdf_objects.hpp):
//
//   Type0 /Identity-H ── /DescendantFonts ─> CIDFontType2 | CIDFontType0
//     └─ /ToUnicode CMap                        ├─ /W widths by code
//                                               └─ FontDescriptor ─> FontFile2 | FontFile3 /CIDFontType0C
//
// TrueType programs are the whole subset sfnt with /CIDToGIDMap /Identity
// (code = subset glyph id). CFF programs are only the subset's `CFF ` table:
// poppler 22 renders CID-keyed CJK blank from FontFile3 /OpenType with
// remapped glyph ids, while a bare CFF addressed by CID works everywhere.
#include <vector>

#include "pdf/format.hpp"
#include "pdf/pdf_objects.hpp"
#include "pdf/to_unicode.hpp"

namespace cvpdf::pdf {

namespace {

// /W as `first [w w w] first [w …]`, one group per run of consecutive codes.
// Widths are exact to a thousandth of a unit, the same numbers the content
// streams' TJ adjustments are computed against. Glyphs of the default width
// (/DW, 1000: every ideograph) are left out.
constexpr std::int64_t kDefaultWidth = 1000 * 1000;

Array widths_array(const SubsetFont& font) {
  std::map<std::uint16_t, std::int64_t> by_code;
  for (const auto& [gid, encoded] : font.glyphs)
    if (encoded.width != kDefaultWidth) by_code.emplace(encoded.code, encoded.width);
  Array w;
  Array group;
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
    Token token{" "};
    append_fixed(token.text, width, 3);
    group.push_back(std::move(token));
    next = code + 1;
  }
  flush();
  return w;
}

Object& stream_object(Document& doc, const std::string& bytes) {
  Object& object = doc.create();
  set_stream(object, bytes, StreamFilter::Flate);
  return object;
}

}  // namespace

Ref embed_font(Document& doc, const SubsetFont& font) {
  const bool truetype = font.program == FontProgram::TrueType;

  Object& program = stream_object(doc, font.font_file);
  if (truetype)
    program.dictionary().set("Length1", pdf_int(static_cast<std::int64_t>(font.font_file.size())));
  else
    program.dictionary().set("Subtype", Name{"CIDFontType0C"});

  Object& descriptor = doc.create("FontDescriptor");
  Dictionary& d = descriptor.dictionary();
  d.set("FontName", Name{font.base_font});
  d.set("Flags", pdf_int(font.flags));
  Array bbox;
  for (int v : font.bbox) bbox.push_back(pdf_int(v));
  d.set("FontBBox", bbox);
  d.set("ItalicAngle", pdf_real(font.italic_angle, 2));
  d.set("Ascent", pdf_int(font.ascent));
  d.set("Descent", pdf_int(font.descent));
  d.set("CapHeight", pdf_int(font.cap_height));
  d.set("StemV", pdf_int(font.stem_v));
  d.set(truetype ? "FontFile2" : "FontFile3", program.ref);

  Object& cid_font = doc.create("Font");
  Dictionary& c = cid_font.dictionary();
  c.set("Subtype", Name{truetype ? "CIDFontType2" : "CIDFontType0"});
  c.set("BaseFont", Name{font.base_font});
  Dictionary system_info;
  system_info.set("Registry", pdf_ascii("Adobe"));
  system_info.set("Ordering", pdf_ascii("Identity"));
  system_info.set("Supplement", pdf_int(0));
  c.set("CIDSystemInfo", system_info);
  c.set("FontDescriptor", descriptor.ref);
  c.set("DW", pdf_int(1000));
  if (Array w = widths_array(font); !w.empty()) c.set("W", w);
  if (truetype) c.set("CIDToGIDMap", Name{"Identity"});

  Object& to_unicode = stream_object(doc, to_unicode_cmap(font.unicode));

  Object& type0 = doc.create("Font");
  Dictionary& t = type0.dictionary();
  t.set("Subtype", Name{"Type0"});
  // For a CIDFontType0 the Type0 name is the CIDFont's and the CMap's
  // joined by a hyphen (ISO 32000-1, "Type 0 font dictionaries"); a
  // CIDFontType2 keeps its own.
  t.set("BaseFont", Name{truetype ? font.base_font : font.base_font + "-Identity-H"});
  t.set("Encoding", Name{"Identity-H"});
  Array descendants;
  descendants.push_back(cid_font.ref);
  t.set("DescendantFonts", descendants);
  t.set("ToUnicode", to_unicode.ref);
  return type0.ref;
}

}  // namespace cvpdf::pdf
