// Locale-independent formatting for PDF syntax (see format.hpp). Digits
// are written by fmt, which never consults the locale unless told to ('L');
// reals are rounded to fixed-point integers first, so the rounding is ours
// (half away from zero) and no floating-point formatting is involved.
#include "pdf/format.hpp"

#include <chrono>
#include <cmath>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "core/utf8.hpp"

namespace cvpdf::pdf {

namespace {

struct CivilTime {
  int year, month, day, hour, minute, second;
};

CivilTime civil_time(std::int64_t seconds) {
  using namespace std::chrono;
  const sys_seconds t{std::chrono::seconds{seconds}};
  const sys_days day = floor<days>(t);
  const year_month_day ymd{day};
  const hh_mm_ss<std::chrono::seconds> hms{t - day};
  // Four digits of year whatever the clock says: PDF and XMP dates have no room for more.
  const int year = static_cast<int>(ymd.year());
  return {year < 0 ? 0 : year % 10000, static_cast<int>(static_cast<unsigned>(ymd.month())),
          static_cast<int>(static_cast<unsigned>(ymd.day())), static_cast<int>(hms.hours().count()),
          static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count())};
}

std::uint64_t mix64(std::uint64_t x) {  // splitmix64's finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

}  // namespace

void append_fixed(std::string& out, std::int64_t units, int decimals) {
  if (units == 0) {
    out += '0';
    return;
  }
  const bool negative = units < 0;
  const std::uint64_t magnitude =
      negative ? static_cast<std::uint64_t>(-(units + 1)) + 1 : static_cast<std::uint64_t>(units);
  std::uint64_t scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  // Content streams are mostly numbers: fmt::format_int writes the digits
  // on the stack, with no format string to parse and no string to grow
  // and zero first (what format_to into a std::string does).
  if (negative) out += '-';
  const fmt::format_int whole(magnitude / scale);
  out.append(whole.data(), whole.size());
  std::uint64_t fraction = magnitude % scale;
  if (fraction == 0) return;
  std::size_t places = static_cast<std::size_t>(decimals);  // the fraction's, once trailing zeros go
  for (; fraction % 10 == 0; fraction /= 10) --places;
  const fmt::format_int digits(fraction);
  out += '.';
  out.append(places - digits.size(), '0');
  out.append(digits.data(), digits.size());
}

void append_real(std::string& out, double value, int max_decimals) {
  if (!std::isfinite(value)) {
    out += '0';
    return;
  }
  // PDF readers only promise ±32767 for reals; anything near 1e12 is a bug
  // upstream, and clamping keeps llround defined.
  if (value > 1e12) value = 1e12;
  if (value < -1e12) value = -1e12;
  double scale = 1;
  for (int i = 0; i < max_decimals; ++i) scale *= 10;
  append_fixed(out, std::llround(value * scale), max_decimals);
}

void append_hex_code(std::string& out, std::uint16_t code) {
  char digits[4];
  fmt::format_to(digits, FMT_COMPILE("{:04X}"), code);
  out.append(digits, sizeof digits);
}

std::string utf16be_hex(std::string_view utf8_text) {
  std::string out;
  std::size_t pos = 0;
  while (pos < utf8_text.size()) {
    char32_t cp = utf8::decode(utf8_text, pos);
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = utf8::kReplacement;
    if (cp >= 0x10000) {
      const char32_t v = cp - 0x10000;
      append_hex_code(out, static_cast<std::uint16_t>(0xD800 + (v >> 10)));
      append_hex_code(out, static_cast<std::uint16_t>(0xDC00 + (v & 0x3FF)));
    } else {
      append_hex_code(out, static_cast<std::uint16_t>(cp));
    }
  }
  return out;
}

std::string pdf_date(std::int64_t seconds) {
  const CivilTime t = civil_time(seconds);
  return fmt::format("D:{:04}{:02}{:02}{:02}{:02}{:02}+00'00'", t.year, t.month, t.day, t.hour, t.minute, t.second);
}

std::string xmp_date(std::int64_t seconds) {
  const CivilTime t = civil_time(seconds);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}+00:00", t.year, t.month, t.day, t.hour, t.minute, t.second);
}

std::uint64_t fnv1a64(std::string_view data, std::uint64_t seed) {
  std::uint64_t hash = seed;
  for (unsigned char c : data) {
    hash ^= c;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::array<std::uint8_t, 16> digest128(std::string_view data) {
  // The two FNV-1a hashes (default seed, and 0x84222325cbf29ce4) in one
  // pass over the file: the same values as two fnv1a64 calls, in half the
  // reads of a whole PDF.
  std::uint64_t ha = 0xcbf29ce484222325ULL, hb = 0x84222325cbf29ce4ULL;
  for (unsigned char c : data) {
    ha = (ha ^ c) * 0x100000001b3ULL;
    hb = (hb ^ c) * 0x100000001b3ULL;
  }
  const std::uint64_t a = mix64(ha ^ data.size());
  const std::uint64_t b = mix64(hb + 0x9e3779b97f4a7c15ULL * data.size());
  std::array<std::uint8_t, 16> out{};
  for (int i = 0; i < 8; ++i) {
    out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(a >> (56 - 8 * i));
    out[static_cast<std::size_t>(8 + i)] = static_cast<std::uint8_t>(b >> (56 - 8 * i));
  }
  return out;
}

std::string subset_tag(std::uint64_t hash) {
  hash = mix64(hash);
  std::string tag(6, 'A');
  for (auto& c : tag) {
    c = static_cast<char>('A' + hash % 26);
    hash /= 26;
  }
  return tag;
}

}  // namespace cvpdf::pdf
