// Layout resolution: built-in names, layout files, style and --set.
#include "app/layouts.hpp"

#include <filesystem>

#include "app/files.hpp"
#include "compose/builtin_layouts.hpp"
#include "model/loader.hpp"

namespace cvpdf::app {

namespace {

namespace fs = std::filesystem;

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
  // Font paths in the résumé's own `style:` resolve against the résumé's
  // directory (SPEC: against the file that names them); a layout file's
  // against the layout's, below.
  keys.font_base_directory = resume.base_directory;
  const auto* standard = find_builtin(kDefaultLayout);
  if (!standard) throw FatalError({Severity::Error, {}, "the default layout is missing from this build", ""});
  auto defaults = model::load_style(standard->text(), std::string("<built-in layout ") + kDefaultLayout + ">", diags);
  if (!defaults) throw FatalError({Severity::Error, {}, "the built-in layout does not load", ""});
  keys.defaults = std::move(*defaults);

  const std::string name = layout.empty() ? resume.layout : layout;
  const SourceSpan span = layout.empty() ? resume.layout_span : SourceSpan{"--layout", 0, 0};
  if (!name.empty() && name != kDefaultLayout) {
    if (const auto* builtin = find_builtin(name)) {
      if (auto map = model::load_style(builtin->text(), "<built-in layout " + name + ">", diags))
        keys.overrides = std::move(*map);
    } else {
      fs::path path(name);
      // --layout is relative to the working directory; a file's `layout:`
      // to the résumé's directory.
      if (path.is_relative() && layout.empty()) path = fs::path(resume.base_directory) / path;
      std::error_code ec;
      if (!fs::is_regular_file(path, ec)) {
        throw FatalError({Severity::Error, span, "layout '" + name + "' is neither a built-in layout nor a file",
                          "built-in layouts: " + builtin_layout_names() + "; or give the path of a layout .yaml file"});
      }
      std::string text = read_input(path.string());
      if (auto map = model::load_style(text, path.string(), diags)) keys.overrides = std::move(*map);
      keys.file = path.string();
      // A layout named without a directory (--layout mine.yaml) is in the
      // working directory: its font paths resolve there, not nowhere.
      keys.font_base_directory = path.has_parent_path() ? path.parent_path().string() : ".";
    }
  }
  for (const auto& [k, v] : resume.style) keys.overrides[k] = v;
  for (const auto& assignment : sets) model::apply_style_override(keys.overrides, assignment, diags);
  keys.merged = keys.defaults;
  for (const auto& [k, v] : keys.overrides) keys.merged[k] = v;
  return keys;
}

}  // namespace cvpdf::app
