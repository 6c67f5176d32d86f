// The break-relevant half of the CJK rules (W3C CLREQ, with JLREQ's strict
// kinsoku for Japanese and keep-all words for Korean): the character
// classes, where a line may not begin or end, and what kind of join lies
// between two pieces of text. This is what the break list (breaks.hpp)
// needs to say where a CJK line may end; the glue set at a join, the
// punctuation blanks and the last-line rule stay with the composer
// (compose/clreq.hpp).
#pragma once
#include <cstdint>

namespace cvpdf::text {

// Han, kana and bopomofo letters: the characters set on the em grid between
// which a Chinese or Japanese line may break and stretch. Not Hangul (Korean
// is spaced into words), not punctuation, not full-width Latin forms.
bool is_ideograph(char32_t cp);
bool is_hangul(char32_t cp);
// Latin (Greek, Cyrillic…) letters, digits and symbols such as % + ×: what a
// Han character keeps ¼ em away from (CLREQ, "mixed text").
bool is_western(char32_t cp);
// Beside a source space, Latin punctuation still marks a Latin word's edge:
// "编写 (3.11)" is a Han–Latin join like "编写 Python".
bool is_western_edge(char32_t cp);
// CLREQ's (and JLREQ's strict) characters that may not begin a line: closing
// brackets and quotes, 、，。：；！？, middle dots, iteration marks, small
// kana and the prolonged sound mark ー.
bool no_line_start(char32_t cp);
// Opening brackets and quotes: they may not end a line.
bool no_line_end(char32_t cp);
// —— and …… (and their kin): two of them in a row are never split.
bool inseparable(char32_t before, char32_t after);
// Korean sets words, not syllables, on the line (CSS word-break: keep-all):
// no break between Hangul and the letters or Han attached to it.
bool keep_all(char32_t before, char32_t after);
// Kinsoku: whether a line may end between these two characters at all.
bool may_break_between(char32_t before, char32_t after);

// What lies between two pieces of text at a word-level opportunity.
enum class JoinKind : std::uint8_t {
  None,         // nothing between the pieces (a Korean word's syllables)
  Space,        // the source's space between words, as in Latin text
  Ideographic,  // between CJK characters or CJK punctuation: no width, a little stretch
  Quarter,      // Han–Latin with no space in the source: ¼ em
  QuarterSpace, // Han–Latin with a space in the source: the space becomes the ¼ em
  Explicit,     // after a hyphen or slash (TeX's \exhyphenpenalty)
};

// The kind of join between `before` (the last character of one piece) and
// `after` (the first of the next); `space` says the source has a space there.
JoinKind classify_join(char32_t before, char32_t after, bool space);

// Whether a line may end at a join of `kind`: not inside a Korean word, and
// in a paragraph with CJK text (`cjk_paragraph`) not where kinsoku forbids
// (ICU's UAX #14 already keeps most of these; CLREQ's tables are the
// authority where they differ: a middle dot, small kana, a space before a
// closing mark). A Latin paragraph's breaks are ICU's alone.
bool join_breakable(JoinKind kind, char32_t before, char32_t after, bool cjk_paragraph);

}  // namespace cvpdf::text
