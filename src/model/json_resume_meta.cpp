// JSON Resume's `meta` and the sections' order and headings. The schema
// documents the sections in one order (basics, work, volunteer, education,
// awards, certificates, publications, skills, languages, interests,
// references, projects) and themes set them so, whatever order the file's
// keys are in (a file sorted alphabetically would otherwise open with
// Awards). `meta` is free-form "tooling configuration"; cvpdf reads the keys
// that JSON Resume themes established for what it does too:
//   meta.language       the résumé's language (jsonresume-theme-class)
//   meta.sections       which sections, in which order (jsonresume-theme-even)
//   meta.sectionLabels  a heading per section key (jsonresume-theme-even)
// The order is the résumé's, not the theme's: a list of this file's own
// section keys means nothing to a cvpdf theme, which serves every format.
#include <algorithm>

#include "model/json_resume_detail.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::model::detail::json_resume {

namespace {

constexpr SectionKind kSections[] = {{"work"},   {"volunteer"}, {"education"},  {"awards"},
                                     {"certificates"}, {"publications"}, {"skills"}, {"languages"},
                                     {"interests"},  {"references"}, {"projects"}};

std::vector<std::string> section_keys() {
  std::vector<std::string> keys;
  for (const auto& s : kSections) keys.emplace_back(s.key);
  return keys;
}

bool is_section_key(const std::string& key) {
  return std::any_of(std::begin(kSections), std::end(kSections), [&](const SectionKind& s) { return key == s.key; });
}

std::string unknown_section_hint(const std::string& key) {
  std::string near = nearest_word(key, section_keys());
  std::string all;
  for (const auto& s : kSections) all += (all.empty() ? "" : ", ") + std::string(s.key);
  return near.empty() ? "the sections are " + all : "did you mean '" + near + "'?";
}

void read_sections(const Reader& r, const YNode& node, Meta& out) {
  if (!node.is_sequence()) {
    r.diags().warning(r.span(node), "'meta.sections' must be a list of section keys, got " + describe(node) +
                                        "; the sections keep the schema's order",
                      "write \"sections\": [\"work\", \"education\", \"skills\"]");
    return;
  }
  std::vector<std::string> keys;
  for (const auto& item : node.children) {
    if (!item.is_scalar()) {
      r.diags().warning(r.span(item), "an entry of 'meta.sections' must be a section key, got " + describe(item),
                        unknown_section_hint(""));
      continue;
    }
    const std::string key = item.text();
    if (key == "basics") continue;  // the header, always first
    if (!is_section_key(key)) {
      r.diags().warning(r.span(item), "'" + key + "' in 'meta.sections' is not a JSON Resume section",
                        unknown_section_hint(key));
      continue;
    }
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) {
      r.diags().warning(r.span(item), "'" + key + "' is listed twice in 'meta.sections'; it is set once",
                        "remove the second one");
      continue;
    }
    keys.push_back(key);
  }
  out.sections = std::move(keys);
}

void read_labels(const Reader& r, const YNode& node, Meta& out) {
  if (!node.is_map()) {
    r.diags().warning(r.span(node), "'meta.sectionLabels' must be an object of section key → heading, got " +
                                        describe(node),
                      "write \"sectionLabels\": {\"work\": \"Jobs\"}");
    return;
  }
  for (const auto& child : node.children) {
    if (!is_section_key(child.key())) {
      r.diags().warning(r.key_span(child), "'" + child.key() + "' in 'meta.sectionLabels' is not a JSON Resume section",
                        unknown_section_hint(child.key()));
      continue;
    }
    Localized label;
    if (r.text(&child, "sectionLabels." + child.key(), label) && !label.empty() && !blank(label.get("", "")))
      out.labels[child.key()] = std::move(label);
  }
}

}  // namespace

std::span<const SectionKind> section_kinds() { return kSections; }

Meta read_meta(const Reader& r, const YNode* meta, const Unshown& unshown) {
  Meta out;
  if (!meta || meta->is_null()) return out;
  if (!meta->is_map()) {
    r.wrong_type(*meta, "meta", "an object", "JSON Resume writes \"meta\": {\"version\": \"v1.0.0\"}");
    return out;
  }
  for (const auto& child : meta->children) {
    const std::string& key = child.key();
    if (key == "language") {
      // A language code (BCP 47), not the natural-language name the
      // `languages` section holds ("English").
      if (!child.is_scalar() || !is_language_tag(trimmed(child.text()))) {
        r.diags().warning(r.span(child),
                          "'meta.language' must be a language code such as en, de or zh-Hans, got " +
                              (child.is_scalar() ? "'" + child.text() + "'" : describe(child)) + "; it is ignored",
                          "write \"language\": \"en\"");
        continue;
      }
      out.language = canonical_language(trimmed(child.text()));
      out.language_span = r.span(child);
    } else if (key == "sections") {
      read_sections(r, child, out);
    } else if (key == "sectionLabels") {
      read_labels(r, child, out);
    } else if (key == "theme") {
      // Read by the loader: a built-in theme's name is used, another
      // program's theme is left to that program (app/layouts.cpp).
    } else {
      unshown.field(&child, "meta." + key, "it is about the file, for other programs; it is not part of the page");
    }
  }
  return out;
}

}  // namespace cvpdf::model::detail::json_resume
