// docs/architecture.md's recipes "How to add an output format", "How to
// add a theme key" and "How to add an entry kind" name the files to touch:
// each must still be there, so that a file renamed or moved breaks this
// test rather than the recipe.
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

// The entry-kind recipe names the register and a kind's four files, and
// every kind in src/kinds/ is registered in it and has those four files:
// the recipe describes the kinds as they are.
TEST(ArchitectureRecipe, TheFilesToAddAnEntryKindInExistAndEveryKindIsBuiltSo) {
  const std::vector<std::string> paths = checked_paths("### How to add an entry kind");
  EXPECT_TRUE(names(paths, "src/model/entry.hpp")) << "the recipe does not name the register of kinds";
  const char* const stages[] = {"kind.hpp", "model.cpp", "compose.cpp", "text.cpp"};
  for (const char* stage : stages)
    EXPECT_TRUE(names(paths, std::string("src/kinds/numbered/") + stage)) << "the recipe does not name " << stage;
  std::ifstream file(kSource + "/src/model/entry.hpp", std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  const std::string entry = text.str();
  const std::string body = entry.substr(entry.find("using EntryBody"));
  int kinds = 0;
  for (const auto& dir : std::filesystem::directory_iterator(kSource + "/src/kinds")) {
    ++kinds;
    const std::string kind = dir.path().filename().string();
    for (const char* stage : stages)
      EXPECT_TRUE(std::filesystem::exists(dir.path() / stage)) << "src/kinds/" << kind << " has no " << stage;
    EXPECT_NE(entry.find("#include \"kinds/" + kind + "/kind.hpp\""), std::string::npos)
        << "src/model/entry.hpp does not include the kind " << kind;
    std::string struct_name = kind;
    struct_name[0] = static_cast<char>(struct_name[0] - 'a' + 'A');
    EXPECT_NE(body.find(struct_name + "Entry"), std::string::npos) << "EntryBody does not register " << kind;
  }
  EXPECT_EQ(kinds, 5) << "a kind was added or removed: say so in the user guide's kinds table and here";
}

}  // namespace
