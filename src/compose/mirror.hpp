// Mirroring a right-to-left document's pages: the composer lays every page
// out as for a left-to-right language, and this one step flips each
// element's box about the page's vertical centre line. Whatever a theme
// puts on one side goes to the other — dates, bullets, labels, the
// sidebar, the header's edges, rules, the footer — with no theme or stage
// knowing. Text survives the flip because its lines were set in mirrored
// order (paragraph_bidi.cpp's reorder_line): a run's glyphs keep their
// order, only where the run stands changes.
#pragma once
#include <vector>

#include "frame/frame.hpp"

namespace cvpdf::compose {

// Each element of the pages at x' = page width − x − its width.
void mirror_pages(std::vector<frame::Page>& pages);

}  // namespace cvpdf::compose
