// Image XObjects (see pdf_objects.hpp) from the photo code of src/frame,
// which the composer has already run over the same file: a JPEG that
// decodes is passed through untouched as a DCTDecode stream, with the
// colour space the decoder found; a PNG is decoded by libpng into 8-bit
// samples, which PoDoFo's Flate filter compresses, alpha as an /SMask.
// A photo whose file describes its colours otherwise than as sRGB (a JPEG's
// or PNG's ICC profile, a PNG's gAMA and cHRM) carries that description as
// /ICCBased. Under PDF/A, whose output intent is sRGB, such a photo, and a
// CMYK JPEG, is converted to sRGB instead (srgb_conversion.hpp): a JPEG is
// then DCT-coded again (dct_encoder.hpp), so the file keeps about its size,
// and a PNG stays lossless under Flate.
#include <memory>
#include <vector>

#include "core/diagnostics.hpp"
#include "frame/photo.hpp"
#include "pdf/dct_encoder.hpp"
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

PdfObject& image_object(PdfMemDocument& pdf, const frame::PhotoInfo& info, const PdfVariant& colour_space) {
  PdfObject& image = *pdf.GetObjects().CreateObject("XObject");
  PdfDictionary& dict = image.GetDictionary();
  dict.AddKey("Subtype", PdfName("Image"));
  dict.AddKey("Width", pdf_int(info.width));
  dict.AddKey("Height", pdf_int(info.height));
  dict.AddKey("ColorSpace", colour_space);
  dict.AddKey("BitsPerComponent", pdf_int(8));
  return image;
}

PdfName device_space(int components) {
  return PdfName(components == 1 ? "DeviceGray" : components == 3 ? "DeviceRGB" : "DeviceCMYK");
}

// The colour space of a photo's samples as its file describes them: the
// file's own profile as /ICCBased (ISO 32000-1 8.6.5.5) when it says more
// than the Device space would (not sRGB, as SrgbConversion judges it), so a
// colour-managed viewer or printer shows what the photographer saw.
PdfVariant file_space(PdfMemDocument& pdf, int components, const std::string& icc_profile) {
  if (!SrgbConversion(components, icc_profile).has_profile()) return device_space(components);
  PdfObject& stream = add_stream(pdf, icc_profile);
  stream.GetDictionary().AddKey("N", pdf_int(components));
  stream.GetDictionary().AddKey("Alternate", device_space(components));
  PdfArray space;
  space.push_back(PdfName("ICCBased"));
  space.push_back(stream.Reference());
  return space;
}

// The JPEG's pixels in sRGB, DCT-coded again (dct_encoder.hpp), when it is
// CMYK or has a profile that is not sRGB; an invalid reference when it may
// pass through.
PdfReference embed_jpeg_as_srgb(PdfMemDocument& pdf, const std::string& bytes, const frame::PhotoInfo& info,
                                const std::string& icc_profile) {
  const SrgbConversion conversion(info.colour_components, icc_profile);
  if (!conversion.has_profile() && info.colour_components != 4) return {};
  const int components = conversion.has_profile() ? conversion.output_components() : 3;
  // An RGB photo's chroma is sampled as it was; a CMYK photo's RGB is not
  // the file's chroma (K's full-resolution detail goes into every channel),
  // so it keeps all of it.
  const bool rgb_source = info.colour_components == 3;
  DctEncoder encoded(info.width, info.height, components, rgb_source ? info.chroma_across : 1,
                     rgb_source ? info.chroma_down : 1);
  if (conversion.has_profile()) {
    std::vector<unsigned char> row(static_cast<std::size_t>(info.width) * static_cast<std::size_t>(components));
    frame::decode_jpeg_samples(bytes, [&](const unsigned char* samples) {
      conversion.convert(samples, row.data(), row.size() / static_cast<std::size_t>(components));
      encoded.add(row.data());
    });
  } else {
    frame::decode_jpeg(bytes, [&](const unsigned char* row) { encoded.add(row); });
  }
  PdfObject& image = image_object(pdf, info, device_space(components));
  encoded.finish(image);
  return image.Reference();
}

PdfReference embed_jpeg(PdfMemDocument& pdf, const std::string& bytes, const frame::PhotoInfo& info, bool srgb) {
  const std::string icc_profile = frame::jpeg_icc_profile(bytes);
  if (srgb) {
    const PdfReference converted = embed_jpeg_as_srgb(pdf, bytes, info, icc_profile);
    if (converted.IsIndirect()) return converted;
  }
  PdfObject& image = image_object(pdf, info, file_space(pdf, info.colour_components, icc_profile));
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

// A PNG stays Flate-coded (it was lossless); under PDF/A its colour rows go
// through its own profile into sRGB first, its alpha untouched.
PdfReference embed_png(PdfMemDocument& pdf, const std::string& bytes, const frame::PhotoInfo& info, bool srgb) {
  const auto width = static_cast<std::size_t>(info.width);
  const std::string icc_profile = png_icc_profile(info.colour_components, frame::png_colour(bytes));
  const SrgbConversion conversion(info.colour_components, srgb ? icc_profile : "");
  const int components = conversion.has_profile() ? conversion.output_components() : info.colour_components;
  std::vector<unsigned char> converted(conversion.has_profile() ? width * static_cast<std::size_t>(components) : 0);
  Deflater colour, alpha;
  bool opaque = true;  // every alpha sample 255: no mask needed
  frame::decode_png(bytes, [&](const unsigned char* c, const unsigned char* a) {
    if (conversion.has_profile()) {
      conversion.convert(c, converted.data(), width);
      colour.add(converted.data(), converted.size());
    } else {
      colour.add(c, width * static_cast<std::size_t>(components));
    }
    if (!a) return;
    alpha.add(a, width);
    for (std::size_t x = 0; x < width && opaque; ++x) opaque = a[x] == 255;
  });
  PdfObject& image = image_object(
      pdf, info, conversion.has_profile() || srgb ? device_space(components) : file_space(pdf, components, icc_profile));
  colour.finish(image);
  if (info.alpha && !opaque) {
    PdfObject& mask = image_object(pdf, info, PdfName("DeviceGray"));
    alpha.finish(mask);
    image.GetDictionary().AddKey("SMask", mask.Reference());
  }
  return image.Reference();
}

}  // namespace

PdfReference embed_image_data(PdfMemDocument& pdf, const std::string& bytes, const std::string& path, bool srgb) {
  try {
    const frame::PhotoInfo info = frame::check_photo(bytes);
    return info.format == frame::PhotoFormat::Jpeg ? embed_jpeg(pdf, bytes, info, srgb) : embed_png(pdf, bytes, info, srgb);
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
