// The property test over random résumés (issue 11, item 6): each seed's
// résumé (random_resume.hpp) is rendered by the real binary in one built-in
// theme and one language, both chosen from the seed, and its PDF — read
// back through mupdf and poppler (pdf_boxes.hpp), never the layout's own
// idea of where it put things — must have these properties:
//   check        `cvpdf check` loads the file (exit 0; warnings allowed);
//   exit         it renders (exit 0);
//   overlap      no two words' glyph boxes overlap (em boxes shrunk by
//                kTouch) — "overlap-token" when one is a long unbroken
//                token (run out of its column into the next), else
//                "overlap-line" when both are on one baseline (two parts
//                of a line collide), "overlap" otherwise;
//   margin       every glyph is inside the theme's text area (the footer in
//                the bottom margin aside; a sidebar's text by its padding)
//                — "margin-token" when its line holds a long unbroken
//                token (a fingerprint, a URL, an identifier) or runs off
//                the page; "margin-foot" for a line in the bottom margin
//                that is no footer with its page number (a footer that
//                wrapped, text set below the text area); "margin"
//                otherwise;
//   word-space   no word space wider than text.max-space ems on a line, but for
//                a line that itself runs out of the text area (the line an
//                overfull warning names) and a line cvpdf's loose-line
//                warning names (its quoted text, searchable(), found in the
//                row's text: poppler and mupdf may split or order words
//                differently, and a row holds a bullet or label too);
//                "word-space-cjk" for ideographs of one run letter-spaced
//                more than max_cjk_gap ems. What is a word space, from the
//                PDF alone: cvpdf sets each glyph run as one text matrix
//                (Tm) and one TJ array, so the white inside a run is glue
//                of one set line (a justified space, CLREQ's glue), and a
//                new run begins wherever a line, a part of a row or a font
//                begins; and it draws every word space as a space glyph of
//                its natural width at the end of the word before it (the
//                stretch is the TJ adjustment after it). mupdf reports each
//                space glyph where it is drawn, adds its own space (from
//                the pen to the next glyph) only in a gap under 0.8 em, and
//                begins a new line in a wider one; so along one baseline,
//                in one column, a gap wider than text.max-space ems between two
//                words of one size is a stretched word space when no run
//                begins in it (the Tm origins, qpdf --qdf), or when a
//                space glyph starts at the word before it (a word space
//                before a change of font or colour; no part of a row
//                ends in a space glyph, as a line's end drops its white,
//                and the space a line broke at starts the next line as a
//                glyph of no width, which stands before no gap);
//                otherwise it parts two things set apart (the metrics
//                row, the contact grid, a pair's label and text, org/date
//                or role/location flush right, a date column, a sidebar
//                beside the main column).
//                Ideographs likewise: a gap wider than max_cjk_gap between
//                two, with no run beginning in it and no space glyph drawn
//                between (mupdf's own aside). A ragged line draws its
//                space glyphs off their place (the filler before each
//                break widens the glyph before the space, the space is
//                narrowed by as much), but its spaces are never stretched,
//                so no gap there is wide. Not seen: white stretched
//                only at a change of font with no space glyph (a CJK–Latin
//                join), while the line has no other stretched glue;
//   missing-text every non-empty text the variant must show is in
//                pdftotext's output (white space, hyphens and case folded
//                away: words may be hyphenated or broken anywhere; other
//                text may come between its lines, as poppler reads a
//                column beside it), or in mupdf's text, block by block —
//                "missing-text-token" when the text holds a long token (it
//                ran off the page, where pdftotext cuts it and the rest of
//                its line, or stretched a line until poppler reads its
//                letters out of order);
//   empty-section a section with nothing to show in the variant is not
//                set (no outline entry of its title);
//   last-page    a document of two or more pages does not end on a page
//                filled less than fit.short-page without a section heading
//                and a whole entry (page_properties.hpp);
//   lone-piece   no heading alone at a page's foot, a heading with its
//                first entry's head and two lines, an entry's head with two
//                lines of its body, no entry's last line or publication's
//                summary alone at a page's top (page_properties.hpp, the
//                pieces read from the structure tree);
//   tagged       every kTaggedEvery-th seed: the PDF passes the tagged-PDF
//                checker (pdf_structure.hpp: Matterhorn's machine-checkable
//                conditions, no text lost) — one in a few, since reading a
//                file's objects and structure costs more than the rest.
// N seeds (CVPDF_RANDOM_CASES, default 200) from CVPDF_RANDOM_SEED (default
// 1), in kShards tests so ctest spreads them over its jobs, in the
// generator's latest edition (CVPDF_RANDOM_EDITION names another); and
// every seed kept in tests/e2e/random-seeds/*.txt, in the edition it was
// found with. A failure prints the seed, theme,
// language, property and the boxes or strings, and the YAML's path.
// scripts/property-long.sh runs many more and sums the failures up.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "core/utf8.hpp"
#include "model/loader.hpp"
#include "page_properties.hpp"
#include "pdf_boxes.hpp"
#include "pdf_structure.hpp"
#include "random_resume.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// ---- EXPECTED FAILURES -----------------------------------------------------
// Property classes that fail on the current code, with the issue-11 item
// whose fix makes them pass. A failure of a class listed here is printed
// ("EXPECTED-FAILURE …") and counted but does not fail the test; every other
// failure does. Empty this table (row by row) as the fixes land; it may be
// left empty ({}).
struct ExpectedFailure {
  const char* property;
  const char* fixed_by;
};
const std::vector<ExpectedFailure> kExpectedFailures = {};

constexpr int kShards = 8;          // ctest tests the cases are spread over
// The widest word space a justified line may have, in ems: the theme's
// text.max-space (0.9 by default, 3× a 0.3 em word space), past which the
// loose-line warning must name the line.
double max_space(const theme::Style& style) { return style.max_space; }
// Ems a gap read back from the PDF may differ from the one set: positions
// are written to a thousandth of a point and TJ adjustments to a
// hundredth of a thousandth of an em, so a space set at exactly
// text.max-space may read a hair wider.
constexpr double kMeasured = 0.005;
// Ems between two ideographs of one run (letter-spacing): CLREQ's glue
// between ideographs stretches by an eighth of an em as a word space by
// half its width (compose/clreq.cpp), so at the stretch that widens a
// quarter-em word space to 0.9 em the ideographs stand 0.65 em apart; in
// proportion for another text.max-space.
double max_cjk_gap(const theme::Style& style) { return style.max_space * 0.65 / 0.9; }
constexpr int kShownPerProperty = 8;  // details printed per property and case

// ---- the cases ---------------------------------------------------------------

struct Case {
  std::uint64_t seed = 0;
  std::string theme, language;
  std::string origin;  // "seed 17" or "kept: tests/e2e/random-seeds/x.txt:3 (…)"
  int edition = kLatestEdition;  // of the generator (random_resume.hpp)
};

const std::vector<std::string>& themes() {
  static const std::vector<std::string> list = listed_themes();
  return list;
}

Case case_of(std::uint64_t seed, std::string origin, int edition) {
  // Its own stream, not the generator's: the theme and language do not
  // change what a seed's résumé is.
  SplitMix64 pick(seed ^ 0x5EEDC0FFEEull);
  Case c{seed, "", "", std::move(origin), edition};
  if (!themes().empty()) c.theme = themes()[pick.below(themes().size())];
  c.language = pick.below(2) ? "zh" : "en";
  return c;
}

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* value = std::getenv(name);
  return value && *value ? std::strtoull(value, nullptr, 0) : fallback;
}

// The kept seeds: one a line, decimal or 0x hex, with "@2" when it was
// found by the generator's edition 2 (none: edition 1), then a comment of
// what it found ("17@2  # a URL overprinted the date"); '#' lines and blank
// ones skipped.
std::vector<Case> kept_cases() {
  std::vector<Case> list;
  const std::filesystem::path dir = source("tests/e2e/random-seeds");
  std::vector<std::filesystem::path> files;
  if (std::filesystem::is_directory(dir))
    for (const auto& f : std::filesystem::directory_iterator(dir))
      if (f.path().extension() == ".txt") files.push_back(f.path());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    std::istringstream in(read_file(file.string()));
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      const auto start = line.find_first_not_of(" \t");
      if (start == std::string::npos || line[start] == '#') continue;
      char* end = nullptr;
      const std::uint64_t seed = std::strtoull(line.c_str() + start, &end, 0);
      if (end == line.c_str() + start) continue;
      const int edition = *end == '@' ? static_cast<int>(std::strtol(end + 1, nullptr, 10)) : 1;
      list.push_back(case_of(seed,
                             "kept: " + file.filename().string() + ":" + std::to_string(number) + " (" +
                                 line.substr(start) + ")",
                             edition));
    }
  }
  return list;
}

// ---- reading the output ----------------------------------------------------

// For finding input text in pdftotext's: folded() (no white space, case
// folded) with hyphens gone too — the hyphen a break adds (poppler may give
// it as U+00AD) and the input's own, which a break may have eaten.
std::string searchable(const std::string& s) {
  std::string out = folded(s);
  for (const char* dash : {"\u00AD", "\u2010", "\u2011", "-"})
    for (std::size_t at; (at = out.find(dash)) != std::string::npos;) out.erase(at, std::string(dash).size());
  return out;
}

// Non-wide characters in the word's longest run of them: a Latin token's
// length, a run of ideographs not counted (it breaks anywhere). A URL
// counts as long whatever its length: a URL's piece in a metric's narrow
// cell overflows at 18 characters.
int longest_token(const std::string& word) {
  if (word.find("://") != std::string::npos) return 1000;  // a URL, however it broke
  int longest = 0, run = 0;
  for (const char32_t c : code_points(word)) {
    run = is_wide(c) ? 0 : run + 1;
    longest = std::max(longest, run);
  }
  return longest;
}
constexpr int kLongToken = 15;  // longer than every word of the generator's vocabulary but one

struct Failure {
  std::string property, detail;
};

constexpr unsigned kTaggedEvery = 4;

using RunStarts = std::vector<std::vector<RunStart>>;

bool leaves_text_area(const theme::Style& style, const Box& ink, const Page& page, bool footer) {
  const Box allowed = allowed_area(style, ink, page, footer);
  return !(ink.x0 >= allowed.x0 - kMargin && ink.x1 <= allowed.x1 + kMargin && ink.y0 >= allowed.y0 - kMargin &&
           ink.y1 <= allowed.y1 + kMargin);
}

// ---- word spaces -------------------------------------------------------------

// The lines cvpdf's loose-line warning names, from its standard error:
//   FILE:LINE:COL: warning: loose line: word spaces of 1.42 em, more than
//   text.max-space (0.9 em), in "THE LINE'S TEXT, CUT AT 60 CODE POINTS…"
// Each quoted text searchable() (white space, hyphens and case folded
// away), the "…" of a cut one dropped: what the line's text in the PDF
// holds, however poppler or mupdf split or ordered its words.
std::vector<std::string> loose_lines(const std::string& err) {
  std::vector<std::string> quoted;
  std::istringstream in(err);
  for (std::string line; std::getline(in, line);) {
    const auto warning = line.find(": warning: loose line: ");
    if (warning == std::string::npos) continue;
    const auto open = line.find(", in \"", warning);
    const auto close = line.rfind('"');
    if (open == std::string::npos || close == std::string::npos || close < open + 6) continue;
    std::string text = line.substr(open + 6, close - open - 6);
    const std::string ellipsis = "\u2026";
    if (text.size() >= ellipsis.size() && text.compare(text.size() - ellipsis.size(), ellipsis.size(), ellipsis) == 0)
      text.erase(text.size() - ellipsis.size());
    if (auto folded_text = searchable(text); !folded_text.empty()) quoted.push_back(std::move(folded_text));
  }
  return quoted;
}

bool is_ideograph(const std::string& s) {
  const auto cps = code_points(s);
  return cps.size() == 1 && ((cps[0] >= 0x4E00 && cps[0] <= 0x9FFF) || (cps[0] >= 0x3400 && cps[0] <= 0x4DBF));
}

// How far a pen position may be from where mupdf puts a glyph's edge (pt):
// cvpdf writes positions to a thousandth of a point, mupdf computes in floats.
constexpr double kEdge = 0.05;

// The word spaces of every line — see the header comment for the
// criterion. Rows are joined by baseline, in each column (mupdf cuts a line
// where a gap is wide); a row's gap is judged by what the PDF draws there:
// whether a run begins in it (run_starts) and whether a space glyph starts
// at the word before it.
std::vector<Failure> word_space_failures(const theme::Style& style, const GlyphBoxes& glyphs, const RunStarts& runs,
                                         const std::vector<std::string>& loose) {
  std::vector<Failure> failures;
  for (std::size_t p = 0; p < glyphs.pages.size() && p < glyphs.glyph_pages.size(); ++p) {
    const Page& page = glyphs.pages[p];
    const std::vector<RunStart> none;
    const std::vector<RunStart>& starts = p < runs.size() ? runs[p] : none;
    const std::string where = "page " + std::to_string(p + 1) + ": ";
    // Lines that run out of the text area: an overfull line, named by the
    // overfull warning (and failed by `margin`).
    std::vector<double> overfull;
    const double bottom = text_area(style, page).y1;
    for (const auto& line : page.lines)
      for (const auto& w : line.words)
        if (leaves_text_area(style, drawn(w), page, is_footer(line, static_cast<int>(p) + 1, bottom)))
          overfull.push_back(w.box.y0 + 0.8 * w.box.height());
    // Words and glyphs by (column, baseline).
    using Key = std::pair<bool, long>;
    std::map<Key, std::vector<const Word*>> rows;
    std::map<Key, std::vector<const Glyph*>> row_glyphs;
    for (const auto& line : page.lines)
      for (const auto& w : line.words)
        rows[{in_sidebar(style, w.box, page), std::lround((w.box.y0 + 0.8 * w.box.height()) * 4)}].push_back(&w);
    for (const auto& line : glyphs.glyph_pages[p].lines)
      for (const auto& g : line.glyphs)
        row_glyphs[{in_sidebar(style, g.em_box(), page), std::lround(g.y * 4)}].push_back(&g);
    for (auto& [key, words] : rows) {
      const double y = key.second / 4.0;
      if (std::any_of(overfull.begin(), overfull.end(), [&](double o) { return std::abs(o - y) < 0.5; })) continue;
      std::sort(words.begin(), words.end(), [](const Word* a, const Word* b) { return a->box.x0 < b->box.x0; });
      std::vector<const Glyph*>& drawn_glyphs = row_glyphs[key];
      std::sort(drawn_glyphs.begin(), drawn_glyphs.end(),
                [](const Glyph* a, const Glyph* b) { return a->quad.x0 < b->quad.x0; });
      std::string text;
      for (const Word* w : words) text += (text.empty() ? "" : " ") + w->text;
      const std::string folded_text = searchable(text);
      const bool named = std::any_of(loose.begin(), loose.end(),
                                     [&](const std::string& q) { return folded_text.find(q) != std::string::npos; });
      if (named) continue;
      // A run begins between x0 and x1 on this baseline.
      auto run_begins = [&](double x0, double x1) {
        return std::any_of(starts.begin(), starts.end(), [&](const RunStart& s) {
          return std::abs(s.y - y) < 1.0 && s.x >= x0 - kEdge && s.x < x1;
        });
      };
      // Latin: a gap wider than text.max-space between two words of one size.
      for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        const Word& a = *words[i];
        const Word& b = *words[i + 1];
        const double em = a.box.height();
        const double gap = b.box.x0 - a.box.x1;
        if (em <= 0 || std::abs(b.box.height() - em) >= 0.05 || gap <= (max_space(style) + kMeasured) * em) continue;
        const bool inside = !run_begins(a.box.x1, b.box.x1);
        // A space glyph drawn at the word's end; not mupdf's own, which
        // spans the gap to the next glyph exactly (it adds one where the
        // next glyph is larger type, a metric's value in the row above).
        const bool spaced = std::any_of(drawn_glyphs.begin(), drawn_glyphs.end(), [&](const Glyph* g) {
          return is_space(g->text) && std::abs(g->quad.x0 - a.box.x1) < kEdge &&
                 std::abs(g->quad.x1 - b.box.x0) >= kEdge;
        });
        if (!inside && !spaced) continue;  // two parts of the row
        failures.push_back({"word-space", where + "a word space of " + points(gap / em) + " em (max " +
                                              points(max_space(style)) + ", " +
                                              (inside ? "inside one run" : "a space glyph before a new run") +
                                              ") after '" + a.text + "' " + to_string(a.box) + " in the line '" + text +
                                              "', which no loose-line warning names"});
        break;
      }
      // Ideographs: two of one run further apart than max_cjk_gap, with no
      // space drawn between (mupdf's own space, which spans the gap from
      // the pen to the next glyph exactly, aside).
      int spaced = 0;
      const Glyph* first = nullptr;
      double widest = 0;
      for (std::size_t i = 0; i < drawn_glyphs.size(); ++i) {
        const Glyph& a = *drawn_glyphs[i];
        if (!is_ideograph(a.text) || a.size <= 0) continue;
        std::size_t j = i + 1;
        bool real_space = false;
        for (; j < drawn_glyphs.size() && is_space(drawn_glyphs[j]->text); ++j) real_space = true;
        if (j == drawn_glyphs.size() || !is_ideograph(drawn_glyphs[j]->text)) continue;
        const Glyph& b = *drawn_glyphs[j];
        if (j == i + 2)
          real_space = !(std::abs(drawn_glyphs[i + 1]->quad.x0 - a.quad.x1) < kEdge &&
                         std::abs(drawn_glyphs[i + 1]->quad.x1 - b.quad.x0) < kEdge);
        const double gap = (b.quad.x0 - a.quad.x1) / a.size;
        if (gap <= max_cjk_gap(style) + kMeasured || real_space || run_begins(a.quad.x1, b.quad.x1)) continue;
        if (!first) first = &a;
        widest = std::max(widest, gap);
        ++spaced;
      }
      if (spaced == 0) continue;
      failures.push_back({"word-space-cjk", where + std::to_string(spaced) + " ideograph(s) of one run spaced up to " +
                                                points(widest) + " em apart (max " + points(max_cjk_gap(style)) + ") from '" +
                                                first->text + "' at " + points(first->x) + ", " + points(first->y) +
                                                " in the line '" + text + "', which no loose-line warning names"});
    }
  }
  return failures;
}

class Checker {
 public:
  Checker(const Case& c, const RandomResume& resume, const theme::Style& style, const GlyphBoxes& glyphs,
          const RunStarts& runs, const std::vector<std::string>& loose, const std::string& text,
          const std::vector<std::string>& lines, const std::vector<OutlineEntry>& outline)
      : c_(c), resume_(resume), style_(style), glyphs_(glyphs), runs_(runs), loose_(loose), text_(text), lines_(lines),
        outline_(outline) {}

  std::vector<Failure> run() {
    overlaps();
    margins();
    word_spaces();
    presence();
    empty_sections();
    return std::move(failures_);
  }

 private:
  void fail(const std::string& property, const std::string& detail) {
    if (++count_[property] <= kShownPerProperty) failures_.push_back({property, detail});
  }

  bool outside(const Box& ink, const Page& page, bool footer) const {
    return leaves_text_area(style_, ink, page, footer);
  }

  void overlaps() {
    for (std::size_t p = 0; p < glyphs_.pages.size(); ++p) {
      const auto words = distinct_words(glyphs_.pages[p]);
      for (std::size_t i = 0; i < words.size(); ++i)
        for (std::size_t j = i + 1; j < words.size(); ++j) {
          const Box a = drawn(words[i]).shrunk(kTouch), b = drawn(words[j]).shrunk(kTouch);
          if (!a.overlaps(b)) continue;
          const bool one_line = std::abs(words[i].box.y1 - words[j].box.y1) < 0.5 * kTouch &&
                                std::abs(words[i].box.height() - words[j].box.height()) < kTouch;
          const bool token = longest_token(words[i].text) >= kLongToken || longest_token(words[j].text) >= kLongToken;
          fail(token ? "overlap-token" : one_line ? "overlap-line" : "overlap",
               "page " + std::to_string(p + 1) + ": '" + words[i].text + "' " + to_string(words[i].box) +
                   " overlaps '" + words[j].text + "' " + to_string(words[j].box) + " by " +
                   points(std::min(a.x1, b.x1) - std::max(a.x0, b.x0)) + " × " +
                   points(std::min(a.y1, b.y1) - std::max(a.y0, b.y0)) + "pt");
        }
    }
  }

  void margins() {
    for (std::size_t p = 0; p < glyphs_.pages.size(); ++p) {
      const Page& page = glyphs_.pages[p];
      const double bottom = text_area(style_, page).y1;
      for (const auto& line : page.lines) {
        const bool footer = is_footer(line, static_cast<int>(p) + 1, bottom);
        // mupdf drops the glyphs off the page: a token cut at its edge
        // may look short.
        const bool token = std::any_of(line.words.begin(), line.words.end(), [&](const Word& w) {
          return longest_token(w.text) >= kLongToken || w.box.x1 > page.width - 0.5 || w.box.x0 < 0.5;
        });
        const bool foot = !footer && line.box.y0 > bottom + kMargin;
        for (const auto& w : line.words)
          if (outside(drawn(w), page, footer))
            fail(token ? "margin-token" : foot ? "margin-foot" : "margin",
                 "page " + std::to_string(p + 1) + ": '" + w.text + "' " + to_string(drawn(w)) +
                     " leaves the text area " + to_string(text_area(style_, page)) + " in the line '" + line.text() +
                     "'");
      }
    }
  }

  void word_spaces() {
    for (auto& f : word_space_failures(style_, glyphs_, runs_, loose_))
      fail(f.property, f.detail);
  }

  // `needle` in `haystack`, but for other text between its pieces: parts
  // of a line set beside it (an org's location flush right, a date column)
  // come between its lines in pdftotext's reading order. Greedy: the
  // longest piece of what is left of the needle found soon after the
  // last; a piece shorter than kPiece bytes (but the last) is no match.
  static bool found(const std::string& haystack, const std::string& needle) {
    constexpr std::size_t kPiece = 3, kBetween = 600;  // bytes: one ideograph
    // The longest piece of needle[i…] found in [at, limit]: its length and place.
    auto longest = [&](std::size_t i, std::size_t at, std::size_t limit, std::size_t& where) {
      std::size_t lo = 0, hi = needle.size() - i;
      while (lo < hi) {  // a piece found has every shorter one found at its place
        const std::size_t mid = (lo + hi + 1) / 2;
        const std::size_t pos = haystack.find(needle.substr(i, mid), at);
        if (pos != std::string::npos && pos <= limit) {
          lo = mid;
          where = pos;
        } else {
          hi = mid - 1;
        }
      }
      // Whole characters only: a piece ending inside one matches anywhere.
      while (lo > 0 && i + lo < needle.size() && (static_cast<unsigned char>(needle[i + lo]) & 0xC0) == 0x80) --lo;
      return lo;
    };
    // Each place the needle's first piece stands is a start to try.
    std::size_t where = 0;
    const std::size_t first = longest(0, 0, haystack.size(), where);
    if (first == 0 || (first < kPiece && first < needle.size())) return false;
    const std::string head = needle.substr(0, first);
    for (std::size_t start = haystack.find(head); start != std::string::npos; start = haystack.find(head, start + 1)) {
      std::size_t i = first, at = start + first;
      bool matched = true;
      while (matched && i < needle.size()) {
        const std::size_t n = longest(i, at, at + kBetween, where);
        matched = n > 0 && (n >= kPiece || i + n == needle.size());
        at = where + n;
        i += n;
      }
      if (matched) return true;
    }
    return false;
  }

  // `needle` as pdftotext's lines hold a wrapped text: the end of one
  // line, whole lines, the start of another, in order — with lines of other
  // text between them (poppler reads a hanging label, a column beside it,
  // between the lines of a paragraph).
  static bool found_in_lines(const std::vector<std::string>& lines, const std::string& needle) {
    constexpr std::size_t kSkip = 12;  // lines of other text between two of the needle's
    for (std::size_t a = 0; a < lines.size(); ++a) {
      const std::string& first = lines[a];
      if (first.find(needle) != std::string::npos) return true;
      for (std::size_t k = std::min(first.size(), needle.size()); k > 0; --k) {
        if (first.compare(first.size() - k, k, needle, 0, k) != 0) continue;
        std::size_t i = k, last = a;
        for (std::size_t b = a + 1; i < needle.size() && b < lines.size() && b <= last + kSkip; ++b) {
          const std::string& l = lines[b];
          const std::size_t rest = needle.size() - i;
          if (l.empty()) continue;
          if (l.size() >= rest && l.compare(0, rest, needle, i, rest) == 0) return true;  // it ends here
          if (l.size() < rest && needle.compare(i, l.size(), l) == 0) {  // a whole line of it
            i += l.size();
            last = b;
          }
        }
        if (i == needle.size()) return true;
      }
    }
    return false;
  }

  void presence() {
    const std::string haystack = searchable(text_);
    // mupdf's reading order, block by block: a column's lines together
    // (the header's metrics side by side, whose lines poppler interleaves).
    std::string mupdf;
    for (const auto& page : glyphs_.pages)
      for (const auto& line : page.lines) mupdf += searchable(line.text());
    const auto shown = resume_.shown.find(c_.language);
    if (shown == resume_.shown.end()) return;
    // A section with nothing to show is left out, title and all (the user guide; the
    // empty-section property checks that it is).
    std::set<std::string> left_out;
    if (const auto empty = resume_.empty_sections.find(c_.language); empty != resume_.empty_sections.end())
      for (const auto& s : empty->second) left_out.insert(s.where);
    for (const auto& s : shown->second) {
      if (left_out.count(s.where)) continue;
      const std::string needle = searchable(s.text);
      if (needle.empty() || found(haystack, needle) || found_in_lines(lines_, needle) || found(mupdf, needle)) continue;
      // A long token that runs off the page is cut by pdftotext at the
      // page's edge, and with it what follows on its line; the line a
      // token stretched has its letters spread so far that poppler reads
      // them out of order. Either way the loss is the token's.
      std::istringstream words(s.text);
      bool token = false;
      for (std::string word; !token && words >> word;) token = longest_token(word) >= kLongToken;
      fail(token ? "missing-text-token" : "missing-text", s.where + " '" + s.text + "' is not in the text");
    }
  }

  void empty_sections() {
    const auto empty = resume_.empty_sections.find(c_.language);
    if (empty == resume_.empty_sections.end()) return;
    std::map<std::string, int> in_outline;
    for (const auto& entry : outline_) ++in_outline[searchable(entry.title)];
    // A title is held to this only when no section that is set shares it.
    std::map<std::string, int> empties;
    for (const auto& s : empty->second) ++empties[searchable(s.text)];
    std::map<std::string, int> all_titles;
    for (const auto& s : resume_.shown.at(c_.language))
      if (s.where.find(".title") == s.where.size() - 6 && s.where.rfind("sections[", 0) == 0 &&
          s.where.find(".entries") == std::string::npos)
        ++all_titles[searchable(s.text)];
    for (const auto& s : empty->second) {
      const std::string title = searchable(s.text);
      if (all_titles[title] != empties[title]) continue;
      if (in_outline[title] > 0) fail("empty-section", s.where + " '" + s.text + "' has nothing to show but is set");
    }
  }

  const Case& c_;
  const RandomResume& resume_;
  const theme::Style& style_;
  const GlyphBoxes& glyphs_;
  const RunStarts& runs_;
  const std::vector<std::string>& loose_;  // the lines the loose-line warning names (loose_lines())
  const std::string& text_;
  const std::vector<std::string>& lines_;  // pdftotext's lines, searchable(), footers left out
  const std::vector<OutlineEntry>& outline_;
  std::vector<Failure> failures_;
  std::map<std::string, int> count_;
};

// ---- running a case -----------------------------------------------------------

const ExpectedFailure* expected(const std::string& property) {
  for (const auto& e : kExpectedFailures)
    if (property == e.property) return &e;
  return nullptr;
}

// Where a failing case's files are kept (the temp dirs of run.hpp go at exit).
std::string keep_dir() {
  const char* env = std::getenv("CVPDF_RANDOM_OUT");
  const std::filesystem::path dir =
      env && *env ? std::filesystem::path(env) : std::filesystem::temp_directory_path() / "cvpdf-random";
  std::filesystem::create_directories(dir);
  return dir.string();
}

std::string sh(const std::string& s) { return "'" + s + "'"; }

// Renders and checks one case; the failures, each a property and its detail.
std::vector<Failure> check_case(const Case& c, std::string& yaml_path) {
  const RandomResume resume = random_resume(c.seed, c.edition);
  const std::string dir = temp_dir();
  yaml_path = dir + "/seed-" + std::to_string(c.seed) + ".yaml";
  write_file(yaml_path, resume.yaml);
  const std::string pdf = dir + "/out.pdf";
  std::vector<Failure> failures;

  if (const Result r = run(cvpdf() + " check -q " + sh(yaml_path)); r.status != 0)
    return {{"check", "cvpdf check exited with " + std::to_string(r.status) + ":\n" + r.err}};
  // Not quiet: its warnings name the loose lines (loose_lines()); -v
  // says whether a short last page was saved (as_rendered()).
  const Result r = run(cvpdf() + " --theme " + sh(c.theme) + " --lang " + c.language + " -v " + sh(yaml_path) +
                       " -o " + sh(pdf));
  if (r.status != 0) return {{"exit", "cvpdf exited with " + std::to_string(r.status) + ":\n" + r.err}};

  Diagnostics diags;
  const auto model = model::load_resume(resume.yaml, yaml_path, dir, diags);
  if (!model) return {{"check", "the model loader refuses what cvpdf check accepted"}};
  std::string why;
  const auto declared = theme_style(c.theme, *model, c.language, why);
  if (!declared) return {{"exit", why}};
  const std::optional<theme::Style> style = as_rendered(*declared, r.err);
  const GlyphBoxes glyphs = read_glyph_boxes(pdf);
  if (!glyphs.error.empty()) return {{"exit", "no glyph boxes: " + glyphs.error}};

  // pdftotext's text, page by page, less each page's footer line (which a
  // paragraph running on over the page break would have inside it), made
  // searchable() at once: the footer's words are matched as a whole.
  const Result text = run("pdftotext -enc UTF-8 " + sh(pdf) + " -");
  std::string joined;
  std::vector<std::string> lines;
  std::size_t from = 0;
  for (std::size_t p = 0; p < glyphs.pages.size(); ++p) {
    const std::size_t to = std::min(text.out.find('\f', from), text.out.size());
    const std::string raw = text.out.substr(from, to - from);
    std::string page = searchable(raw);
    from = to + 1;
    const double bottom = text_area(*style, glyphs.pages[p]).y1;
    std::vector<std::string> footers;
    for (const auto& line : glyphs.pages[p].lines)
      if (is_footer(line, static_cast<int>(p) + 1, bottom)) {
        const std::string footer = searchable(line.text());
        if (const auto at = page.rfind(footer); !footer.empty() && at != std::string::npos) page.erase(at, footer.size());
        footers.push_back(footer);
      }
    joined += page;
    std::istringstream in(raw);
    for (std::string line; std::getline(in, line);)
      if (auto folded_line = searchable(line);
          !folded_line.empty() && std::find(footers.begin(), footers.end(), folded_line) == footers.end())
        lines.push_back(std::move(folded_line));
  }
  std::vector<double> heights;
  for (const auto& page : glyphs.glyph_pages) heights.push_back(page.height);
  const RunStarts runs = read_run_starts(pdf, heights);
  if (runs.empty()) return {{"exit", "no text runs read from " + pdf + " (qpdf --qdf)"}};
  const std::vector<OutlineEntry> outline = read_outline(pdf);
  std::vector<Failure> found =
      Checker(c, resume, *style, glyphs, runs, loose_lines(r.err), joined, lines, outline).run();
  // The page rules (page_properties.hpp), on the same readings: the last
  // page's fill, and the lone pieces, which are read from the PDF's
  // structure tree (page_pieces.hpp), so the generator's words (an org
  // "Megatron" beside a bullet that begins with it) make nothing ambiguous.
  RenderedPdf rendered;
  rendered.path = pdf;
  rendered.glyphs = glyphs;
  rendered.outline = outline;
  rendered.verbose_err = r.err;
  rendered.style = *style;
  rendered.resume = &*model;
  rendered.language = c.language;
  for (const std::string& violation : check_last_page_fill(rendered).violations) found.push_back({"last-page", violation});
  for (const std::string& violation : check_lone_pieces(rendered).violations) found.push_back({"lone-piece", violation});
  if (c.seed % kTaggedEvery == 0)
    for (const std::string& violation : check_all(read_tagged_pdf(pdf))) found.push_back({"tagged", violation});
  return found;
}

struct Tally {
  int cases = 0;
  std::map<std::string, int> unexpected, expected;  // cases failing each property
};

// Runs `c`; prints each failure; fails the test for those not expected.
void run_case(const Case& c, Tally& tally) {
  std::string yaml;
  const auto failures = check_case(c, yaml);
  ++tally.cases;
  // CVPDF_RANDOM_KEEP=1 keeps every case's input, failing or not (to
  // render one by hand).
  const char* keep_all = std::getenv("CVPDF_RANDOM_KEEP");
  if (failures.empty() && !(keep_all && *keep_all == '1')) return;
  // Keep the input, for the reader of the message.
  const std::string kept = keep_dir() + "/seed-" + std::to_string(c.seed) + ".yaml";
  std::filesystem::copy_file(yaml, kept, std::filesystem::copy_options::overwrite_existing);
  if (failures.empty()) return;
  const std::string edition = " CVPDF_RANDOM_EDITION=" + std::to_string(c.edition);
  const std::string where = "seed " + std::to_string(c.seed) + " (" + c.origin + "), theme " + c.theme +
                            ", --lang " + c.language + "; input kept in " + kept + "; reproduce: cvpdf --theme " +
                            c.theme + " --lang " + c.language + " " + kept + " -o x.pdf, or CVPDF_RANDOM_SEED=" +
                            std::to_string(c.seed) + " CVPDF_RANDOM_CASES=1" + edition + "; keep it as " +
                            std::to_string(c.seed) + "@" + std::to_string(c.edition);
  std::map<std::string, std::string> by_property;
  for (const auto& f : failures) by_property[f.property] += "\n    " + f.detail;
  for (const auto& [property, details] : by_property) {
    if (const auto* e = expected(property)) {
      ++tally.expected[property];
      std::printf("EXPECTED-FAILURE property=%s seed=%llu theme=%s lang=%s (fixed by %s)%s\n", property.c_str(),
                  static_cast<unsigned long long>(c.seed), c.theme.c_str(), c.language.c_str(), e->fixed_by,
                  details.c_str());
    } else {
      ++tally.unexpected[property];
      std::printf("FAILURE property=%s seed=%llu theme=%s lang=%s\n", property.c_str(),
                  static_cast<unsigned long long>(c.seed), c.theme.c_str(), c.language.c_str());
      ADD_FAILURE() << "(" << property << ") " << where << details;
    }
  }
  std::fflush(stdout);
}

void summarise(const char* what, const Tally& t) {
  std::printf("random-resume %s: %d cases", what, t.cases);
  for (const auto& [p, n] : t.unexpected) std::printf(", %s failed in %d", p.c_str(), n);
  for (const auto& [p, n] : t.expected) std::printf(", %s expected-failed in %d", p.c_str(), n);
  std::printf("\n");
  std::fflush(stdout);
}

class RandomResumes : public ::testing::TestWithParam<int> {};

TEST_P(RandomResumes, HoldEveryProperty) {
  ASSERT_FALSE(themes().empty()) << "cvpdf listed no theme";
  const std::uint64_t cases = env_number("CVPDF_RANDOM_CASES", 200);
  const std::uint64_t start = env_number("CVPDF_RANDOM_SEED", 1);
  const int edition = static_cast<int>(env_number("CVPDF_RANDOM_EDITION", kLatestEdition));
  Tally tally;
  for (std::uint64_t i = static_cast<std::uint64_t>(GetParam()); i < cases; i += kShards)
    run_case(case_of(start + i, "seed " + std::to_string(start + i), edition), tally);
  summarise(("shard " + std::to_string(GetParam())).c_str(), tally);
}

INSTANTIATE_TEST_SUITE_P(Shards, RandomResumes, ::testing::Range(0, kShards));

TEST(RandomResume, KeptSeedsHoldEveryProperty) {
  ASSERT_FALSE(themes().empty()) << "cvpdf listed no theme";
  Tally tally;
  for (const auto& c : kept_cases()) run_case(c, tally);
  summarise("kept seeds", tally);
}

// ---- the word-space criterion itself ------------------------------------------

// A line of glyphs on baseline y from x, each `advance` wide at `size`, as
// mupdf reads it: a "~" stands for a gap of `stretch` with no glyph (where
// mupdf begins a new line), a " " for a space glyph of its natural `space`
// width followed by `stretch` more.
std::vector<GlyphLine> glyph_line(const std::string& text, double x, double y, double size, double advance,
                                  double space, double stretch) {
  std::vector<GlyphLine> lines(1);
  for (const char32_t c : code_points(text)) {
    if (c == U'~') {
      x += stretch;
      lines.emplace_back();
      continue;
    }
    std::string character;
    utf8::append(character, c);
    const double width = c == U' ' ? space : advance;
    lines.back().glyphs.push_back({character, "F", size, x, y, {x, y - 0.8 * size, x + width, y + 0.2 * size}});
    x += width + (c == U' ' ? stretch : 0);
  }
  return lines;
}

GlyphBoxes one_page(std::vector<GlyphLine> lines) {
  GlyphBoxes boxes;
  boxes.glyph_pages.push_back({600, 800, std::move(lines)});
  boxes.pages.push_back(words_of(boxes.glyph_pages.front()));
  return boxes;
}

std::vector<std::string> properties(const std::vector<Failure>& failures) {
  std::vector<std::string> out;
  for (const auto& f : failures) out.push_back(f.property);
  return out;
}

TEST(RandomResumeWordSpaces, AStretchedSpaceInsideARunCountsAGapBetweenRunsDoesNot) {
  const theme::Style style;  // no margins, no sidebar
  const double em = 10, advance = 5, space = 2.5, wide = 12;  // 1.45 em of white in all
  // "ab cd" justified: one run, its space glyph at "ab"'s end, then the stretch.
  auto line = one_page(glyph_line("ab cd", 100, 100, em, advance, space, wide));
  const RunStarts one_run = {{{100, 100}}};
  EXPECT_EQ(properties(word_space_failures(style, line, one_run, {})), std::vector<std::string>{"word-space"});
  // A line the loose-line warning names is not held to it.
  EXPECT_TRUE(word_space_failures(style, line, one_run, {searchable("ab cd")}).empty());
  // The same white with no space glyph, a second run beginning at "cd":
  // an org and its date, a label and its text.
  auto parts = one_page(glyph_line("ab~cd", 100, 100, em, advance, space, space + wide));
  const RunStarts two_runs = {{{100, 100}, {100 + 2 * advance + space + wide, 100}}};
  EXPECT_TRUE(word_space_failures(style, parts, two_runs, {}).empty());
  // … but inside one run it is stretched glue (a CJK–Latin join, a space
  // with no glyph), whatever mupdf makes of it.
  EXPECT_EQ(properties(word_space_failures(style, parts, one_run, {})), std::vector<std::string>{"word-space"});
  // A space glyph at "ab"'s end before a new run: a word space before a
  // change of font or colour in one justified line.
  EXPECT_EQ(properties(word_space_failures(style, line, two_runs, {})), std::vector<std::string>{"word-space"});
  // A run on another baseline does not part this one.
  const RunStarts elsewhere = {{{100, 100}, {100 + 2 * advance + space + wide, 130}}};
  EXPECT_EQ(properties(word_space_failures(style, parts, elsewhere, {})), std::vector<std::string>{"word-space"});
  // Up to text.max-space nothing counts.
  auto tight = one_page(glyph_line("ab cd", 100, 100, em, advance, space, max_space(style) * em - space - 0.1));
  EXPECT_TRUE(word_space_failures(style, tight, one_run, {}).empty());
}

TEST(RandomResumeWordSpaces, IdeographsOfOneRunSpacedApartCount) {
  const theme::Style style;
  const double em = 10, gap = 0.8 * em;  // more than max_cjk_gap
  auto spaced = one_page(glyph_line("中~文~字", 100, 100, em, em, 0, gap));
  const RunStarts one_run = {{{100, 100}}};
  EXPECT_EQ(properties(word_space_failures(style, spaced, one_run, {})), std::vector<std::string>{"word-space-cjk"});
  // mupdf's own space, spanning the gap exactly, changes nothing.
  auto synthetic = one_page(glyph_line("中 文", 100, 100, em, em, gap, 0));
  EXPECT_EQ(properties(word_space_failures(style, synthetic, one_run, {})),
            std::vector<std::string>{"word-space-cjk"});
  // Three parts of a row (a metric's value in each cell): runs of their own.
  const RunStarts three_runs = {{{100, 100}, {100 + em + gap, 100}, {100 + 2 * (em + gap), 100}}};
  EXPECT_TRUE(word_space_failures(style, spaced, three_runs, {}).empty());
  EXPECT_TRUE(word_space_failures(style, spaced, one_run, {searchable("中文字")}).empty());
}

TEST(RandomResumeWordSpaces, ReadsTheLinesTheLooseLineWarningNames) {
  const std::string err =
      "cv.yaml:12:9: warning: loose line: word spaces of 1.42 em, more than text.max-space (0.9 em), in "
      "\"alpha  beta \"quoted\" gamma…\"\n"
      "  hint: something\n"
      "cv.yaml:3:1: warning: loose line: word spaces of 2.00 em, more than text.max-space (0.9 em), in \"Ærø "
      "café\"\n"
      "cv.yaml:4:1: warning: overfull line: in \"not this one\"\n";
  EXPECT_EQ(loose_lines(err), (std::vector<std::string>{searchable("alpha beta \"quoted\" gamma"), searchable("ærø café")}));
}

// On real PDFs: rows of several parts by design — the metrics row, the
// contact grid, a pair's label and text, org/date and role/location flush
// right, a date column, a sidebar beside the main column — are no
// stretched lines; and cvpdf draws each justified word space as a space
// glyph of its natural width at the word's end (what the criterion reads).
TEST(RandomResumeWordSpaces, RowsOfPartsInEveryThemeAreNoStretchedLines) {
  const char* yaml = R"(languages: [en, zh]
person:
  name: Ada Example
  headline: Systems engineer
  email: ada@example.com
  phone: "+44 20 7946 0000"
  location: {en: London, zh: 伦敦}
  links:
    - {label: GitHub, url: "https://github.com/ada"}
    - {label: Blog, url: "https://ada.example.org"}
  metrics:
    - {value: 6×, label: {en: faster training, zh: 训练加速}}
    - {value: 2×, label: {en: inference, zh: 推理}}
    - {value: {en: 3 papers, zh: 三篇论文}, label: HPCC · DATE}
  summary: {en: "Engineer of training systems who likes justified text that is long enough to fill several lines of the measure, with enough words to spread its stretch thinly over many spaces.", zh: "训练系统工程师，喜欢两端对齐的文字，足够长以填满几行，让伸展均匀地分布在许多字之间。"}
sections:
  - title: {en: Experience, zh: 经历}
    entries:
      - org: {en: Example Corp, zh: 示例公司}
        role: {en: Engineer, zh: 工程师}
        location: {en: Cambridge, zh: 剑桥}
        start: 2020-01
        end: present
        bullets:
          - {en: "Built the compiler and the runtime of a small language, and kept the two in step for years.", zh: "构建了一种小语言的编译器和运行时，并多年保持两者同步。"}
  - title: {en: Skills, zh: 技能}
    entries:
      - {label: {en: Languages, zh: 语言}, text: "C++, Python, Rust"}
      - {label: {en: Tools, zh: 工具}, text: "CMake, Git, gdb"}
  - title: {en: Publications, zh: 论文}
    entries:
      - {title: "A Paper", authors: "A. Example, B. Other", me: "A. Example", venue: HPCC, year: 2022, doi: 10.1145/1}
)";
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", yaml);
  Diagnostics diags;
  const auto model = model::load_resume(yaml, dir + "/cv.yaml", dir, diags);
  ASSERT_TRUE(model);
  int spaces = 0;
  for (const auto& theme : themes())
    for (const std::string language : {"en", "zh"}) {
      const std::string pdf = dir + "/" + theme + "-" + language + ".pdf";
      // The contact grid too, where the theme has none.
      const Result r = run(cvpdf() + " -q --theme " + theme + " --lang " + language +
                           " --set header.contact-style=grid " + dir + "/cv.yaml -o " + pdf);
      ASSERT_EQ(r.status, 0) << r.err;
      std::string why;
      const auto style = theme_style(theme, *model, language, why);
      ASSERT_TRUE(style) << why;
      const GlyphBoxes glyphs = read_glyph_boxes(pdf);
      ASSERT_TRUE(glyphs.error.empty()) << glyphs.error;
      std::vector<double> heights;
      for (const auto& page : glyphs.glyph_pages) heights.push_back(page.height);
      const RunStarts runs = read_run_starts(pdf, heights);
      ASSERT_EQ(runs.size(), glyphs.glyph_pages.size());
      for (const auto& f : word_space_failures(*style, glyphs, runs, {}))
        ADD_FAILURE() << theme << " " << language << ": " << f.property << ": " << f.detail;
      // Every space glyph of a line starts where the glyph before it ends
      // (mupdf's own spaces too: they span the gap from the pen).
      for (const auto& page : glyphs.glyph_pages)
        for (const auto& line : page.lines)
          for (std::size_t i = 1; i < line.glyphs.size(); ++i)
            if (line.glyphs[i].text == " " && std::abs(line.glyphs[i].y - line.glyphs[i - 1].y) < 0.01 &&
                line.glyphs[i - 1].text != " ") {
              ++spaces;
              EXPECT_NEAR(line.glyphs[i].quad.x0, line.glyphs[i - 1].quad.x1, kEdge) << theme << " " << language;
            }
    }
  EXPECT_GT(spaces, 100);
}

// The generator: deterministic, and its files are what cvpdf reads.
TEST(RandomResume, TheSameSeedGivesTheSameFile) {
  EXPECT_EQ(random_resume(42).yaml, random_resume(42).yaml);
  EXPECT_NE(random_resume(42).yaml, random_resume(43).yaml);
  // splitmix64's published first outputs for seed 0: the PRNG is the
  // reference one, so a seed means the same résumé everywhere.
  SplitMix64 rng(0);
  EXPECT_EQ(rng.next(), 0xE220A8397B1DCDAFull);
  EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ull);
}

// A kept seed's résumé is the one that found what it found: edition 1 is
// what it was when the seeds of random-seeds/found.txt were kept (FNV-1a
// of their YAML then).
TEST(RandomResume, EditionOneIsTheResumeTheKeptSeedsWereFoundWith) {
#if defined(__clang__)
  // The generator draws in expressions whose operands C++ leaves unordered
  // ("/" + latin_word() + (rng.chance(30) ? … : "")): clang evaluates them
  // in another order than g++, so a seed is another résumé in the clang
  // (sanitizer) build. The seeds were found, and are pinned, with g++.
  GTEST_SKIP() << "the kept seeds' résumés are g++'s (unsequenced draws in random_resume.cpp)";
#endif
  auto fnv1a = [](const std::string& s) {
    std::uint64_t h = 0xCBF29CE484222325ull;
    for (const unsigned char c : s) h = (h ^ c) * 0x100000001B3ull;
    return h;
  };
  EXPECT_EQ(fnv1a(random_resume(1, 1).yaml), 0xA50EB3A485A08971ull);
  EXPECT_EQ(fnv1a(random_resume(176, 1).yaml), 0x59813D603D25CCD8ull);
  EXPECT_EQ(fnv1a(random_resume(4561, 1).yaml), 0x10140A00177CA1AAull);
}

// Edition 2 draws its numbered entries from a stream of their own: every
// line of a seed's edition 1 stays, in order, and what is added is
// numbered entries and the sections holding them.
TEST(RandomResume, EditionTwoAddsNumberedEntriesToEditionOne) {
  auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  };
  int with_numbered = 0, reversed = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const std::vector<std::string> one = lines(random_resume(seed, 1).yaml), two = lines(random_resume(seed, 2).yaml);
    std::size_t i = 0;
    bool numbered = false;
    for (const auto& line : two) {
      if (i < one.size() && line == one[i]) {
        ++i;
        continue;
      }
      static const std::regex kEntry(R"(^    [- ] (reversed_)?number: .*)");
      static const std::regex kOther(R"(^(    - only: (en|zh)|  - title: .*|    only: (en|zh)|    entries:)$)");
      const bool entry = std::regex_match(line, kEntry);
      numbered = numbered || entry;
      reversed += entry && line.find("reversed_number: ") != std::string::npos;
      // Besides an entry: its `only:`, or a numbered section's title, `only:` and `entries:`.
      EXPECT_TRUE(entry || std::regex_match(line, kOther))
          << "seed " << seed << " adds '" << line << "'";
    }
    EXPECT_EQ(i, one.size()) << "seed " << seed << "'s edition 2 loses lines of edition 1";
    with_numbered += numbered;
  }
  EXPECT_GT(with_numbered, 40) << "few seeds of the property run have numbered entries";
  EXPECT_GT(reversed, 20);
}

TEST(RandomResume, EveryGeneratedFileLoads) {
  // As many seeds as the property run (CVPDF_RANDOM_CASES), each only
  // loaded and checked.
  const std::uint64_t start = env_number("CVPDF_RANDOM_SEED", 1);
  const std::uint64_t cases = env_number("CVPDF_RANDOM_CASES", 200);
  const std::string dir = temp_dir();
  for (std::uint64_t seed = start; seed < start + cases; ++seed) {
    const std::string path = dir + "/seed-" + std::to_string(seed) + ".yaml";
    write_file(path, random_resume(seed).yaml);
    const Result r = run(cvpdf() + " check -q " + sh(path));
    EXPECT_EQ(r.status, 0) << "seed " << seed << ": " << path << "\n" << r.err;
  }
}

TEST(RandomResume, QuotesAnyTextForYaml) {
  EXPECT_EQ(yaml_quoted("a \"b\" \\ c\td"), "\"a \\\"b\\\" \\\\ c\\x09d\"");
  EXPECT_EQ(yaml_quoted("教育 · #1: - [x]"), "\"教育 · #1: - [x]\"");
}

}  // namespace
}  // namespace cvpdf::test
