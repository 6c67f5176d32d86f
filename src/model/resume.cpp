// Localized values and variant selection.
#include "model/resume.hpp"

#include <algorithm>
#include <filesystem>

namespace cvpdf::model {

bool Localized::has(const std::string& language) const {
  return by_language.count(language) > 0 || by_language.count("") > 0;
}

const std::string& Localized::get(const std::string& language, const std::string& fallback_language) const {
  static const std::string empty_text;
  if (auto it = by_language.find(language); it != by_language.end()) return it->second;
  if (auto it = by_language.find(""); it != by_language.end()) return it->second;
  if (auto it = by_language.find(fallback_language); it != by_language.end()) return it->second;
  if (!by_language.empty()) return by_language.begin()->second;
  return empty_text;
}

Localized Localized::plain(std::string text, SourceSpan span) {
  Localized l;
  l.by_language.emplace("", std::move(text));
  l.span = std::move(span);
  return l;
}

bool Only::includes(const std::string& language) const {
  return languages.empty() || std::find(languages.begin(), languages.end(), language) != languages.end();
}

std::string Resume::photo_path() const {
  if (person.photo.empty()) return {};
  std::filesystem::path path(person.photo);
  if (path.is_relative()) path = std::filesystem::path(base_directory) / path;
  return path.lexically_normal().string();
}

}  // namespace cvpdf::model
