// The YAML parser under the loader (yaml-cpp's event parser) gives the trees
// YAML 1.2 gives: scalars keep their text and plain/quoted style for our own
// resolution, 1.1's extra line breaks and refused characters are ordinary
// characters, tabs separate where 1.2 lets them, and positions are 1-based
// character columns of the file. What yaml-cpp 0.7 takes and YAML does not
// is refused, and its errors are said in our words where the construct is.
#include <gtest/gtest.h>

#include "model/yaml_tree.hpp"

namespace cvpdf::model::detail {
namespace {

struct Parsed {
  std::optional<Document> doc;
  Diagnostics diags;
  std::string dump() const {
    std::string s;
    for (const auto& d : diags.all()) s += d.format() + "\n";
    return s;
  }
};

Parsed parse(std::string_view text, const Limits& limits = {}) {
  Parsed p;
  p.doc = parse_yaml(text, "r.yaml", p.diags, limits);
  return p;
}

const YNode& value(const Parsed& p, std::string_view key) {
  static const YNode none;
  const YNode* n = p.doc ? p.doc->root.find(key) : nullptr;
  return n ? *n : none;
}

TEST(YamlParse, YamlOneOneWordsStayPlainTextsForOurResolution) {
  auto p = parse("no: on\nyes: off\nn: 0o17\ne: 1e3\nt: ~\nu: null\nq: 'null'\ny: y\n");
  ASSERT_TRUE(p.doc) << p.dump();
  ASSERT_EQ(p.doc->root.children.size(), 8u);
  EXPECT_EQ(p.doc->root.children[0].key(), "no");
  EXPECT_EQ(value(p, "no").text(), "on");
  EXPECT_FALSE(value(p, "no").quoted);
  EXPECT_EQ(value(p, "yes").text(), "off");
  EXPECT_EQ(value(p, "n").text(), "0o17");
  EXPECT_EQ(value(p, "e").text(), "1e3");
  EXPECT_TRUE(value(p, "t").is_null());
  EXPECT_TRUE(value(p, "u").is_null());
  EXPECT_TRUE(value(p, "q").is_scalar());
  EXPECT_TRUE(value(p, "q").quoted);
  EXPECT_EQ(value(p, "y").text(), "y");
}

TEST(YamlParse, QuotedAndBlockScalarsAreQuotedTaggedOnesAreNot) {
  auto p = parse("a: \"x\"\nb: |\n  x\nc: !!str 1\nd: ! 2\n");
  ASSERT_TRUE(p.doc) << p.dump();
  EXPECT_TRUE(value(p, "a").quoted);
  EXPECT_TRUE(value(p, "b").quoted);
  EXPECT_EQ(value(p, "b").text(), "x\n");
  EXPECT_FALSE(value(p, "c").quoted);
  EXPECT_TRUE(value(p, "d").quoted);
}

TEST(YamlParse, LineSeparatorsAndC1CharactersAreOrdinaryCharacters) {
  // U+2028, U+2029 and U+0085 break lines in YAML 1.1 only; C1 controls and
  // U+FFFF are refused by 1.1 only (the builder then removes controls).
  auto p = parse("a: x\u2028y\u2029z\nb: \u00e9\u0085\u00e9 k\nc: q\xef\xbf\xbf\n");
  ASSERT_TRUE(p.doc) << p.dump();
  EXPECT_EQ(value(p, "a").text(), "x\u2028y\u2029z");
  EXPECT_EQ(value(p, "b").text(), "\u00e9\u00e9 k");  // NEL is a C1 control: removed, with a warning
  EXPECT_EQ(value(p, "c").text(), "q\xef\xbf\xbf");
  EXPECT_EQ(value(p, "c").pos.line, 3) << "no extra line breaks";
  ASSERT_EQ(p.diags.all().size(), 1u) << p.dump();
  EXPECT_EQ(p.diags.all()[0].span.to_string(), "r.yaml:2:5");
}

TEST(YamlParse, TabsThatSeparateTokens) {
  auto p = parse("\t# a comment\nl:\n- \tx\nk:\ty\n? \tm\n: \tn\n");
  ASSERT_TRUE(p.doc) << p.dump();
  ASSERT_EQ(value(p, "l").children.size(), 1u);
  EXPECT_EQ(value(p, "l").children[0].text(), "x");
  EXPECT_EQ(value(p, "l").children[0].pos.column, 4);
  EXPECT_EQ(value(p, "k").text(), "y");
  EXPECT_EQ(value(p, "m").text(), "n");
  auto nested = parse("- \t- x\n");
  EXPECT_FALSE(nested.doc);
}

TEST(YamlParse, ByteOrderMarkCrLfAndLoneCr) {
  auto p = parse("\xEF\xBB\xBF" "a: 1\r\nb: 2\rc: 3");
  ASSERT_TRUE(p.doc) << p.dump();
  EXPECT_EQ(value(p, "b").pos.line, 2);
  EXPECT_EQ(value(p, "c").pos.line, 3);
  EXPECT_EQ(value(p, "c").pos.column, 4);
  EXPECT_EQ(value(p, "c").text(), "3");
}

TEST(YamlParse, EmptyAndCommentOnlyFiles) {
  for (const char* text : {"", "# only\n# comments\n", "---\n", "---\n...\n"}) {
    auto p = parse(text);
    ASSERT_TRUE(p.doc) << text << p.dump();
    EXPECT_TRUE(p.doc->empty) << text;
    EXPECT_TRUE(p.doc->root.is_null());
    EXPECT_EQ(p.doc->root.pos.line, 1);
  }
}

TEST(YamlParse, DocumentsAndMarkers) {
  auto stray = parse("a: b\n...\n");
  ASSERT_TRUE(stray.doc) << stray.dump();
  auto trailing = parse("a: b\n---\n");
  EXPECT_TRUE(trailing.doc) << trailing.dump();
  auto two = parse("a: b\n---\nc: d\n");
  EXPECT_FALSE(two.doc);
  ASSERT_FALSE(two.diags.all().empty());
  EXPECT_EQ(two.diags.all()[0].format().substr(0, 61), "r.yaml:2:1: error: the file holds more than one YAML document");
}

TEST(YamlParse, ColumnsCountCharactersOfTheFileAfterSurrogateEscapes) {
  auto p = parse("{\"名\": \"\\ud83d\\ude00\", \"k\": \"v\"}");
  ASSERT_TRUE(p.doc) << p.dump();
  EXPECT_EQ(value(p, "名").text(), "\U0001F600");
  EXPECT_EQ(value(p, "k").key_pos.column, 23);
  EXPECT_EQ(value(p, "k").pos.column, 28);
  EXPECT_EQ(value(p, "k").start, 29u);  // bytes: 名 is three
}

TEST(YamlParse, UndefinedAliasAndUnclosedTextsSayWhere) {
  auto alias = parse("a: *nowhere\n");
  EXPECT_FALSE(alias.doc);
  ASSERT_FALSE(alias.diags.all().empty());
  EXPECT_EQ(alias.diags.all()[0].span.to_string(), "r.yaml:1:4");
  EXPECT_NE(alias.diags.all()[0].message.find("*nowhere"), std::string::npos) << alias.dump();
  auto quote = parse("a: \"open\nb: c\n");
  EXPECT_FALSE(quote.doc);
  ASSERT_FALSE(quote.diags.all().empty());
  EXPECT_NE(quote.diags.all()[0].message.find("not closed (it starts at line 1, column 4)"), std::string::npos)
      << quote.dump();
  auto key = parse("a: b\nc");
  ASSERT_FALSE(key.diags.all().empty());
  EXPECT_EQ(key.diags.all()[0].span.to_string(), "r.yaml:2:1") << key.dump();
}

// "file:line:col: message" of the first diagnostic.
std::string first(const Parsed& p) {
  if (p.diags.all().empty()) return "(none)";
  const Diagnostic& d = p.diags.all()[0];
  return d.span.to_string() + ": " + d.message;
}

TEST(YamlParse, QuotesOpenAtTheEndAreErrorsEvenAfterALineBreak) {
  // yaml-cpp 0.7 takes these for texts that run to the end of the file.
  auto dq = parse("a: \"open\nb: c\n");
  EXPECT_FALSE(dq.doc);
  EXPECT_EQ(first(dq), "r.yaml:3:1: a quoted text is not closed (it starts at line 1, column 4)");
  auto sq = parse("{a: 'x, b: 1}\n");
  EXPECT_FALSE(sq.doc);
  EXPECT_EQ(first(sq), "r.yaml:2:1: a quoted text is not closed (it starts at line 1, column 5)");
  auto key = parse("a: 1\n\"b\nc: d\n");  // yaml-cpp: a key, and no value
  EXPECT_EQ(first(key), "r.yaml:4:1: a quoted text is not closed (it starts at line 2, column 1)");
  auto marker = parse("a: \"open\n---\nb: c\n");
  EXPECT_EQ(first(marker),
            "r.yaml:2:1: a quoted text is not closed before a '---' or '...' line (it starts at line 1, column 4)");
}

TEST(YamlParse, AKeyWithoutAColonIsShownWhereItStarts) {
  // yaml-cpp 0.7 reads the last line's text as a key, and an inner one as
  // the start of a text that runs on to the next ':'.
  for (const char* text : {"a: b\nc", "a: b\nc\nd: e\n"}) {
    auto p = parse(text);
    EXPECT_FALSE(p.doc) << text;
    EXPECT_EQ(first(p),
              "r.yaml:2:1: a key without ':' (or a text that runs on over several lines where a key was expected)")
        << text;
  }
  auto nested = parse("a:\n  b: 1\n  c\n  d: 2\n");
  EXPECT_EQ(first(nested).substr(0, 29), "r.yaml:3:3: a key without ':'");
}

TEST(YamlParse, EmptyValuesYamlCppTakesAreRefused) {
  EXPECT_EQ(first(parse("[1,, 2]\n")), "r.yaml:1:4: illegal flow end: unexpected ','");
  EXPECT_EQ(first(parse("{, a: 1}\n")), "r.yaml:1:2: illegal flow end: unexpected ','");
  EXPECT_EQ(first(parse("{: x}\n")), "r.yaml:1:2: a value was expected here");
  EXPECT_EQ(first(parse("[a,")), "r.yaml:1:4: a value was expected here");
}

TEST(YamlParse, AnEmptyListItemIsRightAfterItsDash) {
  auto p = parse("l:\n- \n-   # c\n- a\n");
  ASSERT_TRUE(p.doc) << p.dump();
  const YNode& l = value(p, "l");
  ASSERT_EQ(l.children.size(), 3u);
  EXPECT_TRUE(l.children[0].is_null());
  EXPECT_EQ(l.children[0].pos.line, 2);
  EXPECT_EQ(l.children[0].pos.column, 2);
  EXPECT_EQ(l.children[1].pos.line, 3);
  EXPECT_EQ(l.children[1].pos.column, 2);
}

TEST(YamlParse, TabsInIndentationAreRefusedWhereYamlCppSkipsThem) {
  EXPECT_EQ(first(parse("a: [1]\n\t\nb: 2\n")), "r.yaml:2:1: a tab is used for indentation");
  EXPECT_EQ(first(parse("\t{a: 1}\n")), "r.yaml:1:1: a tab is used for indentation");
  EXPECT_EQ(first(parse("a: 'x'\n  \t\nb: 2\n")), "r.yaml:2:3: a tab is used for indentation");
  // Where a block scalar's indentation is read.
  EXPECT_EQ(first(parse("a: >-\n   \t x\n")), "r.yaml:2:4: a tab is used for indentation");
  EXPECT_EQ(first(parse("a: |\n    x\n   \ty\n")), "r.yaml:3:4: a tab is used for indentation");
  // A line of blanks inside a plain text, its tab beyond the text's indentation.
  auto text = parse("a: b\n  \t\nc: d\n");
  EXPECT_TRUE(text.doc) << text.dump();
  // A tab before a comment, after a plain text.
  auto comment = parse("a:\n  - b\n\t  # c\n  - d\n");
  EXPECT_TRUE(comment.doc) << comment.dump();
}

TEST(YamlParse, WhatFollowsTheDocumentWithoutAMarker) {
  EXPECT_EQ(first(parse("  a: 1\nb: 2\n")), "r.yaml:2:1: text after the end of the document");
  EXPECT_EQ(first(parse("a: b\n...\nc: d\n")), "r.yaml:3:1: text after the end of the document");
  EXPECT_EQ(first(parse("%YAML 1.2\na: b\n")), "r.yaml:2:1: text after the end of the document");
  EXPECT_EQ(first(parse("- a\nb: c\n")),
            "r.yaml:2:1: end of sequence not found: this line is not indented like the lines before it (it starts "
            "at line 1, column 1)");
  EXPECT_EQ(first(parse("[1]]\n")), "r.yaml:1:4: unexpected ']' after the end of the document");
  EXPECT_EQ(first(parse("{\"a\": 1}}")), "r.yaml:1:9: unexpected '}' after the end of the document");
  EXPECT_EQ(first(parse("a: [1, 2]]\n")), "r.yaml:1:10: illegal flow end: a ']' that closes nothing");
  EXPECT_EQ(first(parse("]\n")), "r.yaml:1:1: illegal flow end: unexpected ']'");
}

TEST(YamlParse, UnclosedBracketsSayWhereTheyOpen) {
  EXPECT_EQ(first(parse("名前: [é, ü\n")),
            "r.yaml:2:1: a '[' list is not closed, or a ',' is missing between its items (it starts at line 1, "
            "column 5)");
  // What yaml-cpp made of the text before (a mapping as a key) is not said.
  auto p = parse("[a, {b: 1}");
  ASSERT_EQ(p.diags.all().size(), 1u) << p.dump();
  EXPECT_EQ(first(p),
            "r.yaml:1:11: a '[' list is not closed, or a ',' is missing between its items (it starts at line 1, "
            "column 1)");
  // A key over 1024 bytes cannot be a key in a flow mapping: the ':' after it is wrong.
  std::string key(1100, 'k');
  EXPECT_EQ(first(parse("{" + key + ": v}\n")).substr(0, 46), "r.yaml:1:1102: a '{' mapping is not closed, or");
}

TEST(YamlParse, AliasesShareTheirTexts) {
  // 5000 copies of a 200 KB text would be a gigabyte; they are one text.
  // (The text budget refuses a gigabyte of text, for what setting it costs;
  // lifted here, the reader alone holds it in one copy.)
  std::string text = "a: &a \"" + std::string(200 * 1024, 'x') + "\"\nb: [";
  for (int i = 0; i < 5000; ++i) text += i ? ", *a" : "*a";
  text += "]\n";
  Limits lifted;
  lifted.min_expanded_text = std::size_t{2} << 30;
  auto p = parse(text, lifted);
  ASSERT_TRUE(p.doc) << p.dump();
  const YNode& b = value(p, "b");
  ASSERT_EQ(b.children.size(), 5000u);
  EXPECT_EQ(&b.children.front().text(), &value(p, "a").text());
  EXPECT_EQ(&b.children.back().text(), &value(p, "a").text());
  EXPECT_EQ(b.children.back().text().size(), 200u * 1024u);
}

TEST(YamlParse, TagsAndAnchors) {
  EXPECT_EQ(first(parse("a: !e!x y\n")), "r.yaml:1:4: a malformed tag (found undefined tag handle)");
  auto defined = parse("%TAG !e! tag:example.com,2000:\n---\na: !e!x y\n");
  EXPECT_TRUE(defined.doc) << defined.dump();
  EXPECT_EQ(first(parse("a: & b\n")), "r.yaml:1:5: an anchor '&' without a name");
  EXPECT_EQ(first(parse("a: *\n")).substr(0, 36), "r.yaml:1:5: an alias '*' without a n");
}

}  // namespace
}  // namespace cvpdf::model::detail
