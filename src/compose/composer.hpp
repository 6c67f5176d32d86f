// The composer's shared state while one variant is laid out, and the stages
// that fill the galley (header.cpp, sections.cpp, headings.cpp, entries.cpp).
#pragma once
#include <string>

#include "compose/fonts.hpp"
#include "compose/galley.hpp"
#include "compose/paragraph.hpp"
#include "compose/style.hpp"
#include "model/resume.hpp"

namespace cvpdf::compose {

// The parts of the header, so a theme with a sidebar can set some of them
// there (sidebar.header) and the rest above the main column.
enum HeaderPart : unsigned {
  kHeaderName = 1,
  kHeaderHeadline = 2,
  kHeaderContact = 4,
  kHeaderPhoto = 8,
  kHeaderSummary = 16,
  kHeaderMetrics = 32,
  kHeaderAll = 63,
};

// The height of Latin capitals in ems, for what is drawn level with them
// (a heading's bar, a split header's contacts beside the name): about 0.7
// in the faces layouts name (Lato 0.72, Source Sans 0.66, Noto Sans 0.71).
inline constexpr double kCapHeightEm = 0.70;

struct Composer {
  const model::Resume& resume;
  const Style& style;
  const std::string& language;
  Typesetter& typesetter;
  Galley& galley;
  Diagnostics& diags;
  // The width of the column being set: the text area's, or the main
  // column's or the sidebar's beside it (sidebar.side).
  Scaled column_width = 0;

  // Per section: the width of the label column of pair entries, and the
  // running number of publications.
  Scaled pair_label_width = 0;
  int publication_number = 0;

  // The text of a localized value in this variant.
  const std::string& text(const model::Localized& value) const {
    return value.get(language, resume.languages.front());
  }
  SpanStyle body() const { return {FontVariant::Regular, style.text_size, style.text_color, 0}; }
  SpanStyle with(FontVariant v, Scaled size, const frame::Color& color) const { return {v, size, color, 0}; }

  void compose_header(unsigned parts = kHeaderAll);  // header.cpp
  void compose_section(const model::Section& section, bool first);  // sections.cpp
  // A section's heading as heading.style says, with its outline entry,
  // kept with what follows it (headings.cpp).
  void compose_heading(const model::Localized& title);
  void compose_entry(const model::Entry& entry, const model::Section& section);  // entries.cpp

  // Helpers shared by the stages.
  bool has_cjk(const std::string& s) const;
  // Chinese, Japanese and Korean have no italics: such text stays upright.
  FontVariant italic_for(const std::string& s) const { return has_cjk(s) ? FontVariant::Regular : FontVariant::Italic; }
  RichText links_text(const model::Entry& entry) const;
  // A line with `left` set ragged in the space `right` leaves, `right` flush
  // right on its first line. The lines go to the galley.
  void add_split_line(const RichText& left, const RichText& right, bool keep_with_previous, Scaled gap = 0,
                      Alignment align = Alignment::Ragged);
  std::string run_in_separator() const;
  // A bullet: the symbol hanging in the indent, the text after it.
  void add_bullet(const model::Localized& bullet, bool keep_with_previous, Scaled gap = 0);
  void add_item(const model::Entry& entry);
  void add_pair(const model::Entry& entry);
  void add_publication(const model::Entry& entry);
};

}  // namespace cvpdf::compose
