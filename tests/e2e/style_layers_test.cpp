// End to end: the style layers (theme/style_layers.hpp) — a font file path
// resolves against the directory of the file that names it: a layout file's
// against the layout's, the résumé's `style:` against the résumé's.
#include <gtest/gtest.h>

#include <filesystem>

#include "run.hpp"

namespace cvpdf::test {
namespace {

namespace fs = std::filesystem;

const char* kResume = R"(languages: [en]
layout: ../theme/layout.yaml
person:
  name: Ada Example
sections:
  - title: Notes
    bullets:
      - One line.
)";

// dir/theme/layout.yaml names theme/fonts/Body.ttf; dir/cv/r.yaml uses it.
std::string make_tree() {
  const std::string dir = temp_dir();
  fs::create_directories(dir + "/theme/fonts");
  fs::create_directories(dir + "/cv/mine");
  fs::copy_file(source("fonts/Lato-Regular.ttf"), dir + "/theme/fonts/Body.ttf");
  fs::copy_file(source("fonts/Lato-Regular.ttf"), dir + "/cv/mine/Own.ttf");
  write_file(dir + "/theme/layout.yaml", "fonts:\n  latin: [./fonts/Body.ttf]\n");
  return dir;
}

TEST(StyleLayers, ALayoutFilesFontResolvesInTheLayoutsDirectory) {
  const std::string dir = make_tree();
  write_file(dir + "/cv/r.yaml", kResume);
  Result r = run("cd '" + dir + "' && " + cvpdf() + " -v cv/r.yaml -o cv.pdf");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("theme/fonts/Body.ttf"), std::string::npos) << r.err;
}

TEST(StyleLayers, TheResumesOwnFontResolvesInTheResumesDirectory) {
  const std::string dir = make_tree();
  write_file(dir + "/cv/r.yaml", std::string(kResume) + "style:\n  fonts:\n    latin: [./mine/Own.ttf]\n");
  Result r = run("cd '" + dir + "' && " + cvpdf() + " -v cv/r.yaml -o cv.pdf");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("cv/mine/Own.ttf"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("Body.ttf"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace cvpdf::test
