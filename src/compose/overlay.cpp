// The debug overlay (see overlay.hpp): boxes as four hairlines, baselines
// as one, the text area's frame in another colour.
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

void add_debug_overlay(frame::Document& doc, const std::vector<PlacedBlock>& blocks, const Style& style) {
  for (auto& page : doc.pages) {
    outline(page, style.margin_left, style.margin_top, style.content_width(),
            style.page_height - style.margin_top - style.margin_bottom, kOverlayMarginColor);
  }
  for (const auto& block : blocks) {
    if (block.page >= doc.pages.size()) continue;
    frame::Page& page = doc.pages[block.page];
    const Scaled width = std::max(block.right - block.left, kOverlayHairline);
    outline(page, block.left, block.top, width, std::max(block.bottom - block.top, kOverlayHairline), kOverlayBoxColor);
    // Baselines across the text area: they show the grid lines fall on.
    for (Scaled baseline : block.baselines)
      page.elements.push_back(
          frame::Rule{style.margin_left, baseline - kOverlayHairline / 2, style.content_width(), kOverlayHairline,
                      kOverlayBaselineColor});
  }
}

}  // namespace cvpdf::compose
