// Frames: the positioned result of composing — pages of glyph runs, rules,
// link areas and images, plus the outline and metadata. The composer makes
// them; the PDF backend only serialises them. Coordinates are in scaled
// points from the page's top-left corner, y growing downwards.
//
// The logical structure rides along for the tagged PDF: the composer builds
// a tree of structure elements (Document::structure) in reading order and
// tags every element it draws with the node it belongs to, or leaves it an
// artifact (rules, bars, icons, footers, the debug overlay).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/color.hpp"
#include "core/units.hpp"
#include "text/font_book.hpp"

namespace cvpdf::frame {

// A node of Document::structure, by index; kArtifact for what is drawn but
// not read.
using StructId = std::int32_t;
inline constexpr StructId kArtifact = -1;

// Where an element belongs in the logical structure. `seq` orders content
// among its node's kids and their subtrees: the composer numbers what it
// tags in reading order (StructNode kids are ordered by the smallest seq
// in them), so a two-column page still reads in the composer's order
// whatever order the painter draws it in.
struct Tag {
  StructId node = kArtifact;
  std::uint32_t seq = 0;
};

using Color = cvpdf::Color;  // core/color.hpp: shared with the style

// An optional string held in one pointer, with std::optional's reading
// interface. A Glyph is kept for every letter of the document and almost
// none has one: std::optional<std::string> made each glyph 32 bytes larger
// (the 1200-publication CV's 250,000 glyphs, 8 MB).
class OptionalText {
 public:
  OptionalText() = default;
  OptionalText(std::nullopt_t) {}
  OptionalText(std::string text) : text_(std::make_unique<std::string>(std::move(text))) {}
  OptionalText(const char* text) : OptionalText(std::string(text)) {}
  OptionalText(const OptionalText& other) : text_(other.text_ ? std::make_unique<std::string>(*other.text_) : nullptr) {}
  OptionalText(OptionalText&&) noexcept = default;
  OptionalText& operator=(const OptionalText& other) {
    if (this != &other) text_ = other.text_ ? std::make_unique<std::string>(*other.text_) : nullptr;
    return *this;
  }
  OptionalText& operator=(OptionalText&&) noexcept = default;
  ~OptionalText() = default;

  bool has_value() const { return text_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  const std::string& operator*() const { return *text_; }
  const std::string* operator->() const { return text_.get(); }
  friend bool operator==(const OptionalText& a, const OptionalText& b) {
    return a.has_value() == b.has_value() && (!a.has_value() || *a == *b);
  }

 private:
  std::unique_ptr<std::string> text_;
};

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
  // An extraction span: glyphs from one with `reads_as` to the next one
  // with `reads_as_end` (inclusive; the same glyph may hold both, and the
  // span may continue into the following runs of the same line) extract
  // and copy as `*reads_as` instead of their own texts (an /ActualText).
  // A hyphenated word reads whole: "train-" as "training", the "ing" that
  // ends it on the next line as "". The painter draws a span that it cannot
  // keep inside one marked-content sequence (a change of Tag or a rule
  // between its glyphs) without its text, and never nests two.
  OptionalText reads_as{};
  bool reads_as_end = false;
};

struct GlyphRun {
  text::FaceId face = text::kNoFace;
  Scaled size = 0;
  Scaled x = 0;  // origin of the first glyph
  Scaled y = 0;  // baseline
  Color color;
  std::vector<Glyph> glyphs;
  Tag tag{};
  // The link the run is part of, numbered from 1 within its paragraph (0:
  // none); a run never holds glyphs of two links, or of a link and text
  // outside it. The LinkArea of the same link has the same number, so the
  // tagger can give both one Link element.
  std::uint16_t link = 0;
  // Font expansion: the glyphs drawn this many thousandths wider (narrower,
  // when negative) than the face makes them, as a justified line set them
  // (pdfTeX's font expansion). Their advances and offsets already include it.
  std::int16_t expansion = 0;
  Scaled width() const;
};

// A filled rectangle (section rules, bullets drawn as shapes, underlines).
struct Rule {
  Scaled x = 0, y = 0;  // top-left
  Scaled width = 0, height = 0;
  Color color;
  Tag tag{};  // rules are artifacts, unless the composer says otherwise
};

// A clickable area.
struct LinkArea {
  Scaled x = 0, y = 0;  // top-left
  Scaled width = 0, height = 0;
  std::string uri;      // "https://…", "mailto:…"
  std::uint16_t link = 0;  // as GlyphRun::link
  Tag tag{};               // the Link element (its annotation becomes an OBJR kid of it)
  std::string contents{};  // the annotation's /Contents: what the link says, for screen readers
};

struct Image {
  Scaled x = 0, y = 0, width = 0, height = 0;
  std::string path;  // JPEG or PNG
  Tag tag{};         // a Figure (its /Alt in StructNode::alt), or an artifact
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

// One structure element. Roles are the standard structure types of ISO
// 32000-1 14.8.4 ("Document", "Sect", "H1", "H2", "H3", "P", "L", "LI",
// "Lbl", "LBody", "Table", "TR", "TH", "TD", "Link", "Figure", "Span"); a
// custom role names the standard one it stands for in `standard_role`, and
// the backend writes the RoleMap from those.
struct StructNode {
  std::string role;
  std::string standard_role;  // empty for a standard role
  StructId parent = kArtifact;  // kArtifact for the root (node 0, "Document")
  std::string lang;         // BCP 47, when it differs from the parent's
  std::string alt;          // /Alt (a Figure's description)
  std::string actual_text;  // /ActualText, when the content's own text would mislead
};

struct Document {
  std::vector<Page> pages;
  // Empty: an untagged document. Else node 0 is the root ("Document").
  std::vector<StructNode> structure;
  std::vector<Bookmark> bookmarks;
  Metadata metadata;
};

}  // namespace cvpdf::frame
