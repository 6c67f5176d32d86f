// Images end to end: JPEG (RGB and Adobe CMYK, made by pdftoppm) passed
// through as DCTDecode, PNG decoded by libpng into pixels plus an /SMask;
// every kind of photo the decoders take; a damaged one named with its hint.
// Checked with qpdf --check, pdfimages -list and a render.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <utility>

#include "core/diagnostics.hpp"
#include "frame/photo.hpp"
#include "pdf/pdf_writer.hpp"
#include "pdf_test_support.hpp"
#include "run.hpp"

namespace cvpdf::pdf {
namespace {

using namespace testing;

// A minimal RGBA PNG: zlib "stored" blocks, so no compressor is needed.
std::string make_png(unsigned width, unsigned height) {
  auto crc32 = [](const std::string& data) {
    std::uint32_t crc = 0xFFFFFFFF;
    for (unsigned char c : data) {
      crc ^= c;
      for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xFFFFFFFF;
  };
  auto be32 = [](std::uint32_t v) {
    return std::string{static_cast<char>(v >> 24), static_cast<char>(v >> 16), static_cast<char>(v >> 8), static_cast<char>(v)};
  };
  auto chunk = [&](const std::string& type, const std::string& data) {
    return be32(static_cast<std::uint32_t>(data.size())) + type + data + be32(crc32(type + data));
  };
  std::string raw;
  for (unsigned y = 0; y < height; ++y) {
    raw += '\0';  // filter: none
    for (unsigned x = 0; x < width; ++x) {
      raw += static_cast<char>(255 * x / width);        // red ramp
      raw += static_cast<char>(100);
      raw += static_cast<char>(255 * y / height);       // blue ramp
      raw += static_cast<char>(x < width / 2 ? 255 : 60);  // right half mostly transparent
    }
  }
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : raw) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  std::string zlib = "\x78\x01";
  for (std::size_t at = 0; at < raw.size(); at += 65535) {
    const std::size_t n = std::min<std::size_t>(65535, raw.size() - at);
    zlib += static_cast<char>(at + n == raw.size() ? 1 : 0);
    zlib += static_cast<char>(n & 0xFF);
    zlib += static_cast<char>(n >> 8);
    zlib += static_cast<char>(~n & 0xFF);
    zlib += static_cast<char>((~n >> 8) & 0xFF);
    zlib += raw.substr(at, n);
  }
  zlib += be32((b << 16) | a);
  const std::string header = be32(width) + be32(height) + std::string("\x08\x06\x00\x00\x00", 5);
  return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", "");
}

class Images : public ::testing::Test {
 protected:
  Images() : scratch_("pdf-images"), lato_(fonts_.load_file(kLatoPath)) {}

  frame::Document page_with(const std::vector<frame::Element>& elements) {
    frame::Document doc;
    frame::Page page;
    page.width = pt(300);
    page.height = pt(200);
    page.elements = elements;
    doc.pages.push_back(page);
    return doc;
  }

  // JPEG files made by rendering a small PDF with pdftoppm.
  std::string make_jpeg(const std::string& name, const char* option) {
    frame::GlyphRun run = make_run(fonts_.face(lato_), "JPEG", pt(40), pt(20), pt(80), {0.9, 0.2, 0.1});
    write_file(scratch_ / "source.pdf", write_pdf(page_with({run, frame::Rule{pt(20), pt(100), pt(200), pt(20), {0.1, 0.4, 0.9}}}), fonts_));
    const auto r = run_command(std::string("pdftoppm ") + option + " -r 40 -singlefile " + quote(scratch_ / "source.pdf") +
                               " " + quote(scratch_ / name));
    EXPECT_EQ(r.status, 0) << r.output;
    return (scratch_ / (name + ".jpg")).string();
  }

  ScratchDir scratch_;
  text::FontBook fonts_;
  text::FaceId lato_;
};

TEST_F(Images, JpegAndPngAreEmbedded) {
  const std::string rgb = make_jpeg("rgb", "-jpeg");
  const std::string cmyk = make_jpeg("cmyk", "-jpegcmyk");
  const std::string png = (scratch_ / "alpha.png").string();
  write_file(png, make_png(64, 32));

  const frame::Document doc = page_with({
      frame::Image{pt(10), pt(10), pt(120), pt(80), rgb},
      frame::Image{pt(150), pt(10), pt(120), pt(80), cmyk},
      frame::Rule{pt(10), pt(120), pt(280), pt(60), {0, 0, 0}},
      frame::Image{pt(20), pt(110), pt(128), pt(64), png},
      frame::Image{pt(160), pt(110), pt(64), pt(32), rgb},  // the same file again: one XObject
  });
  const std::string pdf = write_pdf(doc, fonts_);
  const auto file = scratch_ / "images.pdf";
  write_file(file, pdf);
  EXPECT_EQ(pdf, write_pdf(doc, fonts_));

  const auto check = run_command("qpdf --check " + quote(file));
  EXPECT_EQ(check.status, 0) << check.output;

  const auto list = run_command("pdfimages -list " + quote(file));
  ASSERT_EQ(list.status, 0) << list.output;
  // page num type width height color comp bpc enc ...
  EXPECT_TRUE(std::regex_search(list.output, std::regex(R"(image +\d+ +\d+ +rgb +3 +8 +jpeg)"))) << list.output;
  EXPECT_TRUE(std::regex_search(list.output, std::regex(R"(image +\d+ +\d+ +cmyk +4 +8 +jpeg)"))) << list.output;
  EXPECT_TRUE(std::regex_search(list.output, std::regex(R"(image +64 +32 +rgb +3 +8 +image)"))) << list.output;
  EXPECT_TRUE(std::regex_search(list.output, std::regex(R"(smask +64 +32 +gray +1 +8 +image)"))) << list.output;
  // Four placements of three images (and the mask).
  std::size_t jpeg_rows = 0;
  for (std::size_t at = list.output.find(" jpeg "); at != std::string::npos; at = list.output.find(" jpeg ", at + 1)) ++jpeg_rows;
  EXPECT_EQ(jpeg_rows, 3u) << list.output;
  EXPECT_EQ(pdf.find("/BBox"), std::string::npos);

  const auto render = run_command("pdftoppm -r 80 -png -singlefile " + quote(file) + " " + quote(scratch_ / "images"));
  EXPECT_EQ(render.status, 0) << render.output;
  EXPECT_EQ(render.output, "");
}

// Every kind of photo the decoders take (tests/cli/bad/photos/, made by
// make_photos.py), each embedded with the colour space, sample size and mask
// the decoder found; the interlaced PNG's pixels come out in place.
TEST_F(Images, EveryKindOfPhotoIsEmbeddedAsDecoded) {
  const std::string dir = CVPDF_SOURCE_DIR "/tests/cli/bad/photos/";
  struct Kind {
    const char* file;
    const char* row;  // pdfimages -list: width height color comp bpc enc
    bool mask;
  };
  const Kind kinds[] = {
      {"baseline.jpg", "16 +12 +rgb +3 +8 +jpeg", false},   {"progressive.jpg", "16 +12 +rgb +3 +8 +jpeg", false},
      {"gray.jpg", "16 +12 +gray +1 +8 +jpeg", false},      {"cmyk-adobe.jpg", "20 +15 +cmyk +4 +8 +jpeg", false},
      {"rgb.png", "16 +12 +rgb +3 +8 +image", false},       {"rgba.png", "16 +12 +rgb +3 +8 +image", true},
      {"gray.png", "16 +12 +gray +1 +8 +image", false},     {"gray-1bit.png", "16 +12 +gray +1 +8 +image", false},
      {"gray-alpha16.png", "16 +12 +gray +1 +8 +image", true}, {"palette-trns.png", "16 +12 +rgb +3 +8 +image", true},
      {"palette-4bit.png", "16 +12 +rgb +3 +8 +image", false}, {"rgb16.png", "16 +12 +rgb +3 +8 +image", false},
      {"rgb-trns.png", "16 +12 +rgb +3 +8 +image", true},   {"interlaced.png", "16 +12 +rgb +3 +8 +image", false},
  };
  for (const Kind& kind : kinds) {
    const std::string pdf = write_pdf(page_with({frame::Image{pt(10), pt(10), pt(64), pt(48), dir + kind.file}}), fonts_);
    const auto file = scratch_ / "kind.pdf";
    write_file(file, pdf);
    EXPECT_EQ(run_command("qpdf --check " + quote(file)).status, 0) << kind.file;
    const auto list = run_command("pdfimages -list " + quote(file));
    EXPECT_TRUE(std::regex_search(list.output, std::regex(std::string(R"(image +)") + kind.row))) << kind.file << "\n" << list.output;
    EXPECT_EQ(list.output.find("smask") != std::string::npos, kind.mask) << kind.file << "\n" << list.output;
    EXPECT_EQ(pdf.find("/Decode") != std::string::npos, std::string(kind.file) == "cmyk-adobe.jpg") << kind.file;
  }
  // Adam7 undone: pixel (x, y) of interlaced.png is (16x, 20y, 90).
  write_file(scratch_ / "interlaced.pdf",
             write_pdf(page_with({frame::Image{pt(10), pt(10), pt(64), pt(48), dir + "interlaced.png"}}), fonts_));
  ASSERT_EQ(run_command("pdfimages " + quote(scratch_ / "interlaced.pdf") + " " + quote(scratch_ / "px")).status, 0);
  const std::string ppm = read_file(scratch_ / "px-000.ppm");
  const std::string header = "P6\n16 12\n255\n";
  ASSERT_EQ(ppm.substr(0, header.size()), header);
  for (int y = 0; y < 12; ++y)
    for (int x = 0; x < 16; ++x) {
      const std::size_t at = header.size() + static_cast<std::size_t>(y * 16 + x) * 3;
      EXPECT_EQ(static_cast<unsigned char>(ppm[at]), 16 * x);
      EXPECT_EQ(static_cast<unsigned char>(ppm[at + 1]), 20 * y);
      EXPECT_EQ(static_cast<unsigned char>(ppm[at + 2]), 90);
    }
}

// The pixels of the only image of a PDF, as pdfimages writes an RGB image
// that is not DCT-coded (PPM).
std::string rgb_pixels(const std::filesystem::path& pdf, const std::filesystem::path& prefix, const std::string& header) {
  const auto r = run_command("pdfimages " + quote(pdf) + " " + quote(prefix));
  EXPECT_EQ(r.status, 0) << r.output;
  const std::string ppm = read_file(prefix.string() + "-000.ppm");
  EXPECT_EQ(ppm.substr(0, header.size()), header);
  return ppm.substr(header.size());
}

// The largest and the mean difference, in levels, between two runs of
// samples of the same size.
std::pair<int, double> difference(const std::string& a, const std::string& b) {
  int worst = 0;
  long total = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const int d = std::abs(static_cast<unsigned char>(a[i]) - static_cast<unsigned char>(b[i]));
    worst = std::max(worst, d);
    total += d;
  }
  return {worst, a.empty() ? 0.0 : static_cast<double>(total) / static_cast<double>(a.size())};
}

// PDF/A (an sRGB output intent): a CMYK JPEG becomes sRGB pixels, as a
// viewer shows DeviceCMYK without a profile (the preview's own decoding,
// frame::decode_jpeg), and one with a non-sRGB profile (Adobe RGB) is
// converted through it by lcms2, both DCT-coded again (quality 92, so a
// few levels off the converted pixels), as is a gray JPEG with a linear
// gray profile; gray and RGB without a profile pass through as they are.
TEST_F(Images, PdfaConvertsCmykAndNonSrgbJpegsToSrgb) {
  const std::string dir = CVPDF_SOURCE_DIR "/tests/cli/bad/photos/";
  pdf::PdfOptions pdfa;
  pdfa.pdfa = true;
  auto embed = [&](const std::string& photo, const std::string& name) {
    const auto file = scratch_ / (name + ".pdf");
    write_file(file, write_pdf(page_with({frame::Image{pt(10), pt(10), pt(64), pt(48), photo}}), fonts_, pdfa));
    EXPECT_EQ(run_command("qpdf --check " + quote(file)).status, 0) << name;
    return file;
  };
  auto listed = [&](const std::filesystem::path& file) { return run_command("pdfimages -list " + quote(file)).output; };

  for (const char* passed : {"baseline.jpg", "gray.jpg"})
    EXPECT_NE(listed(embed(dir + passed, "passed")).find(" jpeg "), std::string::npos) << passed;

  const auto cmyk = embed(dir + "cmyk-adobe.jpg", "cmyk");
  EXPECT_TRUE(std::regex_search(listed(cmyk), std::regex(R"(image +20 +15 +rgb +3 +8 +jpeg)"))) << listed(cmyk);
  std::string expected;
  frame::decode_jpeg(read_file(dir + "cmyk-adobe.jpg"),
                     [&](const unsigned char* row) { expected.append(reinterpret_cast<const char*>(row), 20 * 3); });
  const std::string cmyk_pixels = rgb_pixels(cmyk, scratch_ / "cmyk", "P6\n20 15\n255\n");
  ASSERT_EQ(cmyk_pixels.size(), expected.size());
  const auto [worst, mean] = difference(cmyk_pixels, expected);
  // A 20 × 15 photo that is all sharp edges: quality 92 leaves it a couple
  // of levels off on average (Pillow's libjpeg: 2.2, at most 11); Adobe's
  // inverted samples read as they are would be off by a hundred.
  EXPECT_LE(mean, 3.0);
  EXPECT_LE(worst, 16);

  // baseline.jpg tagged Adobe RGB (1998): an APP2 ICC_PROFILE after SOI.
  const std::string profile = read_file("/usr/share/color/icc/compatibleWithAdobeRGB1998.icc");
  const std::string plain = read_file(dir + "baseline.jpg");
  const std::string tagged = test::jpeg_with_icc_profile(plain, profile);
  write_file(scratch_ / "adobe.jpg", tagged);
  EXPECT_EQ(frame::jpeg_icc_profile(tagged), profile);
  const auto adobe = embed((scratch_ / "adobe.jpg").string(), "adobe");
  EXPECT_TRUE(std::regex_search(listed(adobe), std::regex(R"(image +16 +12 +rgb +3 +8 +jpeg)"))) << listed(adobe);
  std::string decoded;
  frame::decode_jpeg(plain, [&](const unsigned char* row) { decoded.append(reinterpret_cast<const char*>(row), 16 * 3); });
  const std::string converted = rgb_pixels(adobe, scratch_ / "adobe", "P6\n16 12\n255\n");
  ASSERT_EQ(converted.size(), decoded.size());
  // Adobe RGB's primaries are wider than sRGB's: a saturated pixel gets more
  // saturated in sRGB (its channels spread apart), and no pixel is unchanged
  // unless it is neutral (both spaces have D65 white and the same gamma).
  int spread = 0, total = 0;
  for (std::size_t i = 0; i < decoded.size(); i += 3) {
    auto range = [](const std::string& p, std::size_t at) {
      const auto [lo, hi] = std::minmax({static_cast<unsigned char>(p[at]), static_cast<unsigned char>(p[at + 1]),
                                         static_cast<unsigned char>(p[at + 2])});
      return hi - lo;
    };
    if (range(decoded, i) < 40) continue;
    ++total;
    spread += range(converted, i) > range(decoded, i);
  }
  ASSERT_GT(total, 0);
  EXPECT_GT(spread, total * 9 / 10) << spread << " of " << total << " saturated pixels spread apart";

  // A gray JPEG tagged with a linear gray profile (icc-profiles-free's
  // Gray.icc) stays gray, in sRGB's tone curve: every mid-tone brighter (a
  // linear 64 is sRGB's 137, a 200 is 229), DCT-coded again.
  const std::string gray_plain = read_file(dir + "gray.jpg");
  write_file(scratch_ / "linear.jpg", test::jpeg_with_icc_profile(gray_plain, read_file("/usr/share/color/icc/Gray.icc")));
  const auto linear = embed((scratch_ / "linear.jpg").string(), "linear");
  EXPECT_TRUE(std::regex_search(listed(linear), std::regex(R"(image +16 +12 +gray +1 +8 +jpeg)"))) << listed(linear);
  const std::string shown = rgb_pixels(linear, scratch_ / "linear", "P6\n16 12\n255\n");  // poppler writes DCT gray as RGB
  std::string gray_rgb;
  frame::decode_jpeg(gray_plain, [&](const unsigned char* row) { gray_rgb.append(reinterpret_cast<const char*>(row), 16 * 3); });
  int mid_tones = 0;
  for (std::size_t i = 0; i < 16 * 12; ++i) {
    const int before = static_cast<unsigned char>(gray_rgb[i * 3]);
    const int after = static_cast<unsigned char>(shown[i * 3]);
    if (before < 16 || before > 200) continue;
    ++mid_tones;
    EXPECT_GT(after, before + 20) << "pixel " << i;
  }
  EXPECT_GT(mid_tones, 0);

  // Without PDF/A the JPEG passes through, its profile as /ICCBased for
  // a colour-managed viewer; an untagged one stays DeviceRGB.
  const std::string faithful = write_pdf(page_with({frame::Image{pt(10), pt(10), pt(64), pt(48), (scratch_ / "adobe.jpg").string()}}), fonts_);
  EXPECT_NE(faithful.find("/ICCBased"), std::string::npos);
  EXPECT_NE(faithful.find(plain.substr(plain.size() - 64)), std::string::npos) << "the JPEG's own bytes";
  const std::string untagged = write_pdf(page_with({frame::Image{pt(10), pt(10), pt(64), pt(48), dir + "baseline.jpg"}}), fonts_);
  EXPECT_EQ(untagged.find("/ICCBased"), std::string::npos);
}

// A photo that no longer decodes when the PDF is written (the composer
// checked it earlier) names the file, with the PNG hint for a PNG.
TEST_F(Images, DamagedPngNamesTheFileWithAPngHint) {
  const std::string png = CVPDF_SOURCE_DIR "/tests/cli/bad/photos/palette-truncated.png";
  try {
    write_pdf(page_with({frame::Image{pt(10), pt(10), pt(64), pt(48), png}}), fonts_);
    FAIL() << "no error";
  } catch (const FatalError& e) {
    EXPECT_EQ(e.diagnostic().span.file, png);
    EXPECT_NE(e.diagnostic().message.find("truncated PNG"), std::string::npos) << e.diagnostic().message;
    EXPECT_NE(e.diagnostic().hint.find("re-save it as a PNG"), std::string::npos) << e.diagnostic().hint;
  }
}

}  // namespace
}  // namespace cvpdf::pdf
