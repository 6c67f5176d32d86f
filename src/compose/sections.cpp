// Sections: the heading (headings.cpp), the entries — each set by its kind
// (entry_kinds.hpp), this file only spacing them, keeping a short one
// whole, the heading over two lines and a publication's summary with it,
// marking where each begins (for the last page's balance) and opening a
// list for a run of listed ones — and the section's own bullets or
// paragraph beneath them.
#include <type_traits>
#include <variant>

#include "compose/composer.hpp"
#include "compose/entry_kinds.hpp"
#include "core/utf8.hpp"
#include "text/line_breaks.hpp"

namespace cvpdf::compose {

bool Composer::has_cjk(const std::string& s) const {
  for (std::size_t pos = 0; pos < s.size();)
    if (text::is_cjk(utf8::decode(s, pos))) return true;
  return false;
}

bool Composer::variant_has_dates() const {
  if (!has_dates_) {
    has_dates_ = false;
    for (const auto& section : resume.sections) {
      if (!shows(section)) continue;
      for (const auto& entry : section.entries)
        if (std::visit([](const auto& kind) { return kind_dated(kind); }, entry.body) && shows(entry))
          has_dates_ = true;
    }
  }
  return *has_dates_;
}

namespace {

// One entry of the section, after the gap its kind asks for.
template <class Kind>
void compose_listed(Composer& c, SectionState& state, const model::Entry& entry, const Kind& kind, bool first) {
  const KindLayout layout = kind_layout<Kind>(c.style);
  // Kept with the entry before (a 10000 penalty before the gap, which is
  // then no break): an entry while the section has set fewer than two
  // lines (a heading over one pair, alone at a page foot), and a paragraph
  // after a publication — its summary (JSON Resume's), which never starts
  // the next page without it.
  if (state.thin_start && !first) state.thin_start = c.galley.boxes_since(state.body_from) < 2;
  const bool gloss = std::is_same_v<Kind, model::ParagraphEntry> &&
                     state.previous_kind == kKindIndex<model::PublicationEntry>;
  if (!first && (state.thin_start || gloss)) c.galley.add_penalty(typeset::kInfinitePenalty);
  state.previous_kind = kKindIndex<Kind>;
  state.last_gap = c.galley.mark();
  if (!first) c.galley.add_glue(layout.gap);
  // A short entry (a head, a role line and a bullet or two) reads as one
  // unit: it is kept on one page, unless that would leave more than
  // about four lines empty at the page's foot; then it may split between
  // two of its bullets (the splits its kind gives), at a cost the page
  // builder weighs against the empty space (kSplitEntryPenalty).
  const std::size_t mark = c.galley.mark();
  state.last_entry = mark;
  // A run of entries of a listed kind (pairs, publications) is one list.
  if (!layout.listed) state.list = kArtifact;
  else if (state.list == kArtifact || state.list_kind != kKindIndex<Kind>) state.list = c.add_node("L");
  state.list_kind = kKindIndex<Kind>;
  ++state.run<Kind>().set;
  const EntrySplits splits = compose_kind(c, state, entry, kind);
  if (c.galley.boxes_since(mark) <= static_cast<std::size_t>(c.style.entry_keep_lines))
    c.galley.keep_together(mark, splits, kSplitEntryPenalty);
  c.galley.mark_begin(mark, Begins::Entry);
}

}  // namespace

void Composer::compose_section(const model::Section& section, bool first) {
  const Scaled width = column_width;
  // The page foot is weighed in body lines of the variant's script
  // (text.leading, or text.leading-cjk for Chinese, Japanese and Korean).
  const std::string primary = model::primary_language(language);
  const bool cjk = primary == "zh" || primary == "ja" || primary == "ko";
  galley.set_foot_stretch(static_cast<Scaled>(kFootStretchLines * static_cast<double>(style.text_size) *
                                              (cjk ? style.leading_cjk : style.leading)));

  const std::size_t section_mark = galley.mark();
  if (!first || !galley.empty()) galley.add_glue(style.heading_space_before);
  // Each section a Sect: its heading, then its entries (each a Sect of its
  // own, or an LI of the section's list of pairs or publications).
  open_node("Sect");
  SectionState state;
  // A section without a title in this variant has no heading: no bar or
  // rule over nothing, no nameless outline entry.
  state.heading = !text(section.title).empty();
  if (state.heading) compose_heading(section.title);
  state.body_from = galley.mark();
  state.thin_start = state.heading;

  for (const auto& entry : section.entries)
    if (shows(entry)) ++state.runs[entry.body.index()].shown;
  model::for_each_kind([&]<class Kind>() { prepare_kind<Kind>(*this, section, state.run<Kind>()); });

  bool first_entry = true;
  for (const auto& entry : section.entries) {
    if (!shows(entry)) continue;  // no blank entry, no gap for it
    std::visit([&]<class Kind>(const Kind& kind) { compose_listed(*this, state, entry, kind, first_entry); }, entry.body);
    first_entry = false;
  }
  // A section's last entry of one line (a pair, a one-line publication) is
  // never alone at the top of a page: the section's widow.
  if (state.last_entry > state.last_gap && galley.boxes_since(state.last_entry) == 1)
    galley.keep_before(state.last_gap);
  // A section's own bullets and paragraph stand in the text column, beside
  // the date column as the entries' text does (entry.dates: left).
  const Scaled text_x = text_column_x();
  // The section's own bullets: a list of their own, each bullet an entry
  // of it, kept as an entry's lines are (release_gathered).
  std::vector<GatheredLines> bullets;
  EntryColumn own{text_x, width - text_x, &bullets};
  bool first_bullet = true;
  for (const auto& bullet : section.bullets) {
    if (!shows(bullet)) continue;  // no bare bullet symbol
    add_bullet(own, bullet, first_bullet, first_bullet ? 0 : style.bullet_space_between);
    first_bullet = false;
  }
  release_gathered(bullets, 0, true);
  if (!text(section.text).empty()) {
    RichText paragraph = rich_text(text(section.text), body(), place(section.text));
    auto lines = typesetter.set(paragraph, typesetter.body_shape(width - text_x));
    tag_as(lines, "P");
    const std::size_t mark = galley.mark();
    galley.add_lines(std::move(lines), text_x, true);
    galley.mark_begin(mark, Begins::Entry);
  }
  galley.mark_begin(section_mark, Begins::Section);
  close_node();
}

}  // namespace cvpdf::compose
