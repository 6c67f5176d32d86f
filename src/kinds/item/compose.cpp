// How an item is set: a Sect of its own — its head lines after the
// theme's template (entry.item-lines), the dates flush right or in a date
// column beside it, a short item's text run in after its name, its links,
// its text and one L of its bullets — and where it may split between pages.
// The stages are ItemSetter's, in the order they set: date column, head
// lines, links, text, bullets, then the date column placed beside the
// gathered lines and all of them into the galley.
#include <algorithm>

#include "compose/dates.hpp"
#include "compose/entry_kinds.hpp"
#include "model/entry_lines.hpp"

namespace cvpdf::compose {

using model::EntryField;
using model::ItemEntry;

namespace {

// One item's head fields as this variant writes them.
struct HeadFields {
  std::string org, role, date, location, tags;
  model::TextPlace org_span, role_span, date_span, location_span, tags_span;
  // Each tag as written, with its place: its markup is read alone, so a
  // star in one tag never pairs with a star in the next.
  std::vector<std::pair<std::string, model::TextPlace>> tag_values;
  // No organisation: the role takes its place and face on the head line
  // (a role of one's own — "Maintainer" — heads the item).
  bool role_heads = false;

  const std::string& text(EntryField f) const {
    switch (f) {
      case EntryField::Org: return role_heads ? role : org;
      case EntryField::Role: return role_heads ? empty : role;
      case EntryField::Date: return date;
      case EntryField::Location: return location;
      case EntryField::Tags: return tags;
    }
    return empty;
  }
  const model::TextPlace& span(EntryField f) const {
    switch (f) {
      case EntryField::Org: return role_heads ? role_span : org_span;
      case EntryField::Role: return role_span;
      case EntryField::Date: return date_span;
      case EntryField::Location: return location_span;
      case EntryField::Tags: return tags_span;
    }
    return org_span;
  }
  bool any(const std::vector<EntryField>& side) const {
    for (EntryField f : side)
      if (!text(f).empty()) return true;
    return false;
  }

  std::string empty;
};

HeadFields head_fields(const Composer& c, const model::Entry& entry, const ItemEntry& item) {
  HeadFields head;
  head.org = c.text(item.org);
  head.role = c.text(item.role);
  head.location = c.text(item.location);
  head.date = format_entry_dates(item.date, c.style, c.language, c.today);
  for (const auto& tag : item.tags) {
    if (c.text(tag).empty()) continue;  // a blank tag leaves no stray " · "
    if (!head.tags.empty()) head.tags += " · ";
    head.tags += c.text(tag);
    head.tag_values.emplace_back(c.text(tag), c.place(tag));
  }
  head.org_span = c.place(item.org);
  head.role_span = c.place(item.role);
  head.location_span = c.place(item.location);
  head.date_span = item.date.start ? item.date.start->span : entry.span;
  if (!item.tags.empty()) head.tags_span = c.place(item.tags.front());
  return head;
}

// The same face without its weight: a separator after a bold name is not bold.
FontVariant unbolded(FontVariant v) {
  if (v == FontVariant::Bold) return FontVariant::Regular;
  if (v == FontVariant::BoldItalic) return FontVariant::Italic;
  if (v == FontVariant::MonoBold) return FontVariant::Mono;
  return v;
}

// Between two fields on one side of a head line ("role org location"):
// a comma, as moderncv writes "Engineer, Huawei, Beijing". Chinese takes
// the full-width comma "，" — the comma of running text, carrying its own
// white, so no space is added; the enumeration comma "、" is for words of
// one kind in a series, and a role, an employer and a city are not that;
// the middle dot "·" is, by GB/T 15834, for the parts of a foreign name.
// Japanese writes its comma as "、" (tōten). Korean uses the Latin comma.
std::string field_joiner(const std::string& language) {
  const std::string primary = model::primary_language(language);
  if (primary == "zh") return "，";
  if (primary == "ja") return "、";
  return ", ";
}

bool on_left(const model::EntryLine& line, EntryField f) {
  return std::find(line.left.begin(), line.left.end(), f) != line.left.end();
}

// The faces of the head lines' fields.
struct HeadStyles {
  SpanStyle org, role, date, location, tag_after, tag_alone, links;

  HeadStyles() = default;
  HeadStyles(const Composer& c, const HeadFields& head) {
    const theme::Style& s = c.style;
    org = c.with(c.face_for(s.org_font, head.text(EntryField::Org)), s.text_size, s.text_color);
    role = c.with(c.face_for(s.role_font, head.role), s.text_size, s.text_color);
    date = c.with(FontVariant::Regular, s.date_size, s.muted_color);
    location = c.with(c.italic_for(head.location), s.date_size, s.muted_color);
    tag_after = c.with(FontVariant::Regular, s.tag_size, s.accent_color);
    tag_alone = c.with(FontVariant::Bold, s.tag_size, s.accent_color);
    links = c.with(FontVariant::Regular, s.links_size, s.muted_color);
  }
  SpanStyle of(EntryField f) const {
    switch (f) {
      case EntryField::Org: return org;
      case EntryField::Role: return role;
      case EntryField::Date: return date;
      case EntryField::Location: return location;
      case EntryField::Tags: return tag_alone;
    }
    return org;
  }
};

// One item being set: the plan (which fields on which line, run-in or
// not, where the links go), then the stages, each adding to the lines
// gathered in its column; what it keeps is its own, for this item alone.
class ItemSetter {
 public:
  ItemSetter(Composer& c, const SectionState& section, const model::Entry& entry, const ItemEntry& item)
      : c_(c),
        style_(c.style),
        section_(section),
        item_(item),
        head_(head_fields(c, entry, item)),
        links_(c.links_text(item.links)) {}

  EntrySplits set() {
    plan_lines();
    set_date_column();
    set_head_lines();
    set_links_alone();
    head_groups_ = gathered_.size();
    set_text_and_bullets();
    place_dates();
    return release();
  }

 private:
  void plan_lines();
  void plan_run_in();
  void set_date_column();
  void set_head_lines();
  void set_head_line(model::EntryLine& line);
  void set_links_alone();
  void set_text_and_bullets();
  void place_dates();
  EntrySplits release();

  RichText side_text(const std::vector<EntryField>& fields) const;
  void add_field(RichText& side, EntryField f, const SpanStyle& s) const;
  // `links_` after `space` (in the links' muted face) at the end of `onto`.
  void append_links(RichText& onto, const char* space) const {
    onto.add(space, styles_.links);
    for (const auto& span : links_.spans) onto.spans.push_back(span);
  }
  // A head line of the item. A `title` line's left side is the item's
  // title (H3) when no head line was read before it and the section has a
  // heading (so no level is skipped); any other is a P.
  void head_line(const RichText& left, const RichText& right, theme::Alignment align, bool title) {
    const char* role = title && head_lines_ == 0 && section_.heading ? "H3" : "P";
    if (c_.add_split_line(column_, left, right, set_any_, set_any_ ? style_.entry_head_gap : 0, align, role))
      ++head_lines_;
    set_any_ = true;
  }
  // The date column's lines are read (a P) right after the item's title line.
  void read_date() {
    if (date_read_) return;
    c_.tag_as(date_lines_, "P");
    date_read_ = true;
  }

  Composer& c_;
  const theme::Style& style_;
  const SectionState& section_;
  const ItemEntry& item_;
  HeadFields head_;
  HeadStyles styles_;  // made once the plan knows who heads the item (role_heads)
  const RichText links_;  // its links as set (links_text), empty when none shows

  // The plan: the template's lines as this item sets them, and where its
  // text and links go.
  std::vector<model::EntryLine> lines_;
  bool left_dates_ = false;  // a date column (Composer::date_column)
  std::vector<const model::Bullet*> bullets_;  // the bullets that show
  bool run_in_ = false;
  bool links_in_head_ = false, links_after_org_ = false, links_below_ = false;

  // What has been set so far.
  std::vector<GatheredLines> gathered_;
  EntryColumn column_;
  std::vector<SetLine> date_lines_;
  bool date_read_ = true;
  int head_lines_ = 0;  // the head lines made into structure elements
  std::size_t head_groups_ = 0;  // the gathered groups of the head (its lines and links), before its body
  bool set_any_ = false, run_in_done_ = false, links_done_ = false;
};

void ItemSetter::plan_lines() {
  // With a date column the date leaves the head lines, and everything
  // else of the item is set in the narrower column to its right.
  left_dates_ = c_.date_column();
  // The template (entry.item-lines): the style reader has already
  // reported a bad one, and the classic one stands.
  lines_ = model::item_lines_or_default(style_.entry_item_lines);
  bool has_org_field = false, org_on_left = false;
  for (auto& line : lines_) {
    if (left_dates_)
      for (auto* side : {&line.left, &line.right}) std::erase(*side, EntryField::Date);
    has_org_field = has_org_field || line.has(EntryField::Org);
    org_on_left = org_on_left || on_left(line, EntryField::Org);
  }
  head_.role_heads = has_org_field && head_.org.empty() && !head_.role.empty();
  styles_ = HeadStyles(c_, head_);

  column_.gathered = &gathered_;
  column_.x = c_.text_column_x();
  column_.width = c_.column_width - column_.x;

  // A short item — a name and a sentence, no role, no bullets — runs its
  // text in after the name, as a run-in head, to keep the page compact
  // (a name set flush right heads nothing to run in after).
  // Only what shows counts: blank bullets and links are not set.
  for (const auto& bullet : item_.bullets)
    if (c_.shows(bullet)) bullets_.push_back(&bullet);
  const bool has_links = !links_.empty();
  run_in_ = style_.entry_run_in && org_on_left && !head_.org.empty() && head_.role.empty() &&
            head_.location.empty() && bullets_.empty() && !c_.text(item_.text).empty();
  if (run_in_) plan_run_in();
  // Without bullets to follow, links ride on the head paragraph. With
  // bullets (entry.links: after-org) they ride on the head's first line when
  // they fit there beside its right side, else take their own line under
  // the head — never a stray line under the bullets.
  links_in_head_ = has_links && bullets_.empty();
  links_after_org_ = has_links && !bullets_.empty() && style_.entry_links == theme::EntryLinks::AfterOrg;
  links_below_ = has_links && !bullets_.empty();
}

// A run-in item's tags on a later head line with nothing else on it
// would stand alone under the paragraph (a status, "Live"): they follow
// the org, small and in the accent, before the run-in text.
void ItemSetter::plan_run_in() {
  auto org_line = std::find_if(lines_.begin(), lines_.end(),
                               [&](const model::EntryLine& l) { return on_left(l, EntryField::Org); });
  for (auto line = lines_.begin(); org_line != lines_.end() && line != lines_.end(); ++line) {
    if (line == org_line) continue;
    auto holds = [&](const std::vector<EntryField>& side) {
      return std::find(side.begin(), side.end(), EntryField::Tags) != side.end();
    };
    if (!holds(line->left) && !holds(line->right)) continue;
    auto shows_other = [&](const std::vector<EntryField>& side) {
      return std::any_of(side.begin(), side.end(),
                         [&](EntryField f) { return f != EntryField::Tags && !head_.text(f).empty(); });
    };
    if (shows_other(line->left) || shows_other(line->right)) continue;
    std::erase(line->left, EntryField::Tags);
    std::erase(line->right, EntryField::Tags);
    auto org = std::find(org_line->left.begin(), org_line->left.end(), EntryField::Org);
    org_line->left.insert(org + 1, EntryField::Tags);
  }
}

void ItemSetter::add_field(RichText& side, EntryField f, const SpanStyle& s) const {
  if (f != EntryField::Tags) return c_.add_text(side, head_.text(f), s, head_.span(f));
  for (std::size_t i = 0; i < head_.tag_values.size(); ++i) {
    if (i) side.add(" · ", s);
    c_.add_text(side, head_.tag_values[i].first, s, head_.tag_values[i].second);
  }
}

// One side of a head line: its fields that this item has, joined. Tags
// after another field follow it two spaces on, small and in the accent;
// alone they are a bold status mark ("Live").
RichText ItemSetter::side_text(const std::vector<EntryField>& fields) const {
  const std::string joiner = field_joiner(c_.language);
  RichText side;
  SpanStyle last{};
  bool any = false;
  for (EntryField f : fields) {
    const std::string& value = head_.text(f);
    if (value.empty()) continue;
    if (f == EntryField::Tags && any) {
      side.add("  ", styles_.tag_after);
      add_field(side, f, styles_.tag_after);
    } else {
      if (any) side.add(joiner, c_.with(unbolded(last.variant), last.size, last.color));
      last = styles_.of(f);
      add_field(side, f, last);
    }
    any = true;
  }
  return side;
}

// The date column's lines: the date ragged in its width (two lines if it
// must). Set before the head lines, so the date reads right after the
// item's title line, whose line it stands on.
void ItemSetter::set_date_column() {
  if (!left_dates_ || head_.date.empty()) return;
  Typesetter& typesetter = c_.typesetter;
  ParagraphShape shape = typesetter.body_shape(style_.date_column_width);
  shape.align = theme::Alignment::Ragged;
  shape.hyphenate = false;
  auto set_date = [&](const std::string& words) {
    RichText date;
    date.add(words, styles_.date, {}, head_.date_span.span);
    return typesetter.set(date, shape);
  };
  // A range too wide for the column breaks after its separator, so each
  // date stays whole ("Sep 2016 –" over "Jun 2018", not "Sep 2016 – Jun"
  // over "2018"); its span (dates.duration: after) goes on a line of its
  // own under the dates.
  auto fits = [&](const std::string& words) {
    RichText whole;
    whole.add(words, styles_.date);
    return typesetter.measure(whole) <= style_.date_column_width;
  };
  const model::DateRange& date = item_.date;
  const std::string span = style_.date_duration == theme::DurationShown::After
                               ? format_duration(date, c_.today, c_.language, style_.date_duration_width)
                               : std::string();
  const bool dates_shown = style_.date_duration != theme::DurationShown::Instead ||
                           format_duration(date, c_.today, c_.language, style_.date_duration_width).empty();
  if (!dates_shown || fits(head_.date)) {
    date_lines_ = set_date(head_.date);
  } else {
    const std::string dates = format_range(date, style_.dates, style_.date_separator);
    if (date.start && date.end && !fits(dates)) {
      std::string separator = style_.date_separator;
      while (!separator.empty() && separator.back() == ' ') separator.pop_back();
      date_lines_ = set_date(format_date(*date.start, style_.dates) + separator);
      for (auto& line : set_date(format_date(*date.end, style_.dates))) date_lines_.push_back(std::move(line));
    } else {
      date_lines_ = set_date(dates);
    }
    // A span too wide for the column breaks only between its units
    // ("5 yrs," over "10 mths"), never between a number and its unit.
    std::vector<std::string> pieces;
    if (!span.empty() && !fits(span)) {
      for (std::size_t from = 0; from < span.size();) {
        const std::size_t comma = span.find(", ", from);
        const std::size_t end = comma == std::string::npos ? span.size() : comma + 1;
        pieces.push_back(span.substr(from, end - from));
        from = comma == std::string::npos ? span.size() : comma + 2;
      }
    } else if (!span.empty()) {
      pieces.push_back(span);
    }
    for (const std::string& piece : pieces)
      for (auto& line : set_date(piece)) date_lines_.push_back(std::move(line));
  }
  date_read_ = date_lines_.empty();
}

void ItemSetter::set_head_lines() {
  for (model::EntryLine& line : lines_) set_head_line(line);
  read_date();
}

void ItemSetter::set_head_line(model::EntryLine& line) {
  // Tags beside a name whose line has nothing flush right this time
  // (no date) take the right side: a status at the line's end.
  if (!run_in_ && !line.right.empty() && !head_.any(line.right) && !head_.tags.empty() &&
      on_left(line, EntryField::Tags)) {
    std::erase(line.left, EntryField::Tags);
    line.right = {EntryField::Tags};
  }
  RichText left = side_text(line.left), right = side_text(line.right);
  const bool run_in_here = run_in_ && !run_in_done_ && on_left(line, EntryField::Org);
  if (run_in_here) {
    left.add(c_.run_in_separator(), c_.body());
    c_.add_text(left, c_.text(item_.text), c_.body(), c_.place(item_.text));
    run_in_done_ = true;
  }
  if (left.empty() && right.empty()) return;
  if (links_in_head_ && !links_done_ && (run_in_ ? run_in_here : true)) {
    append_links(left, " ");
    links_done_ = true;
  }
  if (links_after_org_ && !set_any_) {
    RichText beside = left;
    append_links(beside, "  ");
    const Scaled right_room = right.empty() ? 0 : c_.typesetter.measure(right) + style_.text_size;
    if (c_.typesetter.measure(beside) + right_room <= column_.width) {
      left = std::move(beside);
      links_below_ = false;
    }
  }
  // A run-in head is a paragraph's beginning, not a title of its own.
  head_line(left, right, run_in_here ? style_.align : theme::Alignment::Ragged, !run_in_here);
  read_date();
}

void ItemSetter::set_links_alone() {
  if (links_in_head_ && !links_done_) {
    // No head line to ride on: the links make one.
    RichText links;
    append_links(links, " ");
    head_line(links, {}, theme::Alignment::Ragged, false);
  }
  if (links_below_) head_line(links_, {}, theme::Alignment::Ragged, false);
}

void ItemSetter::set_text_and_bullets() {
  bool keep = set_any_;
  if (!c_.text(item_.text).empty() && !run_in_done_) {
    RichText paragraph = c_.rich_text(c_.text(item_.text), c_.body(), c_.place(item_.text));
    auto text_lines = c_.typesetter.set(paragraph, c_.typesetter.body_shape(column_.width));
    c_.tag_as(text_lines, "P");
    c_.put_lines(column_, std::move(text_lines), 0, keep, keep ? style_.bullet_gap_before : 0);
    keep = false;
  }
  for (std::size_t i = 0; i < bullets_.size(); ++i)
    c_.add_bullet(column_, *bullets_[i], i == 0 && keep,
                  i == 0 ? style_.bullet_gap_before : style_.bullet_space_between);
}

// The date column: its first line on the item's first baseline, the
// next ones on the item's next baselines.
void ItemSetter::place_dates() {
  if (date_lines_.empty()) return;
  std::size_t next = 0;
  for (auto& g : gathered_) {
    for (auto& line : g.lines) {
      if (next == date_lines_.size()) break;
      translate(date_lines_[next].elements, -g.x, 0);
      merge_into(line, date_lines_[next++]);
    }
  }
  if (next < date_lines_.size()) {
    std::vector<SetLine> rest(std::make_move_iterator(date_lines_.begin() + static_cast<std::ptrdiff_t>(next)),
                              std::make_move_iterator(date_lines_.end()));
    gathered_.push_back({std::move(rest), 0, !gathered_.empty(), 0});
  }
}

// Into the galley. A break that would leave the head with fewer than two
// lines of the item's body below it, or one line of the item alone on the
// next page (a last one-line bullet), is forbidden here, in long items too;
// the other breaks before a later bullet are where the item may split.
//
// A head alone (no text, no bullets) is kept whole too, however long (a
// role of seven lines): split, its first lines would stand at a page's
// foot as a head over nothing. A run-in item's head is its paragraph,
// which breaks as one.
EntrySplits ItemSetter::release() {
  const std::size_t mark = c_.galley.mark();
  const bool bare = head_groups_ == gathered_.size();
  EntrySplits splits = c_.release_gathered(gathered_, head_groups_, false);
  if (bare && !run_in_done_) c_.galley.keep_together(mark, {}, 0);
  return splits;
}

}  // namespace

template <>
KindLayout kind_layout<ItemEntry>(const theme::Style& style) {
  return {style.entry_space_between, false};
}

template <>
void prepare_kind<ItemEntry>(const Composer&, const model::Section&, KindRun&) {}

template <>
bool kind_dated<ItemEntry>(const ItemEntry& item) {
  return item.date.start.has_value();
}

// An item is a Sect: its head lines (the first an H3 under the section's
// H2), its text, its links and one L of its bullets.
template <>
EntrySplits compose_kind<ItemEntry>(Composer& c, SectionState& section, const model::Entry& entry,
                                    const ItemEntry& item) {
  c.open_node("Sect");
  EntrySplits splits = ItemSetter(c, section, entry, item).set();
  c.close_node();
  return splits;
}

}  // namespace cvpdf::compose
