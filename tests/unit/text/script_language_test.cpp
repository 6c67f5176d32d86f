// foreign_script_language: the /Lang of a run in another script than the
// document's.
#include "text/script_language.hpp"

#include <gtest/gtest.h>

namespace cvpdf::text {
namespace {

struct Case {
  const char* text;
  const char* document;
  const char* expected;
  const char* why;
};

const Case kCases[] = {
    {"مرحبا", "en", "ar", "Arabic in English"},
    {"שלום", "en", "he", "Hebrew in English"},
    {"दुनिया", "en", "hi", "Devanagari in English"},
    {"ภาษาไทย", "en", "th", "Thai in English"},
    {"Αθήνα", "en", "el", "Greek in English"},
    {"Москва", "en", "ru", "Cyrillic in English"},
    {"தமிழ்", "en-GB", "ta", "Tamil in British English"},
    {"Storage engineer", "en", "", "Latin"},
    {"Ünïcödé café", "en", "", "Latin with accents"},
    {"2021–2024 · ✓", "en", "", "no letters"},
    {"北京 サンプル 서울", "en", "", "CJK is the structure builder's own"},
    {"", "en", "", "nothing"},
    {"Rust", "ru", "", "Latin in a Russian document"},
    {"Київ", "uk", "", "Ukrainian is written in Cyrillic"},
    {"Москва", "ru", "", "the document's own script"},
    {"تهران", "fa", "", "Persian is written in Arabic"},
    {"मराठी", "mr", "", "Marathi is written in Devanagari"},
    {"שלום", "ru", "he", "another script in a Russian document"},
    {"(हिन्दी) Αθήνα", "en", "hi", "the first foreign script of a mixed run"},
    {"and Αθήνα in", "en", "", "a run with Latin letters: its tag would cover them"},
    {"ᚠᚢᚦ", "en", "und", "Runic has no table entry"},
};

TEST(ScriptLanguage, EachRunItsLanguage) {
  for (const Case& c : kCases) EXPECT_EQ(foreign_script_language(c.text, c.document), c.expected) << c.why;
}

}  // namespace
}  // namespace cvpdf::text
