// A publication's plain text and Markdown: "[n] citation" (in Markdown an
// ordered list's "n. citation"), the citation of the parts the PDF sets
// (compose/citation.hpp), the DOI among them.
#include "app/text_writer.hpp"
#include "compose/citation.hpp"
#include "compose/dates.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::app {

namespace {

std::string citation(const TextWriter& out, const model::PublicationEntry& e) {
  const bool md = out.markdown();
  const compose::CitationFields fields{out.visible(e.authors), e.me, out.visible(e.title), out.visible(e.venue),
                                       model::blank(e.year) ? std::string()
                                                            : compose::format_publication_date(e.year, out.style().dates),
                                       model::blank(e.doi) ? std::string() : e.doi};
  const std::string url = !e.url.empty() ? e.url : compose::doi_url(fields.doi);
  std::string text;
  for (const auto& part :
       compose::citation_parts(fields, out.style().publication_show_doi, out.style().publication_doi_form)) {
    switch (part.kind) {
      case compose::CitationPart::Kind::Me: text += out.rich(part.text, md); break;
      case compose::CitationPart::Kind::Title: text += out.rich(part.text, false, false, url); break;
      case compose::CitationPart::Kind::Venue: text += part.lead + out.rich(part.text, false, md); break;
      // Plain text gives the DOI alone, which names its own address;
      // Markdown links it to its resolver as the PDF does.
      case compose::CitationPart::Kind::Doi:
        text += md ? out.link(part.text, compose::doi_url(fields.doi)) : part.text;
        break;
      case compose::CitationPart::Kind::Author: text += part.lead + out.rich(part.text); break;
      case compose::CitationPart::Kind::Punctuation:
      case compose::CitationPart::Kind::Year: text += part.lead + out.esc(part.text); break;
    }
  }
  return text;
}

}  // namespace

// Numbered by the entry's place among all the section shows, as the text
// export always has.
template <>
void export_kind<model::PublicationEntry>(TextWriter& out, const model::Entry&, const model::PublicationEntry& e,
                                          const EntryPlace& place) {
  const std::string number = std::to_string(place.number);
  out.line((out.markdown() ? number + ". " : "[" + number + "] ") + citation(out, e));
}

}  // namespace cvpdf::app
