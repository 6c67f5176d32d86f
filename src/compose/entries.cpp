// Entries: items (head lines after the theme's template, bullets, text,
// links; the dates flush right or in a date column), pairs (a label column
// beside the text), publications (numbered citations with the author's own
// name in bold) and paragraphs.
#include <algorithm>

#include "compose/citation.hpp"
#include "compose/composer.hpp"
#include "compose/dates.hpp"

namespace cvpdf::compose {

namespace {

using model::EntryField;

// The ink's right end of a set line: its runs' extent, less a trailing
// space glyph's white (one set back with a negative advance already ends there).
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

// Moves `from`'s elements onto `onto` (already placed relative to it) and
// widens its strut.
void merge_into(SetLine& onto, SetLine& from) {
  for (auto& e : from.elements) onto.elements.push_back(std::move(e));
  onto.height = std::max(onto.height, from.height);
  onto.depth = std::max(onto.depth, from.depth);
}

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

// The same face without its weight: a separator after a bold name is not bold.
FontVariant unbolded(FontVariant v) {
  if (v == FontVariant::Bold) return FontVariant::Regular;
  if (v == FontVariant::BoldItalic) return FontVariant::Italic;
  if (v == FontVariant::MonoBold) return FontVariant::Mono;
  return v;
}

}  // namespace

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

void Composer::put_lines(std::vector<SetLine> lines, Scaled x, bool keep_with_previous, Scaled gap) {
  if (gathering) {
    gathering->push_back({std::move(lines), entry_x + x, keep_with_previous, gap});
    return;
  }
  galley.add_lines(std::move(lines), entry_x + x, keep_with_previous, gap);
}

void Composer::compose_entry(const model::Entry& entry, const model::Section& section) {
  (void)section;
  switch (entry.kind) {
    case model::EntryKind::Item:
      // An item is a Sect: its head lines (the first an H3 under the
      // section's H2), its text, its links and one L of its bullets.
      open_node("Sect");
      bullet_list = kArtifact;
      head_lines = 0;
      add_item(entry);
      close_node();
      break;
    case model::EntryKind::Pair: add_pair(entry); break;
    case model::EntryKind::Publication: add_publication(entry); break;
    case model::EntryKind::Paragraph: {
      // In the text column, beside the date column when there is one.
      const Scaled x = text_column_x();
      RichText paragraph = rich_text(text(entry.text), body(), place(entry.text));
      auto lines = typesetter.set(paragraph, typesetter.body_shape(column_width - x));
      tag_as(lines, "P");
      galley.add_lines(std::move(lines), x);
      break;
    }
  }
}

void Composer::add_split_line(const RichText& left, const RichText& right, bool keep_with_previous, Scaled gap,
                              theme::Alignment align, const char* role) {
  const Scaled width = column_width;
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
  // The left side is the line's element: the item's title (H3) on its
  // first head line under a titled section, else a P. What stands flush
  // right (a date, a place) is a P of its own after it, so neither a
  // heading's navigation nor a reader of the tree runs "Example Corp" and
  // "2020 – now" together; without a left side it takes the line's role.
  StructId node = kArtifact;
  auto read = [&](std::vector<SetLine>& set) {
    if (node == kArtifact) node = tag_as(set, role ? role : head_lines == 0 && section_heading ? "H3" : "P");
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
  if (node != kArtifact) ++head_lines;
  put_lines(std::move(lines), 0, keep_with_previous, gap);
}

void Composer::add_bullet(const model::Localized& bullet, bool keep_with_previous, Scaled gap) {
  const Scaled width = column_width;
  RichText rich = rich_text(text(bullet), body(), place(bullet));
  auto lines = typesetter.set(rich, typesetter.body_shape(width - style.bullet_indent));
  if (lines.empty()) return;
  RichText symbol;
  symbol.add(style.bullet_symbol, with(FontVariant::Regular, style.text_size, style.accent_color));
  ParagraphShape shape = typesetter.body_shape(style.bullet_indent);
  shape.align = theme::Alignment::Ragged;
  auto symbol_lines = typesetter.set(symbol, shape);
  // The entry's (or section's) one L, an LI per bullet: its symbol the
  // Lbl, its text the LBody.
  if (structure) {
    if (bullet_list == kArtifact) bullet_list = add_node("L");
    const StructId item = add_node("LI", bullet_list);
    tag_as(symbol_lines, "Lbl", item);
    tag_as(lines, "LBody", item);
  }
  if (!symbol_lines.empty()) {
    SetLine& s = symbol_lines.front();
    // The symbol hangs in the indent, a little left of its middle.
    Scaled x = std::max<Scaled>(0, (style.bullet_indent - s.width) / 2 - style.bullet_indent / 8) - style.bullet_indent;
    translate(s.elements, x, 0);
    for (auto& e : s.elements) lines.front().elements.push_back(std::move(e));
  }
  put_lines(std::move(lines), style.bullet_indent, keep_with_previous, gap);
  if (gathering) gathering->back().bullet = true;
}

// Between a run-in head and its text: an em dash in Latin text, a
// full-width colon in Chinese and Japanese (CLREQ's habit for run-in heads).
std::string Composer::run_in_separator() const {
  const std::string primary = model::primary_language(language);
  if (primary == "zh" || primary == "ja") return "：";
  return " — ";
}

RichText Composer::links_text(const model::Entry& entry) const {
  RichText links;
  const SpanStyle link_style = with(FontVariant::Regular, style.links_size, style.accent_color);
  const SpanStyle plain_style = with(FontVariant::Regular, style.links_size, style.muted_color);
  for (const auto& link : entry.links) {
    std::string label = text(link.label);
    if (label.empty() && !model::blank(link.url)) label = link.url;
    if (label.empty()) continue;  // nothing to show, and no stray "  ·  "
    if (!links.empty()) links.add("  ·  ", plain_style);
    links.add(label, link.url.empty() ? plain_style : link_style, link.url, link.span);
  }
  return links;
}

namespace {

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

}  // namespace

void Composer::add_item(const model::Entry& entry) {
  HeadFields head;
  head.org = text(entry.org);
  head.role = text(entry.role);
  head.location = text(entry.location);
  head.date = format_range(entry.date, style.dates, style.date_separator);
  for (const auto& tag : entry.tags) {
    if (text(tag).empty()) continue;  // a blank tag leaves no stray " · "
    if (!head.tags.empty()) head.tags += " · ";
    head.tags += text(tag);
    head.tag_values.emplace_back(text(tag), place(tag));
  }
  head.org_span = place(entry.org);
  head.role_span = place(entry.role);
  head.location_span = place(entry.location);
  head.date_span = entry.date.start ? entry.date.start->span : entry.span;
  if (!entry.tags.empty()) head.tags_span = place(entry.tags.front());

  // With a date column the date leaves the head lines, and everything
  // else of the item is set in the narrower column to its right.
  const bool left_dates = date_column();
  std::vector<model::EntryLine> lines = item_lines;
  bool has_org_field = false, org_on_left = false;
  auto on_left = [](const model::EntryLine& line, EntryField f) {
    return std::find(line.left.begin(), line.left.end(), f) != line.left.end();
  };
  for (auto& line : lines) {
    if (left_dates)
      for (auto* side : {&line.left, &line.right}) std::erase(*side, EntryField::Date);
    has_org_field = has_org_field || line.has(EntryField::Org);
    org_on_left = org_on_left || on_left(line, EntryField::Org);
  }
  head.role_heads = has_org_field && head.org.empty() && !head.role.empty();

  struct Narrowed {
    Composer& c;
    Scaled width;
    ~Narrowed() {
      c.column_width = width;
      c.entry_x = 0;
      c.gathering = nullptr;
    }
  } narrowed{*this, column_width};
  std::vector<GatheredLines> gathered;
  gathering = &gathered;
  entry_x = text_column_x();
  column_width -= entry_x;

  // A short item — a name and a sentence, no role, no bullets — runs its
  // text in after the name, as a run-in head, to keep the page compact
  // (a name set flush right heads nothing to run in after).
  // Only what shows counts: blank bullets and links are not set.
  std::vector<const model::Localized*> bullets;
  for (const auto& bullet : entry.bullets)
    if (!text(bullet).empty()) bullets.push_back(&bullet);
  const bool has_links = !links_text(entry).empty();
  const bool run_in = style.entry_run_in && org_on_left && !head.org.empty() && head.role.empty() &&
                      head.location.empty() && bullets.empty() && !text(entry.text).empty();
  if (run_in) {
    // A run-in item's tags on a later head line with nothing else on it
    // would stand alone under the paragraph (a status, "Live"): they follow
    // the org, small and in the accent, before the run-in text.
    auto org_line = std::find_if(lines.begin(), lines.end(),
                                 [&](const model::EntryLine& l) { return on_left(l, EntryField::Org); });
    for (auto line = lines.begin(); org_line != lines.end() && line != lines.end(); ++line) {
      if (line == org_line) continue;
      auto holds = [&](const std::vector<EntryField>& side) {
        return std::find(side.begin(), side.end(), EntryField::Tags) != side.end();
      };
      if (!holds(line->left) && !holds(line->right)) continue;
      auto shows_other = [&](const std::vector<EntryField>& side) {
        return std::any_of(side.begin(), side.end(),
                           [&](EntryField f) { return f != EntryField::Tags && !head.text(f).empty(); });
      };
      if (shows_other(line->left) || shows_other(line->right)) continue;
      std::erase(line->left, EntryField::Tags);
      std::erase(line->right, EntryField::Tags);
      auto org = std::find(org_line->left.begin(), org_line->left.end(), EntryField::Org);
      org_line->left.insert(org + 1, EntryField::Tags);
    }
  }
  // Without bullets to follow, links ride on the head paragraph. With
  // bullets (entry.links: after-org) they ride on the head's first line when
  // they fit there beside its right side, else take their own line under
  // the head — never a stray line under the bullets.
  const bool links_in_head = has_links && bullets.empty();
  const bool links_after_org = has_links && !bullets.empty() && style.entry_links == theme::EntryLinks::AfterOrg;
  bool links_below = has_links && !bullets.empty();

  const SpanStyle org_style = with(face_for(style.org_font, head.text(EntryField::Org)), style.text_size, style.text_color);
  const SpanStyle role_style = with(face_for(style.role_font, head.role), style.text_size, style.text_color);
  const SpanStyle date_style = with(FontVariant::Regular, style.date_size, style.muted_color);
  const SpanStyle location_style = with(italic_for(head.location), style.date_size, style.muted_color);
  const SpanStyle tag_after = with(FontVariant::Regular, style.tag_size, style.accent_color);
  const SpanStyle tag_alone = with(FontVariant::Bold, style.tag_size, style.accent_color);
  auto style_of = [&](EntryField f) -> SpanStyle {
    switch (f) {
      case EntryField::Org: return org_style;
      case EntryField::Role: return role_style;
      case EntryField::Date: return date_style;
      case EntryField::Location: return location_style;
      case EntryField::Tags: return tag_alone;
    }
    return body();
  };
  // One side of a head line: its fields that this item has, joined. Tags
  // after another field follow it two spaces on, small and in the accent;
  // alone they are a bold status mark ("Live").
  const std::string joiner = field_joiner(language);
  auto add_field = [&](RichText& side, EntryField f, const SpanStyle& s) {
    if (f != EntryField::Tags) return add_text(side, head.text(f), s, head.span(f));
    for (std::size_t i = 0; i < head.tag_values.size(); ++i) {
      if (i) side.add(" · ", s);
      add_text(side, head.tag_values[i].first, s, head.tag_values[i].second);
    }
  };
  auto side_text = [&](const std::vector<EntryField>& fields) {
    RichText side;
    SpanStyle last{};
    bool any = false;
    for (EntryField f : fields) {
      const std::string& value = head.text(f);
      if (value.empty()) continue;
      if (f == EntryField::Tags && any) {
        side.add("  ", tag_after);
        add_field(side, f, tag_after);
      } else {
        if (any) side.add(joiner, with(unbolded(last.variant), last.size, last.color));
        last = style_of(f);
        add_field(side, f, last);
      }
      any = true;
    }
    return side;
  };

  // The date column's lines: the date ragged in its width (two lines if it
  // must). Set before the head lines, so the date reads right after the
  // item's title line, whose line it stands on.
  std::vector<SetLine> date_lines;
  if (left_dates && !head.date.empty()) {
    ParagraphShape shape = typesetter.body_shape(style.date_column_width);
    shape.align = theme::Alignment::Ragged;
    shape.hyphenate = false;
    auto set_date = [&](const std::string& words) {
      RichText date;
      date.add(words, date_style, {}, head.date_span.span);
      return typesetter.set(date, shape);
    };
    // A range too wide for the column breaks after its separator, so each
    // date stays whole ("Sep 2016 –" over "Jun 2018", not "Sep 2016 – Jun" over "2018").
    RichText whole;
    whole.add(head.date, date_style);
    if (entry.date.start && entry.date.end && typesetter.measure(whole) > style.date_column_width) {
      std::string separator = style.date_separator;
      while (!separator.empty() && separator.back() == ' ') separator.pop_back();
      date_lines = set_date(format_date(*entry.date.start, style.dates) + separator);
      for (auto& line : set_date(format_date(*entry.date.end, style.dates))) date_lines.push_back(std::move(line));
    } else {
      date_lines = set_date(head.date);
    }
  }
  bool date_read = date_lines.empty();
  auto read_date = [&] {
    if (date_read) return;
    tag_as(date_lines, "P");
    date_read = true;
  };

  bool set_any = false;
  bool run_in_done = false, links_done = false;
  for (model::EntryLine& line : lines) {
    // Tags beside a name whose line has nothing flush right this time
    // (no date) take the right side: a status at the line's end.
    if (!run_in && !line.right.empty() && !head.any(line.right) && !head.tags.empty() && on_left(line, EntryField::Tags)) {
      std::erase(line.left, EntryField::Tags);
      line.right = {EntryField::Tags};
    }
    RichText left = side_text(line.left), right = side_text(line.right);
    const bool run_in_here = run_in && !run_in_done && on_left(line, EntryField::Org);
    if (run_in_here) {
      left.add(run_in_separator(), body());
      add_text(left, text(entry.text), body(), place(entry.text));
      run_in_done = true;
    }
    if (left.empty() && right.empty()) continue;
    if (links_in_head && !links_done && (run_in ? run_in_here : true)) {
      left.add(" ", with(FontVariant::Regular, style.links_size, style.muted_color));
      for (auto& span : links_text(entry).spans) left.spans.push_back(std::move(span));
      links_done = true;
    }
    if (links_after_org && !set_any) {
      RichText beside = left;
      beside.add("  ", with(FontVariant::Regular, style.links_size, style.muted_color));
      for (auto& span : links_text(entry).spans) beside.spans.push_back(std::move(span));
      const Scaled right_room = right.empty() ? 0 : typesetter.measure(right) + style.text_size;
      if (typesetter.measure(beside) + right_room <= column_width) {
        left = std::move(beside);
        links_below = false;
      }
    }
    // A run-in head is a paragraph's beginning, not a title of its own.
    add_split_line(left, right, set_any, set_any ? style.entry_head_gap : 0,
                   run_in_here ? style.align : theme::Alignment::Ragged,
                   run_in_here ? "P" : nullptr);
    set_any = true;
    read_date();
  }
  read_date();
  if (links_in_head && !links_done) {
    // No head line to ride on: the links make one.
    RichText links;
    links.add(" ", with(FontVariant::Regular, style.links_size, style.muted_color));
    for (auto& span : links_text(entry).spans) links.spans.push_back(std::move(span));
    add_split_line(links, {}, set_any, set_any ? style.entry_head_gap : 0, theme::Alignment::Ragged, "P");
    set_any = true;
  }

  if (links_below) {
    add_split_line(links_text(entry), {}, set_any, set_any ? style.entry_head_gap : 0, theme::Alignment::Ragged, "P");
    set_any = true;
  }

  bool keep = set_any;
  if (!text(entry.text).empty() && !run_in_done) {
    RichText paragraph = rich_text(text(entry.text), body(), place(entry.text));
    auto text_lines = typesetter.set(paragraph, typesetter.body_shape(column_width));
    tag_as(text_lines, "P");
    put_lines(std::move(text_lines), 0, keep, keep ? style.bullet_gap_before : 0);
    keep = false;
  }

  for (std::size_t i = 0; i < bullets.size(); ++i) {
    add_bullet(*bullets[i], i == 0 && keep, i == 0 ? style.bullet_gap_before : style.bullet_space_between);
  }

  // The date column: its first line on the item's first baseline, the
  // next ones on the item's next baselines.
  if (!date_lines.empty()) {
    std::size_t next = 0;
    for (auto& g : gathered) {
      for (auto& line : g.lines) {
        if (next == date_lines.size()) break;
        translate(date_lines[next].elements, -g.x, 0);
        merge_into(line, date_lines[next++]);
      }
    }
    if (next < date_lines.size()) {
      std::vector<SetLine> rest(std::make_move_iterator(date_lines.begin() + static_cast<std::ptrdiff_t>(next)),
                                std::make_move_iterator(date_lines.end()));
      gathered.push_back({std::move(rest), 0, !gathered.empty(), 0});
    }
  }
  // Into the galley. A break before a bullet that would leave one line of
  // the item alone on either page (the head alone above it, or a last
  // one-line bullet alone below) is forbidden here, in long items too;
  // the other breaks before a later bullet are where the item may split.
  std::size_t total = 0, before = 0;
  for (const auto& g : gathered) total += g.lines.size();
  bool after_bullet = false;
  entry_splits.clear();
  for (auto& g : gathered) {
    if (g.bullet && before > 0 && !g.keep_with_previous) {
      if (before < 2 || total - before < 2) {
        g.keep_with_previous = true;
      } else if (after_bullet) {
        entry_splits.push_back(galley.mark());
      }
    }
    after_bullet = after_bullet || g.bullet;
    before += g.lines.size();
    galley.add_lines(std::move(g.lines), g.x, g.keep_with_previous, g.gap);
  }
}

namespace {
// A column narrower than this many ems of body text stacks its pairs.
constexpr Scaled kStackedPairsBelowEm = 26;
}  // namespace

bool Composer::variant_has_dates() const {
  if (!has_dates_) {
    has_dates_ = false;
    for (const auto& section : resume.sections) {
      if (!shows(section)) continue;
      for (const auto& entry : section.entries)
        if (entry.kind == model::EntryKind::Item && entry.date.start && shows(entry)) has_dates_ = true;
    }
  }
  return *has_dates_;
}

void Composer::add_pair(const model::Entry& entry) {
  const Scaled width = column_width;
  // Beside a date column the label takes the date column's place, as
  // moderncv sets a \cvitem's label there, and the text starts with the items'.
  const bool left_dates = date_column();
  RichText label = rich_text(text(entry.label), with(FontVariant::Bold, style.text_size, style.text_color), place(entry.label));
  RichText value = rich_text(text(entry.text), body(), place(entry.text));
  // In a narrow column (a sidebar) a label column would leave the text a
  // few words a line and break the labels themselves: the label goes above
  // its text instead, as AltaCV and Deedy set their skill groups.
  // An LI of the section's list of pairs: the label its Lbl, the text its
  // LBody. A list rather than a table of TH and TD: a pair is a labelled
  // item ("Languages: Go, SQL") read as one, the stacked form in a sidebar
  // is no grid at all, and a TH would want a /Scope the frame cannot say.
  const StructId item = add_node("LI", entry_list);
  if (!left_dates && width < kStackedPairsBelowEm * style.text_size) {
    ParagraphShape shape = typesetter.body_shape(width);
    shape.align = theme::Alignment::Ragged;
    auto label_lines = typesetter.set(label, shape);
    auto value_lines = typesetter.set(value, shape);
    tag_as(label_lines, "Lbl", item);
    tag_as(value_lines, "LBody", item);
    galley.add_lines(std::move(label_lines), 0);
    galley.add_lines(std::move(value_lines), 0, true);
    return;
  }
  const Scaled label_width = left_dates ? style.date_column_width : std::max(pair_label_width, pt(24));
  const Scaled text_x = left_dates ? text_column_x() : label_width + style.pair_column_gap;
  ParagraphShape label_shape = typesetter.body_shape(label_width);
  label_shape.align = theme::Alignment::Ragged;
  auto label_lines = typesetter.set(label, label_shape);
  ParagraphShape value_shape = typesetter.body_shape(width - text_x);
  value_shape.align = theme::Alignment::Ragged;  // short lists of names: ragged reads better than stretched
  auto value_lines = typesetter.set(value, value_shape);
  tag_as(label_lines, "Lbl", item);
  tag_as(value_lines, "LBody", item);
  // A label line that still reaches past its column (a word that cannot
  // break) would overprint the text beside it: the text starts on the row
  // under the label instead, in its own column.
  bool label_overflows = false;
  for (const auto& line : label_lines)
    label_overflows = label_overflows || line_extent(line) > label_width + pt(0.5);
  const std::size_t first_value_row = label_overflows ? label_lines.size() : 0;
  // Row i holds label line i and text line i - first_value_row.
  std::vector<SetLine> rows(std::max(label_lines.size(), first_value_row + value_lines.size()));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    SetLine& row = rows[i];
    if (i < label_lines.size()) {
      for (auto& e : label_lines[i].elements) row.elements.push_back(std::move(e));
      row.height = label_lines[i].height;
      row.depth = label_lines[i].depth;
    }
    if (i >= first_value_row && i - first_value_row < value_lines.size()) {
      SetLine& v = value_lines[i - first_value_row];
      translate(v.elements, text_x, 0);
      for (auto& e : v.elements) row.elements.push_back(std::move(e));
      row.height = std::max(row.height, v.height);
      row.depth = std::max(row.depth, v.depth);
    }
  }
  galley.add_lines(std::move(rows), 0);
}

void Composer::add_publication(const model::Entry& entry) {
  const Scaled width = column_width;
  ++publication_number;
  const SpanStyle regular = body();
  const SpanStyle bold = with(FontVariant::Bold, style.text_size, style.text_color);
  const SpanStyle accent = with(FontVariant::Regular, style.text_size, style.accent_color);

  CitationFields fields{text(entry.authors), entry.me, text(entry.title), text(entry.venue),
                        model::blank(entry.year) ? std::string() : entry.year,
                        model::blank(entry.doi) ? std::string() : entry.doi};
  const std::string doi_link = doi_url(fields.doi);
  const std::string link = entry.url.empty() ? doi_link : entry.url;
  RichText citation;
  // The author parts are the authors text piece after piece: where each
  // starts in it places its markup warnings.
  std::size_t author_at = 0;
  for (const auto& part : citation_parts(fields, style.publication_show_doi, style.publication_doi_form)) {
    switch (part.kind) {
      case CitationPart::Kind::Author:
        add_text(citation, part.text, regular, place(entry.authors).from_byte(author_at));
        author_at += part.text.size();
        break;
      case CitationPart::Kind::Me:
        add_text(citation, part.text, bold, place(entry.authors).from_byte(author_at));
        author_at += part.text.size();
        break;
      case CitationPart::Kind::Punctuation: citation.add(part.text, regular); break;
      case CitationPart::Kind::Title:
        add_text(citation, part.text, link.empty() ? regular : accent, place(entry.title), link);
        break;
      case CitationPart::Kind::Venue:
        add_text(citation, part.lead + part.text, with(italic_for(part.text), style.text_size, style.text_color),
                 place(entry.venue).after(part.lead.size()));
        break;
      case CitationPart::Kind::Year: citation.add(part.lead + part.text, regular, {}, entry.span); break;
      // Linked to its resolver.
      case CitationPart::Kind::Doi: citation.add(part.text, accent, doi_link, entry.span); break;
    }
  }

  // The number hangs before the citation; beside a date column it stands
  // in that column, where moderncv sets a \cvitem's label.
  const bool left_dates = date_column();
  const Scaled column_x = text_column_x();
  Scaled indent = column_x;
  RichText number;
  if (style.publication_numbers) {
    number.add("[" + std::to_string(publication_number) + "]", with(FontVariant::Regular, style.text_size, style.muted_color));
    if (!left_dates) indent = std::max(style.bullet_indent, typesetter.measure(number) + style.text_size / 2);
  }
  auto lines = typesetter.set(citation, typesetter.body_shape(width - indent));
  std::vector<SetLine> number_lines;
  if (!lines.empty() && !number.empty()) {
    ParagraphShape shape = typesetter.body_shape(left_dates ? style.date_column_width : indent);
    shape.align = theme::Alignment::Ragged;
    number_lines = typesetter.set(number, shape);
  }
  // An LI of the section's list of publications: its number the Lbl, read
  // before the citation.
  if (!lines.empty()) {
    const StructId item = add_node("LI", entry_list);
    tag_as(number_lines, "Lbl", item);
    tag_as(lines, "LBody", item);
  }
  if (!number_lines.empty()) {
    translate(number_lines.front().elements, -indent, 0);
    for (auto& e : number_lines.front().elements) lines.front().elements.push_back(std::move(e));
  }
  galley.add_lines(std::move(lines), indent);
}

}  // namespace cvpdf::compose
