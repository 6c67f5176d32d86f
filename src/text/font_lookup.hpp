// Finding faces: a layout's family list entry is a path (relative to the
// layout's directory, then the bundled font directories) or a family name
// matched through fontconfig (with the variant's language, so "Noto Sans CJK"
// + zh-Hans gives the SC face of the collection).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "text/font_book.hpp"

namespace cvpdf::text {

struct FontRequest {
  std::string family_or_path;  // "Lato", "fonts/Lato-Bold.ttf", "Noto Sans CJK SC"
  Weight weight = Weight::Regular;
  Slant slant = Slant::Upright;
  std::string language;        // BCP 47, e.g. "zh-Hans"; may be empty
  std::string relative_to;     // directory for relative paths (the layout file's), may be empty
  // The layout key whose value this entry is: kept on the face so that a
  // damaged font found later (shaping, embedding) is reported there.
  SourceSpan origin{};
  // A family that is not bundled is looked for through fontconfig on the
  // face's first use (FontBook::defer), not now: a FaceId is returned
  // whether or not the system has the family, `exact_style` stays true,
  // and a missing family is a face without glyphs. For lists whose faces
  // most runs never use (CJK, monospace).
  bool defer_system = false;
};

// The face for `request`, loading it into `book`; nullopt when nothing
// matches. A family name is only accepted when fontconfig's match really has
// that family (fontconfig always returns *some* font; we do not want that).
// When the bold/italic style does not exist the regular face is returned and
// `exact_style` is set to false, so the caller can warn.
//
// Paths: an entry containing '/' or ending in .ttf/.otf/.ttc/.otc is a path;
// "file.ttc#2" selects face 2 of a collection. Relative paths are tried
// against `relative_to`, then each of book.bundled_font_dirs() (a leading
// "fonts/" is also tried without it there). A missing file gives nullopt; a
// file that is not a font throws load_file's FatalError. For a path,
// `exact_style` says whether the file's own style (OS/2) is the one requested.
//
// Family names are looked up among the bundled fonts first (so "Lato" is the
// bundled Lato on every machine; read from the files' name and OS/2 tables,
// without fontconfig), then in the system's fontconfig (initialised then). A family
// without a region suffix also accepts its regional families chosen by the
// language: "Noto Sans CJK" + zh-Hans → "Noto Sans CJK SC".
std::optional<FaceId> find_face(FontBook& book, const FontRequest& request, bool* exact_style = nullptr);

// fontconfig's language for a BCP 47 tag: the orthography names for the
// languages whose glyph forms differ by region ("zh-Hant" → "zh-tw", "zh" →
// "zh-cn"), else the primary subtag ("ja", "en"); empty when there is none.
std::string fontconfig_language(const std::string& bcp47);

// FcInit, once per process.
void ensure_fontconfig();

// The family names fontconfig knows (for --list-fonts and "did you mean"),
// sorted, without duplicates. The overload adds the bundled fonts' families.
std::vector<std::string> installed_families();
std::vector<std::string> installed_families(const FontBook& book);

}  // namespace cvpdf::text
