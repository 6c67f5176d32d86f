// Image XObjects (see pdf_objects.hpp). JPEG files are passed through
// untouched as DCTDecode streams after reading their frame header here (no
// libjpeg, whose error handling longjmps). PNG files go through PoDoFo's
// libpng loader (PoDoFo 0.9.8 on Debian is built with libpng): pixels are
// Flate-compressed, palettes kept, alpha turned into an /SMask.
#include <fstream>
#include <iterator>
#include <optional>

#include "core/diagnostics.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

namespace {

struct JpegInfo {
  unsigned width = 0, height = 0, components = 0, precision = 0;
  bool adobe = false;  // an APP14 "Adobe" segment: CMYK data is stored inverted
};

// Walks the marker segments up to the first start-of-frame.
std::optional<JpegInfo> read_jpeg_header(const std::string& data) {
  auto byte = [&](std::size_t i) -> unsigned { return static_cast<unsigned char>(data[i]); };
  if (data.size() < 4 || byte(0) != 0xFF || byte(1) != 0xD8) return std::nullopt;
  JpegInfo info;
  std::size_t pos = 2;
  while (pos + 4 <= data.size()) {
    if (byte(pos) != 0xFF) return std::nullopt;
    const unsigned marker = byte(pos + 1);
    if (marker == 0xFF) {  // fill byte
      ++pos;
      continue;
    }
    if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) {  // no length
      pos += 2;
      continue;
    }
    const std::size_t length = (byte(pos + 2) << 8) | byte(pos + 3);
    if (length < 2 || pos + 2 + length > data.size()) return std::nullopt;
    const std::size_t body = pos + 4;
    if (marker == 0xEE && length >= 7 && data.compare(body, 5, "Adobe") == 0) info.adobe = true;
    const bool start_of_frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (start_of_frame) {
      if (length < 8) return std::nullopt;
      info.precision = byte(body);
      info.height = (byte(body + 1) << 8) | byte(body + 2);
      info.width = (byte(body + 3) << 8) | byte(body + 4);
      info.components = byte(body + 5);
      return info;
    }
    if (marker == 0xD9 || marker == 0xDA) return std::nullopt;  // end of image / scan before any frame
    pos += 2 + length;
  }
  return std::nullopt;
}

[[noreturn]] void bad_image(const std::string& path, const std::string& why) {
  throw FatalError({Severity::Error, SourceSpan{path, 0, 0}, why, "use a baseline or progressive JPEG, or a PNG"});
}

PdfReference embed_jpeg(PdfMemDocument& doc, const std::string& path, const std::string& data) {
  const auto info = read_jpeg_header(data);
  if (!info || info->width == 0 || info->height == 0) bad_image(path, "damaged JPEG file (no readable frame header)");
  if (info->precision != 8) bad_image(path, "JPEG files with " + std::to_string(info->precision) + "-bit samples are not supported");
  const char* colour_space = nullptr;
  switch (info->components) {
    case 1: colour_space = "DeviceGray"; break;
    case 3: colour_space = "DeviceRGB"; break;
    case 4: colour_space = "DeviceCMYK"; break;
    default: bad_image(path, "JPEG files with " + std::to_string(info->components) + " colour components are not supported");
  }
  PdfObject* image = doc.GetObjects().CreateObject("XObject");
  PdfDictionary& dict = image->GetDictionary();
  dict.AddKey("Subtype", PdfName("Image"));
  dict.AddKey("Width", pdf_int(info->width));
  dict.AddKey("Height", pdf_int(info->height));
  dict.AddKey("ColorSpace", PdfName(colour_space));
  dict.AddKey("BitsPerComponent", pdf_int(8));
  if (info->components == 4 && info->adobe) {
    PdfArray decode;
    for (int i = 0; i < 4; ++i) {
      decode.push_back(pdf_int(1));
      decode.push_back(pdf_int(0));
    }
    dict.AddKey("Decode", decode);
  }
  image->GetStream()->Set(data.data(), static_cast<pdf_long>(data.size()), TVecFilters());  // as is
  dict.AddKey("Filter", PdfName("DCTDecode"));
  return image->Reference();
}

PdfReference embed_png(PdfMemDocument& doc, const std::string& path, const std::string& data) {
  try {
    PdfImage image(&doc);
    image.LoadFromPngData(reinterpret_cast<const unsigned char*>(data.data()), static_cast<pdf_long>(data.size()));
    // PoDoFo adds a /BBox, which belongs to form XObjects, not images.
    PdfDictionary& dict = image.GetObject()->GetDictionary();
    dict.RemoveKey("BBox");
    if (const PdfObject* mask = dict.GetKey("SMask"); mask && mask->IsReference()) {
      if (PdfObject* mask_object = doc.GetObjects().GetObject(mask->GetReference()))
        mask_object->GetDictionary().RemoveKey("BBox");
    }
    return image.GetObject()->Reference();
  } catch (const PdfError&) {
    bad_image(path, "damaged or unsupported PNG file");
  }
}

}  // namespace

PdfReference embed_image(PdfMemDocument& doc, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw IoError({Severity::Error, SourceSpan{path, 0, 0}, "cannot read the image file", "check the path and permissions"});
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0xFF && static_cast<unsigned char>(data[1]) == 0xD8)
    return embed_jpeg(doc, path, data);
  if (data.size() >= 8 && data.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0) return embed_png(doc, path, data);
  bad_image(path, "unsupported image format (only JPEG and PNG can be embedded)");
}

}  // namespace cvpdf::pdf
