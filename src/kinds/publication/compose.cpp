// How a publication is set: a citation (citation.hpp) with the résumé's
// own name in bold among the authors, the title linked to its address or
// DOI, and its number "[1]" hanging before it (publications.number) — an
// LI of the section's list of publications.
#include "compose/citation.hpp"
#include "compose/dates.hpp"
#include "compose/entry_kinds.hpp"

namespace cvpdf::compose {

using model::PublicationEntry;

namespace {

RichText citation_text(const Composer& c, const model::Entry& entry, const PublicationEntry& publication) {
  const theme::Style& style = c.style;
  const SpanStyle regular = c.body();
  const SpanStyle bold = c.with(FontVariant::Bold, style.text_size, style.text_color);
  const SpanStyle accent = c.with(FontVariant::Regular, style.text_size, style.accent_color);
  CitationFields fields{c.text(publication.authors),
                        publication.me,
                        c.text(publication.title),
                        c.text(publication.venue),
                        model::blank(publication.year) ? std::string()
                                                       : format_publication_date(publication.year, style.dates),
                        model::blank(publication.doi) ? std::string() : publication.doi};
  const std::string doi_link = doi_url(fields.doi);
  const std::string link = publication.url.empty() ? doi_link : publication.url;
  RichText citation;
  // The author parts are the authors text piece after piece: where each
  // starts in it places its markup warnings.
  std::size_t author_at = 0;
  for (const auto& part : citation_parts(fields, style.publication_show_doi, style.publication_doi_form)) {
    switch (part.kind) {
      case CitationPart::Kind::Author:
        c.add_text(citation, part.text, regular, c.place(publication.authors).from_byte(author_at));
        author_at += part.text.size();
        break;
      case CitationPart::Kind::Me:
        c.add_text(citation, part.text, bold, c.place(publication.authors).from_byte(author_at));
        author_at += part.text.size();
        break;
      case CitationPart::Kind::Punctuation: citation.add(part.text, regular); break;
      case CitationPart::Kind::Title:
        c.add_text(citation, part.text, link.empty() ? regular : accent, c.place(publication.title), link);
        break;
      case CitationPart::Kind::Venue:
        c.add_text(citation, part.lead + part.text, c.with(c.italic_for(part.text), style.text_size, style.text_color),
                   c.place(publication.venue).after(part.lead.size()));
        break;
      case CitationPart::Kind::Year: citation.add(part.lead + part.text, regular, {}, entry.span); break;
      // Linked to its resolver.
      case CitationPart::Kind::Doi: citation.add(part.text, accent, doi_link, entry.span); break;
    }
  }
  return citation;
}

}  // namespace

template <>
KindLayout kind_layout<PublicationEntry>(const theme::Style& style) {
  return {style.publication_space_between, true};
}

template <>
void prepare_kind<PublicationEntry>(const Composer&, const model::Section&, KindRun&) {}

template <>
bool kind_dated<PublicationEntry>(const PublicationEntry&) {
  return false;
}

template <>
EntrySplits compose_kind<PublicationEntry>(Composer& c, SectionState& section, const model::Entry& entry,
                                           const PublicationEntry& publication) {
  const RichText citation = citation_text(c, entry, publication);
  // The number hangs before the citation, in a column as wide as it, and
  // is drawn before it (Composer::add_labelled).
  HangingLabel number;
  if (c.style.publication_numbers)
    number.text.add("[" + std::to_string(section.run<PublicationEntry>().set) + "]",
                    c.with(FontVariant::Regular, c.style.text_size, c.style.muted_color));
  c.add_labelled(citation, number, section.list);
  return {};
}

}  // namespace cvpdf::compose
