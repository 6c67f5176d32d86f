// Inside src/raster: drawing one frame::Page on a cairo context, whatever
// the surface (image for PNG, SVG). Holds what pages share: the cairo font
// face of each FontBook face, each decoded photo and colour emoji picture.
#pragma once
#include <cairo.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "frame/emoji_pictures.hpp"
#include "frame/frame.hpp"
#include "text/font_book.hpp"

namespace cvpdf::raster::detail {

// Owners of cairo objects (cairo counts references; these drop ours).
struct CairoDeleter {
  void operator()(cairo_t* p) const { cairo_destroy(p); }
  void operator()(cairo_surface_t* p) const { cairo_surface_destroy(p); }
  void operator()(cairo_font_face_t* p) const { cairo_font_face_destroy(p); }
  void operator()(cairo_font_options_t* p) const { cairo_font_options_destroy(p); }
};
template <class T>
using CairoPtr = std::unique_ptr<T, CairoDeleter>;

// A cairo font face over the same file and face index as a FontBook face,
// through FreeType, so that HarfBuzz's glyph ids draw as they were shaped.
CairoPtr<cairo_font_face_t> make_font_face(const text::Face& face);

// A photo decoded into a cairo image surface of at most `most_width` ×
// `most_height` pixels (averaged down from its own size, never up), with
// its original bytes as MIME data (an SVG embeds those, not a re-encoding).
// A 10000-pixel-square photo set 3 cm wide costs the pixels it is drawn
// at, not 400 MB. Throws FatalError at the photo when it no longer decodes
// (it changed since it was checked).
CairoPtr<cairo_surface_t> make_image(const std::string& path, int most_width, int most_height);

// Throws FatalError when `cr`'s drawing failed (cairo records the first
// error and then draws nothing): `what` says what was being made.
void check_status(cairo_status_t status, const std::string& what);

class Painter {
 public:
  // `outlines` (for pixels): glyphs are filled as paths (cairo_glyph_path)
  // rather than shown from cairo's glyph cache, whose image back end (1.16)
  // puts each glyph on a whole pixel both ways: across, a glyph then stands
  // where the composer set it to a fraction of a pixel; its baseline goes
  // on a whole pixel, as PDF viewers (poppler) and browsers put it, so that
  // every line of text is equally sharp. An SVG keeps glyphs (reusable
  // symbols; positions are exact there).
  Painter(const text::FontBook& book, bool outlines);
  Painter(const Painter&) = delete;
  Painter& operator=(const Painter&) = delete;

  // Paints the page on `cr`, whose user space is the page's in points
  // (top-left origin, y downwards: the frames' own orientation).
  void paint(cairo_t* cr, const frame::Page& page);

 private:
  void paint(cairo_t* cr, const frame::GlyphRun& run);
  void paint(cairo_t* cr, const frame::Rule& rule);
  void paint(cairo_t* cr, const frame::Image& image);
  cairo_font_face_t* font(text::FaceId id);
  // The run's colour emoji pictures (frame/emoji_pictures.hpp), drawn over
  // where their glyphs, left out, would be.
  std::vector<frame::EmojiPicture> pictures(const frame::GlyphRun& run);
  void paint(cairo_t* cr, const frame::EmojiPicture& picture);

  const text::FontBook& book_;
  const bool outlines_;
  CairoPtr<cairo_font_options_t> options_;
  std::map<text::FaceId, CairoPtr<cairo_font_face_t>> fonts_;
  std::map<std::string, CairoPtr<cairo_surface_t>> images_;  // by path and pixel size
  std::vector<cairo_glyph_t> glyphs_;  // reused by every run
  std::map<std::uint32_t, CairoPtr<cairo_surface_t>> emoji_;  // by colour emoji glyph
};

}  // namespace cvpdf::raster::detail
