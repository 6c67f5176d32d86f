// The loader on what real files hold beyond the everyday: one-line (minified)
// JSON that must load in linear time, surrogate pair escapes, YAML merge keys,
// and control characters written as escapes.
#include <gtest/gtest.h>

#include <cstdio>

#include "test_support.hpp"
#include "work_count.hpp"

namespace cvpdf::model {
namespace {

using testing::load;

// ---- linear time ----

// A minified JSON Resume of at least `bytes` bytes on one line, with
// multi-byte characters so that columns differ from byte offsets.
std::string minified_json_resume(std::size_t bytes) {
  std::string s = R"({"basics":{"name":"Ada Lovelace","label":"Engineer"},"work":[)";
  for (int i = 0; s.size() < bytes; ++i) {
    if (i > 0) s += ',';
    s += R"({"name":"Société )" + std::to_string(i) + R"( — Ünïcode","position":"Engineer","startDate":"2020-01",)"
         R"("endDate":"2021-02","summary":"Built things, with café and 数据.","highlights":["one ✓","two ✓","three"]})";
  }
  return s + "]}";
}

std::uint64_t work_to_load(const std::string& text) {
  return cvpdf::testing::instructions([&] {
    Diagnostics diags;
    EXPECT_TRUE(load_resume(text, "big.json", "/base", diags).has_value());
  });
}

TEST(InputText, MinifiedJsonLoadsInLinearTime) {
  // Each node's column used to be counted from the start of its line: on a
  // one-line file that is quadratic (1 MB took 14 s). Doubling the size must
  // about double the work, counted in instructions under callgrind: the
  // bound 2.5 lies between linear (2) and quadratic (4).
  CVPDF_COUNT_WORK();
  work_to_load(minified_json_resume(4 * 1024));
  const std::uint64_t half = work_to_load(minified_json_resume(128 * 1024));
  const std::uint64_t full = work_to_load(minified_json_resume(256 * 1024));
  const double ratio = static_cast<double>(full) / static_cast<double>(half);
  std::printf("work: 128 KB: %llu instructions, 256 KB: %llu, ratio %.2f\n", static_cast<unsigned long long>(half),
              static_cast<unsigned long long>(full), ratio);
  EXPECT_LT(ratio, 2.5) << "128 KB: " << half << " instructions, 256 KB: " << full;
}

TEST(InputText, ColumnsOnALongLineCountCharacters) {
  // The cursor that makes columns cheap must still count characters, not bytes.
  auto l = load(R"({"basics":{"name":"Ådä Lövelace"},"work":[{"name":"Ünï","startDate":"20x"}]})", "r.json");
  const Diagnostic* d = l.error("startDate");
  ASSERT_NE(d, nullptr) << l.dump();
  EXPECT_EQ(d->span.to_string(), "r.json:1:70") << l.dump();
}

// ---- surrogate pairs ----

TEST(InputText, SurrogatePairEscapesMakeOneCharacter) {
  // What Python's json.dumps writes for 😀 by default.
  auto l = load(R"({"basics": {"name": "Ada \ud83d\ude00 Lovelace", "label": "x \uD83D\uDE80\uD83D\uDE00 y"}})",
                "r.json");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->person.name.get("", ""), "Ada \xF0\x9F\x98\x80 Lovelace");
  EXPECT_EQ(l.resume->person.headline.get("", ""), "x \xF0\x9F\x9A\x80\xF0\x9F\x98\x80 y");
}

TEST(InputText, PositionsAfterARewrittenPairStayRight) {
  // Each pair is parsed as a shorter escape; columns after it on the same
  // line must still be those of the file.
  auto l = load("person: {name: \"\\ud83d\\ude00\\ud83d\\ude00\", emial: x}\n");
  const Diagnostic* d = l.warning("unknown key 'emial'");
  ASSERT_NE(d, nullptr) << l.dump();
  EXPECT_EQ(d->span.to_string(), "resume.yaml:1:44");
}

TEST(InputText, ALoneSurrogateIsAnErrorAtItsEscape) {
  auto l = load("person:\n  name: \"Ada \\ud83d Lovelace\"\n");
  EXPECT_FALSE(l.resume);
  const Diagnostic* d = l.error("lone UTF-16 surrogate \\uD83D");
  ASSERT_NE(d, nullptr) << l.dump();
  EXPECT_EQ(d->span.to_string(), "resume.yaml:2:14");
  EXPECT_NE(d->hint.find("\\U0001F600"), std::string::npos);

  auto low = load("person:\n  name: \"\\ude00\"\n");
  ASSERT_NE(low.error("low surrogate"), nullptr) << low.dump();
  EXPECT_EQ(low.error("low surrogate")->span.to_string(), "resume.yaml:2:10");
}

TEST(InputText, SurrogateTextOutsideDoubleQuotesIsKeptAsWritten) {
  auto l = load("person:\n  name: 'A \\ud83d'\n  headline: B \\ud83d\\ude00\n");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->person.name.get("", ""), "A \\ud83d");
  EXPECT_EQ(l.resume->person.headline.get("", ""), "B \\ud83d\\ude00");
}

// ---- merge keys ----

const char* kMergeBase = R"(languages: [en]
person: {name: A}
x-job: &job
  org: Acme
  role: Engineer
  location: Berlin
x-place: &place
  location: Paris
  date: 2020
sections:
  - title: Work
    entries:
)";

TEST(InputText, MergeKeyInheritsAndExplicitKeysWin) {
  auto l = load(std::string(kMergeBase) + "      - role: Lead\n        <<: *job\n");
  ASSERT_TRUE(l.resume) << l.dump();
  const auto& e = std::get<ItemEntry>(l.resume->sections.at(0).entries.at(0).body);
  EXPECT_EQ(e.org.get("", ""), "Acme");
  EXPECT_EQ(e.role.get("", ""), "Lead");  // written after or before `<<`, the entry's own key wins
  EXPECT_EQ(e.location.get("", ""), "Berlin");
  EXPECT_EQ(l.warning("'<<'"), nullptr) << l.dump();
}

TEST(InputText, MergeListEarlierWins) {
  auto l = load(std::string(kMergeBase) + "      - <<: [*place, *job]\n");
  ASSERT_TRUE(l.resume) << l.dump();
  const auto& e = std::get<ItemEntry>(l.resume->sections.at(0).entries.at(0).body);
  EXPECT_EQ(e.location.get("", ""), "Paris");
  EXPECT_EQ(e.role.get("", ""), "Engineer");
  ASSERT_TRUE(e.date.start);
  EXPECT_EQ(e.date.start->year, 2020);
}

TEST(InputText, MergedKeysKeepTheirPositions) {
  auto l = load(std::string(kMergeBase) + "      - <<: *place\n        date: 2020-13\n      - <<: *job\n        emial: x\n");
  const Diagnostic* month = l.error("month 13");
  ASSERT_NE(month, nullptr) << l.dump();
  EXPECT_EQ(month->span.line, 14);
  auto inherited = load("person: &p {name: A, emial: x}\nother: {<<: *p}\n");
  // The unknown key warns once where it is written (person) and not at all
  // for `other`, which is not a résumé key either.
  EXPECT_NE(inherited.warning("unknown key 'emial'"), nullptr) << inherited.dump();
}

TEST(InputText, MergeOfSomethingElseIsAnError) {
  auto l = load("person:\n  <<: plain\n  name: A\n");
  const Diagnostic* d = l.error("merge key '<<' must name a mapping");
  ASSERT_NE(d, nullptr) << l.dump();
  EXPECT_EQ(d->span.to_string(), "resume.yaml:2:7");
  auto list = load("base: &b {name: A}\nperson:\n  <<: [*b, x]\n");
  EXPECT_NE(list.error("lists a text ('x'), not a mapping"), nullptr) << list.dump();
  auto twice = load("base: &b {name: A}\nperson:\n  <<: *b\n  <<: *b\n");
  EXPECT_NE(twice.error("a second merge key '<<'"), nullptr) << twice.dump();
}

TEST(InputText, QuotedMergeKeyIsAKey) {
  auto l = load("person:\n  name: A\n  \"<<\": x\n");
  EXPECT_NE(l.warning("unknown key '<<'"), nullptr) << l.dump();
}

TEST(InputText, MergeBombIsRefused) {
  // Each level merges the previous one twice over, under another key: the
  // merged copies count toward the node limit like any alias expansion.
  std::string text = "a0: &a0 {k: v, l: w}\n";
  for (int i = 1; i <= 30; ++i)
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " {x: {<<: *a" + std::to_string(i - 1) +
            "}, y: {<<: *a" + std::to_string(i - 1) + "}}\n";
  text += "person: {name: A}\n";
  auto l = load(text);
  EXPECT_FALSE(l.resume);
  EXPECT_NE(l.error("too many nodes"), nullptr) << l.dump();
}

// ---- control characters ----

TEST(InputText, ControlCharacterEscapesAreRemovedWithAWarning) {
  auto l = load("person:\n  name: \"A\\eB\\aC\\x00D\\u001bE\\x7fF\\u0085G\"\n  headline: \"a\\tb\"\n");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->person.name.get("", ""), "ABCDEFG");
  EXPECT_EQ(l.resume->person.headline.get("", ""), "a b");  // a tab is a space
  const Diagnostic* d = l.warning("control character U+001B (and 5 more)");
  ASSERT_NE(d, nullptr) << l.dump();
  EXPECT_EQ(d->span.to_string(), "resume.yaml:2:11");  // at the first escape
  EXPECT_FALSE(d->hint.empty());
}

TEST(InputText, JsonControlEscapesAreRemoved) {
  auto l = load(R"({"basics": {"name": "A\u0007B", "summary": "line one\nline two"}})", "r.json");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->person.name.get("", ""), "AB");
  EXPECT_EQ(l.resume->person.summary.get("", ""), "line one\nline two");  // a newline is kept
  EXPECT_NE(l.warning("U+0007"), nullptr) << l.dump();
}

// ---- encodings ----

// `text` (ASCII and BMP characters) in UTF-16 or UTF-32, either byte order,
// with or without its byte-order mark.
std::string wide(const std::u32string& text, int width, bool big_endian, bool mark) {
  std::string out;
  auto unit = [&](char32_t c) {
    for (int i = 0; i < width; ++i) {
      const int shift = 8 * (big_endian ? width - 1 - i : i);
      out += static_cast<char>((c >> shift) & 0xFF);
    }
  };
  if (mark) unit(0xFEFF);
  for (char32_t c : text) unit(c);
  return out;
}

const std::u32string kWide = U"person:\r\n  name: Zoë Ångström\r\n  headline: Ingénieure — 数据\r\n";

TEST(InputText, Utf16AndUtf32WithAByteOrderMarkAreRead) {
  for (int width : {2, 4})
    for (bool big : {false, true}) {
      auto l = load(wide(kWide, width, big, true));
      ASSERT_TRUE(l.resume) << width << big << l.dump();
      EXPECT_EQ(l.resume->person.name.get("", ""), "Zoë Ångström");
      EXPECT_EQ(l.resume->person.headline.get("", ""), "Ingénieure — 数据");
    }
}

TEST(InputText, PlacesInAUtf16FileAreItsOwnLinesAndColumns) {
  // The error is at line 3, column 13 of the file as an editor shows it.
  auto l = load(wide(U"person:\n  name: Zoë\n  headline: Ingé: [\n", 2, false, true));
  ASSERT_FALSE(l.resume);
  ASSERT_FALSE(l.diags.all().empty());
  EXPECT_EQ(l.diags.all().front().span.line, 3) << l.dump();
  auto ok = load(wide(U"person:\n  name: Zoë\n  nmae: x\n", 2, true, true));
  const Diagnostic* w = ok.warning("unknown key 'nmae'");
  ASSERT_NE(w, nullptr) << ok.dump();
  EXPECT_EQ(w->span.to_string(), "resume.yaml:3:3");
}

TEST(InputText, AWideFileWithoutItsMarkIsNamedWithHowToConvertIt) {
  for (const auto& [bytes, name] : {std::pair{wide(kWide, 2, false, false), "UTF-16LE"},
                                    std::pair{wide(kWide, 2, true, false), "UTF-16BE"},
                                    std::pair{wide(kWide, 4, false, false), "UTF-32LE"}}) {
    auto l = load(bytes);
    ASSERT_FALSE(l.resume);
    const Diagnostic* e = l.error(std::string("looks like ") + name + " text without a byte-order mark");
    ASSERT_NE(e, nullptr) << name << "\n" << l.dump();
    EXPECT_NE(e->hint.find(std::string("iconv -f ") + name + " -t UTF-8 'resume.yaml'"), std::string::npos) << e->hint;
  }
  // A binary file is still called one.
  auto png = load(std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0", 20));
  EXPECT_NE(png.error("the file is not text"), nullptr) << png.dump();
}

TEST(InputText, AByteOrderMarkOverBytesOfAnotherEncodingIsAnError) {
  std::string odd = wide(kWide, 2, false, true);
  odd.pop_back();  // half a UTF-16 unit
  auto l = load(odd);
  ASSERT_FALSE(l.resume);
  EXPECT_NE(l.error("starts with a UTF-16LE byte-order mark, but not all of it is UTF-16LE"), nullptr) << l.dump();
  std::u32string surrogate = U"person: {name: A";
  surrogate += char32_t{0xD800};  // a high surrogate with no low one after it
  surrogate += U"}\n";
  auto lone = load(wide(surrogate, 2, false, true));
  EXPECT_NE(lone.error("not all of it is UTF-16LE"), nullptr) << lone.dump();
}

}  // namespace
}  // namespace cvpdf::model
