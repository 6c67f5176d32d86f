// System fallback: fontconfig's list of installed faces, filtered to those
// cvpdf can embed, sorted once per (language, weight, slant) by a total
// order of their own properties and indexed by 256-character page; then,
// per character, the first face in that order whose charset has it and
// whose glyph for it has ink.
#include "text/font_fallback.hpp"

#include <algorithm>
#include <cstdlib>
#include <iterator>

#include <fmt/format.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <unicode/uchar.h>

#include "core/utf8.hpp"
#include "text/font_lookup.hpp"

namespace cvpdf::text {

struct SystemFallback::Candidate {
  std::string file;
  unsigned index = 0;
  std::string family;
  std::string style;
  FcCharSet* charset = nullptr;  // owned (a copy)
  // The sort key, smallest first (see face_for's rule).
  int language_miss = 0;
  int slant_miss = 0;
  int weight_distance = 0;
  int width_distance = 0;
  int monospace = 0;
  int preference = 0;  // position of the family in the system's "sans-serif" list
};

// What opening the file tells that fontconfig does not: whether the face
// has outlines cvpdf can embed, and (for the ink check) a font to ask.
struct SystemFallback::Probe {
  bool usable = false;
  hb_blob_t* blob = nullptr;
  hb_face_t* face = nullptr;
  hb_font_t* font = nullptr;
  ~Probe() {
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
  }
};

struct SystemFallback::List {
  std::vector<Candidate> candidates;
  // By 256-character page (cp & ~0xFF), the candidates with any character
  // in it, in rank order: a character looks only at those, and a page no
  // face touches (a script nothing is installed for) answers at once.
  std::unordered_map<char32_t, std::vector<std::uint32_t>> by_page;
  std::unordered_map<char32_t, FaceId> found;  // kNoFace: no installed face has it
  ~List() {
    for (auto& c : candidates) FcCharSetDestroy(c.charset);
  }
};

namespace {

std::string string_of(FcPattern* p, const char* object, int n = 0) {
  FcChar8* value = nullptr;
  return FcPatternGetString(p, object, n, &value) == FcResultMatch && value ? reinterpret_cast<const char*>(value)
                                                                               : std::string();
}

int int_of(FcPattern* p, const char* object, int fallback) {
  int value = 0;
  if (FcPatternGetInteger(p, object, 0, &value) == FcResultMatch) return value;
  double real = 0;  // fontconfig 2.13+ may store weights as doubles (ranges for variable fonts)
  if (FcPatternGetDouble(p, object, 0, &real) == FcResultMatch) return static_cast<int>(real);
  return fallback;
}

bool bool_of(FcPattern* p, const char* object, bool fallback) {
  FcBool value = FcFalse;
  return FcPatternGetBool(p, object, 0, &value) == FcResultMatch ? value != FcFalse : fallback;
}

// The families fontconfig's configuration prefers for "sans-serif" in
// `fc_language`, in order: the system's taste, read from its configuration
// files (not from the order of its cache).
std::vector<std::string> sans_serif_preference(const std::string& fc_language) {
  FcPattern* pattern = FcPatternCreate();
  FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>("sans-serif"));
  if (!fc_language.empty()) {
    FcLangSet* langs = FcLangSetCreate();
    FcLangSetAdd(langs, reinterpret_cast<const FcChar8*>(fc_language.c_str()));
    FcPatternAddLangSet(pattern, FC_LANG, langs);
    FcLangSetDestroy(langs);
  }
  FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
  std::vector<std::string> families;
  for (int n = 0;; ++n) {
    std::string family = string_of(pattern, FC_FAMILY, n);
    if (family.empty()) break;
    families.push_back(std::move(family));
  }
  FcPatternDestroy(pattern);
  return families;
}

// Only faces the PDF backend embeds as they are: TrueType (glyf) or CFF
// outlines, one static face (not a variable font or one of its named
// instances).
bool embeddable(FcPattern* p) {
  const std::string format = string_of(p, FC_FONTFORMAT);
  if (format != "TrueType" && format != "CFF") return false;
  if (!bool_of(p, FC_SCALABLE, false) || !bool_of(p, FC_OUTLINE, false)) return false;
  if (bool_of(p, FC_VARIABLE, false)) return false;
  return (int_of(p, FC_INDEX, 0) >> 16) == 0;
}

bool has_table(hb_face_t* face, const char (&tag)[5]) {
  hb_blob_t* table = hb_face_reference_table(face, HB_TAG(tag[0], tag[1], tag[2], tag[3]));
  const bool present = hb_blob_get_length(table) > 0;
  hb_blob_destroy(table);
  return present;
}

// Characters whose glyph is rightly empty: spaces, separators, format
// characters. Any other glyph without ink would be a blank on the page.
bool may_be_blank(char32_t cp) {
  switch (hb_unicode_general_category(hb_unicode_funcs_get_default(), cp)) {
    case HB_UNICODE_GENERAL_CATEGORY_SPACE_SEPARATOR:
    case HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR:
    case HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR:
    case HB_UNICODE_GENERAL_CATEGORY_FORMAT:
    case HB_UNICODE_GENERAL_CATEGORY_CONTROL:
      return true;
    default:
      return false;
  }
}

auto key_of(const SystemFallback::Candidate& c) {
  return std::tie(c.language_miss, c.slant_miss, c.weight_distance, c.width_distance, c.monospace, c.preference,
                  c.family, c.style, c.file, c.index);
}

}  // namespace

std::string describe_characters(const std::vector<char32_t>& cps, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < cps.size() && i < limit; ++i) {
    fmt::format_to(std::back_inserter(out), "{}{} {}", i ? ", " : "", utf8::code_name(cps[i]), utf8::encode(cps[i]));
  }
  if (cps.size() > limit) fmt::format_to(std::back_inserter(out), " and {} more", cps.size() - limit);
  return out;
}

bool is_emoji_pictograph(char32_t cp) {
  return u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_EXTENDED_PICTOGRAPHIC) != 0;
}

std::vector<char32_t> colour_emoji(const std::vector<char32_t>& cps) {
  std::vector<char32_t> out;
  for (char32_t cp : cps)
    if (u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_EMOJI_PRESENTATION)) out.push_back(cp);
  return out;
}

bool is_private_use(char32_t cp) {
  return (cp >= 0xE000 && cp <= 0xF8FF) || (cp >= 0xF0000 && cp <= 0x10FFFF);
}

SystemFallback::SystemFallback() = default;
SystemFallback::~SystemFallback() = default;

SystemFallback::List& SystemFallback::list_for(const std::string& language, Weight weight, Slant slant) {
  auto key = std::make_tuple(language, weight, slant);
  auto it = lists_.find(key);
  if (it != lists_.end()) return *it->second;

  ensure_fontconfig();
  auto list = std::make_unique<List>();
  const std::string fc_language = fontconfig_language(language);
  const std::vector<std::string> preferred = sans_serif_preference(fc_language);
  const int want_weight = weight == Weight::Bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR;

  FcPattern* all = FcPatternCreate();
  FcObjectSet* objects =
      FcObjectSetBuild(FC_FILE, FC_INDEX, FC_FAMILY, FC_STYLE, FC_WEIGHT, FC_SLANT, FC_WIDTH, FC_SPACING, FC_CHARSET,
                       FC_LANG, FC_FONTFORMAT, FC_SCALABLE, FC_OUTLINE, FC_VARIABLE, nullptr);
  FcFontSet* set = FcFontList(nullptr, all, objects);
  for (int i = 0; set && i < set->nfont; ++i) {
    FcPattern* p = set->fonts[i];
    FcCharSet* charset = nullptr;
    if (!embeddable(p) || FcPatternGetCharSet(p, FC_CHARSET, 0, &charset) != FcResultMatch || !charset) continue;
    Candidate c;
    c.file = string_of(p, FC_FILE);
    if (c.file.empty()) continue;
    c.index = static_cast<unsigned>(int_of(p, FC_INDEX, 0));
    c.family = string_of(p, FC_FAMILY);
    c.style = string_of(p, FC_STYLE);
    FcLangSet* langs = nullptr;
    c.language_miss = 0;
    if (!fc_language.empty()) {
      const bool has = FcPatternGetLangSet(p, FC_LANG, 0, &langs) == FcResultMatch && langs &&
                       FcLangSetHasLang(langs, reinterpret_cast<const FcChar8*>(fc_language.c_str())) != FcLangDifferentLang;
      c.language_miss = has ? 0 : 1;
    }
    const int face_slant = int_of(p, FC_SLANT, FC_SLANT_ROMAN);
    c.slant_miss = (face_slant != FC_SLANT_ROMAN) != (slant == Slant::Italic) ? 1 : 0;
    c.weight_distance = std::abs(int_of(p, FC_WEIGHT, FC_WEIGHT_REGULAR) - want_weight);
    c.width_distance = std::abs(int_of(p, FC_WIDTH, FC_WIDTH_NORMAL) - FC_WIDTH_NORMAL);
    c.monospace = int_of(p, FC_SPACING, FC_PROPORTIONAL) == FC_PROPORTIONAL ? 0 : 1;
    c.preference = static_cast<int>(preferred.size());
    for (std::size_t n = 0; n < preferred.size(); ++n) {
      bool named = false;
      for (int k = 0; !named; ++k) {
        const std::string family = string_of(p, FC_FAMILY, k);
        if (family.empty()) break;
        named = family == preferred[n];
      }
      if (named) {
        c.preference = static_cast<int>(n);
        break;
      }
    }
    c.charset = FcCharSetCopy(charset);
    list->candidates.push_back(std::move(c));
  }
  if (set) FcFontSetDestroy(set);
  FcObjectSetDestroy(objects);
  FcPatternDestroy(all);
  // A total order (file and index last make it so): fontconfig lists fonts
  // in its cache's order, which must not choose the face.
  std::sort(list->candidates.begin(), list->candidates.end(),
            [](const Candidate& a, const Candidate& b) { return key_of(a) < key_of(b); });
  for (std::uint32_t i = 0; i < list->candidates.size(); ++i) {
    FcChar32 map[FC_CHARSET_MAP_SIZE];
    FcChar32 next = 0;
    for (FcChar32 page = FcCharSetFirstPage(list->candidates[i].charset, map, &next); page != FC_CHARSET_DONE;
         page = FcCharSetNextPage(list->candidates[i].charset, map, &next))
      list->by_page[page].push_back(i);
  }
  return *lists_.emplace(key, std::move(list)).first->second;
}

SystemFallback::Probe& SystemFallback::probe(const Candidate& candidate) {
  auto key = std::make_pair(candidate.file, candidate.index);
  auto it = probes_.find(key);
  if (it != probes_.end()) return *it->second;
  auto probe = std::make_unique<Probe>();
  // HarfBuzz maps the file: only the tables read are paged in.
  probe->blob = hb_blob_create_from_file_or_fail(candidate.file.c_str());
  if (probe->blob && candidate.index < hb_face_count(probe->blob)) {
    probe->face = hb_face_create(probe->blob, candidate.index);
    probe->font = hb_font_create(probe->face);
    // Colour emoji fonts (CBDT/CBLC bitmaps, sbix, SVG) without outlines
    // would embed as nothing: only glyf or CFF outlines are usable.
    probe->usable = has_table(probe->face, "glyf") || has_table(probe->face, "CFF ");
  }
  return *probes_.emplace(key, std::move(probe)).first->second;
}

FaceId SystemFallback::face_for(const FontBook& book, char32_t cp, const std::string& language, Weight weight,
                                Slant slant) {
  if (is_private_use(cp) || cp == 0) return kNoFace;
  List& list = list_for(language, weight, slant);
  auto cached = list.found.find(cp);
  if (cached != list.found.end()) return cached->second;

  FaceId found = kNoFace;
  static const std::vector<std::uint32_t> kNone;
  const auto page = list.by_page.find(cp & ~char32_t{0xFF});
  const std::vector<std::uint32_t>& candidates = page == list.by_page.end() ? kNone : page->second;
  // An emoji looks first among the faces made for emoji, so that a legend
  // of ❤ ✅ 🚀 is drawn in one face at one size and baseline, not ❤ in the
  // sans face fontconfig prefers and 🚀 in Symbola.
  const bool emoji = is_emoji_pictograph(cp);
  for (std::size_t n = 0; n < (emoji ? 2 * candidates.size() : candidates.size()) && found == kNoFace; ++n) {
    const bool first_pass = emoji && n < candidates.size();
    const Candidate& c = list.candidates[candidates[n % candidates.size()]];
    if (!FcCharSetHasChar(c.charset, cp)) continue;
    if (first_pass && !std::all_of(std::begin(kEmojiWitnesses), std::end(kEmojiWitnesses),
                                   [&](char32_t w) { return FcCharSetHasChar(c.charset, w); }))
      continue;
    Probe& p = probe(c);
    if (!p.usable) continue;
    hb_codepoint_t glyph = 0;
    if (!hb_font_get_nominal_glyph(p.font, cp, &glyph) || glyph == 0) continue;
    hb_glyph_extents_t extents{};
    const bool ink = hb_font_get_glyph_extents(p.font, glyph, &extents) && extents.width != 0 && extents.height != 0;
    if (!ink && !may_be_blank(cp)) continue;  // COLR layers' empty base glyphs, placeholder glyphs
    try {
      found = book.load(c.file, c.index, {}, {});
    } catch (const FatalError&) {
      continue;  // a damaged system font is no reason to stop: the next one may do
    }
  }
  if (found != kNoFace) {
    Face& face = *book.faces_[found];
    if (std::find(face.fallback_for.begin(), face.fallback_for.end(), cp) == face.fallback_for.end())
      face.fallback_for.push_back(cp);
  }
  list.found.emplace(cp, found);
  return found;
}

}  // namespace cvpdf::text
