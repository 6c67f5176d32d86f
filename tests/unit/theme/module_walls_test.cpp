// The module graph docs/architecture.md draws is the one the sources keep:
// every `#include "M/…"` in src/X is X itself or a module X may use, by the
// graph's arrows (and their arrows). So theme/ stays above model/ — no
// résumé code includes a theme header — and the graph in the docs cannot
// drift from the code.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace cvpdf::theme {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// "app → {pdf, raster} ; pdf → frame ; …" from the docs, as each module's
// direct uses.
std::map<std::string, std::set<std::string>> documented_graph() {
  const std::string doc = read(fs::path(CVPDF_SOURCE_DIR) / "docs/architecture.md");
  const std::size_t start = doc.find("`app →");
  const std::size_t end = doc.find('`', start + 1);
  EXPECT_NE(start, std::string::npos) << "docs/architecture.md has no module graph";
  std::string graph = doc.substr(start + 1, end - start - 1);
  for (char& c : graph)
    if (c == '\n') c = ' ';
  std::map<std::string, std::set<std::string>> uses;
  static const std::regex kEdge(R"((\w+) → (\{[^}]*\}|\w+))");
  static const std::regex kName(R"(\w+)");
  for (auto it = std::sregex_iterator(graph.begin(), graph.end(), kEdge); it != std::sregex_iterator(); ++it) {
    const std::string to = (*it)[2];
    for (auto n = std::sregex_iterator(to.begin(), to.end(), kName); n != std::sregex_iterator(); ++n)
      uses[(*it)[1]].insert((*n)[0]);
  }
  return uses;
}

std::set<std::string> reachable(const std::map<std::string, std::set<std::string>>& uses, const std::string& from) {
  std::set<std::string> seen{from};
  std::vector<std::string> todo{from};
  while (!todo.empty()) {
    const std::string m = todo.back();
    todo.pop_back();
    if (auto it = uses.find(m); it != uses.end())
      for (const auto& next : it->second)
        if (seen.insert(next).second) todo.push_back(next);
  }
  return seen;
}

TEST(ModuleWalls, EveryIncludeFollowsTheDocumentedGraph) {
  const auto uses = documented_graph();
  ASSERT_TRUE(uses.count("theme")) << "the graph does not name theme";
  EXPECT_EQ(uses.at("theme"), std::set<std::string>{"model"});
  const fs::path src = fs::path(CVPDF_SOURCE_DIR) / "src";
  std::set<std::string> modules;
  for (const auto& entry : fs::directory_iterator(src))
    if (entry.is_directory() && entry.path().filename() != "kinds") modules.insert(entry.path().filename().string());
  for (const auto& m : modules) EXPECT_TRUE(uses.count(m) || m == "core") << m << " is not in the documented graph";
  // Every file and the module it is built into. An entry kind's folder
  // (src/kinds/<kind>/) holds one file per stage: kind.hpp and model.cpp are
  // model's, compose.cpp compose's, text.cpp app's; nothing else belongs there.
  std::vector<std::pair<fs::path, std::string>> files;
  for (const auto& module : modules)
    for (const auto& entry : fs::directory_iterator(src / module)) files.emplace_back(entry.path(), module);
  static const std::map<std::string, std::string> kKindStage = {
      {"kind.hpp", "model"}, {"model.cpp", "model"}, {"compose.cpp", "compose"}, {"text.cpp", "app"}};
  std::size_t kinds = 0;
  for (const auto& kind : fs::directory_iterator(src / "kinds")) {
    ++kinds;
    for (const auto& stage : kKindStage)
      EXPECT_TRUE(fs::exists(kind.path() / stage.first)) << kind.path().filename().string() << " has no " << stage.first;
    for (const auto& entry : fs::directory_iterator(kind.path())) {
      auto stage = kKindStage.find(entry.path().filename().string());
      EXPECT_NE(stage, kKindStage.end()) << entry.path() << " is not a stage file of an entry kind";
      if (stage != kKindStage.end()) files.emplace_back(entry.path(), stage->second);
    }
  }
  EXPECT_GE(kinds, 5U) << "src/kinds/ has lost its kinds";
  static const std::regex kInclude(R"(#include "(\w+)/)");
  std::size_t checked = 0;
  for (const auto& [path, module] : files) {
    const std::set<std::string> allowed = reachable(uses, module);
    const std::string text = read(path);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kInclude); it != std::sregex_iterator(); ++it) {
      std::string to = (*it)[1];
      if (to == "kinds") to = "model";  // a kind's struct is the model's
      if (!modules.count(to)) continue;
      ++checked;
      EXPECT_TRUE(allowed.count(to) || to == "core")
          << path.filename().string() << " (" << module << ") includes " << to << "/";
    }
  }
  EXPECT_GT(checked, 100U) << "the includes were not found: the test tests nothing";
}

}  // namespace
}  // namespace cvpdf::theme
