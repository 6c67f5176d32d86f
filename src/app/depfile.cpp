// Writing Make rules with Make's escaping.
#include "app/depfile.hpp"

#include <algorithm>
#include <set>

namespace cvpdf::app {

namespace {

// Make reads spaces, '#', ':' and '$' specially in rule lines.
std::string escape(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#' || c == ':' || c == '\\') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

}  // namespace

std::string make_depfile(const std::vector<MakeRule>& rules) {
  std::string out;
  std::set<std::string> prerequisites;
  for (const auto& rule : rules) {
    for (std::size_t i = 0; i < rule.targets.size(); ++i) out += (i ? " " : "") + escape(rule.targets[i]);
    out += ":";
    for (const auto& p : rule.prerequisites) {
      out += " \\\n  " + escape(p);
      prerequisites.insert(p);
    }
    out += "\n";
  }
  for (const auto& p : prerequisites) out += "\n" + escape(p) + ":\n";
  return out;
}

}  // namespace cvpdf::app
