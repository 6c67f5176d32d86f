// Writing Make rules with GNU make 4.3's escaping, each rule checked
// against real make in tests/e2e/output_safety_test.cpp (Depfile.*):
// - space, '#', ':' and the wildcards '*', '?', '[' take a backslash;
//   '$' is '$$'; '%' takes a backslash in targets only (there it would make
//   a pattern rule; in prerequisites make keeps "\%" as two characters);
// - backslashes just before a character escaped so are doubled; any other
//   backslash is literal;
// - what no escaping expresses is refused: control characters (newline ends
//   the rule, tab splits a name), ';' (starts a recipe), '=' (makes a
//   variable), '|' (order-only prerequisites), a final backslash (joins the
//   next line), a leading '~' (home directory), "x(y)" (archive member),
//   and a backslash among wildcards (glob would eat it).
#include "app/depfile.hpp"

#include <algorithm>
#include <set>

#include "app/output_target.hpp"

namespace cvpdf::app {

namespace {

// What makes make glob a name (an unmatched ']' is literal to glob).
bool is_wildcard(char c) { return c == '*' || c == '?' || c == '['; }

// Why make cannot read `path` as a file name, or "" when it can.
std::string inexpressible(const std::string& path) {
  for (char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') return "a newline";
    if (c == '\t') return "a tab";
    if (u < 0x20 || u == 0x7f) return "a control character";
    if (c == ';') return "';'";
    if (c == '=') return "'='";
    if (c == '|') return "'|'";
  }
  if (!path.empty() && path.back() == '\\') return "a backslash at the end";
  if (!path.empty() && path.front() == '~') return "'~' at the start";
  if (path.find('(') != std::string::npos && !path.empty() && path.back() == ')')
    return "a name ending in \"(...)\" (make reads it as an archive member)";
  if (path.find('\\') != std::string::npos && std::any_of(path.begin(), path.end(), is_wildcard))
    return "a backslash together with '*', '?' or '['";
  return {};
}

std::string escape(const std::string& path, bool target) {
  if (std::string why = inexpressible(path); !why.empty()) {
    throw OutputRefused({Severity::Error, SourceSpan{path, 0, 0},
                         "cannot be written in a Make dependency file: the name has " + why,
                         "rename the file, or leave out -M"});
  }
  std::string out;
  std::size_t backslashes = 0;  // just before the current character
  for (char c : path) {
    const bool escaped = c == ' ' || c == '#' || c == ':' || is_wildcard(c) || (target && c == '%');
    if (escaped) out.append(backslashes, '\\').append(1, '\\');
    if (c == '$') out += '$';
    out += c;
    backslashes = c == '\\' ? backslashes + 1 : 0;
  }
  return out;
}

}  // namespace

std::string make_depfile(const std::vector<MakeRule>& rules) {
  std::string out;
  std::set<std::string> prerequisites;
  for (const auto& rule : rules) {
    for (std::size_t i = 0; i < rule.targets.size(); ++i) out += (i ? " " : "") + escape(rule.targets[i], true);
    out += ":";
    for (const auto& p : rule.prerequisites) {
      out += " \\\n  " + escape(p, false);
      prerequisites.insert(p);
    }
    out += "\n";
  }
  for (const auto& p : prerequisites) out += "\n" + escape(p, true) + ":\n";
  return out;
}

}  // namespace cvpdf::app
