// The sRGB IEC61966-2.1 ICC profile (from Debian's icc-profiles-free), built
// into the binary by cmake/embed_icc.cmake for the PDF/A output intent.
#pragma once
#include <string_view>

namespace cvpdf::pdf {

std::string_view srgb_icc_profile();

}  // namespace cvpdf::pdf
