// The three kinds of font program on real fonts: TrueType (Lato), CID-keyed
// CFF from a collection (Noto Sans CJK SC), and name-keyed CFF (Inter, an
// .otf from the system, skipped when absent). Checks the subset contents
// directly: codes, widths, tags, descriptors.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "pdf/font_subset.hpp"
#include "pdf/pdf_writer.hpp"
#include "pdf_test_support.hpp"

namespace cvpdf::pdf {
namespace {

using namespace testing;

const std::string kInterPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf";

TEST(FontPrograms, TrueTypeCodesAreSubsetGlyphIds) {
  text::FontBook fonts;
  const text::Face& lato = fonts.face(fonts.load_file(kLatoPath));
  const auto usage = collect_font_usage(one_run(lato, "abca"), fonts);
  ASSERT_EQ(usage.size(), 1u);
  EXPECT_EQ(usage[0].glyphs.size(), 3u);
  const SubsetFont font = subset_font(lato, usage[0]);
  EXPECT_EQ(font.program, FontProgram::TrueType);
  EXPECT_TRUE(std::regex_match(font.base_font, std::regex("[A-Z]{6}\\+Lato-Regular")));
  // .notdef is 0, then the used glyphs in their original order.
  std::set<std::uint16_t> codes;
  for (const auto& [gid, encoded] : font.glyphs) codes.insert(encoded.code);
  EXPECT_EQ(codes, (std::set<std::uint16_t>{1, 2, 3}));
  const std::uint32_t a = lato.glyph_for('a');
  EXPECT_EQ(font.glyphs.at(a).width, static_cast<std::int64_t>(lato.advance(a)) * 1000000 / lato.units_per_em);
  EXPECT_EQ(font.unicode.at(font.glyphs.at(a).code), "a");
  EXPECT_LT(font.font_file.size(), 20000u);  // from 660 KB
  EXPECT_EQ(font.font_file.substr(0, 4), std::string("\0\1\0\0", 4));
  EXPECT_EQ(font.flags, 4);
  EXPECT_GT(font.stem_v, 0);
  EXPECT_LT(font.descent, 0);

  // The tag depends on the glyph set only.
  EXPECT_EQ(subset_font(lato, usage[0]).base_font, font.base_font);
  const auto other = collect_font_usage(one_run(lato, "abcd"), fonts);
  EXPECT_NE(subset_font(lato, other[0]).base_font, font.base_font);
}

TEST(FontPrograms, CidKeyedCffCodesAreCids) {
  text::FontBook fonts;
  const text::Face& noto = fonts.face(fonts.load_file(kNotoCjkPath, kNotoCjkScIndex));
  ASSERT_TRUE(noto.is_cid_keyed);
  const auto usage = collect_font_usage(one_run(noto, "训练"), fonts);
  const SubsetFont font = subset_font(noto, usage[0]);
  EXPECT_EQ(font.program, FontProgram::CffCid);
  // A bare CFF program: header major version 1.
  ASSERT_GT(font.font_file.size(), 4u);
  EXPECT_EQ(font.font_file[0], 1);
  for (const auto& [gid, encoded] : font.glyphs) {
    // Noto CJK is Adobe-Identity-0 keyed: a glyph's CID is its original id.
    EXPECT_EQ(encoded.code, gid);
    EXPECT_EQ(encoded.width, 1000000);
  }
}

TEST(FontPrograms, NameKeyedCffRendersAndExtracts) {
  if (!std::filesystem::exists(kInterPath)) GTEST_SKIP() << kInterPath << " not installed";
  text::FontBook fonts;
  const text::Face& inter = fonts.face(fonts.load_file(kInterPath));
  ASSERT_TRUE(inter.is_cff);
  ASSERT_FALSE(inter.is_cid_keyed);
  const frame::Document doc = one_run(inter, "Quartz glyphs");
  const auto usage = collect_font_usage(doc, fonts);
  EXPECT_EQ(subset_font(inter, usage[0]).program, FontProgram::CffNamed);

  ScratchDir scratch("pdf-cff-named");
  const auto file = scratch / "inter.pdf";
  write_file(file, write_pdf(doc, fonts));
  const auto check = run_command("qpdf --check " + quote(file));
  EXPECT_EQ(check.status, 0) << check.output;
  const auto text = run_command("pdftotext " + quote(file) + " -");
  EXPECT_NE(text.output.find("Quartz glyphs"), std::string::npos) << text.output;
  const auto list = run_command("pdffonts " + quote(file));
  EXPECT_TRUE(std::regex_search(list.output, std::regex(R"(\+Inter-Regular-Identity-H +CID Type 0C .* yes +yes +yes)")))
      << list.output;
  const auto render = run_command("pdftoppm -r 80 -png -singlefile " + quote(file) + " " + quote(scratch / "inter"));
  EXPECT_EQ(render.output, "");
}

}  // namespace
}  // namespace cvpdf::pdf
