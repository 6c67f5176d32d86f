// What the loader says about wrong input, and where: exact line:column for
// each kind of mistake, "did you mean", and robustness against hostile input
// (deep nesting, alias bombs, huge files, random damage) — never a crash.
#include <gtest/gtest.h>

#include <random>

#include "test_support.hpp"

namespace cvpdf::model {
namespace {

using testing::load;
using testing::Loaded;

// Asserts that loading failed with an error at `where` whose message is `message`.
void expect_error(const Loaded& l, const std::string& where, const std::string& message) {
  EXPECT_FALSE(l.resume) << l.dump();
  const Diagnostic* d = l.error(message);
  ASSERT_NE(d, nullptr) << "no error '" << message << "' in:\n" << l.dump();
  EXPECT_EQ(d->message, message);
  EXPECT_EQ(d->span.to_string(), where) << l.dump();
  EXPECT_FALSE(d->hint.empty()) << d->format();
}

TEST(Errors, BadMonthPointsAtTheMonth) {
  auto l = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - org: X\n        date: 2024-13\n");
  expect_error(l, "resume.yaml:6:20", "'date' has month 13; months are 1–12");
}

TEST(Errors, BadDayInAStartDate) {
  auto l = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - org: X\n        start: 2023-02-29\n");
  expect_error(l, "resume.yaml:6:24", "'start' has day 29, but February 2023 has 28 days");
}

TEST(Errors, UnparseableDateSaysWhatWasExpected) {
  auto l = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - org: X\n        date: June 2024\n");
  expect_error(l, "resume.yaml:6:15", "'date' must be a date like 2021-09 or a range, got 'June 2024'");
  EXPECT_NE(l.error("got 'June 2024'")->hint.find("2024-06"), std::string::npos);
}

TEST(Errors, WrongTypeSaysExpectedAndFound) {
  auto l = load(R"(person: {name: A}
sections:
  - title: T
    entries:
      - org: X
        date:
          - 2021
          - 2022
)");
  expect_error(l, "resume.yaml:7:11", "'date' must be a date like 2021-09 or a range, got a list");
}

TEST(Errors, TextGivenAList) {
  auto l = load("person:\n  name: A\n  headline: [a, b]\n");
  expect_error(l, "resume.yaml:3:13",
               "'headline' must be a text (or a mapping of languages such as {en: ..., zh: ...}), got a list");
}

TEST(Errors, UndeclaredLanguageInALocalizedMap) {
  auto l = load("languages: [en, zh]\nperson:\n  name: A\nsections:\n  - title: {en: Education, fr: Formation}\n");
  expect_error(l, "resume.yaml:5:28", "'fr' is not one of the declared languages [en, zh]");
  EXPECT_NE(l.error("'fr'")->hint.find("languages:"), std::string::npos);
}

TEST(Errors, UndeclaredLanguageInOnly) {
  auto l = load("languages: [en, zh]\nperson:\n  name: A\nsections:\n  - title: T\n    only: [zh, ja]\n    text: x\n");
  expect_error(l, "resume.yaml:6:16", "'ja' is not one of the declared languages [en, zh]");
}

TEST(Errors, YamlSyntaxError) {
  auto l = load("person:\n  name: A\n  headline: a: b\n");
  expect_error(l, "resume.yaml:3:14",
               "illegal map value: a ': ' inside a value starts a mapping, which cannot begin here");
}

TEST(Errors, UnclosedBracket) {
  auto l = load("person:\n  name: A\n  links: [a, b\n  email: x@y.z\n");
  EXPECT_FALSE(l.resume);
  ASSERT_TRUE(l.diags.has_errors());
  EXPECT_NE(l.diags.all()[0].hint.find("'['"), std::string::npos) << l.dump();
}

TEST(Errors, TabIndentation) {
  auto l = load("person:\n  name: A\n\temail: a@b.c\n");
  expect_error(l, "resume.yaml:3:1", "a tab is used for indentation");
  EXPECT_NE(l.diags.all()[0].hint.find("spaces"), std::string::npos);
}

TEST(Errors, TabIndentationWhereYamlCppSaysSomethingElse) {
  auto l = load("person:\n\tname: A\n");
  expect_error(l, "resume.yaml:2:1", "a tab is used for indentation");
}

TEST(Errors, TabsInsideBlockScalarsAreText) {
  auto l = load("person:\n  name: A\n  summary: |\n    one\n    \ttwo\n");
  ASSERT_TRUE(l.resume) << l.dump();
  // Not an indentation error; in the text a tab is a space (input_text_test.cpp).
  EXPECT_EQ(l.resume->person.summary.get("en", "en"), "one\n two");
}

TEST(Errors, InvalidUtf8) {
  auto l = load("person:\n  name: Zoë\n  headline: caf\xE9 au lait\n");
  expect_error(l, "resume.yaml:3:16", "the file is not valid UTF-8 (byte 0xE9)");
}

TEST(Errors, ColumnsCountCharactersNotBytes) {
  auto l = load("person:\n  name: 王小明\n  headline: {中文: x}\n");
  // "  headline: {" is 13 characters; the key 中文 starts at column 14.
  expect_error(l, "resume.yaml:3:14",
               "'headline' must be a text (or a mapping of languages such as {en: ..., zh: ...}); '中文' is not a language code");
}

TEST(Errors, ControlCharacter) {
  auto l = load(std::string("person:\n  name: A\x01\n"));
  expect_error(l, "resume.yaml:2:10", "control character U+0001 in the text");
}

TEST(Errors, UnknownKeySuggestsTheNearestKey) {
  auto l = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - orgnization: ACME\n        role: R\n");
  ASSERT_TRUE(l.resume) << l.dump();  // unknown keys warn; they do not fail
  const Diagnostic* w = l.warning("unknown key 'orgnization'");
  ASSERT_NE(w, nullptr) << l.dump();
  EXPECT_EQ(w->span.to_string(), "resume.yaml:5:9");
  EXPECT_NE(w->hint.find("did you mean 'org'?"), std::string::npos) << w->hint;
}

TEST(Errors, UnknownTopLevelKey) {
  auto l = load("person: {name: A}\nsectoins: []\n");
  ASSERT_TRUE(l.resume);
  const Diagnostic* w = l.warning("unknown key 'sectoins'");
  ASSERT_NE(w, nullptr) << l.dump();
  EXPECT_EQ(w->hint, "did you mean 'sections'?");
}

TEST(Errors, AliasBesideItsKey) {
  auto l = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - org: A\n        company: B\n");
  expect_error(l, "resume.yaml:6:9", "'company' and 'org' are the same key");
}

TEST(Errors, MixedEntryKinds) {
  auto l = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - label: Skills\n        org: B\n");
  expect_error(l, "resume.yaml:6:9", "this entry mixes a pair's 'label' with an item's 'org'");
  auto t = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - org: B\n        title: Engineer\n");
  expect_error(t, "resume.yaml:6:9", "this entry mixes an item's 'org' with a publication's 'title'");
  EXPECT_NE(t.error("mixes")->hint.find("'role'"), std::string::npos);
}

TEST(Errors, DateAndStartTogether) {
  auto l = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - org: B\n        date: 2020\n        start: 2020\n");
  expect_error(l, "resume.yaml:7:9", "use either 'date' or 'start'/'end', not both");
}

TEST(Errors, EndBeforeStart) {
  auto l = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - {org: B, start: 2021-03, end: 2020}\n");
  expect_error(l, "resume.yaml:5:39", "'end' is before 'start'");
}

TEST(Errors, YearZeroIsNoDate) {
  // The calendar has no year 0: 0000 is a placeholder, in a date, a range
  // or an end.
  auto l = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - {org: B, date: 0000-05}\n");
  expect_error(l, "resume.yaml:5:24", "'date' has the year 0000, which no calendar has");
  auto end = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - {org: B, start: 2020, end: 0000}\n");
  expect_error(end, "resume.yaml:5:36", "'end' has the year 0000, which no calendar has");
  auto first = load("person: {name: A}\nsections:\n  - title: T\n    entries:\n      - {org: B, date: 0001 – 2020}\n");
  EXPECT_TRUE(first.resume) << first.dump();
}

TEST(Errors, EveryFormatRefusesARangeThatEndsBeforeItStarts) {
  // One check for every format (model/dates.hpp, range_order_problem):
  // the error is at the end's place and names the keys as written.
  const char* json_sections[] = {"work", "volunteer", "education", "awards", "projects"};
  for (const char* section : json_sections) {
    const std::string name = section;
    const std::string org = name == "education" ? "institution" : name == "volunteer" ? "organization"
                            : name == "awards"  ? "title"
                            : name == "projects" ? "name"
                                                 : "name";
    const std::string text = "{\"basics\": {\"name\": \"A\"},\n \"" + name + "\": [{\"" + org +
                             "\": \"B\", \"startDate\": \"2020-05\", \"endDate\": \"2019-01\"}]}\n";
    auto l = load(text, "r.json");
    if (name == "awards") {
      EXPECT_TRUE(l.resume) << l.dump();  // an award has a date, not a range: its keys are not read
      continue;
    }
    const std::string line = text.substr(text.find('\n') + 1);
    expect_error(l, "r.json:2:" + std::to_string(line.find("\"2019-01\"") + 1), "'endDate' is before 'startDate'");
  }
  auto rendercv = load(
      "cv:\n  name: A\n  sections:\n    experience:\n      - company: B\n        position: C\n"
      "        start_date: 2020-05\n        end_date: 2019-01\n",
      "cv.yaml");
  expect_error(rendercv, "cv.yaml:8:19", "'end_date' is before 'start_date'");
  // In order, or open-ended, or at a precision that cannot tell, they load.
  auto fine = load("{\"basics\": {\"name\": \"A\"}, \"work\": [{\"name\": \"B\", \"startDate\": \"2019\","
                   " \"endDate\": \"2019-01\"}, {\"name\": \"C\", \"startDate\": \"2020-05\"}]}",
                   "r.json");
  EXPECT_TRUE(fine.resume) << fine.dump();
}

TEST(Errors, MissingName) {
  auto l = load("person:\n  headline: Engineer\n");
  expect_error(l, "resume.yaml:1:1", "'person' has no 'name'");
}

TEST(Errors, MissingSectionTitle) {
  auto l = load("person: {name: A}\nsections:\n  - entries: [x]\n");
  expect_error(l, "resume.yaml:3:5", "a section needs a 'title'");
}

TEST(Errors, DuplicateKey) {
  auto l = load("person:\n  name: A\n  name: B\n");
  expect_error(l, "resume.yaml:3:3", "duplicate key 'name' (first at line 2, column 3)");
}

TEST(Errors, ManyErrorsAreCollected) {
  auto l = load(R"(languages: [en]
person:
  headline: [x]
sections:
  - title: {en: A, de: B}
    entries:
      - {org: X, date: 2024-00}
      - {org: Y, date: 2024-01-32}
)");
  EXPECT_FALSE(l.resume);
  EXPECT_GE(l.diags.error_count(), 5u) << l.dump();
}

TEST(Errors, EmptyFile) {
  for (const char* text : {"", "\n\n", "# just a comment\n", "---\n...\n"}) {
    auto l = load(text);
    EXPECT_FALSE(l.resume);
    ASSERT_NE(l.error("the file is empty"), nullptr) << text << "\n" << l.dump();
    EXPECT_FALSE(l.error("the file is empty")->hint.empty());
  }
}

TEST(Errors, NoPerson) {
  for (const char* text : {"sections: []\n", "- a\n- b\n", "just text\n", "[1, 2]"}) {
    auto l = load(text);
    EXPECT_FALSE(l.resume);
    EXPECT_NE(l.error("no 'person' or 'basics' at top level"), nullptr) << text << "\n" << l.dump();
  }
}

TEST(Errors, MisspeltPersonIsSuggested) {
  auto l = load("persn:\n  name: A\n");
  EXPECT_NE(l.error("no 'person' or 'basics' at top level"), nullptr);
  ASSERT_NE(l.warning("unknown key 'persn'"), nullptr);
  EXPECT_EQ(l.warning("unknown key 'persn'")->hint, "did you mean 'person'?");
}

TEST(Errors, MoreThanOneDocument) {
  auto l = load("person: {name: A}\n---\nperson: {name: B}\n");
  expect_error(l, "resume.yaml:2:1", "the file holds more than one YAML document");
}

// yaml-cpp 0.7's LoadAll loops forever (allocating) on a stray ',' after a
// flow document; the loader reads one document by events and checks the rest.
TEST(Robustness, StrayTokensAfterTheDocument) {
  auto l = load("{\"person\": {\"name\": \"A\"}},\n", "resume.json");
  expect_error(l, "resume.json:1:26", "unexpected ',' after the end of the document");
  auto m = load("{},");
  EXPECT_FALSE(m.resume);
  EXPECT_TRUE(m.diags.has_errors());
  auto n = load("person: {name: A}\n---\n");
  EXPECT_TRUE(n.resume) << n.dump();
}

TEST(Robustness, DeepFlowNestingIsRefusedWithoutACrash) {
  for (const std::string& text : {std::string(100000, '['), "person: " + std::string(100000, '{'),
                                  [] {
                                    std::string s;
                                    for (int i = 0; i < 100000; ++i) s += "{a: ";
                                    return s;
                                  }()}) {
    auto l = load(text);
    EXPECT_FALSE(l.resume);
    EXPECT_NE(l.error("nested too deeply"), nullptr) << l.dump();
  }
}

TEST(Robustness, DeepBlockNestingIsRefused) {
  std::string dashes = "person: {name: A}\nsections: ";
  for (int i = 0; i < 50000; ++i) dashes += "- ";
  auto a = load(dashes + "x\n");
  EXPECT_NE(a.error("nested too deeply"), nullptr) << a.dump();

  std::string indents = "person: {name: A}\n";
  for (int i = 0; i < 300; ++i) indents += std::string(i, ' ') + "k:\n";
  auto b = load(indents);
  EXPECT_NE(b.error("nested too deeply"), nullptr) << b.dump();
}

TEST(Robustness, BracketsInsideTextDoNotCountAsNesting) {
  std::string many(200, '[');
  auto l = load("person:\n  name: A\n  headline: \"" + many + "\"\n  summary: |\n    " + many + "\n  # " + many +
                "\n  location: it's " + many + "\n");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->person.headline.get("en", "en"), many);
}

TEST(Robustness, AliasBombIsStopped) {
  std::string s = "person: {name: A}\na: &a [x, x, x, x, x, x, x, x, x, x]\n";
  std::string previous = "a";
  for (int i = 0; i < 9; ++i) {
    std::string name = "b" + std::to_string(i);
    s += name + ": &" + name + " [";
    for (int j = 0; j < 10; ++j) s += (j ? ", *" : "*") + previous;
    s += "]\n";
    previous = name;
  }
  auto l = load(s);
  EXPECT_FALSE(l.resume);
  EXPECT_NE(l.error("too many nodes (alias expansion?)"), nullptr) << l.dump();
}

TEST(Robustness, SmallAliasesAreFine) {
  auto l = load("person:\n  name: &n Ada\n  headline: *n\n");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->person.headline.get("en", "en"), "Ada");
}

TEST(Robustness, SelfReferentialAlias) {
  auto l = load("person: {name: A}\nx: &a [*a]\n");
  expect_error(l, "resume.yaml:2:8", "an alias refers to the block that contains it");
}

TEST(Robustness, TooLarge) {
  std::string big = "person: {name: A}\n# " + std::string(11 * 1024 * 1024, 'x') + "\n";
  auto l = load(big);
  EXPECT_FALSE(l.resume);
  EXPECT_NE(l.error("the file is too large"), nullptr) << l.dump();
}

TEST(Robustness, TooManyValues) {
  std::string s = "person: {name: A}\nx: [";
  for (int i = 0; i < 300000; ++i) s += "1,";
  s += "1]\n";
  auto l = load(s);
  EXPECT_FALSE(l.resume);
  EXPECT_NE(l.error("too many values"), nullptr) << l.dump();
}

TEST(Robustness, ByteOrderMarkAndCrlf) {
  auto l = load("\xEF\xBB\xBFperson:\r\n  name: A\r\n  email: [x]\r\n");
  expect_error(l, "resume.yaml:3:10", "'email' must be a text, got a list");
}

// Random damage to a real résumé: any outcome but a crash (or a hang).
TEST(Robustness, RandomDamageNeverCrashes) {
  const std::string base = R"(languages: [en, zh]
person:
  name: {en: Ada, zh: 艾达}
  links: [{label: GitHub, url: github.com/a}, "x.org"]
  metrics: [{value: 6×, label: fast}]
sections:
  - title: {en: Work, zh: 工作}
    only: [en]
    entries:
      - {org: A, role: B, date: 2020-01 – present, bullets: [a, "b: c"], tags: [x]}
      - {label: L, text: T}
      - {title: P, authors: [a, b], year: 2024}
      - 'text'
      - {en: e, zh: z}
)";
  const std::string alphabet = "[]{}:-,'\"\t\n #&*!|>?\xE4\xB8\x80\xFF";
  std::mt19937 rng(12345);
  for (int round = 0; round < 3000; ++round) {
    std::string s = base;
    int edits = 1 + static_cast<int>(rng() % 6);
    for (int k = 0; k < edits && !s.empty(); ++k) {
      std::size_t at = rng() % s.size();
      switch (rng() % 3) {
        case 0: s.erase(at, 1 + rng() % 4); break;
        case 1: s.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
        default: s[at] = alphabet[rng() % alphabet.size()]; break;
      }
    }
    auto l = load(s);
    if (!l.resume) {
      EXPECT_TRUE(l.diags.has_errors()) << s;
    }
  }
}

}  // namespace
}  // namespace cvpdf::model
