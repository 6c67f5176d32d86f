// Owns the flip of a right-to-left document's pages (mirror.hpp).
#include "compose/mirror.hpp"

#include <type_traits>

namespace cvpdf::compose {

void mirror_pages(std::vector<frame::Page>& pages) {
  for (auto& page : pages) {
    for (auto& e : page.elements) {
      std::visit([&](auto& el) {
        using T = std::decay_t<decltype(el)>;
        if constexpr (std::is_same_v<T, frame::GlyphRun>) el.x = page.width - el.x - el.width();
        else el.x = page.width - el.x - el.width;
      }, e);
    }
  }
}

}  // namespace cvpdf::compose
