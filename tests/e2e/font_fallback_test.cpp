// End to end for system font fallback: a bullet of emoji and symbols that
// the theme's faces (Lato, Noto Sans CJK) lack renders with installed
// faces (Symbola, DejaVu Sans: scripts/setup.sh), which pdffonts lists,
// the depfile names and -v reports; pdftotext gives the characters back
// and no glyph drawn is .notdef. A character no installed font has warns
// at its bullet and is drawn as U+FFFD, not a blank. The showcase examples
// need no fallback at all.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* kResume = R"(languages: [en]
person:
  name: Ada Lovelace
  email: ada@example.org
sections:
  - title: Experience
    entries:
      - org: Analytical Engines
        role: Engineer
        bullets:
          - "Shipped ✓ on time ★ 🚀 launch 😀 team 👩‍💻 pairing 👍🏽 ☂ ⌘ done"
          - "An unassigned code point: \u0378 here"
)";

struct Rendered {
  std::string dir, pdf;
  Result result;
};

const Rendered& rendered() {
  static const Rendered r = [] {
    Rendered out;
    out.dir = temp_dir();
    out.pdf = out.dir + "/cv.pdf";
    write_file(out.dir + "/r.yaml", kResume);
    out.result = run("SOURCE_DATE_EPOCH=1700000000 " + cvpdf() + " -v '" + out.dir + "/r.yaml' -M '" + out.dir +
                     "/cv.d' -o '" + out.pdf + "'");
    return out;
  }();
  return r;
}

// Every glyph code the page's content streams show (Identity-H: two bytes
// each, in hex strings), for the .notdef check.
std::vector<std::string> shown_glyphs(const std::string& pdf) {
  const std::string objects = pdf_objects(pdf);
  std::vector<std::string> codes;
  std::size_t line_start = 0;
  while (line_start < objects.size()) {
    std::size_t line_end = objects.find('\n', line_start);
    if (line_end == std::string::npos) line_end = objects.size();
    const std::string line = objects.substr(line_start, line_end - line_start);
    line_start = line_end + 1;
    if (line.size() < 2 || (line.compare(line.size() - 2, 2, "TJ") != 0 && line.compare(line.size() - 2, 2, "Tj") != 0))
      continue;
    for (std::size_t open = line.find('<'); open != std::string::npos; open = line.find('<', open + 1)) {
      const std::size_t close = line.find('>', open);
      if (close == std::string::npos) break;
      const std::string hex = line.substr(open + 1, close - open - 1);
      for (std::size_t k = 0; k + 4 <= hex.size(); k += 4) codes.push_back(hex.substr(k, 4));
      open = close;
    }
  }
  return codes;
}

TEST(FontFallback, EmojiAndSymbolsRenderInInstalledFaces) {
  const Rendered& r = rendered();
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  const std::string fonts = run("pdffonts '" + r.pdf + "'").out;
  EXPECT_NE(fonts.find("+Symbola"), std::string::npos) << fonts;
  EXPECT_NE(fonts.find("+DejaVuSans"), std::string::npos) << fonts;
  const std::string text = pdf_text(r.pdf);
  for (const char* s : {"✓", "★", "🚀", "😀", "👩", "💻", "👍", "☂", "⌘", "done"})
    EXPECT_NE(text.find(s), std::string::npos) << s << " not in: " << text;
  const auto codes = shown_glyphs(r.pdf);
  ASSERT_GT(codes.size(), 20u);
  for (const auto& code : codes) EXPECT_NE(code, "0000") << "a .notdef glyph is drawn";
}

TEST(FontFallback, VerboseAndTheDepfileNameTheFallbackFaces) {
  const Rendered& r = rendered();
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_NE(r.result.err.find("Symbola_hint.ttf, fallback for U+1F680 🚀"), std::string::npos) << r.result.err;
  const std::string depfile = read_file(r.dir + "/cv.d");
  EXPECT_NE(depfile.find("Symbola_hint.ttf"), std::string::npos) << depfile;
  EXPECT_NE(depfile.find("DejaVuSans.ttf"), std::string::npos) << depfile;
}

TEST(FontFallback, ACharacterNoFontHasWarnsAtItsBulletAndIsVisible) {
  const Rendered& r = rendered();
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_NE(r.result.err.find("r.yaml:12:13: warning: no installed font has the character U+0378"),
            std::string::npos)
      << r.result.err;
  // Only that one: every other character found a face. (The emoji's
  // colour lost in Symbola is a warning of its own, glyphs_test's.)
  std::size_t warnings = 0;
  for (std::size_t at = r.result.err.find("warning:"); at != std::string::npos; at = r.result.err.find("warning:", at + 1))
    if (r.result.err.compare(at, 22, "warning: colour emoji ") != 0) ++warnings;
  EXPECT_EQ(warnings, 1u) << r.result.err;
  // The replacement reads back as the character written.
  EXPECT_NE(pdf_text(r.pdf).find("point: \u0378 here"), std::string::npos) << pdf_text(r.pdf);
}

TEST(FontFallback, TheExamplesNeedNoFallback) {
  const std::string dir = temp_dir();
  Result r = run(cvpdf() + " -v --all '" + source("examples/rich.yaml") + "' -o '" + dir + "/r-{lang}.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find("fallback for"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("no installed font"), std::string::npos) << r.err;
}

TEST(FontFallback, ATextOfManyCharactersNoFontHasIsOneWarning) {
  // Unassigned code points no font can have: a whole text of them is one
  // problem, said once with the count and the first few, not once each.
  std::string text;
  for (char32_t cp : {0x0378, 0x0379, 0x0380, 0x0381, 0x0382, 0x0383, 0x038B, 0x038D}) {
    text += static_cast<char>(0xC0 | (cp >> 6));
    text += static_cast<char>(0x80 | (cp & 0x3F));
    text += ' ';
  }
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person:\n  name: Ada Example\nsections:\n  - title: Work\n    entries:\n"
                              "      - role: Engineer\n        bullets:\n          - \"" + text + "\"\n"
                              "          - \"and \u0378 again\"\n");
  const Result r = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  std::size_t warnings = 0;
  for (std::size_t at = r.err.find("warning:"); at != std::string::npos; at = r.err.find("warning:", at + 1)) ++warnings;
  EXPECT_EQ(warnings, 1u) << "one for the text; the second bullet's character was warned of already\n" << r.err;
  EXPECT_NE(r.err.find("r.yaml:8:13: warning: no installed font has 8 of this text's characters (U+0378 '"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("and 5 more); they are set as replacement boxes"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace cvpdf::test
