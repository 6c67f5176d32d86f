// Plain text and Markdown from the model.
#include "app/text_export.hpp"

#include <algorithm>

#include "compose/citation.hpp"
#include "compose/dates.hpp"
#include "compose/inline_markup.hpp"
#include "model/visible_content.hpp"
#include "text/case_mapping.hpp"

namespace cvpdf::app {

namespace {

class Writer {
 public:
  Writer(const model::Resume& resume, const theme::Style& style, const std::string& language, TextFlavour flavour)
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

  // Résumé text with its inline markup read as the PDF reads it (with the
  // layout's bold keywords): Markdown writes it again as Markdown; plain
  // text drops the marks and writes a link as "label <url>", as the links
  // of entries are written. A line break (<br>) is a space: one field, one line.
  std::string rich(const std::string& s, bool bold = false, bool italic = false, const std::string& url = {}) const {
    std::vector<compose::markup::Run> runs = compose::markup::parse(s).runs;
    compose::markup::apply_bold_keywords(runs, style_.bold_keywords);
    compose::markup::apply_typography(runs, language_, style_.ja_quotes == theme::JaQuotes::Corner);
    std::string out;
    for (std::size_t i = 0; i < runs.size();) {
      std::string target = url;
      if (!runs[i].link.empty()) {
        bool allowed = true;
        std::string uri = compose::markup::link_target(runs[i].link, &allowed);
        if (allowed) target = uri;
      }
      std::size_t j = i + 1;
      while (j < runs.size() && runs[j].link == runs[i].link) ++j;
      std::string label, label_plain;
      for (std::size_t k = i; k < j; ++k) {
        compose::markup::Run r = runs[k];
        std::replace(r.text.begin(), r.text.end(), '\n', ' ');
        r.bold = r.bold || bold;
        r.italic = r.italic || italic;
        label += md_ ? markdown(r) : r.text;
        label_plain += r.text;
      }
      if (target.empty()) out += label;
      else if (md_) out += "[" + label + "](" + target + ")";
      else if (label_plain == target || "mailto:" + label_plain == target) out += label_plain;
      else out += label_plain + " <" + target + ">";
      i = j;
    }
    return out;
  }
  // One run as Markdown: code in a fence of more backticks than it holds;
  // the marks inside any white space at its ends, where CommonMark reads them.
  std::string markdown(const compose::markup::Run& r) const {
    std::string body;
    if (r.code) {
      std::size_t longest = 0, run = 0;
      for (char c : r.text) longest = std::max(longest, run = c == '`' ? run + 1 : 0);
      const std::string fence(longest + 1, '`');
      const std::string pad = !r.text.empty() && (r.text.front() == '`' || r.text.back() == '`') ? " " : "";
      body = fence + pad + r.text + pad + fence;
    } else {
      body = esc(r.text);
    }
    const char* marks = r.bold && r.italic ? "***" : r.bold ? "**" : r.italic ? "*" : "";
    if (!*marks) return body;
    const std::size_t from = body.find_first_not_of(' '), to = body.find_last_not_of(' ');
    if (from == std::string::npos) return body;
    return body.substr(0, from) + marks + body.substr(from, to + 1 - from) + marks + body.substr(to + 1);
  }
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
    line(md_ ? "# " + rich(text(p.name)) : rich(text(p.name)));
    if (!p.headline.empty()) line(rich(text(p.headline), false, md_));
    std::string contact;
    auto add = [&](const std::string& s) {
      if (s.empty()) return;
      if (!contact.empty()) contact += " · ";
      contact += s;
    };
    if (!p.email.empty()) add(link(p.email, "mailto:" + p.email));
    add(esc(p.phone));
    add(rich(text(p.location)));
    for (const auto& l : p.links) {
      const std::string label = text(l.label);
      // A label the résumé writes is text with markup; a username or an
      // address is set as written, as the PDF does.
      if (label.empty() || l.label_is_username) add(link(label.empty() ? l.url : label, l.url));
      else if (l.url.empty()) add(rich(label));
      else add(md_ ? "[" + rich(label) + "](" + l.url + ")" : rich(label) + " <" + l.url + ">");
    }
    if (!contact.empty()) line(contact);
    if (!p.summary.empty()) {
      blank();
      line(rich(text(p.summary)));
    }
    if (!p.metrics.empty()) {
      blank();
      for (const auto& m : p.metrics) line((md_ ? "- " : "* ") + rich(text(m.value), true) + " — " + rich(text(m.label)));
    }
  }

  void write_section(const model::Section& section) {
    blank();
    const std::string title = compose::markup::plain_text(text(section.title));
    if (md_) {
      line("## " + rich(text(section.title)));
    } else {
      line(text::to_upper(title, language_));  // as the PDF's headings: EXPÉRIENCE, not EXPéRIENCE
    }
    blank();
    int number = 0;
    for (const auto& entry : section.entries)
      if (model::entry_has_content(entry, language_, resume_.languages.front())) write_entry(entry, ++number);
    // What the PDF leaves out (blank bullets) the text leaves out too.
    for (const auto& b : section.bullets)
      if (!visible(b).empty()) line("- " + rich(text(b)));
    if (!section.text.empty()) line(rich(text(section.text)));
  }

  void write_entry(const model::Entry& e, int number) {
    switch (e.kind) {
      case model::EntryKind::Item: {
        std::string head = text(e.org).empty() ? text(e.role) : text(e.org);
        std::string date = compose::format_range(e.date, style_.dates, style_.date_separator);
        std::string tags;
        for (const auto& t : e.tags) tags += (tags.empty() ? "" : ", ") + rich(text(t));
        std::string first = md_ ? "### " + rich(head) : rich(head);
        if (!date.empty()) first += " — " + date;
        if (!tags.empty()) first += " (" + tags + ")";
        line(first);
        std::string second;
        if (!text(e.org).empty() && !text(e.role).empty()) second = rich(text(e.role), false, md_);
        if (!text(e.location).empty()) second += (second.empty() ? "" : " · ") + rich(text(e.location));
        if (!second.empty()) line(second);
        // An item's links stand with its head, as in the PDF (beside the
        // organisation or on a line under the head), never after the bullets.
        if (!e.links.empty()) {
          std::string links;
          for (const auto& l : e.links)
            links += (links.empty() ? "" : " · ") + link(text(l.label).empty() ? l.url : text(l.label), l.url);
          line(links);
        }
        if (!e.text.empty()) line(rich(text(e.text)));
        for (const auto& b : e.bullets)
          if (!visible(b).empty()) line("- " + rich(text(b)));
        blank();
        break;
      }
      case model::EntryKind::Pair:
        line((md_ ? "- " : "") + rich(text(e.label), md_) + ": " + rich(text(e.text)));
        break;
      case model::EntryKind::Publication: {
        // The parts the PDF sets (compose/citation.hpp), the DOI among them.
        const compose::CitationFields fields{visible(e.authors), e.me, visible(e.title), visible(e.venue),
                                             model::blank(e.year) ? std::string() : e.year,
                                             model::blank(e.doi) ? std::string() : e.doi};
        const std::string url = !e.url.empty() ? e.url : compose::doi_url(fields.doi);
        std::string citation;
        for (const auto& part : compose::citation_parts(fields, style_.publication_show_doi,
                                                             style_.publication_doi_form)) {
          switch (part.kind) {
            case compose::CitationPart::Kind::Me: citation += rich(part.text, md_); break;
            case compose::CitationPart::Kind::Title: citation += rich(part.text, false, false, url); break;
            case compose::CitationPart::Kind::Venue: citation += part.lead + rich(part.text, false, md_); break;
            // Plain text gives the DOI alone, which names its own address;
            // Markdown links it to its resolver as the PDF does.
            case compose::CitationPart::Kind::Doi:
              citation += md_ ? link(part.text, compose::doi_url(fields.doi)) : part.text;
              break;
            case compose::CitationPart::Kind::Author: citation += part.lead + rich(part.text); break;
            case compose::CitationPart::Kind::Punctuation:
            case compose::CitationPart::Kind::Year: citation += part.lead + esc(part.text); break;
          }
        }
        line((md_ ? std::to_string(number) + ". " : "[" + std::to_string(number) + "] ") + citation);
        break;
      }
      case model::EntryKind::Paragraph:
        line(rich(text(e.text)));
        blank();
        break;
    }
  }

  const model::Resume& resume_;
  const theme::Style& style_;
  const std::string& language_;
  bool md_;
  std::string out_;
};

}  // namespace

std::string export_text(const model::Resume& resume, const theme::Style& style, const std::string& language,
                        TextFlavour flavour) {
  return Writer(resume, style, language, flavour).run();
}

}  // namespace cvpdf::app
