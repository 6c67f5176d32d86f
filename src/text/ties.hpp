// Ties: the breaks UAX #14 allows that a typographer takes back. This file
// owns two rules the break list (breaks.hpp) applies to ICU's opportunities:
//   - a separator standing alone between spaces (· | – —, as in
//     "GitHub · Live Site" or "2021 – 2023") is tied to what precedes it:
//     no line may begin with it, so no break at the space before it;
//   - a hyphen already in a word (an explicit hyphen, not one hyphenation
//     adds) breaks only between two parts of at least kMinHyphenPart
//     characters ("e-mail" stays whole), and never inside a product-like
//     token: one with a hyphen next to a digit ("GPT-4o", "x86-64") or one
//     that mixes upper and lower case with digits ("DeepSeek-R1"), whose
//     hyphen reads as part of the name.
#pragma once
#include <cstddef>
#include <string_view>

namespace cvpdf::text {

inline constexpr std::size_t kMinHyphenPart = 3;

// True for the separators tied to what precedes them.
bool is_tied_separator(char32_t cp);

// Whether a break at the space before text[next, ...) must be taken back:
// the text from `next` to the next space (or the end) is one tied separator.
bool separator_follows(std::string_view text, std::size_t next);

// Whether a break right after the explicit hyphen ending text[..., offset)
// must be taken back: the token around it (between spaces, opening and
// closing punctuation left out) is product-like, or the part of it before
// the hyphen or after the break is shorter than kMinHyphenPart characters.
// False when the character before `offset` is not a hyphen.
bool hyphen_tied(std::string_view text, std::size_t offset);

}  // namespace cvpdf::text
