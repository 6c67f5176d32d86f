// The page builder's keeps and the last page's balance, on the real PDF
// (issue 28, item 1): with fit.short-page 0 (no page saved by fitting), a
// résumé whose last section is pushed down page 1 a line at a time (k
// one-line notes before it) ends on a page that holds a section with its
// heading, never the tail of one; a heading stands over two lines, an
// item's head over two lines of its body, a publication's summary with its
// citation, and no page begins with one line of what the page before ended
// with. Each PDF is read back (mupdf's glyph lines, qpdf's outline) and
// held to check_last_page_fill and check_lone_pieces; the checks
// themselves are shown failing on pages made to break the rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "model/loader.hpp"
#include "page_properties.hpp"
#include "pdf_structure.hpp"
#include "random_resume.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

constexpr const char* kStyle = R"(style:
  page: {size: a4, margin: {top: 50pt, bottom: 50pt, left: 50pt, right: 50pt}}
  text: {size: 10pt, leading: 1.3, hyphenate: false}
  fit: {short-page: 0}
)";

// k one-line notes, then `tail` (sections in the résumé's YAML).
std::string resume(int notes, const std::string& tail) {
  std::ostringstream y;
  y << kStyle << "person: {name: Pat Balance}\nsections:\n  - title: Notes\n    bullets:\n";
  for (int i = 1; i <= notes; ++i) y << "      - Note number " << i << ".\n";
  y << tail;
  return y.str();
}

// A paragraph of about `lines` lines at 10pt on A4 less 100pt, each word
// starting with `mark`.
std::string words(const std::string& mark, int lines) {
  std::string out = mark;
  for (int i = 1; i < 12 * lines - 2; ++i) out += " " + mark + std::to_string(i);
  return out;
}

struct Sweep {
  std::vector<RenderedPdf> pdfs;
  std::vector<model::Resume> resumes;  // RenderedPdf::resume points here
};

// Renders `tail` after k notes for every k in [from, to] (one cvpdf run),
// each PDF read back as the checks read it.
Sweep sweep(const std::string& name, const std::string& tail, int from, int to, const std::string& theme = "classic") {
  Sweep s;
  const std::string dir = temp_dir();
  std::string inputs;
  for (int k = from; k <= to; ++k) {
    const std::string yaml = dir + "/" + name + "-" + std::to_string(k) + ".yaml";
    write_file(yaml, resume(k, tail));
    inputs += " '" + yaml + "'";
  }
  const Result r = run(cvpdf() + " --theme " + theme + inputs + " -q -o '" + dir + "/{name}.pdf'");
  EXPECT_EQ(r.status, 0) << r.err;
  s.resumes.reserve(static_cast<std::size_t>(to - from + 1));
  for (int k = from; k <= to; ++k) {
    const std::string base = dir + "/" + name + "-" + std::to_string(k);
    Diagnostics diags;
    auto model = model::load_resume(read_file(base + ".yaml"), base + ".yaml", dir, diags);
    if (!model) {
      ADD_FAILURE() << base << ".yaml does not load";
      continue;
    }
    s.resumes.push_back(std::move(*model));
    RenderedPdf pdf;
    pdf.path = base + ".pdf";
    pdf.glyphs = read_glyph_boxes(pdf.path);
    pdf.outline = read_outline(pdf.path);
    pdf.resume = &s.resumes.back();
    pdf.language = "en";
    std::string why;
    const auto style = theme_style(theme, s.resumes.back(), "en", why);
    if (!style) {
      ADD_FAILURE() << why;
      continue;
    }
    pdf.style = *style;
    EXPECT_TRUE(pdf.glyphs.error.empty()) << pdf.glyphs.error;
    s.pdfs.push_back(std::move(pdf));
  }
  return s;
}

int page_of(const RenderedPdf& pdf, const std::string& mark) {
  for (std::size_t p = 0; p < pdf.glyphs.pages.size(); ++p)
    for (const auto& line : pdf.glyphs.pages[p].lines)
      for (const auto& w : line.words)
        if (folded(w.text).rfind(folded(mark), 0) == 0) return static_cast<int>(p) + 1;
  return 0;
}

void expect_no_violations(const PropertyReport& report, const std::string& what) {
  for (const auto& v : report.violations) ADD_FAILURE() << what << ": " << v;
}

// The sweep's notes: from a last section wholly on page 1 to one wholly on
// page 2 (a 57-line text area; the tails below are 6–12 lines).
constexpr int kFrom = 36, kTo = 52;

// The last section's publications, one or two lines each: its last ones
// never stand on page 2 without the heading; it moves over whole.
TEST(PageBalance, TheLastPageHoldsASectionWithItsHeading) {
  std::string tail = "  - title: Papers\n    entries:\n";
  for (int i = 1; i <= 4; ++i)
    tail += "      - {title: \"Paper" + std::to_string(i) + " on balancing the last page\", authors: [A. Writer], "
            "venue: \"Journal of Pages " + std::string(i % 2 ? "and the Long Lines That Make a Citation Wrap Over" : "") +
            "\", year: 2024}\n";
  const Sweep s = sweep("papers", tail, kFrom, kTo);
  int two_pages = 0;
  for (const auto& pdf : s.pdfs) {
    SCOPED_TRACE(pdf.path);
    expect_no_violations(check_last_page_fill(pdf), "last-page fill");
    expect_no_violations(check_lone_pieces(pdf), "lone pieces");
    if (pdf.glyphs.pages.size() < 2) continue;
    ++two_pages;
    // The heading is on the last page, with every paper under it.
    EXPECT_EQ(page_of(pdf, "Papers"), 2);
    EXPECT_EQ(page_of(pdf, "Paper1"), 2);
  }
  EXPECT_GE(two_pages, 5);
}

// A section of pairs (one line each) under a heading at the foot of page
// 1: the heading stands over two of them or goes over with them; the last
// pair never starts page 2 alone. Another section follows, so the balance
// does not move them.
TEST(PageBalance, AHeadingStandsOverTwoLinesAndALastLineIsNeverAlone) {
  const std::string tail =
      "  - title: Skills\n    entries:\n"
      "      - {label: Langs, text: Alphaskill one}\n      - {label: Tools, text: Bravoskill two}\n"
      "      - {label: Other, text: Charlieskill three}\n"
      "  - title: Closing\n    text: \"" + words("closing", 8) + "\"\n";
  const Sweep s = sweep("pairs", tail, kFrom, kTo);
  for (const auto& pdf : s.pdfs) {
    SCOPED_TRACE(pdf.path);
    expect_no_violations(check_lone_pieces(pdf), "lone pieces");
    const int heading = page_of(pdf, "Skills");
    EXPECT_EQ(page_of(pdf, "Bravoskill"), heading) << "the heading over one line";
    EXPECT_EQ(page_of(pdf, "Charlieskill"), page_of(pdf, "Bravoskill")) << "the last pair alone";
  }
}

// An item whose bullets are one line each: its head never stands at a
// page foot over one of them; and a publication's summary (a paragraph
// after it, as JSON Resume's are read) never starts a page without it.
TEST(PageBalance, AnItemsHeadStandsOverTwoLinesAndASummaryStaysWithItsCitation) {
  const std::string tail =
      "  - title: Work\n    entries:\n"
      "      - org: Headorg\n        role: Engineer\n        start: 2020-01\n        bullets:\n"
      "          - Alphabullet one.\n          - Bravobullet two.\n          - Charliebullet three.\n"
      "          - Deltabullet four.\n          - Echobullet five.\n          - Foxtrotbullet six.\n"
      "  - title: Writing\n    entries:\n"
      "      - {title: Gloss paper, authors: [A. Writer], venue: Pages, year: 2024}\n"
      "      - \"Summaryword " + words("summary", 2) + "\"\n"
      "  - title: Closing\n    text: \"" + words("closing", 6) + "\"\n";
  const Sweep s = sweep("heads", tail, kFrom - 8, kTo - 2);
  for (const auto& pdf : s.pdfs) {
    SCOPED_TRACE(pdf.path);
    expect_no_violations(check_lone_pieces(pdf), "lone pieces");
    const int head = page_of(pdf, "Headorg");
    EXPECT_EQ(page_of(pdf, "Bravobullet"), head) << "the head over one line of its body";
    EXPECT_EQ(page_of(pdf, "Summaryword"), page_of(pdf, "Gloss")) << "the summary without its citation";
  }
}

// The checks fail where the rules are broken: pages made of lines.
Line line_at(const std::string& text, double top) {
  Line line;
  line.box = {60, top, 300, top + 10};
  line.words.push_back({text, line.box});
  return line;
}

RenderedPdf made_of(const std::vector<std::vector<std::string>>& pages, const model::Resume& resume) {
  RenderedPdf pdf;
  pdf.resume = &resume;
  pdf.language = "en";
  pdf.style.fit.short_page = 0.25;
  for (std::size_t p = 0; p < pages.size(); ++p) {
    Page page;
    page.width = to_pt(pdf.style.page_width);
    page.height = to_pt(pdf.style.page_height);
    double top = to_pt(pdf.style.margin_top) + 1;
    for (const auto& text : pages[p]) {
      page.lines.push_back(line_at(text, top));
      top += 13;
    }
    pdf.glyphs.pages.push_back(page);
  }
  pdf.outline = {{"Work", 1, std::nan(""), 0}, {"Skills", 2, std::nan(""), 0}};
  return pdf;
}

// The pieces as the structure tree gives them, on a real PDF: three
// headings; an item's head above its text and bullets, one entry; a
// publication and a pair entries of their own; the paragraph after the
// publication its summary.
TEST(PageBalance, ThePiecesAreReadFromTheStructureTree) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", R"(person: {name: Pat Pieces}
sections:
  - title: Work
    entries:
      - {org: Acme Corp, role: Engineer, start: 2020-01, end: present, text: "Built the things.", bullets: [One thing., Another thing.]}
      - {org: Solo Org, role: Lead}
  - title: Papers
    entries:
      - {title: A Paper, authors: [A. Writer], venue: Venue, year: 2020}
      - text: The paper's summary.
  - title: Skills
    entries:
      - {label: Languages, text: "C++"}
)");
  const std::string pdf = dir + "/r.pdf";
  const Result r = run(cvpdf() + " -q --theme classic '" + dir + "/r.yaml' -o '" + pdf + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  const TaggedPdf tagged = read_tagged_structure(pdf);
  ASSERT_EQ(tagged.error, "");
  const GlyphBoxes glyphs = read_glyph_boxes(pdf);
  ASSERT_EQ(glyphs.pages.size(), 1u) << glyphs.error;
  const auto pieces = read_pieces(tagged, {glyphs.pages[0].height}, true);
  ASSERT_EQ(pieces.size(), 1u);
  // The runs of each entry, top to bottom, by piece.
  std::vector<int> sections;
  std::vector<std::pair<int, std::vector<Piece>>> entries;
  std::vector<PieceRun> runs = pieces[0];
  std::stable_sort(runs.begin(), runs.end(), [](const PieceRun& a, const PieceRun& b) { return a.y < b.y; });
  for (const PieceRun& run : runs) {
    if (run.piece == Piece::Heading) {
      if (std::find(sections.begin(), sections.end(), run.section) == sections.end()) sections.push_back(run.section);
      continue;
    }
    if (run.section < 0) continue;  // the header
    if (entries.empty() || entries.back().first != run.entry) entries.push_back({run.entry, {}});
    auto& kinds = entries.back().second;
    if (kinds.empty() || kinds.back() != run.piece) kinds.push_back(run.piece);
  }
  EXPECT_EQ(sections.size(), 3u);
  ASSERT_EQ(entries.size(), 5u);
  EXPECT_EQ(entries[0].second, (std::vector<Piece>{Piece::Head, Piece::Body}));  // Acme: head, text and bullets
  // Solo Org, a head alone: its role line below reads as its text
  // (page_pieces.hpp), which no rule minds: a head alone of up to
  // entry.keep-together lines is kept whole.
  EXPECT_EQ(entries[1].second, (std::vector<Piece>{Piece::Head, Piece::Body}));
  EXPECT_EQ(entries[2].second, std::vector<Piece>{Piece::Body});                  // the publication
  EXPECT_EQ(entries[3].second, std::vector<Piece>{Piece::Summary});               // its summary
  EXPECT_EQ(entries[4].second, std::vector<Piece>{Piece::Body});                  // the pair
}

// What the structure would say of made_of's lines, by their text: the
// headings "Work" and "Skills", the head "Headorg" of entry 1 over its
// body ("body …"), a pair (entry 2), an intro (entry 0).
std::vector<std::vector<PieceRun>> pieces_of(const RenderedPdf& pdf) {
  std::vector<std::vector<PieceRun>> pieces;
  for (const auto& page : pdf.glyphs.pages) {
    auto& runs = pieces.emplace_back();
    for (const auto& line : page.lines) {
      const std::string text = line.text();
      PieceRun run{line.box.x0, line.box.y0 + 8};
      run.section = text == "Skills" || text.rfind("pair", 0) == 0 ? 2 : 1;
      run.piece = text == "Work" || text == "Skills" ? Piece::Heading : text == "Headorg" ? Piece::Head : Piece::Body;
      run.entry = run.piece == Piece::Heading ? -1 : text == "Intro" ? 0 : text.rfind("pair", 0) == 0 ? 2 : 1;
      runs.push_back(run);
    }
  }
  return pieces;
}

PropertyReport lone_pieces(const RenderedPdf& pdf) { return check_lone_pieces(pdf, pieces_of(pdf)); }

TEST(PageBalance, TheChecksFindWhatBreaksTheRules) {
  model::Resume resume;
  resume.languages = {"en"};
  model::Section work;
  work.title = model::Localized::plain("Work");
  model::Entry entry;
  auto& item = entry.make<model::ItemEntry>();
  item.org = model::Localized::plain("Headorg");
  item.bullets = {model::Bullet::plain(model::Localized::plain("body one"))};  // a head with a body to keep it with
  work.entries.push_back(entry);
  resume.sections.push_back(work);

  // The heading alone at page 1's foot.
  auto alone = made_of({{"Intro", "Work"}, {"Headorg", "body one", "body two"}}, resume);
  EXPECT_EQ(lone_pieces(alone).violations.size(), 1u);
  // The head over one line of its body at the foot.
  auto head = made_of({{"Work", "Headorg", "body one"}, {"body two", "body three", "Skills", "pair"}}, resume);
  EXPECT_EQ(lone_pieces(head).violations.size(), 1u);
  // One line alone at the top of page 2 before the next heading (a widow).
  auto widow = made_of({{"Work", "Headorg", "body one", "body two"}, {"body three", "Skills", "pair one"}}, resume);
  EXPECT_EQ(lone_pieces(widow).violations.size(), 1u);
  // Held: the head with two lines, three lines on page 2.
  auto held = made_of({{"Work", "Headorg", "body one", "body two"}, {"body three", "body four", "Skills", "pair"}},
                      resume);
  EXPECT_TRUE(lone_pieces(held).violations.empty());

  // A last page a line full, with no heading on it; then with one.
  auto short_tail = made_of({{"Work", "Headorg", "body one", "body two"}, {"body three", "body four"}}, resume);
  EXPECT_EQ(check_last_page_fill(short_tail).violations.size(), 1u);
  EXPECT_TRUE(check_last_page_fill(held).violations.empty());
}

// The short random résumés grow an entry at a time: n + 1 entries are n
// and one more (the comment line aside).
TEST(PageBalance, AShortRandomResumeGrowsAnEntryAtATime) {
  for (std::uint64_t seed : {1, 2, 3}) {
    const std::string five = random_short_resume(seed, 5).yaml, six = random_short_resume(seed, 6).yaml;
    const std::string body5 = five.substr(five.find('\n')), body6 = six.substr(six.find('\n'));
    EXPECT_EQ(body6.rfind(body5, 0), 0u) << "seed " << seed;
    EXPECT_GT(body6.size(), body5.size());
  }
  EXPECT_NE(random_short_resume(1, 8).yaml, random_short_resume(2, 8).yaml);
}

// Short random résumés, one a theme, grown until they spill a few lines
// onto page 2 (with fit.short-page 0): set as they are (the short page
// saved when the theme's limits allow) each holds both page rules; with
// fit.short-page 0 (the balance alone) no piece is left alone, and the
// last page, held to a quarter's fill, holds a section with its heading,
// but where the last section is longer than the page before can give up
// (seeds 104 and 106): then it holds whole entries of it under no heading
// (balance_last_page's limit, which check_last_page_fill accepts).
TEST(PageBalance, ShortRandomResumesHoldThePageRules) {
  const std::string dir = temp_dir();
  std::uint64_t seed = 101;
  for (const auto& theme : listed_themes()) {
    const std::string language = seed % 2 ? "en" : "zh";
    const std::string yaml = dir + "/short-" + std::to_string(seed) + ".yaml", pdf_path = dir + "/short.pdf";
    auto render = [&](const RandomResume& r, const std::string& set) {
      write_file(yaml, r.yaml);
      return run(cvpdf() + " --theme " + theme + " --lang " + language + " " + set + " -v '" + yaml + "' -o '" +
                 pdf_path + "'");
    };
    const RandomResume spilled = spilling_short_resume(seed, [&](const RandomResume& r) {
      return render(r, "--set fit.short-page=0").status == 0 ? page_count(pdf_path) : 0;
    });
    Diagnostics diags;
    write_file(yaml, spilled.yaml);
    const auto model = model::load_resume(spilled.yaml, yaml, dir, diags);
    ASSERT_TRUE(model) << yaml;
    std::string why;
    const auto style = theme_style(theme, *model, language, why);
    ASSERT_TRUE(style) << why;
    for (const std::string set : {"", "--set fit.short-page=0"}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", " + theme + " " + language + " " + set);
      const Result r = render(spilled, set);
      ASSERT_EQ(r.status, 0) << r.err;
      RenderedPdf pdf;
      pdf.path = pdf_path;
      pdf.glyphs = read_glyph_boxes(pdf_path);
      pdf.outline = read_outline(pdf_path);
      pdf.resume = &*model;
      pdf.language = language;
      pdf.style = as_rendered(*style, r.err);
      if (!set.empty()) pdf.style.fit.short_page = 0.25;  // the fill is still held to a quarter
      const PropertyReport fill = check_last_page_fill(pdf), lone = check_lone_pieces(pdf);
      std::printf("short seed %llu %s %s %s: %s; %s\n", static_cast<unsigned long long>(seed), theme.c_str(),
                  language.c_str(), set.c_str(), fill.figures.c_str(), lone.figures.c_str());
      expect_no_violations(fill, "last-page fill");
      expect_no_violations(lone, "lone pieces");
      // Kept for the reader of a failure, or always with CVPDF_SHORT_KEEP=1.
      const bool failed = !fill.violations.empty() || !lone.violations.empty();
      const char* keep = std::getenv("CVPDF_SHORT_KEEP");
      if (failed || (keep && *keep == '1')) {
        const auto kept = std::filesystem::temp_directory_path() / ("cvpdf-short-" + std::to_string(seed) + ".yaml");
        std::filesystem::copy_file(yaml, kept, std::filesystem::copy_options::overwrite_existing);
        if (failed) ADD_FAILURE() << "input kept in " << kept.string();
      }
    }
    ++seed;
  }
}

// The figures of every theme × input × language, for the record before and
// after a change (CVPDF_TEST_BINARY names the binary): run with
// CVPDF_PAGE_SWEEP=1 (and CVPDF_PAGE_SWEEP_SET="--set fit.short-page=0"
// for the balance alone). One line each: pages, last-page fill, lone pieces.
TEST(PageBalance, SweepOfEveryThemeAndInput) {
  if (!std::getenv("CVPDF_PAGE_SWEEP")) GTEST_SKIP() << "set CVPDF_PAGE_SWEEP=1 to print the sweep";
  std::vector<std::string> files = {"resume.yaml"};
  for (const char* dir : {"examples", "tests/formats/jsonresume", "tests/formats/rendercv"})
    for (const auto& f : std::filesystem::directory_iterator(source(dir))) {
      const std::string ext = f.path().extension().string();
      if (ext == ".yaml" || ext == ".json") files.push_back(std::string(dir) + "/" + f.path().filename().string());
    }
  std::sort(files.begin() + 1, files.end());
  const std::string pdf_path = temp_dir() + "/sweep.pdf";
  for (const auto& theme : listed_themes())
    for (const auto& file : files) {
      Diagnostics diags;
      const std::string path = source(file);
      auto model = model::load_resume(read_file(path), path, std::filesystem::path(path).parent_path().string(), diags);
      if (!model) continue;
      std::vector<std::string> languages;
      for (const auto& l : model->languages)
        if (l == "en" || l == "zh") languages.push_back(l);
      if (languages.empty() && !model->languages.empty()) languages.push_back(model->languages.front());
      for (const auto& language : languages) {
        const char* set = std::getenv("CVPDF_PAGE_SWEEP_SET");
        const Result r = run(cvpdf() + " --theme " + theme + " --lang " + language + " " + (set ? set : "") + " -v '" +
                             path + "' -o '" + pdf_path + "'");
        if (r.status != 0) {
          std::printf("sweep %s %s %s: exit %d\n", theme.c_str(), file.c_str(), language.c_str(), r.status);
          continue;
        }
        std::string why;
        const auto style = theme_style(theme, *model, language, why);
        if (!style) continue;
        RenderedPdf pdf;
        pdf.path = pdf_path;
        pdf.glyphs = read_glyph_boxes(pdf_path);
        pdf.outline = read_outline(pdf_path);
        pdf.resume = &*model;
        pdf.language = language;
        pdf.style = as_rendered(*style, r.err);
        const PropertyReport fill = check_last_page_fill(pdf), lone = check_lone_pieces(pdf);
        std::printf("sweep %-11s %-45s %s: %s; %s%s\n", theme.c_str(), file.c_str(), language.c_str(),
                    fill.figures.c_str(), lone.figures.c_str(), fill.violations.empty() ? "" : " (fill violated)");
        for (const auto& v : lone.violations) std::printf("    lone: %s\n", v.c_str());
        for (const auto& v : fill.violations) std::printf("    fill: %s\n", v.c_str());
      }
    }
}

}  // namespace
}  // namespace cvpdf::test
