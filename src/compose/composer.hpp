// The composer's shared state while one variant is laid out, and the stages
// that fill the galley (header.cpp, sections.cpp, headings.cpp, entries.cpp).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "compose/fonts.hpp"
#include "compose/galley.hpp"
#include "compose/paragraph.hpp"
#include "compose/structure.hpp"
#include "model/entry_lines.hpp"
#include "model/language_tags.hpp"
#include "model/resume.hpp"
#include "model/visible_content.hpp"
#include "theme/style.hpp"

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
  const theme::Style& style;
  const std::string& language;
  Typesetter& typesetter;
  Galley& galley;
  Diagnostics& diags;
  // The width of the column being set: the text area's, or the main
  // column's or the sidebar's beside it (sidebar.side).
  Scaled column_width = 0;
  // The contact icons' face (FontSet::icon_face): kNoFace when the theme
  // sets no icons or the icon font is missing.
  text::FaceId icon_face = text::kNoFace;

  // Per section: the width of the label column of pair entries, and the
  // running number of publications.
  Scaled pair_label_width = 0;
  int publication_number = 0;

  // The item template (entry.item-lines), parsed once per variant; the
  // style reader has already reported a bad one (the classic one stands).
  std::vector<model::EntryLine> item_lines = model::item_lines_or_default(style.entry_item_lines);
  // Where an entry's text starts inside the column: past the date column
  // with entry.dates: left, else 0. Lines put by the entry stages are offset by it.
  Scaled entry_x = 0;
  mutable std::optional<bool> has_dates_{};  // variant_has_dates(), once
  // While an item is set its lines gather here instead of going to the
  // galley, so a date column can be set beside its first lines (entries.cpp).
  struct GatheredLines {
    std::vector<SetLine> lines;
    Scaled x = 0;  // from the column's left edge
    bool keep_with_previous = false;
    Scaled gap = 0;
    bool bullet = false;  // a bullet's lines (add_bullet), where an entry may split
  };
  std::vector<GatheredLines>* gathering = nullptr;
  // Where the item just composed may be split between its bullets: the
  // galley position of every later bullet's first item, when at least two
  // of the item's lines would stay on each side (add_item). sections.cpp
  // gives a short entry's splits a cost (kSplitEntryPenalty) and keeps it
  // whole everywhere else.
  std::vector<std::size_t> entry_splits{};

  // The logical structure (structure.hpp): the builder of this column's
  // reading-order lane; null composes untagged (a test setting one part).
  StructureBuilder* structure = nullptr;
  // The L of the entry's (or the section's) bullets, made at the first
  // bullet; the L of a section's run of pairs or of publications.
  StructId bullet_list = kArtifact;
  StructId entry_list = kArtifact;
  model::EntryKind entry_list_kind = model::EntryKind::Item;
  // Whether the section has a heading (H2): only then are its entries'
  // title lines H3, so no heading level is skipped.
  bool section_heading = false;
  int head_lines = 0;  // the item's head lines set so far (add_split_line)

  // The builder's calls, doing nothing without a builder.
  StructId open_node(const std::string& role) { return structure ? structure->open(role) : kArtifact; }
  void close_node() {
    if (structure) structure->close();
  }
  StructId add_node(const std::string& role, StructId parent = kArtifact) {
    return structure ? structure->add(role, parent) : kArtifact;
  }
  void tag(std::vector<SetLine>& lines, StructId node) {
    if (structure && node != kArtifact) structure->tag(lines, node);
  }
  StructId tag_as(std::vector<SetLine>& lines, const std::string& role, StructId parent = kArtifact) {
    return structure ? structure->paragraph(lines, role, parent) : kArtifact;
  }

  // The text of a localized value in this variant; "" when it is only
  // white space (model/visible_content.hpp), so nothing blank is ever set.
  const std::string& text(const model::Localized& value) const {
    return model::visible_text(value, language, resume.languages.front());
  }
  // Where the text of text(value) was written, so that a warning about a
  // place inside it points there.
  model::TextPlace place(const model::Localized& value) const {
    return value.place(language, resume.languages.front());
  }
  bool shows(const model::Entry& entry) const {
    return model::entry_has_content(entry, language, resume.languages.front());
  }
  bool shows(const model::Section& section) const {
    return model::section_has_content(section, language, resume.languages.front());
  }
  SpanStyle body() const { return {FontVariant::Regular, style.text_size, style.text_color, 0}; }
  // Résumé text into `rich` with its inline markup read (inline_markup.hpp,
  // markup_text.cpp): bold and italic on top of `base`'s face, code in the
  // mono face, links in the accent colour (`link`: the whole text's, where
  // the markup gives none), style.bold-keywords in bold; malformed markup
  // warns at its marker's place in the file (`source`: place() of the
  // value the text is, else the value's span) and is set as written.
  // Every résumé text goes in so.
  void add_text(RichText& rich, const std::string& text, const SpanStyle& base, const model::TextPlace& source,
                const std::string& link = {}) const;
  RichText rich_text(const std::string& text, const SpanStyle& base, const model::TextPlace& source) const {
    RichText rich;
    add_text(rich, text, base, source);
    return rich;
  }
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
  // The face entry.org-font / entry.role-font names, for `s`: italic and
  // bold-italic fall back to upright for CJK text, as italic_for does.
  FontVariant face_for(theme::EntryFont font, const std::string& s) const;
  // entry.dates: left — a date column before the entry's text column; in
  // a column less than three date columns wide (a sidebar) the text would
  // be left too narrow a measure, so there the dates stay on the head lines.
  // A résumé whose variant has no dated item at all gets no date column
  // either: an empty band down the page would only narrow the measure.
  bool date_column() const {
    return style.entry_dates == theme::EntryDates::Left && column_width >= 3 * style.date_column_width &&
           variant_has_dates();
  }
  bool variant_has_dates() const;
  // Where the text column starts (the date column and a gap of 1em before it).
  Scaled text_column_x() const { return date_column() ? style.date_column_width + style.text_size : 0; }
  // Lines of an entry at x within its text column: to the item being
  // gathered, or to the galley.
  void put_lines(std::vector<SetLine> lines, Scaled x, bool keep_with_previous = false, Scaled gap = 0);
  RichText links_text(const model::Entry& entry) const;
  // A line with `left` set ragged in the space `right` leaves, `right` flush
  // right on its first line, at least 1em from it; when they do not fit so,
  // `right` goes on a line of its own below, flush right.
  // `left` is one structure element — `role`, or by default the item's
  // title (H3) on its first head line under a titled section, else a P —
  // and `right` a P after it.
  void add_split_line(const RichText& left, const RichText& right, bool keep_with_previous, Scaled gap = 0,
                      theme::Alignment align = theme::Alignment::Ragged, const char* role = nullptr);
  std::string run_in_separator() const;
  // A bullet: the symbol hanging in the indent, the text after it.
  void add_bullet(const model::Localized& bullet, bool keep_with_previous, Scaled gap = 0);
  void add_item(const model::Entry& entry);
  void add_pair(const model::Entry& entry);
  void add_publication(const model::Entry& entry);
};

}  // namespace cvpdf::compose
