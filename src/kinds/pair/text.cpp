// A pair's plain text and Markdown: "label: text" on one line (in Markdown
// a list item, its label in bold), the pairs of a section one list.
#include "app/text_writer.hpp"

namespace cvpdf::app {

template <>
void export_kind<model::PairEntry>(TextWriter& out, const model::Entry&, const model::PairEntry& e,
                                   const EntryPlace&) {
  const bool md = out.markdown();
  out.line((md ? "- " : "") + out.rich(out.text(e.label), md) + ": " + out.rich(out.text(e.text)));
}

}  // namespace cvpdf::app
