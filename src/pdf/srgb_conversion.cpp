// See srgb_conversion.hpp. lcms2 converts from the photo's own profile to
// the sRGB profile of the output intent, relative colorimetric with black
// point compensation: what image editors do by default when converting a
// photo to another profile, which keeps in-gamut colours and maps the
// photo's black to sRGB's black.
#include "pdf/srgb_conversion.hpp"

#include <lcms2.h>

#include <array>
#include <string>

#include "pdf/icc_profile.hpp"

namespace cvpdf::pdf {

namespace {

struct ProfileCloser {
  void operator()(void* profile) const { cmsCloseProfile(profile); }
};
using Profile = std::unique_ptr<void, ProfileCloser>;

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

}  // namespace

struct SrgbConversion::Transform {
  cmsHTRANSFORM handle = nullptr;
  ~Transform() {
    if (handle) cmsDeleteTransform(handle);
  }
};

SrgbConversion::SrgbConversion(int components, std::string_view icc_profile) {
  Profile source = open_profile(icc_profile);
  const cmsColorSpaceSignature expected = components == 4 ? cmsSigCmykData : cmsSigRgbData;
  if (!source || cmsGetColorSpace(source.get()) != expected) return;
  if (components == 3 && names_srgb(source.get())) return;
  Profile srgb = open_profile(srgb_icc_profile());
  if (!srgb) return;
  auto transform = std::make_unique<Transform>();
  transform->handle = cmsCreateTransform(source.get(), components == 4 ? TYPE_CMYK_8 : TYPE_RGB_8, srgb.get(), TYPE_RGB_8,
                                         INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_BLACKPOINTCOMPENSATION);
  if (transform->handle) transform_ = std::move(transform);
}

SrgbConversion::~SrgbConversion() = default;

void SrgbConversion::convert(const unsigned char* samples, unsigned char* rgb, std::size_t width) const {
  cmsDoTransform(transform_->handle, samples, rgb, static_cast<cmsUInt32Number>(width));
}

}  // namespace cvpdf::pdf
