// The debug overlay of --debug-layout: light rules drawn over the pages
// that show where the composer put things — the text area inside the
// margins (or each column's, beside a sidebar), each block's box (its strut from top to bottom, as wide as what
// it draws) and each line's baseline. It only adds frame::Rule elements, so
// the PDF backend needs to know nothing about it.
#pragma once
#include <vector>

#include "compose/galley.hpp"
#include "frame/frame.hpp"
#include "model/language_tags.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose {

// Hairline width and colours of the overlay (light, so the text stays legible).
inline constexpr Scaled kOverlayHairline = 16384;  // 0.25pt
inline const frame::Color kOverlayBoxColor{0.55, 0.75, 1.0};
inline const frame::Color kOverlayBaselineColor{1.0, 0.6, 0.6};
inline const frame::Color kOverlayMarginColor{0.6, 0.9, 0.6};

// Appends the overlay to the pages of `doc` (drawn after, so over, the
// content). `blocks` is what paginate recorded; `columns` the frames the
// galleys were set into, outlined on every page.
void add_debug_overlay(frame::Document& doc, const std::vector<PlacedBlock>& blocks,
                       const std::vector<ColumnFrame>& columns);
// The same for the one column of the text area.
void add_debug_overlay(frame::Document& doc, const std::vector<PlacedBlock>& blocks, const theme::Style& style);

}  // namespace cvpdf::compose
