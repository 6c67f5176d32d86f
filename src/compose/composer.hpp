// The composer: what every stage of one variant's layout shares (the
// résumé, the style, the typesetter, the galley, the column's width, the
// structure builder) and the stages that fill the galley (header.cpp,
// sections.cpp, headings.cpp; each entry kind's src/kinds/<kind>/compose.cpp
// through entry_kinds.hpp), with the helpers the entry kinds share
// (entries.cpp). What a stage keeps while it works is its own: a section's
// in SectionState (entry_kinds.hpp), an entry's lines in EntryColumn.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "compose/fonts.hpp"
#include "compose/galley.hpp"
#include "compose/paragraph.hpp"
#include "compose/structure.hpp"
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

// While an item is set its lines gather here instead of going to the
// galley, so a date column can be set beside its first lines (kinds/item/compose.cpp).
struct GatheredLines {
  std::vector<SetLine> lines;
  Scaled x = 0;  // from the column's left edge
  bool keep_with_previous = false;
  Scaled gap = 0;
  bool bullet = false;  // a bullet's lines (add_bullet), where an entry may split
  bool sub_bullet = false;  // a sub-bullet's: a split between two, but no entry begins there
};

// Where the lines of an entry, or of a section's own bullets, go: `x` from
// the column's left edge (past a date column), `width` wide; gathered for
// an item's date column, else straight into the galley. Its bullets are
// one L, made at the first bullet.
struct EntryColumn {
  Scaled x = 0;
  Scaled width = 0;
  std::vector<GatheredLines>* gathered = nullptr;
  StructId bullets = kArtifact;
};

// A label hanging before an entry's text (Composer::add_labelled).
struct HangingLabel {
  RichText text;  // empty: no label, the text in the text column
  // The widest label of the entry's list: the labels share one column, each
  // flush right in it, so every entry's text starts at one x and the
  // numbers end together. Not given: the column fits this label, which
  // stands flush left in it.
  std::optional<Scaled> widest;
};

// The ink's right end of a set line: its runs' extent, less a trailing
// space glyph's white (one set back with a negative advance already ends there).
Scaled line_extent(const SetLine& line);
// Moves `from`'s elements onto `onto` (already placed relative to it) and
// widens its strut.
void merge_into(SetLine& onto, SetLine& from);

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
  // The day the PDF is dated (ComposeOptions::creation_time): where a
  // `present` range ends when its span is shown (dates.duration).
  model::Date today{};

  // The logical structure (structure.hpp): the builder of this column's
  // reading-order lane; null composes untagged (a test setting one part).
  StructureBuilder* structure = nullptr;
  mutable std::optional<bool> has_dates_{};  // variant_has_dates(), once

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
  // A bullet shows when its text or one of its sub-bullets does.
  bool shows(const model::Bullet& bullet) const {
    if (!text(bullet.text).empty()) return true;
    for (const auto& sub : bullet.sub_bullets)
      if (!text(sub).empty()) return true;
    return false;
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
  // A section: its heading, then its entries, each set by its kind
  // (entry_kinds.hpp), then its own bullets and text (sections.cpp).
  void compose_section(const model::Section& section, bool first);
  // A section's heading as heading.style says, with its outline entry,
  // kept with what follows it (headings.cpp).
  void compose_heading(const model::Localized& title);

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
  // A résumé whose variant has no dated entry at all gets no date column
  // either: an empty band down the page would only narrow the measure.
  bool date_column() const {
    return style.entry_dates == theme::EntryDates::Left && column_width >= 3 * style.date_column_width &&
           variant_has_dates();
  }
  bool variant_has_dates() const;  // sections.cpp
  // Where the text column starts (the date column and a gap of 1em before it).
  Scaled text_column_x() const { return date_column() ? style.date_column_width + style.text_size : 0; }
  // Lines at x within `at`: gathered for an item's date column, or to the galley.
  void put_lines(EntryColumn& at, std::vector<SetLine> lines, Scaled x, bool keep_with_previous = false,
                 Scaled gap = 0);
  // The links, "  ·  " between them; a link with neither label nor address is left out.
  RichText links_text(const std::vector<model::Link>& links) const;
  // A line with `left` set ragged in the space `right` leaves, `right` flush
  // right on its first line, at least 1em from it; when they do not fit so,
  // `right` goes on a line of its own below, flush right.
  // `left` is one structure element, `role`, and `right` a P after it.
  // Whether it made a structure element (with a builder, and a left or
  // right side to read).
  bool add_split_line(EntryColumn& at, const RichText& left, const RichText& right, bool keep_with_previous,
                      Scaled gap, theme::Alignment align, const char* role);
  std::string run_in_separator() const;
  // A bullet: the symbol hanging in the indent, the text after it; an LI
  // of the column's one L of bullets. Its sub-bullets follow, their symbol
  // where its text starts, an L inside its LBody; the first is kept with
  // the bullet, so its text never ends a page with its sub-bullets on the
  // next. A bullet with no text in the variant sets its sub-bullets as
  // bullets (no bare symbol over them).
  void add_bullet(EntryColumn& at, const model::Bullet& bullet, bool keep_with_previous, Scaled gap = 0);
  // One LI of `at`'s L: `symbol` hanging in the indent, `text` after it.
  // Returns its LBody, for a sub-list inside it.
  StructId add_list_item(EntryColumn& at, const model::Localized& text, const std::string& symbol,
                         bool keep_with_previous, Scaled gap);
  // Gathered lines into the galley: an item's, its first `head_groups`
  // groups its head lines, or a section's own bullets (no head; each bullet
  // then marks an entry's beginning, Galley::mark_begin). No break before a
  // group may leave fewer than two lines before or after it, nor the head
  // with fewer than two lines of its body below it (TeX's club and widow,
  // for an entry's lines). Returns the breaks left before a later bullet,
  // where a short entry may split (EntrySplits).
  std::vector<std::size_t> release_gathered(std::vector<GatheredLines>& gathered, std::size_t head_groups,
                                            bool bullets_begin_entries);
  // An LI of `list` with its label hanging before its text (a
  // publication's "[1]", a numbered entry's "1."): the label in a column
  // half an em wider than the label (at least the bullets' indent) — or in
  // the date column, when there is one — and the text beside it, each line
  // of it aligned with the first. The label is the Lbl, the text the LBody.
  void add_labelled(const RichText& text, const HangingLabel& label, StructId list);
};

}  // namespace cvpdf::compose
