// Visible content (see visible_content.hpp): blank text, and entries and
// sections with nothing to set in a variant; what an entry of each kind
// shows is the kind's (kind_has_content in src/kinds/*/model.cpp).
#include "model/visible_content.hpp"

#include <variant>

#include "core/utf8.hpp"
#include "model/entry_kinds.hpp"

namespace cvpdf::model {

namespace {

bool space(char32_t cp) {
  switch (cp) {
    case U' ': case U'\t': case U'\n': case U'\r': case U'\f': case U'\v':
    case 0x85: case 0xA0: case 0x1680: case 0x180E: case 0x2028: case 0x2029:
    case 0x202F: case 0x205F: case 0x2060: case 0x3000: case 0xFEFF:
      return true;
    default:
      return cp >= 0x2000 && cp <= 0x200D;  // en quad … zero-width joiner
  }
}

// How a message names a section: by its title in the variant, else in any language.
std::string section_name(const Section& section, const std::string& language, const std::string& fallback) {
  std::string title = visible_text(section.title, language, fallback);
  if (title.empty())
    for (const auto& [lang, text] : section.title.by_language)
      if (!blank(text)) {
        title = text;
        break;
      }
  return title.empty() ? std::string("a section without a title") : "section '" + printable(title, 80) + "'";
}

}  // namespace

bool blank(std::string_view text) {
  for (std::size_t pos = 0; pos < text.size();)
    if (!space(utf8::decode(text, pos))) return false;
  return true;
}

const std::string& visible_text(const Localized& value, const std::string& language,
                                const std::string& fallback_language) {
  static const std::string none;
  const std::string& text = value.get(language, fallback_language);
  return blank(text) ? none : text;
}

bool visible(const Localized& value, const std::string& language, const std::string& fallback_language) {
  return !visible_text(value, language, fallback_language).empty();
}

bool any_visible(const std::vector<Localized>& values, const std::string& language,
                 const std::string& fallback_language) {
  for (const auto& v : values)
    if (visible(v, language, fallback_language)) return true;
  return false;
}

bool any_visible(const std::vector<Bullet>& bullets, const std::string& language,
                 const std::string& fallback_language) {
  for (const auto& b : bullets)
    if (visible(b.text, language, fallback_language) || any_visible(b.sub_bullets, language, fallback_language))
      return true;
  return false;
}

bool any_visible(const std::vector<Link>& links, const std::string& language, const std::string& fallback_language) {
  for (const auto& link : links)
    if (visible(link.label, language, fallback_language) || !blank(link.url)) return true;
  return false;
}

bool entry_has_content(const Entry& e, const std::string& language, const std::string& fallback) {
  if (!e.only.includes(language)) return false;
  return std::visit([&](const auto& kind) { return kind_has_content(kind, language, fallback); }, e.body);
}

bool section_has_content(const Section& s, const std::string& language, const std::string& fallback) {
  if (!s.only.includes(language)) return false;
  if (visible(s.text, language, fallback) || any_visible(s.bullets, language, fallback)) return true;
  for (const auto& e : s.entries)
    if (entry_has_content(e, language, fallback)) return true;
  return false;
}

void warn_nothing_to_show(const Resume& resume, const std::string& language, Diagnostics& diags) {
  const std::string& fallback = resume.languages.empty() ? language : resume.languages.front();
  for (const auto& s : resume.sections) {
    if (!s.only.includes(language)) continue;  // left out on purpose
    const std::string name = section_name(s, language, fallback);
    if (!section_has_content(s, language, fallback)) {
      diags.warning(s.span, name + " has nothing to show in " + language + "; it is left out",
                    "give it entries with text in " + language + ", or mark it `only:` the languages it has content in");
      continue;
    }
    for (const auto& e : s.entries) {
      if (!e.only.includes(language) || entry_has_content(e, language, fallback)) continue;
      diags.warning(e.span,
                    std::string(kind_description(e).called) + " of " + name + " has nothing to show in " + language +
                        "; it is left out",
                    "fill in its fields for " + language + ", or mark it `only:` the languages it has content in");
    }
  }
}

}  // namespace cvpdf::model
