// shape: HarfBuzz features (ligatures, kerning, locl by language), font
// fallback and itemisation into runs, clusters as byte offsets, scaling.
#include <gtest/gtest.h>

#include <algorithm>

#include "test_fonts.hpp"
#include "text/shaper.hpp"

namespace cvpdf::text {
namespace {

using testing::TextTest;

class ShaperTest : public TextTest {
 protected:
  std::vector<ShapedRun> run(std::string_view text, const FontChain& chain, const std::string& language = "en",
                             std::vector<char32_t>* missing = nullptr) {
    ShapeOptions options;
    options.size = pt(10);
    options.language = language;
    return shape(book, text, 0, text.size(), chain, options, missing);
  }
};

TEST_F(ShaperTest, FfiLigatureKeepsItsClusterAtTheFirstF) {
  FontChain chain{{testing::lato(book)}};
  auto runs = run("office", chain);
  ASSERT_EQ(runs.size(), 1u);
  const auto& glyphs = runs[0].glyphs;
  ASSERT_LT(glyphs.size(), 6u);
  std::vector<std::uint32_t> clusters;
  for (const auto& g : glyphs) clusters.push_back(g.cluster);
  EXPECT_EQ(clusters, (std::vector<std::uint32_t>{0, 1, 4, 5}));  // o, ffi, c, e
  EXPECT_EQ(runs[0].text_begin, 0u);
  EXPECT_EQ(runs[0].text_end, 6u);
}

TEST_F(ShaperTest, LigaturesCanBeTurnedOff) {
  FontChain chain{{testing::lato(book)}};
  ShapeOptions options;
  options.size = pt(10);
  options.ligatures = false;
  auto runs = shape(book, "office", 0, 6, chain, options);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].glyphs.size(), 6u);
}

TEST_F(ShaperTest, KerningTightensAV) {
  FaceId id = testing::lato(book);
  const Face& face = book.face(id);
  FontChain chain{{id}};
  auto kerned = run("AV", chain);
  Scaled plain = face.scale(face.advance(face.glyph_for(U'A')), pt(10)) +
                 face.scale(face.advance(face.glyph_for(U'V')), pt(10));
  EXPECT_LT(kerned[0].width(), plain);

  ShapeOptions options;
  options.size = pt(10);
  options.kerning = false;
  EXPECT_EQ(shape(book, "AV", 0, 2, chain, options)[0].width(), plain);
  // Breaking between a kerned pair would change it.
  EXPECT_TRUE(kerned[0].glyphs[1].unsafe_to_break);
}

TEST_F(ShaperTest, AdvancesAreScaledToTheSize) {
  FaceId id = testing::lato(book);
  const Face& face = book.face(id);
  auto runs = run("H", FontChain{{id}});
  ASSERT_EQ(runs[0].glyphs.size(), 1u);
  long double expected = static_cast<long double>(face.advance(face.glyph_for(U'H'))) * pt(10) / face.units_per_em;
  EXPECT_EQ(runs[0].glyphs[0].x_advance, static_cast<Scaled>(expected));
  EXPECT_EQ(runs[0].size, pt(10));
}

TEST_F(ShaperTest, FallbackSplitsRunsByFace) {
  FaceId latin = testing::lato(book);
  FaceId cjk = testing::noto_cjk_sc(book);
  std::string text = "GPU 训练 OK";  // 训 and 练 are three bytes each
  auto runs = run(text, FontChain{{latin, cjk}}, "zh-Hans");
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0].face, latin);
  EXPECT_EQ(runs[1].face, cjk);
  EXPECT_EQ(runs[2].face, latin);
  // A space stays with the character before it.
  EXPECT_EQ(text.substr(runs[0].text_begin, runs[0].text_end - runs[0].text_begin), "GPU ");
  EXPECT_EQ(text.substr(runs[1].text_begin, runs[1].text_end - runs[1].text_begin), "训练 ");
  EXPECT_EQ(text.substr(runs[2].text_begin, runs[2].text_end - runs[2].text_begin), "OK");
  std::vector<std::uint32_t> cjk_clusters;
  for (const auto& g : runs[1].glyphs) cjk_clusters.push_back(g.cluster);
  EXPECT_EQ(cjk_clusters, (std::vector<std::uint32_t>{4, 7, 10}));
  for (const auto& r : runs)
    for (const auto& g : r.glyphs) EXPECT_NE(g.glyph, 0u);
}

// CLREQ: a quote belongs to the words it quotes. Opening and closing
// quotes around Chinese take the CJK face (its full-width forms) even after
// a Latin word; around Latin words, the Latin face even after Chinese.
TEST_F(ShaperTest, QuotesTakeTheFaceOfTheWordsTheyQuote) {
  const FaceId latin = testing::lato(book);
  const FaceId cjk = testing::noto_cjk_sc(book);
  const std::string text = "GPU \u201C训练\u201D 与 \u201COK\u201D";
  const auto runs = run(text, FontChain{{latin, cjk}}, "zh-Hans");
  auto glyph_at = [&](std::size_t byte) -> std::pair<FaceId, Scaled> {
    for (const auto& r : runs)
      for (const auto& g : r.glyphs)
        if (g.cluster == byte) return {r.face, g.x_advance};
    ADD_FAILURE() << "no glyph at byte " << byte;
    return {kNoFace, 0};
  };
  const std::size_t open_han = text.find("\u201C"), close_han = text.find("\u201D");
  const std::size_t open_latin = text.find("\u201C", close_han), close_latin = text.find("\u201D", open_latin);
  EXPECT_EQ(glyph_at(open_han).first, cjk);
  EXPECT_EQ(glyph_at(close_han).first, cjk);
  EXPECT_EQ(glyph_at(open_latin).first, latin);
  EXPECT_EQ(glyph_at(close_latin).first, latin);
  // Full-width in the CJK face: about an em (the run is set at 10pt).
  EXPECT_GT(glyph_at(open_han).second, glyph_at(open_latin).second);
}

TEST_F(ShaperTest, ClustersAreOffsetsIntoTheWholeText) {
  FaceId cjk = testing::noto_cjk_sc(book);
  std::string text = "GPU 训练 OK";
  ShapeOptions options;
  options.size = pt(10);
  options.language = "zh-Hans";
  auto runs = shape(book, text, 4, 10, FontChain{{cjk}}, options);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].text_begin, 4u);
  EXPECT_EQ(runs[0].text_end, 10u);
  ASSERT_EQ(runs[0].glyphs.size(), 2u);
  EXPECT_EQ(runs[0].glyphs[0].cluster, 4u);
  EXPECT_EQ(runs[0].glyphs[1].cluster, 7u);
  EXPECT_TRUE(shape(book, text, 5, 5, FontChain{{cjk}}, options).empty());
}

TEST_F(ShaperTest, PunctuationNextToChineseStaysInTheChineseFace) {
  FaceId latin = testing::lato(book);
  FaceId cjk = testing::noto_cjk_sc(book);
  FontChain chain{{latin, cjk}};
  // Lato has the curly quotes and the comma, but they belong to the Chinese text.
  std::string text = "“训练”, GPU";
  auto runs = run(text, chain, "zh-Hans");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].face, cjk);
  EXPECT_EQ(text.substr(runs[0].text_begin, runs[0].text_end - runs[0].text_begin), "“训练”, ");
  EXPECT_EQ(runs[1].face, latin);
  // Full-width punctuation only the CJK face has joins the CJK run; digits after Chinese stay Latin.
  text = "优化了训练性能，提升3倍";
  runs = run(text, chain, "zh-Hans");
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0].face, cjk);
  EXPECT_EQ(text.substr(runs[0].text_begin, runs[0].text_end - runs[0].text_begin), "优化了训练性能，提升");
  EXPECT_EQ(runs[1].face, latin);
  EXPECT_EQ(text.substr(runs[1].text_begin, runs[1].text_end - runs[1].text_begin), "3");
}

TEST_F(ShaperTest, CombiningMarksStayWithTheirBase) {
  FaceId latin = testing::lato(book);
  FaceId cjk = testing::noto_cjk_sc(book);
  std::string text = "e\u0301中\uFE00";  // e + acute; 中 + variation selector
  auto runs = run(text, FontChain{{latin, cjk}}, "zh-Hans");
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].face, latin);
  EXPECT_EQ(runs[0].text_end, 3u);
  EXPECT_EQ(runs[1].face, cjk);
  EXPECT_EQ(runs[1].text_end, text.size());
}

TEST_F(ShaperTest, LanguageSelectsRegionalGlyphForms) {
  // The same face, the same characters: zh-Hans and ja differ by locl.
  FaceId cjk = testing::noto_cjk_sc(book);
  FontChain chain{{cjk}};
  for (std::string text : {"直", "骨"}) {
    auto zh = run(text, chain, "zh-Hans");
    auto ja = run(text, chain, "ja");
    ASSERT_EQ(zh.size(), 1u);
    ASSERT_EQ(ja.size(), 1u);
    ASSERT_EQ(zh[0].glyphs.size(), 1u);
    ASSERT_EQ(ja[0].glyphs.size(), 1u);
    EXPECT_NE(zh[0].glyphs[0].glyph, ja[0].glyphs[0].glyph) << text;
  }
}

TEST_F(ShaperTest, MissingCharactersAreReportedOnceAndSetAsNotdef) {
  // The chain alone, without the system's fallback faces (font_fallback_test.cpp).
  book.set_system_fallback(false);
  FaceId latin = testing::lato(book);
  std::vector<char32_t> missing;
  std::string text = "a中b中";
  auto runs = run(text, FontChain{{latin}}, "en", &missing);
  EXPECT_EQ(missing, (std::vector<char32_t>{U'中'}));
  // Set in the first face (Latin runs and Han runs split by script).
  ASSERT_EQ(runs.size(), 4u);
  for (const auto& r : runs) EXPECT_EQ(r.face, latin);
  ASSERT_EQ(runs[1].glyphs.size(), 1u);
  EXPECT_EQ(runs[1].glyphs[0].glyph, 0u);
  EXPECT_EQ(runs[1].glyphs[0].cluster, 1u);

  // With a CJK face in the chain, only what neither face has is missing.
  missing.clear();
  FaceId cjk = testing::noto_cjk_sc(book);
  run("a中\U0010FFFD", FontChain{{latin, cjk}}, "zh-Hans", &missing);
  EXPECT_EQ(missing, (std::vector<char32_t>{U'\U0010FFFD'}));
}

TEST_F(ShaperTest, LetterSpacingFollowsEveryCluster) {
  FontChain chain{{testing::lato(book)}};
  ShapeOptions options;
  options.size = pt(10);
  options.ligatures = false;
  Scaled plain = shape(book, "office", 0, 6, chain, options)[0].width();
  options.letter_spacing = pt(1);
  auto spaced = shape(book, "office", 0, 6, chain, options);
  EXPECT_EQ(spaced[0].width(), plain + 6 * pt(1));
  EXPECT_EQ(total_width(spaced), spaced[0].width());
}

TEST_F(ShaperTest, FaceForPicksTheFirstFaceWithTheGlyph) {
  FaceId latin = testing::lato(book);
  FaceId cjk = testing::noto_cjk_sc(book);
  FontChain chain{{latin, cjk}};
  EXPECT_EQ(face_for(book, chain, U'A'), latin);
  EXPECT_EQ(face_for(book, chain, U'中'), cjk);
  EXPECT_EQ(face_for(book, chain, U'\U0010FFFD'), kNoFace);
}

// A paragraph is shaped one break segment at a time, and "——" between Han
// characters is a segment of its own: it takes the face and script of the
// text before it, so the CJK face's two-em dash is set, not Lato's two
// proportional ones (or the CJK face's 1.676 em of Common-script dashes).
TEST_F(ShaperTest, ChineseDashesShapedAloneTakeTheTextBeforeThem) {
  const FaceId lato = testing::lato(book);
  const FaceId cjk = testing::noto_cjk_sc(book);
  FontChain chain{{lato, cjk}};
  ShapeOptions options;
  options.size = pt(10);
  options.language = "zh-Hans";
  for (const std::string dashes : {"——", "……", "—"}) {
    const std::string text = "破折号" + dashes + "它";
    const std::size_t begin = std::string("破折号").size();
    auto runs = shape(book, text, begin, begin + dashes.size(), chain, options);
    ASSERT_EQ(runs.size(), 1u) << dashes;
    EXPECT_EQ(runs[0].face, cjk) << dashes;
    const Scaled em = pt(10);
    const Scaled expected = dashes == "—" ? em : 2 * em;
    EXPECT_NEAR(static_cast<double>(runs[0].width()), static_cast<double>(expected), static_cast<double>(em) / 100) << dashes;
  }
  // After a Latin word but before Chinese, the dashes are Chinese.
  const std::string mixed = "msprof——日常使用";
  auto mixed_runs = shape(book, mixed, 6, 6 + std::string("——").size(), chain, options);
  ASSERT_EQ(mixed_runs.size(), 1u);
  EXPECT_EQ(mixed_runs[0].face, cjk);
  EXPECT_NEAR(static_cast<double>(mixed_runs[0].width()), static_cast<double>(2 * pt(10)), static_cast<double>(pt(10)) / 100);
  // Between Latin words the dash stays Latin.
  const std::string latin = "word—word";
  auto runs = shape(book, latin, 4, 4 + std::string("—").size(), chain, options);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].face, lato);
}

// The cache gives what shape() gives, wherever the text stands and at
// whatever size and letter spacing: it keeps shapes in font units with
// offsets from the text it was keyed on.
TEST_F(ShaperTest, ShapeCacheGivesWhatShapeGives) {
  const FaceId latin = testing::lato(book);
  const FaceId cjk = testing::noto_cjk_sc(book);
  FontChain chain{{latin, cjk}};
  ShapeCache cache;
  auto same = [&](std::string_view text, std::size_t begin, std::size_t end, const ShapeOptions& options) {
    std::vector<char32_t> missing_shaped, missing_cached;
    const auto want = shape(book, text, begin, end, chain, options, &missing_shaped);
    const auto got = cache.shape(book, text, begin, end, chain, options, &missing_cached);
    ASSERT_EQ(got.size(), want.size()) << text;
    for (std::size_t r = 0; r < want.size(); ++r) {
      EXPECT_EQ(got[r].face, want[r].face);
      EXPECT_EQ(got[r].size, want[r].size);
      EXPECT_EQ(got[r].text_begin, want[r].text_begin);
      EXPECT_EQ(got[r].text_end, want[r].text_end);
      ASSERT_EQ(got[r].glyphs.size(), want[r].glyphs.size());
      for (std::size_t g = 0; g < want[r].glyphs.size(); ++g) {
        EXPECT_EQ(got[r].glyphs[g].glyph, want[r].glyphs[g].glyph);
        EXPECT_EQ(got[r].glyphs[g].x_advance, want[r].glyphs[g].x_advance);
        EXPECT_EQ(got[r].glyphs[g].cluster, want[r].glyphs[g].cluster);
        EXPECT_EQ(got[r].glyphs[g].unsafe_to_break, want[r].glyphs[g].unsafe_to_break);
      }
    }
    EXPECT_EQ(missing_cached, missing_shaped);
  };
  ShapeOptions options;
  options.size = pt(10);
  options.language = "en";
  const std::string text = "office AV office 训练 office";
  same(text, 0, 6, options);
  same(text, 0, 6, options);  // from the cache
  EXPECT_EQ(cache.size(), 1u);
  // The same word inside the text: Latin shapes without context, but the
  // first word is shaped as the start of the text (HarfBuzz's BOT flag).
  same(text, 10, 16, options);
  EXPECT_EQ(cache.size(), 2u);
  same(text, text.size() - 6, text.size(), options);  // the end of the text (EOT)
  EXPECT_EQ(cache.size(), 3u);
  same("more office work", 5, 11, options);  // elsewhere, in other words
  EXPECT_EQ(cache.size(), 3u);
  // Arabic joins across its neighbours (HarfBuzz reads the context): the
  // same word in other context is shaped again.
  const std::string arabic = "ب كتاب ك كتابك";
  same(arabic, 3, 11, options);
  same(arabic, 15, 23, options);  // "كتاب" joined to the "ك" after it
  EXPECT_EQ(cache.size(), 5u);
  // Another size and letter spacing: the same entry, scaled.
  options.size = pt(7.5);
  options.letter_spacing = pt(0.4);
  same(text, 0, 6, options);
  same(text, 7, 16, options);
  EXPECT_EQ(cache.size(), 6u);
  // A character no font has is reported from the cache too.
  same("a\U0010FFFDb", 0, 6, options);
  same("a\U0010FFFDb", 0, 6, options);
}

}  // namespace
}  // namespace cvpdf::text
