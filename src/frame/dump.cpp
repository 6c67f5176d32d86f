// The frame dump (see dump.hpp): formatting only, no layout knowledge.
#include "frame/dump.hpp"

#include <cmath>
#include <cstdint>
#include <iterator>

#include <fmt/format.h>

namespace cvpdf::frame {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7F) {
      fmt::format_to(std::back_inserter(out), "\\u{{{:x}}}", c);
    } else if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xAD) {
      out += "\\u{ad}";  // the invisible soft hyphen of a hyphenated line
      ++i;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string hex(const Color& c) {
  auto channel = [](double v) {
    long n = std::lround(v * 255);
    return static_cast<unsigned>(n < 0 ? 0 : n > 255 ? 255 : n);
  };
  return fmt::format("#{:02x}{:02x}{:02x}", channel(c.r), channel(c.g), channel(c.b));
}

std::string face_name(const text::FontBook& book, text::FaceId id) {
  if (id == text::kNoFace || id >= book.size()) return "\"?\" regular";
  const text::Face& face = book.face(id);
  const bool bold = face.weight == text::Weight::Bold;
  const bool italic = face.slant == text::Slant::Italic;
  const char* style = bold && italic ? "bold-italic" : bold ? "bold" : italic ? "italic" : "regular";
  return quoted(face.family) + " " + style;
}

std::string box(Scaled x, Scaled y, Scaled width, Scaled height) {
  return fmt::format("{} {} {} {}", points(x), points(y), points(width), points(height));
}

}  // namespace

std::string points(Scaled length) {
  const bool negative = length < 0;
  const std::uint64_t magnitude = negative ? 0 - static_cast<std::uint64_t>(length) : static_cast<std::uint64_t>(length);
  const std::uint64_t hundredths = (magnitude * 100 + kScaledPerPoint / 2) / kScaledPerPoint;
  return fmt::format("{}{}.{:02}", negative && hundredths != 0 ? "-" : "", hundredths / 100, hundredths % 100);
}

std::string dump(const Document& document, const text::FontBook& book) {
  std::string out;
  auto line = std::back_inserter(out);
  fmt::format_to(line, "document {} lang {} pages {}\n", quoted(document.metadata.title),
                 quoted(document.metadata.language), document.pages.size());
  for (std::size_t p = 0; p < document.pages.size(); ++p) {
    const Page& page = document.pages[p];
    fmt::format_to(line, "page {} {} x {}\n", p + 1, points(page.width), points(page.height));
    for (const Element& element : page.elements) {
      if (const auto* run = std::get_if<GlyphRun>(&element)) {
        std::string text;
        for (const auto& g : run->glyphs) text += g.text;
        fmt::format_to(line, "  run {} {} w {} {} {}{} {} {}\n", points(run->x), points(run->y), points(run->width()),
                       face_name(book, run->face), points(run->size),
                       run->expansion != 0 ? fmt::format(" x{:+}", run->expansion) : std::string(), hex(run->color),
                       quoted(text));
      } else if (const auto* rule = std::get_if<Rule>(&element)) {
        fmt::format_to(line, "  rule {} {}\n", box(rule->x, rule->y, rule->width, rule->height), hex(rule->color));
      } else if (const auto* link = std::get_if<LinkArea>(&element)) {
        fmt::format_to(line, "  link {} {}\n", box(link->x, link->y, link->width, link->height), quoted(link->uri));
      } else if (const auto* image = std::get_if<Image>(&element)) {
        fmt::format_to(line, "  image {} {}\n", box(image->x, image->y, image->width, image->height),
                       quoted(image->path));
      }
    }
    for (const Bookmark& b : document.bookmarks)
      if (b.page == p) fmt::format_to(line, "  bookmark {} {} y {}\n", b.level, quoted(b.title), points(b.y));
  }
  // Bookmarks whose page does not exist would be dropped from the PDF: show them.
  for (const Bookmark& b : document.bookmarks)
    if (b.page >= document.pages.size())
      fmt::format_to(line, "bookmark {} {} on missing page {}\n", b.level, quoted(b.title), b.page + 1);
  return out;
}

}  // namespace cvpdf::frame
