// Planning the reads_as spans (see extraction_spans.hpp): a look-ahead from
// each glyph with reads_as to the glyph with reads_as_end, before anything
// is painted, because a BDC cannot be taken back once written.
#include "pdf/extraction_spans.hpp"

#include <optional>
#include <variant>

namespace cvpdf::pdf {

bool paints(const frame::Element& element) {
  if (const auto* run = std::get_if<frame::GlyphRun>(&element)) return !run->glyphs.empty() && run->size > 0;
  if (const auto* rule = std::get_if<frame::Rule>(&element)) return rule->width > 0 && rule->height > 0;
  if (const auto* image = std::get_if<frame::Image>(&element)) return image->width > 0 && image->height > 0;
  return false;  // a LinkArea is an annotation, not a mark
}

namespace {

// The end of the span starting at `start`, or nothing when it cannot be
// written whole.
std::optional<GlyphPosition> span_end(const frame::Page& page, GlyphPosition start, bool tagged) {
  const auto& first = std::get<frame::GlyphRun>(page.elements[start.first]);
  for (std::size_t e = start.first; e < page.elements.size(); ++e) {
    const frame::Element& element = page.elements[e];
    if (!paints(element)) continue;
    const auto* run = std::get_if<frame::GlyphRun>(&element);
    if (!run) return std::nullopt;  // a rule or image would sit inside the span
    if (tagged && run->tag.node != first.tag.node) return std::nullopt;  // would straddle two tagged sequences
    for (std::size_t g = e == start.first ? start.second : 0; g < run->glyphs.size(); ++g) {
      const frame::Glyph& glyph = run->glyphs[g];
      if (glyph.reads_as && GlyphPosition{e, g} != start) return std::nullopt;  // spans never nest
      if (glyph.reads_as_end) return GlyphPosition{e, g};
    }
  }
  return std::nullopt;
}

}  // namespace

ExtractionSpans plan_extraction_spans(const frame::Page& page, bool tagged) {
  ExtractionSpans spans;
  for (std::size_t e = 0; e < page.elements.size(); ++e) {
    if (!paints(page.elements[e])) continue;
    const auto* run = std::get_if<frame::GlyphRun>(&page.elements[e]);
    if (!run) continue;
    for (std::size_t g = 0; g < run->glyphs.size(); ++g) {
      if (!run->glyphs[g].reads_as) continue;
      const auto end = span_end(page, {e, g}, tagged);
      if (!end) continue;
      spans.starts.insert({e, g});
      spans.ends.insert(*end);
      // Resume after the span: a later start inside it was what made an
      // earlier candidate fail, so none lies between.
      if (end->first != e) {
        e = end->first;
        run = &std::get<frame::GlyphRun>(page.elements[e]);
      }
      g = end->second;
    }
  }
  return spans;
}

}  // namespace cvpdf::pdf
