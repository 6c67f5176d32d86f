// The logical structure of a composed résumé (frame::Document::structure):
// a builder the composer's stages open structure elements with and tag the
// lines they set with, numbering what they tag in reading order. The tags
// live on the elements, so they survive translate, stack_lines and
// paginate; the backend writes the tree (frame.hpp explains Tag and seq).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compose/paragraph.hpp"
#include "frame/frame.hpp"
#include "model/resume.hpp"

namespace cvpdf::compose {

using frame::kArtifact;
using frame::StructId;

// One reading-order lane of a document's tree. Every builder of a
// Document shares its nodes; each numbers its content from its own base,
// so a column composed interleaved with another (the sidebar theme sets
// sections into either column in the résumé's order) still reads as a
// whole before or after it: the lanes' bases give the order of the lanes.
class StructureBuilder {
 public:
  // The lane's numbers start at `seq_base`; lanes are kLaneSpan apart.
  static constexpr std::uint32_t kLaneSpan = 1u << 28;

  // `language`: the document's (Metadata::language), for the Span that
  // marks text in another script; `cjk_languages`: the résumé's declared
  // Chinese, Japanese or Korean languages (BCP 47), preferred for such a
  // Span over what the text's script alone suggests.
  StructureBuilder(std::vector<frame::StructNode>& nodes, std::string language, std::vector<std::string> cjk_languages,
                   std::uint32_t seq_base = 0);

  // A builder of the same tree for another lane, at its root.
  StructureBuilder lane(std::uint32_t seq_base) const {
    StructureBuilder other = *this;
    other.next_ = seq_base;
    other.current_ = 0;
    return other;
  }

  // Makes node 0, the "Document" root, if the tree has none yet.
  static void make_root(std::vector<frame::StructNode>& nodes);

  // Runs in this face are contact icons: artifacts, unless an icon is all
  // its link shows (a network's icon standing alone for the link).
  void set_icon_face(text::FaceId face) { icon_face_ = face; }

  // A new element of `role` under `parent` (kArtifact: the current one).
  StructId add(const std::string& role, StructId parent = kArtifact);
  // add(), and the new element becomes the current one until close().
  StructId open(const std::string& role);
  void close();
  StructId current() const { return current_; }

  // Tags a paragraph's lines (as Typesetter::set returned them, before any
  // merging: link numbers count within one paragraph) as content of `node`,
  // in their order: every glyph run, and each link's runs and areas in a
  // Link child of its own whose area carries what the link says; text in a
  // Chinese, Japanese or Korean script inside a document in another
  // language goes into a Span with its language, and so does text in a
  // script the document's language is not written in (Arabic in English:
  // text/script_language.hpp). Rules stay artifacts.
  void tag(std::vector<SetLine>& lines, StructId node);
  // `add(role)` and tag(lines) into it: nothing is added for lines that
  // hold no glyph run to read (kArtifact is returned then).
  StructId paragraph(std::vector<SetLine>& lines, const std::string& role, StructId parent = kArtifact);
  // The next number of the lane, for an element tagged by hand (a photo).
  std::uint32_t next_seq() { return next_++; }

  const std::vector<frame::StructNode>& nodes() const { return nodes_; }
  std::vector<frame::StructNode>& nodes() { return nodes_; }

 private:
  bool readable(const std::vector<frame::Element>& elements) const;
  std::string span_language(const std::string& text) const;

  std::vector<frame::StructNode>& nodes_;
  std::string language_;
  std::vector<std::string> cjk_languages_;
  bool latin_document_;
  std::uint32_t next_;
  StructId current_ = 0;
  text::FaceId icon_face_ = text::kNoFace;
};

// A builder for `doc`'s tree in the lane starting at `seq_base`, with the
// résumé's CJK languages and the contact icons' face.
StructureBuilder structure_builder(frame::Document& doc, const model::Resume& resume, const std::string& language,
                                   text::FaceId icon_face, std::uint32_t seq_base);

// The text a link shows, for its annotation's /Contents: its runs' glyph
// texts (an extraction span's reads_as in place of its glyphs), spaces
// collapsed; `uri` when that is empty. At most kMaxLinkContentsBytes, cut
// at a character with "…": every line of a link is an annotation with its
// own /Contents, so a link's whole words there cost its length once per
// line — and a description is for a listener, who wants it short.
inline constexpr std::size_t kMaxLinkContentsBytes = 400;
std::string link_contents(const std::vector<const frame::GlyphRun*>& runs, const std::string& uri);

}  // namespace cvpdf::compose
