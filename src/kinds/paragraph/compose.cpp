// How a paragraph is set among a section's entries: its text in the text
// column (beside the date column when there is one), a P of the section.
#include "compose/entry_kinds.hpp"

namespace cvpdf::compose {

using model::ParagraphEntry;

template <>
KindLayout kind_layout<ParagraphEntry>(const theme::Style& style) {
  return {style.paragraph_gap, false};
}

template <>
void prepare_kind<ParagraphEntry>(const Composer&, const model::Section&, KindRun&) {}

template <>
bool kind_dated<ParagraphEntry>(const ParagraphEntry&) {
  return false;
}

template <>
EntrySplits compose_kind<ParagraphEntry>(Composer& c, SectionState&, const model::Entry&,
                                         const ParagraphEntry& paragraph) {
  const Scaled x = c.text_column_x();
  RichText rich = c.rich_text(c.text(paragraph.text), c.body(), c.place(paragraph.text));
  auto lines = c.typesetter.set(rich, c.typesetter.body_shape(c.column_width - x));
  c.tag_as(lines, "P");
  c.galley.add_lines(std::move(lines), x);
  return {};
}

}  // namespace cvpdf::compose
