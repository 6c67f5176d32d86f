// cairo font faces over the FontBook's font files (see cairo_painter.hpp).
// The FreeType face reads the same mapping the FontBook's HarfBuzz face
// does, at the same index, so glyph ids mean the same glyphs.
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <string>

#include "raster/cairo_painter.hpp"

namespace cvpdf::raster::detail {

namespace {

// One FreeType library for the process, never freed: cairo keeps recently
// used scaled fonts (and so their FreeType faces) alive after their last
// user lets go, and a face must not outlive its library.
FT_Library library() {
  static FT_Library lib = [] {
    FT_Library l = nullptr;
    if (FT_Init_FreeType(&l) != 0) l = nullptr;
    return l;
  }();
  return lib;
}

// What a cairo font face owns: the FreeType face and the mapping under it,
// released together when cairo drops the face.
struct Owned {
  FT_Face ft = nullptr;
  std::shared_ptr<const text::MappedFile> file;
};

const cairo_user_data_key_t kOwnedKey{};

void release(void* data) {
  auto* owned = static_cast<Owned*>(data);
  FT_Done_Face(owned->ft);
  delete owned;
}

}  // namespace

CairoPtr<cairo_font_face_t> make_font_face(const text::Face& face) {
  face.check_unchanged();
  if (!face.file) throw face.error("the font file is not open to draw from", "this is a bug in cvpdf; please report it");
  if (!library()) throw face.error("FreeType could not be started to draw this font", "this is a bug in cvpdf; please report it");
  auto owned = std::make_unique<Owned>();
  owned->file = face.file;
  const std::string_view bytes = face.file->bytes();
  if (FT_New_Memory_Face(library(), reinterpret_cast<const FT_Byte*>(bytes.data()), static_cast<FT_Long>(bytes.size()),
                         static_cast<FT_Long>(face.index), &owned->ft) != 0)
    throw face.error("FreeType cannot read this font to draw it", "use a TrueType or OpenType font file");
  CairoPtr<cairo_font_face_t> cairo_face(cairo_ft_font_face_create_for_ft_face(owned->ft, 0));
  const cairo_status_t status = cairo_font_face_set_user_data(cairo_face.get(), &kOwnedKey, owned.get(), release);
  if (status != CAIRO_STATUS_SUCCESS) {
    cairo_face.reset();  // before the FreeType face it reads
    FT_Done_Face(owned->ft);
    check_status(status, "a font face for " + face.path);
  }
  owned.release();  // cairo's now: release() frees it with the face
  return cairo_face;
}

}  // namespace cvpdf::raster::detail
