// Which Glyph::reads_as spans of a page the painter may write as /ActualText.
// A span is a marked-content sequence, so it must nest properly inside the
// page's other sequences and text objects: it may run on into the following
// glyph runs only while nothing else is painted between them and (on a
// tagged page) they belong to the same structure node. A span that cannot
// be kept inside one such stretch, that has no end, or that would hold the
// start of another is dropped — its glyphs extract as their own text,
// which is less than asked but never a broken file.
#pragma once
#include <cstddef>
#include <set>
#include <utility>

#include "frame/frame.hpp"

namespace cvpdf::pdf {

// A glyph's position on a page: (element index, glyph index).
using GlyphPosition = std::pair<std::size_t, std::size_t>;

struct ExtractionSpans {
  std::set<GlyphPosition> starts;  // the glyph holding reads_as
  std::set<GlyphPosition> ends;    // the glyph closing the same span
};

// True when the element puts marks on the page (the painter skips the rest).
bool paints(const frame::Element& element);

// `tagged`: the page's marked content follows Tag::node, so a span must not
// cross a change of node.
ExtractionSpans plan_extraction_spans(const frame::Page& page, bool tagged);

}  // namespace cvpdf::pdf
