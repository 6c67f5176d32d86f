// The theme-look property checks (theme_look_properties.hpp), on the
// words poppler reads and the glyphs mupdf draws.
#include "theme_look_properties.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "model/language_tags.hpp"

namespace cvpdf::test {

namespace {

// Page 1's top down to its first section heading (the outline's first
// destination there), in poppler's y down; the whole page without one.
double header_bottom(const RenderedPdf& pdf) {
  const double height = pdf.pages.empty() ? 0 : pdf.pages.front().height;
  for (const auto& entry : pdf.outline)
    if (entry.page == 1 && !std::isnan(entry.top)) return height - entry.top;
  return height;
}

std::string two_decimals(double x) {
  char out[32];
  std::snprintf(out, sizeof out, "%.2f", x);
  return out;
}

// The icon face (Fork Awesome, "forkawesome" in mupdf's names), whose
// glyphs read as their /ActualText ("Email:").
bool icon_face(std::string font) {
  for (char& ch : font) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return font.find("awesome") != std::string::npos;
}

bool private_use(char32_t c) { return c >= 0xE000 && c <= 0xF8FF; }

std::string without_spaces(const std::string& s) {
  std::string out;
  for (char ch : s)
    if (ch != ' ') out += ch;
  return out;
}

// The glyphs of a line as text, spaces left out.
std::string glyph_text(const GlyphLine& line) {
  std::string out;
  for (const auto& g : line.glyphs)
    if (!is_space(g.text)) out += g.text;
  return out;
}

}  // namespace

PropertyReport check_label_colons(const RenderedPdf& pdf) {
  PropertyReport report;
  if (pdf.pages.empty()) {
    report.violations.push_back("no page read");
    return report;
  }
  const double bottom = header_bottom(pdf);
  const Page& page = pdf.pages.front();
  const bool sidebar = pdf.style.sidebar_side != theme::SidebarSide::None;
  int western = 0, full_width = 0;
  std::string western_at, full_width_at;
  for (const auto& line : page.lines) {
    const bool header = line.box.y1 <= bottom + kTouch || (sidebar && in_sidebar(pdf.style, line.box, page));
    if (!header) continue;
    for (const auto& word : line.words) {
      const std::string& t = word.text;
      // A label's colon ends its word ("GitHub:") or is followed by its
      // value ("GitHub：ada"); a URL's "://" and a time's "10:30" are not.
      const std::size_t colon = t.find(':');
      if (colon != std::string::npos && colon + 1 == t.size() && colon > 0) {
        ++western;
        western_at = line.text();
      }
      if (t.find("\uFF1A") != std::string::npos) {
        ++full_width;
        full_width_at = line.text();
      }
    }
  }
  report.figures = "label colons: " + std::to_string(western) + " \":\", " + std::to_string(full_width) + " \"：\"";
  if (western > 0 && full_width > 0)
    report.violations.push_back("page 1: both colons after labels: \"" + western_at + "\" beside \"" + full_width_at + "\"");
  return report;
}

PropertyReport check_japanese_punctuation(const RenderedPdf& pdf) {
  PropertyReport report;
  if (model::primary_language(pdf.language) != "ja") {
    report.figures = "Japanese commas: not Japanese (" + pdf.language + ")";
    return report;
  }
  int chinese_commas = 0;
  for (std::size_t p = 0; p < pdf.glyphs.glyph_pages.size(); ++p)
    for (const auto& line : pdf.glyphs.glyph_pages[p].lines) {
      int here = 0;
      for (const auto& g : line.glyphs) here += g.text == "\uFF0C" ? 1 : 0;
      if (here == 0) continue;
      chinese_commas += here;
      report.violations.push_back("page " + std::to_string(p + 1) + ": a Chinese comma \"，\" in Japanese: \"" +
                                  glyph_text(line) + "\"");
    }
  report.figures = "Japanese commas: " + std::to_string(chinese_commas) + " \"，\"";
  return report;
}

PropertyReport check_sidebar_contacts_aligned(const RenderedPdf& pdf) {
  PropertyReport report;
  if (pdf.style.sidebar_side == theme::SidebarSide::None || !pdf.resume) {
    report.figures = "sidebar contacts: no sidebar";
    return report;
  }
  if (pdf.glyphs.glyph_pages.empty() || pdf.pages.empty()) {
    report.violations.push_back("no glyphs read");
    return report;
  }
  // What the contact items say, as the résumé writes them.
  const auto& person = pdf.resume->person;
  std::vector<std::string> items;
  for (const std::string& s : {person.email, person.phone, person.location.get(pdf.language, pdf.resume->languages.front())})
    if (!s.empty()) items.push_back(without_spaces(s));
  for (const auto& link : person.links) {
    std::string label = link.label.get(pdf.language, pdf.resume->languages.front());
    if (!label.empty()) items.push_back(without_spaces(label));
  }
  const GlyphPage& page = pdf.glyphs.glyph_pages.front();
  const Page& words = pdf.pages.front();
  std::vector<double> starts;
  std::string first, other;
  for (const auto& line : page.lines) {
    if (line.glyphs.empty()) continue;
    const Glyph& lead = line.glyphs.front();
    if (!in_sidebar(pdf.style, lead.quad, words)) continue;
    const std::string text = glyph_text(line);
    const bool contact = std::any_of(items.begin(), items.end(), [&](const std::string& item) {
      return !item.empty() && (text.find(item) != std::string::npos || item.find(text) == 0);
    });
    if (!contact) continue;
    // The text's first glyph: past an icon (a private-use character in the
    // icon face) and the space after it.
    double x = NAN;
    for (const auto& g : line.glyphs) {
      const auto cps = code_points(g.text);
      if (is_space(g.text) || (!cps.empty() && private_use(cps.front())) ||
          icon_face(g.font))
        continue;
      x = g.quad.x0;
      break;
    }
    if (std::isnan(x)) continue;
    if (starts.empty()) first = text;
    else if (std::abs(x - starts.front()) > 0.5 && other.empty()) other = "\"" + text + "\" at " + two_decimals(x);
    starts.push_back(x);
  }
  if (starts.empty()) {
    report.figures = "sidebar contacts: none found in the sidebar";
    return report;
  }
  const auto [lo, hi] = std::minmax_element(starts.begin(), starts.end());
  report.figures =
      "sidebar contacts: " + std::to_string(starts.size()) + " rows start within " + two_decimals(*hi - *lo) + " pt";
  if (*hi - *lo > 0.5)
    report.violations.push_back("page 1: contact texts start at different x: \"" + first + "\" at " +
                                two_decimals(starts.front()) + ", " + other);
  return report;
}

}  // namespace cvpdf::test
