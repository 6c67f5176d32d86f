// Photo colours turned into sRGB for --pdfa, with lcms2 (Debian's
// liblcms2): PDF/A-2 (ISO 19005-2, 6.2.4.3) lets DeviceCMYK be used only
// under a CMYK output intent, and cvpdf's is sRGB, so a CMYK photo cannot
// keep its colour space; an RGB photo whose embedded ICC profile is not
// sRGB (Adobe RGB, Display P3) would be shown with the wrong colours as
// DeviceRGB. Both are converted to the output intent's own profile
// (icc_profile.hpp). The only file that includes lcms2.h.
#pragma once
#include <cstddef>
#include <memory>
#include <string_view>

namespace cvpdf::pdf {

class SrgbConversion {
 public:
  // For pixels of `components` samples (3 RGB, 4 CMYK with 0 no ink) whose
  // file embeds `icc_profile` ("" for none). A profile lcms2 cannot read, or
  // of another colour space than the pixels', counts as none.
  SrgbConversion(int components, std::string_view icc_profile);
  ~SrgbConversion();
  SrgbConversion(const SrgbConversion&) = delete;
  SrgbConversion& operator=(const SrgbConversion&) = delete;

  // True when the file's profile was read and is not sRGB: convert() then
  // maps the pixels through it. False for an RGB photo with no profile or
  // an sRGB one (DeviceRGB is read as the output intent's sRGB), and for a
  // CMYK photo without a usable profile, which the caller converts as a
  // viewer shows DeviceCMYK without a profile (frame::decode_jpeg), so that
  // --pdfa does not change its look.
  bool has_profile() const { return transform_ != nullptr; }
  // One row of `width` pixels into `rgb` (width × 3 bytes); has_profile().
  void convert(const unsigned char* samples, unsigned char* rgb, std::size_t width) const;

 private:
  struct Transform;
  std::unique_ptr<Transform> transform_;
};

}  // namespace cvpdf::pdf
