// A photo decoded for a preview (raster/cairo_painter.hpp make_image): at
// no more pixels than the page draws it at, averaged down from its own,
// never up — a 10000-pixel photo set a few centimetres wide once cost
// 400 MB of pixels in a PNG preview and twice that in an SVG.
#include <gtest/gtest.h>

#include <cairo.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "raster/cairo_painter.hpp"

namespace cvpdf::raster::detail {
namespace {

const std::string kPhotos = CVPDF_SOURCE_DIR "/tests/cli/bad/photos/";

int width(cairo_surface_t* s) { return cairo_image_surface_get_width(s); }
int height(cairo_surface_t* s) { return cairo_image_surface_get_height(s); }

TEST(PhotoPixels, AtMostThePixelsAskedFor) {
  auto strip = make_image(kPhotos + "strip-10000x1.png", 100, 1);
  EXPECT_EQ(width(strip.get()), 100);
  EXPECT_EQ(height(strip.get()), 1);
  auto small = make_image(kPhotos + "baseline.jpg", 8, 6);
  EXPECT_EQ(width(small.get()), 8);
  EXPECT_EQ(height(small.get()), 6);
}

TEST(PhotoPixels, NeverMoreThanThePhotoHas) {
  auto photo = make_image(kPhotos + "baseline.jpg", 1000, 1000);
  EXPECT_EQ(width(photo.get()), 16);
  EXPECT_EQ(height(photo.get()), 12);
}

TEST(PhotoPixels, APixelIsTheMeanOfThoseItStandsFor) {
  // 2 × 2: red, green / blue, white, as a PNG file; into one pixel.
  const std::string path = ::testing::TempDir() + "four-pixels.png";
  {
    cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 2, 2);
    auto* row0 = reinterpret_cast<std::uint32_t*>(cairo_image_surface_get_data(s));
    auto* row1 = reinterpret_cast<std::uint32_t*>(cairo_image_surface_get_data(s) + cairo_image_surface_get_stride(s));
    row0[0] = 0xFF0000;
    row0[1] = 0x00FF00;
    row1[0] = 0x0000FF;
    row1[1] = 0xFFFFFF;
    cairo_surface_mark_dirty(s);
    ASSERT_EQ(cairo_surface_write_to_png(s, path.c_str()), CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy(s);
  }
  auto one = make_image(path, 1, 1);
  ASSERT_EQ(width(one.get()), 1);
  cairo_surface_flush(one.get());
  const std::uint32_t pixel = *reinterpret_cast<const std::uint32_t*>(cairo_image_surface_get_data(one.get()));
  // Each channel (255 + 0 + 0 + 255) / 4, rounded.
  EXPECT_EQ(pixel & 0xFFFFFF, 0x808080U);
  auto whole = make_image(path, 2, 2);
  cairo_surface_flush(whole.get());
  const auto* data = cairo_image_surface_get_data(whole.get());
  EXPECT_EQ(*reinterpret_cast<const std::uint32_t*>(data) & 0xFFFFFF, 0xFF0000U);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace cvpdf::raster::detail
