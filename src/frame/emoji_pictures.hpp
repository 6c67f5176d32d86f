// Where a glyph run's colour emoji pictures go: the clusters of the run
// that the installed colour emoji face has a picture for (text/colour_emoji.hpp),
// and each picture's box on the page. The PDF and preview painters both
// draw from this, so the two place a picture alike.
#pragma once
#include <cstddef>
#include <vector>

#include "frame/frame.hpp"
#include "text/colour_emoji.hpp"

namespace cvpdf::frame {

struct EmojiPicture {
  std::size_t first = 0, count = 0;  // the cluster's glyphs in the run
  const text::ColourGlyph* glyph = nullptr;
  Scaled x = 0, y = 0, width = 0, height = 0;  // top-left, in page sp
};

// Whether a glyph of `run` may stand for a colour emoji (its cluster, or
// the start of one): only then need the colour face be looked for.
bool may_want_colour(const GlyphRun& run);

// Nothing when `colour` is null.
std::vector<EmojiPicture> emoji_pictures(const GlyphRun& run, const text::ColourEmoji* colour);

}  // namespace cvpdf::frame
