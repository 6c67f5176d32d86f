// The values the stages hand PoDoFo (podofo_values.cpp), as PoDoFo writes
// them: reals rounded to what the file must say, text strings in the
// encoding a reader needs, numbers whatever the process's locale.
#include <gtest/gtest.h>

#include <locale>

#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {
namespace {

using namespace PoDoFo;

// What PoDoFo writes for `value` inside an object stream (compact mode).
std::string written(const PdfVariant& value) {
  PdfRefCountedBuffer buffer;
  PdfOutputDevice device(&buffer);
  value.Write(&device, ePdfWriteMode_Compact, nullptr);
  return std::string(buffer.GetBuffer(), device.GetLength());
}

TEST(PodofoValues, RealsAreRoundedHalfAwayFromZeroAndTrimmed) {
  EXPECT_EQ(written(pdf_real(0)), " 0");
  EXPECT_EQ(written(pdf_real(-0.0)), " 0");  // PoDoFo alone writes "-0"
  EXPECT_EQ(written(PdfVariant(-0.0)), " -0");
  EXPECT_EQ(written(pdf_real(2.0)), " 2");
  EXPECT_EQ(written(pdf_real(1.5)), " 1.5");
  EXPECT_EQ(written(pdf_real(0.1235, 3)), " 0.124");  // binary 0.1235 is a hair above
  EXPECT_EQ(written(pdf_real(-3.14159, 2)), " -3.14");
  EXPECT_EQ(written(pdf_real(-0.0004, 3)), " 0");
  EXPECT_EQ(written(pdf_real(841.8897637795)), " 841.89");
  EXPECT_EQ(written(pdf_real(to_pt(pt(595.276)))), " 595.276");  // not 595.276001
  EXPECT_EQ(written(pdf_real(65535.9999)), " 65536");
  EXPECT_EQ(written(pdf_real(1e300)), " 1000000000000");  // clamped
  EXPECT_EQ(round_real(72.0005), 72.001);
}

struct CommaPunct : std::numpunct<char> {
  char do_decimal_point() const override { return ','; }
  char do_thousands_sep() const override { return '.'; }
  std::string do_grouping() const override { return "\3"; }
};

TEST(PodofoValues, NumbersIgnoreTheProcessLocale) {
  const std::locale previous = std::locale::global(std::locale(std::locale::classic(), new CommaPunct));
  const std::string real = written(pdf_real(1234567.25));
  const std::string integer = written(pdf_int(1234567));
  std::locale::global(previous);
  EXPECT_EQ(real, " 1234567.25");
  EXPECT_EQ(integer, " 1234567");
}

TEST(PodofoValues, PlainAsciiTextStaysPdfDocEncoding) {
  EXPECT_EQ(written(pdf_text("Jane Doe")), "(Jane Doe)");
  EXPECT_EQ(written(pdf_text("(A.) \\ B")), "(\\(A.\\) \\\\ B)");
}

TEST(PodofoValues, OtherTextIsUtf16WithAByteOrderMark) {
  EXPECT_EQ(written(pdf_text("é")), std::string("(\xFE\xFF\0\xE9)", 6));
  EXPECT_EQ(written(pdf_text("tab\t")).substr(0, 3), "(\xFE\xFF");  // a control character too
  // An astral character is a surrogate pair.
  EXPECT_EQ(written(pdf_text("\xF0\x9F\x98\x80")), std::string("(\xFE\xFF\xD8\x3D\xDE\x00)", 8));
  // Invalid UTF-8 is repaired, not passed through (PoDoFo would refuse it).
  EXPECT_EQ(written(pdf_text("a\xFF")), std::string("(\xFE\xFF\0a\xFF\xFD)", 8));
}

TEST(PodofoValues, StreamsAreFlateCompressedByPoDoFoOrKeptAsGiven) {
  PdfMemDocument pdf;
  PdfObject& packed = add_stream(pdf, std::string(1000, 'a') + std::string(1, '\0') + "after a NUL");
  EXPECT_EQ(packed.GetDictionary().GetKey("Filter")->GetName().GetName(), "FlateDecode");
  EXPECT_LT(packed.GetStream()->GetLength(), 100);
  char* data = nullptr;
  pdf_long length = 0;
  packed.GetStream()->GetFilteredCopy(&data, &length);
  EXPECT_EQ(std::string(data, static_cast<std::size_t>(length)), std::string(1000, 'a') + std::string(1, '\0') + "after a NUL");
  podofo_free(data);

  PdfObject& jpeg = *pdf.GetObjects().CreateObject();
  set_encoded_stream(jpeg, "\xFF\xD8 not really", "DCTDecode");
  EXPECT_EQ(jpeg.GetDictionary().GetKey("Filter")->GetName().GetName(), "DCTDecode");
  EXPECT_EQ(jpeg.GetStream()->GetLength(), 13);
  PdfObject& xmp = *pdf.GetObjects().CreateObject();
  set_encoded_stream(xmp, "<x/>", "");
  EXPECT_FALSE(xmp.GetDictionary().HasKey("Filter"));
  EXPECT_EQ(xmp.GetDictionary().GetKey("Length")->GetNumber(), 4);
}

}  // namespace
}  // namespace cvpdf::pdf
