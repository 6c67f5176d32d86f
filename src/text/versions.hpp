// The versions of the text libraries cvpdf runs with (for --version).
#pragma once
#include <string>

namespace cvpdf::text {

// "HarfBuzz 6.0.0, FreeType 2.12.1, ICU 72.1, fontconfig 2.14.1"
std::string library_versions();

}  // namespace cvpdf::text
