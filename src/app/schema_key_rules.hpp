// The JSON Schemas' rules on a mapping's keys (json_schema.cpp), written so
// that yaml-language-server reports one diagnostic, on the key, for each
// mistake: a key that is not taken gets the hint `cvpdf check` gives (a
// word from another format, a key that belongs elsewhere, the key one typo
// away, or the list of keys), an alias beside its key says which, and a
// required key is not also reported missing when it is there misspelt.
// They are `propertyNames` and `if`/`then` rules rather than
// `additionalProperties: false` and `anyOf`: the server reports a failed
// `anyOf` through whichever branch it guesses, and an unknown key twice.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "app/json_value.hpp"
#include "model/resume_keys.hpp"

namespace cvpdf::app {

struct KeyNames {
  std::string where;                                            // "in an entry"
  std::vector<std::string> keys;                                // every name taken, aliases too
  std::vector<std::pair<std::string, std::string>> exact;       // a word → its hint
  std::vector<std::pair<std::string, std::string>> near;        // a key → "did you mean …" for its typos
  std::string language_pattern;                                 // keys it matches are taken too
};

// A place of the résumé: its keys, its foreign words, the keys of the
// other places, and each key's typos, as model::unknown_key_hint words them.
KeyNames key_names(const model::KeyTable& table);

// The `propertyNames` schema of a mapping with these keys.
Json key_names_rule(const KeyNames& names);

// `key` is required, unless the mapping has a key one typo from it (which
// key_names_rule reports).
Json required_unless_misspelt(const std::string& key);

// `alias` may not be given beside `key`.
Json not_both(const std::string& key, const std::string& alias, const std::string& message);

}  // namespace cvpdf::app
