// The three kinds of font program on real fonts: TrueType (Lato), CID-keyed
// CFF from a collection (Noto Sans CJK SC), and name-keyed CFF (Inter, an
// .otf from the system, skipped when absent). Checks the subset contents
// directly: codes, widths, tags, descriptors.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <vector>

#include <hb.h>

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

// A hyphen the breaker added (text U+00AD) is a piece of the hyphen's
// glyph: a CID of its own past the glyphs, drawn with the hyphen's glyph
// through the /CIDToGIDMap, so its ToUnicode says U+00AD while the real
// hyphen's says "-" (PDF Reference 1.7, 10.7); a CFF program has no spare
// CID and keeps the hyphen's.
TEST(FontPrograms, AnAddedHyphenHasACidOfItsOwnInATrueTypeFont) {
  text::FontBook fonts;
  const text::Face& lato = fonts.face(fonts.load_file(kLatoPath));
  const std::uint32_t a = lato.glyph_for('a'), hyphen = lato.glyph_for('-');
  frame::Document doc = one_run(lato, "a-");
  auto& glyphs = std::get<frame::GlyphRun>(doc.pages[0].elements[0]).glyphs;
  glyphs.push_back(glyphs.back());
  glyphs.back().text = kSoftHyphenText;
  const auto usage = collect_font_usage(doc, fonts);
  ASSERT_EQ(usage.size(), 1u);
  EXPECT_EQ(usage[0].text.at(hyphen), "-");
  EXPECT_EQ(usage[0].alone.at(hyphen), "-");
  EXPECT_EQ(usage[0].pieces.at(hyphen), (std::set<std::string>{kSoftHyphenText}));
  const SubsetFont font = subset_font(lato, usage[0]);
  ASSERT_EQ(font.piece_codes.count({hyphen, kSoftHyphenText}), 1u);
  const EncodedGlyph own = font.glyphs.at(hyphen), soft = font.piece_codes.at({hyphen, kSoftHyphenText});
  EXPECT_NE(soft.code, own.code);
  for (const auto& [gid, encoded] : font.glyphs) EXPECT_LT(encoded.code, soft.code);
  EXPECT_EQ(soft.width, own.width);
  EXPECT_EQ(font.unicode.at(own.code), "-");
  EXPECT_EQ(font.unicode.at(soft.code), "\u00AD");
  ASSERT_EQ(font.cid_to_gid.size(), soft.code + 1u);
  EXPECT_EQ(font.cid_to_gid[soft.code], own.code);
  EXPECT_EQ(font.cid_to_gid[own.code], own.code);
  EXPECT_EQ(font.cid_to_gid[font.glyphs.at(a).code], font.glyphs.at(a).code);

  // Drawn only as an added hyphen: still named by its character to
  // hb-subset, and its own code reads U+00AD (no real hyphen to keep "-").
  FontUsage only_soft{lato.id, {hyphen}, {}, {}, {{hyphen, {kSoftHyphenText}}}};
  EXPECT_EQ(nominal_characters(lato, only_soft), (std::vector<char32_t>{U'-'}));
  const SubsetFont soft_only = subset_font(lato, only_soft);
  EXPECT_TRUE(soft_only.cid_to_gid.empty());
  EXPECT_EQ(soft_only.unicode.at(soft_only.glyphs.at(hyphen).code), "\u00AD");

  const text::Face& noto = fonts.face(fonts.load_file(kNotoCjkPath, kNotoCjkScIndex));
  const std::uint32_t noto_hyphen = noto.glyph_for('-');
  FontUsage cff{noto.id, {noto_hyphen}, {{noto_hyphen, "-"}}, {{noto_hyphen, "-"}}, {{noto_hyphen, {kSoftHyphenText}}}};
  const SubsetFont cff_font = subset_font(noto, cff);
  EXPECT_TRUE(cff_font.piece_codes.empty());
  EXPECT_TRUE(cff_font.cid_to_gid.empty());
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

unsigned u16_at(const std::string& bytes, std::size_t at) {
  return static_cast<unsigned>(static_cast<unsigned char>(bytes.at(at))) << 8 |
         static_cast<unsigned char>(bytes.at(at + 1));
}

// The table directory of an sfnt: tag → offset.
std::map<std::string, std::size_t> sfnt_tables(const std::string& sfnt) {
  std::map<std::string, std::size_t> tables;
  for (unsigned i = 0; i < u16_at(sfnt, 4); ++i) {
    const std::size_t record = 12 + 16 * std::size_t{i};
    tables[sfnt.substr(record, 4)] = std::size_t{u16_at(sfnt, record + 8)} << 16 | u16_at(sfnt, record + 10);
  }
  return tables;
}

TEST(FontPrograms, TrueTypeSubsetHasOnlyTheTablesAReaderDraws) {
  text::FontBook fonts;
  const text::Face& lato = fonts.face(fonts.load_file(kLatoPath));
  const SubsetFont font = subset_font(lato, collect_font_usage(one_run(lato, "Hinting"), fonts)[0]);
  const auto tables = sfnt_tables(font.font_file);
  std::set<std::string> tags;
  for (const auto& [tag, offset] : tables) tags.insert(tag);
  // No hinting (fpgm, prep, cvt, gasp, hdmx), nothing a CIDFontType2 with
  // /CIDToGIDMap /Identity never reads (cmap, name, OS/2, post, layout).
  EXPECT_EQ(tags, (std::set<std::string>{"glyf", "head", "hhea", "hmtx", "loca", "maxp"}));
  // maxp 1.0's maxSizeOfInstructions: the glyphs' own instructions are gone too.
  EXPECT_EQ(u16_at(font.font_file, tables.at("maxp") + 26), 0u);
}

TEST(FontPrograms, GlyphsThatAreTheirCharactersNominalGlyphsAreNamedByCharacter) {
  text::FontBook fonts;
  const text::Face& noto = fonts.face(fonts.load_file(kNotoCjkPath, kNotoCjkScIndex));
  FontUsage usage = collect_font_usage(one_run(noto, "训练，A"), fonts)[0];
  // In glyph order.
  EXPECT_EQ(nominal_characters(noto, usage), (std::vector<char32_t>{U'A', U'练', U'训', U'，'}));

  // The same glyphs named by id (a glyph without text forces it) give the
  // same subset, byte for byte.
  const SubsetFont by_character = subset_font(noto, usage);
  FontUsage without_text = usage;
  without_text.text.erase(noto.glyph_for(U'练'));
  EXPECT_TRUE(nominal_characters(noto, without_text).empty());
  const SubsetFont by_glyph = subset_font(noto, without_text);
  EXPECT_EQ(by_glyph.font_file, by_character.font_file);
  EXPECT_EQ(by_glyph.base_font, by_character.base_font);
  for (const auto& [gid, encoded] : by_character.glyphs) EXPECT_EQ(by_glyph.glyphs.at(gid).code, encoded.code);

  // Text of two characters (a ligature's), or a glyph that is not the text's
  // nominal glyph (an alternate): by id.
  FontUsage ligature = usage;
  ligature.text[noto.glyph_for(U'训')] = "训练";
  EXPECT_TRUE(nominal_characters(noto, ligature).empty());
  FontUsage alternate = usage;
  alternate.text[noto.glyph_for(U'训')] = "练";
  EXPECT_TRUE(nominal_characters(noto, alternate).empty());
}

TEST(FontPrograms, AGlyphNoCharacterNamesIsKept) {
  text::FontBook fonts;
  const text::Face& lato = fonts.face(fonts.load_file(kLatoPath));
  FontUsage usage = collect_font_usage(one_run(lato, "ab"), fonts)[0];
  // The last glyph of the font, with no text: only its id can name it.
  const std::uint32_t last = hb_face_get_glyph_count(lato.hb_face) - 1;
  usage.glyphs.insert(last);
  const SubsetFont font = subset_font(lato, usage);
  ASSERT_EQ(font.glyphs.count(last), 1u);
  EXPECT_EQ(font.glyphs.at(last).code, 3);  // after .notdef, a and b
}

// A CFF INDEX at `at`: its items, and the offset just past it.
std::vector<std::string> cff_index(const std::string& cff, std::size_t& at) {
  const unsigned count = u16_at(cff, at);
  if (count == 0) {
    at += 2;
    return {};
  }
  const unsigned off_size = static_cast<unsigned char>(cff.at(at + 2));
  auto offset = [&](unsigned i) {
    std::size_t v = 0;
    for (unsigned k = 0; k < off_size; ++k)
      v = v << 8 | static_cast<unsigned char>(cff.at(at + 3 + std::size_t{i} * off_size + k));
    return v;
  };
  const std::size_t data = at + 3 + std::size_t{count + 1} * off_size - 1;  // offsets count from 1
  std::vector<std::string> items;
  for (unsigned i = 0; i < count; ++i) items.push_back(cff.substr(data + offset(i), offset(i + 1) - offset(i)));
  at = data + offset(count);
  return items;
}

// The CharStrings INDEX of a bare CFF program, through the Top DICT's
// CharStrings operator (17).
std::vector<std::string> cff_charstrings(const std::string& cff) {
  std::size_t at = static_cast<unsigned char>(cff.at(2));  // hdrSize
  cff_index(cff, at);                                        // Name INDEX
  const std::string top = cff_index(cff, at).at(0);
  // Top DICT operands (CFF 4, table 3): only the integers matter here.
  long last = 0;
  for (std::size_t i = 0; i < top.size();) {
    const unsigned b0 = static_cast<unsigned char>(top[i]);
    const long b1 = i + 1 < top.size() ? static_cast<unsigned char>(top[i + 1]) : 0;
    if (b0 >= 32 && b0 <= 246) {
      last = static_cast<long>(b0) - 139;
      i += 1;
    } else if (b0 >= 247 && b0 <= 250) {
      last = (static_cast<long>(b0) - 247) * 256 + b1 + 108;
      i += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      last = -(static_cast<long>(b0) - 251) * 256 - b1 - 108;
      i += 2;
    } else if (b0 == 28) {
      last = static_cast<std::int16_t>(u16_at(top, i + 1));
      i += 3;
    } else if (b0 == 29) {
      last = static_cast<std::int32_t>(u16_at(top, i + 1) << 16 | u16_at(top, i + 3));
      i += 5;
    } else if (b0 == 30) {  // a real: nibbles up to one of 0xF
      while (++i < top.size() && (top[i] & 0x0F) != 0x0F && ((top[i] >> 4) & 0x0F) != 0x0F) {}
      i += 1;
    } else if (b0 == 17) {  // CharStrings
      auto charstrings = static_cast<std::size_t>(last);
      return cff_index(cff, charstrings);
    } else {
      i += b0 == 12 ? 2 : 1;
    }
  }
  return {};
}

// Whether a Type 2 charstring (without subroutine calls) declares stems or
// hint masks: hstem 1, vstem 3, hstemhm 18, hintmask 19, cntrmask 20,
// vstemhm 23.
bool has_hints(const std::string& charstring) {
  for (std::size_t i = 0; i < charstring.size();) {
    const unsigned b0 = static_cast<unsigned char>(charstring[i]);
    if (b0 == 1 || b0 == 3 || b0 == 18 || b0 == 19 || b0 == 20 || b0 == 23) return true;
    if (b0 == 10 || b0 == 29) ADD_FAILURE() << "a subroutine call in a desubroutinized charstring";
    if (b0 == 28) i += 3;
    else if (b0 == 12 || (b0 >= 247 && b0 <= 254)) i += 2;
    else if (b0 == 255) i += 5;
    else i += 1;
  }
  return false;
}

TEST(FontPrograms, CffSubsetIsUnhintedAndDesubroutinized) {
  text::FontBook fonts;
  const text::Face& noto = fonts.face(fonts.load_file(kNotoCjkPath, kNotoCjkScIndex));
  const SubsetFont font = subset_font(noto, collect_font_usage(one_run(noto, "训练"), fonts)[0]);
  const auto charstrings = cff_charstrings(font.font_file);
  ASSERT_EQ(charstrings.size(), 3u);  // .notdef, 训, 练
  for (const std::string& charstring : charstrings) EXPECT_FALSE(has_hints(charstring));
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
