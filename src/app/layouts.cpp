// Layout resolution: built-in names, layout files (refusing files that are
// not text), style and --set.
#include "app/layouts.hpp"

#include <algorithm>
#include <filesystem>
#include <string_view>

#include "app/files.hpp"
#include "compose/builtin_layouts.hpp"
#include "core/utf8.hpp"
#include "model/loader.hpp"

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

const compose::BuiltinLayout* find_builtin(const std::string& name) {
  for (const auto& l : compose::builtin_layouts())
    if (l.name == name) return &l;
  return nullptr;
}

}  // namespace

std::string builtin_layout_names() {
  std::string s;
  for (const auto& l : compose::builtin_layouts()) s += (s.empty() ? "" : ", ") + std::string(l.name);
  return s;
}

LayoutKeys load_layout(const model::Resume& resume, const std::string& layout, const std::vector<std::string>& sets,
                       Diagnostics& diags) {
  LayoutKeys keys;
  const auto* standard = find_builtin(kDefaultLayout);
  if (!standard) throw FatalError({Severity::Error, {}, "the default layout is missing from this build", ""});
  const std::string standard_origin = std::string("<built-in layout ") + kDefaultLayout + ">";
  auto defaults = model::load_style(standard->text(), standard_origin, diags);
  if (!defaults) throw FatalError({Severity::Error, {}, "the built-in layout does not load", ""});
  // Built-in layouts name families, not files: "" resolves only in fonts/.
  keys.layers.push({standard_origin, "", std::move(*defaults)});

  const std::string name = layout.empty() ? resume.layout : layout;
  const SourceSpan span = layout.empty() ? resume.layout_span : SourceSpan{"--layout", 0, 0};
  if (!name.empty() && name != kDefaultLayout) {
    if (const auto* builtin = find_builtin(name)) {
      const std::string origin = "<built-in layout " + name + ">";
      if (auto map = model::load_style(builtin->text(), origin, diags)) keys.layers.push({origin, "", std::move(*map)});
    } else {
      fs::path path(name);
      // --layout is relative to the working directory; a file's `layout:`
      // to the résumé's directory.
      if (path.is_relative() && layout.empty()) path = fs::path(resume.base_directory) / path;
      path = path.lexically_normal();  // messages say layout.yaml, not ././layout.yaml
      std::error_code ec;
      if (!fs::is_regular_file(path, ec)) {
        throw FatalError({Severity::Error, span, "layout '" + name + "' is neither a built-in layout nor a file",
                          "built-in layouts: " + builtin_layout_names() + "; or give the path of a layout .yaml file"});
      }
      std::string text = read_input(path.string());
      if (!is_text(text)) {
        // A PNG, a PDF, a program: its bytes would only garble the message.
        throw FatalError({Severity::Error, span,
                          path.string() + " is not a layout file (it is not YAML text)",
                          "a layout is a .yaml file of keys such as page: {size: a4}; built-in layouts: " +
                              builtin_layout_names()});
      }
      // A layout named without a directory (--layout mine.yaml) is in the
      // working directory: its font paths resolve there, not nowhere.
      const std::string directory = path.has_parent_path() ? path.parent_path().string() : ".";
      if (auto map = model::load_style(text, path.string(), diags))
        keys.layers.push({path.string(), directory, std::move(*map)});
      keys.file = path.string();
    }
  }
  // Font paths in the résumé's own `style:` resolve against the résumé's
  // directory (SPEC: against the file that names them). --set names no
  // file; its paths keep meaning what they meant before layers: the
  // résumé's directory.
  keys.layers.push({resume.source_path + " (style:)", resume.base_directory, resume.style});
  model::StyleMap sets_map;
  for (const auto& assignment : sets) model::apply_style_override(sets_map, assignment, diags);
  keys.layers.push({"--set", resume.base_directory, std::move(sets_map)});
  return keys;
}

}  // namespace cvpdf::app
