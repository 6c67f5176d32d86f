// What each entry kind tells the model stage, defined in its folder's
// model.cpp (src/kinds/<kind>/model.cpp): its description and keys, how it is
// read from the YAML tree, whether it shows anything in a variant, and how
// `cvpdf convert` writes it. Stages call these for every kind through
// for_each_kind / std::visit; a kind that does not define one fails to link.
#pragma once
#include <map>
#include <span>
#include <string>

#include "model/resume.hpp"
#include "model/resume_keys.hpp"

namespace YAML {
class Emitter;
}

namespace cvpdf::model {

namespace detail {
class Reader;
struct YNode;
}  // namespace detail

// What to say when an entry mixes this kind's keys with another kind's,
// where the hint composed from the two summaries would not say it.
struct MixHint {
  const char* kind;  // the other kind's name: "publication"
  const char* key;   // the other kind's key it is about ("title"), or null for any
  const char* hint;  // "for a job title use 'role' (or 'position'); 'title' makes an entry a publication"
};

struct KindDescription {
  const char* name;     // "item": the JSON Schema's word, the user guide's
  const char* article;  // "an item": "this entry mixes an item's 'org' with a pair's 'label'"
  const char* called;   // "an entry": "an entry of section 'Experience' has nothing to show in zh"
  const char* summary;  // "an item has org, role, date, bullets, links": for the hints
  const char* schema;   // the JSON Schema's description of the kind
  // The keys an entry of this kind takes besides `only` (with their
  // aliases, types and meanings, as in resume_keys.hpp). A key no other kind
  // takes marks an entry as this kind; the kind with no such key (the
  // paragraph: `text` alone) is what an entry of shared keys alone is.
  std::span<const KeyName> keys;
  // The key an entry of this kind must have (the JSON Schema's `required`:
  // a pair's `label`), or the keys of which it has exactly one (a numbered
  // entry's `number` or `reversed_number`).
  std::span<const char* const> needs = {};
  std::span<const MixHint> mix_hints = {};
};

template <class Kind>
const KindDescription& kind_description();

// The description of the entry's kind. Not inline: visiting every kind here
// would instantiate kind_description<Kind> in each kind's model.cpp before
// its specialisation (an error to clang).
const KindDescription& kind_description(const Entry& entry);

// Reads the kind's fields (by canonical key, as Reader::fields gave them;
// detail::field finds one) into `out`; reports each problem at its place
// and returns false when the entry is not to be kept. Only keys the kind
// takes are in `fields`; `only` is read by the caller.
template <class Kind>
bool read_kind(const detail::Reader& reader, const std::map<std::string, const detail::YNode*>& fields,
               const detail::YNode& entry, Kind& out);

namespace detail {
// The value of canonical `key` among an entry's fields, or null.
const YNode* field(const std::map<std::string, const YNode*>& fields, const std::string& key);
}  // namespace detail

// Whether some field of the kind has visible text in the variant (visible_content.hpp).
template <class Kind>
bool kind_has_content(const Kind& kind, const std::string& language, const std::string& fallback_language);

// Writes the entry as `cvpdf convert` prints it: a mapping of the kind's
// keys with `only` after them (detail::entry_map, resume_writer_parts.hpp),
// or a shorter form a kind has (a paragraph in every variant: its text).
template <class Kind>
void write_kind(YAML::Emitter& out, const Kind& kind, const Only& only);

}  // namespace cvpdf::model
