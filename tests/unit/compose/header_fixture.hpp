// A small bilingual résumé for the header and heading tests, composed with
// theme keys over the built-in layout — the whole document through
// render_variant, or some header parts alone in a column of a given width
// (as a sidebar sets them) — and finders over the frame it gives.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "classic_layout.hpp"
#include "compose/composer.hpp"
#include "compose/galley.hpp"
#include "compose/render_variant.hpp"
#include "model/loader.hpp"

namespace cvpdf::compose::probe {

using Settings = std::map<std::string, std::string>;

// The photos of the command-line tests: baseline.jpg is 16 × 12 pixels.
inline const std::string kPhotoDir = CVPDF_SOURCE_DIR "/tests/cli/bad/photos";

// `photo` is the photo line's value ("" for none); `name` the person's name.
inline std::string resume_yaml(const std::string& photo = "", const std::string& name = "Ada Example") {
  std::string yaml = "languages: [en, zh]\n"
                     "person:\n"
                     "  name: " + name + "\n"
                     "  headline: {en: Backend Engineer · Storage, zh: 后端工程师 · 存储}\n"
                     "  email: ada@example.com\n"
                     "  phone: +44 20 7946 0000\n"
                     "  location: {en: London, zh: 英国伦敦}\n";
  if (!photo.empty()) yaml += "  photo: " + photo + "\n";
  yaml += "  links:\n"
          "    - label: example.org/ada\n"
          "      url: https://example.org/ada\n"
          "    - label: GitHub\n"
          "      url: https://github.com/ada\n"
          "  summary: {en: Backend engineer who keeps storage services fast and boring., zh: 让存储服务又快又稳的后端工程师。}\n"
          "sections:\n"
          "  - title: {en: Experience & Research, zh: 工作经历}\n"
          "    entries:\n"
          "      - org: Example Corp\n"
          "        role: Engineer\n"
          "        bullets: [Built the billing service.]\n"
          "  - title: {en: Skills, zh: 技能}\n"
          "    bullets: [Go, SQL]\n";
  return yaml;
}

struct Composed {
  frame::Document doc;
  theme::Style style;
  Diagnostics diags;
  Scaled column = 0;  // the width set into

  const frame::Page& page() const { return doc.pages.front(); }
  Scaled left() const { return style.margin_left; }
  Scaled right() const { return style.margin_left + column; }
};

inline text::FontBook& font_book() {
  static text::FontBook book;
  return book;
}

inline theme::StyleLayers layers_with(const Settings& settings, Diagnostics& diags) {
  model::StyleMap keys;
  for (const auto& [key, value] : settings) keys[key].scalar = value;
  return classic_layers(keys, kPhotoDir, diags);
}

inline std::optional<model::Resume> load(const std::string& yaml, Diagnostics& diags) {
  auto resume = model::load_resume(yaml, "header-test.yaml", kPhotoDir, diags);
  EXPECT_TRUE(resume.has_value());
  return resume;
}

// The whole résumé in `language`.
inline Composed compose(const std::string& yaml, const std::string& language, const Settings& settings = {}) {
  Composed c;
  auto resume = load(yaml, c.diags);
  if (!resume) return c;
  RenderedVariant rendered =
      render_variant(*resume, layers_with(settings, c.diags), font_book(), {{language, 0, "test"}}, c.diags);
  c.style = std::move(rendered.style);
  c.doc = std::move(rendered.document);
  c.column = c.style.content_width();
  return c;
}

// Only the header `parts`, set into a column `column` wide (0: the text
// area's width) at the left margin.
inline Composed compose_parts(const std::string& yaml, const std::string& language, const Settings& settings,
                              unsigned parts, Scaled column = 0) {
  Composed c;
  auto resume = load(yaml, c.diags);
  if (!resume) return c;
  const theme::StyleLayers layers = layers_with(settings, c.diags);
  c.style = theme::resolve_style(layers, language, c.diags);
  c.column = column > 0 ? column : c.style.content_width();
  const std::string hb_language = model::pdf_language_tag(language);
  FontSet fonts = resolve_fonts(c.style, hb_language, font_book(), c.diags);
  Typesetter typesetter(font_book(), fonts, c.style, hb_language, nullptr, c.diags);
  Galley galley;
  Composer composer{*resume, c.style, language, typesetter, galley, c.diags, c.column};
  composer.icon_face = fonts.icon_face;
  composer.compose_header(parts);
  std::vector<frame::Bookmark> bookmarks;
  c.doc.pages = paginate(std::move(galley), c.style, bookmarks);
  if (c.doc.pages.empty()) c.doc.pages.emplace_back();
  return c;
}

inline std::string text_of(const frame::GlyphRun& run) {
  std::string s;
  for (const auto& g : run.glyphs) s += g.text;
  return s;
}

template <typename T>
std::vector<const T*> all_of(const frame::Page& page) {
  std::vector<const T*> out;
  for (const auto& e : page.elements)
    if (const auto* x = std::get_if<T>(&e)) out.push_back(x);
  return out;
}

// The runs whose text contains `needle`.
inline std::vector<const frame::GlyphRun*> runs_with(const frame::Page& page, const std::string& needle) {
  std::vector<const frame::GlyphRun*> out;
  for (const auto* run : all_of<frame::GlyphRun>(page))
    if (text_of(*run).find(needle) != std::string::npos) out.push_back(run);
  return out;
}

inline const frame::GlyphRun* run_with(const frame::Page& page, const std::string& needle) {
  auto runs = runs_with(page, needle);
  return runs.empty() ? nullptr : runs.front();
}

// The ink's right end: a run's last glyph may carry a line end's white.
inline Scaled right_of(const frame::GlyphRun& run) {
  Scaled right = run.x + run.width();
  if (!run.glyphs.empty() && run.glyphs.back().text == " ") right -= run.glyphs.back().advance;
  return right;
}

// The runs of the contact items (set at header.contact-size, in the muted
// colour), in order of the page.
inline std::vector<const frame::GlyphRun*> contact_runs(const Composed& c) {
  std::vector<const frame::GlyphRun*> out;
  for (const auto* run : all_of<frame::GlyphRun>(c.page()))
    if (run->size == c.style.contact_size && run->color == c.style.muted_color) out.push_back(run);
  return out;
}

inline double pts(Scaled s) { return to_pt(s); }

}  // namespace cvpdf::compose::probe
