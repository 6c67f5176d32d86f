// The hyphenation dictionaries compiled into the binary at build time
// (cmake/hyphen_compile.cpp dumps the state machine libhyphen builds from a
// .dic): indices into per-level arrays, no pointers, so nothing is relocated
// or parsed at start-up. Hyphenator turns a level into a HyphenDict on the
// first word it hyphenates.
#pragma once
#include <hyphen.h>

namespace cvpdf::text {

// A HyphenState with its strings as offsets into the level's string pool
// (-1: none) and its transitions as an offset into the level's HyphenTrans array.
struct PackedHyphenState {
  long match;
  long repl;
  int replindex;
  int replcut;
  int fallback_state;
  int num_trans;
  long trans;
};

struct PackedHyphenLevel {
  int lhmin, rhmin, clhmin, crhmin;
  long nohyphen;  // offset into strings, -1: none
  int nohyphenl;
  int num_states;
  long cset;  // offset into strings
  int utf8;
  const PackedHyphenState* states;
  // Not const: HyphenDict's pointers are not (libhyphen only reads them).
  HyphenTrans* trans;
  char* strings;
};

struct PackedHyphenDictionary {
  const PackedHyphenLevel* const* levels;  // levels[0] first, each the next one's nextlevel
  int level_count;
};

// hyph_en_US.dic (the hyphen-en-us package) as it was at build time.
extern const PackedHyphenDictionary kHyphenEnUs;

}  // namespace cvpdf::text
