// Previews: the composed pages (frame::Document) drawn with cairo, page by
// page, as PNG images or SVG files — the second back end beside src/pdf,
// for a résumé's picture on a web site or in a README. Drawn from the same
// frames and the same font files as the PDF, so they look as it does; they
// carry no text layer, links or structure (that is what the PDF is for).
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "frame/frame.hpp"
#include "text/font_book.hpp"

namespace cvpdf::raster {

// --dpi's default and range. 96 is the CSS pixel: an A4 page is 794 × 1123
// pixels, a readable preview at its natural size on a screen.
inline constexpr int kDefaultDpi = 96;
inline constexpr int kMinDpi = 10;
inline constexpr int kMaxDpi = 1200;
// cairo's own limit on an image surface's side.
inline constexpr int kMaxPixels = 32767;

struct PixelSize {
  int width = 0;
  int height = 0;
};

// The image size of a page at `dpi`: its size in points × dpi / 72,
// rounded up (as poppler's pdftoppm does).
PixelSize pixel_size(const frame::Page& page, int dpi);

// Receives each page's file as soon as it is drawn (its index from 0, in
// order); the bytes are freed when it returns, so a caller that sets them
// down holds one page at a time.
using PageSink = std::function<void(std::size_t page, const std::string& file)>;

// Every page, in order, as the bytes of a PNG file: 8-bit RGB on a white
// page, grayscale-antialiased, unhinted outlines. Same bytes for the same
// frames and fonts. Throws FatalError when an image would be over
// kMaxPixels a side or cairo cannot draw it (out of memory).
void pages_png(const frame::Document& doc, const text::FontBook& book, int dpi, const PageSink& each);

// Every page as an SVG file, sized in points as the PDF page is; glyphs
// are outlines (the file needs no fonts), photos embedded as they are.
void pages_svg(const frame::Document& doc, const text::FontBook& book, const PageSink& each);

}  // namespace cvpdf::raster
