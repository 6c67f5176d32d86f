// Golden dumps: tests/golden/small.yaml composed and dumped
// (frame/dump.hpp), compared byte for byte with tests/golden/small-en.dump.
// A change in line breaking, page breaking, spacing or fonts shows up as a
// diff there. To accept a deliberate change, regenerate and review the diff:
//
//   CVPDF_UPDATE_GOLDEN=1 ./build/tests/test_compose --gtest_filter='Golden*'
//   git diff tests/golden/
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "classic_layout.hpp"
#include "compose/render_variant.hpp"
#include "frame/dump.hpp"
#include "model/loader.hpp"

namespace cvpdf::compose {
namespace {

const std::string kGoldenDir = std::string(CVPDF_SOURCE_DIR) + "/tests/golden/";

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The dump of `input` in `language`, composed as the app does: the résumé's
// `style:` over the default layout.
std::string composed_dump(const std::string& input, const std::string& language, bool overlay = false) {
  Diagnostics diags;
  auto resume = model::load_resume(read(kGoldenDir + input), input, kGoldenDir, diags);
  EXPECT_TRUE(resume.has_value());
  if (!resume) return {};
  const theme::StyleLayers layers = classic_layers(resume->style, resume->base_directory, diags);
  text::FontBook book;
  VariantOptions options{{language, 0, "test"}};
  options.compose.debug_overlay = overlay;
  frame::Document doc = render_variant(*resume, layers, book, options, diags).document;
  EXPECT_FALSE(diags.has_errors());
  return frame::dump(doc, book);
}

// Compares with the golden file, or rewrites it when CVPDF_UPDATE_GOLDEN is set.
void expect_golden(const std::string& actual, const std::string& golden) {
  const std::string path = kGoldenDir + golden;
  if (const char* update = std::getenv("CVPDF_UPDATE_GOLDEN"); update && *update && std::string(update) != "0") {
    std::ofstream(path, std::ios::binary) << actual;
    GTEST_SKIP() << "rewrote " << path;
  }
  const std::string expected = read(path);
  ASSERT_FALSE(expected.empty()) << path << " is missing; run with CVPDF_UPDATE_GOLDEN=1 to write it";
  if (actual == expected) return;
  // Point at the first line that differs rather than print two dumps.
  std::istringstream a(actual), e(expected);
  std::string line_a, line_e;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_e = static_cast<bool>(std::getline(e, line_e));
    if (!more_a && !more_e) break;
    if (line_a != line_e || more_a != more_e) {
      ADD_FAILURE() << golden << ":" << line << " differs\n  expected: " << (more_e ? line_e : "<end>")
                    << "\n  actual:   " << (more_a ? line_a : "<end>")
                    << "\n(if the change is deliberate: CVPDF_UPDATE_GOLDEN=1, then review git diff tests/golden/)";
      return;
    }
  }
  ADD_FAILURE() << golden << " differs";
}

TEST(Golden, SmallResumeEnglish) { expect_golden(composed_dump("small.yaml", "en"), "small-en.dump"); }

TEST(Golden, SmallResumeWithTheDebugOverlay) {
  expect_golden(composed_dump("small.yaml", "en", true), "small-en-overlay.dump");
}

TEST(Golden, DumpIsStableAcrossRuns) {
  EXPECT_EQ(composed_dump("small.yaml", "en"), composed_dump("small.yaml", "en"));
}

}  // namespace
}  // namespace cvpdf::compose
