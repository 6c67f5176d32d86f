// A paragraph's model stage (model/entry_kinds.hpp): its keys (`text`
// alone, which other kinds take too: an entry of no other kind's keys is a
// paragraph), its reader, what it shows, and how `cvpdf convert` writes
// it. A plain text or a mapping of languages among the entries is a
// paragraph too; schema.cpp reads those forms.
#include "kinds/paragraph/kind.hpp"

#include "model/entry_kinds.hpp"
#include "model/resume_writer_parts.hpp"
#include "model/schema.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::model {

namespace {

constexpr KeyName kKeys[] = {
    {"text", "text", ValueType::Text, "the paragraph"},
    {"summary", "text", ValueType::Text},
};
constexpr const char* kNeeds[] = {"text"};

}  // namespace

template <>
const KindDescription& kind_description<ParagraphEntry>() {
  static const KindDescription d{
      .name = "paragraph",
      .article = "a paragraph",
      .called = "a paragraph",
      .summary = "a paragraph is a plain text",
      .schema = "a paragraph: {text: ...}",
      .keys = kKeys,
      .needs = kNeeds,
  };
  return d;
}

template <>
bool read_kind<ParagraphEntry>(const detail::Reader& r, const detail::Reader::Fields& f,
                               const detail::YNode& entry, ParagraphEntry& out) {
  if (!r.text(detail::field(f, "text"), "text", out.text)) return false;
  if (out.text.empty()) {
    r.diags().error(r.span(entry), "this entry has no content",
                    "an item has org, role, date, bullets; a pair has label + text; a publication has title; "
                    "a paragraph is a plain text");
    return false;
  }
  return true;
}

template <>
bool kind_has_content<ParagraphEntry>(const ParagraphEntry& e, const std::string& language,
                                      const std::string& fallback) {
  return visible(e.text, language, fallback);
}

// In every variant, the text alone (`- Some text.` or `- {en: …, zh: …}`);
// limited to some, a mapping of its languages with `only` ({en: …, only: en}).
template <>
void write_kind<ParagraphEntry>(YAML::Emitter& out, const ParagraphEntry& e, const Only& only) {
  if (only.languages.empty()) {
    detail::write_text(out, e.text);
    return;
  }
  detail::entry_map(out, only, [&] {
    for (const auto& [language, value] : e.text.by_language)
      out << YAML::Key << (language.empty() ? std::string("text") : language) << YAML::Value << value;
  });
}

}  // namespace cvpdf::model
