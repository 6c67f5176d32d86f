// Make dependency files (-M): "outputs: résumé layout photo fonts…", with an
// empty rule for every prerequisite (as gcc -MP does) so that a font or
// layout that disappears does not break the build.
#pragma once
#include <string>
#include <vector>

namespace cvpdf::app {

struct MakeRule {
  std::vector<std::string> targets;
  std::vector<std::string> prerequisites;
};

// Throws OutputRefused (exit status 2) naming a path GNU make cannot read
// in a rule, whatever the escaping: a newline or tab, ';', '=', '|', ...
std::string make_depfile(const std::vector<MakeRule>& rules);

}  // namespace cvpdf::app
