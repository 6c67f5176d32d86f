// Internal to src/model: the pieces `cvpdf convert`'s writer
// (resume_writer.cpp) writes values with, shared with the entry kinds'
// writers (src/kinds/*/model.cpp, write_kind). An empty value is not
// written: the loader reads its absence as the same empty value.
#pragma once
#include <yaml-cpp/emitter.h>
#include <yaml-cpp/emittermanip.h>

#include <string>
#include <vector>

#include "model/resume.hpp"

namespace cvpdf::model::detail {

// A text of one language as a plain value, a localized text as a mapping by language.
void write_text(YAML::Emitter& out, const Localized& text);
void key_text(YAML::Emitter& out, const char* key, const Localized& text);
void key_plain(YAML::Emitter& out, const char* key, const std::string& value);
void key_texts(YAML::Emitter& out, const char* key, const std::vector<Localized>& list);
// Bullets: a bullet without sub-bullets as a text, one with them as
// {text, bullets}.
void key_bullets(YAML::Emitter& out, const char* key, const std::vector<Bullet>& list);
// `date:` for a single date, else `start:` and `end:`.
void key_dates(YAML::Emitter& out, const DateRange& range);
void key_links(YAML::Emitter& out, const std::vector<Link>& list);
void key_only(YAML::Emitter& out, const Only& only);

// An entry's mapping: what `keys` writes, then `only`.
template <class Keys>
void entry_map(YAML::Emitter& out, const Only& only, Keys&& keys) {
  out << YAML::BeginMap;
  keys();
  key_only(out, only);
  out << YAML::EndMap;
}

}  // namespace cvpdf::model::detail
