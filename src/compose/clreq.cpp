// CJK line composition rules: the glue at each join (the classes and
// kinsoku tables are text/kinsoku.cpp's), punctuation blanks read from the font's
// `halt` feature, and the last-line rule. See clreq.hpp for the why.
#include "compose/clreq.hpp"

#include <algorithm>
#include <string_view>

#include <hb.h>

#include "core/utf8.hpp"

namespace cvpdf::compose::clreq {

namespace {

// The Han–Latin quarter's stretch and shrink, as a fraction of the Han
// size: a twenty-fifth of an em either way (0.29 em at a full stretch,
// 0.21 em fully shrunk, 0.3 em a quarter past). Less would hold the gap
// steadier but send the whole
// stretch to the gaps between Han characters, which then open past what
// readers' text extraction takes for one word (poppler reads "算 子").
constexpr Scaled kQuarterGive = 25;

hb_unicode_general_category_t category(char32_t cp) {
  return hb_unicode_general_category(hb_unicode_funcs_get_default(), cp);
}

bool is_punctuation(hb_unicode_general_category_t c) {
  switch (c) {
    case HB_UNICODE_GENERAL_CATEGORY_CONNECT_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_DASH_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_INITIAL_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_FINAL_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_OTHER_PUNCTUATION:
      return true;
    default:
      return false;
  }
}

}  // namespace

Join glue(JoinKind kind, bool breakable, Side before, Side after, Scaled space_width, Scaled em) {
  Join j;
  j.kind = kind;
  j.breakable = breakable;
  switch (kind) {
    case JoinKind::Quarter:
    case JoinKind::QuarterSpace: {
      // ¼ em between Han and Latin (CLREQ, mixed text), kept within 0.2–0.3
      // em: it gives and takes a twenty-fifth of an em, so a justified line's
      // stretch goes to the gaps between Han characters (and word spaces)
      // rather than to these, and "FSDP完成" looks the same on every line.
      const Scaled han_size = is_ideograph(before.cp) ? before.size : after.size;
      j.width = han_size / 4;
      j.stretch = han_size / kQuarterGive;
      j.shrink = han_size / kQuarterGive;
      break;
    }
    case JoinKind::Space:
      j.width = space_width;
      j.stretch = space_width / 2;
      j.shrink = space_width / 3;
      break;
    case JoinKind::Ideographic:
      // Between Han characters and at CJK punctuation: no space, a little
      // stretch for justification (Latin words never stretch inside).
      j.stretch = em / 8;
      break;
    case JoinKind::None:
    case JoinKind::Explicit:
      break;
  }
  return j;
}

Join join(Side before, Side after, text::BreakAfter icu, Scaled space_width, Scaled em, bool cjk_paragraph) {
  const JoinKind kind = text::classify_join(before.cp, after.cp, icu == text::BreakAfter::Space);
  return glue(kind, text::join_breakable(kind, before.cp, after.cp, cjk_paragraph), before, after, space_width, em);
}

Scaled quarter_inside(Side before, Side after) {
  if (is_ideograph(before.cp) && is_western(after.cp)) return before.size / 4;
  if (is_western(before.cp) && is_ideograph(after.cp)) return after.size / 4;
  return 0;
}

Squeeze squeeze(const Blank& first, const Blank& second) {
  if (!first.any() || !second.any()) return {};
  const Scaled facing = first.right + second.left;
  const Scaled keep = first.right > 0 && second.left > 0 ? std::max(first.right, second.left) : 0;
  Squeeze s;
  s.from_first = std::min(first.right, facing - keep);
  s.from_second = facing - keep - s.from_first;
  return s;
}

void remove_right(Cluster& c, Scaled amount) {
  if (amount <= 0) return;
  *c.advance -= amount;
  c.blank.right -= amount;
}

void remove_left(Cluster& c, Scaled amount) {
  if (amount <= 0) return;
  // The ink keeps its place relative to what follows: the glyph is drawn
  // `amount` further left and the pen moves on as much less.
  *c.x_offset -= amount;
  *c.advance -= amount;
  c.blank.left -= amount;
}

void tighten(std::vector<Cluster>& clusters) {
  for (std::size_t k = 0; k + 1 < clusters.size(); ++k) {
    Cluster& a = clusters[k];
    Cluster& b = clusters[k + 1];
    const Squeeze s = squeeze(a.blank, b.blank);
    remove_right(a, s.from_first);
    remove_left(b, s.from_second);
    if (Scaled q = quarter_inside({a.last_cp, a.size}, {b.first_cp, b.size}); q > 0) *a.advance += q;
  }
}

Punctuation::Punctuation(const text::FontBook& book, std::string language)
    : book_(book), language_(std::move(language)) {}

Punctuation::Measured Punctuation::measure(text::FaceId face_id, char32_t cp) const {
  Measured measured;
  const text::Face& face = book_.face(face_id);
  const std::string utf8 = utf8::encode(cp);
  hb_glyph_info_t plain{};
  hb_glyph_position_t plain_position{};
  for (int halt = 0; halt < 2; ++halt) {
    hb_buffer_t* buffer = hb_buffer_create();
    hb_buffer_add_utf8(buffer, utf8.data(), static_cast<int>(utf8.size()), 0, -1);
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    // The paragraph's shaper gives punctuation the script of the Han text
    // around it; the font's halt lookups hang under that script too.
    hb_buffer_set_script(buffer, HB_SCRIPT_HAN);
    if (!language_.empty()) hb_buffer_set_language(buffer, hb_language_from_string(language_.c_str(), -1));
    const hb_feature_t feature{HB_TAG('h', 'a', 'l', 't'), 1, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END};
    hb_shape(face.hb_font, buffer, halt ? &feature : nullptr, halt ? 1u : 0u);
    unsigned count = 0;
    const hb_glyph_info_t* info = hb_buffer_get_glyph_infos(buffer, &count);
    const hb_glyph_position_t* position = hb_buffer_get_glyph_positions(buffer, &count);
    if (count == 1 && halt == 0) {
      plain = info[0];
      plain_position = position[0];
    } else if (count == 1 && info[0].codepoint == plain.codepoint && position[0].x_advance < plain_position.x_advance) {
      Units& units = measured.units;
      measured.glyph = plain.codepoint;
      units.left = std::max(0, plain_position.x_offset - position[0].x_offset);
      units.right = std::max(0, plain_position.x_advance - position[0].x_advance - units.left);
    }
    hb_buffer_destroy(buffer);
    if (count != 1) break;
  }
  return measured;
}

Punctuation::Units Punctuation::units(text::FaceId face, std::uint32_t glyph, char32_t cp) {
  // Only CJK punctuation and the quotes and dots CJK fonts set full width;
  // anything else is never compressed (and costs no shaping).
  const bool candidate = is_punctuation(category(cp)) &&
                         (text::is_cjk(cp) || (cp >= 0x2018 && cp <= 0x201F) || cp == 0x00B7 || cp == 0x2027);
  if (!candidate) return {};
  auto key = std::make_pair(face, cp);
  auto it = cache_.find(key);
  if (it == cache_.end()) it = cache_.emplace(key, measure(face, cp)).first;
  const Measured& m = it->second;
  if (m.glyph != glyph) return {};
  return m.units;
}

Blank Punctuation::scale(text::FaceId face, const Units& font_blank, Scaled size) const {
  if (!font_blank.any()) return {};
  const text::Face& f = book_.face(face);
  return {f.scale(font_blank.left, size), f.scale(font_blank.right, size)};
}

Blank Punctuation::blank(text::FaceId face, std::uint32_t glyph, char32_t cp, Scaled size) {
  return scale(face, units(face, glyph, cp), size);
}

std::vector<bool> lonely_last_line(const std::vector<Tally>& segments) {
  std::vector<bool> lonely(segments.size(), false);
  int ideographs = 0;  // in the segments after i, up to the end of i's paragraph
  bool other = false;
  // The last Han character is continued by Latin letters or digits, no
  // punctuation between ("提升至 0.72×。"): it begins a line, not alone.
  bool attached = false;
  for (std::size_t i = segments.size(); i-- > 0;) {
    if (segments[i].ends_paragraph) {
      ideographs = 0;
      other = false;
      attached = false;
    } else {
      lonely[i] = ideographs == 1 && !attached && (!other || !segments[i].space_after);
      if (ideographs == 0 && segments[i].ideographs > 0)
        attached = segments[i].ends_with_ideograph && segments[i + 1].other_text;
    }
    ideographs += segments[i].ideographs;
    other = other || segments[i].other_text;
  }
  return lonely;
}

}  // namespace cvpdf::compose::clreq
