// The hyphenation dictionaries compiled into the binary at build time
// (cmake/hyphen_compile.cpp dumps the state machines libhyphen builds from a
// .dic): states refer to each other, to their transitions and to their
// patterns' digits by index, so nothing is parsed, allocated or relocated
// per state, and hyphenate_packed (hyphenator.cpp) walks the tables as they
// are in the binary.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace cvpdf::text {

// One state of a level's pattern trie. Its transitions are
// [trans, next state's trans) of the level's trans_chars/trans_targets
// (the states array ends with one more entry for that).
struct PackedHyphenState {
  std::uint32_t trans;
  // Offset of the pattern's digits (libhyphen's match, a '\0'-terminated
  // string) in the level's matches; 0 is the empty string, which stands
  // for no match too: neither raises a hyphen value.
  std::uint32_t match;
  std::int32_t fallback;  // the longest proper suffix that is a state; -1 for the root
};

struct PackedHyphenLevel {
  std::int32_t num_states;
  const PackedHyphenState* states;  // num_states + 1
  const char* trans_chars;          // the byte each transition reads
  const std::int32_t* trans_targets;
  const char* matches;
};

// What hnj_hyphen_hyphenate2 reads of a HyphenDict: the first level's
// minima and NOHYPHEN list (a later level's are never read), the state
// machine of every level, and the encoding. No non-standard (replacing)
// patterns: the generator refuses a dictionary with any.
struct PackedHyphenDictionary {
  const PackedHyphenLevel* levels;  // levels[0] first, each the next one's nextlevel
  int level_count;
  const char* cset;  // the .dic's first line, as libhyphen read it
  bool utf8;
  int lhmin, rhmin, clhmin, crhmin;
  // NOHYPHEN's character sequences, each '\0'-terminated, one after the
  // other; nullptr for none.
  const char* nohyphen;
  int nohyphen_count;
};

// hyph_en_US.dic (the hyphen-en-us package) as it was at build time.
extern const PackedHyphenDictionary kHyphenEnUs;

// The longest word hyphenate_packed takes, in bytes: Hyphenator's longest
// word (kMaxWordLength letters), 4 bytes a letter in UTF-8.
inline constexpr std::size_t kMaxPackedHyphenWord = 4 * 64;

// What hnj_hyphen_hyphenate2 gives for `word` (encoded as the dictionary
// is, lower case, no NUL byte: libhyphen reads parts of it as C strings) with the HyphenDict that the tables were dumped from:
// hyphens (word.size() + 5 of them) odd after character i where a hyphen
// may follow (per character, also in UTF-8). false where libhyphen fails
// (UTF-8 that starts mid-character) and for words over kMaxPackedHyphenWord.
bool hyphenate_packed(const PackedHyphenDictionary& dict, std::string_view word, char* hyphens);

}  // namespace cvpdf::text
