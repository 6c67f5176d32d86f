// Plain text and Markdown from the model: the header, then each section's
// heading, its entries (each written by its kind's export_kind,
// src/kinds/<kind>/text.cpp) and its bullets and text.
#include "app/text_export.hpp"

#include <variant>
#include <vector>

#include "app/text_writer.hpp"
#include "compose/dates.hpp"
#include "compose/inline_markup.hpp"
#include "model/language_tags.hpp"
#include "model/visible_content.hpp"
#include "text/case_mapping.hpp"

namespace cvpdf::app {

namespace {

void write_header(TextWriter& out, const model::Person& p) {
  const bool md = out.markdown();
  out.line(md ? "# " + out.rich(out.text(p.name)) : out.rich(out.text(p.name)));
  if (!p.headline.empty()) out.line(out.rich(out.text(p.headline), false, md));
  std::string contact;
  auto add = [&](const std::string& s) {
    if (s.empty()) return;
    if (!contact.empty()) contact += " · ";
    contact += s;
  };
  if (!p.email.empty()) add(out.link(p.email, "mailto:" + p.email));
  add(out.esc(p.phone));
  add(out.rich(out.text(p.location)));
  for (const auto& l : p.links) {
    const std::string label = out.text(l.label);
    // A label the résumé writes is text with markup; a username or an
    // address is set as written, as the PDF does. Text has no icons: a
    // username goes with its network's name, as the PDF writes it when it
    // draws none ("GitHub: octocat").
    if (l.label_is_username && !label.empty() && !l.network.empty() && l.network != "Website")
      add(out.esc(l.network) + model::label_colon(out.language()) + out.link(label, l.url));
    else if (label.empty() || l.label_is_username) add(out.link(label.empty() ? l.url : label, l.url));
    else if (l.url.empty()) add(out.rich(label));
    else add(md ? "[" + out.rich(label) + "](" + l.url + ")" : out.rich(label) + " <" + l.url + ">");
  }
  if (!contact.empty()) out.line(contact);
  if (!p.summary.empty()) {
    out.blank();
    out.line(out.rich(out.text(p.summary)));
  }
  if (!p.metrics.empty()) {
    out.blank();
    for (const auto& m : p.metrics)
      out.line((md ? "- " : "* ") + out.rich(out.text(m.value), true) + " — " + out.rich(out.text(m.label)));
  }
}

// The entries the section shows in the variant, each with its place.
void write_entries(TextWriter& out, const model::Section& section, const std::string& fallback) {
  std::vector<const model::Entry*> shown;
  std::vector<int> of_kind(std::variant_size_v<model::EntryBody>);
  for (const auto& entry : section.entries)
    if (model::entry_has_content(entry, out.language(), fallback)) {
      shown.push_back(&entry);
      ++of_kind[entry.body.index()];
    }
  std::vector<int> seen(of_kind.size());
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const model::Entry& entry = *shown[i];
    const std::size_t kind = entry.body.index();
    const EntryPlace place{static_cast<int>(i) + 1, ++seen[kind], of_kind[kind]};
    std::visit([&](const auto& body) { export_kind(out, entry, body, place); }, entry.body);
  }
}

void write_section(TextWriter& out, const model::Section& section, const std::string& fallback) {
  out.blank();
  if (out.markdown()) {
    out.line("## " + out.rich(out.text(section.title)));
  } else {
    // As the PDF's headings: EXPÉRIENCE, not EXPéRIENCE.
    out.line(text::to_upper(compose::markup::plain_text(out.text(section.title)), out.language()));
  }
  out.blank();
  write_entries(out, section, fallback);
  // What the PDF leaves out (blank bullets) the text leaves out too.
  out.bullets(section.bullets);
  if (!section.text.empty()) out.line(out.rich(out.text(section.text)));
}

}  // namespace

std::string export_text(const model::Resume& resume, const theme::Style& style, const std::string& language,
                        TextFlavour flavour, std::int64_t creation_time) {
  TextWriter out(resume, style, language, flavour, compose::date_of(creation_time));
  write_header(out, resume.person);
  const std::string& fallback = resume.languages.front();
  for (const auto& section : resume.sections)
    if (model::section_has_content(section, language, fallback)) write_section(out, section, fallback);
  return out.finish();
}

}  // namespace cvpdf::app
