// --watch follows every file a build reads, and survives them changing under
// it: a font file cut short while it is mapped (issue 9, item 2: SIGBUS
// before) and the photo (item 15: never watched before). Every wait is
// bounded, and `timeout -s KILL` backs the whole watch up.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run.hpp"

namespace cvpdf::test {
namespace {

namespace fs = std::filesystem;

std::string q(const std::string& s) { return "'" + s + "'"; }

// Starts `cvpdf --watch ARGS` in DIR, runs STEPS (shell, in DIR) once cv.pdf
// exists, interrupts the watch, and returns its log followed by a line
// "status N" with the watch's exit status.
Result watch_through(const std::string& dir, const std::string& args, const std::string& steps) {
  std::string script =
      "cd " + q(dir) + " && (SOURCE_DATE_EPOCH=1 timeout -s KILL 60 " + cvpdf() + " --watch " + args +
      " 2> watch.log & echo $! > pid; wait $!; echo \"status $?\" >> watch.log) & "
      "cd " + q(dir) + " && for i in $(seq 150); do [ -s cv.pdf ] && [ -s pid ] && break; sleep 0.1; done && " + steps +
      "; kill -INT $(cat pid); "
      "for i in $(seq 150); do grep -q '^status' watch.log && break; sleep 0.1; done; cat watch.log";
  return run(script);
}

// Waits (at most 15 s) until the log says `text`.
std::string wait_for_log(const std::string& text) {
  return "for i in $(seq 150); do grep -q '" + text + "' watch.log && break; sleep 0.1; done";
}

TEST(WatchInputs, AFontCutShortWhileWatchedFailsTheBuildAndAFixedOneIsReadAgain) {
  const std::string dir = temp_dir();
  fs::create_directory(dir + "/f");
  fs::copy_file(source("fonts/Lato-Regular.ttf"), dir + "/f/Body.ttf");
  fs::copy_file(source("fonts/Lato-Regular.ttf"), dir + "/f/Body.good");
  write_file(dir + "/layout.yaml", "fonts:\n  latin: [./f/Body.ttf]\n");
  write_file(dir + "/r.yaml", "layout: ./layout.yaml\nperson: {name: Ada Example}\nsections:\n  - title: Work\n    text: Did things.\n");
  // New words ask for glyphs the first build never touched, so the second
  // build reads pages of the mapping that the truncation took away.
  const std::string steps =
      "truncate -s 4096 f/Body.ttf && sleep 0.3 && "
      "sed -i 's/Did things./Quixotic jazz, vexing blowzy fjords!/' r.yaml && " + wait_for_log("build failed") + " && "
      "cp f/Body.good f/Body.ttf && sleep 0.3 && touch r.yaml && "
      "for i in $(seq 150); do pdftotext cv.pdf - 2>/dev/null | grep -q Quixotic && break; sleep 0.1; done";
  Result r = watch_through(dir, "r.yaml -o cv.pdf", steps);
  EXPECT_NE(r.out.find("build failed; the last good output is kept"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Body.ttf"), std::string::npos) << "the failure names the font file:\n" << r.out;
  EXPECT_NE(r.out.find("status 0"), std::string::npos) << "the watch must end by Ctrl-C, not by a signal:\n" << r.out;
  EXPECT_NE(pdf_text(dir + "/cv.pdf").find("Quixotic jazz"), std::string::npos) << r.out;
}

TEST(WatchInputs, ThePhotoIsWatched) {
  const std::string dir = temp_dir();
  fs::copy_file(source("tests/cli/bad/photos/rgb.png"), dir + "/me.png");
  write_file(dir + "/r.yaml", "person: {name: Ada Example, photo: me.png}\nsections: []\n");
  Result r = watch_through(dir, "r.yaml -o cv.pdf",
                           "sleep 0.3 && printf 'not an image' > me.png && " + wait_for_log("build failed"));
  EXPECT_NE(r.out.find("build failed; the last good output is kept"), std::string::npos)
      << "changing the photo must rebuild:\n" << r.out;
  EXPECT_NE(r.out.find("me.png"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("status 0"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace cvpdf::test
