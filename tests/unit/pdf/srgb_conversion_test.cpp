// A CMYK JPEG with its own ICC profile under PDF/A: its pixels go through
// that profile (lcms2) into sRGB, with Adobe's inverted samples turned back
// first. Debian ships no free CMYK profile, so the test makes one with
// lcms2 whose colours are those of the DeviceCMYK formula viewers use
// (1 − min(1, C + K)): the converted photo must then look as the preview
// draws the same file (frame::decode_jpeg), within the profile's grid
// error. Inverted samples read as they are would come out far off.
#include <gtest/gtest.h>
#include <lcms2.h>

#include <cstdlib>
#include <filesystem>

#include "frame/photo.hpp"
#include "pdf/pdf_writer.hpp"
#include "pdf/srgb_conversion.hpp"
#include "pdf_test_support.hpp"
#include "run.hpp"

namespace cvpdf::pdf {
namespace {

using namespace testing;

// CMYK (16-bit) → DeviceCMYK's sRGB → Lab (16-bit, ICC v4 encoding).
int naive_cmyk_to_lab(const cmsUInt16Number in[], cmsUInt16Number out[], void* cargo) {
  auto to_lab = static_cast<cmsHTRANSFORM>(cargo);
  const double k = in[3] / 65535.0;
  double rgb[3];
  for (int c = 0; c < 3; ++c) rgb[c] = 1 - std::min(1.0, in[c] / 65535.0 + k);
  cmsCIELab lab;
  cmsDoTransform(to_lab, rgb, &lab, 1);
  cmsFloat2LabEncoded(out, &lab);
  return TRUE;
}

std::string naive_cmyk_profile() {
  cmsHPROFILE srgb = cmsCreate_sRGBProfile();
  cmsHPROFILE lab = cmsCreateLab4Profile(nullptr);
  cmsHTRANSFORM to_lab = cmsCreateTransform(srgb, TYPE_RGB_DBL, lab, TYPE_Lab_DBL, INTENT_RELATIVE_COLORIMETRIC, 0);
  cmsHPROFILE cmyk = cmsCreateProfilePlaceholder(nullptr);
  cmsSetProfileVersion(cmyk, 4.3);
  cmsSetDeviceClass(cmyk, cmsSigOutputClass);
  cmsSetColorSpace(cmyk, cmsSigCmykData);
  cmsSetPCS(cmyk, cmsSigLabData);
  cmsPipeline* lut = cmsPipelineAlloc(nullptr, 4, 3);
  cmsStage* clut = cmsStageAllocCLut16bit(nullptr, 9, 4, 3, nullptr);
  cmsStageSampleCLut16bit(clut, naive_cmyk_to_lab, to_lab, 0);
  // lutAtoBType stores A curves, a CLUT and B curves (identity here).
  cmsPipelineInsertStage(lut, cmsAT_END, cmsStageAllocToneCurves(nullptr, 4, nullptr));
  cmsPipelineInsertStage(lut, cmsAT_END, clut);
  cmsPipelineInsertStage(lut, cmsAT_END, cmsStageAllocToneCurves(nullptr, 3, nullptr));
  cmsWriteTag(cmyk, cmsSigAToB0Tag, lut);
  cmsMLU* description = cmsMLUalloc(nullptr, 1);
  cmsMLUsetASCII(description, "en", "US", "DeviceCMYK look (test)");
  cmsWriteTag(cmyk, cmsSigProfileDescriptionTag, description);
  cmsUInt32Number size = 0;
  cmsSaveProfileToMem(cmyk, nullptr, &size);
  std::string bytes(size, '\0');
  cmsSaveProfileToMem(cmyk, bytes.data(), &size);
  cmsMLUfree(description);
  cmsPipelineFree(lut);
  cmsCloseProfile(cmyk);
  cmsDeleteTransform(to_lab);
  cmsCloseProfile(lab);
  cmsCloseProfile(srgb);
  return bytes;
}

TEST(SrgbConversion, AnAdobeCmykJpegGoesThroughItsOwnProfile) {
  const std::string plain = read_file(CVPDF_SOURCE_DIR "/tests/cli/bad/photos/cmyk-adobe.jpg");
  const std::string profile = naive_cmyk_profile();
  ASSERT_LT(profile.size(), 65000u) << "one APP2 chunk";
  const std::string tagged = test::jpeg_with_icc_profile(plain, profile);
  ASSERT_EQ(frame::jpeg_icc_profile(tagged), profile);
  const SrgbConversion conversion(4, profile);
  ASSERT_TRUE(conversion.has_profile());

  std::string expected, converted;
  frame::decode_jpeg(plain, [&](const unsigned char* row) { expected.append(reinterpret_cast<const char*>(row), 20 * 3); });
  frame::decode_jpeg_samples(tagged, [&](const unsigned char* samples) {
    unsigned char rgb[20 * 3];
    conversion.convert(samples, rgb, 20);
    converted.append(reinterpret_cast<const char*>(rgb), sizeof rgb);
  });
  ASSERT_EQ(converted.size(), expected.size());
  long total = 0;
  int worst = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const int d = std::abs(static_cast<unsigned char>(converted[i]) - static_cast<unsigned char>(expected[i]));
    total += d;
    worst = std::max(worst, d);
  }
  EXPECT_LE(total / static_cast<long>(expected.size()), 3) << "mean difference";
  EXPECT_LE(worst, 24) << "largest difference";
}

// A PNG's chunks: iCCP wins; an sRGB chunk, no chunk, or a gAMA of 1/2.2
// with sRGB's primaries mean sRGB (no profile); another gamma, or other
// primaries, become a profile lcms2 reads back with the gamma it was made
// from (a linear gray of 128 is sRGB-gray 188) and that is not sRGB.
TEST(SrgbConversion, APngsGammaAndPrimariesBecomeAProfile) {
  frame::PngColour colour;
  EXPECT_EQ(png_icc_profile(3, colour), "");
  colour.icc_profile = "stand-in";
  EXPECT_EQ(png_icc_profile(3, colour), "stand-in");
  colour.icc_profile.clear();
  colour.gamma = 0.45455;
  EXPECT_EQ(png_icc_profile(3, colour), "") << "gAMA 1/2.2 alone";
  colour.srgb = true;
  colour.gamma = 1.0;
  EXPECT_EQ(png_icc_profile(3, colour), "") << "an sRGB chunk wins over gAMA";
  colour.srgb = false;

  const std::string linear_gray = png_icc_profile(1, colour);
  const SrgbConversion gray(1, linear_gray);
  ASSERT_TRUE(gray.has_profile());
  EXPECT_EQ(gray.output_components(), 1);
  const unsigned char in[] = {0, 128, 255};
  unsigned char out[3];
  gray.convert(in, out, 3);
  EXPECT_EQ(out[0], 0);
  EXPECT_NEAR(out[1], 188, 1);
  EXPECT_EQ(out[2], 255);

  // Adobe RGB's primaries, gamma 1/2.2: as the Adobe RGB profile converts.
  colour.gamma = 0.45455;
  colour.chromaticities = true;
  colour.white_x = 0.3127, colour.white_y = 0.3290, colour.red_x = 0.64, colour.red_y = 0.33;
  colour.green_x = 0.21, colour.green_y = 0.71, colour.blue_x = 0.15, colour.blue_y = 0.06;
  const SrgbConversion wide(3, png_icc_profile(3, colour));
  ASSERT_TRUE(wide.has_profile());
  EXPECT_EQ(wide.output_components(), 3);
  const unsigned char adobe_red[] = {200, 60, 40};
  unsigned char srgb[3];
  wide.convert(adobe_red, srgb, 1);
  EXPECT_NEAR(srgb[0], 231, 2);  // lcms2 through the Adobe RGB profile: 231, 57, 34
  EXPECT_NEAR(srgb[1], 57, 2);
  EXPECT_NEAR(srgb[2], 34, 2);
}

}  // namespace
}  // namespace cvpdf::pdf
