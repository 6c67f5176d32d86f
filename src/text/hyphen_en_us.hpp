// hyph_en_US.dic (Debian's hyphen-en-us) as it was at build time, its bytes
// compiled into the binary (the definition is written by cmake/embed_bytes.cmake):
// English is hyphenated the same wherever cvpdf runs, whether or not the
// package is installed there, and libhyphen parses the copy as it would the
// file.
#pragma once
#include <string_view>

namespace cvpdf::text {

std::string_view hyphen_en_us_dic();

}  // namespace cvpdf::text
