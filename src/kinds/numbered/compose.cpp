// How a numbered entry is set: its number "1." hanging in a label column
// as wide as the section's widest number, flush right in it, its text
// beside it at the body style, each line aligned with the first — as a
// publication's "[1]" (Composer::add_labelled). `number:` entries count 1, 2, 3 down the
// section's numbered entries shown in the variant, `reversed_number:` ones
// count down to 1. An LI of the section's list of numbered entries.
#include <algorithm>

#include "compose/entry_kinds.hpp"

namespace cvpdf::compose {

using model::NumberedEntry;

namespace {

// Set as it is: a number is no résumé text, so no markup is read in it.
RichText number_text(const Composer& c, int number) {
  RichText label;
  label.add(std::to_string(number) + ".", c.body());
  return label;
}

}  // namespace

template <>
KindLayout kind_layout<NumberedEntry>(const theme::Style& style) {
  return {style.publication_space_between, true};
}

// The label column fits the widest number, so every entry's text starts
// at one x ("9." and "10." alike).
template <>
void prepare_kind<NumberedEntry>(const Composer& c, const model::Section&, KindRun& run) {
  run.label_width = 0;
  for (int number = 1; number <= run.shown; ++number)
    run.label_width = std::max(run.label_width, c.typesetter.measure(number_text(c, number)));
}

template <>
bool kind_dated<NumberedEntry>(const NumberedEntry&) {
  return false;
}

template <>
EntrySplits compose_kind<NumberedEntry>(Composer& c, SectionState& section, const model::Entry&,
                                        const NumberedEntry& numbered) {
  const KindRun& run = section.run<NumberedEntry>();
  const int number = numbered.reversed ? run.shown - run.set + 1 : run.set;
  const RichText text = c.rich_text(c.text(numbered.text), c.body(), c.place(numbered.text));
  // The numbers end together, a little before the text.
  c.add_labelled(text, {number_text(c, number), run.label_width}, section.list);
  return {};
}

}  // namespace cvpdf::compose
