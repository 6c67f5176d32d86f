// A publication: title, authors, venue, year, DOI or address, and the
// author to set in bold. Its keys, reader and writer: model.cpp; how it is
// set: compose.cpp; its plain text and Markdown: text.cpp.
#pragma once
#include <string>

#include "model/resume_values.hpp"

namespace cvpdf::model {

struct PublicationEntry {
  Localized title;
  Localized authors;  // as written: "S. Tan, Q. Jiang, …"
  Localized venue;
  std::string year;
  std::string doi;
  std::string url;
  std::string me;  // the author name to set in bold
  Localized text;  // read and written back (RenderCV's summary); not set on the page

  template <class Self, class Visit>
  static void fields(Self& self, Visit&& visit) {
    visit("title", self.title);
    visit(FieldKey{"authors", FieldUse::Names}, self.authors);
    visit("venue", self.venue);
    visit("year", self.year);
    visit("doi", self.doi);
    visit(FieldKey{"url", FieldUse::Address}, self.url);
    visit("me", self.me);
    visit("text", self.text);
  }
};

}  // namespace cvpdf::model
