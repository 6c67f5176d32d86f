// A font file that changes while cvpdf has it mapped: cut short under a
// read (SIGBUS without the handler: issue 9, item 2), rewritten in place,
// replaced — and FontBook::refresh_changed_files() reopening it between
// --watch builds.
#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>

#include "test_fonts.hpp"
#include "text/shaper.hpp"

namespace cvpdf::text {
namespace {

namespace fs = std::filesystem;
using testing::TextTest;

class FontFileChangeTest : public TextTest {
 protected:
  FontFileChangeTest() : dir_(fs::temp_directory_path() / ("cvpdf-font-change-" + std::to_string(getpid()))) {
    fs::create_directories(dir_);
  }
  ~FontFileChangeTest() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::string copy(const std::string& bundled, const std::string& name) {
    const fs::path to = dir_ / name;
    fs::copy_file(fs::path(testing::source_font_dir()) / bundled, to, fs::copy_options::overwrite_existing);
    return to.string();
  }
  fs::path dir_;
};

std::vector<ShapedRun> shape_all(const FontBook& book, FaceId face, const std::string& text) {
  ShapeOptions options;
  options.size = pt(10);
  options.language = "en";
  return shape(book, text, 0, text.size(), FontChain{{face}}, options);
}

TEST_F(FontFileChangeTest, AnUnchangedFilePasses) {
  const std::string path = copy("Lato-Regular.ttf", "same.ttf");
  const FaceId id = book.load_file(path);
  shape_all(book, id, "Ada Lovelace");
  EXPECT_NO_THROW(book.check_unchanged());
  EXPECT_TRUE(book.refresh_changed_files().empty());
}

// Issue 9, item 2: the file is truncated while mapped; shaping then reads
// pages past its new end. Without the handler this is a SIGBUS.
TEST_F(FontFileChangeTest, TruncatedWhileMappedIsAnErrorNotACrash) {
  const std::string path = copy("Lato-Regular.ttf", "cut.ttf");
  const FaceId id = book.load_file(path);
  ASSERT_FALSE(book.face(id).file->faulted());
  fs::resize_file(path, 4096);
  // Every table of interest lies past 4 KB: cmap, hmtx, GSUB, GPOS, glyf.
  const auto runs = shape_all(book, id, "Ada Lovelace, office ffi");
  EXPECT_FALSE(runs.empty());
  for (char32_t cp = 0x20; cp < 0x250; ++cp) (void)book.face(id).has_glyph(cp);
  EXPECT_TRUE(book.face(id).file->faulted());
  try {
    book.check_unchanged();
    FAIL() << "no error after the file was cut short";
  } catch (const FatalError& e) {
    EXPECT_EQ(e.diagnostic().span.file, path);
    EXPECT_NE(e.diagnostic().message.find("changed while cvpdf was reading it"), std::string::npos);
    EXPECT_FALSE(e.diagnostic().hint.empty());
  }
}

TEST_F(FontFileChangeTest, RewrittenInPlaceIsAnError) {
  const std::string path = copy("Lato-Regular.ttf", "rewritten.ttf");
  const FaceId id = book.load_file(path);
  const auto before = book.face(id).file->stamp();
  // Same inode, other contents (another size), as an editor saving in place does.
  {
    std::ifstream bold(fs::path(testing::source_font_dir()) / "Lato-Bold.ttf", std::ios::binary);
    std::ofstream out(path, std::ios::binary | std::ios::in | std::ios::out);
    out << bold.rdbuf();
  }
  ASSERT_EQ(stamp_of(path)->inode, before.inode);
  EXPECT_THROW(book.face(id).check_unchanged(), FatalError);
}

TEST_F(FontFileChangeTest, AFileReplacedByRenameLeavesTheMappingWhole) {
  const std::string path = copy("Lato-Regular.ttf", "replaced.ttf");
  const FaceId id = book.load_file(path);
  const std::string other = copy("Lato-Bold.ttf", "new.ttf");
  fs::rename(other, path);
  shape_all(book, id, "Ada");
  EXPECT_NO_THROW(book.check_unchanged());  // the old inode is still whole
  EXPECT_EQ(book.refresh_changed_files(), std::vector<std::string>{path});
}

TEST_F(FontFileChangeTest, RefreshReopensAChangedFileUnderTheSameId) {
  const std::string path = copy("Lato-Regular.ttf", "refresh.ttf");
  const FaceId id = book.load_file(path);
  EXPECT_EQ(book.face(id).weight, Weight::Regular);
  // A new version with another mtime and size: the bold face's bytes.
  fs::remove(path);
  copy("Lato-Bold.ttf", "refresh.ttf");
  EXPECT_EQ(book.refresh_changed_files(), std::vector<std::string>{path});
  EXPECT_EQ(book.face(id).weight, Weight::Bold);
  EXPECT_EQ(book.load_file(path), id);
  EXPECT_NO_THROW(book.check_unchanged());
  EXPECT_FALSE(shape_all(book, id, "Ada").empty());
  EXPECT_TRUE(book.refresh_changed_files().empty());
}

TEST_F(FontFileChangeTest, RefreshAfterAFaultReopensTheWholeFile) {
  const std::string path = copy("Lato-Regular.ttf", "regrown.ttf");
  const FaceId id = book.load_file(path);
  fs::resize_file(path, 4096);
  shape_all(book, id, "Ada");
  ASSERT_THROW(book.check_unchanged(), FatalError);
  // The copy finishes; the next watch build reopens it.
  copy("Lato-Regular.ttf", "regrown.ttf");
  EXPECT_EQ(book.refresh_changed_files(), std::vector<std::string>{path});
  EXPECT_NO_THROW(book.check_unchanged());
  EXPECT_GT(total_width(shape_all(book, id, "Ada")), 0);
}

TEST_F(FontFileChangeTest, AFileThatNoLongerOpensIsReportedByTheNextLoad) {
  const std::string path = copy("Lato-Regular.ttf", "broken.ttf");
  const FaceId id = book.load_file(path);
  fs::resize_file(path, 100);
  EXPECT_EQ(book.refresh_changed_files(), std::vector<std::string>{path});
  EXPECT_EQ(book.face(id).family, "Lato");  // the old face stays readable
  EXPECT_NO_THROW(book.check_unchanged());  // a build that no longer names it is not refused
  EXPECT_THROW(book.load_file(path), FatalError);
  copy("Lato-Regular.ttf", "broken.ttf");
  EXPECT_EQ(book.load_file(path), id);
  EXPECT_NO_THROW(book.check_unchanged());
}

// A SIGBUS that is not about a font mapping keeps its default action (or,
// under a sanitizer, goes on to the sanitizer's handler, which exits 1).
TEST(FontFileChangeDeathTest, OtherSigbusStillKills) {
  FontBook book;
  book.load_file(testing::source_font_dir() + "/Lato-Regular.ttf");  // installs the handler
  EXPECT_DEATH(raise(SIGBUS), "");
}

}  // namespace
}  // namespace cvpdf::text
