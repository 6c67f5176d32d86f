// A pair's model stage (model/entry_kinds.hpp): its keys, its reader, what
// it shows, and how `cvpdf convert` writes it.
#include "kinds/pair/kind.hpp"

#include "model/entry_kinds.hpp"
#include "model/resume_writer_parts.hpp"
#include "model/schema.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::model {

namespace {

constexpr KeyName kKeys[] = {
    {"label", "label", ValueType::Text, "a pair's label, set in bold (a skill's category)"},
    {"text", "text", ValueType::Text, "the text after the label"},
    {"summary", "text", ValueType::Text},
};
constexpr const char* kNeeds[] = {"label"};

// The hint known before the numbered kind came, kept word for word.
constexpr MixHint kMixHints[] = {
    {"publication", nullptr,
     "a pair is label + text; a publication has title, authors, venue, year; split this into two entries"},
};

}  // namespace

template <>
const KindDescription& kind_description<PairEntry>() {
  static const KindDescription d{
      .name = "pair",
      .article = "a pair",
      .called = "a pair",
      .summary = "a pair is label + text on one line (e.g. a skill)",
      .schema = "a pair: the label in bold, then the text, on one line (skills)",
      .keys = kKeys,
      .needs = kNeeds,
      .mix_hints = kMixHints,
  };
  return d;
}

template <>
bool read_kind<PairEntry>(const detail::Reader& r, const detail::Reader::Fields& f, const detail::YNode&,
                          PairEntry& out) {
  bool ok = r.text(detail::field(f, "text"), "text", out.text);
  return r.text(detail::field(f, "label"), "label", out.label) && ok;
}

template <>
bool kind_has_content<PairEntry>(const PairEntry& e, const std::string& language, const std::string& fallback) {
  return visible(e.label, language, fallback) || visible(e.text, language, fallback);
}

template <>
void write_kind<PairEntry>(YAML::Emitter& out, const PairEntry& e, const Only& only) {
  detail::entry_map(out, only, [&] {
    detail::key_text(out, "label", e.label);
    detail::key_text(out, "text", e.text);
  });
}

}  // namespace cvpdf::model
