// Owns the bidi levels of a paragraph (ICU's ubidi on the UTF-16 of its
// text, mapped back to UTF-8 bytes) and rule L2's reordering of a line.
#include "text/bidi.hpp"

#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "core/utf8.hpp"

namespace cvpdf::text {

bool is_rtl_language(std::string_view language) {
  if (language.empty()) return false;
  // ICU knows the script each language is written in (likely subtags):
  // "ar", "he", "fa", "ur", "yi", "ps", "ckb", "dv", "sd-Arab"…
  const std::string tag(language);
  return uloc_isRightToLeft(tag.c_str());
}

bool joins_cursively(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();) {
    const auto cp = static_cast<UChar32>(utf8::decode(text, pos));
    const auto joining = static_cast<UJoiningType>(u_getIntPropertyValue(cp, UCHAR_JOINING_TYPE));
    if (joining == U_JT_DUAL_JOINING || joining == U_JT_RIGHT_JOINING) return true;
  }
  return false;
}

namespace {

constexpr std::size_t kInserted = static_cast<std::size_t>(-1);

// The UTF-16 of `text` and, per UTF-16 unit, the byte its character starts
// at; with U+2068 and U+2069 (kInserted) around each isolate.
void to_utf16(std::string_view text, const std::vector<std::pair<std::size_t, std::size_t>>& isolates,
              std::u16string& units, std::vector<std::size_t>& byte_of) {
  std::size_t next = 0;  // the isolate to open or close next
  bool open = false;
  for (std::size_t pos = 0; pos <= text.size();) {
    while (next < isolates.size() && (open ? isolates[next].second : isolates[next].first) == pos) {
      units.push_back(open ? u'\u2069' : u'\u2068');
      byte_of.push_back(kInserted);
      if (open) ++next;
      open = !open;
    }
    if (pos == text.size()) break;
    const std::size_t at = pos;
    char32_t cp = utf8::decode(text, pos);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      units.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
      units.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
      byte_of.push_back(at);
      byte_of.push_back(at);
    } else {
      units.push_back(static_cast<char16_t>(cp));
      byte_of.push_back(at);
    }
  }
}

// A byte no left-to-right text has: the UTF-8 lead bytes from U+0590 (the
// Hebrew block) up, which include every right-to-left script, the
// explicit directional marks and controls, and, as false alarms, most of
// the BMP (CJK): ICU then finds everything at level 0.
bool may_hold_rtl(std::string_view text) {
  for (unsigned char c : text)
    if (c >= 0xD6) return true;
  return false;
}

struct BidiDeleter {
  void operator()(UBiDi* b) const { ubidi_close(b); }
};

}  // namespace

BidiLevels resolve_levels(std::string_view text, bool rtl,
                          const std::vector<std::pair<std::size_t, std::size_t>>& isolates) {
  BidiLevels out;
  if (text.empty() || (!rtl && !may_hold_rtl(text))) return out;
  std::u16string units;
  std::vector<std::size_t> byte_of;
  to_utf16(text, isolates, units, byte_of);
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UBiDi, BidiDeleter> bidi(ubidi_openSized(static_cast<int32_t>(units.size()), 0, &status));
  if (U_FAILURE(status)) throw std::runtime_error("ICU ubidi_openSized failed");
  ubidi_setPara(bidi.get(), units.data(), static_cast<int32_t>(units.size()), rtl ? UBIDI_RTL : UBIDI_DEFAULT_LTR,
                nullptr, &status);
  if (U_FAILURE(status)) throw std::runtime_error("ICU ubidi_setPara failed");
  if (ubidi_getDirection(bidi.get()) == UBIDI_LTR && ubidi_getParaLevel(bidi.get()) == 0) return out;
  const UBiDiLevel* levels = ubidi_getLevels(bidi.get(), &status);
  if (U_FAILURE(status)) throw std::runtime_error("ICU ubidi_getLevels failed");
  out.levels.assign(text.size(), 0);
  out.paragraph.assign(text.size(), 0);
  const int32_t paragraphs = ubidi_countParagraphs(bidi.get());
  for (int32_t n = 0; n < paragraphs; ++n) {
    int32_t start = 0, limit = 0;
    UBiDiLevel para = 0;
    ubidi_getParagraphByIndex(bidi.get(), n, &start, &limit, &para, &status);
    for (auto u = static_cast<std::size_t>(start); u < static_cast<std::size_t>(limit); ++u) {
      const std::size_t from = byte_of[u];
      if (from == kInserted) continue;
      std::size_t after = u + 1;
      while (after < units.size() && byte_of[after] == kInserted) ++after;
      const std::size_t to = after < units.size() ? byte_of[after] : text.size();
      for (std::size_t b = from; b < to; ++b) {
        out.levels[b] = levels[u];
        out.paragraph[b] = para;
      }
    }
  }
  return out;
}

std::vector<std::size_t> visual_order(const std::vector<std::uint8_t>& levels) {
  std::vector<std::size_t> order(levels.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  if (levels.empty()) return order;
  std::vector<int32_t> map(levels.size());
  ubidi_reorderVisual(levels.data(), static_cast<int32_t>(levels.size()), map.data());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::size_t>(map[i]);
  return order;
}

}  // namespace cvpdf::text
