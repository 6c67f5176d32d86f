// Photo colours turned into sRGB for --pdfa, with lcms2 (Debian's
// liblcms2): PDF/A-2 (ISO 19005-2, 6.2.4.3) lets DeviceCMYK be used only
// under a CMYK output intent, and cvpdf's is sRGB, so a CMYK photo cannot
// keep its colour space; an RGB or gray photo whose colours are described
// otherwise than as sRGB (an embedded Adobe RGB, Display P3 or linear-gray
// profile, a PNG's gAMA and cHRM) would be shown with the wrong colours as
// DeviceRGB or DeviceGray. All are converted to the output intent's own
// profile (icc_profile.hpp); gray stays gray, in sRGB's tone curve, which
// is how a viewer shows DeviceGray beside sRGB. Also the judge, without
// --pdfa, of whether a profile says anything sRGB does not (images.cpp then
// embeds it as /ICCBased). The only file that includes lcms2.h.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "frame/photo.hpp"

namespace cvpdf::pdf {

class SrgbConversion {
 public:
  // For pixels of `components` samples (1 gray, 3 RGB, 4 CMYK with 0 no
  // ink) whose file embeds `icc_profile` ("" for none). A profile lcms2
  // cannot read, or of another colour space than the pixels', counts as
  // none.
  SrgbConversion(int components, std::string_view icc_profile);
  ~SrgbConversion();
  SrgbConversion(const SrgbConversion&) = delete;
  SrgbConversion& operator=(const SrgbConversion&) = delete;

  // True when the file's profile was read and is not sRGB: convert() then
  // maps the pixels through it. False for an RGB or gray photo with no
  // profile or an sRGB one (DeviceRGB is read as the output intent's sRGB),
  // and for a CMYK photo without a usable profile, which the caller
  // converts as a viewer shows DeviceCMYK without a profile
  // (frame::decode_jpeg), so that --pdfa does not change its look.
  bool has_profile() const { return transform_ != nullptr; }
  // 1 for gray pixels (sRGB's tone curve), 3 otherwise.
  int output_components() const { return output_components_; }
  // One row of `width` pixels into `out` (width × output_components()
  // bytes); has_profile().
  void convert(const unsigned char* samples, unsigned char* out, std::size_t width) const;

 private:
  struct Transform;
  std::unique_ptr<Transform> transform_;
  int output_components_ = 3;
};

// The ICC profile that says what a PNG's colour chunks say, for pixels of
// `components` samples (1 or 3): its iCCP profile; else, with no sRGB chunk,
// one lcms2 makes from gAMA and cHRM (cHRM's absence meaning sRGB's
// primaries and D65 white, as browsers read it). "" when the pixels are
// sRGB by the chunks or by default: no chunk, an sRGB chunk, or a gAMA of
// 1/2.2 (what most writers put beside sRGB-ish pixels, within 1 %) with no
// cHRM or sRGB's own.
std::string png_icc_profile(int components, const frame::PngColour& colour);

}  // namespace cvpdf::pdf
