// Finding faces: a layout's family list entry is a path (relative to the
// layout's directory, then the bundled font directories) or a family name
// matched through fontconfig (with the variant's language, so "Noto Sans CJK"
// + zh-Hans gives the SC face of the collection).
#pragma once
#include <optional>
#include <string>

#include "text/font_book.hpp"

namespace cvpdf::text {

struct FontRequest {
  std::string family_or_path;  // "Lato", "fonts/Lato-Bold.ttf", "Noto Sans CJK SC"
  Weight weight = Weight::Regular;
  Slant slant = Slant::Upright;
  std::string language;        // BCP 47, e.g. "zh-Hans"; may be empty
  std::string relative_to;     // directory for relative paths (the layout file's), may be empty
};

// The face for `request`, loading it into `book`; nullopt when nothing
// matches. A family name is only accepted when fontconfig's match really has
// that family (fontconfig always returns *some* font; we do not want that).
// When the bold/italic style does not exist the regular face is returned and
// `exact_style` is set to false, so the caller can warn.
std::optional<FaceId> find_face(FontBook& book, const FontRequest& request, bool* exact_style = nullptr);

// The family names fontconfig knows (for --list-fonts and "did you mean").
std::vector<std::string> installed_families();

}  // namespace cvpdf::text
