// typographic(): quotes and apostrophes per language (CLDR through ICU),
// unpaired marks, URLs kept, and the en-dash rule for numeric ranges.
#include "text/typography.hpp"
#include "work_count.hpp"

#include <gtest/gtest.h>

namespace cvpdf::text {
namespace {

TEST(Typographic, EnglishQuotesAndApostrophes) {
  EXPECT_EQ(typographic(R"(She said "hello" and 'bye'.)", "en"), "She said \u201Chello\u201D and \u2018bye\u2019.");
  EXPECT_EQ(typographic("don't", "en"), "don\u2019t");
  EXPECT_EQ(typographic("the '90s", "en"), "the \u201990s");
  EXPECT_EQ(typographic("rock 'n' roll", "en"), "rock \u2019n\u2019 roll");
  EXPECT_EQ(typographic("the students' work", "en-GB"), "the students\u2019 work");
  EXPECT_EQ(typographic("O'Brien's \"X\"", "en"), "O\u2019Brien\u2019s \u201CX\u201D");
}

TEST(Typographic, Nesting) {
  EXPECT_EQ(typographic(R"("he wrote 'no' twice")", "en"), "\u201Che wrote \u2018no\u2019 twice\u201D");
  EXPECT_EQ(typographic(R"(("quoted"))", "en"), "(\u201Cquoted\u201D)");
}

TEST(Typographic, Unpaired) {
  // A lone ' is an apostrophe; a lone " after a number is an inch, as typed.
  EXPECT_EQ(typographic("'lone", "en"), "\u2019lone");
  EXPECT_EQ(typographic("a 15\" screen", "en"), "a 15\" screen");
  EXPECT_EQ(typographic("\"never closed", "en"), "\u201Cnever closed");
  // A single quote opened inside a double one and never closed: an apostrophe.
  EXPECT_EQ(typographic(R"("it 'is")", "en"), "\u201Cit \u2019is\u201D");
}

TEST(Typographic, OtherLanguages) {
  EXPECT_EQ(typographic(R"("Ja" und 'nein')", "de"), "\u201EJa\u201C und \u201Anein\u2018");
  EXPECT_EQ(typographic("l'\"Europe\"", "fr"), "l\u2019\u00AB\u202FEurope\u202F\u00BB");
  EXPECT_EQ(typographic(R"(" oui ")", "fr"), "\u00AB\u202Foui\u202F\u00BB");
  EXPECT_EQ(typographic(R"(他说"你好"。)", "zh"), "他说\u201C你好\u201D。");
  EXPECT_EQ(typographic(R"(他说"你好"。)", "zh-Hans"), "他说\u201C你好\u201D。");
  EXPECT_EQ(typographic(R"("東京"へ)", "ja"), "\u201C東京\u201Dへ");
  TypographyOptions corner;
  corner.corner_quotes = true;
  EXPECT_EQ(typographic(R"("東京"と'大阪')", "ja", corner), "「東京」と『大阪』");
  // The option is about Japanese only.
  EXPECT_EQ(typographic(R"("x")", "en", corner), "\u201Cx\u201D");
}

TEST(Typographic, UrlsKeptInTheVariant) {
  TypographyOptions urls;
  urls.keep_urls = true;
  const std::string text = R"(see "https://x.org/a'b?q=1" and www.y.com/it's, 2019-2021)";
  EXPECT_EQ(typographic(text, "en", urls), "see \u201Chttps://x.org/a'b?q=1\u201D and www.y.com/it's, 2019\u20132021");
  EXPECT_EQ(typographic("'https://a.b/x'", "en", urls), "\u2018https://a.b/x\u2019");
  EXPECT_EQ(typographic("go to http://a.b/2019-2021", "en", urls), "go to http://a.b/2019-2021");
}

TEST(Typographic, NothingToDo) {
  EXPECT_EQ(typographic("plain text, no marks", "en"), "plain text, no marks");
  EXPECT_EQ(typographic("", "en"), "");
}

// Linear in the text: a long field of quotes that never close (each waits
// on the stack) is done at once. The work of N and 2N bytes is counted
// (instructions, under callgrind).
TEST(Typographic, ManyUnclosedQuotesStayLinear) {
  CVPDF_COUNT_WORK();
  auto field = [](int n) {
    std::string text;
    for (int i = 0; i < n; ++i) text += "\"a 'b ";
    return text;
  };
  const std::string once = field(20000), twice = field(40000);
  std::string out;
  const std::uint64_t w1 = cvpdf::testing::instructions([&] { out = typographic(once, "en"); });
  EXPECT_EQ(out.substr(0, 10), "\u201Ca \u2019b ");
  const std::uint64_t w2 = cvpdf::testing::instructions([&] { out = typographic(twice, "en"); });
  EXPECT_LT(static_cast<double>(w2) / static_cast<double>(w1), 2.5) << w1 << " instructions, then " << w2;
}

TEST(EnDashRanges, Ranges) {
  EXPECT_EQ(en_dash_ranges("2019-2021"), "2019\u20132021");
  EXPECT_EQ(en_dash_ranges("pp. 12-15."), "pp. 12\u201315.");
  EXPECT_EQ(en_dash_ranges("10-20% faster"), "10\u201320% faster");
  EXPECT_EQ(en_dash_ranges("(1-2 years)"), "(1\u20132 years)");
  EXPECT_EQ(en_dash_ranges("第12-15页"), "第12\u201315页");
}

TEST(EnDashRanges, NotRanges) {
  for (const char* kept : {"2021-09", "on 2021-09-01 we", "v1.2-3", "1.2-1.5", "ISO-9001", "COVID-19", "555-1234",
                           "+1 800-555-0199", "010-12345678", "3-1 win", "a1-2", "https://x.org/2019-2021",
                           "id 12-15a", "2019-2019", "x/10-20", "10-20-30"})
    EXPECT_EQ(en_dash_ranges(kept), kept) << kept;
}

}  // namespace
}  // namespace cvpdf::text
