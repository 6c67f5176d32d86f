// End to end: glyphs a typographer would keep (issue #28, item 4). + and ×
// against letters and digits ("C++", "130+", "6×", "0.12×", "10,000×") are
// set no wider apart than a thin space in every theme's faces, measured on
// the ink of the rendered page (glyph_properties.hpp), while an operator
// between spaces keeps its spaces.
#include <gtest/gtest.h>

#include <unicode/uchar.h>

#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "glyph_properties.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* const kThemes[] = {"classic", "moderncv", "engineering", "sidebar", "academic", "zh"};

// Regular, bold and italic, in a heading, a headline, a bullet and a phone
// number, the cases the issue names and a spaced "a + b × c".
constexpr const char* kSymbols = R"(languages: [en]
person:
  name: Ada Example
  headline: C++ Engineer
  email: ada@example.com
  phone: "+86 138 0000 0000"
sections:
  - title: C++ Work
    entries:
      - org: Example Corp
        role: Software Engineer
        start: 2021-09
        end: present
        bullets:
          - Rewrote the C++ kernels of 130+ services, 6× faster; from 0.12× to 0.72× of peak, 10,000× speedup.
          - "Bold: **C++ and 6× and 130+** and *italic C++ 6× 0.12×*; a spaced sum a + b × c stays spaced."
)";

RenderedPdf render(const std::string& options) {
  const std::string dir = temp_dir();
  write_file(dir + "/symbols.yaml", kSymbols);
  RenderedPdf pdf;
  pdf.path = dir + "/symbols.pdf";
  const Result r = run(cvpdf() + " '" + dir + "/symbols.yaml' " + options + " -o '" + pdf.path + "'");
  EXPECT_EQ(r.status, 0) << options << ": " << r.err;
  pdf.glyphs = read_glyph_boxes(pdf.path);
  pdf.text = pdf_text(pdf.path);
  return pdf;
}

TEST(TightSymbols, AreSetWithinAThinSpaceInEveryThemesFaces) {
  for (const char* theme : kThemes) {
    const RenderedPdf pdf = render(std::string("--theme ") + theme);
    std::string error;
    const auto gaps = measure_symbol_gaps(pdf, error);
    ASSERT_TRUE(error.empty()) << theme << ": " << error;
    // C+, ++ (×3 places: headline, heading, bullets …), +8, 0+, 6×, 2×, 0×: all found.
    EXPECT_GE(gaps.size(), 20u) << theme;
    const PropertyReport report = check_tight_symbols(pdf);
    std::string violations;
    for (const auto& v : report.violations) violations += "\n  " + v;
    EXPECT_TRUE(report.violations.empty()) << theme << ":" << violations;
    std::printf("%s: %s\n", theme, report.figures.c_str());
  }
}

// The showcase (resume.yaml: "C++", "6×", "0.12×", "10,000×", "130+"),
// in every theme and both languages.
TEST(TightSymbols, AreSetWithinAThinSpaceInTheShowcase) {
  for (const char* theme : kThemes)
    for (const char* language : {"en", "zh"}) {
      RenderedPdf pdf;
      pdf.path = temp_dir() + "/showcase.pdf";
      const Result r = run(cvpdf() + " '" + source("resume.yaml") + "' --theme " + theme + " --lang " + language +
                           " -o '" + pdf.path + "'");
      ASSERT_EQ(r.status, 0) << theme << " " << language << ": " << r.err;
      pdf.glyphs = read_glyph_boxes(pdf.path);
      const PropertyReport report = check_tight_symbols(pdf);
      std::string violations;
      for (const auto& v : report.violations) violations += "\n  " + v;
      EXPECT_TRUE(report.violations.empty()) << theme << " " << language << ":" << violations;
      std::printf("showcase %s %s: %s\n", theme, language, report.figures.c_str());
    }
}

// A one-page PDF of Helvetica (a standard font, not embedded) setting
// `content` (a text object's operators).
std::string helvetica_pdf(const std::string& content) {
  std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 100] /Contents 4 0 R "
      "/Resources << /Font << /F1 5 0 R >> >> >>",
      "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"};
  std::string pdf = "%PDF-1.4\n";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const std::size_t xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (std::size_t offset : offsets) {
    char line[24];
    std::snprintf(line, sizeof line, "%010zu 00000 n \n", offset);
    pdf += line;
  }
  pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n" +
         std::to_string(xref) + "\n%%EOF\n";
  return pdf;
}

RenderedPdf read_pdf(const std::string& bytes) {
  RenderedPdf pdf;
  pdf.path = temp_dir() + "/crafted.pdf";
  write_file(pdf.path, bytes);
  pdf.glyphs = read_glyph_boxes(pdf.path);
  return pdf;
}

// The check measures ink: "C++" and "6×" drawn five times as wide (Tz
// 500: bearings a fifth of an em wide) fail it, and it says where; as
// Helvetica sets them they pass; "a + b", an operator between words, is
// not its business. (Glyphs set apart by the pen, not by their bearings,
// mupdf reads with a space between, which is no pair to measure.)
TEST(TightSymbols, TheCheckFailsOnSymbolsSetApartAndHoldsOnTightOnes) {
  const RenderedPdf apart = read_pdf(helvetica_pdf(
      "BT /F1 20 Tf 500 Tz 20 60 Td (C++) Tj ET BT /F1 20 Tf 500 Tz 20 20 Td (6\327) Tj ET"));
  const PropertyReport bad = check_tight_symbols(apart);
  ASSERT_EQ(bad.violations.size(), 3u) << bad.figures;
  EXPECT_NE(bad.violations[0].find("\"C+\""), std::string::npos) << bad.violations[0];
  EXPECT_NE(bad.violations[2].find("\"6×\""), std::string::npos) << bad.violations[2];

  const RenderedPdf tight = read_pdf(helvetica_pdf("BT /F1 20 Tf 20 60 Td (C++ 6\327 a + b) Tj ET"));
  std::string error;
  const auto gaps = measure_symbol_gaps(tight, error);
  ASSERT_TRUE(error.empty()) << error;
  EXPECT_EQ(gaps.size(), 3u);  // C+, ++, 6×
  const PropertyReport good = check_tight_symbols(tight);
  EXPECT_TRUE(good.violations.empty()) << good.violations.front();
}

// An operator between spaces is left as the face sets it, and the text
// layer reads as typed.
TEST(TightSymbols, SpacedOperatorsAndTextAreKept) {
  const RenderedPdf pdf = render("--theme engineering");
  EXPECT_NE(pdf.text.find("C++ kernels of 130+ services, 6× faster"), std::string::npos) << pdf.text;
  EXPECT_NE(pdf.text.find("a + b × c"), std::string::npos) << pdf.text;
  std::string error;
  for (const SymbolGap& gap : measure_symbol_gaps(pdf, error))
    EXPECT_TRUE(gap.pair != "a+" && gap.pair != "+b" && gap.pair != "b×") << gap.pair << " in " << gap.context;
}

// ---- emoji --------------------------------------------------------------

// The faces mupdf names for each emoji of `pdf` (Extended_Pictographic
// characters drawn as glyphs).
std::set<std::string> emoji_fonts(const RenderedPdf& pdf, std::string& emoji) {
  std::set<std::string> fonts;
  for (const GlyphPage& page : pdf.glyphs.glyph_pages)
    for (const GlyphLine& line : page.lines)
      for (const Glyph& g : line.glyphs) {
        const auto cps = code_points(g.text);
        if (cps.empty() || !u_hasBinaryProperty(static_cast<UChar32>(cps.front()), UCHAR_EXTENDED_PICTOGRAPHIC))
          continue;
        fonts.insert(g.font);
        emoji += g.text;
      }
  return fonts;
}

// A legend of emoji from different blocks (❤ is in the sans faces too,
// 🚀 only in the emoji ones) is drawn in one face, and reads back as typed.
// A colour emoji drawn in one colour is a warning, naming the characters.
TEST(Emoji, ALegendIsSetInOneFaceAndGreyIsAWarning) {
  const std::string dir = temp_dir();
  write_file(dir + "/emoji.yaml", R"(languages: [en]
person:
  name: Ada Example
  headline: "Legend: ❤ loved, ✅ done, 🚀 shipped, 🔴 blocked, 💻 remote"
sections:
  - title: Skills
    entries:
      - label: Tools
        text: Go, Python
)");
  RenderedPdf pdf;
  pdf.path = dir + "/emoji.pdf";
  const Result r = run(cvpdf() + " '" + dir + "/emoji.yaml' -o '" + pdf.path + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  pdf.glyphs = read_glyph_boxes(pdf.path);
  ASSERT_TRUE(pdf.glyphs.error.empty()) << pdf.glyphs.error;
  std::string emoji;
  const std::set<std::string> fonts = emoji_fonts(pdf, emoji);
  if (fonts.empty()) GTEST_SKIP() << "no installed face has these emoji (fonts-symbola): " << r.err;
  EXPECT_EQ(fonts.size(), 1u) << ::testing::PrintToString(fonts);
  EXPECT_EQ(emoji, "❤✅🚀🔴💻");
  EXPECT_NE(pdf_text(pdf.path).find("❤ loved, ✅ done, 🚀 shipped"), std::string::npos);
  // 🚀 🔴 ✅ 💻 are emoji by default; ❤ is a text symbol unless asked (❤️).
  EXPECT_NE(r.err.find("warning: colour emoji U+2705 ✅, U+1F680 🚀, U+1F534 🔴, U+1F4BB 💻 are drawn in one colour"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace cvpdf::test
