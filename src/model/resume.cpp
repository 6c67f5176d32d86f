// Localized values and variant selection.
#include "model/resume.hpp"

#include <algorithm>
#include <filesystem>

namespace cvpdf::model {

bool Localized::has(const std::string& language) const {
  return by_language.count(language) > 0 || by_language.count("") > 0;
}

namespace {

// The entry get() reads: the language's, the unlocalized one, the fallback
// language's, the first; end() when there is none. place() follows the same.
std::map<std::string, std::string>::const_iterator chosen(const std::map<std::string, std::string>& by_language,
                                                          const std::string& language,
                                                          const std::string& fallback_language) {
  if (auto it = by_language.find(language); it != by_language.end()) return it;
  if (auto it = by_language.find(""); it != by_language.end()) return it;
  if (auto it = by_language.find(fallback_language); it != by_language.end()) return it;
  return by_language.begin();
}

}  // namespace

const std::string& Localized::get(const std::string& language, const std::string& fallback_language) const {
  static const std::string empty_text;
  auto it = chosen(by_language, language, fallback_language);
  return it == by_language.end() ? empty_text : it->second;
}

TextPlace Localized::place(const std::string& language, const std::string& fallback_language) const {
  auto it = chosen(by_language, language, fallback_language);
  if (it == by_language.end()) return {span};
  auto origin = origins.find(it->first);
  return {span, origin == origins.end() ? nullptr : &origin->second};
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
