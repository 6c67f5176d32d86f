// Frames: the positioned result of composing — pages of glyph runs, rules,
// link areas and images, plus the outline and metadata. The composer makes
// them; the PDF backend only serialises them. Coordinates are in scaled
// points from the page's top-left corner, y growing downwards.
#pragma once
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/color.hpp"
#include "core/units.hpp"
#include "text/font_book.hpp"

namespace cvpdf::frame {

using Color = cvpdf::Color;  // core/color.hpp: shared with the style

// One glyph as placed. `advance` is the distance to the next glyph's origin
// as set (justified space glyphs are wider than the font says; the backend
// writes the difference as a TJ adjustment). `text` is what the glyph stands
// for in the source — the whole cluster on the first glyph of a cluster
// ("ffi" on the ligature), empty on the others — for the ToUnicode map.
struct Glyph {
  std::uint32_t id = 0;
  Scaled advance = 0;
  Scaled x_offset = 0;
  Scaled y_offset = 0;  // positive moves up (HarfBuzz's convention)
  std::string text;
};

struct GlyphRun {
  text::FaceId face = text::kNoFace;
  Scaled size = 0;
  Scaled x = 0;  // origin of the first glyph
  Scaled y = 0;  // baseline
  Color color;
  std::vector<Glyph> glyphs;
  Scaled width() const;
};

// A filled rectangle (section rules, bullets drawn as shapes, underlines).
struct Rule {
  Scaled x = 0, y = 0;  // top-left
  Scaled width = 0, height = 0;
  Color color;
};

// A clickable area.
struct LinkArea {
  Scaled x = 0, y = 0;  // top-left
  Scaled width = 0, height = 0;
  std::string uri;      // "https://…", "mailto:…"
};

struct Image {
  Scaled x = 0, y = 0, width = 0, height = 0;
  std::string path;  // JPEG or PNG
};

using Element = std::variant<GlyphRun, Rule, LinkArea, Image>;

struct Page {
  Scaled width = 0;
  Scaled height = 0;
  std::vector<Element> elements;  // drawn in order
};

// One outline entry: a section heading on a page.
struct Bookmark {
  std::string title;
  std::size_t page = 0;  // 0-based
  Scaled y = 0;          // top of the heading, from the page top
  int level = 0;         // 0: top level
};

struct Metadata {
  std::string title;
  std::string author;
  std::string subject;
  std::string keywords;
  std::string language;     // BCP 47 for /Lang, e.g. "en", "zh-Hans"
  std::int64_t creation_time = 0;  // seconds since the epoch (SOURCE_DATE_EPOCH or input mtime)
  std::string producer;     // "cvpdf 0.1.0"
};

struct Document {
  std::vector<Page> pages;
  std::vector<Bookmark> bookmarks;
  Metadata metadata;
};

}  // namespace cvpdf::frame
