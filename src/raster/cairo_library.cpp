// cairo, loaded when the first preview is drawn. Linked, it mapped cairo
// and the eleven libraries it needs (X11, xcb, pixman…) into every run, a
// PDF's too: a quarter more shared objects to load and relocate before
// main (cvpdf --version 16.7 → 21.0 M instructions). The functions the
// raster module calls are defined here, each forwarding to libcairo.so.2's
// on its first call; their declarations are cairo's own headers', so a
// signature that differs does not compile. The executable exports none of
// them (nothing it links refers to them), so cairo's own calls stay inside
// cairo.
#include <cairo-ft.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <dlfcn.h>

#include <string>

#include "core/diagnostics.hpp"

namespace cvpdf::raster {
namespace {

constexpr const char* kCairoLibrary = "libcairo.so.2";

void* cairo_library() {
  static void* const handle = [] {
    void* h = dlopen(kCairoLibrary, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      const char* why = dlerror();
      throw FatalError({Severity::Error, SourceSpan{"cvpdf", 0, 0},
                        std::string("PNG and SVG output need cairo, which cannot be loaded: ") +
                            (why ? why : kCairoLibrary),
                        "install Debian's libcairo2 (apt-get install libcairo2), or write a PDF"});
    }
    return h;
  }();
  return handle;
}

}  // namespace

// The address of cairo's function `name`, cairo loaded on first use.
void* cairo_symbol(const char* name);
void* cairo_symbol(const char* name) {
  void* symbol = dlsym(cairo_library(), name);
  if (!symbol)
    throw FatalError({Severity::Error, SourceSpan{"cvpdf", 0, 0},
                      std::string("the cairo library has no function ") + name,
                      "install Debian 12's libcairo2 (1.16 or newer)"});
  return symbol;
}

}  // namespace cvpdf::raster

// ret name(params) { real(args) }, `real` looked up once.
#define CVPDF_CAIRO(name, ret, params, args)                                                          \
  extern "C" ret name params {                                                                       \
    static const auto real = reinterpret_cast<decltype(&name)>(cvpdf::raster::cairo_symbol(#name)); \
    return real args;                                                                                \
  }

CVPDF_CAIRO(cairo_clip, void, (cairo_t *cr), (cr))
CVPDF_CAIRO(cairo_create, cairo_t *, (cairo_surface_t *target), (target))
CVPDF_CAIRO(cairo_destroy, void, (cairo_t *cr), (cr))
CVPDF_CAIRO(cairo_device_to_user, void, (cairo_t *cr, double *x, double *y), (cr, x, y))
CVPDF_CAIRO(cairo_fill, void, (cairo_t *cr), (cr))
CVPDF_CAIRO(cairo_font_face_destroy, void, (cairo_font_face_t *font_face), (font_face))
CVPDF_CAIRO(cairo_font_face_set_user_data, cairo_status_t, (cairo_font_face_t *font_face, const cairo_user_data_key_t *key, void *user_data, cairo_destroy_func_t destroy), (font_face, key, user_data, destroy))
CVPDF_CAIRO(cairo_font_options_create, cairo_font_options_t *, (void), ())
CVPDF_CAIRO(cairo_font_options_destroy, void, (cairo_font_options_t *options), (options))
CVPDF_CAIRO(cairo_font_options_set_antialias, void, (cairo_font_options_t *options, cairo_antialias_t antialias), (options, antialias))
CVPDF_CAIRO(cairo_font_options_set_hint_metrics, void, (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics), (options, hint_metrics))
CVPDF_CAIRO(cairo_font_options_set_hint_style, void, (cairo_font_options_t *options, cairo_hint_style_t hint_style), (options, hint_style))
CVPDF_CAIRO(cairo_ft_font_face_create_for_ft_face, cairo_font_face_t *, (FT_Face face, int load_flags), (face, load_flags))
CVPDF_CAIRO(cairo_get_source, cairo_pattern_t *, (cairo_t *cr), (cr))
CVPDF_CAIRO(cairo_glyph_path, void, (cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs), (cr, glyphs, num_glyphs))
CVPDF_CAIRO(cairo_image_surface_create, cairo_surface_t *, (cairo_format_t format, int width, int height), (format, width, height))
CVPDF_CAIRO(cairo_image_surface_get_data, unsigned char *, (cairo_surface_t *surface), (surface))
CVPDF_CAIRO(cairo_image_surface_get_height, int, (cairo_surface_t *surface), (surface))
CVPDF_CAIRO(cairo_image_surface_get_stride, int, (cairo_surface_t *surface), (surface))
CVPDF_CAIRO(cairo_image_surface_get_width, int, (cairo_surface_t *surface), (surface))
CVPDF_CAIRO(cairo_paint, void, (cairo_t *cr), (cr))
CVPDF_CAIRO(cairo_pattern_set_filter, void, (cairo_pattern_t *pattern, cairo_filter_t filter), (pattern, filter))
CVPDF_CAIRO(cairo_rectangle, void, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height))
CVPDF_CAIRO(cairo_restore, void, (cairo_t *cr), (cr))
CVPDF_CAIRO(cairo_save, void, (cairo_t *cr), (cr))
CVPDF_CAIRO(cairo_scale, void, (cairo_t *cr, double sx, double sy), (cr, sx, sy))
CVPDF_CAIRO(cairo_set_font_face, void, (cairo_t *cr, cairo_font_face_t *font_face), (cr, font_face))
CVPDF_CAIRO(cairo_set_font_options, void, (cairo_t *cr, const cairo_font_options_t *options), (cr, options))
CVPDF_CAIRO(cairo_set_font_size, void, (cairo_t *cr, double size), (cr, size))
CVPDF_CAIRO(cairo_set_source_rgb, void, (cairo_t *cr, double red, double green, double blue), (cr, red, green, blue))
CVPDF_CAIRO(cairo_set_source_surface, void, (cairo_t *cr, cairo_surface_t *surface, double x, double y), (cr, surface, x, y))
CVPDF_CAIRO(cairo_show_glyphs, void, (cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs), (cr, glyphs, num_glyphs))
CVPDF_CAIRO(cairo_status, cairo_status_t, (cairo_t *cr), (cr))
CVPDF_CAIRO(cairo_surface_destroy, void, (cairo_surface_t *surface), (surface))
CVPDF_CAIRO(cairo_surface_finish, void, (cairo_surface_t *surface), (surface))
CVPDF_CAIRO(cairo_surface_flush, void, (cairo_surface_t *surface), (surface))
CVPDF_CAIRO(cairo_surface_mark_dirty, void, (cairo_surface_t *surface), (surface))
CVPDF_CAIRO(cairo_surface_set_mime_data, cairo_status_t, (cairo_surface_t *surface, const char *mime_type, const unsigned char *data, unsigned long length, cairo_destroy_func_t destroy, void *closure), (surface, mime_type, data, length, destroy, closure))
CVPDF_CAIRO(cairo_surface_status, cairo_status_t, (cairo_surface_t *surface), (surface))
CVPDF_CAIRO(cairo_status_to_string, const char *, (cairo_status_t status), (status))
CVPDF_CAIRO(cairo_svg_surface_create_for_stream, cairo_surface_t *, (cairo_write_func_t write_func, void *closure, double width_in_points, double height_in_points), (write_func, closure, width_in_points, height_in_points))
CVPDF_CAIRO(cairo_svg_surface_set_document_unit, void, (cairo_surface_t *surface, cairo_svg_unit_t unit), (surface, unit))
CVPDF_CAIRO(cairo_translate, void, (cairo_t *cr, double tx, double ty), (cr, tx, ty))
CVPDF_CAIRO(cairo_user_to_device, void, (cairo_t *cr, double *x, double *y), (cr, x, y))
