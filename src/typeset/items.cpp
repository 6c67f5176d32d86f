// Badness (tex.web §108).
#include "typeset/items.hpp"

namespace cvpdf::typeset {

int badness(Scaled t, Scaled s) {
  if (t == 0) return 0;
  if (s <= 0) return 10000;  // "infinitely bad"
  // tex.web computes r = t / (s / 297) and r^3 / 2^18 ≈ 100 (t/s)^3, in integers.
  Scaled r;
  if (t <= 7230584) {
    r = (t * 297) / s;
  } else if (s >= 1663497) {
    r = t / (s / 297);
  } else {
    r = t;
  }
  if (r > 1290) return 10000;
  return static_cast<int>((r * r * r + 0x20000) / 0x40000);
}

}  // namespace cvpdf::typeset
