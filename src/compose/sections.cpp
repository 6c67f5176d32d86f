// Sections: the heading (with its rule and outline entry) and the entries,
// bullets or paragraph beneath it.
#include <algorithm>

#include "compose/composer.hpp"
#include "core/utf8.hpp"
#include "text/line_breaks.hpp"

namespace cvpdf::compose {

namespace {

// Headings are set in capitals in Latin scripts; only ASCII and Latin-1
// letters are mapped (the layouts' Latin faces cover these; CJK has no case).
std::string to_upper(const std::string& s) {
  std::string out;
  for (std::size_t pos = 0; pos < s.size();) {
    char32_t cp = utf8::decode(s, pos);
    if (cp >= U'a' && cp <= U'z') cp -= 32;
    else if (cp >= 0xE0 && cp <= 0xFE && cp != 0xF7) cp -= 32;
    utf8::append(out, cp);
  }
  return out;
}

}  // namespace

bool Composer::has_cjk(const std::string& s) const {
  for (std::size_t pos = 0; pos < s.size();)
    if (text::is_cjk(utf8::decode(s, pos))) return true;
  return false;
}

void Composer::compose_section(const model::Section& section, bool first) {
  const std::string title = text(section.title);
  const bool cjk = has_cjk(title);
  const Scaled width = column_width;

  if (!first || !galley.empty()) galley.add_glue(style.heading_space_before);
  SpanStyle heading = with(FontVariant::Bold, style.heading_size, style.heading_color);
  if (!cjk) heading.letter_spacing = static_cast<Scaled>(style.heading_letter_spacing_em * static_cast<double>(style.heading_size));
  RichText rich;
  rich.add(style.heading_uppercase && !cjk ? to_upper(title) : title, heading, {}, section.title.span);
  ParagraphShape shape = typesetter.body_shape(width);
  shape.align = Alignment::Ragged;
  auto lines = typesetter.set(rich, shape);
  Block block = stack_lines(std::move(lines), 0);
  frame::Rule rule{0, block.depth - pt(1.2) + style.heading_rule_gap, width, style.heading_rule_thickness,
                   style.rule_color};
  block.elements.emplace_back(std::in_place_type<frame::Rule>, rule);
  block.depth += style.heading_rule_gap + style.heading_rule_thickness - pt(1.2);
  block.bookmark = title;
  galley.add_block(std::move(block));
  galley.add_penalty(typeset::kInfinitePenalty);  // a heading is never alone at a page foot
  galley.add_glue(style.heading_space_after);
  galley.add_penalty(typeset::kInfinitePenalty);

  // The label column of pairs: as wide as the widest label, within the layout's share.
  pair_label_width = 0;
  publication_number = 0;
  for (const auto& entry : section.entries) {
    if (entry.kind != model::EntryKind::Pair || !entry.only.includes(language)) continue;
    RichText label;
    label.add(text(entry.label), with(FontVariant::Bold, style.text_size, style.text_color));
    pair_label_width = std::max(pair_label_width, typesetter.measure(label));
  }
  pair_label_width = std::min(pair_label_width, static_cast<Scaled>(style.pair_label_column_max * static_cast<double>(width)));

  bool first_entry = true;
  for (const auto& entry : section.entries) {
    if (!entry.only.includes(language)) continue;
    if (!first_entry) {
      Scaled gap = style.entry_space_between;
      if (entry.kind == model::EntryKind::Pair) gap = style.pair_space_between;
      if (entry.kind == model::EntryKind::Publication) gap = style.publication_space_between;
      if (entry.kind == model::EntryKind::Paragraph) gap = style.paragraph_gap;
      galley.add_glue(gap);
    }
    // A short entry (a head, a role line and a bullet or two) reads as one
    // unit: it is never split across pages.
    const std::size_t mark = galley.mark();
    compose_entry(entry, section);
    if (galley.boxes_since(mark) <= static_cast<std::size_t>(style.entry_keep_lines)) galley.keep_together(mark);
    first_entry = false;
  }
  for (std::size_t i = 0; i < section.bullets.size(); ++i)
    add_bullet(section.bullets[i], i == 0, i == 0 ? 0 : style.bullet_space_between);
  if (!section.text.empty()) {
    RichText paragraph;
    paragraph.add(text(section.text), body(), {}, section.text.span);
    galley.add_lines(typesetter.set(paragraph, typesetter.body_shape(width)), 0, true);
  }
}

}  // namespace cvpdf::compose
