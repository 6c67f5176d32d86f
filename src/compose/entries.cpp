// What the entry kinds share when they are set (src/kinds/*/compose.cpp):
// lines into an entry's column, a head line with a side flush right, a
// bullet and its sub-bullets, a list item with a hanging label (publications, numbered
// entries), the links of an entry, the faces of its fields, and the keeps
// among an entry's gathered lines as they go into the galley.
#include <algorithm>

#include "compose/composer.hpp"
#include "model/link_policy.hpp"

namespace cvpdf::compose {

Scaled line_extent(const SetLine& line) {
  Scaled right = 0;
  for (const auto& element : line.elements) {
    if (const auto* run = std::get_if<frame::GlyphRun>(&element)) {
      Scaled end = run->x + run->width();
      if (!run->glyphs.empty() && run->glyphs.back().text == " ") end -= std::max<Scaled>(0, run->glyphs.back().advance);
      right = std::max(right, end);
    }
  }
  return right;
}

void merge_into(SetLine& onto, SetLine& from) {
  for (auto& e : from.elements) onto.elements.push_back(std::move(e));
  onto.height = std::max(onto.height, from.height);
  onto.depth = std::max(onto.depth, from.depth);
}

FontVariant Composer::face_for(theme::EntryFont font, const std::string& s) const {
  const bool cjk = has_cjk(s);
  switch (font) {
    case theme::EntryFont::Regular: return FontVariant::Regular;
    case theme::EntryFont::Bold: return FontVariant::Bold;
    case theme::EntryFont::Italic: return cjk ? FontVariant::Regular : FontVariant::Italic;
    case theme::EntryFont::BoldItalic: return cjk ? FontVariant::Bold : FontVariant::BoldItalic;
  }
  return FontVariant::Regular;
}

void Composer::put_lines(EntryColumn& at, std::vector<SetLine> lines, Scaled x, bool keep_with_previous,
                         Scaled gap) {
  if (at.gathered) {
    at.gathered->push_back({std::move(lines), at.x + x, keep_with_previous, gap});
    return;
  }
  galley.add_lines(std::move(lines), at.x + x, keep_with_previous, gap);
}

bool Composer::add_split_line(EntryColumn& at, const RichText& left, const RichText& right, bool keep_with_previous,
                              Scaled gap, theme::Alignment align, const char* role) {
  const Scaled width = at.width;
  const Scaled em = style.text_size;
  const Scaled right_width = right.empty() ? 0 : typesetter.measure(right);
  ParagraphShape shape = typesetter.body_shape(width);
  shape.align = align;
  std::vector<SetLine> lines;
  bool right_apart = false;
  if (!left.empty()) {
    if (right_width > 0) {
      // The left's first line leaves room for the right and 1em between
      // them; no hyphen there, or extracted text would split a word around
      // the date. A left whose first line still reaches into that room (a
      // long word, a right wider than two thirds of the line) is set on its
      // own and the right goes below it.
      const Scaled room = width - right_width - em;
      ParagraphShape beside = shape;
      beside.first_line_width = std::max(width / 3, room);
      beside.hyphenate = false;
      std::vector<Diagnostic> held;
      lines = typesetter.set_trial(left, beside, held);
      right_apart = room <= 0 || (!lines.empty() && line_extent(lines.front()) > room);
      if (right_apart) {
        lines = typesetter.set(left, shape);
      } else {
        for (auto& d : held) diags.add(std::move(d));
      }
    } else {
      lines = typesetter.set(left, shape);
    }
  }
  // The left side is the line's element (an item's title line: its H3).
  // What stands flush right (a date, a place) is a P of its own after it,
  // so neither a heading's navigation nor a reader of the tree runs
  // "Example Corp" and "2020 – now" together; without a left side it takes
  // the line's role.
  StructId node = kArtifact;
  auto read = [&](std::vector<SetLine>& set) {
    if (node == kArtifact) node = tag_as(set, role);
    else tag_as(set, "P");
  };
  read(lines);
  if (right_width > 0) {
    // One line when it fits the column (set a little wider than it
    // measures, so rounding never breaks it), else ragged lines; each flush right.
    ParagraphShape rshape = typesetter.body_shape(std::min(width, right_width + pt(1)));
    rshape.align = theme::Alignment::Ragged;
    rshape.hyphenate = false;
    auto right_lines = typesetter.set(right, rshape);
    read(right_lines);
    // A line wider than the column (a word that cannot break) starts at
    // its left edge and runs into the margin, never over a column beside.
    for (auto& r : right_lines) translate(r.elements, std::max<Scaled>(0, width - r.width), 0);
    if (lines.empty()) lines.push_back(SetLine{});
    std::size_t from = 0;
    if (!right_apart && !right_lines.empty()) {
      merge_into(lines.front(), right_lines.front());
      from = 1;
    }
    for (std::size_t i = from; i < right_lines.size(); ++i) lines.push_back(std::move(right_lines[i]));
  }
  put_lines(at, std::move(lines), 0, keep_with_previous, gap);
  return node != kArtifact;
}

void Composer::add_bullet(EntryColumn& at, const model::Bullet& bullet, bool keep_with_previous, Scaled gap) {
  std::vector<const model::Localized*> subs;
  for (const auto& sub : bullet.sub_bullets)
    if (!text(sub).empty()) subs.push_back(&sub);
  if (text(bullet.text).empty()) {
    for (std::size_t i = 0; i < subs.size(); ++i)
      add_list_item(at, *subs[i], style.bullet_symbol, i == 0 && keep_with_previous,
                    i == 0 ? gap : style.bullet_space_between);
    return;
  }
  const StructId body = add_list_item(at, bullet.text, style.bullet_symbol, keep_with_previous, gap);
  if (subs.empty()) return;
  EntryColumn inner{at.x + style.bullet_indent, at.width - style.bullet_indent, at.gathered, kArtifact};
  if (structure) inner.bullets = add_node("L", body);
  for (std::size_t i = 0; i < subs.size(); ++i) {
    add_list_item(inner, *subs[i], style.bullet_sub_symbol, i == 0, style.bullet_space_between);
    if (at.gathered) at.gathered->back().sub_bullet = true;
  }
}

StructId Composer::add_list_item(EntryColumn& at, const model::Localized& item_text, const std::string& marker,
                                 bool keep_with_previous, Scaled gap) {
  const Scaled width = at.width;
  RichText rich = rich_text(text(item_text), body(), place(item_text));
  auto lines = typesetter.set(rich, typesetter.body_shape(width - style.bullet_indent));
  if (lines.empty()) return kArtifact;
  RichText symbol;
  symbol.add(marker, with(FontVariant::Regular, style.text_size, style.accent_color));
  ParagraphShape shape = typesetter.body_shape(style.bullet_indent);
  shape.align = theme::Alignment::Ragged;
  auto symbol_lines = typesetter.set(symbol, shape);
  // The entry's (or section's) one L, an LI per bullet: its symbol the
  // Lbl, its text the LBody.
  StructId lbody = kArtifact;
  if (structure) {
    if (at.bullets == kArtifact) at.bullets = add_node("L");
    const StructId item = add_node("LI", at.bullets);
    tag_as(symbol_lines, "Lbl", item);
    lbody = tag_as(lines, "LBody", item);
  }
  if (!symbol_lines.empty()) {
    SetLine& s = symbol_lines.front();
    // The symbol hangs in the indent, a little left of its middle.
    Scaled x = std::max<Scaled>(0, (style.bullet_indent - s.width) / 2 - style.bullet_indent / 8) - style.bullet_indent;
    translate(s.elements, x, 0);
    // Drawn before the first line's runs, as a numbered label is: a reader
    // that follows the content's order (pdf.js, mupdf) reads "• Optimized
    // …", not "…operator•" run into the line's last word.
    auto& first = lines.front().elements;
    first.insert(first.begin(), std::make_move_iterator(s.elements.begin()), std::make_move_iterator(s.elements.end()));
  }
  put_lines(at, std::move(lines), style.bullet_indent, keep_with_previous, gap);
  if (at.gathered) at.gathered->back().bullet = true;
  return lbody;
}

std::vector<std::size_t> Composer::release_gathered(std::vector<GatheredLines>& gathered, std::size_t head_groups,
                                                    bool bullets_begin_entries) {
  std::size_t total = 0, head = 0;
  for (std::size_t k = 0; k < gathered.size(); ++k) {
    total += gathered[k].lines.size();
    if (k < head_groups) head += gathered[k].lines.size();
  }
  std::size_t before = 0;
  bool after_bullet = false;
  std::vector<std::size_t> splits;
  const std::size_t head_mark = galley.mark();
  for (std::size_t k = 0; k < gathered.size(); ++k) {
    GatheredLines& g = gathered[k];
    // A head over a body is never split: a long head paragraph (an org or
    // a role over four lines) would otherwise break between its lines
    // like any paragraph, its heading's start at one page's foot and the
    // rest on the next. A head with no body (a run-in item's paragraph)
    // breaks as a paragraph does.
    if (k == head_groups && head > 0 && total > head) galley.keep_together(head_mark, {}, 0);
    if (k >= head_groups && before > 0 && !g.keep_with_previous) {
      const bool thin_body = head > 0 && before - head < 2;
      if (before < 2 || total - before < 2 || thin_body) {
        g.keep_with_previous = true;
      } else if (g.bullet && after_bullet) {
        splits.push_back(galley.mark());
      }
    }
    after_bullet = after_bullet || g.bullet;
    before += g.lines.size();
    const std::size_t mark = galley.mark();
    galley.add_lines(std::move(g.lines), g.x, g.keep_with_previous, g.gap);
    if (bullets_begin_entries && g.bullet && !g.sub_bullet) galley.mark_begin(mark, Begins::Entry);
  }
  return splits;
}

// Between a run-in head and its text: an em dash in Latin text, a
// full-width colon in Chinese and Japanese (CLREQ's habit for run-in heads).
std::string Composer::run_in_separator() const {
  const std::string primary = model::primary_language(language);
  if (primary == "zh" || primary == "ja") return "：";
  return " — ";
}

RichText Composer::links_text(const std::vector<model::Link>& entry_links) const {
  RichText links;
  const SpanStyle link_style = with(FontVariant::Regular, style.links_size, style.accent_color);
  const SpanStyle plain_style = with(FontVariant::Regular, style.links_size, style.muted_color);
  for (const auto& link : entry_links) {
    std::string label = link.label_is_address ? model::shown_address(link.url) : text(link.label);
    if (label.empty() && !model::blank(link.url)) label = model::shown_address(link.url);
    if (label.empty()) continue;  // nothing to show, and no stray "  ·  "
    if (!links.empty()) {
      links.add("  ·  ", plain_style);
      links.spans.back().separator = true;
    }
    links.add(label, link.url.empty() ? plain_style : link_style, link.url, link.span);
  }
  return links;
}

void Composer::add_labelled(const RichText& text, const HangingLabel& label, StructId list) {
  // Beside a date column the label stands in that column, flush right
  // half an em before the text, as moderncv sets its bibliography's
  // labels: "[12]" next to the citation it numbers, not a column away.
  const bool left_dates = date_column();
  Scaled indent = text_column_x();
  Scaled label_x = 0;  // within the label column
  if (!label.text.empty() && left_dates)
    label_x = std::max<Scaled>(0, indent - typesetter.measure(label.text) - style.text_size / 2);
  if (!label.text.empty() && !left_dates) {
    const Scaled own = typesetter.measure(label.text);
    indent = std::max(style.bullet_indent, label.widest.value_or(own) + style.text_size / 2);
    if (label.widest) label_x = std::max<Scaled>(0, *label.widest - own);
  }
  auto lines = typesetter.set(text, typesetter.body_shape(column_width - indent));
  std::vector<SetLine> label_lines;
  if (!lines.empty() && !label.text.empty()) {
    ParagraphShape shape = typesetter.body_shape(left_dates ? style.date_column_width : indent);
    shape.align = theme::Alignment::Ragged;
    label_lines = typesetter.set(label.text, shape);
  }
  // An LI of the section's list: its label the Lbl, read before the text.
  if (!lines.empty()) {
    const StructId item = add_node("LI", list);
    tag_as(label_lines, "Lbl", item);
    tag_as(lines, "LBody", item);
  }
  // Drawn before the first line's runs, where it is read: a reader that
  // follows the content's order (pdf.js, mupdf, pdftotext -raw) gets
  // "[1] S. Tan, …", not "…Modern HPC[1]".
  if (!label_lines.empty()) {
    auto& label_elements = label_lines.front().elements;
    translate(label_elements, label_x - indent, 0);
    auto& first = lines.front().elements;
    first.insert(first.begin(), std::make_move_iterator(label_elements.begin()),
                 std::make_move_iterator(label_elements.end()));
  }
  galley.add_lines(std::move(lines), indent);
}

}  // namespace cvpdf::compose
