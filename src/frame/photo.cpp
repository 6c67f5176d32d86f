// Photos: reading the file under the byte cap, telling the format by its
// signature, and the pixel cap; the decoders are photo_jpeg.cpp and
// photo_png.cpp.
#include "frame/photo.hpp"

#include <filesystem>
#include <fstream>

#include "frame/photo_codecs.hpp"

namespace cvpdf::frame {

namespace {

bool starts_with(std::string_view bytes, std::string_view prefix) { return bytes.substr(0, prefix.size()) == prefix; }

// bytes[at, at + n), or less (never throwing) when the file is shorter.
std::string_view part(std::string_view bytes, std::size_t at, std::size_t n) {
  return at < bytes.size() ? bytes.substr(at, n) : std::string_view();
}

// What a file that is neither JPEG nor PNG is, when it is a common image format.
std::string other_format(std::string_view b) {
  if (starts_with(b, "GIF87a") || starts_with(b, "GIF89a")) return "a GIF image";
  if (starts_with(b, "RIFF") && part(b, 8, 4) == "WEBP") return "a WebP image";
  if (starts_with(b, "BM")) return "a BMP image";
  if (starts_with(b, std::string_view("II*\0", 4)) || starts_with(b, std::string_view("MM\0*", 4))) return "a TIFF image";
  if (part(b, 4, 4) == "ftyp") return "a HEIC/AVIF image";
  if (starts_with(b, "%PDF")) return "a PDF file";
  if (starts_with(b, "<svg") || starts_with(b, "<?xml")) return "an SVG or XML file";
  return "";
}

}  // namespace

namespace detail {

void check_pixel_size(const PhotoInfo& info, const char* hint) {
  if (info.width <= 0 || info.height <= 0)
    throw PhotoProblem("is damaged: its header gives it no pixels (" + std::to_string(info.width) + " × " +
                           std::to_string(info.height) + ")",
                       hint);
  if (info.width > kMaxPhotoSide || info.height > kMaxPhotoSide)
    throw PhotoProblem("is " + std::to_string(info.width) + " × " + std::to_string(info.height) +
                           " pixels; a photo may be at most " + std::to_string(kMaxPhotoSide) + " pixels a side",
                       "scale it down: a résumé photo needs about 1000 pixels a side");
}

}  // namespace detail

std::string read_photo_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const bool regular = fs::is_regular_file(path, ec);
  const std::uintmax_t size = regular ? fs::file_size(path, ec) : 0;
  if (!regular || ec) throw PhotoProblem("cannot be read", "check the path and its permissions");
  const std::string too_big_hint = "scale it down or compress it: a résumé photo needs a few hundred kilobytes";
  if (size > kMaxPhotoBytes)
    throw PhotoProblem("is " + std::to_string((size + (1u << 20) - 1) >> 20) + " MB; a photo may be at most " +
                           std::to_string(kMaxPhotoBytes >> 20) + " MB",
                       too_big_hint);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw PhotoProblem("cannot be read", "check the path and its permissions");
  // At most one byte over the cap, in case the file grew since stat.
  std::string bytes(static_cast<std::size_t>(size) + 1, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  if (bytes.size() > kMaxPhotoBytes)
    throw PhotoProblem("is over " + std::to_string(kMaxPhotoBytes >> 20) + " MB", too_big_hint);
  return bytes;
}

PhotoInfo probe_photo(std::string_view bytes) {
  if (starts_with(bytes, "\xFF\xD8\xFF")) return detail::read_jpeg(bytes, false);
  if (starts_with(bytes, "\x89PNG\r\n\x1A\n")) return detail::read_png(bytes, false, nullptr);
  if (bytes.empty()) throw PhotoProblem("is an empty file, not a JPEG or PNG image", "use a JPEG or PNG photo");
  const std::string other = other_format(bytes);
  throw PhotoProblem("is not a JPEG or PNG image" + (other.empty() ? std::string(" (judged by its contents, not its name)")
                                                                    : ": by its contents it is " + other),
                     "convert it to JPEG or PNG");
}

PhotoInfo check_photo(std::string_view bytes) {
  const PhotoInfo info = probe_photo(bytes);
  return info.format == PhotoFormat::Jpeg ? detail::read_jpeg(bytes, true) : detail::read_png(bytes, true, nullptr);
}

void decode_png(std::string_view bytes, const PngRowSink& row) {
  if (!starts_with(bytes, "\x89PNG\r\n\x1A\n")) throw PhotoProblem("is not a PNG image", detail::kPngHint);
  detail::read_png(bytes, true, &row);
}

void decode_jpeg(std::string_view bytes, const JpegRowSink& row) {
  if (!starts_with(bytes, "\xFF\xD8\xFF")) throw PhotoProblem("is not a JPEG image", detail::kJpegHint);
  detail::read_jpeg(bytes, true, &row);
}

void decode_jpeg_samples(std::string_view bytes, const JpegRowSink& row) {
  if (!starts_with(bytes, "\xFF\xD8\xFF")) throw PhotoProblem("is not a JPEG image", detail::kJpegHint);
  std::string icc_profile;
  detail::read_jpeg(bytes, true, &row, &icc_profile);
}

PngColour png_colour(std::string_view bytes) {
  if (!starts_with(bytes, "\x89PNG\r\n\x1A\n")) throw PhotoProblem("is not a PNG image", detail::kPngHint);
  PngColour colour;
  detail::read_png(bytes, false, nullptr, &colour);
  return colour;
}

std::string jpeg_icc_profile(std::string_view bytes) {
  if (!starts_with(bytes, "\xFF\xD8\xFF")) throw PhotoProblem("is not a JPEG image", detail::kJpegHint);
  std::string icc_profile;
  detail::read_jpeg(bytes, false, nullptr, &icc_profile);
  return icc_profile;
}

}  // namespace cvpdf::frame
