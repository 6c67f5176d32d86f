// UTF-8: decoding with validation, encoding, and code point helpers shared by
// the loader (positions of bad bytes) and the text module.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace cvpdf::utf8 {

inline constexpr char32_t kReplacement = 0xFFFD;

// Decodes the code point starting at text[pos]; advances pos past it. On an
// invalid or truncated sequence returns kReplacement and advances one byte.
char32_t decode(std::string_view text, std::size_t& pos);

void append(std::string& out, char32_t cp);
std::string encode(char32_t cp);

// Byte offset of the first invalid sequence, or npos when text is valid UTF-8.
std::size_t find_invalid(std::string_view text);

// Number of code points.
std::size_t length(std::string_view text);

// The code point as Unicode names it in prose: "U+00E9", "U+1F600".
std::string code_name(char32_t cp);

}  // namespace cvpdf::utf8
