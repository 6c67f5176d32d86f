// See srgb_conversion.hpp. lcms2 converts from the photo's own profile to
// the sRGB profile of the output intent, relative colorimetric with black
// point compensation: what image editors do by default when converting a
// photo to another profile, which keeps in-gamut colours and maps the
// photo's black to sRGB's black.
#include "pdf/srgb_conversion.hpp"

#include <lcms2.h>

#include <array>
#include <cmath>
#include <string>

#include "pdf/icc_profile.hpp"

namespace cvpdf::pdf {

namespace {

struct ProfileCloser {
  void operator()(void* profile) const { cmsCloseProfile(profile); }
};
using Profile = std::unique_ptr<void, ProfileCloser>;

struct CurveFreer {
  void operator()(cmsToneCurve* curve) const { cmsFreeToneCurve(curve); }
};
using Curve = std::unique_ptr<cmsToneCurve, CurveFreer>;

Profile open_profile(std::string_view bytes) {
  if (bytes.empty()) return nullptr;
  return Profile(cmsOpenProfileFromMem(bytes.data(), static_cast<cmsUInt32Number>(bytes.size())));
}

// The profile's description names it sRGB ("sRGB IEC61966-2.1", "sRGB
// built-in"): the pixels are the output intent's already.
bool names_srgb(cmsHPROFILE profile) {
  std::array<char, 256> description{};
  cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description.data(),
                         static_cast<cmsUInt32Number>(description.size()));
  return std::string(description.data()).find("sRGB") != std::string::npos;
}

// sRGB's tone curve (IEC 61966-2-1), lcms2's parametric type 4.
Curve srgb_curve() {
  const cmsFloat64Number parameters[] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
  return Curve(cmsBuildParametricToneCurve(nullptr, 4, parameters));
}

// Gray in sRGB's tone curve and white: DeviceGray as a viewer draws it
// beside sRGB colours (a gray g as the sRGB colour g, g, g).
Profile srgb_gray_profile() {
  const Curve curve = srgb_curve();
  return Profile(cmsCreateGrayProfile(cmsD50_xyY(), curve.get()));
}

std::string saved(cmsHPROFILE profile) {
  cmsUInt32Number size = 0;
  if (!profile || !cmsSaveProfileToMem(profile, nullptr, &size)) return "";
  std::string bytes(size, '\0');
  if (!cmsSaveProfileToMem(profile, bytes.data(), &size)) return "";
  return bytes;
}

}  // namespace

struct SrgbConversion::Transform {
  cmsHTRANSFORM handle = nullptr;
  ~Transform() {
    if (handle) cmsDeleteTransform(handle);
  }
};

SrgbConversion::SrgbConversion(int components, std::string_view icc_profile) {
  Profile source = open_profile(icc_profile);
  const cmsColorSpaceSignature expected =
      components == 4 ? cmsSigCmykData : components == 1 ? cmsSigGrayData : cmsSigRgbData;
  if (!source || cmsGetColorSpace(source.get()) != expected) return;
  if (components == 3 && names_srgb(source.get())) return;
  output_components_ = components == 1 ? 1 : 3;
  Profile target = components == 1 ? srgb_gray_profile() : open_profile(srgb_icc_profile());
  if (!target) return;
  const cmsUInt32Number in = components == 4 ? TYPE_CMYK_8 : components == 1 ? TYPE_GRAY_8 : TYPE_RGB_8;
  auto transform = std::make_unique<Transform>();
  transform->handle = cmsCreateTransform(source.get(), in, target.get(), components == 1 ? TYPE_GRAY_8 : TYPE_RGB_8,
                                         INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_BLACKPOINTCOMPENSATION);
  if (transform->handle) transform_ = std::move(transform);
}

SrgbConversion::~SrgbConversion() = default;

void SrgbConversion::convert(const unsigned char* samples, unsigned char* out, std::size_t width) const {
  cmsDoTransform(transform_->handle, samples, out, static_cast<cmsUInt32Number>(width));
}

std::string png_icc_profile(int components, const frame::PngColour& colour) {
  if (!colour.icc_profile.empty()) return colour.icc_profile;
  if (colour.srgb || colour.gamma <= 0) return "";
  const bool srgb_primaries =
      !colour.chromaticities ||
      (std::abs(colour.white_x - 0.3127) < 0.001 && std::abs(colour.white_y - 0.329) < 0.001 &&
       std::abs(colour.red_x - 0.64) < 0.001 && std::abs(colour.red_y - 0.33) < 0.001 &&
       std::abs(colour.green_x - 0.30) < 0.001 && std::abs(colour.green_y - 0.60) < 0.001 &&
       std::abs(colour.blue_x - 0.15) < 0.001 && std::abs(colour.blue_y - 0.06) < 0.001);
  if (std::abs(colour.gamma * 2.2 - 1) < 0.01 && (srgb_primaries || components == 1)) return "";
  // gAMA is the exponent the encoder applied: the decoding curve is its inverse.
  const Curve curve(cmsBuildGamma(nullptr, 1 / colour.gamma));
  if (components == 1) return saved(Profile(cmsCreateGrayProfile(cmsD50_xyY(), curve.get())).get());
  cmsCIExyY white{0.3127, 0.3290, 1};
  cmsCIExyYTRIPLE primaries{{0.64, 0.33, 1}, {0.30, 0.60, 1}, {0.15, 0.06, 1}};
  if (colour.chromaticities) {
    white = {colour.white_x, colour.white_y, 1};
    primaries = {{colour.red_x, colour.red_y, 1}, {colour.green_x, colour.green_y, 1}, {colour.blue_x, colour.blue_y, 1}};
  }
  cmsToneCurve* curves[3] = {curve.get(), curve.get(), curve.get()};
  return saved(Profile(cmsCreateRGBProfile(&white, &primaries, curves)).get());
}

}  // namespace cvpdf::pdf
