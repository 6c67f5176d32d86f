// Line-break opportunities: owns the ICU line BreakIterator (UAX #14 with
// ICU's locale tailoring), the cutting of text into segments at those
// opportunities, the classification of what follows each segment, and the
// ICU character BreakIterator behind grapheme_boundaries.
#include "text/line_breaks.hpp"

#include <algorithm>
#include <map>
#include <memory>

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/utext.h>

#include "core/utf8.hpp"

namespace cvpdf::text {

namespace {

// Creating a line BreakIterator loads and compiles rule data; the composer
// asks once per paragraph, so keep one per language and thread.
icu::BreakIterator* line_iterator(const std::string& language) {
  thread_local std::map<std::string, std::unique_ptr<icu::BreakIterator>> cache;
  auto it = cache.find(language);
  if (it != cache.end()) return it->second.get();
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale locale = icu::Locale::getRoot();
  if (!language.empty()) {
    icu::Locale tagged = icu::Locale::forLanguageTag(language, status);
    if (U_SUCCESS(status) && !tagged.isBogus()) locale = tagged;
    status = U_ZERO_ERROR;
  }
  std::unique_ptr<icu::BreakIterator> iterator(icu::BreakIterator::createLineInstance(locale, status));
  if (U_FAILURE(status)) iterator.reset();
  return cache.emplace(language, std::move(iterator)).first->second.get();
}

// Grapheme clusters are not tailored by locale (UAX #29's extended
// clusters are the same everywhere): one iterator per thread.
icu::BreakIterator* character_iterator() {
  thread_local std::unique_ptr<icu::BreakIterator> iterator = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> it(icu::BreakIterator::createCharacterInstance(icu::Locale::getRoot(), status));
    if (U_FAILURE(status)) it.reset();
    return it;
  }();
  return iterator.get();
}

bool is_space(char c) { return c == ' ' || c == '\t'; }

// UAX #14 classes BK, CR, LF and NL: the characters after which a break is mandatory.
bool is_line_terminator(char32_t cp) {
  return cp == '\n' || cp == '\r' || cp == 0x0B || cp == 0x0C || cp == 0x85 || cp == 0x2028 || cp == 0x2029;
}

// Length in bytes of the line terminator ending text[begin, end), or 0.
std::size_t terminator_before(std::string_view text, std::size_t begin, std::size_t end) {
  // Terminators are one to three bytes; walk back to the last code point.
  std::size_t start = end;
  while (start > begin && end - start < 4) {
    --start;
    if ((static_cast<unsigned char>(text[start]) & 0xC0) != 0x80) break;
  }
  if (start == end) return 0;
  std::size_t pos = start;
  char32_t cp = utf8::decode(text, pos);
  return pos == end && is_line_terminator(cp) ? end - start : 0;
}

}  // namespace

std::vector<Segment> segment_text(std::string_view text, const std::string& language) {
  std::vector<Segment> segments;
  if (text.empty()) return segments;

  std::vector<std::size_t> boundaries;
  icu::BreakIterator* iterator = line_iterator(language);
  UErrorCode status = U_ZERO_ERROR;
  UText* utext = utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status);
  if (iterator && U_SUCCESS(status)) {
    iterator->setText(utext, status);
    if (U_SUCCESS(status)) {
      // UTF-8 UText: the iterator's indexes are byte offsets.
      for (int32_t b = iterator->next(); b != icu::BreakIterator::DONE; b = iterator->next())
        boundaries.push_back(static_cast<std::size_t>(b));
    }
    // The iterator keeps a shallow reference to the UText; drop it before closing.
    UErrorCode reset_status = U_ZERO_ERROR;
    UText* empty = utext_openUTF8(nullptr, "", 0, &reset_status);
    iterator->setText(empty, reset_status);
    utext_close(empty);
  }
  utext_close(utext);
  if (boundaries.empty() || boundaries.back() != text.size()) boundaries.push_back(text.size());

  std::size_t begin = 0;
  for (std::size_t boundary : boundaries) {
    if (boundary <= begin) continue;
    Segment segment;
    segment.begin = begin;
    segment.space_end = boundary;
    std::size_t end = boundary;
    std::size_t terminator = 0;
    while ((terminator = terminator_before(text, begin, end)) > 0) end -= terminator;  // "\r\n", "\n\n"
    const bool mandatory = end != boundary;
    const std::size_t before_spaces = end;
    while (end > begin && is_space(text[end - 1])) --end;
    segment.end = end;
    if (mandatory)
      segment.after = BreakAfter::Mandatory;
    else if (boundary == text.size())
      segment.after = BreakAfter::None;
    else
      segment.after = end != before_spaces ? BreakAfter::Space : BreakAfter::Allowed;
    segments.push_back(segment);
    begin = boundary;
  }
  return segments;
}

std::vector<std::size_t> grapheme_boundaries(std::string_view text, std::size_t begin, std::size_t end) {
  std::vector<std::size_t> out;
  end = std::min(end, text.size());
  if (begin >= end) return out;
  icu::BreakIterator* iterator = character_iterator();
  UErrorCode status = U_ZERO_ERROR;
  // Only the range is given to ICU: a cluster never reaches across its
  // begin (a code point boundary the caller vouches for), and a boundary at
  // its end is not wanted anyway. Also keeps each call linear in the range,
  // not in the paragraph.
  UText* utext = utext_openUTF8(nullptr, text.data() + begin, static_cast<int64_t>(end - begin), &status);
  if (iterator && U_SUCCESS(status)) {
    iterator->setText(utext, status);
    if (U_SUCCESS(status)) {
      for (int32_t b = iterator->next(); b != icu::BreakIterator::DONE; b = iterator->next()) {
        const std::size_t at = begin + static_cast<std::size_t>(b);
        if (at >= end) break;
        out.push_back(at);
      }
    }
    UErrorCode reset_status = U_ZERO_ERROR;
    UText* empty = utext_openUTF8(nullptr, "", 0, &reset_status);
    iterator->setText(empty, reset_status);
    utext_close(empty);
  } else {
    // Without ICU's data: code point boundaries, which at least never split
    // a UTF-8 sequence.
    for (std::size_t i = begin + 1; i < end; ++i)
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) out.push_back(i);
  }
  utext_close(utext);
  return out;
}

bool is_cjk(char32_t cp) {
  struct Range {
    char32_t first, last;
  };
  // Sorted by first code point.
  static constexpr Range ranges[] = {
      {0x1100, 0x11FF},    // Hangul Jamo
      {0x2E80, 0x2FDF},    // CJK Radicals Supplement, Kangxi Radicals
      {0x2FF0, 0x2FFF},    // Ideographic Description Characters
      {0x3000, 0x303F},    // CJK Symbols and Punctuation
      {0x3040, 0x30FF},    // Hiragana, Katakana
      {0x3100, 0x312F},    // Bopomofo
      {0x3130, 0x318F},    // Hangul Compatibility Jamo
      {0x3190, 0x31FF},    // Kanbun, Bopomofo Extended, CJK Strokes, Katakana Phonetic Extensions
      {0x3200, 0x33FF},    // Enclosed CJK Letters and Months, CJK Compatibility
      {0x3400, 0x4DBF},    // CJK Unified Ideographs Extension A
      {0x4E00, 0x9FFF},    // CJK Unified Ideographs
      {0xA960, 0xA97F},    // Hangul Jamo Extended-A
      {0xAC00, 0xD7FF},    // Hangul Syllables, Hangul Jamo Extended-B
      {0xF900, 0xFAFF},    // CJK Compatibility Ideographs
      {0xFE10, 0xFE1F},    // Vertical Forms
      {0xFE30, 0xFE4F},    // CJK Compatibility Forms
      {0xFF00, 0xFFEF},    // Halfwidth and Fullwidth Forms
      {0x1AFF0, 0x1B16F},  // Kana Extended-B, Kana Supplement, Kana Extended-A, Small Kana Extension
      {0x1F200, 0x1F2FF},  // Enclosed Ideographic Supplement
      {0x20000, 0x2FA1F},  // CJK Unified Ideographs Extensions B–F, Compatibility Ideographs Supplement
      {0x30000, 0x323AF},  // CJK Unified Ideographs Extensions G, H
  };
  for (const auto& range : ranges) {
    if (cp < range.first) return false;
    if (cp <= range.last) return true;
  }
  return false;
}

}  // namespace cvpdf::text
