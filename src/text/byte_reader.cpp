// printable_tag (see byte_reader.hpp); the reads themselves are inline.
#include "text/byte_reader.hpp"

namespace cvpdf::text {

std::string printable_tag(std::string_view tag) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : tag) {
    const auto u = static_cast<unsigned char>(c);
    // The backslash is escaped too, so "\x00" in a message is never a real tag.
    if (u >= 0x20 && u < 0x7F && u != '\\') {
      out += c;
    } else {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 0xF];
    }
  }
  return out;
}

}  // namespace cvpdf::text
