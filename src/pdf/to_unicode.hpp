// ToUnicode CMaps: code → the text a glyph stands for, so copying and
// pdftotext give back the source ("ffi" for the ligature, CJK as typed,
// astral characters as surrogate pairs). No objects here.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace cvpdf::pdf {

// The most UTF-16 code units one ToUnicode entry may map a code to and
// still be read by every reader: mupdf (pdf_map_one_to_many) drops a
// one-to-many mapping longer than PDF_MRANGE_CAP, 8 UTF-16 units (a
// character past U+FFFF is two), and extracts its glyph as U+FFFD.
inline constexpr std::size_t kToUnicodeUnits = 8;

// The text a glyph's ToUnicode entry maps to when its source text is
// `text` (UTF-8): the text itself, or, past kToUnicodeUnits, its longest
// head of whole words that fits ("Google Scholar" → "Google"), of whole
// characters when no word boundary does ("Location:" → "Location"); never
// empty when `text` is not. The page content carries a text cut this way
// whole in an /ActualText (page_content's needs_actual_text sees the
// mapping differ), so poppler and Acrobat still read all of it.
std::string to_unicode_text(std::string_view text);

// The CMap program for two-byte codes. `unicode` maps each code to UTF-8
// text (each already to_unicode_text's; a longer one is cut there too);
// codes with empty text are left out (they stand for nothing).
// Consecutive codes mapping to consecutive single characters are merged
// into bfrange entries, everything else goes into bfchar entries, at most
// 100 per block as the CMap format requires.
std::string to_unicode_cmap(const std::map<std::uint16_t, std::string>& unicode);

}  // namespace cvpdf::pdf
