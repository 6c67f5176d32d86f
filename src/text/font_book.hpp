// FontBook: the faces cvpdf has loaded (bundled files, layout paths and
// fontconfig matches), each opened once with FreeType and HarfBuzz and
// shared by every variant of a run. Faces are addressed by FaceId.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <hb.h>

#include "core/diagnostics.hpp"
#include "core/units.hpp"

namespace cvpdf::text {

using FaceId = std::uint32_t;
inline constexpr FaceId kNoFace = 0xFFFFFFFF;

enum class Weight { Regular, Bold };
enum class Slant { Upright, Italic };

// One loaded face. Metrics are in font units (units_per_em per em).
struct Face {
  FaceId id = kNoFace;
  std::string path;        // the file it was loaded from
  unsigned index = 0;      // face index within a collection (.ttc)
  std::string family;      // family name from the font
  std::string postscript_name;
  Weight weight = Weight::Regular;
  Slant slant = Slant::Upright;
  bool synthetic_bold = false;  // never set silently: a warning goes with it
  unsigned units_per_em = 1000;
  int ascender = 0;    // typographic ascender (positive)
  int descender = 0;   // typographic descender (negative)
  int cap_height = 0;
  int x_height = 0;
  bool is_cff = false;       // outlines in a CFF table (OpenType/CFF), not glyf
  bool is_cid_keyed = false; // CFF with a CID-keyed charset (e.g. Noto CJK)
  hb_blob_t* blob = nullptr; // the whole file
  hb_face_t* hb_face = nullptr;
  hb_font_t* hb_font = nullptr;  // scale = units_per_em, HarfBuzz's own font functions

  bool has_glyph(char32_t cp) const;
  std::uint32_t glyph_for(char32_t cp) const;  // 0 when missing
  int advance(std::uint32_t glyph) const;      // horizontal advance in font units
  // A length in font units at a given size.
  Scaled scale(int font_units, Scaled size) const {
    return static_cast<Scaled>(static_cast<long double>(font_units) * size / units_per_em);
  }
};

// The existing directories where bundled fonts may live, in search order:
// `<exe_dir>/../share/cvpdf/fonts` (a relocated install tree),
// `<exe_dir>/fonts`, then the compiled-in install directory
// (CVPDF_INSTALL_FONT_DIR) and the source tree's fonts/ (CVPDF_SOURCE_FONT_DIR).
// An empty `executable_path` means this process's own executable
// (/proc/self/exe). Duplicates (by canonical path) are dropped.
std::vector<std::string> default_bundled_font_dirs(const std::string& executable_path = {});

class FontBook {
 public:
  // Starts with default_bundled_font_dirs() of the running executable.
  FontBook();
  ~FontBook();
  FontBook(const FontBook&) = delete;
  FontBook& operator=(const FontBook&) = delete;

  // Loads (once) the face `index` of the file at `path`. Throws FatalError
  // naming the file when it is missing, unreadable or not a font.
  FaceId load_file(const std::string& path, unsigned index = 0);

  const Face& face(FaceId id) const { return *faces_.at(id); }
  std::size_t size() const { return faces_.size(); }

  // Directories searched for bundled fonts and layout font paths, in order:
  // next to the executable (build tree / install tree), then the compiled-in
  // install and source directories.
  const std::vector<std::string>& bundled_font_dirs() const { return bundled_dirs_; }
  void set_bundled_font_dirs(std::vector<std::string> dirs) { bundled_dirs_ = std::move(dirs); }

 private:
  std::vector<std::unique_ptr<Face>> faces_;
  std::vector<std::string> bundled_dirs_;
};

}  // namespace cvpdf::text
