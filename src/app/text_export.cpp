// Plain text and Markdown from the model.
#include "app/text_export.hpp"

#include <algorithm>

#include "compose/citation.hpp"
#include "compose/dates.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::app {

namespace {

class Writer {
 public:
  Writer(const model::Resume& resume, const compose::Style& style, const std::string& language, TextFlavour flavour)
      : resume_(resume), style_(style), language_(language), md_(flavour == TextFlavour::Markdown) {}

  std::string run() {
    header();
    for (const auto& section : resume_.sections)
      if (model::section_has_content(section, language_, resume_.languages.front())) write_section(section);
    while (out_.size() > 1 && out_[out_.size() - 1] == '\n' && out_[out_.size() - 2] == '\n') out_.pop_back();
    if (!out_.empty() && out_.back() != '\n') out_ += '\n';
    return out_;
  }

 private:
  const std::string& text(const model::Localized& l) const { return l.get(language_, resume_.languages.front()); }
  const std::string& visible(const model::Localized& l) const {
    return model::visible_text(l, language_, resume_.languages.front());
  }

  // Markdown's inline syntax characters are escaped so "torch_npu" stays as typed.
  std::string esc(const std::string& s) const {
    if (!md_) return s;
    std::string out;
    for (char c : s) {
      if (std::string_view("\\`*_[]<>#|").find(c) != std::string_view::npos) out += '\\';
      out += c;
    }
    return out;
  }
  std::string bold(const std::string& s) const { return md_ ? "**" + esc(s) + "**" : s; }
  std::string italic(const std::string& s) const { return md_ ? "*" + esc(s) + "*" : s; }
  std::string link(const std::string& label, const std::string& url) const {
    if (url.empty()) return esc(label);
    if (md_) return "[" + esc(label) + "](" + url + ")";
    if (label == url || "mailto:" + label == url) return label;
    return label + " <" + url + ">";
  }
  void line(const std::string& s) { out_ += s + "\n"; }
  // One empty line between blocks, never two.
  void blank() {
    if (!out_.empty() && out_.compare(out_.size() - std::min<std::size_t>(2, out_.size()), 2, "\n\n") != 0) out_ += "\n";
  }

  void header() {
    const auto& p = resume_.person;
    line(md_ ? "# " + esc(text(p.name)) : text(p.name));
    if (!p.headline.empty()) line(md_ ? italic(text(p.headline)) : text(p.headline));
    std::string contact;
    auto add = [&](const std::string& s) {
      if (s.empty()) return;
      if (!contact.empty()) contact += " · ";
      contact += s;
    };
    if (!p.email.empty()) add(link(p.email, "mailto:" + p.email));
    add(esc(p.phone));
    add(esc(text(p.location)));
    for (const auto& l : p.links) add(link(text(l.label).empty() ? l.url : text(l.label), l.url));
    if (!contact.empty()) line(contact);
    if (!p.summary.empty()) {
      blank();
      line(esc(text(p.summary)));
    }
    if (!p.metrics.empty()) {
      blank();
      for (const auto& m : p.metrics) line((md_ ? "- " : "* ") + bold(text(m.value)) + " — " + esc(text(m.label)));
    }
  }

  void write_section(const model::Section& section) {
    blank();
    const std::string title = text(section.title);
    if (md_) {
      line("## " + esc(title));
    } else {
      std::string upper;
      for (char c : title) upper += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
      line(upper);
    }
    blank();
    int number = 0;
    for (const auto& entry : section.entries)
      if (model::entry_has_content(entry, language_, resume_.languages.front())) write_entry(entry, ++number);
    // What the PDF leaves out (blank bullets) the text leaves out too.
    for (const auto& b : section.bullets)
      if (!visible(b).empty()) line("- " + esc(text(b)));
    if (!section.text.empty()) line(esc(text(section.text)));
  }

  void write_entry(const model::Entry& e, int number) {
    switch (e.kind) {
      case model::EntryKind::Item: {
        std::string head = text(e.org).empty() ? text(e.role) : text(e.org);
        std::string date = compose::format_range(e.date, style_.dates, style_.date_separator);
        std::string tags;
        for (const auto& t : e.tags) tags += (tags.empty() ? "" : ", ") + text(t);
        std::string first = md_ ? "### " + esc(head) : head;
        if (!date.empty()) first += " — " + date;
        if (!tags.empty()) first += " (" + esc(tags) + ")";
        line(first);
        std::string second;
        if (!text(e.org).empty() && !text(e.role).empty()) second = italic(text(e.role));
        if (!text(e.location).empty()) second += (second.empty() ? "" : " · ") + esc(text(e.location));
        if (!second.empty()) line(second);
        if (!e.text.empty()) line(esc(text(e.text)));
        for (const auto& b : e.bullets)
          if (!visible(b).empty()) line("- " + esc(text(b)));
        if (!e.links.empty()) {
          std::string links;
          for (const auto& l : e.links)
            links += (links.empty() ? "" : " · ") + link(text(l.label).empty() ? l.url : text(l.label), l.url);
          line(links);
        }
        blank();
        break;
      }
      case model::EntryKind::Pair:
        line((md_ ? "- " : "") + bold(text(e.label)) + ": " + esc(text(e.text)));
        break;
      case model::EntryKind::Publication: {
        // The parts the PDF sets (compose/citation.hpp), the DOI among them.
        const compose::CitationFields fields{visible(e.authors), e.me, visible(e.title), visible(e.venue),
                                             model::blank(e.year) ? std::string() : e.year,
                                             model::blank(e.doi) ? std::string() : e.doi};
        const std::string url = !e.url.empty() ? e.url : compose::doi_url(fields.doi);
        std::string citation;
        for (const auto& part : compose::citation_parts(fields, style_.publication_show_doi,
                                                             compose::doi_form(style_.publication_doi_form))) {
          switch (part.kind) {
            case compose::CitationPart::Kind::Me: citation += bold(part.text); break;
            case compose::CitationPart::Kind::Title: citation += link(part.text, url); break;
            case compose::CitationPart::Kind::Venue: citation += part.lead + italic(part.text); break;
            // Plain text gives the DOI alone, which names its own address;
            // Markdown links it to its resolver as the PDF does.
            case compose::CitationPart::Kind::Doi:
              citation += md_ ? link(part.text, compose::doi_url(fields.doi)) : part.text;
              break;
            case compose::CitationPart::Kind::Author:
            case compose::CitationPart::Kind::Punctuation:
            case compose::CitationPart::Kind::Year: citation += part.lead + esc(part.text); break;
          }
        }
        line((md_ ? std::to_string(number) + ". " : "[" + std::to_string(number) + "] ") + citation);
        break;
      }
      case model::EntryKind::Paragraph:
        line(esc(text(e.text)));
        blank();
        break;
    }
  }

  const model::Resume& resume_;
  const compose::Style& style_;
  const std::string& language_;
  bool md_;
  std::string out_;
};

}  // namespace

std::string export_text(const model::Resume& resume, const compose::Style& style, const std::string& language,
                        TextFlavour flavour) {
  return Writer(resume, style, language, flavour).run();
}

}  // namespace cvpdf::app
