// Byte-level formatting for what cvpdf writes itself — content streams,
// ToUnicode CMaps, the XMP packet: locale-independent real numbers with
// trimmed fixed decimals, hex glyph codes, UTF-16BE, PDF and XMP dates, and
// the stable hashes behind subset tags and the file /ID. (The objects'
// numbers and strings are PoDoFo's to write.)
// Nothing here depends on the C locale or the clock, so the same Document
// gives the same bytes everywhere.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>


namespace cvpdf::pdf {

// Appends `value` rounded half away from zero to at most `max_decimals`
// places, trailing zeros (and a bare point) dropped, never "-0", never an
// exponent: 1.5 → "1.5", 2.0 → "2", -0.0004 (3 places) → "0".
void append_real(std::string& out, double value, int max_decimals = 3);
// A fixed-point value: `units` / 10^decimals, with the same trimming.
void append_fixed(std::string& out, std::int64_t units, int decimals);

// Appends four uppercase hex digits: a two-byte Identity-H code.
void append_hex_code(std::string& out, std::uint16_t code);

// UTF-8 → UTF-16BE bytes as uppercase hex (astral code points become
// surrogate pairs). Invalid sequences become U+FFFD.
std::string utf16be_hex(std::string_view utf8);

// Seconds since the epoch (UTC) → "D:YYYYMMDDHHmmSS+00'00'".
std::string pdf_date(std::int64_t seconds);
// Seconds since the epoch (UTC) → "YYYY-MM-DDTHH:mm:SS+00:00" (XMP).
std::string xmp_date(std::int64_t seconds);

// 64-bit FNV-1a, and a 128-bit digest built from two differently seeded,
// avalanche-mixed passes. Not cryptographic: for reproducible names and IDs.
std::uint64_t fnv1a64(std::string_view data, std::uint64_t seed = 0xcbf29ce484222325ULL);
std::array<std::uint8_t, 16> digest128(std::string_view data);

// Six uppercase letters for a subset font name ("ABCDEF+Name"), from a hash
// of the glyph set so the same subset always gets the same tag.
std::string subset_tag(std::uint64_t hash);

}  // namespace cvpdf::pdf
