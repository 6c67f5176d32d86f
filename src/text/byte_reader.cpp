// printable_tag (see byte_reader.hpp); the reads themselves are inline.
#include "text/byte_reader.hpp"

#include <iterator>

#include <fmt/format.h>

namespace cvpdf::text {

std::string printable_tag(std::string_view tag) {
  std::string out;
  for (char c : tag) {
    const auto u = static_cast<unsigned char>(c);
    // The backslash is escaped too, so "\x00" in a message is never a real tag.
    if (u >= 0x20 && u < 0x7F && u != '\\') {
      out += c;
    } else {
      fmt::format_to(std::back_inserter(out), "\\x{:02X}", u);
    }
  }
  return out;
}

}  // namespace cvpdf::text
