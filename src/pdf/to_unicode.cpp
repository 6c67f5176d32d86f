// The ToUnicode CMap writer (see to_unicode.hpp).
#include "pdf/to_unicode.hpp"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "core/utf8.hpp"
#include "pdf/format.hpp"

namespace cvpdf::pdf {

namespace {

struct Range {
  std::uint16_t first = 0, last = 0;
  std::string destination;  // UTF-16BE hex of `first`'s text
};

// One BMP character that is not a surrogate: the only destinations a
// bfrange may count up from.
bool single_unit(const std::string& hex) { return hex.size() == 4; }

unsigned low_byte(const std::string& hex) { return static_cast<unsigned>(std::stoul(hex.substr(2, 2), nullptr, 16)); }

void write_blocks(std::string& out, const std::vector<std::string>& lines, const char* begin, const char* end) {
  for (std::size_t i = 0; i < lines.size(); i += 100) {
    const std::size_t n = std::min<std::size_t>(100, lines.size() - i);
    fmt::format_to(std::back_inserter(out), "{} {}\n", n, begin);
    for (std::size_t j = i; j < i + n; ++j) out += lines[j];
    out += end;
    out += '\n';
  }
}

}  // namespace

std::string to_unicode_text(std::string_view text) {
  std::size_t units = 0, pos = 0;
  std::size_t word_end = 0;  // before the last space kept, 0: none
  while (pos < text.size()) {
    std::size_t next = pos;
    const char32_t cp = utf8::decode(text, next);
    units += cp >= 0x10000 && cp <= 0x10FFFF ? 2 : 1;
    // The first character always stays: every glyph maps to some text.
    if (units > kToUnicodeUnits && pos > 0) {
      // Whole words where the cut would split one ("Google Scholar" →
      // "Google", not "Google S").
      if (cp != ' ' && word_end > 0) pos = word_end;
      break;
    }
    if (cp == ' ' && pos > 0) word_end = pos;
    pos = next;
  }
  return std::string(text.substr(0, pos));
}

std::string to_unicode_cmap(const std::map<std::uint16_t, std::string>& unicode) {
  std::vector<Range> ranges;
  for (const auto& [code, text] : unicode) {
    if (text.empty()) continue;
    const std::string hex = utf16be_hex(to_unicode_text(text));
    if (!ranges.empty()) {
      Range& r = ranges.back();
      const unsigned count = static_cast<unsigned>(r.last - r.first) + 1;
      // Extend the range when the code and the character both follow on,
      // without the code's high byte or the destination's low byte wrapping.
      if (code == r.last + 1 && (code >> 8) == (r.first >> 8) && single_unit(hex) && single_unit(r.destination) &&
          hex.substr(0, 2) == r.destination.substr(0, 2) && low_byte(hex) == low_byte(r.destination) + count) {
        r.last = code;
        continue;
      }
    }
    ranges.push_back({code, code, hex});
  }

  std::vector<std::string> chars, spans;
  for (const auto& r : ranges) {
    if (r.first == r.last)
      chars.push_back(fmt::format(FMT_COMPILE("<{:04X}> <{}>\n"), r.first, r.destination));
    else
      spans.push_back(fmt::format(FMT_COMPILE("<{:04X}> <{:04X}> <{}>\n"), r.first, r.last, r.destination));
  }

  std::string out =
      "/CIDInit /ProcSet findresource begin\n"
      "12 dict begin\n"
      "begincmap\n"
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
      "/CMapName /Adobe-Identity-UCS def\n"
      "/CMapType 2 def\n"
      "1 begincodespacerange\n"
      "<0000> <FFFF>\n"
      "endcodespacerange\n";
  write_blocks(out, chars, "beginbfchar", "endbfchar");
  write_blocks(out, spans, "beginbfrange", "endbfrange");
  out +=
      "endcmap\n"
      "CMapName currentdict /CMap defineresource pop\n"
      "end\n"
      "end\n";
  return out;
}

}  // namespace cvpdf::pdf
