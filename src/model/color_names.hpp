// Colours as a theme writes them: a CSS colour name (red, darkslategray,
// rebeccapurple: all 148 of CSS Color 4, case ignored), "#rgb", "#rrggbb",
// or those hex digits without the '#' (`accent: c00`), which YAML reads
// as text where an unquoted `#c00` would begin a comment.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/color.hpp"

namespace cvpdf::model {

struct NamedColor {
  const char* name;
  std::uint32_t rgb;  // 0xrrggbb
};

std::span<const NamedColor> css_color_names();

// The colour `text` names, or nullopt.
std::optional<Color> parse_color(std::string_view text);

// The hex form's pattern, for the JSON Schema: "^#?([0-9a-fA-F]{3}){1,2}$".
inline constexpr const char* kHexColorPattern = "^#?([0-9a-fA-F]{3}){1,2}$";

}  // namespace cvpdf::model
