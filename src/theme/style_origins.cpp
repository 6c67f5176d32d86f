// Style::origin (see style.hpp): a member's row found by its address among
// the rows' targets, so the question is asked of the value, not of a key
// spelled again outside the table.
#include <type_traits>
#include <variant>

#include "theme/style.hpp"
#include "theme/style_fields.hpp"

namespace cvpdf::theme {

const FieldOrigin& Style::origin_at(const void* member) const {
  static const FieldOrigin kUnknown{};
  // The accessors take a Style& (the reader writes through them); only the
  // addresses they give are read here.
  Style& self = const_cast<Style&>(*this);
  const auto rows = style_fields();
  for (std::size_t i = 0; i < rows.size() && i < origins.size(); ++i) {
    const void* address = std::visit(
        [&](auto access) -> const void* {
          using Target = decltype(access);
          if constexpr (std::is_same_v<Target, std::monostate>) {
            return nullptr;
          } else if constexpr (std::is_same_v<Target, ChoiceTarget>) {
            return access.address(*this);
          } else {
            return &access(self);
          }
        },
        rows[i].target);
    if (address == member) return origins[i];
  }
  return kUnknown;
}

}  // namespace cvpdf::theme
