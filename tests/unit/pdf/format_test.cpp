// Number, string and date formatting, and the ToUnicode CMap writer.
#include <clocale>
#include <locale>
#include <utility>

#include <gtest/gtest.h>

#include "pdf/format.hpp"
#include "pdf/to_unicode.hpp"

namespace cvpdf::pdf {
namespace {

// append_real and append_hex_code into a fresh string.
std::string real(double value, int max_decimals = 3) {
  std::string out;
  append_real(out, value, max_decimals);
  return out;
}

TEST(FormatReal, TrimsAndRounds) {
  EXPECT_EQ(real(0), "0");
  EXPECT_EQ(real(-0.0), "0");
  EXPECT_EQ(real(2.0), "2");
  EXPECT_EQ(real(1.5), "1.5");
  EXPECT_EQ(real(0.1235, 3), "0.124");  // binary 0.1235 is a hair above
  EXPECT_EQ(real(-3.14159, 2), "-3.14");
  EXPECT_EQ(real(-0.0004, 3), "0");
  EXPECT_EQ(real(841.8897637795, 3), "841.89");
  EXPECT_EQ(real(1e-7, 3), "0");
  EXPECT_EQ(real(65535.9999, 3), "65536");
}

TEST(FormatReal, IgnoresTheLocale) {
  // A comma locale would turn printf("%f") into "1,5"; try one if present.
  const char* previous = std::setlocale(LC_NUMERIC, nullptr);
  const std::string saved = previous ? previous : "C";
  if (std::setlocale(LC_NUMERIC, "de_DE.UTF-8") || std::setlocale(LC_NUMERIC, "fr_FR.UTF-8")) {
    EXPECT_EQ(real(1.5), "1.5");
  }
  std::setlocale(LC_NUMERIC, saved.c_str());
  EXPECT_EQ(real(1234567.25, 2), "1234567.25");  // no grouping either
}

TEST(FormatFixed, AppendsToWhatIsThere) {
  std::string out = "1 0 0 1 ";
  append_real(out, 72.0005, 3);  // × 1000 is 72000.5 in binary: half away from zero
  out += ' ';
  append_fixed(out, -1050, 3);
  out += ' ';
  append_fixed(out, 556500, 3);
  out += ' ';
  append_fixed(out, -1, 3);
  out += ' ';
  append_real(out, 0.1, 2);
  out += ' ';
  append_hex_code(out, 0x3A);
  out += ' ';
  append_hex_code(out, 0xABCD);
  EXPECT_EQ(out, "1 0 0 1 72.001 -1.05 556.5 -0.001 0.1 003A ABCD");
}

TEST(HexAndUtf16, Codes) {
  EXPECT_EQ(utf16be_hex("A"), "0041");
  EXPECT_EQ(utf16be_hex("ffi"), "006600660069");
  EXPECT_EQ(utf16be_hex("\xE8\xAE\xAD"), "8BAD");                 // 训
  EXPECT_EQ(utf16be_hex("\xF0\xA0\x80\x80"), "D840DC00");         // U+20000, astral
  EXPECT_EQ(utf16be_hex("\xFF"), "FFFD");
}

TEST(Dates, PdfAndXmp) {
  EXPECT_EQ(pdf_date(0), "D:19700101000000+00'00'");
  EXPECT_EQ(pdf_date(1700000000), "D:20231114221320+00'00'");
  EXPECT_EQ(xmp_date(1700000000), "2023-11-14T22:13:20+00:00");
  EXPECT_EQ(pdf_date(951782400), "D:20000229000000+00'00'");  // leap day
}

TEST(Hashes, StableAndTagShaped) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  const std::string tag = subset_tag(12345);
  ASSERT_EQ(tag.size(), 6u);
  for (char c : tag) EXPECT_TRUE(c >= 'A' && c <= 'Z');
  EXPECT_EQ(tag, subset_tag(12345));
  EXPECT_NE(tag, subset_tag(12346));
  EXPECT_NE(digest128("a"), digest128("b"));
}

TEST(ToUnicode, CharsRangesAndLigatures) {
  const std::map<std::uint16_t, std::string> unicode{
      {1, "H"}, {2, "x"}, {3, "f"}, {4, "g"}, {5, "h"},   // 3..5 → a range (f, g, h)
      {6, "ffi"},                                        // ligature
      {7, ""},                                           // nothing: left out
      {0x20, "\xF0\xA0\x80\x80"},                        // astral
  };
  const std::string cmap = to_unicode_cmap(unicode);
  EXPECT_NE(cmap.find("1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"), std::string::npos) << cmap;
  EXPECT_NE(cmap.find("4 beginbfchar\n<0001> <0048>\n<0002> <0078>\n<0006> <006600660069>\n<0020> <D840DC00>\nendbfchar\n"),
            std::string::npos)
      << cmap;
  EXPECT_NE(cmap.find("1 beginbfrange\n<0003> <0005> <0066>\nendbfrange\n"), std::string::npos) << cmap;
  EXPECT_EQ(cmap.find("<0007>"), std::string::npos);
}

TEST(ToUnicode, RangesNeverCrossAByteBoundary) {
  std::map<std::uint16_t, std::string> unicode;
  for (std::uint16_t code = 0xFE; code <= 0x101; ++code) unicode[code] = std::string(1, static_cast<char>('A' + code - 0xFE));
  const std::string cmap = to_unicode_cmap(unicode);
  EXPECT_NE(cmap.find("<00FE> <00FF> <0041>"), std::string::npos) << cmap;
  EXPECT_NE(cmap.find("<0100> <0101> <0043>"), std::string::npos) << cmap;
}

TEST(ToUnicode, AtMostAHundredEntriesPerBlock) {
  std::map<std::uint16_t, std::string> unicode;
  for (std::uint16_t code = 0; code < 250; ++code) unicode[static_cast<std::uint16_t>(code * 2)] = "x";
  const std::string cmap = to_unicode_cmap(unicode);
  EXPECT_NE(cmap.find("100 beginbfchar"), std::string::npos);
  EXPECT_NE(cmap.find("50 beginbfchar"), std::string::npos);
  EXPECT_EQ(cmap.find("beginbfrange"), std::string::npos);
}

// mupdf reads no destination past 8 UTF-16 units (PDF_MRANGE_CAP): a longer
// text is cut to whole words, else whole characters, and never to nothing.
TEST(ToUnicode, NoDestinationLongerThanMupdfReads) {
  const std::pair<const char*, const char*> cuts[] = {
      {"Email:", "Email:"},
      {"Website:", "Website:"},
      {"Location:", "Location"},
      {"Google Scholar", "Google"},
      {"Website: ab", "Website:"},
      // Four astral characters are eight units; a fifth does not fit.
      {"\U00020000\U00020001\U00020002\U00020003\U00020004", "\U00020000\U00020001\U00020002\U00020003"},
      {"\U00020000", "\U00020000"},
  };
  for (const auto& [text, cut] : cuts) EXPECT_EQ(to_unicode_text(text), cut) << text;
  const std::string cmap = to_unicode_cmap({{1, "Location:"}, {2, "ORCID iD:"}});
  EXPECT_NE(cmap.find("<0001> <004C006F0063006100740069006F006E>"), std::string::npos) << cmap;
  EXPECT_NE(cmap.find("<0002> <004F0052004300490044>"), std::string::npos) << cmap;
}

}  // namespace
}  // namespace cvpdf::pdf
