// A publication's citation as its parts (see citation.hpp).
#include "compose/citation.hpp"

namespace cvpdf::compose {

std::string doi_url(const std::string& doi) { return doi.empty() ? std::string() : "https://doi.org/" + doi; }

std::vector<CitationPart> citation_parts(const CitationFields& f, bool show_doi) {
  using Kind = CitationPart::Kind;
  std::vector<CitationPart> parts;
  auto add = [&](Kind kind, std::string text, std::string lead = {}) {
    if (!text.empty()) parts.push_back({kind, std::move(text), std::move(lead)});
  };
  // Something is written (`written`), and it ends a sentence (`closed`).
  bool written = false, closed = true;

  // Authors, with the résumé's own author wherever the name occurs.
  if (!f.authors.empty()) {
    std::size_t from = 0;
    if (!f.me.empty())
      for (std::size_t at; (at = f.authors.find(f.me, from)) != std::string::npos; from = at + f.me.size()) {
        add(Kind::Author, f.authors.substr(from, at - from));
        add(Kind::Me, f.me);
      }
    add(Kind::Author, f.authors.substr(from));
    written = true;
    closed = false;
  }
  if (!f.title.empty()) {
    if (written) add(Kind::Punctuation, closed ? " " : ". ");
    add(Kind::Title, f.title);
    // A title that ends in its own stop or question mark takes no other.
    if (f.title.back() != '.' && f.title.back() != '?') add(Kind::Punctuation, ".");
    written = closed = true;
  }
  if (!f.venue.empty() || !f.year.empty()) {
    if (written && !closed) add(Kind::Punctuation, ".");
    if (!f.venue.empty()) add(Kind::Venue, f.venue, written ? " " : "");
    if (!f.year.empty()) add(Kind::Year, f.year, !f.venue.empty() ? ", " : written ? " " : "");
    written = true;
    closed = false;
  }
  if (written && !closed) add(Kind::Punctuation, ".");
  // The DOI as references print it, "doi:10.1145/…".
  if (!f.doi.empty() && (show_doi || !written)) {
    if (written) add(Kind::Punctuation, " ");
    add(Kind::Doi, "doi:" + f.doi);
  }
  return parts;
}

}  // namespace cvpdf::compose
