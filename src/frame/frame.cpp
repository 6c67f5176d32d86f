// Frame helpers.
#include "frame/frame.hpp"

namespace cvpdf::frame {

Scaled GlyphRun::width() const {
  Scaled w = 0;
  for (const auto& g : glyphs) w += g.advance;
  return w;
}

}  // namespace cvpdf::frame
