// Photos (person.photo): the one place that reads JPEG and PNG files, with
// libjpeg and libpng. The composer checks a photo here before anything is
// laid out (so a bad photo is an error at its `photo:` value) and takes its
// pixel size; the PDF backend embeds it through the same code. Everything is
// bounded before it is decoded: the file size by stat, the pixel size from the
// header (the user guide: at most 10,000 px a side and 20 MB).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cvpdf::frame {

inline constexpr int kMaxPhotoSide = 10000;                   // pixels, either side
inline constexpr std::uintmax_t kMaxPhotoBytes = 20u << 20;   // 20 MB

enum class PhotoFormat { Jpeg, Png };

struct PhotoInfo {
  PhotoFormat format = PhotoFormat::Jpeg;
  int width = 0;
  int height = 0;
  int colour_components = 0;   // 1 gray, 3 RGB, 4 CMYK (JPEG only)
  bool alpha = false;          // PNG: an alpha channel or a tRNS chunk
  bool inverted_cmyk = false;  // JPEG CMYK/YCCK with an Adobe marker: stored inverted
  // JPEG: how many luma samples one chroma sample spans, across and down
  // (2, 2 for 4:2:0; 1, 1 for 4:4:4, gray and most CMYK), from the header.
  int chroma_across = 1, chroma_down = 1;
};

// A photo that cannot be used. `message` completes "the photo 'x.jpg' ..."
// ("is a truncated JPEG file"); `hint` says what to do, for its format.
class PhotoProblem : public std::runtime_error {
 public:
  PhotoProblem(const std::string& message, std::string hint) : std::runtime_error(message), hint_(std::move(hint)) {}
  const std::string& hint() const { return hint_; }

 private:
  std::string hint_;
};

// The file's bytes, refusing one over kMaxPhotoBytes before reading it.
std::string read_photo_file(const std::string& path);

// The format (by signature, not by name) and the header's facts, with the
// pixel caps applied. Decodes no pixels.
PhotoInfo probe_photo(std::string_view bytes);

// probe_photo, then a full decode, so that what is embedded is an image a PDF
// viewer shows: damaged, truncated and unsupported files are refused.
PhotoInfo check_photo(std::string_view bytes);

// A PNG's pixels as 8-bit samples, top row first: `colour` holds
// width × colour_components bytes, `alpha` width bytes (empty without alpha).
// Palettes are expanded, 16-bit samples reduced, interlacing undone.
using PngRowSink = std::function<void(const unsigned char* colour, const unsigned char* alpha)>;
void decode_png(std::string_view bytes, const PngRowSink& row);

// What a PNG says its colours mean (PNG 1.2, 10.5 and 11.3.3), in the order
// a decoder honours them: an embedded ICC profile (iCCP), else "these are
// sRGB" (sRGB), else a gamma (gAMA) with, maybe, primaries and white point
// (cHRM). None of them: the pixels are taken as sRGB, as viewers take them.
struct PngColour {
  std::string icc_profile;  // iCCP's profile, inflated by libpng; "" for none (or one libpng refused)
  bool srgb = false;        // an sRGB chunk
  double gamma = 0;         // gAMA's encoding exponent (0.45455 for 1/2.2); 0 for none
  bool chromaticities = false;  // a cHRM chunk: the eight values below (CIE xy)
  double white_x = 0, white_y = 0, red_x = 0, red_y = 0, green_x = 0, green_y = 0, blue_x = 0, blue_y = 0;
};
// Reads the chunks before the image data only.
PngColour png_colour(std::string_view bytes);

// A JPEG's pixels as 8-bit RGB, top row first: `rgb` holds width × 3 bytes.
// Gray and YCbCr are converted by libjpeg, CMYK (inverted or not, as
// PhotoInfo::inverted_cmyk says) by the naive formula a PDF viewer's
// DeviceCMYK uses without a profile. For the raster previews (src/raster).
using JpegRowSink = std::function<void(const unsigned char* rgb)>;
void decode_jpeg(std::string_view bytes, const JpegRowSink& row);

// A JPEG's pixels as the file stores them, top row first: width ×
// colour_components bytes of gray, RGB or CMYK (Adobe's inverted CMYK
// turned back: 0 is no ink). For converting a photo's colours to the sRGB
// of a PDF/A output intent (src/pdf/srgb_conversion.hpp).
void decode_jpeg_samples(std::string_view bytes, const JpegRowSink& row);
// The ICC profile embedded in a JPEG (its APP2 ICC_PROFILE chunks joined),
// "" for none. Reads the header only.
std::string jpeg_icc_profile(std::string_view bytes);

}  // namespace cvpdf::frame
