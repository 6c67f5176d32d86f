// docs/architecture.md's recipes "How to add an output format" and "How
// to add a theme key" name the files to touch: each must still be there,
// so that a file renamed or moved breaks this test rather than the recipe.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::string kSource = CVPDF_SOURCE_DIR;

// The recipe's text: from its heading to the next heading.
std::string recipe(const std::string& document, const std::string& heading) {
  const auto from = document.find("\n" + heading + "\n");
  if (from == std::string::npos) return "";
  const auto to = document.find("\n#", from + heading.size() + 2);
  return document.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

// The `backquoted` words of `text` that are paths: those with a '/'.
std::vector<std::string> quoted_paths(const std::string& text) {
  std::vector<std::string> paths;
  for (auto open = text.find('`'); open != std::string::npos; open = text.find('`', open)) {
    const auto close = text.find('`', open + 1);
    if (close == std::string::npos) break;
    const std::string word = text.substr(open + 1, close - open - 1);
    if (word.find('/') != std::string::npos) paths.push_back(word);
    open = close + 1;
  }
  return paths;
}

// The paths the recipe under `heading` names, each checked to be there.
std::vector<std::string> checked_paths(const std::string& heading) {
  std::ifstream file(kSource + "/docs/architecture.md", std::ios::binary);
  EXPECT_TRUE(file) << "cannot read docs/architecture.md";
  std::ostringstream document;
  document << file.rdbuf();
  const std::string text = recipe(document.str(), heading);
  EXPECT_FALSE(text.empty()) << "docs/architecture.md has no recipe '" << heading << "'";
  const std::vector<std::string> paths = quoted_paths(text);
  for (const auto& path : paths)
    EXPECT_TRUE(std::filesystem::exists(kSource + "/" + path)) << "the recipe names " << path << ", not a file";
  return paths;
}

bool names(const std::vector<std::string>& paths, const std::string& path) {
  return std::find(paths.begin(), paths.end(), path) != paths.end();
}

TEST(ArchitectureRecipe, TheFilesToAddAnOutputFormatInExist) {
  EXPECT_TRUE(names(checked_paths("### How to add an output format"), "src/app/output_formats.cpp"))
      << "the recipe does not name the formats' table";
}

TEST(ArchitectureRecipe, TheFilesToAddAThemeKeyInExist) {
  const std::vector<std::string> paths = checked_paths("### How to add a theme key");
  EXPECT_TRUE(names(paths, "src/theme/style_fields.cpp")) << "the recipe does not name the field table";
  EXPECT_TRUE(names(paths, "src/theme/style.hpp")) << "the recipe does not name the Style";
}

}  // namespace
