// End to end: glyphs a typographer would keep (issue #28, item 4). + and ×
// against letters and digits ("C++", "130+", "6×", "0.12×", "10,000×") are
// set no wider apart than a thin space in every theme's faces, measured on
// the ink of the rendered page (glyph_properties.hpp), while an operator
// between spaces keeps its spaces. Emoji share one face; with a colour
// emoji face installed they are drawn as its pictures, in colour, over
// their invisible glyphs; without one, grey emoji are a warning.
#include <gtest/gtest.h>

#include <unicode/uchar.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "frame/photo.hpp"
#include "glyph_properties.hpp"
#include "pdf_structure.hpp"
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

// A fontconfig configuration in `dir` that knows only the directory of
// the monochrome emoji face (Symbola), as a machine without
// fonts-noto-color-emoji: empty when Symbola is not installed.
std::string grey_only_fonts(const std::string& dir) {
  const Result symbola = run("fc-match -f '%{file}' Symbola");
  if (symbola.status != 0 || symbola.out.find("Symbola") == std::string::npos) return {};
  const std::string folder = symbola.out.substr(0, symbola.out.rfind('/'));
  write_file(dir + "/fonts.conf", "<?xml version=\"1.0\"?>\n<fontconfig><dir>" + folder + "</dir><cachedir>" + dir +
                                      "/fc-cache</cachedir></fontconfig>\n");
  return "FONTCONFIG_FILE='" + dir + "/fonts.conf' ";
}

// A legend of emoji from different blocks (❤ is in the sans faces too,
// 🚀 only in the emoji ones) is drawn in one face, and reads back as typed.
// Without a colour emoji face, a colour emoji drawn in one colour is a
// warning, naming the characters.
TEST(Emoji, ALegendIsSetInOneFaceAndGreyIsAWarning) {
  const std::string dir = temp_dir();
  const std::string fonts = grey_only_fonts(dir);
  if (fonts.empty()) GTEST_SKIP() << "Symbola (fonts-symbola) is not installed";
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
  const Result r = run(fonts + cvpdf() + " '" + dir + "/emoji.yaml' -o '" + pdf.path + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  pdf.glyphs = read_glyph_boxes(pdf.path);
  ASSERT_TRUE(pdf.glyphs.error.empty()) << pdf.glyphs.error;
  std::string emoji;
  const std::set<std::string> faces = emoji_fonts(pdf, emoji);
  EXPECT_EQ(faces.size(), 1u) << ::testing::PrintToString(faces);
  EXPECT_EQ(emoji, "❤✅🚀🔴💻");
  EXPECT_NE(pdf_text(pdf.path).find("❤ loved, ✅ done, 🚀 shipped"), std::string::npos);
  // 🚀 🔴 ✅ 💻 are emoji by default; ❤ is a text symbol unless asked (❤️).
  EXPECT_NE(r.err.find("warning: colour emoji U+2705 ✅, U+1F680 🚀, U+1F534 🔴, U+1F4BB 💻 are drawn in one colour"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("fonts-noto-color-emoji"), std::string::npos) << r.err;
  // No pictures: the glyphs are what is drawn.
  EXPECT_EQ(run("pdfimages -list '" + pdf.path + "'").out.find(" image "), std::string::npos);
}

// The image XObjects `pdfimages -list` finds in `pdf` (not their masks):
// how many times each object is drawn, by object number.
std::map<int, int> drawn_images(const std::string& pdf) {
  std::map<int, int> drawn;
  std::istringstream lines(run("pdfimages -list '" + pdf + "'").out);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string page, num, type, width, height, color, comp, bpc, enc, interp;
    int object = 0;
    if (fields >> page >> num >> type >> width >> height >> color >> comp >> bpc >> enc >> interp >> object &&
        type == "image")
      ++drawn[object];
  }
  return drawn;
}

// Of the pixels of `png`, page 1 of `pdf` at 150 dpi, inside each emoji
// glyph's box (mupdf's quad), the share that is coloured: channels more
// than 80 of 255 apart (black, grey and white text have none).
std::vector<double> coloured_share_of_emoji(const std::string& pdf, const std::string& png, std::string& emoji) {
  const std::string bytes = read_file(png);
  const frame::PhotoInfo info = frame::probe_photo(bytes);
  std::vector<bool> coloured;
  frame::decode_png(bytes, [&](const unsigned char* c, const unsigned char*) {
    for (int x = 0; x < info.width; ++x) {
      const unsigned char* p = c + x * info.colour_components;
      coloured.push_back(info.colour_components >= 3 && std::max({p[0], p[1], p[2]}) - std::min({p[0], p[1], p[2]}) > 80);
    }
  });
  std::vector<double> shares;
  const GlyphBoxes boxes = read_glyph_boxes(pdf);
  if (boxes.glyph_pages.empty()) return shares;
  for (const GlyphLine& line : boxes.glyph_pages.front().lines)
    for (const Glyph& g : line.glyphs) {
      const auto cps = code_points(g.text);
      if (cps.empty() || !u_hasBinaryProperty(static_cast<UChar32>(cps.front()), UCHAR_EMOJI_PRESENTATION)) continue;
      emoji += g.text;
      const double k = 150.0 / 72.0;
      int all = 0, hue = 0;
      for (int y = static_cast<int>(g.quad.y0 * k); y < static_cast<int>(g.quad.y1 * k) && y < info.height; ++y)
        for (int x = static_cast<int>(g.quad.x0 * k); x < static_cast<int>(g.quad.x1 * k) && x < info.width; ++x) {
          ++all;
          hue += coloured[static_cast<std::size_t>(y) * static_cast<std::size_t>(info.width) + static_cast<std::size_t>(x)];
        }
      shares.push_back(all ? static_cast<double>(hue) / all : 0);
    }
  return shares;
}

constexpr const char* kColourLegend = R"(languages: [en]
person:
  name: Ada Example
sections:
  - title: Projects
    entries:
      - label: Status
        text: "Launch 🚀 shipped, tests ✅ done, build 🔴 blocked, again 🚀 twice."
)";

// With a colour emoji face installed (fonts-noto-color-emoji), each emoji
// is drawn as its picture over its glyph's box, one image per distinct
// emoji, while the text still reads the emoji; no warning; the same bytes
// each run; and the tagged PDF/A still passes the checks (the pictures are
// artifacts).
TEST(Emoji, AColourFaceDrawsThemInColour) {
  if (run("fc-list ':color=true:charset=1f680' file").out.empty())
    GTEST_SKIP() << "no colour emoji face is installed (fonts-noto-color-emoji)";
  const std::string dir = temp_dir();
  write_file(dir + "/emoji.yaml", kColourLegend);
  const std::string pdf = dir + "/emoji.pdf";
  const Result r = run(cvpdf() + " -v '" + dir + "/emoji.yaml' -o '" + pdf + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find("warning: colour emoji"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("colour pictures of 3 emoji"), std::string::npos) << r.err;

  // 🚀 ✅ 🔴: three images, the rocket's drawn twice.
  const std::map<int, int> drawn = drawn_images(pdf);
  EXPECT_EQ(drawn.size(), 3u) << run("pdfimages -list '" + pdf + "'").out;
  std::vector<int> counts;
  for (const auto& [object, times] : drawn) counts.push_back(times);
  std::sort(counts.begin(), counts.end());
  EXPECT_EQ(counts, (std::vector<int>{1, 1, 2}));

  EXPECT_NE(pdf_text(pdf).find("Launch 🚀 shipped, tests ✅ done, build 🔴 blocked, again 🚀 twice."), std::string::npos)
      << pdf_text(pdf);
  // Where each emoji's glyph is, the page is in colour. Measured: 🚀 ✅ 🔴
  // 🚀 colour 15 %, 55 %, 54 %, 15 % of their boxes (Symbola's grey
  // glyphs in the blue headline of the test above: 3 to 8 %).
  ASSERT_EQ(run("pdftoppm -r 150 -f 1 -l 1 -singlefile -png '" + pdf + "' '" + dir + "/poppler'").status, 0);
  std::string emoji;
  const std::vector<double> shares = coloured_share_of_emoji(pdf, dir + "/poppler.png", emoji);
  EXPECT_EQ(emoji, "🚀✅🔴🚀");
  for (std::size_t i = 0; i < shares.size(); ++i) EXPECT_GT(shares[i], 0.1) << "emoji " << i << " of " << emoji;
  // The PNG preview draws the same pictures in the same places.
  ASSERT_EQ(run(cvpdf() + " '" + dir + "/emoji.yaml' --dpi 150 -o '" + dir + "/preview-{page}.png'").status, 0);
  emoji.clear();
  const std::vector<double> preview = coloured_share_of_emoji(pdf, dir + "/preview-1.png", emoji);
  EXPECT_EQ(emoji, "🚀✅🔴🚀");
  for (std::size_t i = 0; i < preview.size(); ++i)
    EXPECT_GT(preview[i], 0.1) << "emoji " << i << " of " << emoji << " in the preview";

  // Reproducible, and valid as tagged PDF/A.
  const std::string again = dir + "/again.pdf";
  ASSERT_EQ(run(cvpdf() + " '" + dir + "/emoji.yaml' -o '" + again + "'").status, 0);
  EXPECT_TRUE(read_file(pdf) == read_file(again)) << "two runs differ";
  const std::string pdfa = dir + "/emoji-a.pdf";
  ASSERT_EQ(run(cvpdf() + " --pdfa '" + dir + "/emoji.yaml' -o '" + pdfa + "'").status, 0);
  EXPECT_EQ(run("qpdf --check '" + pdfa + "'").status, 0);
  const TaggedPdf tagged = read_tagged_pdf(pdfa);
  ASSERT_EQ(tagged.error, "");
  const Violations v = check_all(tagged);
  EXPECT_TRUE(v.empty()) << ::testing::PrintToString(v);
  EXPECT_TRUE(claims_pdfua(tagged));
}

}  // namespace
}  // namespace cvpdf::test
