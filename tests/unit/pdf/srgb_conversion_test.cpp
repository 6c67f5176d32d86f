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

}  // namespace
}  // namespace cvpdf::pdf
