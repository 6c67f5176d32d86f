// Image XObjects (see pdf_objects.hpp) from the photo code of src/frame,
// which the composer has already run over the same file: a JPEG that
// decodes is passed through untouched as a DCTDecode stream, with the
// colour space the decoder found; a PNG is decoded by libpng into 8-bit
// samples, which PoDoFo's Flate filter compresses, alpha as an /SMask.
// Under PDF/A a JPEG that is not sRGB or gray (CMYK, or RGB with another
// profile) is decoded and converted to sRGB (srgb_conversion.hpp), then
// Flate-compressed as DeviceRGB: lossless, at the cost of a larger file
// than its DCT data.
#include <memory>
#include <vector>

#include "core/diagnostics.hpp"
#include "frame/photo.hpp"
#include "pdf/pdf_objects.hpp"
#include "pdf/srgb_conversion.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

namespace {

// Samples compressed by PoDoFo's Flate filter as they arrive, so that only
// the compressed image is held (and the alpha channel, whose mask is made
// only once every sample says it is needed).
class Deflater {
 public:
  Deflater() : filter_(PdfFilterFactory::Create(ePdfFilter_FlateDecode)) { filter_->BeginEncode(&out_); }
  // A decoding that failed half way: PoDoFo's filter frees zlib's state
  // only when it is ended.
  ~Deflater() {
    if (!finished_) {
      try {
        filter_->EndEncode();
      } catch (const PdfError&) {
      }
    }
  }
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;

  void add(const unsigned char* data, std::size_t size) {
    filter_->EncodeBlock(reinterpret_cast<const char*>(data), static_cast<pdf_long>(size));
  }
  // Ends the data and makes it `object`'s stream, /Filter /FlateDecode.
  void finish(PdfObject& object) {
    finished_ = true;
    filter_->EndEncode();
    set_encoded_stream(object, std::string_view(out_.GetBuffer(), static_cast<std::size_t>(out_.GetLength())),
                       "FlateDecode");
  }

 private:
  std::unique_ptr<PdfFilter> filter_;
  PdfMemoryOutputStream out_;
  bool finished_ = false;
};

PdfObject& image_object(PdfMemDocument& pdf, const frame::PhotoInfo& info, const char* colour_space) {
  PdfObject& image = *pdf.GetObjects().CreateObject("XObject");
  PdfDictionary& dict = image.GetDictionary();
  dict.AddKey("Subtype", PdfName("Image"));
  dict.AddKey("Width", pdf_int(info.width));
  dict.AddKey("Height", pdf_int(info.height));
  dict.AddKey("ColorSpace", PdfName(colour_space));
  dict.AddKey("BitsPerComponent", pdf_int(8));
  return image;
}

const char* device_space(int components) {
  return components == 1 ? "DeviceGray" : components == 3 ? "DeviceRGB" : "DeviceCMYK";
}

// The JPEG's pixels in sRGB, Flate-compressed, when it is neither sRGB nor
// gray; an invalid reference when it is one of those and may pass through.
PdfReference embed_jpeg_as_srgb(PdfMemDocument& pdf, const std::string& bytes, const frame::PhotoInfo& info) {
  if (info.colour_components == 1) return {};
  const SrgbConversion conversion(info.colour_components, frame::jpeg_icc_profile(bytes));
  if (!conversion.has_profile() && info.colour_components != 4) return {};
  Deflater rgb;
  const auto width = static_cast<std::size_t>(info.width);
  if (conversion.has_profile()) {
    std::vector<unsigned char> row(width * 3);
    frame::decode_jpeg_samples(bytes, [&](const unsigned char* samples) {
      conversion.convert(samples, row.data(), width);
      rgb.add(row.data(), row.size());
    });
  } else {
    frame::decode_jpeg(bytes, [&](const unsigned char* row) { rgb.add(row, width * 3); });
  }
  PdfObject& image = image_object(pdf, info, "DeviceRGB");
  rgb.finish(image);
  return image.Reference();
}

PdfReference embed_jpeg(PdfMemDocument& pdf, const std::string& bytes, const frame::PhotoInfo& info, bool srgb) {
  if (srgb) {
    const PdfReference converted = embed_jpeg_as_srgb(pdf, bytes, info);
    if (converted.IsIndirect()) return converted;
  }
  PdfObject& image = image_object(pdf, info, device_space(info.colour_components));
  if (info.inverted_cmyk) {
    PdfArray decode;
    for (int i = 0; i < 4; ++i) {
      decode.push_back(pdf_int(1));
      decode.push_back(pdf_int(0));
    }
    image.GetDictionary().AddKey("Decode", decode);
  }
  set_encoded_stream(image, bytes, "DCTDecode");
  return image.Reference();
}

PdfReference embed_png(PdfMemDocument& pdf, const std::string& bytes, const frame::PhotoInfo& info) {
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
  PdfObject& image = image_object(pdf, info, device_space(info.colour_components));
  colour.finish(image);
  if (info.alpha && !opaque) {
    PdfObject& mask = image_object(pdf, info, "DeviceGray");
    alpha.finish(mask);
    image.GetDictionary().AddKey("SMask", mask.Reference());
  }
  return image.Reference();
}

}  // namespace

PdfReference embed_image_data(PdfMemDocument& pdf, const std::string& bytes, const std::string& path, bool srgb) {
  try {
    const frame::PhotoInfo info = frame::check_photo(bytes);
    return info.format == frame::PhotoFormat::Jpeg ? embed_jpeg(pdf, bytes, info, srgb) : embed_png(pdf, bytes, info);
  } catch (const frame::PhotoProblem& problem) {
    throw FatalError({Severity::Error, SourceSpan{path, 0, 0}, std::string("the photo ") + problem.what(), problem.hint()});
  }
}

PdfReference embed_image(PdfMemDocument& pdf, const std::string& path, bool srgb) {
  std::string bytes;
  try {
    bytes = frame::read_photo_file(path);
  } catch (const frame::PhotoProblem& problem) {
    throw IoError({Severity::Error, SourceSpan{path, 0, 0}, std::string("the photo ") + problem.what(), problem.hint()});
  }
  return embed_image_data(pdf, bytes, path, srgb);
}

}  // namespace cvpdf::pdf
