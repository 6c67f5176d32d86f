// Theme resolution: built-in names, theme files (refusing files that are
// not text), style and --set; and the descriptions `cvpdf themes` prints.
// Every theme is a layer over the default one (classic), so a theme — built
// in or a file — holds only the keys it changes.
#include "app/layouts.hpp"

#include <algorithm>
#include <filesystem>
#include <string_view>

#include "app/files.hpp"
#include "compose/builtin_layouts.hpp"
#include "core/utf8.hpp"
#include "model/loader.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::app {

namespace {

namespace fs = std::filesystem;

// Text YAML could hold: UTF-8 without NUL or other control characters (the
// loader's own check, input_checks.cpp, would reject them too, but naming a
// byte of a binary file is no help).
bool is_text(std::string_view text) {
  if (utf8::find_invalid(text) != std::string_view::npos) return false;
  return std::none_of(text.begin(), text.end(), [](char ch) {
    auto c = static_cast<unsigned char>(ch);
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F;
  });
}

// The file name messages about a built-in theme carry.
std::string builtin_origin(const std::string& name) { return "<built-in theme " + name + ">"; }

const compose::BuiltinLayout* find_builtin(const std::string& name) {
  for (const auto& l : compose::builtin_layouts())
    if (l.name == name) return &l;
  return nullptr;
}

}  // namespace

std::string builtin_layout_names() {
  std::string s;
  for (const auto& t : builtin_themes()) s += (s.empty() ? "" : ", ") + t.name;
  return s;
}

std::string theme_description(std::string_view text) {
  constexpr std::string_view kMark = "description:";
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) continue;  // blank lines may part the comments
    if (line[first] != '#') break;                  // the first key ends the header
    line.remove_prefix(first + 1);
    line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
    if (line.substr(0, kMark.size()) != kMark) continue;
    line.remove_prefix(kMark.size());
    line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
    line.remove_suffix(line.size() - std::min(line.find_last_not_of(" \t") + 1, line.size()));
    return std::string(line);
  }
  return {};
}

std::vector<ThemeInfo> builtin_themes() {
  std::vector<ThemeInfo> themes;
  for (const auto& l : compose::builtin_layouts()) themes.push_back({std::string(l.name), theme_description(l.text())});
  std::sort(themes.begin(), themes.end(), [](const ThemeInfo& a, const ThemeInfo& b) { return a.name < b.name; });
  return themes;
}

LayoutKeys load_layout(const model::Resume& resume, const std::string& layout, const std::vector<std::string>& sets,
                       Diagnostics& diags) {
  LayoutKeys keys;
  const auto* standard = find_builtin(kDefaultLayout);
  if (!standard) throw FatalError({Severity::Error, {}, "the default theme is missing from this build", ""});
  const std::string standard_origin = builtin_origin(kDefaultLayout);
  auto defaults = theme::load_style(standard->text(), standard_origin, diags);
  if (!defaults) throw FatalError({Severity::Error, {}, "the built-in theme does not load", ""});
  // Built-in themes name families, not files: "" resolves only in fonts/.
  keys.layers.push({standard_origin, "", std::move(*defaults)});

  std::string name = layout.empty() ? resume.layout : layout;
  const SourceSpan span = layout.empty() ? resume.layout_span : SourceSpan{"--theme", 0, 0};
  // JSON Resume's meta.theme names a jsonresume.org theme (an npm package),
  // not ours: it counts only when it happens to be one of our names.
  if (layout.empty() && resume.layout_builtin_only && !find_builtin(name)) name.clear();
  if (!name.empty() && name != kDefaultLayout) {
    if (const auto* builtin = find_builtin(name)) {
      const std::string origin = builtin_origin(name);
      if (auto map = theme::load_style(builtin->text(), origin, diags)) keys.layers.push({origin, "", std::move(*map)});
    } else {
      fs::path path(name);
      // --theme is relative to the working directory; a file's `theme:`
      // to the résumé's directory.
      if (path.is_relative() && layout.empty()) path = fs::path(resume.base_directory) / path;
      path = path.lexically_normal();  // messages say theme.yaml, not ././theme.yaml
      std::error_code ec;
      if (!fs::is_regular_file(path, ec)) {
        std::vector<std::string> names;
        for (const auto& t : builtin_themes()) names.push_back(t.name);
        // A bare word is meant as a built-in name; a path is a file's.
        const std::string near = name.find_first_of("/.") == std::string::npos ? nearest_word(name, names) : "";
        throw FatalError({Severity::Error, span, "theme '" + name + "' is neither a built-in theme nor a file",
                          (near.empty() ? std::string() : "did you mean '" + near + "'? ") + "built-in themes: " +
                              builtin_layout_names() + " (see `cvpdf themes`); or give the path of a theme .yaml file"});
      }
      std::string text = read_input(path.string());
      if (!is_text(text)) {
        // A PNG, a PDF, a program: its bytes would only garble the message.
        throw FatalError({Severity::Error, span,
                          path.string() + " is not a theme file (it is not YAML text)",
                          "a theme is a .yaml file of keys such as page: {size: a4}; built-in themes: " +
                              builtin_layout_names()});
      }
      // A theme named without a directory (--theme mine.yaml) is in the
      // working directory: its font paths resolve there, not nowhere.
      const std::string directory = path.has_parent_path() ? path.parent_path().string() : ".";
      if (auto map = theme::load_style(text, path.string(), diags))
        keys.layers.push({path.string(), directory, std::move(*map)});
      keys.file = path.string();
    }
  }
  // Font paths in the résumé's own `style:` resolve against the résumé's
  // directory (the user guide: against the file that names them). --set names no
  // file: a path typed on the command line is the shell's, so it resolves
  // against the working directory, as every other path argument does.
  theme::check_commented_colours(resume.style_comments, diags);
  keys.layers.push({resume.source_path + " (style:)", resume.base_directory, resume.style});
  model::StyleMap sets_map;
  for (const auto& assignment : sets) theme::apply_style_override(sets_map, assignment, diags);
  keys.layers.push({"--set", ".", std::move(sets_map)});
  return keys;
}

}  // namespace cvpdf::app
