// The line breaker's output measured on mupdf's glyphs: see line_properties.hpp.
#include "line_properties.hpp"

#include <ft2build.h>
#include FT_FREETYPE_H

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <sstream>

#include <fmt/format.h>

namespace cvpdf::test {

namespace {

constexpr double kSameSize = 0.15;   // pt: two glyphs set at one size
constexpr double kReachesEdge = 1.0;  // pt: a full line's ink ends this close to its column's edge
constexpr double kSamePen = 0.05;     // pt: a glyph this close to a run's origin starts that run

char32_t first_code_point(const std::string& s) {
  const auto cps = code_points(s);
  return cps.empty() ? 0 : cps.front();
}

bool is_ideograph(char32_t c) {
  return (c >= 0x3040 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x323AF);
}
bool is_latin_alnum(char32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= 0xC0 && c <= 0x24F);
}
// A full-width mark whose blank half the composer may give up at a line's end.
bool is_wide_mark(char32_t c) { return is_wide(c) && !is_ideograph(c) && !(c >= 0xAC00 && c <= 0xD7AF); }
bool is_separator(char32_t c) { return c == 0x00B7 || c == '|' || c == 0x2013 || c == 0x2014; }
bool is_opening(char32_t c) {
  static constexpr char32_t kOpening[] = {'(', '[', '{', 0x201C, 0x2018, 0x00AB, 0x300C, 0x300E, 0xFF08, 0x3010, 0x300A, 0x3008};
  return std::find(std::begin(kOpening), std::end(kOpening), c) != std::end(kOpening);
}

bool blank(const Glyph& g) { return is_space(g.text); }

// The glyphs of a line without its spaces at either end.
std::pair<std::size_t, std::size_t> inked(const GlyphLine& line) {
  std::size_t a = 0, b = line.glyphs.size();
  while (a < b && blank(line.glyphs[a])) ++a;
  while (b > a && blank(line.glyphs[b - 1])) --b;
  return {a, b};
}

// Where a line's ink ends: its last glyph's advance, less a CJK mark's blank half.
double ink_right(const GlyphLine& line) {
  const auto [a, b] = inked(line);
  if (a == b) return 0;
  const Glyph& last = line.glyphs[b - 1];
  return last.quad.x1 - (is_wide_mark(first_code_point(last.text)) ? 0.5 * last.size : 0);
}

std::string text_of(const GlyphLine& line) {
  const auto [a, b] = inked(line);
  std::string s;
  for (std::size_t k = a; k < b; ++k) s += blank(line.glyphs[k]) ? std::string(" ") : line.glyphs[k].text;
  return s;
}

// The body size: the size most glyphs are set at.
double body_size(const RenderedPdf& pdf) {
  std::map<long, std::size_t> count;
  for (const auto& page : pdf.glyphs.glyph_pages)
    for (const auto& line : page.lines)
      for (const auto& g : line.glyphs) ++count[std::lround(g.size * 10)];
  long best = 0;
  std::size_t most = 0;
  for (const auto& [size, n] : count)
    if (n > most) best = size, most = n;
  return static_cast<double>(best) / 10;
}

// One page's body lines, in mupdf's order, with what the checks ask of each.
struct BodyLine {
  const GlyphLine* line = nullptr;
  double left = 0, right = 0, baseline = 0, size = 0;
  bool full = false;
};

std::vector<BodyLine> body_lines(const RenderedPdf& pdf, const GlyphPage& page, double size) {
  std::vector<BodyLine> out;
  Page frame{page.width, page.height, {}};
  for (const auto& line : page.lines) {
    const auto [a, b] = inked(line);
    if (a == b) continue;
    const bool body = std::all_of(line.glyphs.begin() + static_cast<std::ptrdiff_t>(a),
                                  line.glyphs.begin() + static_cast<std::ptrdiff_t>(b),
                                  [&](const Glyph& g) { return std::abs(g.size - size) < kSameSize; });
    if (!body) continue;
    const Box box{line.glyphs[a].quad.x0, line.glyphs[a].y - size, ink_right(line), line.glyphs[a].y};
    if (in_sidebar(pdf.style, box, frame)) continue;
    out.push_back({&line, box.x0, box.x1, line.glyphs[a].y, size, false});
  }
  double edge = 0;
  for (const auto& l : out) edge = std::max(edge, l.right);
  for (auto& l : out) l.full = l.right >= edge - kReachesEdge;
  return out;
}

// Whether `line` goes on the paragraph of `above`: one leading below it,
// starting where it does or where its text starts after a hanging bullet.
bool continues(const BodyLine& above, const BodyLine& line) {
  const double drop = line.baseline - above.baseline;
  if (drop < 0.9 * line.size || drop > 2.0 * line.size) return false;
  if (std::abs(line.left - above.left) < kReachesEdge) return true;
  const auto& glyphs = above.line->glyphs;
  const auto [a, b] = inked(*above.line);
  std::size_t k = a + 1;
  while (k < b && blank(glyphs[k])) ++k;
  return k < b && std::abs(line.left - glyphs[k].quad.x0) < kReachesEdge;
}

bool run_starts_at(const std::vector<RunStart>& runs, const Glyph& g) {
  return std::any_of(runs.begin(), runs.end(),
                     [&](const RunStart& r) { return std::abs(r.x - g.x) < kSamePen && std::abs(r.y - g.y) < kSamePen; });
}

// Where a line's text starts after its hanging label, else `a`. A list's
// bullet and a publication's "[10]" are drawn before their line's text, as
// a run of their own, so mupdf's line may begin with them: the label is the
// line's first word (up to a blank or the next run), and is one when both
// it and what follows it start runs.
std::size_t after_label(const std::vector<Glyph>& g, std::size_t a, std::size_t b, const std::vector<RunStart>& runs) {
  if (a == b || !run_starts_at(runs, g[a])) return a;
  std::size_t k = a + 1;
  while (k < b && !blank(g[k]) && !run_starts_at(runs, g[k])) ++k;
  while (k < b && blank(g[k])) ++k;
  return k < b && run_starts_at(runs, g[k]) ? k : a;
}

std::vector<std::vector<RunStart>> run_starts(const RenderedPdf& pdf) {
  std::vector<double> heights;
  for (const auto& page : pdf.glyphs.glyph_pages) heights.push_back(page.height);
  return read_run_starts(pdf.path, heights);
}

// The advance of U+0020 in em, per PostScript name, from the font files
// `cvpdf -v` lists ("font: Lato (Lato-Regular) from /path/Lato-Regular.ttf").
class SpaceAdvances {
 public:
  explicit SpaceAdvances(const std::string& verbose) {
    std::istringstream in(verbose);
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("font: ", 0) != 0) continue;
      const auto open = line.find(" ("), close = line.find(") from ");
      if (open == std::string::npos || close == std::string::npos || close < open) continue;
      files_[line.substr(open + 2, close - open - 2)] = line.substr(close + 7);
    }
    FT_Init_FreeType(&library_);
  }
  ~SpaceAdvances() {
    if (library_) FT_Done_FreeType(library_);
  }
  SpaceAdvances(const SpaceAdvances&) = delete;
  SpaceAdvances& operator=(const SpaceAdvances&) = delete;

  // 0 when the face is not among the files or has no space.
  double em(std::string name) {
    if (const auto plus = name.find('+'); plus == 6) name = name.substr(7);
    if (auto it = ems_.find(name); it != ems_.end()) return it->second;
    double advance = 0;
    const auto file = files_.find(name);
    FT_Face face = nullptr;
    if (library_ && file != files_.end() && FT_New_Face(library_, file->second.c_str(), 0, &face) == 0) {
      const FT_UInt glyph = FT_Get_Char_Index(face, U' ');
      if (glyph != 0 && FT_Load_Glyph(face, glyph, FT_LOAD_NO_SCALE) == 0 && face->units_per_EM > 0)
        advance = static_cast<double>(face->glyph->advance.x) / face->units_per_EM;
      FT_Done_Face(face);
    }
    return ems_[name] = advance;
  }

 private:
  FT_Library library_ = nullptr;
  std::map<std::string, std::string> files_;
  std::map<std::string, double> ems_;
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::string without_spaces(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ') out += c;
  return out;
}

std::string where(std::size_t page, const std::string& text) { return fmt::format("page {}: \"{}\"", page + 1, text); }

}  // namespace

PropertyReport check_word_space_ratio(const RenderedPdf& pdf) {
  PropertyReport report;
  if (!pdf.glyphs.error.empty()) {
    report.violations.push_back("no glyphs: " + pdf.glyphs.error);
    return report;
  }
  SpaceAdvances spaces(pdf.verbose_err);
  std::vector<std::string> loose_warnings;
  {
    std::istringstream in(pdf.verbose_err);
    for (std::string line; std::getline(in, line);)
      if (line.find("loose line") != std::string::npos || line.find("stretched line") != std::string::npos)
        loose_warnings.push_back(without_spaces(line));
  }
  const auto runs = run_starts(pdf);
  const double size = body_size(pdf);
  std::vector<double> ratios;
  std::size_t lines = 0, unknown = 0;
  for (std::size_t p = 0; p < pdf.glyphs.glyph_pages.size(); ++p) {
    const std::vector<RunStart> none;
    const auto& page_runs = p < runs.size() ? runs[p] : none;
    for (const BodyLine& body : body_lines(pdf, pdf.glyphs.glyph_pages[p], size)) {
      if (!body.full) continue;
      const auto& g = body.line->glyphs;
      const auto [a, b] = inked(*body.line);
      double widest = 0;
      for (std::size_t k = a + 1; k < b; ++k) {
        if (!blank(g[k])) continue;
        std::size_t next = k;
        while (next < b && blank(g[next])) ++next;
        const Glyph& before = g[k - 1];
        const Glyph& after = g[next];
        k = next;
        if (!is_latin_alnum(first_code_point(before.text)) && !std::ispunct(static_cast<unsigned char>(before.text[0])))
          continue;
        if (is_wide(first_code_point(after.text)) || run_starts_at(page_runs, after)) continue;
        const double natural = spaces.em(g[k - 1].font) * g[k - 1].size;
        if (natural <= 0) {
          ++unknown;
          continue;
        }
        const double ratio = (after.x - before.quad.x1) / natural;
        ratios.push_back(ratio);
        widest = std::max(widest, ratio);
      }
      ++lines;
      if (widest <= kMaxWordSpaceRatio + 0.01) continue;
      const std::string text = text_of(*body.line);
      // mupdf may report white between stretched ideographs as spaces: the
      // warning's quote and the line are compared without any. A hanging
      // label is not in the quote (after_label).
      const std::size_t text_start = after_label(g, a, b, page_runs);
      std::string quoted;
      for (std::size_t m = text_start; m < b; ++m) quoted += blank(g[m]) ? std::string(" ") : g[m].text;
      const std::string head = without_spaces(quoted).substr(0, 40);
      const bool reported = std::ranges::any_of(loose_warnings, [&](const std::string& w) {
        return w.find(head) != std::string::npos;
      });
      if (!reported)
        report.violations.push_back(where(p, text) + fmt::format(": word space {:.2f}× its natural width", widest));
    }
  }
  const double max = ratios.empty() ? 0 : *std::max_element(ratios.begin(), ratios.end());
  report.figures = fmt::format("word space max {:.2f}× median {:.2f}× ({} gaps on {} full lines{})", max,
                               median(ratios), ratios.size(), lines,
                               unknown ? fmt::format(", {} of unknown faces", unknown) : std::string());
  return report;
}

PropertyReport check_last_line_fragments(const RenderedPdf& pdf) {
  PropertyReport report;
  if (!pdf.glyphs.error.empty()) {
    report.violations.push_back("no glyphs: " + pdf.glyphs.error);
    return report;
  }
  // A paragraph the breaker could end on nothing better, at the tolerance,
  // is reported by a -v note that quotes its last line: such a line is the
  // breaker's known choice, not an oversight, and is counted apart.
  std::vector<std::string> reported;
  {
    std::istringstream in(pdf.verbose_err);
    for (std::string line; std::getline(in, line);) {
      const std::size_t at = line.find("short last line: the paragraph ends on one short word, \"");
      if (at == std::string::npos) continue;
      std::string quoted = line.substr(line.find('"', at) + 1);
      if (!quoted.empty() && quoted.back() == '"') quoted.pop_back();
      reported.push_back(without_spaces(quoted));
    }
  }
  const double size = body_size(pdf);
  int hyphenated = 0, short_words = 0, cjk_tokens = 0, last_lines = 0, noted = 0;
  for (std::size_t p = 0; p < pdf.glyphs.glyph_pages.size(); ++p) {
    const auto lines = body_lines(pdf, pdf.glyphs.glyph_pages[p], size);
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const BodyLine& above = lines[i - 1];
      const BodyLine& line = lines[i];
      if (line.full || !above.full || !continues(above, line)) continue;
      ++last_lines;
      const std::string text = text_of(*line.line);
      const std::string previous = text_of(*above.line);
      const auto cps = code_points(text);
      const bool cjk = std::any_of(cps.begin(), cps.end(), is_ideograph) ||
                       std::ranges::any_of(code_points(previous), is_ideograph);
      if (std::find(cps.begin(), cps.end(), U' ') != cps.end()) continue;
      if (std::ranges::find(reported, without_spaces(text)) != reported.end()) {
        ++noted;
        continue;
      }
      if (cjk) {
        // The token without its punctuation: one Latin word, or at most two ideographs.
        std::size_t ideographs = 0, latin = 0;
        for (char32_t c : cps) ideographs += is_ideograph(c) ? 1 : 0, latin += is_latin_alnum(c) ? 1 : 0;
        if ((ideographs == 0 && latin > 0) || (latin == 0 && ideographs <= 2)) {
          ++cjk_tokens;
          report.violations.push_back(where(p, previous + " / " + text) + ": a single token on the last line");
        }
        continue;
      }
      if (cps.size() >= static_cast<std::size_t>(kMinLastLineChars)) continue;
      const bool after_hyphen = !previous.empty() && previous.back() == '-';
      ++(after_hyphen ? hyphenated : short_words);
      report.violations.push_back(where(p, previous + " / " + text) +
                                  (after_hyphen ? ": a hyphenated fragment alone on the last line"
                                                : ": a short word alone on the last line"));
    }
  }
  report.figures =
      fmt::format("last lines {}: hyphenated fragments {}, short words {}, CJK single tokens {}, noted by cvpdf {}",
                  last_lines, hyphenated, short_words, cjk_tokens, noted);
  return report;
}

PropertyReport check_separators_at_line_edges(const RenderedPdf& pdf) {
  PropertyReport report;
  if (!pdf.glyphs.error.empty()) {
    report.violations.push_back("no glyphs: " + pdf.glyphs.error);
    return report;
  }
  int starts = 0, ends = 0;
  const auto runs = run_starts(pdf);
  for (std::size_t p = 0; p < pdf.glyphs.glyph_pages.size(); ++p) {
    for (const auto& line : pdf.glyphs.glyph_pages[p].lines) {
      auto [a, b] = inked(line);
      if (a == b) continue;
      // A list's bullet (academic's is "–") in the hanging indent is a
      // label, not a separator: alone in a line of mupdf's, or drawn first
      // as a run of its own before the run its text starts.
      if (line.glyphs[a].text == pdf.style.bullet_symbol) {
        if (b - a == 1) continue;
        if (p < runs.size()) a = after_label(line.glyphs, a, b, runs[p]);
      }
      const char32_t first = first_code_point(line.glyphs[a].text);
      // Alone as a word: "– 2023" is a separator, "–2023" a range's dash.
      if (is_separator(first) && (a + 1 == b || blank(line.glyphs[a + 1]))) {
        ++starts;
        report.violations.push_back(where(p, text_of(line)) + ": begins with a separator");
      }
      if (b - a > 1 && is_opening(first_code_point(line.glyphs[b - 1].text))) {
        ++ends;
        report.violations.push_back(where(p, text_of(line)) + ": ends with an opening mark");
      }
    }
  }
  report.figures = fmt::format("lines beginning with a separator {}, ending open {}", starts, ends);
  return report;
}

PropertyReport check_cjk_latin_gap(const RenderedPdf& pdf) {
  PropertyReport report;
  if (!pdf.glyphs.error.empty()) {
    report.violations.push_back("no glyphs: " + pdf.glyphs.error);
    return report;
  }
  const auto runs = run_starts(pdf);
  double lo = 1e9, hi = 0;
  std::size_t count = 0;
  for (std::size_t p = 0; p < pdf.glyphs.glyph_pages.size(); ++p) {
    const std::vector<RunStart> none;
    const auto& page_runs = p < runs.size() ? runs[p] : none;
    for (const auto& line : pdf.glyphs.glyph_pages[p].lines) {
      const auto& g = line.glyphs;
      double line_lo = 1e9, line_hi = 0;
      for (std::size_t k = 0; k + 1 < g.size(); ++k) {
        if (blank(g[k])) continue;
        std::size_t next = k + 1;
        while (next < g.size() && blank(g[next])) ++next;
        if (next == g.size()) break;
        const char32_t x = first_code_point(g[k].text), y = first_code_point(g[next].text);
        const bool han_latin = is_ideograph(x) && is_latin_alnum(y);
        const bool latin_han = is_latin_alnum(x) && is_ideograph(y);
        if ((!han_latin && !latin_han) || run_starts_at(page_runs, g[next])) continue;
        const double em = han_latin ? g[k].size : g[next].size;
        const double gap = (g[next].x - g[k].quad.x1) / em;
        line_lo = std::min(line_lo, gap);
        line_hi = std::max(line_hi, gap);
        ++count;
      }
      if (line_hi == 0) continue;
      lo = std::min(lo, line_lo);
      hi = std::max(hi, line_hi);
      if (line_lo < kMinCjkLatinGapEm - 0.005 || line_hi > kMaxCjkLatinGapEm + 0.005)
        report.violations.push_back(where(p, text_of(line)) +
                                    fmt::format(": Chinese–Latin gap {:.3f}–{:.3f} em", line_lo, line_hi));
    }
  }
  report.figures = count ? fmt::format("Chinese–Latin gap {:.3f}–{:.3f} em ({} gaps)", lo, hi, count)
                         : std::string("Chinese–Latin gap: none");
  return report;
}

}  // namespace cvpdf::test
