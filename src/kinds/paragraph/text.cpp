// A paragraph's plain text and Markdown: its text, and an empty line.
#include "app/text_writer.hpp"

namespace cvpdf::app {

template <>
void export_kind<model::ParagraphEntry>(TextWriter& out, const model::Entry&, const model::ParagraphEntry& e,
                                        const EntryPlace&) {
  out.line(out.rich(out.text(e.text)));
  out.blank();
}

}  // namespace cvpdf::app
