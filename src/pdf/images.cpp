// Image XObjects (see pdf_objects.hpp) from the photo code of src/frame,
// which the composer has already run over the same file: a JPEG that
// decodes is passed through untouched as a DCTDecode stream, with the
// colour space the decoder found; a PNG is decoded by libpng into 8-bit
// samples, which are Flate-compressed here (zlib), alpha as an /SMask.
#include <zlib.h>

#include "core/diagnostics.hpp"
#include "frame/photo.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

namespace {

// A zlib stream compressed as samples arrive, so that only the compressed
// image is held.
class Deflater {
 public:
  Deflater() {
    if (deflateInit(&z_, Z_BEST_COMPRESSION) != Z_OK) throw std::bad_alloc();
  }
  ~Deflater() { deflateEnd(&z_); }
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;

  void add(const unsigned char* data, std::size_t size) { run(data, size, Z_NO_FLUSH); }
  const std::string& finish() {
    run(nullptr, 0, Z_FINISH);
    return out_;
  }

 private:
  void run(const unsigned char* data, std::size_t size, int flush) {
    z_.next_in = const_cast<unsigned char*>(data);
    z_.avail_in = static_cast<uInt>(size);
    unsigned char buffer[16384];
    int status = Z_OK;
    do {
      z_.next_out = buffer;
      z_.avail_out = sizeof buffer;
      status = deflate(&z_, flush);
      if (status == Z_STREAM_ERROR) throw std::runtime_error("zlib deflate failed");
      out_.append(reinterpret_cast<const char*>(buffer), sizeof buffer - z_.avail_out);
    } while (z_.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END));
  }

  z_stream z_{};
  std::string out_;
};

Object& image_object(Document& doc, const frame::PhotoInfo& info, const char* colour_space) {
  Object& image = doc.create("XObject");
  Dictionary& dict = image.dictionary();
  dict.set("Subtype", Name{"Image"});
  dict.set("Width", pdf_int(info.width));
  dict.set("Height", pdf_int(info.height));
  dict.set("ColorSpace", Name{colour_space});
  dict.set("BitsPerComponent", pdf_int(8));
  return image;
}

const char* device_space(int components) {
  return components == 1 ? "DeviceGray" : components == 3 ? "DeviceRGB" : "DeviceCMYK";
}

Ref embed_jpeg(Document& doc, const std::string& bytes, const frame::PhotoInfo& info) {
  Object& image = image_object(doc, info, device_space(info.colour_components));
  if (info.inverted_cmyk) {
    Array decode;
    for (int i = 0; i < 4; ++i) {
      decode.push_back(pdf_int(1));
      decode.push_back(pdf_int(0));
    }
    image.dictionary().set("Decode", decode);
  }
  set_encoded_stream(image, bytes, "DCTDecode");
  return image.ref;
}

Ref embed_png(Document& doc, const std::string& bytes, const frame::PhotoInfo& info) {
  const auto width = static_cast<std::size_t>(info.width);
  const std::size_t colour_bytes = width * static_cast<std::size_t>(info.colour_components);
  Deflater colour, alpha;
  bool opaque = true;  // every alpha sample 255: no mask needed
  frame::decode_png(bytes, [&](const unsigned char* c, const unsigned char* a) {
    colour.add(c, colour_bytes);
    if (!a) return;
    alpha.add(a, width);
    for (std::size_t x = 0; x < width && opaque; ++x) opaque = a[x] == 255;
  });
  Object& image = image_object(doc, info, device_space(info.colour_components));
  set_encoded_stream(image, colour.finish(), "FlateDecode");
  if (info.alpha && !opaque) {
    frame::PhotoInfo mask_info = info;
    Object& mask = image_object(doc, mask_info, "DeviceGray");
    set_encoded_stream(mask, alpha.finish(), "FlateDecode");
    image.dictionary().set("SMask", mask.ref);
  }
  return image.ref;
}

}  // namespace

Ref embed_image_data(Document& doc, const std::string& bytes, const std::string& path) {
  try {
    const frame::PhotoInfo info = frame::check_photo(bytes);
    return info.format == frame::PhotoFormat::Jpeg ? embed_jpeg(doc, bytes, info) : embed_png(doc, bytes, info);
  } catch (const frame::PhotoProblem& problem) {
    throw FatalError({Severity::Error, SourceSpan{path, 0, 0}, std::string("the photo ") + problem.what(), problem.hint()});
  }
}

Ref embed_image(Document& doc, const std::string& path) {
  std::string bytes;
  try {
    bytes = frame::read_photo_file(path);
  } catch (const frame::PhotoProblem& problem) {
    throw IoError({Severity::Error, SourceSpan{path, 0, 0}, std::string("the photo ") + problem.what(), problem.hint()});
  }
  return embed_image_data(doc, bytes, path);
}

}  // namespace cvpdf::pdf
