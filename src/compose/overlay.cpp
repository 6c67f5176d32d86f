// The debug overlay (see overlay.hpp): boxes as four hairlines, baselines
// as one, the frame of each column (the text area, or the main column and
// the sidebar) in another colour.
#include "compose/overlay.hpp"

#include <algorithm>

namespace cvpdf::compose {

namespace {

void outline(frame::Page& page, Scaled x, Scaled y, Scaled width, Scaled height, const frame::Color& color) {
  const Scaled h = kOverlayHairline;
  page.elements.push_back(frame::Rule{x, y, width, h, color});               // top
  page.elements.push_back(frame::Rule{x, y + height - h, width, h, color});  // bottom
  page.elements.push_back(frame::Rule{x, y, h, height, color});              // left
  page.elements.push_back(frame::Rule{x + width - h, y, h, height, color});  // right
}

}  // namespace

void add_debug_overlay(frame::Document& doc, const std::vector<PlacedBlock>& blocks,
                       const std::vector<ColumnFrame>& columns) {
  for (auto& page : doc.pages) {
    for (const auto& column : columns)
      outline(page, column.x, column.top, column.width, column.height, kOverlayMarginColor);
  }
  for (const auto& block : blocks) {
    if (block.page >= doc.pages.size()) continue;
    frame::Page& page = doc.pages[block.page];
    const Scaled width = std::max(block.right - block.left, kOverlayHairline);
    outline(page, block.left, block.top, width, std::max(block.bottom - block.top, kOverlayHairline), kOverlayBoxColor);
    // Baselines across the block's column: they show the grid lines fall on.
    for (Scaled baseline : block.baselines)
      page.elements.push_back(frame::Rule{block.column_left, baseline - kOverlayHairline / 2, block.column_width,
                                          kOverlayHairline, kOverlayBaselineColor});
  }
}

void add_debug_overlay(frame::Document& doc, const std::vector<PlacedBlock>& blocks, const theme::Style& style) {
  add_debug_overlay(doc, blocks, std::vector<ColumnFrame>{text_area(style)});
}

}  // namespace cvpdf::compose
