// The page properties (page_properties.hpp): the rows of each column of
// each page, what each row is (a heading, an item's head, a body line), and
// the rules on the rows at a page's foot and top.
#include "page_properties.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "model/visible_content.hpp"

namespace cvpdf::test {
namespace {

// Whole: an item that is a head alone (an award and its date), an entry
// in one row, complete wherever it stands.
enum class RowKind { Heading, Head, Whole, Body };

// One row of a column: the lines mupdf reads on one baseline (a date
// column and its text, an org and its date flush right).
struct Row {
  Box box;
  std::string text;                // folded(): no white space, case folded
  std::vector<std::string> parts;  // each line's text on the row, folded
  RowKind kind = RowKind::Body;
};

// What a row is, from the outline's titles on its page and the heads of the
// résumé's items in the variant.
struct Marks {
  // The outline's entries: a heading's row holds its title where its
  // destination points, on its page.
  std::vector<OutlineEntry> headings;
  std::vector<std::string> heads;  // folded organisations and roles, 3 characters or more
  std::vector<std::string> wholes;  // the same, of items with no body
};

// The heads of the variant's items, those with a body (`with_body`) or
// those of a head alone.
std::vector<std::string> item_heads(const RenderedPdf& pdf, bool with_body) {
  std::vector<std::string> heads;
  if (!pdf.resume || pdf.resume->languages.empty()) return heads;
  const std::string& first = pdf.resume->languages.front();
  for (const auto& section : pdf.resume->sections) {
    if (!section.only.includes(pdf.language)) continue;
    for (const auto& entry : section.entries) {
      const auto* item = entry.as<model::ItemEntry>();
      if (!item || !entry.only.includes(pdf.language)) continue;
      auto shown = [&](const model::Localized& t) { return !model::blank(t.get(pdf.language, first)); };
      if (with_body != (shown(item->text) || std::any_of(item->bullets.begin(), item->bullets.end(), shown))) continue;
      for (const auto* field : {&item->org, &item->role}) {
        const std::string text = folded(field->get(pdf.language, first));
        if (code_points(text).size() >= 3) heads.push_back(text);
      }
    }
  }
  return heads;
}

// Whether `part` begins with `head` as a whole: what follows it is not a
// letter, a digit or a hyphen (soft or not) of a word running on.
bool begins_with(const std::string& part, const std::string& head) {
  if (part.rfind(head, 0) != 0) return false;
  if (part.size() == head.size()) return true;
  const auto next = static_cast<unsigned char>(part[head.size()]);
  if (std::isalnum(next) || next == '-') return false;
  return part.compare(head.size(), 2, "\xC2\xAD") != 0;
}

// A heading's row: on the outline entry's page, within a line of where its
// destination points (its top, y up), and its title with at most a few
// characters more (a letter-spaced capital read apart).
bool is_heading(const Row& row, const OutlineEntry& entry, std::size_t p, double page_height) {
  if (entry.page != static_cast<int>(p) + 1) return false;
  const double line = row.box.height();
  if (!std::isnan(entry.top) && std::abs(row.box.y0 - (page_height - entry.top)) > 1.5 * line) return false;
  const std::string title = folded(entry.title);
  return !title.empty() && row.text.rfind(title, 0) == 0 && row.text.size() <= title.size() + 8;
}

RowKind kind_of(const Row& row, const Marks& marks, std::size_t p, double page_height) {
  for (const auto& entry : marks.headings)
    if (is_heading(row, entry, p, page_height)) return RowKind::Heading;
  for (const auto& part : row.parts) {
    for (const auto& head : marks.heads)
      if (begins_with(part, head)) return RowKind::Head;
    for (const auto& head : marks.wholes)
      if (begins_with(part, head)) return RowKind::Whole;
  }
  return RowKind::Body;
}

// The rows of page `p` (0-based) in one column (`sidebar` or the main
// one), top to bottom, the footer left out.
std::vector<Row> rows_of(const RenderedPdf& pdf, std::size_t p, bool sidebar, const Marks& marks) {
  const Page& page = pdf.glyphs.pages[p];
  const double bottom = text_area(pdf.style, page).y1;
  std::vector<const Line*> lines;
  for (const auto& line : page.lines) {
    if (line.words.empty() || is_footer(line, static_cast<int>(p) + 1, bottom)) continue;
    if (in_sidebar(pdf.style, line.box, page) != sidebar) continue;
    lines.push_back(&line);
  }
  std::sort(lines.begin(), lines.end(), [](const Line* a, const Line* b) {
    return a->box.y1 != b->box.y1 ? a->box.y1 < b->box.y1 : a->box.x0 < b->box.x0;
  });
  std::vector<Row> rows;
  for (const Line* line : lines) {
    // On the row before when its em box's middle is inside that row's.
    const double middle = (line->box.y0 + line->box.y1) / 2;
    if (!rows.empty() && middle > rows.back().box.y0 && middle < rows.back().box.y1) {
      Row& row = rows.back();
      row.text += folded(line->text());
      row.parts.push_back(folded(line->text()));
      row.box = {std::min(row.box.x0, line->box.x0), std::min(row.box.y0, line->box.y0),
                 std::max(row.box.x1, line->box.x1), std::max(row.box.y1, line->box.y1)};
      continue;
    }
    rows.push_back({line->box, folded(line->text()), {folded(line->text())}, RowKind::Body});
  }
  for (Row& row : rows) row.kind = kind_of(row, marks, p, page.height);
  return rows;
}

Marks marks_of(const RenderedPdf& pdf) {
  Marks marks;
  marks.headings = pdf.outline;
  marks.heads = item_heads(pdf, true);
  marks.wholes = item_heads(pdf, false);
  return marks;
}

std::string excerpt(const Row& row) {
  std::string text = row.text.substr(0, 60);
  // Not inside a UTF-8 sequence.
  while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
  if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.pop_back();
  return "'" + text + "'";
}

std::string page_label(std::size_t p) { return "page " + std::to_string(p + 1); }

// The rules at the foot of page `p` and the top of page `p + 1`, in one column.
void check_break(const std::vector<Row>& foot, const std::vector<Row>& top, std::size_t p,
                 std::vector<std::string>& violations) {
  if (foot.empty() || top.empty()) return;
  const bool continues = top.front().kind == RowKind::Body;  // the next page goes on with what this one ended
  // The last heading or head on the page, and the body lines under it.
  for (std::size_t i = foot.size(); i-- > 0;) {
    if (foot[i].kind == RowKind::Body) continue;
    if (foot[i].kind == RowKind::Whole) break;  // a whole entry ends the page: nothing to keep
    std::size_t j = i + 1;
    while (j < foot.size() && foot[j].kind == RowKind::Head) ++j;  // an entry's head lines
    const std::size_t body = foot.size() - j;
    if (foot[i].kind == RowKind::Heading && j == foot.size() && body == 0 && i + 1 == foot.size()) {
      violations.push_back(page_label(p) + ": the heading " + excerpt(foot[i]) + " is alone at the page foot");
    } else if (body < 2 && (continues || (j == foot.size() && top.front().kind != RowKind::Heading))) {
      violations.push_back(page_label(p) + ": " + (foot[i].kind == RowKind::Heading ? "the heading " : "the head ") +
                           excerpt(foot[i]) + " has " + std::to_string(body) +
                           " line(s) under it at the page foot, the rest on the next page");
    }
    break;
  }
  // A widow: one line, then a heading or a head, at the top of the next page.
  if (continues && (top.size() == 1 || top[1].kind != RowKind::Body))
    violations.push_back(page_label(p + 1) + ": " + excerpt(top.front()) + " is alone at the page top");
}

// A check on no page read fails, never passes.
bool read_some(const RenderedPdf& pdf, PropertyReport& report) {
  if (!pdf.glyphs.pages.empty()) return true;
  report.violations.push_back("no page read: " + pdf.glyphs.error);
  return false;
}

}  // namespace

PropertyReport check_last_page_fill(const RenderedPdf& pdf) {
  PropertyReport report;
  const auto& pages = pdf.glyphs.pages;
  if (!read_some(pdf, report)) return report;
  const std::size_t last = pages.size() - 1;
  const Page& page = pages[last];
  const Box area = text_area(pdf.style, page);
  double lowest = area.y0;
  for (const auto& line : page.lines)
    if (!line.words.empty() && !is_footer(line, static_cast<int>(last) + 1, area.y1))
      lowest = std::max(lowest, line.box.y1);
  const double fill = area.height() > 0 ? (lowest - area.y0) / area.height() : 0;
  char figures[96];
  std::snprintf(figures, sizeof figures, "%zu page(s), last page %.0f%% full", pages.size(), 100 * fill);
  report.figures = figures;
  if (pages.size() < 2 || fill >= pdf.style.fit.short_page) return report;
  // A heading on the last page with a line of its section under it.
  const Marks marks = marks_of(pdf);
  for (const bool sidebar : {false, true}) {
    const auto rows = rows_of(pdf, last, sidebar, marks);
    for (std::size_t i = 0; i + 1 < rows.size(); ++i)
      if (rows[i].kind == RowKind::Heading && rows[i + 1].kind != RowKind::Heading) return report;
  }
  report.violations.push_back(page_label(last) + ": the last page is " + std::to_string(std::lround(100 * fill)) +
                              "% full (less than fit.short-page) and holds no section with its heading");
  return report;
}

PropertyReport check_lone_pieces(const RenderedPdf& pdf) {
  PropertyReport report;
  const auto& pages = pdf.glyphs.pages;
  if (!read_some(pdf, report)) return report;
  const Marks marks = marks_of(pdf);
  for (const bool sidebar : {false, true}) {
    std::vector<Row> foot = rows_of(pdf, 0, sidebar, marks);
    for (std::size_t p = 0; p + 1 < pages.size(); ++p) {
      std::vector<Row> top = rows_of(pdf, p + 1, sidebar, marks);
      check_break(foot, top, p, report.violations);
      foot = std::move(top);
    }
  }
  report.figures = std::to_string(report.violations.size()) + " lone piece(s) in " + std::to_string(pages.size()) +
                   " page(s)";
  return report;
}

}  // namespace cvpdf::test
