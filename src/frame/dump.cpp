// The frame dump (see dump.hpp): formatting only, no layout knowledge.
#include "frame/dump.hpp"

#include <cstdint>
#include <cstdio>
#include <cmath>
#include <cstdlib>

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
      char buf[12];
      std::snprintf(buf, sizeof buf, "\\u{%x}", static_cast<unsigned>(c));
      out += buf;
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
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", channel(c.r), channel(c.g), channel(c.b));
  return buf;
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
  return points(x) + " " + points(y) + " " + points(width) + " " + points(height);
}

}  // namespace

std::string points(Scaled length) {
  const bool negative = length < 0;
  const std::uint64_t magnitude = negative ? 0 - static_cast<std::uint64_t>(length) : static_cast<std::uint64_t>(length);
  const std::uint64_t hundredths = (magnitude * 100 + kScaledPerPoint / 2) / kScaledPerPoint;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s%llu.%02llu", negative && hundredths != 0 ? "-" : "",
                static_cast<unsigned long long>(hundredths / 100), static_cast<unsigned long long>(hundredths % 100));
  return buf;
}

std::string dump(const Document& document, const text::FontBook& book) {
  std::string out = "document " + quoted(document.metadata.title) + " lang " + quoted(document.metadata.language) +
                    " pages " + std::to_string(document.pages.size()) + "\n";
  for (std::size_t p = 0; p < document.pages.size(); ++p) {
    const Page& page = document.pages[p];
    out += "page " + std::to_string(p + 1) + " " + points(page.width) + " x " + points(page.height) + "\n";
    for (const Element& element : page.elements) {
      if (const auto* run = std::get_if<GlyphRun>(&element)) {
        std::string text;
        for (const auto& g : run->glyphs) text += g.text;
        out += "  run " + points(run->x) + " " + points(run->y) + " w " + points(run->width()) + " " +
               face_name(book, run->face) + " " + points(run->size) + " " + hex(run->color) + " " + quoted(text) + "\n";
      } else if (const auto* rule = std::get_if<Rule>(&element)) {
        out += "  rule " + box(rule->x, rule->y, rule->width, rule->height) + " " + hex(rule->color) + "\n";
      } else if (const auto* link = std::get_if<LinkArea>(&element)) {
        out += "  link " + box(link->x, link->y, link->width, link->height) + " " + quoted(link->uri) + "\n";
      } else if (const auto* image = std::get_if<Image>(&element)) {
        out += "  image " + box(image->x, image->y, image->width, image->height) + " " + quoted(image->path) + "\n";
      }
    }
    for (const Bookmark& b : document.bookmarks)
      if (b.page == p)
        out += "  bookmark " + std::to_string(b.level) + " " + quoted(b.title) + " y " + points(b.y) + "\n";
  }
  // Bookmarks whose page does not exist would be dropped from the PDF: show them.
  for (const Bookmark& b : document.bookmarks)
    if (b.page >= document.pages.size())
      out += "bookmark " + std::to_string(b.level) + " " + quoted(b.title) + " on missing page " +
             std::to_string(b.page + 1) + "\n";
  return out;
}

}  // namespace cvpdf::frame
