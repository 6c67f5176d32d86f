// A publication's citation as its parts, in reading order — "Authors.
// Title. Venue, Year. doi:…" with whatever the entry lacks left out — from
// one place for what the PDF sets (kinds/publication/compose.cpp, each
// part in its own face and colour) and what the text and Markdown export
// writes (kinds/publication/text.cpp), so the two never say different things.
#pragma once
#include <string>
#include <vector>

#include "theme/style.hpp"

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

// How the DOI is printed: publications.doi-form's choice.
using theme::DoiForm;

// The DOI is shown when publications.show-doi asks for it, and when it is
// all the entry has: "[1] doi:10.1145/…" tells a reader where to look,
// a bare "[1] ." nothing. A part that ends in its own stop (a title "Why?",
// authors "… et al.", a venue "Proc. ACM.") takes no other, and a year the
// venue already names ("ICML 2022") is not printed again.
std::vector<CitationPart> citation_parts(const CitationFields& fields, bool show_doi, DoiForm form = DoiForm::Doi);

// Whether `text` already ends a sentence: its last mark, before any closing
// quotes, is . ? ! … or their full-width forms.
bool ends_with_stop(const std::string& text);

// `text` followed by a full stop, unless it ends with one already.
std::string with_stop(const std::string& text);

// Whether `year` stands in `text` as a number of its own ("ICML 2022",
// not "120223").
bool names_year(const std::string& text, const std::string& year);

// Where a DOI resolves: "https://doi.org/" and the DOI; "" for none.
std::string doi_url(const std::string& doi);

}  // namespace cvpdf::compose
