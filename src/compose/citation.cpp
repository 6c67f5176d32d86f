// A publication's citation as its parts (see citation.hpp).
#include "compose/citation.hpp"

#include "compose/inline_markup.hpp"

#include <array>
#include <string_view>

namespace cvpdf::compose {

namespace {

bool ends_with(std::string_view text, std::string_view tail) {
  return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string doi_url(const std::string& doi) { return doi.empty() ? std::string() : "https://doi.org/" + doi; }

bool ends_with_stop(const std::string& written) {
  // What the reader sees: a title written `*Title.*` ends with its stop.
  const std::string text = markup::plain_text(written);
  std::string_view t = text;
  while (!t.empty() && (t.back() == ' ' || t.back() == '"' || t.back() == '\'')) t.remove_suffix(1);
  // Closing quotes as typographic() writes them: ” ’ » 」 』.
  for (bool again = true; again;) {
    again = false;
    for (std::string_view q : {"\u201D", "\u2019", "\u00BB", "\u300D", "\u300F"})
      if (ends_with(t, q)) t.remove_suffix(q.size()), again = true;
  }
  if (t.empty()) return false;
  if (t.back() == '.' || t.back() == '?' || t.back() == '!') return true;
  for (std::string_view stop : {"\u2026", "\u3002", "\uFF1F", "\uFF01", "\uFF0E"})
    if (ends_with(t, stop)) return true;
  return false;
}

std::string with_stop(const std::string& text) { return ends_with_stop(text) ? text : text + "."; }

bool names_year(const std::string& text, const std::string& year) {
  if (year.empty()) return false;
  for (std::size_t at = text.find(year); at != std::string::npos; at = text.find(year, at + 1)) {
    const std::size_t end = at + year.size();
    if ((at == 0 || !is_digit(text[at - 1])) && (end == text.size() || !is_digit(text[end]))) return true;
  }
  return false;
}

std::vector<CitationPart> citation_parts(const CitationFields& f, bool show_doi, DoiForm form) {
  using Kind = CitationPart::Kind;
  std::vector<CitationPart> parts;
  auto add = [&](Kind kind, std::string text, std::string lead = {}) {
    if (!text.empty()) parts.push_back({kind, std::move(text), std::move(lead)});
  };
  // Something is written (`written`), and it ends a sentence (`closed`).
  bool written = false, closed = true;
  auto close_sentence = [&](const std::string& last) {
    if (written && !closed && !ends_with_stop(last)) add(Kind::Punctuation, ".");
    closed = true;
  };

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
    // One part for the stop and the space, as one run of the PDF's text.
    if (written) add(Kind::Punctuation, closed || ends_with_stop(f.authors) ? " " : ". ");
    add(Kind::Title, f.title);
    written = true;
    closed = false;
    close_sentence(f.title);
  }
  // The year once: not after a venue that already names it.
  const bool year_shown = !f.year.empty() && !names_year(f.venue, f.year);
  if (!f.venue.empty() || year_shown) {
    close_sentence(f.authors);
    if (!f.venue.empty()) add(Kind::Venue, f.venue, written ? " " : "");
    if (year_shown) add(Kind::Year, f.year, !f.venue.empty() ? ", " : written ? " " : "");
    written = true;
    closed = false;
    close_sentence(year_shown ? f.year : f.venue);
  }
  close_sentence(f.authors);
  if (!f.doi.empty() && (show_doi || !written)) {
    if (written) add(Kind::Punctuation, " ");
    add(Kind::Doi, form == DoiForm::Url ? doi_url(f.doi) : "doi:" + f.doi);
  }
  return parts;
}

}  // namespace cvpdf::compose
