// Colour emoji pictures: the installed colour emoji face (Noto Color Emoji's
// CBDT bitmaps, or any face with PNG glyphs: CBDT or sbix) found through
// fontconfig, and, per emoji cluster, the PNG it draws and where it sits.
// The text itself is still shaped and embedded in a monochrome emoji face
// (a face of outlines, which the PDF can embed and readers extract); the
// backends draw the picture over that face's glyph box and the glyphs
// invisibly, so the page shows colour and the text layer reads the emoji.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <hb.h>

#include "core/units.hpp"

namespace cvpdf::text {

// Whether a cluster's text asks for an emoji picture: its first character
// is an emoji by default (Emoji_Presentation: 🚀 ✅ 🔴, not ❤ or ✓), or it
// says so with U+FE0F (❤️); never with U+FE0E (the text form).
bool wants_colour(std::string_view cluster);

// One emoji's picture, and its box as the colour face places it, in font
// units (units_per_em per em; y up from the baseline).
struct ColourGlyph {
  std::uint32_t glyph = 0;  // in the colour face
  std::string png;
  int top = 0, width = 0, height = 0;
};

// Where an emoji's picture goes for a cluster set `advance` wide at `size`:
// one em wide (keeping the picture's proportions, at the colour face's
// height above and below the baseline), centred on the cluster's advance,
// narrowed only where the advance is less than 0.8 em (it may overhang
// the advance by a tenth of an em on each side). In sp from the cluster's
// origin on the baseline, y down.
struct PictureBox {
  Scaled x = 0, y = 0, width = 0, height = 0;
};
PictureBox place_picture(const ColourGlyph& glyph, Scaled advance, Scaled size);

class ColourEmoji {
 public:
  // The installed colour emoji face: among fontconfig's colour faces with
  // emoji in all of kEmojiWitnesses' blocks whose glyphs are PNGs, the
  // first by family, file and index. Null when there is none.
  static std::unique_ptr<ColourEmoji> find_installed();
  ~ColourEmoji();
  ColourEmoji(const ColourEmoji&) = delete;
  ColourEmoji& operator=(const ColourEmoji&) = delete;

  const std::string& path() const { return path_; }
  const std::string& family() const { return family_; }
  // The picture for a cluster that wants_colour: its text shaped in the
  // colour face (so 👩‍💻 or 👍🏽 finds the face's ligature) must give one
  // glyph with a PNG. Null otherwise. Kept for the face's life.
  const ColourGlyph* glyph(const std::string& cluster) const;
  // How many clusters glyph() found a picture for (the face was read).
  std::size_t pictures() const { return pictures_; }

 private:
  ColourEmoji() = default;
  std::string path_, family_;
  hb_blob_t* blob_ = nullptr;
  hb_face_t* face_ = nullptr;
  hb_font_t* font_ = nullptr;
  mutable std::map<std::string, std::optional<ColourGlyph>, std::less<>> glyphs_;
  mutable std::size_t pictures_ = 0;
};

}  // namespace cvpdf::text
