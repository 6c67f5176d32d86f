// The pixel size of a JPEG or PNG file, read from its header, so the
// composer can give a photo its aspect ratio. The PDF backend embeds the
// file itself.
#pragma once
#include <optional>
#include <string>

namespace cvpdf::compose {

struct PixelSize {
  int width = 0;
  int height = 0;
};

// nullopt when the file cannot be read or is not a JPEG or PNG image.
std::optional<PixelSize> image_pixel_size(const std::string& path);

}  // namespace cvpdf::compose
