// ToUnicode CMaps: code → the text a glyph stands for, so copying and
// pdftotext give back the source ("ffi" for the ligature, CJK as typed,
// astral characters as surrogate pairs). No objects here.
#pragma once
#include <cstdint>
#include <map>
#include <string>

namespace cvpdf::pdf {

// The CMap program for two-byte codes. `unicode` maps each code to UTF-8
// text; codes with empty text are left out (they stand for nothing).
// Consecutive codes mapping to consecutive single characters are merged
// into bfrange entries, everything else goes into bfchar entries, at most
// 100 per block as the CMap format requires.
std::string to_unicode_cmap(const std::map<std::uint16_t, std::string>& unicode);

}  // namespace cvpdf::pdf
