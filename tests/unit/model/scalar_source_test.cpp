// A byte of a text value → its line and character column in the file
// (model/scalar_source.hpp), through the loader as the composer uses it: for
// every scalar style YAML has, per language, with multi-byte characters
// before the place and CR LF line ends; and the value's start, never a wrong
// place, when the text does not read so from the file.
#include <gtest/gtest.h>

#include <cctype>

#include "core/utf8.hpp"

#include "model/scalar_source.hpp"
#include "test_support.hpp"

namespace cvpdf::model {
namespace {

using testing::load;

struct Place {
  int line = 0;
  int column = 0;
  bool operator==(const Place&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Place& p) { return os << p.line << ":" << p.column; }

Place place_of(const SourceSpan& s) { return {s.line, s.column}; }

// Where `needle` of person.summary's `language` text is, by the model's mapping.
Place summary_place(const std::string& yaml, const std::string& needle, const std::string& language = "en") {
  auto l = load(yaml);
  EXPECT_TRUE(l.resume) << l.dump();
  if (!l.resume) return {};
  const Localized& summary = l.resume->person.summary;
  const std::string& text = summary.get(language, l.resume->languages.front());
  const std::size_t offset = text.find(needle);
  EXPECT_NE(offset, std::string::npos) << text;
  return place_of(summary.place(language, l.resume->languages.front()).at(text, offset));
}

Place summary_start(const std::string& yaml) {
  auto l = load(yaml);
  return l.resume ? place_of(l.resume->person.summary.span) : Place{};
}

const char* const kHead = "person:\n  name: Ada\n";  // summary is on line 3

TEST(ScalarSource, PlainOneLine) {
  EXPECT_EQ(summary_place(std::string(kHead) + "  summary: Built **fast things\n", "**"), (Place{3, 18}));
}

TEST(ScalarSource, PlainOverSeveralLinesWithMultiByteCharacters) {
  const std::string yaml = std::string(kHead) +
                           "  summary: 中文 first\n"
                           "    second é line,   **here\n";
  EXPECT_EQ(summary_place(yaml, "**"), (Place{4, 22}));
  EXPECT_EQ(summary_place(yaml, "second"), (Place{4, 5}));
}

TEST(ScalarSource, PlainWithAnEmptyLineBetween) {
  const std::string yaml = std::string(kHead) +
                           "  summary: one\n"
                           "\n"
                           "    two **three\n";
  EXPECT_EQ(summary_place(yaml, "**"), (Place{5, 9}));
}

TEST(ScalarSource, PlainOnTheLineAfterItsKey) {
  const std::string yaml = std::string(kHead) +
                           "  summary:\n"
                           "    Wrote the kernels, in **CUDA\n";
  EXPECT_EQ(summary_place(yaml, "**"), (Place{4, 27}));
}

TEST(ScalarSource, SingleQuotedWithDoubledQuotesAndFolding) {
  const std::string yaml = std::string(kHead) +
                           "  summary: 'it''s é ''x''\n"
                           "     and **y'\n";
  EXPECT_EQ(summary_place(yaml, "x'"), (Place{3, 23}));
  EXPECT_EQ(summary_place(yaml, "**"), (Place{4, 10}));
}

TEST(ScalarSource, DoubleQuotedWithEscapes) {
  // \u00e9 is one character in the text and six in the file.
  const std::string yaml = std::string(kHead) + "  summary: \"caf\\u00e9 \\\"q\\\" \\\\ \\x41 **b\"\n";
  EXPECT_EQ(summary_place(yaml, "**"), (Place{3, 37}));
  EXPECT_EQ(summary_place(yaml, "é"), (Place{3, 16}));  // at its escape's backslash
}

TEST(ScalarSource, DoubleQuotedWithASurrogatePairAndATab) {
  const std::string yaml = std::string(kHead) + "  summary: \"\\ud83d\\ude00\\t😀 **b\"\n";
  EXPECT_EQ(summary_place(yaml, "**"), (Place{3, 29}));
}

TEST(ScalarSource, DoubleQuotedFoldedAndEscapedLineBreaks) {
  const std::string yaml = std::string(kHead) +
                           "  summary: \"first   \n"
                           "     second\\\n"
                           "     third\n"
                           "\n"
                           "     é **fourth\"\n";
  auto l = load(yaml);
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->person.summary.get("en", "en"), "first secondthird\né **fourth");
  EXPECT_EQ(summary_place(yaml, "third"), (Place{5, 6}));
  EXPECT_EQ(summary_place(yaml, "**"), (Place{7, 8}));
}

TEST(ScalarSource, LiteralBlockWithItsIndentationStripped) {
  const std::string yaml = std::string(kHead) +
                           "  summary: |\n"
                           "    first line\n"
                           "      indented é **x\n"
                           "\n"
                           "    last\n";
  EXPECT_EQ(summary_place(yaml, "**"), (Place{5, 18}));
  EXPECT_EQ(summary_place(yaml, "last"), (Place{7, 5}));
}

TEST(ScalarSource, FoldedBlockStripped) {
  const std::string yaml = std::string(kHead) +
                           "  summary: >-\n"
                           "    folded\n"
                           "    lines\n"
                           "\n"
                           "    para\n"
                           "      more indented\n"
                           "    back to **x\n";
  auto l = load(yaml);
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->person.summary.get("en", "en"), "folded lines\npara\n  more indented\nback to **x");
  EXPECT_EQ(summary_place(yaml, "**"), (Place{9, 13}));
  EXPECT_EQ(summary_place(yaml, "more"), (Place{8, 7}));
}

TEST(ScalarSource, BlockScalarWithKeptLineEndsAndAComment) {
  const std::string yaml = std::string(kHead) +
                           "  summary: |+ # a comment\n"
                           "    a **b\n"
                           "\n";
  EXPECT_EQ(summary_place(yaml, "**"), (Place{4, 7}));
}

TEST(ScalarSource, FlowMappingOfLanguages) {
  const std::string yaml = "languages: [en, zh]\n" + std::string(kHead) +
                           "  summary: {en: \"Built **x\", zh: 负责中文**未闭合}\n";
  EXPECT_EQ(summary_place(yaml, "**", "en"), (Place{4, 24}));
  EXPECT_EQ(summary_place(yaml, "**", "zh"), (Place{4, 38}));
}

TEST(ScalarSource, BlockMappingOfLanguages) {
  const std::string yaml = "languages: [en, zh]\n" + std::string(kHead) +
                           "  summary:\n"
                           "    en: >-\n"
                           "      Built\n"
                           "      **x\n"
                           "    zh: \"负责\n"
                           "      中文 **y\"\n";
  EXPECT_EQ(summary_place(yaml, "**", "en"), (Place{7, 7}));
  EXPECT_EQ(summary_place(yaml, "**", "zh"), (Place{9, 10}));
}

TEST(ScalarSource, AFallbackLanguageIsPlacedInItsOwnText) {
  // zh has no text: the en text is set, and placed where it is written.
  const std::string yaml = "languages: [en, zh]\n" + std::string(kHead) + "  summary: {en: a **b}\n";
  EXPECT_EQ(summary_place(yaml, "**", "zh"), (Place{4, 19}));
}

TEST(ScalarSource, CrLfLineEnds) {
  const std::string yaml =
      "person:\r\n  name: Ada\r\n  summary: first é\r\n    second **x\r\n";
  EXPECT_EQ(summary_place(yaml, "**"), (Place{4, 12}));
  const std::string quoted = "person:\r\n  name: Ada\r\n  summary: \"first  \r\n\r\n    second **x\"\r\n";
  EXPECT_EQ(summary_place(quoted, "**"), (Place{5, 12}));
  const std::string block = "person:\r\n  name: Ada\r\n  summary: |\r\n    a\r\n    b **x\r\n";
  EXPECT_EQ(summary_place(block, "**"), (Place{5, 7}));
}

TEST(ScalarSource, LeadingWhiteSpaceTheLoaderTrims) {
  EXPECT_EQ(summary_place(std::string(kHead) + "  summary: \"   a **b  \"\n", "**"), (Place{3, 18}));
}

TEST(ScalarSource, AnAnchoredTextAndItsAlias) {
  // The alias's text is the anchored one: it is placed where that is written.
  const std::string yaml = "person:\n  name: &n Ada **x\n  summary: *n\n";
  EXPECT_EQ(summary_place(yaml, "**"), (Place{2, 16}));
}

TEST(ScalarSource, JsonResume) {
  const std::string json = R"({"basics": {"name": "Ada", "summary": "caf\u00e9 \"q\" **x"}})";
  auto l = load(json, "cv.json");
  ASSERT_TRUE(l.resume) << l.dump();
  const Localized& summary = l.resume->person.summary;
  const std::string& text = summary.get("en", "en");
  EXPECT_EQ(place_of(summary.place("en", "en").at(text, text.find("**"))), (Place{1, 56}));
}

// ---- the value's start when the text cannot be placed ----

TEST(ScalarSource, TextWithControlCharactersRemovedFallsBackToTheValueStart) {
  const std::string yaml = std::string(kHead) + "  summary: \"a\\x01 **b\"\n";
  EXPECT_EQ(summary_place(yaml, "**"), summary_start(yaml));
  EXPECT_EQ(summary_start(yaml), (Place{3, 12}));
}

TEST(ScalarSource, TextTheModelDidNotReadFromTheFileFallsBack) {
  auto l = load(std::string(kHead) + "  summary: a **b\n");
  ASSERT_TRUE(l.resume);
  const Localized& summary = l.resume->person.summary;
  const TextPlace place = summary.place("en", "en");
  EXPECT_EQ(place_of(place.at("a **c", 2)), (Place{3, 12}));         // another text
  EXPECT_EQ(place_of(place.at("a **b", 99)), (Place{3, 12}));        // past its end
  EXPECT_EQ(place_of(place.at("a **b", 5)), (Place{3, 17}));         // just past its end
  const Localized made = Localized::plain("a **b", {"cv.yaml", 7, 3});  // no origin
  EXPECT_EQ(place_of(made.place("en", "en").at("a **b", 2)), (Place{7, 3}));
}

TEST(ScalarSource, APieceOfTheTextAndATextAfterAPrefix) {
  // The composer sets a publication's authors piece by piece, and its
  // venue after a separator.
  auto l = load(std::string(kHead) + "  summary: A. **Lovelace, Ada, B. **Babbage\n");
  ASSERT_TRUE(l.resume);
  const TextPlace place = l.resume->person.summary.place("en", "en");
  EXPECT_EQ(place_of(place.from_byte(20).at("B. **Babbage", 3)), (Place{3, 35}));
  EXPECT_EQ(place_of(place.from_byte(20).at("B. **Other", 3)), (Place{3, 12}));  // not that piece
  EXPECT_EQ(place_of(place.after(2).at(", A. **Lovelace", 5)), (Place{3, 15}));
  EXPECT_EQ(place_of(place.after(2).at(", A. **Lovelace", 1)), (Place{3, 12}));  // in the prefix
}

TEST(ScalarSource, AnExplicitIndentationIsPlacedRightOrNotAtAll) {
  const std::string yaml = std::string(kHead) +
                           "  summary: |2\n"
                           "       first\n"
                           "    **x\n";
  const Place p = summary_place(yaml, "**");
  EXPECT_TRUE(p == (Place{5, 5}) || p == summary_start(yaml)) << p;
  EXPECT_EQ(p, (Place{5, 5}));  // `key: |2` under a mapping is read right
}

// Every letter and digit of a value, placed, is that letter in the file
// (escapes are placed at their backslash).
void expect_every_letter_placed(const std::string& yaml) {
  auto l = load(yaml);
  ASSERT_TRUE(l.resume) << l.dump();
  const Localized& summary = l.resume->person.summary;
  const std::string& text = summary.get("en", "en");
  const TextPlace place = summary.place("en", "en");
  ASSERT_NE(place.origin, nullptr);
  std::vector<std::u32string> lines(1);
  for (std::size_t pos = 0; pos < yaml.size();) {
    char32_t cp = utf8::decode(yaml, pos);
    if (cp == '\n') {
      lines.emplace_back();
    } else {
      lines.back() += cp;
    }
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!std::isalnum(static_cast<unsigned char>(text[i]))) continue;
    const SourceSpan at = place.at(text, i);
    ASSERT_GE(at.line, 1);
    ASSERT_LE(static_cast<std::size_t>(at.line), lines.size());
    const std::u32string& line = lines[static_cast<std::size_t>(at.line - 1)];
    ASSERT_LE(static_cast<std::size_t>(at.column), line.size()) << at.to_string();
    const char32_t written = line[static_cast<std::size_t>(at.column - 1)];
    if (written == '\\') continue;  // an escape
    EXPECT_EQ(written, static_cast<char32_t>(text[i])) << "byte " << i << " at " << at.to_string();
  }
}

TEST(ScalarSource, EveryLetterOfEveryStyleIsPlacedOnItself) {
  expect_every_letter_placed(std::string(kHead) + "  summary: é one two\n    three\n\n    four 中 five\n");
  expect_every_letter_placed(std::string(kHead) + "  summary: 'a''b é\n\n     c d'\n");
  expect_every_letter_placed(std::string(kHead) + "  summary: \"a\\tb \\u00e9 c\\\n     d\n\n   e\\x41f\"\n");
  expect_every_letter_placed(std::string(kHead) + "  summary: |-\n    ab\n      c d\n\n    e\n");
  expect_every_letter_placed(std::string(kHead) + "  summary: >\n    ab\n    c\n\n      d\n    e\n");
  expect_every_letter_placed("languages: [en, zh]\n" + std::string(kHead) + "  summary: {zh: z, en: \"x y\"}\n");
  expect_every_letter_placed(std::string(kHead) + "  summary: \"a\r\n\r\n    b c\"\r\n");
}

// ---- the reader alone ----

TEST(ScalarSource, ReadScalarGivesEachByteItsSourceByte) {
  const std::string source = "k: \"a\\tb\r\n  c\"";
  auto read = read_scalar(source, 3, 5);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->text, "a\tb c");
  EXPECT_EQ(read->from, (std::vector<std::size_t>{4, 5, 7, 8, 12}));
  EXPECT_FALSE(read_scalar(source, 3, 6));  // the scalar has five bytes
  EXPECT_FALSE(read_scalar("k: \"a\\q\"", 3, 2));  // not an escape
}

TEST(ScalarSource, PositionsCountCharactersNotBytes) {
  const std::string source = "é中\nab😀c";
  EXPECT_EQ(position_after(source, 0, 1, 1, source.find('c')), (std::pair{2, 4}));
  EXPECT_EQ(position_after(source, 2, 1, 2, 5), (std::pair{1, 3}));
}

// ---- the loader's own messages inside a text ----

TEST(ScalarSource, TheControlCharacterWarningIsAtTheEscape) {
  auto l = load(std::string(kHead) + "  summary: \"é ok\\e[31m\"\n");
  const Diagnostic* d = l.warning("control character U+001B");
  ASSERT_NE(d, nullptr) << l.dump();
  EXPECT_EQ(place_of(d->span), (Place{3, 17})) << d->format();
}

TEST(ScalarSource, ADateProblemInABlockScalarIsAtItsPart) {
  auto l = load(std::string(kHead) +
                "sections:\n  - title: Work\n    entries:\n      - org: X\n        date: >-\n          2020-13\n");
  const Diagnostic* d = l.error("month 13");
  ASSERT_NE(d, nullptr) << l.dump();
  EXPECT_EQ(place_of(d->span), (Place{8, 16})) << d->format();
}

}  // namespace
}  // namespace cvpdf::model
