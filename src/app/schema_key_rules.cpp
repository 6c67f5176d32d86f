// The JSON Schemas' rules on keys (schema_key_rules.hpp).
#include "app/schema_key_rules.hpp"

#include <algorithm>

#include "app/schema_patterns.hpp"

namespace cvpdf::app {

namespace {

bool has(const std::vector<std::string>& list, const std::string& word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

Json if_then_else(Json condition, Json then, Json otherwise) {
  Json j;
  j["if"] = std::move(condition);
  j["then"] = std::move(then);
  j["else"] = std::move(otherwise);
  return j;
}

// Fails with `message` for any key but those taken; a quick fix offers them.
Json refused(const KeyNames& names, const std::string& message) {
  Json j = words(names.keys);
  j["errorMessage"] = Json::str("unknown key " + names.where + ": " + message);
  return j;
}

// Fails with `message` for every key (a key is never null): for a word whose
// hint says what to write instead.
Json refused_word(const KeyNames& names, const std::string& message) {
  Json j = types({"null"});
  j["errorMessage"] = Json::str("unknown key " + names.where + ": " + message);
  return j;
}

}  // namespace

KeyNames key_names(const model::KeyTable& table) {
  KeyNames names;
  names.where = table.where;
  for (const auto& k : table.keys) names.keys.emplace_back(k.name);
  for (const auto& f : table.foreign) names.exact.emplace_back(f.word, f.hint);
  for (const model::KeyTable* other : model::key_tables())
    for (const auto& k : other->keys) {
      const std::string word = k.name;
      const bool listed = std::any_of(names.exact.begin(), names.exact.end(), [&](const auto& e) { return e.first == word; });
      if (!has(names.keys, word) && !listed) names.exact.emplace_back(word, model::unknown_key_hint(table, word));
    }
  for (const auto& k : table.keys) {
    const std::string name = k.name, canonical = k.canonical;
    names.near.emplace_back(name, canonical == name ? "did you mean '" + name + "'?"
                                                    : "did you mean '" + canonical + "'? ('" + name + "' works too)");
  }
  return names;
}

Json key_names_rule(const KeyNames& names) {
  std::string list;
  for (const auto& k : names.keys) list += (list.empty() ? "" : ", ") + k;
  // Tried in order, the first that matches deciding: the keys taken, the
  // words with a hint of their own, a language block, a typo of a key (the
  // first key in table order, as cvpdf's nearest word), anything else.
  Json rule = refused(names, "the keys " + names.where + " are " + list);
  for (auto n = names.near.rbegin(); n != names.near.rend(); ++n) {
    Json typo;
    typo["pattern"] = Json::str(typo_pattern(n->first));
    Json suggestion;
    suggestion["const"] = Json::str(n->first);
    suggestion["errorMessage"] = Json::str("unknown key " + names.where + ": " + n->second);
    rule = if_then_else(std::move(typo), std::move(suggestion), std::move(rule));
  }
  if (!names.language_pattern.empty()) {
    Json language;
    language["pattern"] = Json::str(names.language_pattern);
    rule = if_then_else(std::move(language), Json::boolean(true), std::move(rule));
  }
  for (auto e = names.exact.rbegin(); e != names.exact.rend(); ++e) {
    Json word;
    word["const"] = Json::str(e->first);
    rule = if_then_else(std::move(word), refused_word(names, e->second), std::move(rule));
  }
  return if_then_else(words(names.keys), Json::boolean(true), std::move(rule));
}

Json required_unless_misspelt(const std::string& key) {
  Json typo;
  typo["pattern"] = Json::str(typo_pattern(key));
  Json no_typo;
  no_typo["propertyNames"]["not"] = std::move(typo);
  Json required;
  required["required"] = strings({key});
  Json j;
  j["if"] = std::move(no_typo);
  j["then"] = std::move(required);
  return j;
}

Json not_both(const std::string& key, const std::string& alias, const std::string& message) {
  Json given;
  given["required"] = strings({key});
  Json then;
  then["properties"][alias] = Json::boolean(false);
  then["errorMessage"] = Json::str(message);
  Json j;
  j["if"] = std::move(given);
  j["then"] = std::move(then);
  return j;
}

}  // namespace cvpdf::app
