// Lengths. Everything that is laid out is measured in scaled points (sp),
// TeX's unit: 1 pt = 65536 sp. Integer arithmetic keeps line breaks, page
// breaks and golden dumps identical on every machine.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>

namespace cvpdf {

using Scaled = std::int64_t;  // scaled points

inline constexpr Scaled kScaledPerPoint = 65536;
inline constexpr Scaled kMaxScaled = std::numeric_limits<Scaled>::max() / 4;

constexpr Scaled pt(double points) {
  return static_cast<Scaled>(points * kScaledPerPoint + (points >= 0 ? 0.5 : -0.5));
}
constexpr double to_pt(Scaled s) { return static_cast<double>(s) / kScaledPerPoint; }

// Conversions to points for the units a layout may use.
inline constexpr double kPointsPerInch = 72.0;
inline constexpr double kPointsPerMillimetre = 72.0 / 25.4;

}  // namespace cvpdf
