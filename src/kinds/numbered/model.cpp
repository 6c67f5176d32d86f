// A numbered entry's model stage (model/entry_kinds.hpp): its keys
// (`number:` or `reversed_number:`, the text), its reader, what it shows,
// and how `cvpdf convert` writes it.
#include "kinds/numbered/kind.hpp"

#include <functional>

#include "model/entry_kinds.hpp"
#include "model/resume_writer_parts.hpp"
#include "model/schema.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::model {

namespace {

constexpr KeyName kKeys[] = {
    {"number", "number", ValueType::Text, "the text of a numbered entry: numbered 1, 2, 3 down the section"},
    {"reversed_number", "reversed_number", ValueType::Text,
     "the text of a numbered entry counting down: the section's last is 1"},
};
constexpr const char* kNeeds[] = {"number", "reversed_number"};

}  // namespace

template <>
const KindDescription& kind_description<NumberedEntry>() {
  static const KindDescription d{
      .name = "numbered",
      .article = "a numbered entry",
      .called = "a numbered entry",
      .summary = "a numbered entry is number: text (or reversed_number: text, to count down)",
      .schema = "a numbered entry: its number hanging before the text",
      .keys = kKeys,
      .needs = kNeeds,
  };
  return d;
}

template <>
bool read_kind<NumberedEntry>(const detail::Reader& r, const detail::Reader::Fields& f, const detail::YNode&,
                              NumberedEntry& out) {
  const detail::YNode* number = detail::field(f, "number");
  const detail::YNode* reversed = detail::field(f, "reversed_number");
  if (number && reversed) {
    // Said at the later of the two keys (the mapping's children are in file order).
    const detail::YNode* second = std::less<>()(number, reversed) ? reversed : number;
    r.diags().error(r.key_span(*second), "a numbered entry has 'number' or 'reversed_number', not both",
                    "'number' counts 1, 2, 3 down the section; 'reversed_number' counts down to 1");
    return false;
  }
  out.reversed = reversed != nullptr;
  const detail::YNode* text = reversed ? reversed : number;
  return r.text(text, text ? text->key() : "number", out.text);
}

template <>
bool kind_has_content<NumberedEntry>(const NumberedEntry& e, const std::string& language,
                                     const std::string& fallback) {
  return visible(e.text, language, fallback);
}

// An entry without its text is still numbered (`number:` with no value),
// so that it reads back as one.
template <>
void write_kind<NumberedEntry>(YAML::Emitter& out, const NumberedEntry& e, const Only& only) {
  const char* key = e.reversed ? "reversed_number" : "number";
  detail::entry_map(out, only, [&] {
    if (e.text.empty()) out << YAML::Key << key << YAML::Value << YAML::Null;
    else detail::key_text(out, key, e.text);
  });
}

}  // namespace cvpdf::model
