// Entries: items (organisation and date, role and location, bullets, text,
// links), pairs (a label column beside the text), publications (numbered
// citations with the author's own name in bold) and paragraphs.
#include <algorithm>

#include "compose/composer.hpp"
#include "compose/dates.hpp"

namespace cvpdf::compose {

void Composer::compose_entry(const model::Entry& entry, const model::Section& section) {
  (void)section;
  switch (entry.kind) {
    case model::EntryKind::Item: add_item(entry); break;
    case model::EntryKind::Pair: add_pair(entry); break;
    case model::EntryKind::Publication: add_publication(entry); break;
    case model::EntryKind::Paragraph: {
      RichText paragraph;
      paragraph.add(text(entry.text), body(), {}, entry.text.span);
      galley.add_lines(typesetter.set(paragraph, typesetter.body_shape(column_width)), 0);
      break;
    }
  }
}

void Composer::add_split_line(const RichText& left, const RichText& right, bool keep_with_previous, Scaled gap,
                              Alignment align) {
  const Scaled width = column_width;
  Scaled right_width = right.empty() ? 0 : typesetter.measure(right);
  ParagraphShape shape = typesetter.body_shape(width);
  shape.align = align;
  if (right_width > 0) {
    shape.first_line_width = std::max(width / 3, width - right_width - style.text_size);
    shape.hyphenate = false;
  }
  std::vector<SetLine> lines = left.empty() ? std::vector<SetLine>{} : typesetter.set(left, shape);
  if (right_width > 0) {
    ParagraphShape rshape = typesetter.body_shape(right_width + pt(1));
    rshape.align = Alignment::Ragged;
    auto right_lines = typesetter.set(right, rshape);
    if (lines.empty()) lines.push_back(SetLine{});
    if (!right_lines.empty()) {
      SetLine& first = lines.front();
      SetLine& r = right_lines.front();
      translate(r.elements, width - r.width, 0);
      for (auto& e : r.elements) first.elements.push_back(std::move(e));
      first.height = std::max(first.height, r.height);
      first.depth = std::max(first.depth, r.depth);
    }
  }
  galley.add_lines(std::move(lines), 0, keep_with_previous, gap);
}

void Composer::add_bullet(const model::Localized& bullet, bool keep_with_previous, Scaled gap) {
  const Scaled width = column_width;
  RichText rich;
  rich.add(text(bullet), body(), {}, bullet.span);
  auto lines = typesetter.set(rich, typesetter.body_shape(width - style.bullet_indent));
  if (lines.empty()) return;
  RichText symbol;
  symbol.add(style.bullet_symbol, with(FontVariant::Regular, style.text_size, style.accent_color));
  ParagraphShape shape = typesetter.body_shape(style.bullet_indent);
  shape.align = Alignment::Ragged;
  auto symbol_lines = typesetter.set(symbol, shape);
  if (!symbol_lines.empty()) {
    SetLine& s = symbol_lines.front();
    // The symbol hangs in the indent, a little left of its middle.
    Scaled x = std::max<Scaled>(0, (style.bullet_indent - s.width) / 2 - style.bullet_indent / 8) - style.bullet_indent;
    translate(s.elements, x, 0);
    for (auto& e : s.elements) lines.front().elements.push_back(std::move(e));
  }
  galley.add_lines(std::move(lines), style.bullet_indent, keep_with_previous, gap);
}

// Between a run-in head and its text: an em dash in Latin text, a
// full-width colon in Chinese and Japanese (CLREQ's habit for run-in heads).
std::string Composer::run_in_separator() const {
  const std::string primary = primary_language(language);
  if (primary == "zh" || primary == "ja") return "：";
  return " — ";
}

RichText Composer::links_text(const model::Entry& entry) const {
  RichText links;
  const SpanStyle link_style = with(FontVariant::Regular, style.links_size, style.accent_color);
  const SpanStyle plain_style = with(FontVariant::Regular, style.links_size, style.muted_color);
  for (const auto& link : entry.links) {
    if (!links.empty()) links.add("  ·  ", plain_style);
    std::string label = text(link.label);
    if (label.empty()) label = link.url;
    links.add(label, link.url.empty() ? plain_style : link_style, link.url, link.span);
  }
  return links;
}

void Composer::add_item(const model::Entry& entry) {
  const Scaled width = column_width;
  const std::string date = format_range(entry.date, style.dates, style.date_separator);
  std::string tags;
  for (const auto& tag : entry.tags) {
    if (!tags.empty()) tags += " · ";
    tags += text(tag);
  }

  // Head line: organisation left; date (or the status tags) flush right.
  // A short item — a name and a sentence, no role, no bullets — runs its
  // text in after the name, as a run-in head, to keep the page compact.
  const bool run_in = !text(entry.org).empty() && text(entry.role).empty() && text(entry.location).empty() &&
                      entry.bullets.empty() && !text(entry.text).empty();
  RichText head_left, head_right;
  const bool has_org = !text(entry.org).empty();
  const model::Localized& head = has_org ? entry.org : entry.role;
  head_left.add(text(head), with(FontVariant::Bold, style.text_size, style.text_color), {}, head.span);
  if (!date.empty()) {
    head_right.add(date, with(FontVariant::Regular, style.date_size, style.muted_color), {}, entry.date.start ? entry.date.start->span : entry.span);
    if (!tags.empty()) head_left.add("  " + tags, with(FontVariant::Regular, style.tag_size, style.accent_color));
  } else if (!tags.empty()) {
    head_right.add(tags, with(FontVariant::Bold, style.tag_size, style.accent_color), {}, entry.tags.front().span);
  }
  if (run_in) {
    head_left.add(run_in_separator(), body());
    head_left.add(text(entry.text), body(), {}, entry.text.span);
  }
  // Without bullets to follow, links ride on the head paragraph.
  if (!entry.links.empty() && entry.bullets.empty()) {
    head_left.add(" ", with(FontVariant::Regular, style.links_size, style.muted_color));
    for (auto& span : links_text(entry).spans) head_left.spans.push_back(std::move(span));
  }
  bool keep = false;
  if (!head_left.empty() || !head_right.empty()) {
    add_split_line(head_left, head_right, false, 0, run_in ? style.align : Alignment::Ragged);
    keep = true;
  }

  // Role line: role left in italic, location right.
  if (has_org && (!text(entry.role).empty() || !text(entry.location).empty())) {
    RichText role, location;
    role.add(text(entry.role), with(italic_for(text(entry.role)), style.text_size, style.text_color), {}, entry.role.span);
    location.add(text(entry.location), with(italic_for(text(entry.location)), style.date_size, style.muted_color), {}, entry.location.span);
    add_split_line(role, location, true, style.entry_head_gap);
  } else if (!has_org && !text(entry.location).empty()) {
    RichText location;
    location.add(text(entry.location), with(italic_for(text(entry.location)), style.date_size, style.muted_color), {}, entry.location.span);
    add_split_line(location, {}, true, style.entry_head_gap);
  }

  if (!entry.text.empty() && !run_in) {
    RichText paragraph;
    paragraph.add(text(entry.text), body(), {}, entry.text.span);
    galley.add_lines(typesetter.set(paragraph, typesetter.body_shape(width)), 0, keep, keep ? style.bullet_gap_before : 0);
    keep = false;
  }

  for (std::size_t i = 0; i < entry.bullets.size(); ++i) {
    add_bullet(entry.bullets[i], i == 0 && keep, i == 0 ? style.bullet_gap_before : style.bullet_space_between);
  }

  if (!entry.links.empty() && !entry.bullets.empty()) {
    ParagraphShape shape = typesetter.body_shape(width - style.bullet_indent);
    shape.align = Alignment::Ragged;
    galley.add_lines(typesetter.set(links_text(entry), shape), style.bullet_indent, true, style.bullet_gap_before);
  }
}

void Composer::add_pair(const model::Entry& entry) {
  const Scaled width = column_width;
  const Scaled label_width = std::max(pair_label_width, pt(24));
  RichText label, value;
  label.add(text(entry.label), with(FontVariant::Bold, style.text_size, style.text_color), {}, entry.label.span);
  value.add(text(entry.text), body(), {}, entry.text.span);
  ParagraphShape label_shape = typesetter.body_shape(label_width);
  label_shape.align = Alignment::Ragged;
  auto label_lines = typesetter.set(label, label_shape);
  const Scaled text_x = label_width + style.pair_column_gap;
  ParagraphShape value_shape = typesetter.body_shape(width - text_x);
  value_shape.align = Alignment::Ragged;  // short lists of names: ragged reads better than stretched
  auto value_lines = typesetter.set(value, value_shape);
  // Row i holds label line i and text line i.
  std::vector<SetLine> rows(std::max(label_lines.size(), value_lines.size()));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    SetLine& row = rows[i];
    if (i < label_lines.size()) {
      for (auto& e : label_lines[i].elements) row.elements.push_back(std::move(e));
      row.height = label_lines[i].height;
      row.depth = label_lines[i].depth;
    }
    if (i < value_lines.size()) {
      translate(value_lines[i].elements, text_x, 0);
      for (auto& e : value_lines[i].elements) row.elements.push_back(std::move(e));
      row.height = std::max(row.height, value_lines[i].height);
      row.depth = std::max(row.depth, value_lines[i].depth);
    }
  }
  galley.add_lines(std::move(rows), 0);
}

void Composer::add_publication(const model::Entry& entry) {
  const Scaled width = column_width;
  ++publication_number;
  const SpanStyle regular = body();
  const SpanStyle bold = with(FontVariant::Bold, style.text_size, style.text_color);
  const SpanStyle italic = with(italic_for(text(entry.venue)), style.text_size, style.text_color);

  RichText citation;
  // Authors, with the résumé's own author in bold wherever the name occurs.
  const std::string authors = text(entry.authors);
  if (!entry.me.empty()) {
    std::size_t from = 0;
    for (std::size_t at; (at = authors.find(entry.me, from)) != std::string::npos; from = at + entry.me.size()) {
      citation.add(authors.substr(from, at - from), regular, {}, entry.authors.span);
      citation.add(entry.me, bold, {}, entry.authors.span);
    }
    citation.add(authors.substr(from), regular, {}, entry.authors.span);
  } else {
    citation.add(authors, regular, {}, entry.authors.span);
  }
  std::string link = entry.url;
  if (link.empty() && !entry.doi.empty()) link = "https://doi.org/" + entry.doi;
  const std::string title = text(entry.title);
  if (!authors.empty()) citation.add(". ", regular);
  citation.add(title, with(FontVariant::Regular, style.text_size, link.empty() ? style.text_color : style.accent_color),
               link, entry.title.span);
  if (!title.empty() && title.back() != '.' && title.back() != '?') citation.add(".", regular);
  const std::string venue = text(entry.venue);
  if (!venue.empty()) citation.add(" " + venue, italic, {}, entry.venue.span);
  if (!entry.year.empty()) citation.add((venue.empty() ? " " : ", ") + entry.year, regular, {}, entry.span);
  citation.add(".", regular);

  Scaled indent = 0;
  RichText number;
  if (style.publication_numbers) {
    number.add("[" + std::to_string(publication_number) + "]", with(FontVariant::Regular, style.text_size, style.muted_color));
    indent = std::max(style.bullet_indent, typesetter.measure(number) + style.text_size / 2);
  }
  auto lines = typesetter.set(citation, typesetter.body_shape(width - indent));
  if (!lines.empty() && !number.empty()) {
    ParagraphShape shape = typesetter.body_shape(indent);
    shape.align = Alignment::Ragged;
    auto number_lines = typesetter.set(number, shape);
    if (!number_lines.empty()) {
      translate(number_lines.front().elements, -indent, 0);
      for (auto& e : number_lines.front().elements) lines.front().elements.push_back(std::move(e));
    }
  }
  galley.add_lines(std::move(lines), indent);
}

}  // namespace cvpdf::compose
