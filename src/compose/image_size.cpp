// JPEG (SOFn marker) and PNG (IHDR chunk) dimensions.
#include "compose/image_size.hpp"

#include <array>
#include <fstream>
#include <vector>

namespace cvpdf::compose {

namespace {

unsigned be16(const unsigned char* p) { return (p[0] << 8) | p[1]; }
unsigned long be32(const unsigned char* p) {
  return (static_cast<unsigned long>(p[0]) << 24) | (p[1] << 16) | (p[2] << 8) | p[3];
}

// The frame header of a JPEG: the first SOF marker (not DHT C4, JPG C8 or DAC CC).
std::optional<PixelSize> jpeg_size(const std::vector<unsigned char>& d) {
  std::size_t pos = 2;
  while (pos + 9 < d.size()) {
    if (d[pos] != 0xFF) return std::nullopt;
    unsigned char marker = d[pos + 1];
    if (marker == 0xFF) {  // fill byte
      ++pos;
      continue;
    }
    unsigned length = be16(&d[pos + 2]);
    if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
      PixelSize s{static_cast<int>(be16(&d[pos + 7])), static_cast<int>(be16(&d[pos + 5]))};
      if (s.width <= 0 || s.height <= 0) return std::nullopt;
      return s;
    }
    if (length < 2) return std::nullopt;
    pos += 2 + length;
  }
  return std::nullopt;
}

}  // namespace

std::optional<PixelSize> image_pixel_size(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  // A JPEG's frame header may follow large EXIF blocks: read up to 1 MB.
  std::vector<unsigned char> data(1 << 20);
  in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size()));
  data.resize(static_cast<std::size_t>(in.gcount()));
  static constexpr std::array<unsigned char, 8> kPng = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (data.size() >= 24 && std::equal(kPng.begin(), kPng.end(), data.begin())) {
    unsigned long w = be32(&data[16]), h = be32(&data[20]);
    if (w == 0 || h == 0 || w > 100000 || h > 100000) return std::nullopt;
    return PixelSize{static_cast<int>(w), static_cast<int>(h)};
  }
  if (data.size() >= 4 && data[0] == 0xFF && data[1] == 0xD8) return jpeg_size(data);
  return std::nullopt;
}

}  // namespace cvpdf::compose
