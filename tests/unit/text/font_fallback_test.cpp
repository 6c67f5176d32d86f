// System fallback (font_fallback.hpp, FontBook::fallback_face, the shaper's
// choose_faces): a character no face of the chain has is set in an
// installed face that has it (DejaVu Sans or Symbola, which
// scripts/setup.sh installs), the same one whatever the order of lookups,
// each face loaded once and each character looked up once; one that no
// installed font has is a visible U+FFFD, never a blank; emoji sequences
// stay in one face; and the cost stays linear in the text's length.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "core/utf8.hpp"
#include "test_fonts.hpp"
#include "text/font_fallback.hpp"
#include "text/font_tables.hpp"
#include "text/shaper.hpp"
#include "work_count.hpp"

namespace cvpdf::text {
namespace {

class FontFallback : public testing::TextTest {
 protected:
  std::vector<ShapedRun> shape_en(const std::string& text, const FontChain& chain,
                                  std::vector<char32_t>* missing = nullptr) {
    ShapeOptions options;
    options.size = pt(10);
    options.language = "en";
    return shape(book, text, 0, text.size(), chain, options, missing);
  }
  // The face that sets the character at byte `at` of the shaped text.
  static FaceId face_at(const std::vector<ShapedRun>& runs, std::size_t at) {
    for (const auto& r : runs)
      if (at >= r.text_begin && at < r.text_end) return r.face;
    return kNoFace;
  }
};

bool has_outlines(const Face& face) {
  return !FontTable(face.hb_face, "glyf").empty() || !FontTable(face.hb_face, "CFF ").empty();
}

TEST_F(FontFallback, SymbolsAndEmojiLatoLacksComeFromInstalledFaces) {
  const FaceId lato = testing::lato(book);
  const std::string text = "✓ ★ → ☂ ⌘ 🚀 😀";
  std::vector<char32_t> missing;
  auto runs = shape_en(text, FontChain{{lato}}, &missing);
  EXPECT_TRUE(missing.empty());
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t at = pos;
    const char32_t cp = utf8::decode(text, pos);
    if (cp == U' ') continue;
    const FaceId id = face_at(runs, at);
    ASSERT_NE(id, kNoFace);
    if (cp == U'→') {  // Lato has it: the chain comes first
      EXPECT_EQ(id, lato);
      continue;
    }
    ASSERT_NE(id, lato) << "U+" << std::hex << static_cast<unsigned>(cp);
    const Face& face = book.face(id);
    EXPECT_TRUE(face.family == "DejaVu Sans" || face.family == "Symbola") << face.family;
    EXPECT_TRUE(has_outlines(face)) << face.path;
    EXPECT_NE(face.glyph_for(cp), 0u);
    EXPECT_NE(std::find(face.fallback_for.begin(), face.fallback_for.end(), cp), face.fallback_for.end());
  }
  for (const auto& r : runs)
    for (const auto& g : r.glyphs) EXPECT_NE(g.glyph, 0u) << "a .notdef at byte " << g.cluster;
  // DejaVu has no rocket: a monochrome emoji face does.
  EXPECT_EQ(book.face(face_at(runs, text.find("🚀"))).family, "Symbola");
}

TEST_F(FontFallback, EachFaceIsLoadedOnceAndEachCharacterLookedUpOnce) {
  const FaceId lato = testing::lato(book);
  const FaceId rocket = book.fallback_face(U'🚀', "en", Weight::Regular, Slant::Upright);
  ASSERT_NE(rocket, kNoFace);
  const std::size_t faces = book.size();
  EXPECT_EQ(book.fallback_face(U'🚀', "en", Weight::Regular, Slant::Upright), rocket);
  EXPECT_EQ(book.fallback_face(U'🚁', "en", Weight::Regular, Slant::Upright), rocket);  // same face, not reloaded
  EXPECT_EQ(book.size(), faces);
  EXPECT_EQ(book.face(rocket).fallback_for, (std::vector<char32_t>{U'🚀', U'🚁'}));
  // Shaping a long text of the same characters adds nothing either.
  std::string many;
  for (int i = 0; i < 500; ++i) many += "🚀🚁 ";
  shape_en(many, FontChain{{lato}});
  EXPECT_EQ(book.size(), faces);
  EXPECT_EQ(book.face(rocket).fallback_for.size(), 2u);
}

TEST_F(FontFallback, TheChoiceDoesNotDependOnTheOrderOfLookups) {
  const std::vector<char32_t> cps = {U'✓', U'★', U'→', U'🚀', U'😀', U'♞', U'⌘', U'☂', U'\u4E2D'};
  auto faces_of = [&](bool reversed) {
    FontBook fresh;
    std::vector<char32_t> order = cps;
    if (reversed) std::reverse(order.begin(), order.end());
    std::vector<std::string> out(cps.size());
    for (char32_t cp : order) {
      const FaceId id = fresh.fallback_face(cp, "en", Weight::Regular, Slant::Upright);
      const auto i = static_cast<std::size_t>(std::find(cps.begin(), cps.end(), cp) - cps.begin());
      out[i] = id == kNoFace ? "" : fresh.face(id).path + "#" + std::to_string(fresh.face(id).index);
    }
    return out;
  };
  const auto forward = faces_of(false);
  EXPECT_EQ(forward, faces_of(true));
  for (std::size_t i = 0; i < cps.size(); ++i) EXPECT_FALSE(forward[i].empty()) << i;
}

TEST_F(FontFallback, BoldTextPrefersABoldFallbackFace) {
  const FaceId regular = book.fallback_face(U'✓', "en", Weight::Regular, Slant::Upright);
  const FaceId bold = book.fallback_face(U'✓', "en", Weight::Bold, Slant::Upright);
  ASSERT_NE(regular, kNoFace);
  ASSERT_NE(bold, kNoFace);
  EXPECT_EQ(book.face(regular).weight, Weight::Regular);
  EXPECT_EQ(book.face(bold).weight, Weight::Bold);  // DejaVu Sans Bold has ✓
}

TEST_F(FontFallback, HanFallsBackToTheRegionalFaceOfTheLanguage) {
  // A theme without CJK faces: the language picks the regional face, as
  // the theme's own CJK list would (Japanese glyph forms for ja).
  const std::pair<const char*, const char*> cases[] = {
      {"ja", "Noto Sans CJK JP"}, {"zh-Hans", "Noto Sans CJK SC"}, {"zh-Hant", "Noto Sans CJK TC"}, {"ko", "Noto Sans CJK KR"}};
  for (const auto& [language, family] : cases) {
    const FaceId id = book.fallback_face(U'\u6F22', language, Weight::Regular, Slant::Upright);
    ASSERT_NE(id, kNoFace) << language;
    EXPECT_EQ(book.face(id).family, family) << language;
    EXPECT_EQ(book.face(id).weight, Weight::Regular) << language;
  }
}

TEST_F(FontFallback, PrivateUseCharactersNeverFallBack) {
  EXPECT_EQ(book.fallback_face(U'\uE000', "en", Weight::Regular, Slant::Upright), kNoFace);
  EXPECT_EQ(book.fallback_face(U'\U000F0001', "en", Weight::Regular, Slant::Upright), kNoFace);
  EXPECT_TRUE(is_private_use(U'\U0010FFFD'));
  EXPECT_FALSE(is_private_use(U'🚀'));
}

TEST_F(FontFallback, ACharacterNoFontHasIsAVisibleReplacementAndReported) {
  const FaceId lato = testing::lato(book);
  const std::string text = "a\U000F0001b";
  std::vector<char32_t> missing;
  auto runs = shape_en(text, FontChain{{lato}}, &missing);
  EXPECT_EQ(missing, (std::vector<char32_t>{U'\U000F0001'}));
  const FaceId id = face_at(runs, 1);
  ASSERT_NE(id, kNoFace);
  const Face& face = book.face(id);
  const std::uint32_t replacement = face.glyph_for(0xFFFD);
  ASSERT_NE(replacement, 0u) << face.family << " sets it but has no U+FFFD";
  bool seen = false;
  for (const auto& r : runs)
    for (const auto& g : r.glyphs)
      if (g.cluster == 1) {
        EXPECT_EQ(g.glyph, replacement);  // not .notdef, which the PDF subset leaves empty
        EXPECT_GT(g.x_advance, 0);
        seen = true;
      }
  EXPECT_TRUE(seen);
  EXPECT_EQ(face_at(runs, 0), lato);
  EXPECT_EQ(face_at(runs, text.size() - 1), lato);
}

TEST_F(FontFallback, WithFallbackOffOnlyTheChainSetsText) {
  book.set_system_fallback(false);
  const FaceId lato = testing::lato(book);
  std::vector<char32_t> missing;
  auto runs = shape_en("✓", FontChain{{lato}}, &missing);
  EXPECT_EQ(missing, (std::vector<char32_t>{U'✓'}));
  EXPECT_EQ(face_at(runs, 0), lato);
  EXPECT_EQ(book.fallback_face(U'✓', "en", Weight::Regular, Slant::Upright), kNoFace);
}

TEST_F(FontFallback, EmojiSequencesStayInOneFace) {
  const FaceId lato = testing::lato(book);
  // Woman + ZWJ + laptop, thumbs up + skin tone, heart + VS16, a flag.
  for (const std::string text : {"👩\u200D💻", "👍🏽", "❤\uFE0F", "🇫🇷"}) {
    std::vector<char32_t> missing;
    auto runs = shape_en(text, FontChain{{lato}}, &missing);
    ASSERT_EQ(runs.size(), 1u) << text;
    EXPECT_NE(runs[0].face, lato) << text;
    EXPECT_TRUE(missing.empty()) << text;
  }
}

TEST_F(FontFallback, AMarkTheClusterFaceLacksTakesTheClusterAlong) {
  const FaceId lato = testing::lato(book);
  // Keycap one: Lato has "1" but not U+20E3, a .notdef inside its cluster.
  const std::string text = "a 1\uFE0F\u20E3 b";
  std::vector<char32_t> missing;
  auto runs = shape_en(text, FontChain{{lato}}, &missing);
  EXPECT_TRUE(missing.empty());
  const FaceId keycap = face_at(runs, 2);
  EXPECT_NE(keycap, lato);
  EXPECT_EQ(face_at(runs, text.find("\u20E3")), keycap);
  EXPECT_EQ(face_at(runs, 0), lato);
  for (const auto& r : runs)
    for (const auto& g : r.glyphs) EXPECT_NE(g.glyph, 0u) << "a .notdef at byte " << g.cluster;
}

TEST_F(FontFallback, TheChainStillComesFirst) {
  const FaceId lato = testing::lato(book);
  const FaceId cjk = testing::noto_cjk_sc(book);
  auto runs = shape_en("a中", FontChain{{lato, cjk}});
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].face, lato);
  EXPECT_EQ(runs[1].face, cjk);
  EXPECT_TRUE(book.face(cjk).fallback_for.empty());
}

// Shaping text of many distinct fallback characters, every lookup from a
// fresh book included, takes work linear in its length: N and 2N bytes,
// the instructions counted under callgrind.
std::string emoji_text(std::size_t bytes) {
  std::string text;
  for (std::size_t i = 0; text.size() < bytes; ++i) {
    // Emoji and symbols (U+1F300–U+1F64F, U+2600–U+26FF) and CJK
    // Extension A ideographs, distinct over a long period.
    const std::size_t k = (i * 37) % 4000;
    const char32_t cp = k < 848 ? static_cast<char32_t>(0x1F300 + k % 0x350)
                        : k < 1104 ? static_cast<char32_t>(0x2600 + (k - 848))
                                   : static_cast<char32_t>(0x3400 + (k - 1104));
    text += utf8::encode(cp);
    if (i % 4 == 3) text += ' ';
  }
  return text;
}

std::uint64_t work_to_shape(const std::string& text) {
  FontBook fresh;
  fresh.set_bundled_font_dirs({testing::source_font_dir()});
  const FaceId lato = testing::lato(fresh);
  ShapeOptions options;
  options.size = pt(10);
  options.language = "en";
  return cvpdf::testing::instructions([&] { EXPECT_FALSE(shape(fresh, text, 0, text.size(), FontChain{{lato}}, options).empty()); });
}

TEST(FontFallbackLinearTime, ManyDistinctFallbackCharacters) {
  CVPDF_COUNT_WORK();
  // Past fontconfig's own start, which a first lookup pays once.
  work_to_shape(emoji_text(1024));
  // Fewer characters than the text's period (4000), so every one is new.
  const std::size_t n = 4 * 1024;
  const std::uint64_t w1 = work_to_shape(emoji_text(n)), w2 = work_to_shape(emoji_text(2 * n));
  const double ratio = static_cast<double>(w2) / static_cast<double>(w1);
  std::printf("work: N = %zu bytes: %llu instructions, 2N: %llu, ratio %.2f\n", n,
              static_cast<unsigned long long>(w1), static_cast<unsigned long long>(w2), ratio);
  EXPECT_LT(ratio, 2.5) << "N = " << n << " bytes: " << w1 << " instructions, 2N: " << w2;
}

}  // namespace
}  // namespace cvpdf::text
