// Measuring the ink gaps beside + and × on rasters of the PDF's pages (see
// glyph_properties.hpp).
#include "glyph_properties.hpp"

#include <unicode/uchar.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <sstream>

#include "run.hpp"

namespace cvpdf::test {

namespace {

constexpr double kDpi = 600;
constexpr int kInk = 192;  // a grey level below this is ink (the muted greys and accents are darker)

// A page as mutool draws it in grey (PGM, "P5").
struct Raster {
  int width = 0, height = 0;
  std::string pixels;
  bool ink(int x, int y) const {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    return static_cast<unsigned char>(pixels[static_cast<std::size_t>(y) * width + x]) < kInk;
  }
};

bool parse_pgm(const std::string& data, Raster& raster) {
  std::istringstream in(data);
  std::string magic;
  int max = 0;
  in >> magic >> raster.width >> raster.height >> max;
  if (magic != "P5" || max != 255 || raster.width <= 0 || raster.height <= 0) return false;
  in.get();  // the one white space after the header
  const auto size = static_cast<std::size_t>(raster.width) * static_cast<std::size_t>(raster.height);
  const auto at = static_cast<std::size_t>(in.tellg());
  if (data.size() < at + size) return false;
  raster.pixels = data.substr(at, size);
  return true;
}

char32_t first_code_point(const std::string& s) {
  const auto cps = code_points(s);
  return cps.empty() ? 0 : cps.front();
}

bool is_tight_symbol(const Glyph& g) {
  const char32_t c = first_code_point(g.text);
  return c == U'+' || c == U'\u00D7';
}

bool is_letter_or_digit(const Glyph& g) { return u_isalnum(static_cast<UChar32>(first_code_point(g.text))) != 0; }

bool same_baseline(const Glyph& a, const Glyph& b) { return std::abs(a.y - b.y) < 0.5 && b.x > a.x; }

// The pairs of glyphs (i-1, i) of a line that hold a tight symbol facing a
// letter, a digit or another symbol of a chain touching a letter or digit.
std::vector<std::size_t> tight_pairs(const GlyphLine& line) {
  const auto& g = line.glyphs;
  std::vector<bool> touching(g.size(), false);  // a symbol in a chain that touches a letter or digit
  for (std::size_t i = 0; i < g.size();) {
    if (!is_tight_symbol(g[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < g.size() && is_tight_symbol(g[end]) && (end == i || same_baseline(g[end - 1], g[end]))) ++end;
    const bool left = i > 0 && same_baseline(g[i - 1], g[i]) && is_letter_or_digit(g[i - 1]);
    const bool right = end < g.size() && same_baseline(g[end - 1], g[end]) && is_letter_or_digit(g[end]);
    for (std::size_t k = i; k < end; ++k) touching[k] = left || right;
    i = end;
  }
  std::vector<std::size_t> pairs;
  for (std::size_t i = 1; i < g.size(); ++i) {
    if (!same_baseline(g[i - 1], g[i])) continue;
    const bool a = touching[i - 1] && (is_letter_or_digit(g[i]) || touching[i]);
    const bool b = touching[i] && is_letter_or_digit(g[i - 1]);
    if (a || b) pairs.push_back(i);
  }
  return pairs;
}

// The blank columns between the inks of `a` and `b` (b after a on one
// baseline), in pixels: the run of blank columns at the pen's boundary (b's
// origin), or the nearest one within a fifth of an em when a glyph's ink
// reaches over the boundary; 0 when the inks meet.
int blank_columns(const Raster& r, const Glyph& a, const Glyph& b) {
  const double scale = kDpi / 72.0;
  const int top = static_cast<int>(std::floor((b.y - 0.75 * b.size) * scale));
  const int bottom = static_cast<int>(std::ceil(b.y * scale));
  auto blank = [&](int x) {
    for (int y = top; y <= bottom; ++y)
      if (r.ink(x, y)) return false;
    return true;
  };
  const int lo = static_cast<int>(std::floor(a.x * scale));
  const int hi = static_cast<int>(std::ceil((b.x + b.size) * scale));
  const int boundary = static_cast<int>(std::lround(b.x * scale));
  const int reach = static_cast<int>(b.size * scale / 5);
  int start = -1;
  for (int d = 0; d <= reach && start < 0; ++d) {
    if (boundary + d <= hi && blank(boundary + d)) start = boundary + d;
    else if (boundary - d > lo && blank(boundary - d)) start = boundary - d;
  }
  if (start < 0) return 0;
  int left = start, right = start;
  while (left - 1 > lo && blank(left - 1)) --left;
  while (right + 1 < hi && blank(right + 1)) ++right;
  return right - left + 1;
}

// The tracking of a line, in ems: the median, over pairs of adjacent
// letters in one face, of how far the next glyph starts past this one's
// advance (mupdf's quad is the font's width). Kerning moves few pairs and
// justification only spaces, so the median is the letter spacing a theme
// gives its headings (0 elsewhere); a tracked heading spaces "C++" as it
// spaces its letters.
double tracking_em(const GlyphLine& line) {
  std::vector<double> extra;
  const auto& g = line.glyphs;
  for (std::size_t i = 1; i < g.size(); ++i)
    if (is_letter_or_digit(g[i - 1]) && is_letter_or_digit(g[i]) && g[i - 1].font == g[i].font &&
        same_baseline(g[i - 1], g[i]) && g[i].size > 0)
      extra.push_back((g[i].x - g[i - 1].quad.x1) / g[i].size);
  if (extra.empty()) return 0;
  std::nth_element(extra.begin(), extra.begin() + static_cast<std::ptrdiff_t>(extra.size() / 2), extra.end());
  return std::max(0.0, extra[extra.size() / 2]);
}

std::string context_of(const GlyphLine& line, std::size_t i) {
  std::string s;
  const std::size_t from = i >= 8 ? i - 8 : 0;
  for (std::size_t k = from; k < std::min(line.glyphs.size(), i + 8); ++k) s += line.glyphs[k].text;
  return s;
}

}  // namespace

std::vector<SymbolGap> measure_symbol_gaps(const RenderedPdf& pdf, std::string& error) {
  std::vector<SymbolGap> gaps;
  if (!pdf.glyphs.error.empty()) {
    error = pdf.glyphs.error;
    return gaps;
  }
  const std::string dir = temp_dir();
  for (std::size_t p = 0; p < pdf.glyphs.glyph_pages.size(); ++p) {
    const GlyphPage& page = pdf.glyphs.glyph_pages[p];
    std::vector<std::pair<const GlyphLine*, std::size_t>> found;
    for (const GlyphLine& line : page.lines)
      for (std::size_t i : tight_pairs(line)) found.emplace_back(&line, i);
    if (found.empty()) continue;
    const std::string pgm = dir + "/page" + std::to_string(p + 1) + ".pgm";
    const Result drawn = run("mutool draw -q -r " + std::to_string(static_cast<int>(kDpi)) + " -c gray -o '" + pgm +
                             "' '" + pdf.path + "' " + std::to_string(p + 1) + " 2>&1");
    Raster raster;
    if (drawn.status != 0 || !parse_pgm(read_file(pgm), raster)) {
      error = "mutool draw could not rasterise page " + std::to_string(p + 1) + ": " + drawn.out;
      return gaps;
    }
    for (const auto& [line, i] : found) {
      const Glyph& a = line->glyphs[i - 1];
      const Glyph& b = line->glyphs[i];
      const Glyph& symbol = is_tight_symbol(b) ? b : a;
      SymbolGap gap;
      gap.page = static_cast<int>(p + 1);
      gap.pair = a.text + b.text;
      gap.context = context_of(*line, i);
      gap.font = symbol.font;
      gap.size = symbol.size;
      gap.gap_em = blank_columns(raster, a, b) * 72.0 / kDpi / symbol.size;
      gap.tracking_em = tracking_em(*line);
      gaps.push_back(gap);
    }
  }
  return gaps;
}

PropertyReport check_tight_symbols(const RenderedPdf& pdf) {
  PropertyReport report;
  std::string error;
  const std::vector<SymbolGap> gaps = measure_symbol_gaps(pdf, error);
  if (!error.empty()) {
    report.violations.push_back("tight symbols not measured: " + error);
    return report;
  }
  std::map<std::string, double> widest;  // by face
  for (const SymbolGap& gap : gaps) {
    double& w = widest[gap.font];
    w = std::max(w, gap.gap_em);
    if (gap.gap_em > kThinSpaceEm + gap.tracking_em + 1e-9)
      report.violations.push_back("page " + std::to_string(gap.page) + ": \"" + gap.pair + "\" in " + gap.font +
                                  " set " + points(gap.gap_em) + " em apart (a thin space is " +
                                  points(kThinSpaceEm) + ", the line's tracking " + points(gap.tracking_em) +
                                  "), in \"" + gap.context + "\"");
  }
  std::ostringstream figures;
  figures << "tight symbols: " << gaps.size() << " gaps";
  for (const auto& [font, w] : widest) figures << ", " << font << " ≤ " << points(w) << " em";
  report.figures = figures.str();
  return report;
}

}  // namespace cvpdf::test
