// Damaged fonts at embedding time: a glyph id past the font's glyph count
// (issue 9, item 18: once "this is a bug in cvpdf"), and a font file cut
// short before subsetting. Both must name the font file, and the layout key
// when the face knows it.
#include <gtest/gtest.h>

#include <filesystem>

#include "pdf/font_subset.hpp"
#include "pdf/pdf_writer.hpp"
#include "pdf_test_support.hpp"
#include "text/font_lookup.hpp"

namespace cvpdf::pdf {
namespace {

using namespace testing;

std::string corpus(const std::string& name) { return std::string(CVPDF_SOURCE_DIR) + "/tests/fuzz/corpus/fonts/" + name; }

// maxp says 3 glyphs; cmap maps "A" to glyph 5.
TEST(FontDamage, AGlyphPastTheCountNamesTheFontAndTheLayoutKey) {
  text::FontBook fonts;
  text::FontRequest request{corpus("maxp-fewer-glyphs-lato"), text::Weight::Regular, text::Slant::Upright, "en", ""};
  request.origin = SourceSpan{"layouts/x.yaml", 3, 10};
  const auto id = text::find_face(fonts, request);
  ASSERT_TRUE(id);
  try {
    write_pdf(one_run(fonts.face(*id), "Ada"), fonts);
    FAIL() << "a glyph past the font's count was embedded";
  } catch (const FatalError& e) {
    const Diagnostic& d = e.diagnostic();
    EXPECT_EQ(d.span.to_string(), "layouts/x.yaml:3:10");
    EXPECT_NE(d.message.find(corpus("maxp-fewer-glyphs-lato")), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("damaged"), std::string::npos) << d.message;
    EXPECT_EQ(d.hint.find("bug"), std::string::npos) << d.hint;
  }
}

TEST(FontDamage, WithoutALayoutKeyTheMessageIsAtTheFile) {
  text::FontBook fonts;
  const text::Face& face = fonts.face(fonts.load_file(corpus("maxp-fewer-glyphs-noto")));
  try {
    collect_font_usage(one_run(face, "训练中文"), fonts);
    FAIL() << "a glyph past the font's count was accepted";
  } catch (const FatalError& e) {
    EXPECT_EQ(e.diagnostic().span.file, face.path);
    EXPECT_EQ(e.diagnostic().hint.find("bug"), std::string::npos);
  }
}

TEST(FontDamage, AFontCutShortBeforeSubsettingIsAnError) {
  ScratchDir dir("font-damage");
  const auto path = dir / "cut.ttf";
  std::filesystem::copy_file(kLatoPath, path);
  text::FontBook fonts;
  const text::Face& face = fonts.face(fonts.load_file(path.string()));
  const frame::Document doc = one_run(face, "Ada");
  const auto usage = collect_font_usage(doc, fonts);
  std::filesystem::resize_file(path, 8192);
  try {
    subset_font(face, usage[0]);
    FAIL() << "subsetting a font cut short succeeded";
  } catch (const FatalError& e) {
    EXPECT_EQ(e.diagnostic().span.file, path.string());
    EXPECT_NE(e.diagnostic().message.find("changed while cvpdf was reading it"), std::string::npos)
        << e.diagnostic().message;
  }
}

// Every corpus file that opens is embedded or refused cleanly (the fuzz
// target does more; this keeps the PDF suite honest on its own).
TEST(FontDamage, EveryCorpusFontEmbedsOrIsRefused) {
  for (const auto& entry : std::filesystem::directory_iterator(corpus(""))) {
    text::FontBook fonts;
    try {
      const text::Face& face = fonts.face(fonts.load_file(entry.path().string()));
      write_pdf(one_run(face, "Ada 训练 01"), fonts);
    } catch (const FatalError& e) {
      EXPECT_EQ(e.diagnostic().hint.find("bug in cvpdf"), std::string::npos)
          << entry.path() << ": " << e.diagnostic().format();
    }
  }
}

}  // namespace
}  // namespace cvpdf::pdf
