// The output name templater (see output_template.hpp).
#include "app/output_template.hpp"

namespace cvpdf::app {

std::string expand_template(const std::string& pattern,
                            const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out;
  std::size_t at = 0;
  while (at < pattern.size()) {
    bool replaced = false;
    if (pattern[at] == '{') {
      for (const auto& [key, value] : values) {
        const std::string braced = "{" + key + "}";
        if (pattern.compare(at, braced.size(), braced) == 0) {
          out += value;
          at += braced.size();
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) out += pattern[at++];
  }
  return out;
}

}  // namespace cvpdf::app
