// Sections: the heading (headings.cpp) and the entries, bullets or
// paragraph beneath it.
#include <algorithm>

#include "compose/composer.hpp"
#include "core/utf8.hpp"
#include "text/line_breaks.hpp"

namespace cvpdf::compose {

bool Composer::has_cjk(const std::string& s) const {
  for (std::size_t pos = 0; pos < s.size();)
    if (text::is_cjk(utf8::decode(s, pos))) return true;
  return false;
}

void Composer::compose_section(const model::Section& section, bool first) {
  const Scaled width = column_width;
  // The page foot is weighed in body lines of the variant's script
  // (text.leading, or text.leading-cjk for Chinese, Japanese and Korean).
  const std::string primary = model::primary_language(language);
  const bool cjk = primary == "zh" || primary == "ja" || primary == "ko";
  galley.set_foot_stretch(static_cast<Scaled>(kFootStretchLines * static_cast<double>(style.text_size) *
                                              (cjk ? style.leading_cjk : style.leading)));

  if (!first || !galley.empty()) galley.add_glue(style.heading_space_before);
  // Each section a Sect: its heading, then its entries (each a Sect of its
  // own, or an LI of the section's list of pairs or publications).
  open_node("Sect");
  entry_list = kArtifact;
  bullet_list = kArtifact;
  // A section without a title in this variant has no heading: no bar or
  // rule over nothing, no nameless outline entry.
  section_heading = !text(section.title).empty();
  if (section_heading) compose_heading(section.title);

  // The label column of pairs: as wide as the widest label, within the layout's share.
  pair_label_width = 0;
  publication_number = 0;
  for (const auto& entry : section.entries) {
    if (entry.kind != model::EntryKind::Pair || !shows(entry)) continue;
    RichText label = rich_text(text(entry.label), with(FontVariant::Bold, style.text_size, style.text_color),
                               place(entry.label));
    pair_label_width = std::max(pair_label_width, typesetter.measure(label));
  }
  pair_label_width = std::min(pair_label_width, static_cast<Scaled>(style.pair_label_column_max * static_cast<double>(width)));

  bool first_entry = true;
  for (const auto& entry : section.entries) {
    if (!shows(entry)) continue;  // no blank entry, no gap for it
    if (!first_entry) {
      Scaled gap = style.entry_space_between;
      if (entry.kind == model::EntryKind::Pair) gap = style.pair_space_between;
      if (entry.kind == model::EntryKind::Publication) gap = style.publication_space_between;
      if (entry.kind == model::EntryKind::Paragraph) gap = style.paragraph_gap;
      galley.add_glue(gap);
    }
    // A short entry (a head, a role line and a bullet or two) reads as one
    // unit: it is kept on one page, unless that would leave more than
    // about four lines empty at the page's foot; then it may split between
    // two of its bullets (entry_splits), at a cost the page builder weighs
    // against the empty space (kSplitEntryPenalty).
    const std::size_t mark = galley.mark();
    entry_splits.clear();
    // A run of pairs, or of publications, is one list.
    const bool listed = entry.kind == model::EntryKind::Pair || entry.kind == model::EntryKind::Publication;
    if (!listed) entry_list = kArtifact;
    else if (entry_list == kArtifact || entry_list_kind != entry.kind) entry_list = add_node("L");
    entry_list_kind = entry.kind;
    compose_entry(entry, section);
    if (galley.boxes_since(mark) <= static_cast<std::size_t>(style.entry_keep_lines))
      galley.keep_together(mark, entry_splits, kSplitEntryPenalty);
    first_entry = false;
  }
  // A section's own bullets and paragraph stand in the text column, beside
  // the date column as the entries' text does (entry.dates: left).
  const Scaled text_x = text_column_x();
  entry_x = text_x;
  column_width = width - text_x;
  bullet_list = kArtifact;  // the section's own bullets: a list of their own
  bool first_bullet = true;
  for (const auto& bullet : section.bullets) {
    if (text(bullet).empty()) continue;  // no bare bullet symbol
    add_bullet(bullet, first_bullet, first_bullet ? 0 : style.bullet_space_between);
    first_bullet = false;
  }
  if (!text(section.text).empty()) {
    RichText paragraph = rich_text(text(section.text), body(), place(section.text));
    auto lines = typesetter.set(paragraph, typesetter.body_shape(width - text_x));
    tag_as(lines, "P");
    galley.add_lines(std::move(lines), text_x, true);
  }
  entry_x = 0;
  column_width = width;
  close_node();
}

}  // namespace cvpdf::compose
