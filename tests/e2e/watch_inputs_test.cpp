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
      "cd " + q(dir) + " && (SOURCE_DATE_EPOCH=1 timeout -s KILL 240 " + cvpdf() + " --watch " + args +
      " 2> watch.log & echo $! > pid; wait $!; echo \"status $?\" >> watch.log) & "
      "cd " + q(dir) + " && for i in $(seq 600); do [ -s cv.pdf ] && [ -s pid ] && break; sleep 0.1; done && " + steps +
      "; kill -INT $(cat pid); "
      "for i in $(seq 600); do grep -q '^status' watch.log && break; sleep 0.1; done; cat watch.log";
  return run(script);
}

// Waits (at most 60 s) until the log says `text`.
std::string wait_for_log(const std::string& text) {
  return "for i in $(seq 600); do grep -q '" + text + "' watch.log && break; sleep 0.1; done";
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
      "for i in $(seq 600); do pdftotext cv.pdf - 2>/dev/null | grep -q Quixotic && break; sleep 0.1; done";
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

TEST(WatchInputs, StrictKeepsTheLastGoodOutputOnAWarning) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml",
             "person: {name: Ada Example}\nsections:\n  - title: Work\n    entries:\n      - org: Good Corp\n"
             "        bullets: [Did things.]\n");
  // The edit misspells the key: a warning, an error under --strict.
  Result r = watch_through(dir, "--strict r.yaml -o cv.pdf",
                           "sleep 0.3 && sed -i 's/Good Corp/Bad Corp/; s/bullets:/bulets:/' r.yaml && " +
                               wait_for_log("build failed"));
  EXPECT_NE(r.out.find("r.yaml:6:9: error: unknown key 'bulets'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("build failed; the last good output is kept"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("status 0"), std::string::npos) << r.out;
  EXPECT_NE(pdf_text(dir + "/cv.pdf").find("Good Corp"), std::string::npos) << r.out;
}

// Waits (at most 60 s) until the cvpdf under `timeout` (whose pid is in
// ./pid) catches SIGINT: its SigCgt mask in /proc has bit 2. A Ctrl-C sent
// before that, while the process still starts (slow under a sanitizer and a
// loaded machine), meets the default action and says nothing about --watch.
std::string wait_for_sigint_handler() {
  return "for i in $(seq 600); do c=$(pgrep -P $(cat pid)); "
         "m=$(sed -n 's/^SigCgt:[[:space:]]*//p' /proc/$c/status 2>/dev/null); "
         "[ -n \"$c\" ] && [ -n \"$m\" ] && [ $(( 0x$m & 2 )) -ne 0 ] && break; sleep 0.05; done";
}

// A résumé whose first build takes a while (20000 bullets: a second in the
// release build; fewer for a slower binary), so that what a test does right
// after starting the watch happens during it.
std::string slow_resume(const std::string& name) {
  std::string yaml = "person: {name: " + name + "}\nsections:\n  - title: Work\n    entries:\n      - org: Example\n"
                     "        bullets:\n";
  for (int i = 0, n = 20000 / binary_slowness(); i < n; ++i)
    yaml += "          - Built the " + std::to_string(i) + "th pipeline of a long career, with care and tests.\n";
  return yaml;
}

// A save while the first build runs was lost: the files were watched only
// once that build had returned. The résumé is now watched before it.
TEST(WatchInputs, ASaveDuringTheFirstBuildIsRenderedNext) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", slow_resume("Ada First"));
  write_file(dir + "/second.yaml", slow_resume("Ada Second"));
  const std::string script =
      "cd " + q(dir) + " && (SOURCE_DATE_EPOCH=1 timeout -s KILL 240 " + cvpdf() +
      " --watch r.yaml -o cv.pdf 2> watch.log & echo $! > pid; wait $!; echo \"status $?\" >> watch.log) & "
      "cd " + q(dir) + " && sleep 0.3 && cp second.yaml r.yaml && "
      "for i in $(seq 600); do pdftotext -l 1 cv.pdf - 2>/dev/null | grep -q 'Ada Second' && break; sleep 0.1; done; "
      "kill -INT $(cat pid); " + wait_for_log("^status") + "; cat watch.log";
  Result r = run(script);
  EXPECT_NE(pdf_text(dir + "/cv.pdf", "-l 1").find("Ada Second"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("status 0"), std::string::npos) << r.out;
}

// Ctrl-C while a build runs stops the watch once its output is written:
// exit 0, a whole PDF and no temporary left, never death by the signal.
TEST(WatchInputs, CtrlCDuringABuildStopsAfterItsOutput) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", slow_resume("Ada Example"));
  const std::string script =
      "cd " + q(dir) + " && (SOURCE_DATE_EPOCH=1 timeout -s KILL 240 " + cvpdf() +
      " --watch r.yaml -o cv.pdf 2> watch.log & echo $! > pid; wait $!; echo \"status $?\" >> watch.log) & "
      "cd " + q(dir) + " && for i in $(seq 600); do [ -s pid ] && break; sleep 0.1; done; " + wait_for_sigint_handler() +
      "; kill -INT $(cat pid); " + wait_for_log("^status") + "; cat watch.log; ls -a";
  Result r = run(script);
  EXPECT_NE(r.out.find("status 0"), std::string::npos) << r.out;
  EXPECT_NE(pdf_text(dir + "/cv.pdf", "-l 1").find("Ada Example"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(".cvpdf-"), std::string::npos) << "a temporary was left:\n" << r.out;
}

}  // namespace
}  // namespace cvpdf::test
