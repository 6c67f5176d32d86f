// An item's plain text and Markdown: its head (the organisation, or the
// role when there is none; the dates; the tags), then the role and
// location, its links, its text and its bullets, and an empty line.
#include "app/text_writer.hpp"
#include "compose/dates.hpp"

namespace cvpdf::app {

template <>
void export_kind<model::ItemEntry>(TextWriter& out, const model::Entry&, const model::ItemEntry& e,
                                   const EntryPlace&) {
  const bool md = out.markdown();
  std::string head = out.text(e.org).empty() ? out.text(e.role) : out.text(e.org);
  std::string date = compose::format_entry_dates(e.date, out.style(), out.language(), out.today());
  std::string tags;
  for (const auto& t : e.tags) tags += (tags.empty() ? "" : ", ") + out.rich(out.text(t));
  std::string first = md ? "### " + out.rich(head) : out.rich(head);
  if (!date.empty()) first += " — " + date;
  if (!tags.empty()) first += " (" + tags + ")";
  out.line(first);
  std::string second;
  if (!out.text(e.org).empty() && !out.text(e.role).empty()) second = out.rich(out.text(e.role), false, md);
  if (!out.text(e.location).empty()) second += (second.empty() ? "" : " · ") + out.rich(out.text(e.location));
  if (!second.empty()) out.line(second);
  // An item's links stand with its head, as in the PDF (beside the
  // organisation or on a line under the head), never after the bullets.
  if (!e.links.empty()) {
    std::string links;
    for (const auto& l : e.links)
      links += (links.empty() ? "" : " · ") + out.link(out.text(l.label).empty() ? l.url : out.text(l.label), l.url);
    out.line(links);
  }
  if (!e.text.empty()) out.line(out.rich(out.text(e.text)));
  out.bullets(e.bullets);
  out.blank();
}

}  // namespace cvpdf::app
