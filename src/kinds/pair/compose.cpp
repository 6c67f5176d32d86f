// How a pair is set: its label in a label column as wide as the section's
// widest label (within pairs.label-column-max), its text beside it —
// stacked, the label above the text, in a narrow column; the date
// column's place beside one when every label of the section fits it on a
// line. An LI of the section's list of pairs.
#include <algorithm>

#include "compose/entry_kinds.hpp"

namespace cvpdf::compose {

using model::PairEntry;

namespace {

// A column narrower than this many ems of body text stacks its pairs.
constexpr Scaled kStackedPairsBelowEm = 26;

RichText label_text(const Composer& c, const PairEntry& pair) {
  return c.rich_text(c.text(pair.label), c.with(FontVariant::Bold, c.style.text_size, c.style.text_color),
                     c.place(pair.label));
}

// In a narrow column (a sidebar) a label column would leave the text a
// few words a line and break the labels themselves: the label goes above
// its text instead, as AltaCV and Deedy set their skill groups.
void set_stacked(Composer& c, const RichText& label, const RichText& value, StructId item) {
  ParagraphShape shape = c.typesetter.body_shape(c.column_width);
  shape.align = theme::Alignment::Ragged;
  auto label_lines = c.typesetter.set(label, shape);
  auto value_lines = c.typesetter.set(value, shape);
  c.tag_as(label_lines, "Lbl", item);
  c.tag_as(value_lines, "LBody", item);
  c.galley.add_lines(std::move(label_lines), 0);
  c.galley.add_lines(std::move(value_lines), 0, true);
}

// Row i holds label line i and text line i - first_value_row, the text at text_x.
std::vector<SetLine> rows_of(std::vector<SetLine>& label_lines, std::vector<SetLine>& value_lines,
                             std::size_t first_value_row, Scaled text_x) {
  std::vector<SetLine> rows(std::max(label_lines.size(), first_value_row + value_lines.size()));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    SetLine& row = rows[i];
    if (i < label_lines.size()) {
      for (auto& e : label_lines[i].elements) row.elements.push_back(std::move(e));
      row.height = label_lines[i].height;
      row.depth = label_lines[i].depth;
    }
    if (i >= first_value_row && i - first_value_row < value_lines.size()) {
      SetLine& v = value_lines[i - first_value_row];
      translate(v.elements, text_x, 0);
      for (auto& e : v.elements) row.elements.push_back(std::move(e));
      row.height = std::max(row.height, v.height);
      row.depth = std::max(row.depth, v.depth);
    }
  }
  return rows;
}

}  // namespace

template <>
KindLayout kind_layout<PairEntry>(const theme::Style& style) {
  return {style.pair_space_between, true};
}

// The label column: as wide as the widest label, within the layout's share.
template <>
void prepare_kind<PairEntry>(const Composer& c, const model::Section& section, KindRun& run) {
  Scaled widest = 0;
  for (const auto& entry : section.entries) {
    const auto* pair = entry.as<PairEntry>();
    if (!pair || !c.shows(entry)) continue;
    widest = std::max(widest, c.typesetter.measure(label_text(c, *pair)));
  }
  run.label_width =
      std::min(widest, static_cast<Scaled>(c.style.pair_label_column_max * static_cast<double>(c.column_width)));
}

template <>
bool kind_dated<PairEntry>(const PairEntry&) {
  return false;
}

template <>
EntrySplits compose_kind<PairEntry>(Composer& c, SectionState& section, const model::Entry&, const PairEntry& pair) {
  const Scaled width = c.column_width;
  const theme::Style& style = c.style;
  // Beside a date column the label takes the date column's place, as
  // moderncv sets a \cvitem's label there, and the text starts with the
  // items' — when the section's labels fit it: an award's name is not a
  // year, and crushed into the column it would stand a word a line.
  const bool left_dates = c.date_column() && section.run<PairEntry>().label_width <= style.date_column_width;
  RichText label = label_text(c, pair);
  RichText value = c.rich_text(c.text(pair.text), c.body(), c.place(pair.text));
  // An LI of the section's list of pairs: the label its Lbl, the text its
  // LBody. A list rather than a table of TH and TD: a pair is a labelled
  // item ("Languages: Go, SQL") read as one, the stacked form in a sidebar
  // is no grid at all, and a TH would want a /Scope the frame cannot say.
  const StructId item = c.add_node("LI", section.list);
  if (!left_dates && width < kStackedPairsBelowEm * style.text_size) {
    set_stacked(c, label, value, item);
    return {};
  }
  const Scaled label_width =
      left_dates ? style.date_column_width : std::max(section.run<PairEntry>().label_width, pt(24));
  const Scaled text_x = left_dates ? c.text_column_x() : label_width + style.pair_column_gap;
  ParagraphShape label_shape = c.typesetter.body_shape(label_width);
  label_shape.align = theme::Alignment::Ragged;
  auto label_lines = c.typesetter.set(label, label_shape);
  ParagraphShape value_shape = c.typesetter.body_shape(width - text_x);
  value_shape.align = theme::Alignment::Ragged;  // short lists of names: ragged reads better than stretched
  auto value_lines = c.typesetter.set(value, value_shape);
  c.tag_as(label_lines, "Lbl", item);
  c.tag_as(value_lines, "LBody", item);
  // A label line that still reaches past its column (a word that cannot
  // break) would overprint the text beside it: the text starts on the row
  // under the label instead, in its own column.
  bool label_overflows = false;
  for (const auto& line : label_lines)
    label_overflows = label_overflows || line_extent(line) > label_width + pt(0.5);
  const std::size_t first_value_row = label_overflows ? label_lines.size() : 0;
  c.galley.add_lines(rows_of(label_lines, value_lines, first_value_row, text_x), 0);
  return {};
}

}  // namespace cvpdf::compose
