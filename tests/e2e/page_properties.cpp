// The page properties (page_properties.hpp): the rows of each column of
// each page, what each row is (a heading, an item's head, a body line), and
// the rules on the rows at a page's foot and top.
#include "page_properties.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "model/visible_content.hpp"
#include "page_pieces.hpp"
#include "pdf_structure.hpp"

namespace cvpdf::test {
namespace {

enum class RowKind { Heading, Body };

// One row of a column: the lines mupdf reads on one baseline (a date
// column and its text, an org and its date flush right).
struct Row {
  Box box;
  std::string text;                // folded(): no white space, case folded
  std::vector<std::string> parts;  // each line's text on the row, folded
  RowKind kind = RowKind::Body;
};

// The section headings, for the last page's fill: the outline's entries (a
// heading's row holds its title where its destination points, on its
// page).
struct Marks {
  std::vector<OutlineEntry> headings;
};

// Whether the variant has a publication followed by a paragraph entry in
// one section: a paragraph after a list is then a publication's summary
// (page_pieces.hpp).
bool has_summaries(const RenderedPdf& pdf) {
  if (!pdf.resume || pdf.resume->languages.empty()) return false;
  const std::string& first = pdf.resume->languages.front();
  for (const auto& section : pdf.resume->sections) {
    bool after_publication = false;
    for (const auto& entry : section.entries) {
      if (!model::entry_has_content(entry, pdf.language, first)) continue;
      if (after_publication && entry.as<model::ParagraphEntry>()) return true;
      after_publication = entry.as<model::PublicationEntry>() != nullptr;
    }
  }
  return false;
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

// ---- lone pieces, from the structure (page_pieces.hpp) ----------------------

// One row of a column with what the structure says it is.
struct PieceRow {
  Row row;
  int section = -1, entry = -1;
  Piece piece = Piece::None;
};

// The rows of page `p` in one column, each with the piece of the runs on
// its baseline: a heading's, else a body's, a summary's, a head's (a
// date column's second line beside an item's text is body). Rows of no
// section (the header) are left out.
std::vector<PieceRow> piece_rows(const RenderedPdf& pdf, const std::vector<std::vector<PieceRun>>& pieces,
                                 std::size_t p, bool sidebar) {
  const Page& page = pdf.glyphs.pages[p];
  std::vector<PieceRow> out;
  for (Row& row : rows_of(pdf, p, sidebar, Marks{})) {
    PieceRow r{std::move(row)};
    auto rank = [](Piece piece) {
      switch (piece) {
        case Piece::Heading: return 4;
        case Piece::Body: return 3;
        case Piece::Summary: return 2;
        case Piece::Head: return 1;
        case Piece::None: return 0;
      }
      return 0;
    };
    double x = 0;
    if (p < pieces.size())
      for (const PieceRun& run : pieces[p]) {
        if (run.y < r.row.box.y0 - 0.5 || run.y > r.row.box.y1 + 0.5) continue;
        if (in_sidebar(pdf.style, Box{run.x, run.y - 1, run.x + 1, run.y}, page) != sidebar) continue;
        const bool better = rank(run.piece) > rank(r.piece) || (rank(run.piece) == rank(r.piece) && run.x < x);
        if (!better) continue;
        r.piece = run.piece;
        r.section = run.section;
        r.entry = run.entry;
        x = run.x;
      }
    if (r.piece != Piece::None) out.push_back(std::move(r));
  }
  return out;
}

std::size_t rows_of_entry(const std::vector<PieceRow>& rows, int entry, Piece piece) {
  std::size_t n = 0;
  for (const auto& r : rows) n += r.entry == entry && r.piece == piece;
  return n;
}

// The rules at the foot of page `p` and the top of page `p + 1`, in one column.
void check_break(const std::vector<PieceRow>& foot, const std::vector<PieceRow>& top, std::size_t p,
                 std::vector<std::string>& violations) {
  if (foot.empty() || top.empty()) return;
  const PieceRow& last = foot.back();
  const PieceRow& first = top.front();
  if (last.piece == Piece::Heading) {
    violations.push_back(page_label(p) + ": the heading " + excerpt(last.row) + " is alone at the page foot");
    return;
  }
  // The entry the page ends with goes on on the next one.
  const bool continues = last.entry >= 0 && first.entry == last.entry;
  if (continues) {
    const int entry = last.entry;
    const std::size_t heads = rows_of_entry(foot, entry, Piece::Head);
    const std::size_t body = rows_of_entry(foot, entry, Piece::Body) + rows_of_entry(foot, entry, Piece::Summary);
    // The entry begins on this page under its section's heading: the
    // heading keeps its first two lines (and its head) with it.
    const auto begins = std::find_if(foot.begin(), foot.end(), [&](const PieceRow& r) { return r.entry == entry; });
    const bool under_heading = begins != foot.begin() && std::prev(begins)->piece == Piece::Heading;
    if (first.piece == Piece::Head) {
      violations.push_back(page_label(p) + ": the head " + excerpt(foot[static_cast<std::size_t>(begins - foot.begin())].row) +
                           " is split over the page break");
    } else if ((heads > 0 || under_heading) && body < 2) {
      const PieceRow& what = under_heading ? *std::prev(begins) : *begins;
      violations.push_back(page_label(p) + ": " + (under_heading ? "the heading " : "the head ") + excerpt(what.row) +
                           " has " + std::to_string(body) + " line(s) under it at the page foot, the rest on the next page");
    }
    // A widow: the entry's last line alone at the top of the next page.
    if (first.piece != Piece::Head && top.size() >= 1) {
      std::size_t rest = 0;
      for (const auto& r : top) rest += r.entry == entry;
      if (rest == 1) violations.push_back(page_label(p + 1) + ": " + excerpt(first.row) + ", the last line of an entry, is alone at the page top");
    }
  } else if (first.piece == Piece::Summary) {
    violations.push_back(page_label(p + 1) + ": a publication's summary " + excerpt(first.row) +
                         " begins the page, its publication on the page before");
  }
}

// A check on no page read fails, never passes.
bool read_some(const RenderedPdf& pdf, PropertyReport& report) {
  if (!pdf.glyphs.pages.empty()) return true;
  report.violations.push_back("no page read: " + pdf.glyphs.error);
  return false;
}

}  // namespace

namespace {

// Whether the section the last page continues (in the main column) cannot
// go over to the last page whole, heading and all: it began on a page
// before the one before (taller than a page), or the page before would
// then end emptier than the page builder lets a page end. That is more
// than kBuilderShortLines body lines short: a page short by t against
// its weighed ragged foot of kFootStretchLines lines (compose/galley.hpp)
// has badness 100 (t / stretch)^3, which reaches 10000 (deplorable, never
// chosen) at t = 4.34 × that stretch (tex.web §108), and a break is moved
// back only to a page better than that (page_balance.hpp). Cut there, the
// last page would begin with the heading; the balance cannot do it
// without leaving a page that empty, so the last page holds whole entries
// of the section without its heading, and no "continued" heading is set.
// `why` says which, with the lines the page before would be short.
bool section_cannot_move(const RenderedPdf& pdf, const Marks& marks, std::string& why) {
  constexpr double kBuilderShortLines = 4 * 4.34;
  const auto& pages = pdf.glyphs.pages;
  const std::size_t before = pages.size() - 2;
  const auto rows = rows_of(pdf, before, false, marks);
  std::size_t heading = rows.size();
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].kind == RowKind::Heading) heading = i;
  if (heading == rows.size()) {
    why = "its section is taller than a page";
    return true;
  }
  const std::string primary = pdf.language.substr(0, pdf.language.find('-'));
  const bool cjk = primary == "zh" || primary == "ja" || primary == "ko";
  const double line = to_pt(pdf.style.text_size) * (cjk ? pdf.style.leading_cjk : pdf.style.leading);
  const Box area = text_area(pdf.style, pages[before]);
  const double ends = heading == 0 ? area.y0 : rows[heading - 1].box.y1;
  if (line <= 0) return false;
  char figures[96];
  std::snprintf(figures, sizeof figures, "moved over whole, its section would leave page %zu %.1f lines short",
                before + 1, (area.y1 - ends) / line);
  why = figures;
  return area.y1 - ends > kBuilderShortLines * line;
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
  if (std::string why; section_cannot_move(pdf, marks, why)) {
    report.figures += " (" + why + ")";
    return report;
  }
  report.violations.push_back(page_label(last) + ": the last page is " + std::to_string(std::lround(100 * fill)) +
                              "% full (less than fit.short-page) and holds no section with its heading");
  return report;
}

PropertyReport check_lone_pieces(const RenderedPdf& pdf) {
  PropertyReport report;
  if (!read_some(pdf, report)) return report;
  const TaggedPdf tagged = read_tagged_structure(pdf.path);
  if (!tagged.error.empty() || tagged.tree.elements.empty()) {
    report.violations.push_back("no structure tree read: " + (tagged.error.empty() ? "the PDF is untagged" : tagged.error));
    return report;
  }
  std::vector<double> heights;
  for (const auto& page : pdf.glyphs.pages) heights.push_back(page.height);
  return check_lone_pieces(pdf, read_pieces(tagged, heights, has_summaries(pdf)));
}

PropertyReport check_lone_pieces(const RenderedPdf& pdf, const std::vector<std::vector<PieceRun>>& pieces) {
  PropertyReport report;
  const auto& pages = pdf.glyphs.pages;
  if (!read_some(pdf, report)) return report;
  for (const bool sidebar : {false, true}) {
    std::vector<PieceRow> foot = piece_rows(pdf, pieces, 0, sidebar);
    for (std::size_t p = 0; p + 1 < pages.size(); ++p) {
      std::vector<PieceRow> top = piece_rows(pdf, pieces, p + 1, sidebar);
      check_break(foot, top, p, report.violations);
      foot = std::move(top);
    }
  }
  report.figures = std::to_string(report.violations.size()) + " lone piece(s) in " + std::to_string(pages.size()) +
                   " page(s)";
  return report;
}

}  // namespace cvpdf::test
