// Outputs' bytes until the run's one write (app/output_bytes.hpp): a
// preview's pages are set down on the spool as they are drawn, so a run of
// many pages at a high resolution holds one page, not the document, and
// they come back byte for byte.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/output_bytes.hpp"
#include "app/render.hpp"

namespace cvpdf::app {
namespace {

// What `bytes` write to a file, read back.
std::string written(const OutputBytes& bytes) {
  char name[] = "/tmp/cvpdf-output-bytes-XXXXXX";
  const int fd = ::mkstemp(name);
  EXPECT_GE(fd, 0);
  EXPECT_TRUE(bytes.write_to(fd));
  std::string back(static_cast<std::size_t>(::lseek(fd, 0, SEEK_END)), '\0');
  EXPECT_EQ(::pread(fd, back.data(), back.size(), 0), static_cast<ssize_t>(back.size()));
  ::close(fd);
  ::unlink(name);
  return back;
}

TEST(OutputBytes, SpooledPiecesComeBackAsTheyWereSetDown) {
  auto spool = std::make_shared<Spool>();
  std::string big(3 << 20, 'x');  // more than one copy's chunk
  for (std::size_t i = 0; i < big.size(); i += 4099) big[i] = static_cast<char>('a' + i % 26);
  const OutputBytes first = OutputBytes::spooled(spool, "first page");
  const OutputBytes second = OutputBytes::spooled(spool, big);
  const OutputBytes empty = OutputBytes::spooled(spool, "");
  EXPECT_TRUE(first.memory.empty());
  EXPECT_EQ(first.size(), 10U);
  EXPECT_EQ(written(second), big);
  EXPECT_EQ(written(first), "first page");
  EXPECT_TRUE(empty.empty());
  EXPECT_EQ(written(empty), "");
  EXPECT_EQ(written(OutputBytes(std::string("in memory"))), "in memory");
}

// A TMPDIR that is gone does not stop a preview: the spool falls back to /tmp.
TEST(OutputBytes, TheSpoolFallsBackToTmp) {
  const char* was = std::getenv("TMPDIR");
  const std::string saved = was ? was : "";
  ::setenv("TMPDIR", "/nonexistent/cvpdf-spool", 1);
  auto spool = std::make_shared<Spool>();
  const OutputBytes page = OutputBytes::spooled(spool, "page");
  if (was) ::setenv("TMPDIR", saved.c_str(), 1); else ::unsetenv("TMPDIR");
  EXPECT_EQ(written(page), "page");
}

TEST(OutputBytes, APreviewsPagesAreOnTheSpoolNotInMemory) {
  Options options;
  options.command = Options::Command::Render;
  options.inputs = {CVPDF_SOURCE_DIR "/resume.yaml"};
  options.format = Format::Png;
  options.output = "/tmp/never-written-{page}.png";
  options.dpi = 40;
  text::FontBook book;
  Diagnostics diags;
  const RenderResult result = render_all(options, book, diags, nullptr);
  ASSERT_TRUE(result.ok);
  ASSERT_GE(result.outputs.size(), 2U) << "one page: the test tests little";
  for (const Output& out : result.outputs) {
    EXPECT_TRUE(out.bytes.memory.empty()) << out.path;
    ASSERT_NE(out.bytes.spool, nullptr) << out.path;
    EXPECT_EQ(written(out.bytes).substr(1, 3), "PNG") << out.path;
  }
}

}  // namespace
}  // namespace cvpdf::app
