// System fallback: the installed face that sets a character no face of a
// chain has (an emoji, ✓, ★, a rare Han character), chosen among the fonts
// fontconfig knows by a fixed, sorted rule so that the same fonts give the
// same face on every run, whatever order fontconfig's cache lists them in.
// FontBook::fallback_face is the way in; this file owns the rule.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "text/font_book.hpp"

namespace cvpdf::text {

class SystemFallback {
 public:
  SystemFallback();
  ~SystemFallback();
  SystemFallback(const SystemFallback&) = delete;
  SystemFallback& operator=(const SystemFallback&) = delete;

  // The face for `cp` in text of `language` (BCP 47, may be empty), as
  // close to `weight`/`slant` as the installed fonts allow; loaded into
  // `book` on first use (once per face). kNoFace when no usable installed
  // face has it. Private-use code points never fall back: their meaning
  // is the font's own. Each answer is cached per character, so a text of
  // ten thousand emoji costs one lookup per distinct character.
  //
  // The rule, in order: a face whose languages include the variant's;
  // the requested slant; the nearest weight; normal width; proportional
  // before monospace; the system's own preference for "sans-serif" in
  // that language (fontconfig's configuration, not its cache); then family,
  // style, file and index, alphabetically. Faces that cannot be embedded
  // as outlines are skipped: colour-only emoji fonts (CBDT/CBLC, sbix, SVG
  // or COLR without glyf/CFF outlines), bitmap and Type 1 fonts, variable
  // fonts; so is a face whose glyph for the character has no ink. An
  // emoji (is_emoji_pictograph) is first looked for among the faces made
  // for emoji (kEmojiWitnesses), before the rule's order: one face
  // for a text's emoji, not the sans face's ❤ beside Symbola's 🚀.
  FaceId face_for(const FontBook& book, char32_t cp, const std::string& language, Weight weight, Slant slant);

  struct Candidate;
  struct Probe;

 private:
  struct List;
  List& list_for(const std::string& language, Weight weight, Slant slant);
  Probe& probe(const Candidate& candidate);

  std::map<std::tuple<std::string, Weight, Slant>, std::unique_ptr<List>> lists_;
  std::map<std::pair<std::string, unsigned>, std::unique_ptr<Probe>> probes_;  // by file and face index
};

// "U+2713 ✓, U+2605 ★": the characters a fallback face was found for, for
// -v; past `limit` of them, "… and N more".
std::string describe_characters(const std::vector<char32_t>& cps, std::size_t limit = 12);

// Unicode's Extended_Pictographic: emoji and the pictographs they grew from (❤ ✅ 🚀).
bool is_emoji_pictograph(char32_t cp);
// A face with all of these (😀 🍎 💻 🚀, from four emoji blocks) is a face
// made for emoji; DejaVu Sans, which has the emoticons, is not.
inline constexpr char32_t kEmojiWitnesses[] = {U'\U0001F600', U'\U0001F34E', U'\U0001F4BB', U'\U0001F680'};
// Those of `cps` whose default presentation is a colour emoji
// (Emoji_Presentation: 🚀 🟢, not ❤ or ✓), in order: what turns grey in
// a face of outlines, the only faces cvpdf embeds.
std::vector<char32_t> colour_emoji(const std::vector<char32_t>& cps);

// Whether `cp` is a private-use code point (U+E000–U+F8FF, planes 15 and 16).
bool is_private_use(char32_t cp);

}  // namespace cvpdf::text
