// A drawn page's PNG file (raster/png_encode.hpp): a valid PNG that holds
// only its own bytes, whatever the buffer libpng wrote it into.
#include <gtest/gtest.h>

#include <cairo.h>

#include <memory>
#include <string>

#include "raster/png_encode.hpp"

namespace cvpdf::raster::detail {
namespace {

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};

TEST(PngEncode, AFileHoldsItsBytesNotTheBufferItWasWrittenInto) {
  // A white page with a black bar, 2480 × 3508 pixels (A4 at 300 dpi):
  // about 26 MB of pixels that deflate to about 130 KB. The file kept
  // for the run's one write was once a string with a quarter of the
  // pixels' size in capacity, 8.7 MB a page held to the end of the run.
  std::unique_ptr<cairo_surface_t, SurfaceDeleter> surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 2480, 3508));
  cairo_t* cr = cairo_create(surface.get());
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_rectangle(cr, 200, 200, 2000, 40);
  cairo_fill(cr);
  cairo_destroy(cr);
  const std::string png = encode_png(surface.get(), "page 1");
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_LT(png.size(), 200u * 1024) << "a white page deflates to little";
  EXPECT_LE(png.capacity(), png.size() + 64) << "the file keeps the writing buffer's " << png.capacity() << " bytes";
}

}  // namespace
}  // namespace cvpdf::raster::detail
