// An RGB colour as plain data: the style (model/) names colours and the
// frames (frame/) carry them, so the one type lives below both.
#pragma once

namespace cvpdf {

struct Color {
  double r = 0, g = 0, b = 0;  // 0..1
  bool operator==(const Color&) const = default;
};

}  // namespace cvpdf
