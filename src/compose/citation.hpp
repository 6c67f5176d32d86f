// A publication's citation as its parts, in reading order — "Authors.
// Title. Venue, Year. doi:…" with whatever the entry lacks left out — from
// one place for what the PDF sets (compose/entries.cpp, each part in its
// own face and colour) and what the text and Markdown export writes
// (app/text_export.cpp), so the two never say different things.
#pragma once
#include <string>
#include <vector>

namespace cvpdf::compose {

struct CitationPart {
  // Author: a piece of the author list; Me: the résumé's own name in it
  // (set in bold); Punctuation: the stops and spaces between the parts.
  enum class Kind { Author, Me, Punctuation, Title, Venue, Year, Doi };
  Kind kind = Kind::Punctuation;
  std::string text;
  // The white or comma before the part that is set as the part is (the
  // space before an italic venue is italic): "" but for Venue and Year.
  std::string lead;
};

// The entry's visible texts ("" for what it lacks or is blank).
struct CitationFields {
  std::string authors, me, title, venue, year, doi;
};

// The DOI is shown when publications.show-doi asks for it, and when it is
// all the entry has: "[1] doi:10.1145/…" tells a reader where to look,
// a bare "[1] ." nothing.
std::vector<CitationPart> citation_parts(const CitationFields& fields, bool show_doi);

// Where a DOI resolves: "https://doi.org/" and the DOI; "" for none.
std::string doi_url(const std::string& doi);

}  // namespace cvpdf::compose
