// The two-column page (see sidebar.hpp): column geometry, which sections
// and header parts go into the sidebar, and the laying of the columns'
// pages over one another.
#include "compose/sidebar.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include "core/utf8.hpp"

namespace cvpdf::compose {

namespace {

const frame::Color kWhite{1, 1, 1};

// Case folding for matching titles: Latin (ASCII, Latin-1), Greek and
// Cyrillic capitals; scripts without case (CJK) pass through. Space at
// either end is dropped.
std::string folded(const std::string& s) {
  std::string out;
  for (std::size_t pos = 0; pos < s.size();) {
    char32_t cp = utf8::decode(s, pos);
    if (cp >= U'A' && cp <= U'Z') cp += 32;
    else if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) cp += 32;
    else if (cp >= 0x391 && cp <= 0x3A9) cp += 32;
    else if (cp >= 0x410 && cp <= 0x42F) cp += 32;
    else if (cp >= 0x400 && cp <= 0x40F) cp += 80;
    utf8::append(out, cp);
  }
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!out.empty() && space(out.back())) out.pop_back();
  std::size_t lead = 0;
  while (lead < out.size() && space(out[lead])) ++lead;
  return out.substr(lead);
}

struct PartWord {
  const char* word;
  HeaderPart part;
};
constexpr PartWord kPartWords[] = {
    {"photo", kHeaderPhoto}, {"contact", kHeaderContact}, {"metrics", kHeaderMetrics},
    {"name", kHeaderName},   {"headline", kHeaderHeadline}, {"summary", kHeaderSummary},
};

// Lays the pages of the two columns over one another.
std::vector<frame::Page> assemble_columns(const theme::Style& style, const SidebarGeometry& geometry,
                                          std::vector<frame::Page> main_pages,
                                          std::vector<frame::Page> sidebar_pages,
                                          const std::vector<frame::Bookmark>& main_bookmarks,
                                          const std::vector<frame::Bookmark>& sidebar_bookmarks,
                                          std::vector<frame::Bookmark>& bookmarks) {
  const bool sidebar_first = style.sidebar_reading_order == theme::ReadingOrder::SidebarFirst;
  std::vector<frame::Page>& first = sidebar_first ? sidebar_pages : main_pages;
  std::vector<frame::Page>& second = sidebar_first ? main_pages : sidebar_pages;
  const auto& first_marks = sidebar_first ? sidebar_bookmarks : main_bookmarks;
  const auto& second_marks = sidebar_first ? main_bookmarks : sidebar_bookmarks;

  const std::size_t count = std::max<std::size_t>({main_pages.size(), sidebar_pages.size(), 1});
  std::vector<frame::Page> pages(count);
  for (std::size_t p = 0; p < count; ++p) {
    frame::Page& page = pages[p];
    page.width = style.page_width;
    page.height = style.page_height;
    // Behind the text, so drawn first; on every page, the sidebar's or not.
    if (geometry.draws_background) page.elements.emplace_back(std::in_place_type<frame::Rule>, geometry.background);
    // The text layer (copying, pdftotext) follows the order of drawing.
    for (auto* column : {&first, &second}) {
      if (p >= column->size()) continue;
      for (auto& e : (*column)[p].elements) page.elements.push_back(std::move(e));
    }
    for (const auto* marks : {&first_marks, &second_marks})
      for (const auto& mark : *marks)
        if (mark.page == p) bookmarks.push_back(mark);
  }
  return pages;
}

}  // namespace

SidebarGeometry sidebar_geometry(const theme::Style& style) {
  const Scaled area = style.content_width();
  const Scaled column = static_cast<Scaled>(style.sidebar_width * static_cast<double>(area));
  // Padding wider than half the column, or a gap wider than what is left,
  // would leave no room to set text in; they are held within the column.
  const Scaled padding = std::clamp<Scaled>(style.sidebar_padding, 0, column / 2);
  const Scaled gap = std::clamp<Scaled>(style.sidebar_gap, 0, (area - column) / 2);
  const Scaled top = style.margin_top;
  const Scaled height = style.page_height - style.margin_top - style.margin_bottom;

  SidebarGeometry g;
  g.draws_background = !(style.sidebar_background == kWhite);
  g.background.color = style.sidebar_background;
  g.background.y = 0;
  g.background.height = style.page_height;
  if (style.sidebar_side == theme::SidebarSide::Right) {
    const Scaled inner = style.page_width - style.margin_right - column;  // the column's inner edge
    g.sidebar = {inner + padding, column - padding, top, height};
    g.main = {style.margin_left, area - column - gap, top, height};
    g.background.x = inner - padding;
    g.background.width = style.page_width - g.background.x;
  } else {
    const Scaled inner = style.margin_left + column;
    g.sidebar = {style.margin_left, column - padding, top, height};
    g.main = {inner + gap, area - column - gap, top, height};
    g.background.x = 0;
    g.background.width = inner + padding;
  }
  return g;
}

bool in_sidebar(const model::Section& section, const theme::Style& style) {
  for (const auto& [language, title] : section.title.by_language) {
    const std::string key = folded(title);
    if (key.empty()) continue;
    for (const auto& wanted : style.sidebar_sections)
      if (folded(wanted) == key) return true;
  }
  return false;
}

unsigned sidebar_header_parts(const theme::Style& style, Diagnostics& diags) {
  unsigned parts = 0;
  std::vector<std::string> words;
  for (const auto& w : kPartWords) words.emplace_back(w.word);
  for (const auto& written : style.sidebar_header) {
    const std::string word = folded(written);
    bool known = false;
    for (const auto& w : kPartWords) {
      if (word != w.word) continue;
      parts |= w.part;
      known = true;
    }
    if (known) continue;
    std::string hint = "sidebar.header lists header parts: photo, contact, metrics, name, headline, summary";
    const std::string near = nearest_word(word, words);
    if (!near.empty()) hint += " (did you mean '" + near + "'?)";
    diags.warning(style.origin(style.sidebar_header).span,
                  "sidebar.header names '" + printable(written) + "', which is not a part of the header; it is ignored",
                  hint);
  }
  return parts;
}

theme::Style sidebar_header_style(const theme::Style& style, unsigned parts) {
  theme::Style s = style;
  // A photo with nothing beside it reads as the column's emblem: centred.
  // With contacts (or a name) under it, everything shares the left edge.
  const bool lone_photo = parts == kHeaderPhoto;
  s.header_align = lone_photo ? theme::HeaderAlign::Center : theme::HeaderAlign::Left;
  // Above contacts the photo keeps to their left edge; alone it stays where
  // the theme put it (centred by the alignment), and `none` stays none.
  s.header_photo =
      (lone_photo || style.header_photo == theme::HeaderPhoto::None) ? style.header_photo : theme::HeaderPhoto::Left;
  s.contact_style = theme::ContactStyle::Column;
  return s;
}

std::vector<frame::Page> compose_two_columns(const Composer& base, std::vector<frame::Bookmark>& bookmarks,
                                             std::vector<PlacedBlock>* placed, std::vector<double>* filled) {
  const theme::Style& style = base.style;
  const SidebarGeometry geometry = sidebar_geometry(style);
  const unsigned sidebar_parts = sidebar_header_parts(style, base.diags);
  const theme::Style sidebar_style = sidebar_header_style(style, sidebar_parts);

  Galley main_galley, sidebar_galley;
  Composer main{base.resume, style, base.language, base.typesetter, main_galley, base.diags, geometry.main.width};
  Composer sidebar{base.resume, sidebar_style, base.language, base.typesetter, sidebar_galley, base.diags,
                   geometry.sidebar.width};
  main.icon_face = sidebar.icon_face = base.icon_face;
  main.today = sidebar.today = base.today;

  const unsigned main_parts = kHeaderAll & ~sidebar_parts;
  // The reading order of the structure: the header first, whichever
  // column holds its parts — the part with the name before the other, so
  // the document opens with its H1 and says whose it is before anything
  // else — then the columns' sections in sidebar.reading-order, the order
  // the theme chose for the text layer, so a reader of the tree and one of
  // the text meet the columns alike. The columns are composed section by
  // section in the résumé's order, so each part gets a lane of its own.
  std::optional<StructureBuilder> main_head, sidebar_head, main_body, sidebar_body;
  if (base.structure) {
    const bool name_aside = (sidebar_parts & kHeaderName) && !(main_parts & kHeaderName);
    const bool sidebar_first = style.sidebar_reading_order == theme::ReadingOrder::SidebarFirst;
    const std::uint32_t lane = StructureBuilder::kLaneSpan;
    main_head.emplace(base.structure->lane(name_aside ? lane : 0));
    sidebar_head.emplace(base.structure->lane(name_aside ? 0 : lane));
    main_body.emplace(base.structure->lane(sidebar_first ? 3 * lane : 2 * lane));
    sidebar_body.emplace(base.structure->lane(sidebar_first ? 2 * lane : 3 * lane));
    main.structure = &*main_head;
    sidebar.structure = &*sidebar_head;
  }
  if (main_parts != 0) main.compose_header(main_parts);
  if (sidebar_parts != 0) sidebar.compose_header(sidebar_parts);
  if (base.structure) {
    main.structure = &*main_body;
    sidebar.structure = &*sidebar_body;
  }

  bool first_main = true, first_sidebar = true;
  for (const auto& section : base.resume.sections) {
    if (!base.shows(section)) continue;  // no empty sidebar section
    const bool aside = in_sidebar(section, style);
    bool& first = aside ? first_sidebar : first_main;
    (aside ? sidebar : main).compose_section(section, first);
    first = false;
  }

  std::vector<frame::Bookmark> main_bookmarks, sidebar_bookmarks;
  std::vector<double> main_filled, sidebar_filled;
  auto main_pages = paginate(std::move(main_galley), style, geometry.main, main_bookmarks, placed, &main_filled);
  auto sidebar_pages =
      paginate(std::move(sidebar_galley), style, geometry.sidebar, sidebar_bookmarks, placed, &sidebar_filled);
  if (filled) {
    filled->assign(std::max(main_filled.size(), sidebar_filled.size()), 0.0);
    for (std::size_t p = 0; p < filled->size(); ++p)
      (*filled)[p] = std::max(p < main_filled.size() ? main_filled[p] : 0.0,
                              p < sidebar_filled.size() ? sidebar_filled[p] : 0.0);
  }
  return assemble_columns(style, geometry, std::move(main_pages), std::move(sidebar_pages), main_bookmarks,
                          sidebar_bookmarks, bookmarks);
}

}  // namespace cvpdf::compose
