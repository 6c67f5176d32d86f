// FontBook: opening font files once (HarfBuzz blob/face/font) and reading the
// metrics the composer and the PDF backend need; where bundled fonts live.
#include "text/font_book.hpp"

#include <filesystem>
#include <fstream>

#include <hb-ot.h>

namespace cvpdf::text {

namespace {

bool has_table(hb_face_t* face, const char* tag) {
  hb_blob_t* table = hb_face_reference_table(face, hb_tag_from_string(tag, 4));
  bool present = hb_blob_get_length(table) > 0;
  hb_blob_destroy(table);
  return present;
}

// CFF's top DICT operator 12 30 (ROS) marks a CID-keyed font. Checking the
// first bytes of the top DICT is enough: ROS must come first when present.
bool cff_is_cid_keyed(hb_face_t* face) {
  hb_blob_t* table = hb_face_reference_table(face, HB_TAG('C', 'F', 'F', ' '));
  unsigned length = 0;
  const auto* data = reinterpret_cast<const unsigned char*>(hb_blob_get_data(table, &length));
  bool cid = false;
  if (length > 4) {
    unsigned pos = data[2];  // header size
    auto read_index_end = [&](unsigned at) -> unsigned {  // returns offset past an INDEX
      if (at + 2 > length) return length;
      unsigned count = (data[at] << 8) | data[at + 1];
      if (count == 0) return at + 2;
      unsigned off_size = data[at + 2];
      unsigned offsets = at + 3;
      unsigned last = offsets + count * off_size;
      if (last + off_size > length || off_size == 0 || off_size > 4) return length;
      unsigned value = 0;
      for (unsigned i = 0; i < off_size; ++i) value = (value << 8) | data[last + i];
      return offsets + (count + 1) * off_size - 1 + value;
    };
    unsigned top_dict_index = read_index_end(pos);  // skip Name INDEX
    if (top_dict_index + 3 < length) {
      unsigned count = (data[top_dict_index] << 8) | data[top_dict_index + 1];
      unsigned off_size = data[top_dict_index + 2];
      if (count > 0 && off_size >= 1 && off_size <= 4) {
        unsigned first = top_dict_index + 3 + (count + 1) * off_size - 1 + 1;
        // Scan the start of the top DICT for operator 12 30 within the first operands.
        for (unsigned i = first; i + 1 < length && i < first + 40; ++i) {
          if (data[i] == 12 && data[i + 1] == 30) {
            cid = true;
            break;
          }
        }
      }
    }
  }
  hb_blob_destroy(table);
  return cid;
}

// The first table of face `index` that the file's table directory places
// (partly) past the end of the file — a truncated download or copy — or ""
// when every table is whole. HarfBuzz clips such tables silently, so a cut
// file would load and set blank glyphs.
std::string truncated_table(hb_blob_t* blob, unsigned index) {
  unsigned length = 0;
  const auto* data = reinterpret_cast<const unsigned char*>(hb_blob_get_data(blob, &length));
  auto u32 = [&](std::size_t at) -> std::size_t {
    if (at + 4 > length) return static_cast<std::size_t>(-1);
    return (std::size_t{data[at]} << 24) | (std::size_t{data[at + 1]} << 16) | (std::size_t{data[at + 2]} << 8) |
           data[at + 3];
  };
  const std::string_view tag = length >= 4 ? std::string_view(reinterpret_cast<const char*>(data), 4) : "";
  std::size_t sfnt = 0;
  if (tag == "ttcf") {
    sfnt = u32(12 + 4 * std::size_t{index});
  } else if (tag != std::string_view("\0\1\0\0", 4) && tag != "OTTO" && tag != "true") {
    return "";  // another container HarfBuzz reads (a Mac dfont): left to HarfBuzz
  }
  if (sfnt == static_cast<std::size_t>(-1) || sfnt + 12 > length) return "the table directory";
  const std::size_t tables = (std::size_t{data[sfnt + 4]} << 8) | data[sfnt + 5];
  for (std::size_t i = 0; i < tables; ++i) {
    const std::size_t record = sfnt + 12 + 16 * i;
    const std::size_t offset = u32(record + 8), size = u32(record + 12);
    if (offset == static_cast<std::size_t>(-1) || size == static_cast<std::size_t>(-1) || offset + size > length)
      return record + 4 <= length ? "the '" + std::string(reinterpret_cast<const char*>(data + record), 4) + "' table"
                                  : "the table directory";
  }
  return "";
}

}  // namespace

bool Face::has_glyph(char32_t cp) const {
  hb_codepoint_t glyph = 0;
  return hb_font_get_nominal_glyph(hb_font, cp, &glyph) && glyph != 0;
}

std::uint32_t Face::glyph_for(char32_t cp) const {
  hb_codepoint_t glyph = 0;
  if (!hb_font_get_nominal_glyph(hb_font, cp, &glyph)) return 0;
  return glyph;
}

int Face::advance(std::uint32_t glyph) const { return hb_font_get_glyph_h_advance(hb_font, glyph); }

std::vector<std::string> default_bundled_font_dirs(const std::string& executable_path) {
  namespace fs = std::filesystem;
  std::vector<fs::path> candidates;
  std::error_code ec;
  fs::path exe = executable_path.empty() ? fs::read_symlink("/proc/self/exe", ec) : fs::path(executable_path);
  if (!exe.empty()) {
    // argv[0] may be relative or a symlink (e.g. /usr/local/bin/cvpdf -> ../opt/...);
    // the fonts sit next to the real file.
    fs::path real = fs::weakly_canonical(fs::absolute(exe, ec), ec);
    fs::path dir = (ec ? exe : real).parent_path();
    candidates.push_back(dir / ".." / "share" / "cvpdf" / "fonts");
    candidates.push_back(dir / "fonts");
  }
#ifdef CVPDF_INSTALL_FONT_DIR
  candidates.emplace_back(CVPDF_INSTALL_FONT_DIR);
#endif
#ifdef CVPDF_SOURCE_FONT_DIR
  candidates.emplace_back(CVPDF_SOURCE_FONT_DIR);
#endif
  std::vector<std::string> dirs;
  std::vector<fs::path> seen;
  for (const auto& candidate : candidates) {
    std::error_code dir_ec;
    if (!fs::is_directory(candidate, dir_ec)) continue;
    fs::path canonical = fs::canonical(candidate, dir_ec);
    if (dir_ec) continue;
    bool duplicate = false;
    for (const auto& s : seen) duplicate = duplicate || s == canonical;
    if (duplicate) continue;
    seen.push_back(canonical);
    dirs.push_back(canonical.string());
  }
  return dirs;
}

FontBook::FontBook() : bundled_dirs_(default_bundled_font_dirs()) {}

FontBook::~FontBook() {
  for (auto& f : faces_) {
    hb_font_destroy(f->hb_font);
    hb_face_destroy(f->hb_face);
    hb_blob_destroy(f->blob);
  }
}

FaceId FontBook::load_file(const std::string& path, unsigned index) {
  for (const auto& f : faces_)
    if (f->path == path && f->index == index) return f->id;

  auto fail = [&](const std::string& why, const std::string& hint) -> FaceId {
    throw FatalError({Severity::Error, SourceSpan{path, 0, 0}, why, hint});
  };
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return fail("font file not found", "check the path in the layout's fonts");
  hb_blob_t* blob = hb_blob_create_from_file_or_fail(path.c_str());
  if (!blob) return fail("cannot read font file", "check the file's permissions");
  unsigned face_count = hb_face_count(blob);
  if (face_count == 0) {
    hb_blob_destroy(blob);
    return fail("not a font file (no OpenType/TrueType faces)", "use a .ttf, .otf or .ttc file");
  }
  if (index >= face_count) {
    hb_blob_destroy(blob);
    return fail("the font collection has " + std::to_string(face_count) + " faces, no face " + std::to_string(index),
                "use a face index below " + std::to_string(face_count));
  }
  if (std::string table = truncated_table(blob, index); !table.empty()) {
    hb_blob_destroy(blob);
    return fail("the font file is truncated or damaged (" + table + " runs past the end of the file)",
                "download or copy the font again");
  }
  hb_face_t* hb_face = hb_face_create(blob, index);
  unsigned upem = hb_face_get_upem(hb_face);
  if (hb_face_get_glyph_count(hb_face) == 0 || upem < 16 || upem > 16384) {
    hb_face_destroy(hb_face);
    hb_blob_destroy(blob);
    return fail("corrupt or unsupported font file (no glyphs or a bad head table)", "use another copy of the font");
  }

  auto face = std::make_unique<Face>();
  face->id = static_cast<FaceId>(faces_.size());
  face->path = path;
  face->index = index;
  face->blob = blob;
  face->hb_face = hb_face;
  face->hb_font = hb_font_create(hb_face);
  face->units_per_em = upem;
  hb_font_set_scale(face->hb_font, static_cast<int>(upem), static_cast<int>(upem));

  auto name = [&](hb_ot_name_id_t id) {
    // The length comes back as the return value; the in/out size only
    // counts what was written (nothing, with no buffer).
    unsigned size = 0;
    unsigned length = hb_ot_name_get_utf8(hb_face, id, HB_LANGUAGE_INVALID, &size, nullptr);
    std::string s(length + 1, '\0');
    size = static_cast<unsigned>(s.size());
    hb_ot_name_get_utf8(hb_face, id, HB_LANGUAGE_INVALID, &size, s.data());
    s.resize(size);
    return s;
  };
  face->family = name(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY);
  if (face->family.empty()) face->family = name(HB_OT_NAME_ID_FONT_FAMILY);
  face->postscript_name = name(HB_OT_NAME_ID_POSTSCRIPT_NAME);
  if (face->postscript_name.empty()) face->postscript_name = "cvpdf-font-" + std::to_string(face->id);

  hb_position_t value = 0;
  face->ascender = hb_ot_metrics_get_position(face->hb_font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, &value) ? value : static_cast<int>(upem * 8 / 10);
  face->descender = hb_ot_metrics_get_position(face->hb_font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, &value) ? value : -static_cast<int>(upem * 2 / 10);
  face->cap_height = hb_ot_metrics_get_position(face->hb_font, HB_OT_METRICS_TAG_CAP_HEIGHT, &value) ? value : static_cast<int>(upem * 7 / 10);
  face->x_height = hb_ot_metrics_get_position(face->hb_font, HB_OT_METRICS_TAG_X_HEIGHT, &value) ? value : static_cast<int>(upem / 2);

  face->is_cff = has_table(hb_face, "CFF ");
  face->is_cid_keyed = face->is_cff && cff_is_cid_keyed(hb_face);

  // Style from OS/2: usWeightClass and fsSelection's italic bit.
  hb_blob_t* os2 = hb_face_reference_table(hb_face, HB_TAG('O', 'S', '/', '2'));
  unsigned os2_length = 0;
  const auto* os2_data = reinterpret_cast<const unsigned char*>(hb_blob_get_data(os2, &os2_length));
  if (os2_length >= 64) {
    unsigned weight_class = (os2_data[4] << 8) | os2_data[5];
    unsigned fs_selection = (os2_data[62] << 8) | os2_data[63];
    face->weight = weight_class >= 600 ? Weight::Bold : Weight::Regular;
    face->slant = (fs_selection & 1) ? Slant::Italic : Slant::Upright;
  }
  hb_blob_destroy(os2);

  faces_.push_back(std::move(face));
  return faces_.back()->id;
}

}  // namespace cvpdf::text
