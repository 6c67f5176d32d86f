// The CJK character classes and kinsoku tables, and the kind of join
// between two pieces of text (see kinsoku.hpp for the why).
#include "text/kinsoku.hpp"

#include <string_view>

#include <hb.h>

#include "text/line_breaks.hpp"

namespace cvpdf::text {

namespace {

hb_unicode_general_category_t category(char32_t cp) {
  return hb_unicode_general_category(hb_unicode_funcs_get_default(), cp);
}

bool is_letter_or_number(hb_unicode_general_category_t c) {
  switch (c) {
    case HB_UNICODE_GENERAL_CATEGORY_UPPERCASE_LETTER:
    case HB_UNICODE_GENERAL_CATEGORY_LOWERCASE_LETTER:
    case HB_UNICODE_GENERAL_CATEGORY_TITLECASE_LETTER:
    case HB_UNICODE_GENERAL_CATEGORY_MODIFIER_LETTER:
    case HB_UNICODE_GENERAL_CATEGORY_OTHER_LETTER:
    case HB_UNICODE_GENERAL_CATEGORY_DECIMAL_NUMBER:
    case HB_UNICODE_GENERAL_CATEGORY_LETTER_NUMBER:
    case HB_UNICODE_GENERAL_CATEGORY_OTHER_NUMBER:
      return true;
    default:
      return false;
  }
}

bool is_symbol(hb_unicode_general_category_t c) {
  return c == HB_UNICODE_GENERAL_CATEGORY_MATH_SYMBOL || c == HB_UNICODE_GENERAL_CATEGORY_CURRENCY_SYMBOL ||
         c == HB_UNICODE_GENERAL_CATEGORY_MODIFIER_SYMBOL || c == HB_UNICODE_GENERAL_CATEGORY_OTHER_SYMBOL;
}

bool in(char32_t cp, std::u32string_view set) { return set.find(cp) != std::u32string_view::npos; }

// Full-width forms of ASCII (ＡＢＣ１２３): set on the em grid like Han, so
// neither Han nor Latin spacing applies to them.
bool is_fullwidth_ascii(char32_t cp) { return cp >= 0xFF01 && cp <= 0xFF60; }

}  // namespace

bool is_hangul(char32_t cp) {
  return (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0x3130 && cp <= 0x318F) ||
         (cp >= 0xA960 && cp <= 0xA97F) || (cp >= 0xD7B0 && cp <= 0xD7FF) || (cp >= 0xFFA0 && cp <= 0xFFDC);
}

bool is_ideograph(char32_t cp) {
  if (!is_cjk(cp) || is_hangul(cp) || is_fullwidth_ascii(cp)) return false;
  return is_letter_or_number(category(cp));
}

bool is_western(char32_t cp) {
  if (cp < 0x21 || is_cjk(cp)) return false;
  const auto c = category(cp);
  return is_letter_or_number(c) || is_symbol(c) || cp == U'%' || cp == U'‰' || cp == U'#' || cp == U'&' ||
         cp == U'@' || cp == U'*';
}

bool is_western_edge(char32_t cp) {
  static constexpr std::u32string_view latin_punctuation = U"()[]{}\"'.,;:!?";
  return is_western(cp) || latin_punctuation.find(cp) != std::u32string_view::npos;
}

bool no_line_start(char32_t cp) {
  // CLREQ's line-start prohibitions (closing marks, pause and stop marks,
  // middle dots) and JLREQ's strict set (iteration marks, small kana, ー);
  // ASCII closers for Latin punctuation inside Chinese text.
  static constexpr std::u32string_view set =
      U"）］｝〕〉》」』】〙〗〟｠’”»)]}"
      U"、。，．：；？！‼⁇⁈⁉,.:;?!"
      U"·・‧"
      U"ヽヾゝゞ々〻ー゠〜～"
      U"ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿｧｨｩｪｫｬｭｮｯｰ";
  return in(cp, set);
}

bool no_line_end(char32_t cp) {
  static constexpr std::u32string_view set = U"（［｛〔〈《「『【〘〖〝｟‘“«([{";
  return in(cp, set);
}

bool inseparable(char32_t before, char32_t after) {
  static constexpr std::u32string_view set = U"—―⸺⸻…‥⋯─";
  return in(before, set) && in(after, set);
}

bool keep_all(char32_t a, char32_t b) {
  auto letter = [](char32_t cp) { return is_hangul(cp) || is_ideograph(cp) || is_western(cp); };
  return (is_hangul(a) && letter(b)) || (is_hangul(b) && letter(a));
}

bool may_break_between(char32_t before, char32_t after) {
  return !no_line_end(before) && !no_line_start(after) && !inseparable(before, after);
}

JoinKind classify_join(char32_t before, char32_t after, bool space) {
  const bool han_before = is_ideograph(before);
  const bool han_after = is_ideograph(after);
  if (space) {
    // The source's space at a Han–Latin join is the ¼ em, not a Latin space.
    if ((han_before && is_western_edge(after)) || (han_after && is_western_edge(before))) return JoinKind::QuarterSpace;
    return JoinKind::Space;
  }
  if (keep_all(before, after)) return JoinKind::None;
  if ((han_before && is_western(after)) || (han_after && is_western(before))) return JoinKind::Quarter;
  if (is_cjk(before) || is_cjk(after)) return JoinKind::Ideographic;
  return JoinKind::Explicit;
}

bool join_breakable(JoinKind kind, char32_t before, char32_t after, bool cjk_paragraph) {
  if (kind == JoinKind::None) return false;
  return !cjk_paragraph || may_break_between(before, after);
}

}  // namespace cvpdf::text
