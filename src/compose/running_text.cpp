// The running header and footer (see running_text.hpp). Everything here
// sits in the page's margins, outside the text area the galley filled, so
// it is set after pagination, when the page count is known.
#include "compose/running_text.hpp"

#include "compose/dates.hpp"
#include "core/templates.hpp"

namespace cvpdf::compose {

namespace {

// The page number in the layout's words for the language: "Page {page} of
// {pages}", "第 {page} 页，共 {pages} 页".
std::string page_number(const std::string& pattern, std::size_t page, std::size_t pages) {
  return expand_template(pattern, {{"page", std::to_string(page)}, {"pages", std::to_string(pages)}});
}

// The month the PDF is dated, in the language's date pattern ("Dec 2026",
// "2026.12"); "" when no day is known.
std::string dated_month(const Composer& c) {
  if (c.today.year <= 0) return {};
  return format_date(model::Date{c.today.year, c.today.month, 0, false, {}}, c.style.dates);
}

Scaled across(theme::TextSide side, const theme::Style& style, Scaled width) {
  switch (side) {
    case theme::TextSide::Left: return style.margin_left;
    case theme::TextSide::Center: return style.margin_left + (style.content_width() - width) / 2;
    case theme::TextSide::Right: break;
  }
  return style.page_width - style.margin_right - width;
}

// The theme's free text for one page, set at the text area's width.
std::vector<SetLine> set_free_text(const Composer& c, const std::string& words, Scaled size, const std::string& name,
                                   std::size_t page, std::size_t pages, std::vector<Diagnostic>& unsaid) {
  const std::string text = expand_template(words, {{"page", std::to_string(page)},
                                                   {"pages", std::to_string(pages)},
                                                   {"name", name},
                                                   {"date", dated_month(c)}});
  ParagraphShape shape = c.typesetter.body_shape(c.style.content_width());
  shape.align = theme::Alignment::Ragged;
  shape.flush_rtl = false;
  RichText rich;
  // The key's place, for a markup warning: the theme's or the résumé's style.
  const model::TextPlace place(c.style.origin(words).span);
  c.add_text(rich, text, {FontVariant::Regular, size, c.style.muted_color, 0}, place);
  return c.typesetter.set_trial(rich, shape, unsaid);
}

Scaled block_height(const std::vector<SetLine>& lines) {
  Scaled h = 0;
  for (const auto& line : lines) h += line.height + line.depth;
  return h;
}

// Stacks `lines` down from the first baseline at `top_baseline`, each
// placed across the page by `side`.
void place_lines(std::vector<SetLine> lines, Scaled top_baseline, theme::TextSide side, const theme::Style& style,
                 frame::Page& page) {
  Scaled baseline = top_baseline;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) baseline += lines[i - 1].depth + lines[i].height;
    translate(lines[i].elements, across(side, style, lines[i].width), baseline);
    for (auto& e : lines[i].elements) page.elements.push_back(std::move(e));
  }
}

// One free text (the header's or the footer's) set for every page, or none
// — with a warning — when a page's would be taller than `room`: it would
// run into the résumé.
std::vector<std::vector<SetLine>> free_texts(const Composer& c, const std::string& words, Scaled size, Scaled room,
                                             const std::string& where, const std::string& name, std::size_t pages) {
  std::vector<std::vector<SetLine>> out;
  if (words.empty()) return out;
  std::vector<Diagnostic> unsaid;
  for (std::size_t i = 0; i < pages; ++i) {
    out.push_back(set_free_text(c, words, size, name, i + 1, pages, unsaid));
    if (block_height(out.back()) > room) {
      c.diags.warning(c.style.origin(words).span,
                      "the " + where + "'s free text takes " + std::to_string(out.back().size()) +
                          " line(s), more than its margin holds; it is not set",
                      "shorten words.<lang>." + where + "-text, lower " + where + ".text-size or widen page.margin." +
                          (where == "header" ? "top" : "bottom"));
      return {};
    }
  }
  return out;
}

}  // namespace

void add_running_text(std::vector<frame::Page>& pages, const Composer& c, const std::string& name) {
  const theme::Style& style = c.style;
  Typesetter& typesetter = c.typesetter;
  const SpanStyle muted{FontVariant::Regular, style.footer_size, style.muted_color, 0};
  ParagraphShape shape = typesetter.body_shape(style.content_width());
  shape.align = theme::Alignment::Ragged;
  // What setting the footer could warn of (a name broken inside a word
  // to fit) is said of the name where the header sets it, or is of a
  // trial whose lines give way to the page number alone.
  std::vector<Diagnostic> unsaid;
  // "Last updated Dec 2026" at the left of every page's foot.
  std::vector<SetLine> stamp;
  if (style.footer_last_updated && c.today.year > 0) {
    RichText words;
    words.add(expand_template(style.last_updated_words, {{"date", dated_month(c)}}), muted);
    stamp = typesetter.set_trial(words, shape, unsaid);
    if (stamp.size() > 1) stamp.clear();  // words longer than the measure: a theme's mistake, not set
  }
  const bool numbered = pages.size() >= 2 || style.footer_from_page <= 1;
  const bool footer_line = !stamp.empty() || numbered;

  // The header's free text in the middle of the top margin.
  const auto header = free_texts(c, style.header_text, style.header_text_size, style.margin_top * 9 / 10, "header",
                                 name, pages.size());
  for (std::size_t i = 0; i < header.size(); ++i)
    if (!header[i].empty())
      place_lines(header[i], (style.margin_top - block_height(header[i])) / 2 + header[i].front().height,
                  style.header_text_align, style, pages[i]);
  // The footer's free text over the footer line, the two in the middle of
  // the bottom margin; the footer line alone stands halfway down it.
  const Scaled line_room = footer_line ? style.footer_size * 3 / 2 : 0;
  const auto footer = free_texts(c, style.footer_text, style.footer_text_size,
                                 style.margin_bottom * 9 / 10 - line_room, "footer", name, pages.size());
  Scaled baseline = style.page_height - style.margin_bottom / 2;
  for (std::size_t i = 0; i < footer.size(); ++i) {
    if (footer[i].empty()) continue;
    const Scaled h = block_height(footer[i]);
    const Scaled top = style.page_height - style.margin_bottom + (style.margin_bottom - h - line_room) / 2;
    place_lines(footer[i], top + footer[i].front().height, style.footer_text_align, style, pages[i]);
    baseline = top + h + line_room * 4 / 5;
  }

  // The name and page number share the line with the stamp, an em apart.
  if (!stamp.empty()) shape = typesetter.body_shape(style.content_width() - stamp.front().width - style.footer_size);
  for (std::size_t i = 0; !stamp.empty() && i < pages.size(); ++i) {
    SetLine line = stamp.front();
    translate(line.elements, style.margin_left, baseline);
    for (auto& e : line.elements) pages[i].elements.push_back(std::move(e));
  }
  if (!numbered) return;
  auto footer_lines = [&](const std::string& page, bool with_name) {
    RichText text;
    if (with_name) text.add(name + "  ·  ", muted);
    text.add(page, muted);
    return typesetter.set_trial(text, shape, unsaid);
  };
  // The footer is one line in the bottom margin: a name too long to share
  // it gives way to the page number, which is what a loose page needs. The
  // last page's number is the longest, so one trial there decides for every
  // page — and a long name is set once, not once a page (the pages of a
  // name that fills pages grow with it).
  bool name_fits = !name.empty() && footer_lines(page_number(style.page_words, pages.size(), pages.size()), true).size() == 1;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    int number = static_cast<int>(i) + 1;
    if (number < style.footer_from_page) continue;
    const std::string page = page_number(style.page_words, i + 1, pages.size());
    auto lines = footer_lines(page, name_fits);
    if (lines.size() > 1 && name_fits) lines = footer_lines(page, false);
    if (lines.empty()) continue;
    SetLine& line = lines.front();
    translate(line.elements, style.page_width - style.margin_right - line.width, baseline);
    for (auto& e : line.elements) pages[i].elements.push_back(std::move(e));
  }
}

}  // namespace cvpdf::compose
