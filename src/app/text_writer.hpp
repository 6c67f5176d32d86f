// The writer the plain text and Markdown of the résumé go through: the
// header and sections (text_export.cpp) and each entry kind's export
// (src/kinds/<kind>/text.cpp, one specialisation of export_kind per kind).
// It gives a field's text in the variant, inline markup read as the PDF
// reads it, links and Markdown escapes, lines, and the blank lines between
// blocks, so every kind writes them alike.
#pragma once
#include <string>
#include <vector>

#include "app/text_export.hpp"
#include "model/resume.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose::markup {
struct Run;
}

namespace cvpdf::app {

class TextWriter {
 public:
  TextWriter(const model::Resume& resume, const theme::Style& style, const std::string& language,
             TextFlavour flavour, const model::Date& today);

  // Markdown, or plain text.
  bool markdown() const { return md_; }
  const theme::Style& style() const { return style_; }
  const std::string& language() const { return language_; }
  // The day the output is dated: where a `present` range's span ends.
  const model::Date& today() const { return today_; }

  // The field's text in the variant (falling back as the PDF does).
  const std::string& text(const model::Localized& l) const;
  // The same, or "" when it is blank: what the PDF leaves out.
  const std::string& visible(const model::Localized& l) const;
  // Markdown's inline syntax characters escaped; plain text as it is.
  std::string esc(const std::string& s) const;
  // Résumé text with its inline markup read as the PDF reads it (with the
  // layout's bold keywords): Markdown writes it again as Markdown; plain
  // text drops the marks and writes a link as "label <url>", as the links
  // of entries are written. A line break (<br>) is a space: one field, one
  // line. `url` links the whole text (a publication's title).
  std::string rich(const std::string& s, bool bold = false, bool italic = false, const std::string& url = {}) const;
  // A label set as written (an address, a username), linked to `url`.
  std::string link(const std::string& label, const std::string& url) const;

  void line(const std::string& s);
  // Bullets as "- " lines, a bullet's sub-bullets under it indented by two
  // spaces: where its text starts, so CommonMark reads a nested list. A
  // bullet blank in the variant gives its sub-bullets as bullets, as the PDF does.
  void bullets(const std::vector<model::Bullet>& list);
  // One empty line between blocks, never two.
  void blank();
  // The text written, its trailing empty lines dropped, ending in a newline.
  std::string finish();

 private:
  std::string marked(const compose::markup::Run& r) const;

  const model::Resume& resume_;
  const theme::Style& style_;
  const std::string& language_;
  bool md_;
  model::Date today_;
  std::string out_;
};

// Where an entry stands among the entries its section shows in the variant
// (those with content), counted from 1.
struct EntryPlace {
  int number;      // among all of them: a publication's "[n]"
  int of_kind;     // among those of its kind
  int kind_count;  // how many of its kind the section shows
};

// Writes one entry of kind `Kind`: defined in src/kinds/<kind>/text.cpp for
// each kind of model::EntryBody (a kind without one fails to link).
template <class Kind>
void export_kind(TextWriter& out, const model::Entry& entry, const Kind& kind, const EntryPlace& place);

}  // namespace cvpdf::app
