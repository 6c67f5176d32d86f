// Reading the few things cvpdf needs from a font's own tables, all through
// ByteReader: whether an sfnt's table directory fits in the file (HarfBuzz
// clips tables silently, so a cut file would load and set blank glyphs),
// whether a CFF table is CID-keyed, the OS/2 style, and FontTable, a held
// reference to one table of a HarfBuzz face.
#pragma once
#include <optional>
#include <string>

#include <hb.h>

#include "text/byte_reader.hpp"

namespace cvpdf::text {

// One table of a face, referenced for as long as this object lives.
// Empty (not an error) when the face has no such table.
class FontTable {
 public:
  FontTable(hb_face_t* face, hb_tag_t tag);
  FontTable(hb_face_t* face, const char* tag) : FontTable(face, hb_tag_from_string(tag, 4)) {}
  ~FontTable();
  FontTable(const FontTable&) = delete;
  FontTable& operator=(const FontTable&) = delete;

  const ByteReader& reader() const { return reader_; }
  bool empty() const { return reader_.empty(); }

 private:
  hb_blob_t* blob_ = nullptr;
  ByteReader reader_;
};

// What is wrong with face `index`'s table directory in the whole file
// `file`: "" when every table lies inside the file, else a phrase such as
// "the table directory" or "the 'glyf' table" (tags printed safely) for a
// message "… runs past the end of the file". Containers other than sfnt and
// TrueType collections (a Mac dfont) are left to HarfBuzz: "".
std::string damaged_table(const ByteReader& file, unsigned index);

// Whether a CFF table's header and its four leading INDEXes (Name, Top
// DICT, String, Global Subr) lie inside the table with sane counts and
// offset sizes. HarfBuzz and FreeType refuse a CFF that fails this only
// when subsetting or drawing; checking when the font is opened lets the
// error name the layout key that asked for it.
bool cff_well_formed(const ByteReader& cff);

// CFF's Top DICT starts with the ROS operator (12 30) exactly when the font
// is CID-keyed. False for anything that is not a well-formed CFF header,
// Name INDEX and Top DICT INDEX.
bool cff_is_cid_keyed(const ByteReader& cff);

// OS/2's usWeightClass and fsSelection; nullopt when the table is too short.
struct Os2Style {
  unsigned weight_class = 400;
  bool italic = false;
};
std::optional<Os2Style> os2_style(const ByteReader& os2);

}  // namespace cvpdf::text
