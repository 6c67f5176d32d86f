// Shaping: owns itemisation (which face and which script sets each
// character, hence where runs begin and end) and the HarfBuzz call that turns
// each run into positioned glyphs in scaled points.
#include "text/shaper.hpp"

#include <algorithm>
#include <climits>
#include <unordered_set>
#include <vector>

#include "core/utf8.hpp"
#include "text/tight_symbols.hpp"

namespace cvpdf::text {

namespace {

struct Char {
  char32_t cp = 0;
  std::size_t begin = 0;  // byte offset in the text
  hb_script_t script = HB_SCRIPT_COMMON;
  FaceId face = kNoFace;
  std::uint32_t not_found = 0;  // the glyph a character no font has is drawn with (0: the face's .notdef)
};

// How a character takes part in choosing its face.
enum class Role {
  Strong,     // chooses its own face: the first of the chain that has it
  Neutral,    // spaces and punctuation: keep the surrounding run's face if it has them
  Attached,   // marks, joiners, selectors, controls: always with the preceding character
};

bool is_variation_selector(char32_t cp) {
  return (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF) || (cp >= 0x180B && cp <= 0x180D);
}

Role role_of(char32_t cp, hb_unicode_funcs_t* unicode) {
  if (cp == 0x200C || cp == 0x200D || is_variation_selector(cp)) return Role::Attached;
  if (cp >= 0x1F3FB && cp <= 0x1F3FF) return Role::Attached;  // emoji skin-tone modifiers
  switch (hb_unicode_general_category(unicode, cp)) {
    case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_CONTROL:
    case HB_UNICODE_GENERAL_CATEGORY_FORMAT:
      return Role::Attached;
    case HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR:
      return Role::Neutral;
    case HB_UNICODE_GENERAL_CATEGORY_CONNECT_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_DASH_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_OPEN_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_CLOSE_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_INITIAL_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_FINAL_PUNCTUATION:
    case HB_UNICODE_GENERAL_CATEGORY_OTHER_PUNCTUATION:
      // Only script-neutral punctuation: "，" and "。" have no face choice to
      // make anyway, and a Latin "." after Chinese text should look Chinese.
      return hb_unicode_script(unicode, cp) == HB_SCRIPT_COMMON ? Role::Neutral : Role::Strong;
    default:
      return Role::Strong;
  }
}

bool is_neutral_script(hb_script_t script) {
  return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN;
}

// “ ‘ „ ‚ « ‹: quotes that open, whose face is that of what follows.
bool is_opening_quote(char32_t cp) {
  return cp == 0x201C || cp == 0x2018 || cp == 0x201E || cp == 0x201A || cp == 0x00AB || cp == 0x2039;
}

// — ― … ⸺ ⸻: the marks Chinese sets in pairs across two ems (——, ……),
// which take the face of the text before them.
bool is_paired_dash_or_ellipsis(char32_t cp) {
  return cp == 0x2014 || cp == 0x2015 || cp == 0x2026 || cp == 0x2E3A || cp == 0x2E3B;
}

// The face and script of the last strong character before `begin` in
// `text`, looking back a few characters only: the context of a text shaped
// piece by piece. A paragraph is shaped one break segment at a time, and
// "——" between Han characters is a segment of its own, which without its
// context took the chain's first (Latin) face and the Common script (and
// so missed the CJK face's two-em —— ligature).
struct Context {
  FaceId face = kNoFace;
  hb_script_t script = HB_SCRIPT_INVALID;
};

Context context_before(const FontBook& book, const FontChain& chain, std::string_view text, std::size_t begin,
                       hb_unicode_funcs_t* unicode) {
  constexpr int kLookBack = 16;
  std::size_t pos = std::min(begin, text.size());
  for (int n = 0; n < kLookBack && pos > 0; ++n) {
    std::size_t start = pos - 1;
    while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
    std::size_t at = start;
    const char32_t cp = utf8::decode(text, at);
    pos = start;
    if (role_of(cp, unicode) == Role::Strong) {
      const hb_script_t script = hb_unicode_script(unicode, cp);
      return {face_for(book, chain, cp), is_neutral_script(script) ? HB_SCRIPT_INVALID : script};
    }
  }
  return {};
}

bool is_cjk_script(hb_script_t script) {
  return script == HB_SCRIPT_HAN || script == HB_SCRIPT_HIRAGANA || script == HB_SCRIPT_KATAKANA ||
         script == HB_SCRIPT_HANGUL || script == HB_SCRIPT_BOPOMOFO;
}

// What sets a character that no installed font has: a visible mark, never
// a blank. U+FFFD from the chain or else from the system; only when no
// installed font has that either, the first face's .notdef (whose outline
// the PDF's font subset leaves empty: .notdef cannot be the visible mark).
struct Replacement {
  FaceId face = kNoFace;
  std::uint32_t glyph = 0;  // 0: the face's .notdef
};

bool has_ink(const Face& face, std::uint32_t glyph) {
  hb_glyph_extents_t extents{};
  return hb_font_get_glyph_extents(face.hb_font, glyph, &extents) && extents.width != 0 && extents.height != 0;
}

Replacement replacement_for(const FontBook& book, const FontChain& chain, const std::string& language) {
  constexpr char32_t kReplacement = 0xFFFD;
  for (FaceId id : chain.faces) {
    const std::uint32_t glyph = book.face(id).glyph_for(kReplacement);
    if (glyph != 0 && has_ink(book.face(id), glyph)) return {id, glyph};
  }
  const Face& style = book.face(chain.faces.front());
  const FaceId system = book.fallback_face(kReplacement, language, style.weight, style.slant);
  if (system != kNoFace) return {system, book.face(system).glyph_for(kReplacement)};
  return {chain.faces.front(), 0};
}

bool is_mark(char32_t cp, hb_unicode_funcs_t* unicode) {
  switch (hb_unicode_general_category(unicode, cp)) {
    case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK:
    case HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
      return true;
    default:
      return false;
  }
}

// chars[i], a mark, into the system's face for it together with the
// cluster it ends (back to its base character), if that face has every
// character of the cluster but the joiners and selectors HarfBuzz hides.
void move_cluster_to_mark_face(const FontBook& book, std::vector<Char>& chars, std::size_t i,
                               const std::string& language, Weight weight, Slant slant, hb_unicode_funcs_t* unicode) {
  const FaceId face = book.fallback_face(chars[i].cp, language, weight, slant);
  if (face == kNoFace) return;
  std::size_t base = i;
  while (base > 0 && role_of(chars[base].cp, unicode) == Role::Attached) --base;
  for (std::size_t k = base; k < i; ++k) {
    const char32_t cp = chars[k].cp;
    const bool hidden = cp == 0x200C || cp == 0x200D || is_variation_selector(cp);
    if (!hidden && !book.face(face).has_glyph(cp)) return;
  }
  for (std::size_t k = base; k <= i; ++k) chars[k].face = face;
}

// The face and script of the first strong character at or after `from`,
// looking ahead a few characters only.
Context context_after(const FontBook& book, const FontChain& chain, std::string_view text, std::size_t from,
                      hb_unicode_funcs_t* unicode) {
  constexpr int kLookAhead = 16;
  std::size_t pos = from;
  for (int n = 0; n < kLookAhead && pos < text.size(); ++n) {
    const char32_t cp = utf8::decode(text, pos);
    if (role_of(cp, unicode) == Role::Strong) {
      const hb_script_t script = hb_unicode_script(unicode, cp);
      return {face_for(book, chain, cp), is_neutral_script(script) ? HB_SCRIPT_INVALID : script};
    }
  }
  return {};
}

// What a dash or an ellipsis shaped alone goes with: Chinese, Japanese or
// Korean on either side makes it theirs ("msprof——日常使用" too), else the
// text before it.
Context dash_context(const FontBook& book, const FontChain& chain, std::string_view text, std::size_t begin,
                     hb_unicode_funcs_t* unicode) {
  const Context before = context_before(book, chain, text, begin, unicode);
  if (is_cjk_script(before.script)) return before;
  const Context after = context_after(book, chain, text, begin, unicode);
  return is_cjk_script(after.script) ? after : before;
}

// Step 1: the face of every character; `before` is the text just before
// them (none: kNoFace). A character no face of the chain has is set in the
// system's fallback face for it (FontBook::fallback_face) and only
// reported missing when no installed font has it.
void choose_faces(const FontBook& book, const FontChain& chain, std::vector<Char>& chars, const Context& before,
                  const std::string& language, std::vector<char32_t>* missing) {
  hb_unicode_funcs_t* unicode = hb_unicode_funcs_get_default();
  const FaceId first = chain.faces.empty() ? kNoFace : chain.faces.front();
  std::vector<Role> roles(chars.size());
  for (std::size_t i = 0; i < chars.size(); ++i) roles[i] = role_of(chars[i].cp, unicode);
  // The first strong character at or after each one (chars.size() for
  // none), found once: looking ahead from every opening quote made a field
  // of quotes quadratic.
  std::vector<std::size_t> next_strong(chars.size() + 1, chars.size());
  for (std::size_t i = chars.size(); i-- > 0;) next_strong[i] = roles[i] == Role::Strong ? i : next_strong[i + 1];
  auto face_of_next_strong = [&](std::size_t i) {
    const std::size_t next = next_strong[i];
    return next < chars.size() ? face_for(book, chain, chars[next].cp) : kNoFace;
  };

  // A set beside the list, which keeps the order of first appearance: a
  // text may lack thousands of distinct characters.
  std::unordered_set<char32_t> reported;
  if (missing) reported.insert(missing->begin(), missing->end());
  auto report = [&](char32_t cp) {
    if (missing && reported.insert(cp).second) missing->push_back(cp);
  };

  // The chain's style, for the fallback faces to match where they can.
  const Weight weight = first == kNoFace ? Weight::Regular : book.face(first).weight;
  const Slant slant = first == kNoFace ? Slant::Upright : book.face(first).slant;
  bool have_replacement = false;
  Replacement replacement;

  for (std::size_t i = 0; i < chars.size(); ++i) {
    Char& c = chars[i];
    const FaceId previous = i > 0 ? chars[i - 1].face : kNoFace;
    // After a zero-width joiner an emoji stays in the face of the one
    // before it when that face has it: 👩‍💻 is one cluster, one face.
    if (i > 0 && chars[i - 1].cp == 0x200D && previous != kNoFace && roles[i] == Role::Strong &&
        book.face(previous).has_glyph(c.cp)) {
      c.face = previous;
      continue;
    }
    switch (roles[i]) {
      case Role::Attached:
        // Splitting a cluster across faces breaks mark positioning and
        // emoji sequences. A mark the cluster's face lacks (the keycap of
        // 1️⃣) would be a .notdef, which the PDF's subset leaves blank: the
        // whole cluster moves to the fallback face for the mark when that
        // face has the rest of it too.
        if (previous != kNoFace) {
          c.face = previous;
          if (is_mark(c.cp, unicode) && !book.face(previous).has_glyph(c.cp))
            move_cluster_to_mark_face(book, chars, i, language, weight, slant, unicode);
          continue;
        }
        c.face = face_for(book, chain, c.cp);
        if (c.face == kNoFace) c.face = first;  // a stray control or joiner: nothing to report
        continue;
      case Role::Neutral: {
        // An opening quote belongs to the words it opens (CLREQ): before
        // Chinese it takes the CJK face's full-width form even after a Latin
        // word, before Latin the Latin face even after Chinese.
        if (is_opening_quote(c.cp)) {
          const FaceId next_face = face_of_next_strong(i);
          if (next_face != kNoFace && book.face(next_face).has_glyph(c.cp)) {
            c.face = next_face;
            continue;
          }
        }
        if (previous != kNoFace && book.face(previous).has_glyph(c.cp)) {
          c.face = previous;
          continue;
        }
        // A dash or an ellipsis that starts the piece goes with the text
        // before it ("破折号——它": the CJK face's dashes, "word—word" the
        // Latin one's).
        if (i == 0 && before.face != kNoFace && is_paired_dash_or_ellipsis(c.cp) &&
            book.face(before.face).has_glyph(c.cp)) {
          c.face = before.face;
          continue;
        }
        if (i == 0 || previous == kNoFace) {
          // Leading punctuation (an opening quote before Chinese text) takes the
          // face of the first character that chooses one.
          const FaceId next_face = face_of_next_strong(i);
          if (next_face != kNoFace && book.face(next_face).has_glyph(c.cp)) {
            c.face = next_face;
            continue;
          }
        }
        break;
      }
      case Role::Strong:
        break;
    }
    c.face = face_for(book, chain, c.cp);
    if (c.face == kNoFace && first != kNoFace) c.face = book.fallback_face(c.cp, language, weight, slant);
    if (c.face == kNoFace) {
      report(c.cp);
      if (first == kNoFace) continue;
      if (!have_replacement) replacement = replacement_for(book, chain, language);
      have_replacement = true;
      c.face = replacement.face;
      c.not_found = replacement.glyph;
    }
  }
}

// Step 2: the script of every character. Common and Inherited characters
// (spaces, digits, punctuation, marks) take the script of a neighbour set in
// the same face — the previous one, else the next — so punctuation never
// starts a run of its own; with no such neighbour, the nearest strong script.
void choose_scripts(std::vector<Char>& chars, const Context& before) {
  hb_unicode_funcs_t* unicode = hb_unicode_funcs_get_default();
  std::vector<bool> strong(chars.size());
  for (std::size_t i = 0; i < chars.size(); ++i) {
    chars[i].script = hb_unicode_script(unicode, chars[i].cp);
    strong[i] = !is_neutral_script(chars[i].script);
  }
  auto assign = [&](bool same_face_only) {
    // Forward: from the previous strong character (the context's first).
    hb_script_t last = before.script;
    FaceId last_face = before.face;
    for (std::size_t i = 0; i < chars.size(); ++i) {
      if (strong[i]) {
        last = chars[i].script;
        last_face = chars[i].face;
      } else if (is_neutral_script(chars[i].script) && last != HB_SCRIPT_INVALID &&
                 (!same_face_only || last_face == chars[i].face)) {
        chars[i].script = last;
      }
    }
    // Backward: from the next strong character, for those still unresolved.
    last = HB_SCRIPT_INVALID;
    last_face = kNoFace;
    for (std::size_t i = chars.size(); i-- > 0;) {
      if (strong[i]) {
        last = chars[i].script;
        last_face = chars[i].face;
      } else if (is_neutral_script(chars[i].script) && last != HB_SCRIPT_INVALID &&
                 (!same_face_only || last_face == chars[i].face)) {
        chars[i].script = last;
      }
    }
  };
  assign(true);
  assign(false);
  // What no strong character reached (a text of emoji alone): a joiner, a
  // selector or a mark takes the script of the character it follows, as
  // Unicode's Inherited means, so 👩‍💻 is one HarfBuzz run, not three.
  for (std::size_t i = 1; i < chars.size(); ++i)
    if (chars[i].script == HB_SCRIPT_INHERITED && chars[i].face == chars[i - 1].face)
      chars[i].script = chars[i - 1].script;
}

struct Item {
  std::size_t begin = 0;  // byte range in the text
  std::size_t end = 0;
  FaceId face = kNoFace;
  hb_script_t script = HB_SCRIPT_COMMON;
  std::uint32_t not_found = 0;  // HarfBuzz's glyph for characters the face lacks (0: .notdef)
};

// Step 3: runs of characters sharing face and script.
std::vector<Item> itemise(const std::vector<Char>& chars, std::size_t end) {
  std::vector<Item> items;
  for (std::size_t i = 0; i < chars.size(); ++i) {
    const Char& c = chars[i];
    if (items.empty() || items.back().face != c.face || items.back().script != c.script)
      items.push_back(Item{c.begin, c.begin, c.face, c.script, 0});
    items.back().end = i + 1 < chars.size() ? chars[i + 1].begin : end;
    if (c.not_found != 0) items.back().not_found = c.not_found;
  }
  return items;
}

// Scripts whose marks HarfBuzz may reorder against the text (Thai "ผู้"
// draws its tone mark before the vowel below; Devanagari ि before its
// consonant): shaped with each base and its marks one cluster
// (MONOTONE_GRAPHEMES). At the character level a reordered mark keeps the
// byte offset of the character it swapped with, and the glyphs' texts
// (each cluster's bytes) come out swapped too — the text layer reading
// the tone mark's glyph as the vowel wherever else it is drawn.
bool merges_marks(hb_script_t script) {
  switch (script) {
    case HB_SCRIPT_DEVANAGARI:
    case HB_SCRIPT_BENGALI:
    case HB_SCRIPT_GURMUKHI:
    case HB_SCRIPT_GUJARATI:
    case HB_SCRIPT_ORIYA:
    case HB_SCRIPT_TAMIL:
    case HB_SCRIPT_TELUGU:
    case HB_SCRIPT_KANNADA:
    case HB_SCRIPT_MALAYALAM:
    case HB_SCRIPT_SINHALA:
    case HB_SCRIPT_THAI:
    case HB_SCRIPT_LAO:
    case HB_SCRIPT_KHMER:
    case HB_SCRIPT_MYANMAR:
    case HB_SCRIPT_TIBETAN:
      return true;
    default:
      return false;
  }
}

// Step 4: HarfBuzz on one item, with the whole text as context so that
// clusters are byte offsets into it and contextual shaping sees neighbours.
// Positions stay in font units (run.size 0): scale_run sets them at a size.
ShapedRun shape_item(const FontBook& book, std::string_view text, const Item& item, const ShapeOptions& options) {
  const Face& face = book.face(item.face);
  ShapedRun run;
  run.face = item.face;
  run.text_begin = item.begin;
  run.text_end = item.end;

  hb_buffer_t* buffer = hb_buffer_create();
  hb_buffer_set_cluster_level(buffer, merges_marks(item.script) ? HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES
                                                                 : HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
  unsigned flags = HB_BUFFER_FLAG_DEFAULT;
  if (item.begin == 0) flags |= HB_BUFFER_FLAG_BOT;
  if (item.end == text.size()) flags |= HB_BUFFER_FLAG_EOT;
  hb_buffer_set_flags(buffer, static_cast<hb_buffer_flags_t>(flags));
  hb_buffer_add_utf8(buffer, text.data(), static_cast<int>(text.size()), static_cast<unsigned>(item.begin),
                     static_cast<int>(item.end - item.begin));
  hb_buffer_set_direction(buffer, options.rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
  if (item.not_found != 0) hb_buffer_set_not_found_glyph(buffer, item.not_found);
  hb_buffer_set_script(buffer, item.script);
  // No guessing: hb_buffer_guess_segment_properties would take the process
  // locale, and output must not depend on the machine.
  if (!options.language.empty())
    hb_buffer_set_language(buffer, hb_language_from_string(options.language.c_str(), -1));

  const unsigned kerning = options.kerning ? 1u : 0u;
  const unsigned ligatures = options.ligatures ? 1u : 0u;
  std::vector<hb_feature_t> features = {
      {HB_TAG('k', 'e', 'r', 'n'), kerning, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END},
      {HB_TAG('l', 'i', 'g', 'a'), ligatures, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END},
      {HB_TAG('c', 'l', 'i', 'g'), ligatures, HB_FEATURE_GLOBAL_START, HB_FEATURE_GLOBAL_END},
  };
  // In Chinese, Japanese and Korean text a dash or an ellipsis is one em
  // wide, so that —— and …… span two, unbroken (CLREQ 3.1.6, 3.1.7); the
  // CJK faces' default forms of U+2014 are proportional, their full-width
  // ones behind `fwid`.
  if (is_cjk_script(item.script)) {
    for (std::size_t pos = item.begin; pos < item.end;) {
      const std::size_t at = pos;
      if (is_paired_dash_or_ellipsis(utf8::decode(text, pos)))
        features.push_back({HB_TAG('f', 'w', 'i', 'd'), 1, static_cast<unsigned>(at), static_cast<unsigned>(pos)});
    }
  }
  hb_shape(face.hb_font, buffer, features.data(), static_cast<unsigned>(features.size()));
  if (options.rtl) hb_buffer_reverse(buffer);  // logical order (ShapeOptions::rtl)

  unsigned count = 0;
  const hb_glyph_info_t* infos = hb_buffer_get_glyph_infos(buffer, &count);
  const hb_glyph_position_t* positions = hb_buffer_get_glyph_positions(buffer, &count);
  run.glyphs.reserve(count);
  for (unsigned i = 0; i < count; ++i) {
    ShapedGlyph glyph;
    glyph.glyph = infos[i].codepoint;
    glyph.cluster = infos[i].cluster;
    glyph.x_advance = positions[i].x_advance;
    glyph.x_offset = positions[i].x_offset;
    glyph.y_offset = positions[i].y_offset;
    glyph.unsafe_to_break = (hb_glyph_info_get_glyph_flags(&infos[i]) & HB_GLYPH_FLAG_UNSAFE_TO_BREAK) != 0;
    run.glyphs.push_back(glyph);
  }
  hb_buffer_destroy(buffer);
  return run;
}

}  // namespace

Scaled ShapedRun::width() const {
  Scaled total = 0;
  for (const auto& g : glyphs) total += g.x_advance;
  return total;
}

Scaled total_width(const std::vector<ShapedRun>& runs) {
  Scaled total = 0;
  for (const auto& run : runs) total += run.width();
  return total;
}

FaceId face_for(const FontBook& book, const FontChain& chain, char32_t cp) {
  for (FaceId id : chain.faces)
    if (book.face(id).has_glyph(cp)) return id;
  return kNoFace;
}

namespace {

// shape() with positions in font units and no letter spacing: what depends
// on the text alone, not on the size it is set at.
std::vector<ShapedRun> shape_in_font_units(const FontBook& book, std::string_view text, std::size_t begin,
                                           std::size_t end, const FontChain& chain, const ShapeOptions& options,
                                           std::vector<char32_t>* missing) {
  end = std::min(end, text.size());
  if (begin >= end) return {};
  std::vector<Char> chars;
  for (std::size_t pos = begin; pos < end;) {
    Char c;
    c.begin = pos;
    c.cp = utf8::decode(text, pos);
    chars.push_back(c);
  }
  // Only where it is known to matter: the context changes no other text.
  const Context before = !chars.empty() && is_paired_dash_or_ellipsis(chars.front().cp)
                             ? dash_context(book, chain, text, begin, hb_unicode_funcs_get_default())
                             : Context{};
  choose_faces(book, chain, chars, before, options.language, missing);
  if (chain.faces.empty()) return {};
  choose_scripts(chars, before);
  std::vector<ShapedRun> runs;
  for (const Item& item : itemise(chars, end)) runs.push_back(shape_item(book, text, item, options));
  tighten_symbols(book, text, begin, end, runs);
  return runs;
}

// A run in font units at options.size, with its letter spacing added after
// every cluster (the last glyph of each).
void scale_run(const FontBook& book, ShapedRun& run, const ShapeOptions& options) {
  const Face& face = book.face(run.face);
  run.size = options.size;
  const std::size_t count = run.glyphs.size();
  for (std::size_t i = 0; i < count; ++i) {
    ShapedGlyph& glyph = run.glyphs[i];
    glyph.x_advance = face.scale(static_cast<int>(glyph.x_advance), options.size);
    glyph.x_offset = face.scale(static_cast<int>(glyph.x_offset), options.size);
    glyph.y_offset = face.scale(static_cast<int>(glyph.y_offset), options.size);
    const bool last_of_cluster = i + 1 == count || run.glyphs[i + 1].cluster != glyph.cluster;
    if (last_of_cluster) glyph.x_advance += options.letter_spacing;
  }
}

// Byte offsets (clusters and the run's text range) moved by `by`.
void move_offsets(ShapedRun& run, std::ptrdiff_t by) {
  run.text_begin = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(run.text_begin) + by);
  run.text_end = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(run.text_end) + by);
  for (auto& glyph : run.glyphs) glyph.cluster = static_cast<std::uint32_t>(static_cast<std::ptrdiff_t>(glyph.cluster) + by);
}

// `found` (each once already) added to *missing, but those already there.
// A set for the test: a text may lack thousands of distinct characters.
void add_missing(const std::vector<char32_t>& found, std::vector<char32_t>* missing) {
  if (!missing || found.empty()) return;
  if (missing->empty()) {
    *missing = found;
    return;
  }
  std::unordered_set<char32_t> reported(missing->begin(), missing->end());
  for (char32_t cp : found)
    if (reported.insert(cp).second) missing->push_back(cp);
}

}  // namespace

std::vector<ShapedRun> shape(const FontBook& book, std::string_view text, std::size_t begin, std::size_t end,
                             const FontChain& chain, const ShapeOptions& options, std::vector<char32_t>* missing) {
  std::vector<ShapedRun> runs = shape_in_font_units(book, text, begin, end, chain, options, missing);
  for (auto& run : runs) scale_run(book, run, options);
  return runs;
}

// Characters whose shape does not depend on the text around them: in
// scripts HarfBuzz sets with its default shaper (Latin, Greek, Cyrillic,
// Armenian, Han, kana) or its Hangul one, and the punctuation and symbols
// between. Only the joining scripts' shapers (Arabic, Syriac, Mongolian,
// N'Ko and the Universal Shaping Engine's) read the buffer's context; and
// the lookups of a font see only the buffer.
namespace {

bool shapes_without_context(char32_t cp) {
  return cp < 0x0590 || (cp >= 0x1E00 && cp < 0x2C00) || (cp >= 0x3000 && cp < 0xA000) ||
         (cp >= 0xAC00 && cp < 0xD7B0) || (cp >= 0xF900 && cp < 0xFB00) || (cp >= 0xFE30 && cp < 0xFE50) ||
         (cp >= 0xFF00 && cp < 0xFFF0) || (cp >= 0x20000 && cp < 0x40000);
}

}  // namespace

// What the shape of text[begin, end) depends on besides the chain and the
// options: whether it starts or ends the whole text (HarfBuzz's BOT and
// EOT flags), and, unless every character shapes without context,
// HarfBuzz's context (5 characters either side) and the run context a
// leading dash or ellipsis looks for (16 back and ahead) and the letters
// a + or × at either end is tightened against (tight_symbols.hpp): then 16
// characters either side, at most 4 bytes each, cover both. So "the" and
// "Conference" are shaped once for a whole CV, not once per sentence.
std::size_t ShapeCache::make_key(std::string_view text, std::size_t begin, std::size_t end, const FontChain& chain,
                                 const ShapeOptions& options) {
  constexpr std::size_t kContextBytes = 16 * 4;
  bool alone = true;
  for (std::size_t pos = begin; pos < end && alone;) {
    const std::size_t at = pos;
    const char32_t cp = utf8::decode(text, pos);
    // A + or × at either end is tightened by the characters beyond it.
    alone = shapes_without_context(cp) && !(at == begin && is_paired_dash_or_ellipsis(cp)) &&
            !((at == begin || pos == end) && is_tight_symbol(cp));
  }
  key_.clear();
  for (FaceId id : chain.faces) key_.append(reinterpret_cast<const char*>(&id), sizeof id);
  key_ += '\0';
  key_ += options.language;
  key_ += options.kerning ? 'k' : '-';
  key_ += options.ligatures ? 'l' : '-';
  key_ += options.rtl ? 'r' : '-';
  key_ += begin == 0 ? '^' : '.';
  key_ += end == text.size() ? '$' : '.';
  key_ += alone ? 'a' : 'c';
  const std::size_t before = alone || begin < kContextBytes ? (alone ? begin : 0) : begin - kContextBytes;
  const std::size_t after = alone ? end : std::min(text.size(), end + kContextBytes);
  // The lengths make the three parts unambiguous.
  for (std::size_t length : {begin - before, end - begin})
    key_.append(reinterpret_cast<const char*>(&length), sizeof length);
  key_.append(text.substr(before, after - before));
  return before;
}

std::vector<ShapedRun> ShapeCache::shape(const FontBook& book, std::string_view text, std::size_t begin,
                                         std::size_t end, const FontChain& chain, const ShapeOptions& options,
                                         std::vector<char32_t>* missing) {
  std::vector<ShapedRun> runs = shape_unscaled(book, text, begin, end, chain, options, missing);
  for (auto& run : runs) scale_run(book, run, options);
  return runs;
}

std::vector<ShapedRun> ShapeCache::shape_unscaled(const FontBook& book, std::string_view text, std::size_t begin,
                                                  std::size_t end, const FontChain& chain, const ShapeOptions& options,
                                                  std::vector<char32_t>* missing) {
  end = std::min(end, text.size());
  if (begin >= end) return {};
  make_key(text, begin, end, chain, options);
  auto it = entries_.find(key_);
  if (it == entries_.end()) {
    // Kept with byte offsets from `begin`: the same text may stand anywhere.
    Entry entry;
    entry.runs = shape_in_font_units(book, text, begin, end, chain, options, &entry.missing);
    for (auto& run : entry.runs) move_offsets(run, -static_cast<std::ptrdiff_t>(begin));
    it = entries_.emplace(key_, std::move(entry)).first;
  }
  add_missing(it->second.missing, missing);
  std::vector<ShapedRun> runs = it->second.runs;
  for (auto& run : runs) move_offsets(run, static_cast<std::ptrdiff_t>(begin));
  return runs;
}

}  // namespace cvpdf::text
