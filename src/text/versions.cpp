// Library versions, read at run time where the library can say.
#include "text/versions.hpp"

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <unicode/uversion.h>

#include <iterator>

#include <fmt/format.h>

namespace cvpdf::text {

std::string library_versions() {
  std::string s = std::string("HarfBuzz ") + hb_version_string();
  FT_Library ft = nullptr;
  if (FT_Init_FreeType(&ft) == 0) {
    FT_Int major = 0, minor = 0, patch = 0;
    FT_Library_Version(ft, &major, &minor, &patch);
    FT_Done_FreeType(ft);
    fmt::format_to(std::back_inserter(s), ", FreeType {}.{}.{}", major, minor, patch);
  }
  UVersionInfo icu{};
  u_getVersion(icu);
  char icu_text[U_MAX_VERSION_STRING_LENGTH] = {};
  u_versionToString(icu, icu_text);
  s += std::string(", ICU ") + icu_text;
  int fc = FcGetVersion();
  fmt::format_to(std::back_inserter(s), ", fontconfig {}.{}.{}", fc / 10000, fc / 100 % 100, fc % 100);
  return s;
}

}  // namespace cvpdf::text
