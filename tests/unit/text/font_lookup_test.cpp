// find_face: bundled fonts by path and by family name, fontconfig families
// with the language choosing the face of a collection, and refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "test_fonts.hpp"

namespace cvpdf::text {
namespace {

using testing::TextTest;
namespace fs = std::filesystem;

std::string file_name(const Face& face) { return fs::path(face.path).filename().string(); }

class FontLookupTest : public TextTest {};

TEST_F(FontLookupTest, BundledFontByBareFileName) {
  bool exact = false;
  auto id = find_face(book, {"Lato-Regular.ttf", Weight::Regular, Slant::Upright, "en", ""}, &exact);
  ASSERT_TRUE(id);
  const Face& face = book.face(*id);
  EXPECT_EQ(fs::path(face.path), fs::path(testing::source_font_dir()) / "Lato-Regular.ttf");
  EXPECT_EQ(face.family, "Lato");
  EXPECT_EQ(face.weight, Weight::Regular);
  EXPECT_EQ(face.slant, Slant::Upright);
  EXPECT_TRUE(exact);
  EXPECT_TRUE(face.has_glyph(U'A'));
  EXPECT_FALSE(face.is_cff);
}

TEST_F(FontLookupTest, BundledFontSpelledWithFontsPrefix) {
  bool exact = false;
  auto id = find_face(book, {"fonts/Lato-Bold.ttf", Weight::Bold, Slant::Upright, "en", ""}, &exact);
  ASSERT_TRUE(id);
  EXPECT_EQ(file_name(book.face(*id)), "Lato-Bold.ttf");
  EXPECT_EQ(book.face(*id).weight, Weight::Bold);
  EXPECT_TRUE(exact);
}

TEST_F(FontLookupTest, PathRelativeToLayoutDirectory) {
  FontBook bare;
  bare.set_bundled_font_dirs({});
  auto id = find_face(bare, {"fonts/Lato-Italic.ttf", Weight::Regular, Slant::Italic, "", CVPDF_SOURCE_DIR});
  ASSERT_TRUE(id);
  EXPECT_EQ(bare.face(*id).slant, Slant::Italic);
  EXPECT_FALSE(find_face(bare, {"Lato-Italic.ttf", Weight::Regular, Slant::Italic, "", ""}));
}

TEST_F(FontLookupTest, PathWithTheWrongStyleIsNotExact) {
  bool exact = true;
  auto id = find_face(book, {"Lato-Regular.ttf", Weight::Bold, Slant::Upright, "en", ""}, &exact);
  ASSERT_TRUE(id);
  EXPECT_FALSE(exact);
}

TEST_F(FontLookupTest, MissingPathIsNullopt) {
  EXPECT_FALSE(find_face(book, {"Nope-Regular.ttf", Weight::Regular, Slant::Upright, "", ""}));
  EXPECT_FALSE(find_face(book, {"/no/such/dir/font.otf", Weight::Regular, Slant::Upright, "", ""}));
}

TEST_F(FontLookupTest, AFileThatIsNotAFontThrows) {
  EXPECT_THROW(find_face(book, {"fonts/OFL-Lato.txt", Weight::Regular, Slant::Upright, "", CVPDF_SOURCE_DIR}),
               FatalError);
}

TEST_F(FontLookupTest, FamilyNamePrefersTheBundledFiles) {
  for (auto [weight, slant, file] : {std::tuple{Weight::Regular, Slant::Upright, "Lato-Regular.ttf"},
                                     std::tuple{Weight::Bold, Slant::Upright, "Lato-Bold.ttf"},
                                     std::tuple{Weight::Regular, Slant::Italic, "Lato-Italic.ttf"},
                                     std::tuple{Weight::Bold, Slant::Italic, "Lato-BoldItalic.ttf"}}) {
    bool exact = false;
    auto id = find_face(book, {"lato", weight, slant, "en", ""}, &exact);
    ASSERT_TRUE(id) << file;
    EXPECT_EQ(fs::path(book.face(*id).path), fs::path(testing::source_font_dir()) / file);
    EXPECT_TRUE(exact) << file;
  }
}

TEST_F(FontLookupTest, LoadsEachFaceOnce) {
  FaceId a = testing::lato(book);
  FaceId b = *find_face(book, {"Lato", Weight::Regular, Slant::Upright, "", ""});
  EXPECT_EQ(a, b);
  EXPECT_EQ(book.size(), 1u);
}

TEST_F(FontLookupTest, NotoSansCjkScRegular) {
  bool exact = false;
  auto id = find_face(book, {"Noto Sans CJK SC", Weight::Regular, Slant::Upright, "zh-Hans", ""}, &exact);
  ASSERT_TRUE(id);
  const Face& face = book.face(*id);
  EXPECT_EQ(file_name(face), "NotoSansCJK-Regular.ttc");
  EXPECT_EQ(face.index, 2u);
  EXPECT_EQ(face.family, "Noto Sans CJK SC");
  EXPECT_EQ(face.weight, Weight::Regular);
  EXPECT_TRUE(face.has_glyph(U'中'));
  EXPECT_TRUE(face.is_cff);
  EXPECT_TRUE(face.is_cid_keyed);
  EXPECT_TRUE(exact);
}

TEST_F(FontLookupTest, NotoSansCjkScBold) {
  bool exact = false;
  auto id = find_face(book, {"Noto Sans CJK SC", Weight::Bold, Slant::Upright, "zh-Hans", ""}, &exact);
  ASSERT_TRUE(id);
  const Face& face = book.face(*id);
  EXPECT_EQ(file_name(face), "NotoSansCJK-Bold.ttc");
  EXPECT_EQ(face.index, 2u);
  EXPECT_EQ(face.weight, Weight::Bold);
  EXPECT_TRUE(face.has_glyph(U'中'));
  EXPECT_TRUE(exact);
}

TEST_F(FontLookupTest, MissingItalicFallsBackAndSaysSo) {
  bool exact = true;
  auto id = find_face(book, {"Noto Sans CJK SC", Weight::Regular, Slant::Italic, "zh-Hans", ""}, &exact);
  ASSERT_TRUE(id);
  EXPECT_EQ(book.face(*id).family, "Noto Sans CJK SC");
  EXPECT_EQ(book.face(*id).slant, Slant::Upright);
  EXPECT_FALSE(exact);
}

TEST_F(FontLookupTest, PanCjkFamilyTakesTheRegionFromTheLanguage) {
  auto sc = find_face(book, {"Noto Sans CJK", Weight::Regular, Slant::Upright, "zh-Hans", ""});
  ASSERT_TRUE(sc);
  EXPECT_EQ(book.face(*sc).family, "Noto Sans CJK SC");
  auto tc = find_face(book, {"Noto Sans CJK", Weight::Regular, Slant::Upright, "zh-Hant", ""});
  ASSERT_TRUE(tc);
  EXPECT_EQ(book.face(*tc).family, "Noto Sans CJK TC");
  auto jp = find_face(book, {"Noto Sans CJK", Weight::Regular, Slant::Upright, "ja", ""});
  ASSERT_TRUE(jp);
  EXPECT_EQ(book.face(*jp).family, "Noto Sans CJK JP");
}

TEST_F(FontLookupTest, UnknownFamilyIsNulloptNotAFallback) {
  EXPECT_FALSE(find_face(book, {"No Such Family 42", Weight::Regular, Slant::Upright, "en", ""}));
  EXPECT_FALSE(find_face(book, {"Noto Sans CJK XX", Weight::Regular, Slant::Upright, "zh-Hans", ""}));
  EXPECT_FALSE(find_face(book, {"", Weight::Regular, Slant::Upright, "en", ""}));
  EXPECT_EQ(book.size(), 0u);
}

TEST_F(FontLookupTest, InstalledFamiliesAreSortedAndUnique) {
  auto families = installed_families();
  EXPECT_TRUE(std::is_sorted(families.begin(), families.end()));
  EXPECT_EQ(std::adjacent_find(families.begin(), families.end()), families.end());
  EXPECT_NE(std::find(families.begin(), families.end(), "Noto Sans CJK SC"), families.end());
  auto with_bundled = installed_families(book);
  EXPECT_TRUE(std::is_sorted(with_bundled.begin(), with_bundled.end()));
  EXPECT_NE(std::find(with_bundled.begin(), with_bundled.end(), "Lato"), with_bundled.end());
}

TEST(BundledFontDirs, IncludesTheSourceTreeFonts) {
  auto dirs = default_bundled_font_dirs();
  EXPECT_NE(std::find(dirs.begin(), dirs.end(), fs::canonical(testing::source_font_dir()).string()), dirs.end());
  FontBook book;  // starts with the defaults
  EXPECT_EQ(book.bundled_font_dirs(), dirs);
}

TEST(BundledFontDirs, InstallTreeNextToTheExecutableComesFirst) {
  fs::path root = fs::temp_directory_path() / ("cvpdf-text-test-" + std::to_string(::getpid()));
  fs::create_directories(root / "bin");
  fs::create_directories(root / "share" / "cvpdf" / "fonts");
  std::ofstream(root / "bin" / "cvpdf") << "";
  auto dirs = default_bundled_font_dirs((root / "bin" / "cvpdf").string());
  ASSERT_FALSE(dirs.empty());
  EXPECT_EQ(dirs.front(), fs::canonical(root / "share" / "cvpdf" / "fonts").string());
  for (const auto& dir : dirs) EXPECT_TRUE(fs::is_directory(dir)) << dir;
  fs::remove_all(root);
}

}  // namespace
}  // namespace cvpdf::text

namespace cvpdf::text {
namespace {

using testing::TextTest;

class DeferredFaceTest : public TextTest {};

TEST_F(DeferredFaceTest, ASystemFamilyIsLookedForAndOpenedOnFirstUse) {
  FontRequest request{"Noto Sans CJK SC", Weight::Regular, Slant::Upright, "zh-Hans", ""};
  request.defer_system = true;
  auto id = find_face(book, request);
  ASSERT_TRUE(id);
  EXPECT_FALSE(book.opened(*id));                // nothing mapped, fontconfig not asked yet
  EXPECT_EQ(find_face(book, request), id);        // the same request, the same face
  EXPECT_TRUE(book.face(*id).has_glyph(U'中'));   // opened here
  EXPECT_TRUE(book.opened(*id));
  EXPECT_EQ(book.face(*id).family, "Noto Sans CJK SC");
  // The face an eager lookup finds is the same file and face.
  FontBook eager;
  const Face& now = eager.face(testing::noto_cjk_sc(eager));
  EXPECT_EQ(book.face(*id).path, now.path);
  EXPECT_EQ(book.face(*id).index, now.index);
}

TEST_F(DeferredFaceTest, ABundledFamilyIsNeverDeferred) {
  FontRequest request{"Lato", Weight::Bold, Slant::Italic, "en", ""};
  request.defer_system = true;
  auto id = find_face(book, request);
  ASSERT_TRUE(id);
  EXPECT_TRUE(book.opened(*id));
  EXPECT_EQ(std::filesystem::path(book.face(*id).path).filename(), "Lato-BoldItalic.ttf");
}

TEST_F(DeferredFaceTest, AMissingFamilyIsAFaceWithoutGlyphs) {
  FontRequest request{"No Such Family Anywhere", Weight::Regular, Slant::Upright, "en", ""};
  request.defer_system = true;
  auto id = find_face(book, request);
  ASSERT_TRUE(id);
  EXPECT_FALSE(book.face(*id).has_glyph(U'A'));
  EXPECT_EQ(book.face(*id).glyph_for(U'A'), 0u);
  EXPECT_FALSE(book.opened(*id));
}

TEST(DeferredFace, AnUnreadableFontIsReportedAtTheKeyThatNamedIt) {
  FontBook book;
  const std::string path = ::testing::TempDir() + "/cvpdf-deferred-not-a-font.ttf";
  std::ofstream(path) << "not a font at all";
  const SourceSpan at{"layout.yaml", 3, 10};
  FaceId id = book.defer("k", [&] { return std::optional<FontBook::Location>({path, 0}); }, "Broken Sans", at);
  EXPECT_FALSE(book.opened(id));
  try {
    book.face(id);
    FAIL() << "no error";
  } catch (const FatalError& e) {
    EXPECT_EQ(e.diagnostic().span.file, "layout.yaml");
    EXPECT_EQ(e.diagnostic().span.line, 3);
    EXPECT_EQ(e.diagnostic().message,
              "font 'Broken Sans' (" + path + "): not a font file (no OpenType/TrueType faces)");
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace cvpdf::text
