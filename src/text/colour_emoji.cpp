// The colour emoji face and its pictures (see colour_emoji.hpp).
#include "text/colour_emoji.hpp"

#include <algorithm>
#include <tuple>
#include <vector>

#include <fontconfig/fontconfig.h>
#include <hb-ot.h>
#include <unicode/uchar.h>

#include "core/utf8.hpp"
#include "text/font_fallback.hpp"
#include "text/font_lookup.hpp"

namespace cvpdf::text {

namespace {

constexpr char32_t kTextPresentation = 0xFE0E;
constexpr char32_t kEmojiPresentation = 0xFE0F;

std::string fc_string(FcPattern* p, const char* object) {
  FcChar8* value = nullptr;
  return FcPatternGetString(p, object, 0, &value) == FcResultMatch && value ? reinterpret_cast<const char*>(value)
                                                                           : std::string();
}

struct Candidate {
  std::string family, file;
  int index = 0;
};

// fontconfig's colour faces that have all of kEmojiWitnesses, in a total
// order of their own (fontconfig's cache order must not choose).
std::vector<Candidate> colour_candidates() {
  ensure_fontconfig();
  FcPattern* pattern = FcPatternCreate();
  FcPatternAddBool(pattern, FC_COLOR, FcTrue);
  FcObjectSet* objects = FcObjectSetBuild(FC_FILE, FC_INDEX, FC_FAMILY, FC_CHARSET, nullptr);
  FcFontSet* set = FcFontList(nullptr, pattern, objects);
  std::vector<Candidate> out;
  for (int i = 0; set && i < set->nfont; ++i) {
    FcPattern* p = set->fonts[i];
    FcCharSet* charset = nullptr;
    if (FcPatternGetCharSet(p, FC_CHARSET, 0, &charset) != FcResultMatch || !charset) continue;
    if (!std::all_of(std::begin(kEmojiWitnesses), std::end(kEmojiWitnesses),
                     [&](char32_t w) { return FcCharSetHasChar(charset, w); }))
      continue;
    int index = 0;
    FcPatternGetInteger(p, FC_INDEX, 0, &index);
    Candidate c{fc_string(p, FC_FAMILY), fc_string(p, FC_FILE), index};
    if (!c.file.empty()) out.push_back(std::move(c));
  }
  if (set) FcFontSetDestroy(set);
  FcObjectSetDestroy(objects);
  FcPatternDestroy(pattern);
  std::sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) {
    return std::tie(a.family, a.file, a.index) < std::tie(b.family, b.file, b.index);
  });
  return out;
}

}  // namespace

bool wants_colour(std::string_view cluster) {
  bool asked = false;
  for (std::size_t pos = 0; pos < cluster.size();) {
    const bool first = pos == 0;
    const char32_t cp = utf8::decode(cluster, pos);
    if (cp == kTextPresentation) return false;
    if (cp == kEmojiPresentation || (first && u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_EMOJI_PRESENTATION)))
      asked = true;
  }
  return asked;
}

PictureBox place_picture(const ColourGlyph& glyph, Scaled advance, Scaled size) {
  if (glyph.width <= 0 || glyph.height <= 0) return {};
  const Scaled overhang = size / 10;
  const Scaled width = std::min(size, advance + 2 * overhang);
  const auto of_width = [&](int units) {
    return static_cast<Scaled>(static_cast<long double>(units) * width / glyph.width);
  };
  return {(advance - width) / 2, -of_width(glyph.top), width, of_width(glyph.height)};
}

std::unique_ptr<ColourEmoji> ColourEmoji::find_installed() {
  for (const Candidate& c : colour_candidates()) {
    std::unique_ptr<ColourEmoji> found(new ColourEmoji);
    found->blob_ = hb_blob_create_from_file_or_fail(c.file.c_str());
    if (!found->blob_ || static_cast<unsigned>(c.index) >= hb_face_count(found->blob_)) continue;
    found->face_ = hb_face_create(found->blob_, static_cast<unsigned>(c.index));
    if (!hb_ot_color_has_png(found->face_)) continue;  // layered (COLR) or SVG colour: no pictures to take
    found->font_ = hb_font_create(found->face_);
    found->path_ = c.file;
    found->family_ = c.family;
    return found;
  }
  return nullptr;
}

ColourEmoji::~ColourEmoji() {
  hb_font_destroy(font_);
  hb_face_destroy(face_);
  hb_blob_destroy(blob_);
}

const ColourGlyph* ColourEmoji::glyph(const std::string& cluster) const {
  const auto known = glyphs_.find(cluster);
  if (known != glyphs_.end()) return known->second ? &*known->second : nullptr;
  std::optional<ColourGlyph> found;
  if (wants_colour(cluster)) {
    hb_buffer_t* buffer = hb_buffer_create();
    hb_buffer_add_utf8(buffer, cluster.data(), static_cast<int>(cluster.size()), 0, -1);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(font_, buffer, nullptr, 0);
    unsigned count = 0;
    const hb_glyph_info_t* info = hb_buffer_get_glyph_infos(buffer, &count);
    if (count == 1 && info[0].codepoint != 0) {
      hb_blob_t* png = hb_ot_color_glyph_reference_png(font_, info[0].codepoint);
      unsigned length = 0;
      const char* data = hb_blob_get_data(png, &length);
      hb_glyph_extents_t extents{};
      if (length > 0 && hb_font_get_glyph_extents(font_, info[0].codepoint, &extents) && extents.width > 0 &&
          extents.height < 0)
        found = ColourGlyph{info[0].codepoint, std::string(data, length), extents.y_bearing, extents.width,
                            -extents.height};
      hb_blob_destroy(png);
    }
    hb_buffer_destroy(buffer);
  }
  if (found) ++pictures_;
  const auto& kept = glyphs_.emplace(cluster, std::move(found)).first->second;
  return kept ? &*kept : nullptr;
}

}  // namespace cvpdf::text
