// Reading a PDF's word boxes, glyphs, outline and page count through
// poppler, mupdf and qpdf (see pdf_boxes.hpp). The parsers are small and
// strict about only what those tools write: pdftotext's XHTML and mutool's
// structured text have no comments, CDATA or nested words, and qpdf's JSON
// is plain JSON.
#include "pdf_boxes.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <regex>
#include <set>

#include "compose/builtin_layouts.hpp"
#include "compose/fit.hpp"
#include "core/units.hpp"
#include "core/utf8.hpp"
#include "model/loader.hpp"
#include "pdf_structure.hpp"
#include "run.hpp"
#include "text/case_mapping.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::test {

namespace {

std::string quoted(const std::string& path) { return "'" + path + "'"; }

void append_utf8(std::string& out, unsigned long cp) { utf8::append(out, static_cast<char32_t>(cp)); }

// The value of attribute `name` in a start tag's text, or "".
std::string attribute(std::string_view tag, std::string_view name) {
  std::size_t at = 0;
  while ((at = tag.find(name, at)) != std::string_view::npos) {
    const bool starts = at > 0 && (tag[at - 1] == ' ' || tag[at - 1] == '\t' || tag[at - 1] == '\n');
    const std::size_t eq = at + name.size();
    if (starts && eq + 1 < tag.size() && tag[eq] == '=' && (tag[eq + 1] == '"' || tag[eq + 1] == '\'')) {
      const char quote = tag[eq + 1];
      const std::size_t end = tag.find(quote, eq + 2);
      if (end == std::string_view::npos) return {};
      return decode_entities(tag.substr(eq + 2, end - eq - 2));
    }
    at = eq;
  }
  return {};
}

double number(std::string_view tag, std::string_view name) {
  const std::string value = attribute(tag, name);
  return value.empty() ? 0.0 : std::strtod(value.c_str(), nullptr);
}

Box box_of(std::string_view tag) {
  return {number(tag, "xMin"), number(tag, "yMin"), number(tag, "xMax"), number(tag, "yMax")};
}

// The bounds of a quad's four corners, "x y x y x y x y" (mupdf's order:
// upper left, upper right, lower left, lower right).
Box quad_bounds(const std::string& quad) {
  double v[8] = {};
  const char* at = quad.c_str();
  for (double& n : v) {
    char* end = nullptr;
    n = std::strtod(at, &end);
    at = end;
  }
  return {std::min({v[0], v[2], v[4], v[6]}), std::min({v[1], v[3], v[5], v[7]}),
          std::max({v[0], v[2], v[4], v[6]}), std::max({v[1], v[3], v[5], v[7]})};
}

Box united(const Box& a, const Box& b) {
  return {std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
}

// qpdf's JSON through the checker's reader (pdf_structure.hpp).
using Json = PdfJson;

void collect_outline(const Json& items, int depth, std::vector<OutlineEntry>& out) {
  for (const auto& item : items.array) {
    OutlineEntry entry;
    entry.depth = depth;
    if (const Json* title = item.get("title")) entry.title = title->string;
    if (const Json* page = item.get("destpageposfrom1"); page && page->kind == Json::Kind::Number)
      entry.page = static_cast<int>(page->number);
    // [page, /XYZ, left, top, zoom]
    if (const Json* dest = item.get("dest"); dest && dest->array.size() >= 4 && dest->array[1].string == "/XYZ" &&
                                             dest->array[3].kind == Json::Kind::Number)
      entry.top = dest->array[3].number;
    out.push_back(std::move(entry));
    if (const Json* kids = item.get("kids")) collect_outline(*kids, depth + 1, out);
  }
}

}  // namespace

std::string to_string(const Box& b) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "[%.2f %.2f – %.2f %.2f]", b.x0, b.y0, b.x1, b.y1);
  return buffer;
}

std::string Line::text() const {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w.text;
  return s;
}

std::string decode_entities(std::string_view text) {
  static const std::map<std::string_view, std::string_view> named = {
      {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}};
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t semicolon = text[i] == '&' ? text.find(';', i) : std::string_view::npos;
    if (semicolon == std::string_view::npos || semicolon - i > 10) {
      out += text[i];
      continue;
    }
    const std::string_view name = text.substr(i + 1, semicolon - i - 1);
    if (auto it = named.find(name); it != named.end()) {
      out += it->second;
    } else if (name.size() > 1 && name[0] == '#') {
      const bool hex = name[1] == 'x' || name[1] == 'X';
      const std::string digits(name.substr(hex ? 2 : 1));
      append_utf8(out, std::strtoul(digits.c_str(), nullptr, hex ? 16 : 10));
    } else {
      out += text.substr(i, semicolon - i + 1);  // not an entity we know: keep it as written
    }
    i = semicolon;
  }
  return out;
}

std::vector<Page> parse_bbox_layout(std::string_view xhtml) {
  std::vector<Page> pages;
  std::size_t at = 0;
  while ((at = xhtml.find('<', at)) != std::string_view::npos) {
    const std::size_t close = xhtml.find('>', at);
    if (close == std::string_view::npos) break;
    const std::string_view tag = xhtml.substr(at + 1, close - at - 1);
    const std::string_view name = tag.substr(0, tag.find_first_of(" \t\n/"));
    at = close + 1;
    if (name == "page") {
      pages.push_back({number(tag, "width"), number(tag, "height"), {}});
    } else if (name == "line" && !pages.empty()) {
      pages.back().lines.push_back({box_of(tag), {}});
    } else if (name == "word" && !pages.empty() && !pages.back().lines.empty()) {
      const std::size_t end = xhtml.find("</word>", at);
      if (end == std::string_view::npos) break;
      pages.back().lines.back().words.push_back({decode_entities(xhtml.substr(at, end - at)), box_of(tag)});
      at = end + 7;
    }
  }
  return pages;
}

std::vector<Page> read_boxes(const std::string& pdf) {
  Result r = run("pdftotext -enc UTF-8 -bbox-layout " + quoted(pdf) + " -");
  if (r.status != 0) return {};
  return parse_bbox_layout(r.out);
}

std::vector<Word> distinct_words(const Page& page) {
  std::vector<Word> words;
  auto same = [](const Word& a, const Word& b) {
    constexpr double e = 0.01;
    return a.text == b.text && std::abs(a.box.x0 - b.box.x0) < e && std::abs(a.box.y0 - b.box.y0) < e &&
           std::abs(a.box.x1 - b.box.x1) < e && std::abs(a.box.y1 - b.box.y1) < e;
  };
  for (const auto& line : page.lines)
    for (const auto& w : line.words) {
      bool seen = false;
      for (const auto& kept : words) seen = seen || same(kept, w);
      if (!seen) words.push_back(w);
    }
  return words;
}

std::vector<GlyphPage> parse_stext(std::string_view xml) {
  std::vector<GlyphPage> pages;
  std::string font;
  double size = 0;
  std::size_t at = 0;
  while ((at = xml.find('<', at)) != std::string_view::npos) {
    const std::size_t close = xml.find('>', at);
    if (close == std::string_view::npos) break;
    const std::string_view tag = xml.substr(at + 1, close - at - 1);
    const std::string_view name = tag.substr(0, tag.find_first_of(" \t\n/"));
    at = close + 1;
    if (name == "page") {
      pages.push_back({number(tag, "width"), number(tag, "height"), {}});
    } else if (name == "line" && !pages.empty()) {
      pages.back().lines.emplace_back();
    } else if (name == "font") {
      font = attribute(tag, "name");
      size = number(tag, "size");
    } else if (name == "char" && !pages.empty() && !pages.back().lines.empty()) {
      pages.back().lines.back().glyphs.push_back(
          {attribute(tag, "c"), font, size, number(tag, "x"), number(tag, "y"), quad_bounds(attribute(tag, "quad"))});
    }
  }
  return pages;
}

bool is_space(std::string_view c) {
  static const std::set<std::string_view> spaces = {
      " ", "\t", "\u00A0", "\u2000", "\u2001", "\u2002", "\u2003", "\u2004", "\u2005", "\u2006",
      "\u2007", "\u2008", "\u2009", "\u200A", "\u202F", "\u205F", "\u3000"};
  return spaces.count(c) > 0;
}

Line words_of(const GlyphLine& line) {
  Line out;
  bool open = false;  // the last word takes the next glyph
  for (const Glyph& g : line.glyphs) {
    if (is_space(g.text)) {
      open = false;
      continue;
    }
    if (!open) out.words.push_back({"", g.em_box()});
    open = true;
    out.words.back().text += g.text;
    out.words.back().box = united(out.words.back().box, g.em_box());
  }
  for (std::size_t i = 0; i < out.words.size(); ++i)
    out.box = i == 0 ? out.words[i].box : united(out.box, out.words[i].box);
  return out;
}

Page words_of(const GlyphPage& page) {
  Page out{page.width, page.height, {}};
  for (const auto& line : page.lines) {
    Line words = words_of(line);
    if (!words.words.empty()) out.lines.push_back(std::move(words));
  }
  return out;
}

GlyphBoxes read_glyph_boxes(const std::string& pdf) {
  GlyphBoxes boxes;
  if (run("command -v mutool").status != 0) {
    boxes.error = "mutool is not installed (Debian package mupdf-tools; scripts/setup.sh installs it)";
    return boxes;
  }
  Result r = run("mutool draw -q -F stext -o - " + quoted(pdf));
  if (r.status != 0) {
    boxes.error = "mutool draw -F stext " + pdf + " exited with " + std::to_string(r.status) + ":\n" + r.err;
    return boxes;
  }
  boxes.glyph_pages = parse_stext(r.out);
  for (const auto& page : boxes.glyph_pages) boxes.pages.push_back(words_of(page));
  if (boxes.pages.empty()) boxes.error = "mutool draw -F stext " + pdf + " wrote no page";
  return boxes;
}

std::vector<OutlineEntry> parse_qpdf_outlines(std::string_view json) {
  Json root;
  if (!parse_json(json, root)) return {};
  std::vector<OutlineEntry> out;
  if (const Json* outlines = root.get("outlines")) collect_outline(*outlines, 0, out);
  return out;
}

std::vector<OutlineEntry> read_outline(const std::string& pdf) {
  Result r = run("qpdf --json --json-key=outlines " + quoted(pdf));
  if (r.status != 0) return {};
  return parse_qpdf_outlines(r.out);
}

std::vector<std::vector<RunStart>> parse_run_starts(std::string_view qdf, const std::vector<double>& page_heights) {
  std::vector<std::vector<RunStart>> pages(page_heights.size());
  static const std::string_view marker = "%% Contents for page ";
  for (std::size_t at = qdf.find(marker); at != std::string_view::npos;) {
    const std::size_t number = at + marker.size();
    const long page = std::strtol(std::string(qdf.substr(number, 12)).c_str(), nullptr, 10);
    at = qdf.find(marker, number);
    // The stream after the comment, up to its end (the fonts' bytes after it are no content).
    const std::size_t end = qdf.find("endstream", number);
    const std::string_view content = qdf.substr(number, end == std::string_view::npos ? end : end - number);
    if (page < 1 || static_cast<std::size_t>(page) > pages.size()) continue;
    // "a b c d e f Tm": the six numbers before each Tm operator, e and f the origin.
    for (std::size_t tm = content.find(" Tm"); tm != std::string_view::npos; tm = content.find(" Tm", tm + 3)) {
      if (tm + 3 < content.size() && content[tm + 3] != '\n' && content[tm + 3] != '\r' && content[tm + 3] != ' ') continue;
      const std::size_t line = content.rfind('\n', tm);
      std::istringstream operands(std::string(content.substr(line == std::string_view::npos ? 0 : line + 1,
                                                             tm - (line == std::string_view::npos ? 0 : line + 1))));
      double m[6] = {};
      bool read = true;
      for (double& v : m) read = read && static_cast<bool>(operands >> v);
      if (read) pages[static_cast<std::size_t>(page) - 1].push_back({m[4], page_heights[static_cast<std::size_t>(page) - 1] - m[5]});
    }
  }
  return pages;
}

std::vector<std::vector<RunStart>> read_run_starts(const std::string& pdf, const std::vector<double>& page_heights) {
  Result r = run("qpdf --qdf --object-streams=disable " + quoted(pdf) + " -");
  if (r.status != 0 && r.status != 3) return {};  // 3: warnings only
  return parse_run_starts(r.out, page_heights);
}

int page_count(const std::string& pdf) {
  Result r = run("pdfinfo " + quoted(pdf));
  std::smatch m;
  if (r.status != 0 || !std::regex_search(r.out, m, std::regex(R"(Pages:\s+(\d+))"))) return 0;
  return std::stoi(m[1]);
}


// ---- a theme's declared frame, and reading text as a theme sets it -----

std::vector<std::string> listed_themes() {
  Result r = run(cvpdf() + " themes");
  if (r.status != 0 || r.out.find_first_not_of(" \n") == std::string::npos) r = run(cvpdf() + " --list-layouts");
  std::vector<std::string> names;
  std::istringstream in(r.out);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string first;
    if (!(words >> first) || first.back() == ':') continue;
    const bool plain = std::all_of(first.begin(), first.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
    if (plain && std::find(names.begin(), names.end(), first) == names.end()) names.push_back(first);
  }
  return names;
}


namespace {

const compose::BuiltinLayout* builtin(const std::string& name) {
  for (const auto& l : compose::builtin_layouts())
    if (l.name == name) return &l;
  return nullptr;
}

}  // namespace

std::optional<theme::Style> theme_style(const std::string& name, const model::Resume& resume,
                                        const std::string& language, std::string& why) {
  Diagnostics diags;
  const auto* classic = builtin("classic");
  const auto* theme = builtin(name);
  if (!classic || !theme) {
    why = "'" + name + "' is not a built-in layout of this build";
    return std::nullopt;
  }
  theme::StyleLayers layers;
  std::vector<const compose::BuiltinLayout*> stack = {classic};
  if (theme != classic) stack.push_back(theme);
  for (const auto* layout : stack) {
    const std::string origin = "<built-in layout " + std::string(layout->name) + ">";
    auto map = theme::load_style(layout->text(), origin, diags);
    if (!map) {
      why = origin + " does not load";
      return std::nullopt;
    }
    layers.push({origin, "", std::move(*map)});
  }
  layers.push({resume.source_path + " (style:)", resume.base_directory, resume.style});
  theme::Style style = theme::resolve_style(layers, language, diags);
  if (diags.has_errors()) {
    const auto& all = diags.all();
    why = "the theme's style does not resolve: " +
          std::find_if(all.begin(), all.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; })->message;
    return std::nullopt;
  }
  return style;
}


theme::Style as_rendered(const theme::Style& style, const std::string& verbose_err) {
  const std::string said = "set again at fit setting ";
  const auto at = verbose_err.find(said);
  return at == std::string::npos ? style : compose::fitted_style(style, std::stod(verbose_err.substr(at + said.size())));
}

Box text_area(const theme::Style& style, const Page& page) {
  return {to_pt(style.margin_left), to_pt(style.margin_top), page.width - to_pt(style.margin_right),
          page.height - to_pt(style.margin_bottom)};
}

bool in_sidebar(const theme::Style& style, const Box& box, const Page& page) {
  const Box area = text_area(style, page);
  const double width = style.sidebar_width * (area.x1 - area.x0);
  const double centre = (box.x0 + box.x1) / 2;
  return (style.sidebar_side == theme::SidebarSide::Left && centre < area.x0 + width) ||
         (style.sidebar_side == theme::SidebarSide::Right && centre > area.x1 - width);
}

Box allowed_area(const theme::Style& style, const Box& ink, const Page& page, bool footer) {
  Box allowed = text_area(style, page);
  if (style.sidebar_side != theme::SidebarSide::None && in_sidebar(style, ink, page)) {
    const double padding = to_pt(style.sidebar_padding);
    if (style.sidebar_side == theme::SidebarSide::Left)
      allowed.x0 -= padding;
    else
      allowed.x1 += padding;
    allowed.y0 -= padding;
    allowed.y1 += padding;
  }
  if (footer) allowed.y1 = page.height;
  return allowed;
}

namespace {
bool closes(char32_t c) {  // full-width marks drawn in the first half of their em
  return c == 0x3001 || c == 0x3002 || (c >= 0x3009 && c <= 0x3011 && c % 2 == 1) || c == 0x3015 ||
         c == 0xFF09 || c == 0xFF0C || c == 0xFF0E || c == 0xFF1A || c == 0xFF1B || c == 0xFF01 || c == 0xFF1F ||
         c == 0xFF3D || c == 0xFF5D;
}
bool opens(char32_t c) {  // … and in the second half
  return (c >= 0x3008 && c <= 0x3010 && c % 2 == 0) || c == 0x3014 || c == 0xFF08 || c == 0xFF3B || c == 0xFF5B;
}

}  // namespace

std::vector<char32_t> code_points(const std::string& s) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    char32_t cp = extra == 0 ? c : c & (0x3F >> extra);
    for (int k = 1; k <= extra && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += 1 + extra;
  }
  return out;
}

bool is_wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

Box drawn(const Word& w) {
  const auto cps = code_points(w.text);
  Box box = w.box;
  if (cps.empty()) return box;
  if (closes(cps.back())) box.x1 -= box.height() / 2;
  if (opens(cps.front())) box.x0 += box.height() / 2;
  return box;
}

std::string folded(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r') continue;
    if (s.compare(i, 3, "\u2018") == 0 || s.compare(i, 3, "\u2019") == 0) {
      out += '\'';
      i += 2;
      continue;
    }
    if (s.compare(i, 3, "\u201C") == 0 || s.compare(i, 3, "\u201D") == 0) {
      out += '"';
      i += 2;
      continue;
    }
    out += static_cast<char>(c);
  }
  // Headings are set in capitals by ICU (text/case_mapping.hpp), any letter.
  return text::fold_case(out);
}

bool is_footer(const Line& line, int page_number, double text_bottom) {
  if (line.box.y1 <= text_bottom + kMargin) return false;
  const std::string number = std::to_string(page_number);
  for (const auto& w : line.words) {
    for (std::size_t at = 0; (at = w.text.find(number, at)) != std::string::npos; at += number.size()) {
      const bool before = at == 0 || !std::isdigit(static_cast<unsigned char>(w.text[at - 1]));
      const std::size_t end = at + number.size();
      const bool after = end == w.text.size() || !std::isdigit(static_cast<unsigned char>(w.text[end]));
      if (before && after) return true;
    }
  }
  return false;
}

std::string points(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", value);
  return buffer;
}


}  // namespace cvpdf::test
