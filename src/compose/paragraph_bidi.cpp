// The set stage's last step for text with right-to-left characters: a
// line, set in logical order (the order it was broken in and its
// extraction spans marked in), its glyphs moved to their places in visual
// order by UAX #9's rule L2
// (text/bidi.hpp), and a right-to-left paragraph's line moved to the right
// end of its measure. Lines without bidi never come here.
#include <algorithm>
#include <type_traits>

#include "compose/paragraph_stages.hpp"

namespace cvpdf::compose {

namespace {

// One glyph of the line: its run (an index into the line's elements) and
// its place in that run.
struct Atom {
  std::size_t element = 0;
  std::size_t glyph = 0;
};

bool is_white(const std::string& text) { return text == " " || text == "\u00A0"; }

}  // namespace

void paragraph_detail::reorder_line(SetLine& line, std::vector<std::uint8_t> levels, std::uint8_t base, Scaled measure, bool flush,
                  bool mirrored) {
  std::vector<Atom> atoms;
  for (std::size_t e = 0; e < line.elements.size(); ++e)
    if (const auto* run = std::get_if<frame::GlyphRun>(&line.elements[e]))
      for (std::size_t g = 0; g < run->glyphs.size(); ++g) atoms.push_back({e, g});
  if (atoms.size() != levels.size() || atoms.empty()) return;
  auto glyph = [&](std::size_t a) -> frame::Glyph& {
    return std::get<frame::GlyphRun>(line.elements[atoms[a].element]).glyphs[atoms[a].glyph];
  };
  // L1: white space at the line's end goes to the paragraph level (the
  // space carried to a line's start, of no width, is set there already).
  for (std::size_t a = atoms.size(); a-- > 0 && is_white(glyph(a).text);) levels[a] = base;
  const bool mixed = base % 2 == 1 || std::any_of(levels.begin(), levels.end(), [](std::uint8_t l) { return l % 2 == 1; });
  if (!mixed) return;

  // An extraction span reads its glyphs' texts as one in the order drawn:
  // one that a right-to-left glyph is part of would read backwards.
  for (std::size_t a = 0; a < atoms.size(); ++a) {
    if (!glyph(a).reads_as) continue;
    std::size_t b = a;
    while (b + 1 < atoms.size() && !glyph(b).reads_as_end) ++b;
    const bool odd = std::any_of(levels.begin() + static_cast<std::ptrdiff_t>(a),
                                 levels.begin() + static_cast<std::ptrdiff_t>(b) + 1,
                                 [](std::uint8_t l) { return l % 2 == 1; });
    if (odd) {
      glyph(a).reads_as = std::nullopt;
      glyph(b).reads_as_end = false;
    }
    a = b;
  }

  // Where each glyph stood in logical order, to move the link areas with them.
  std::vector<Scaled> logical_x(atoms.size());
  {
    std::size_t a = 0;
    for (std::size_t e = 0; e < line.elements.size(); ++e) {
      const auto* run = std::get_if<frame::GlyphRun>(&line.elements[e]);
      if (!run) continue;
      Scaled x = run->x;
      for (const auto& g : run->glyphs) {
        logical_x[a++] = x;
        x += g.advance;
      }
    }
  }
  std::vector<Scaled> advance(atoms.size());
  Scaled total = 0;
  for (std::size_t a = 0; a < atoms.size(); ++a) total += advance[a] = glyph(a).advance;
  const Scaled start = line.elements.empty() ? 0 : std::min<Scaled>(0, logical_x.front());
  const Scaled dx = !mirrored && flush && base % 2 == 1 && total < measure ? measure - total : 0;

  // Where each glyph goes: its place in visual order (rule L2).
  const std::vector<std::size_t> order = text::visual_order(levels);
  std::vector<Scaled> visual_x(atoms.size());
  Scaled x = start + dx;
  for (const std::size_t a : order) {
    visual_x[a] = x;
    x += advance[a];
  }
  // The runs again, drawn in logical order, each glyph where it goes: a
  // run holds the glyphs of one source run that follow each other left to
  // right, so a right-to-left stretch is a run per glyph, drawn leftwards.
  // Readers that take the content's order for the text's (mupdf) then
  // read it in logical order; those that sort by position (poppler) apply
  // the bidi algorithm themselves.
  std::vector<frame::Element> out;
  for (std::size_t a = 0; a < atoms.size(); ++a) {
    const bool follows = a > 0 && atoms[a].element == atoms[a - 1].element &&
                         visual_x[a] == visual_x[a - 1] + advance[a - 1];
    if (!follows) {
      frame::GlyphRun run = std::get<frame::GlyphRun>(line.elements[atoms[a].element]);
      run.glyphs.clear();
      run.x = visual_x[a];
      out.emplace_back(std::move(run));
    }
    std::get<frame::GlyphRun>(out.back()).glyphs.push_back(std::move(glyph(a)));
  }
  // A link area covers its glyphs where they went (their hull: a link that
  // crosses a change of direction is drawn apart but clicks as one).
  for (auto& e : line.elements) {
    if (std::holds_alternative<frame::GlyphRun>(e)) continue;
    if (auto* area = std::get_if<frame::LinkArea>(&e)) {
      Scaled lo = area->x + area->width, hi = area->x;
      for (std::size_t a = 0; a < atoms.size(); ++a) {
        if (logical_x[a] < area->x || logical_x[a] >= area->x + area->width) continue;
        lo = std::min(lo, visual_x[a]);
        hi = std::max(hi, visual_x[a] + advance[a]);
      }
      if (lo < hi) {
        area->x = lo;
        area->width = hi - lo;
      }
    }
    out.push_back(std::move(e));
  }
  line.elements = std::move(out);
  if (dx > 0) line.width = measure;
  // A mirrored page (mirror.hpp) flips every element's box: the runs are
  // laid out flipped within the line now, flush left, so the flip puts
  // them back in visual order, flush right.
  if (mirrored) {
    const Scaled end = start + total;
    for (auto& e : line.elements) {
      std::visit([&](auto& el) {
        using T = std::decay_t<decltype(el)>;
        if constexpr (std::is_same_v<T, frame::GlyphRun>) el.x = start + end - el.x - el.width();
        else el.x = start + end - el.x - el.width;
      }, e);
    }
  }
}

}  // namespace cvpdf::compose
