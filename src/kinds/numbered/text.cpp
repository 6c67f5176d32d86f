// A numbered entry's plain text and Markdown: "n. text", n counting up the
// section's numbered entries shown in the variant (a `reversed_number:`
// counts down to 1). In Markdown the lines are an ordered list; an empty
// line before and after the section's numbered entries keeps the list from
// running into the text around it. A Markdown ordered list counts up from
// its first number whatever the later ones say, so a list counting down is
// written as paragraphs whose numbers are text ("3\. …"), which every
// renderer shows as written.
#include "app/text_writer.hpp"

namespace cvpdf::app {

template <>
void export_kind<model::NumberedEntry>(TextWriter& out, const model::Entry&, const model::NumberedEntry& e,
                                       const EntryPlace& place) {
  const int number = e.reversed ? place.kind_count - place.of_kind + 1 : place.of_kind;
  if (place.of_kind == 1) out.blank();
  if (out.markdown() && e.reversed) {
    out.line(std::to_string(number) + "\\. " + out.rich(out.text(e.text)));
    out.blank();
    return;
  }
  out.line(std::to_string(number) + ". " + out.rich(out.text(e.text)));
  if (place.of_kind == place.kind_count) out.blank();
}

}  // namespace cvpdf::app
