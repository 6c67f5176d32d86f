// Core: diagnostics formatting, "did you mean", UTF-8.
#include <gtest/gtest.h>

#include "core/diagnostics.hpp"
#include "core/units.hpp"
#include "core/utf8.hpp"

namespace cvpdf {
namespace {

TEST(Diagnostics, FormatsFileLineColumnAndHint) {
  Diagnostic d{Severity::Error, {"resume.yaml", 14, 7}, "'date' must be a date like 2021-09 or a range, got a list",
               "write date: 2021-09"};
  EXPECT_EQ(d.format(),
            "resume.yaml:14:7: error: 'date' must be a date like 2021-09 or a range, got a list\n"
            "  hint: write date: 2021-09");
  Diagnostic w{Severity::Warning, {"resume.yaml", 0, 0}, "no line", ""};
  EXPECT_EQ(w.format(), "resume.yaml: warning: no line");
}

TEST(Diagnostics, FormatShowsControlCharactersAsEscapes) {
  // Key names and values are quoted in messages; a raw ESC or BEL would reach
  // the terminal (colours, a title change, a beep) and a newline could forge
  // a line of its own.
  Diagnostic d{Severity::Warning, {"r\x1b].yaml", 3, 1}, "unknown key 'a\x1b[31mb\x07" "c\nerror: fake' (ignored)",
               "did you mean '\x7f\xC2\x85\xE2\x80\xAE'?"};
  EXPECT_EQ(d.format(),
            "r\\x1B].yaml:3:1: warning: unknown key 'a\\x1B[31mb\\x07c\\x0Aerror: fake' (ignored)\n"
            "  hint: did you mean '\\x7F\\u{85}\\u{202E}'?");
  for (char c : d.format()) {
    auto b = static_cast<unsigned char>(c);
    EXPECT_TRUE(b >= 0x20 || c == '\n') << static_cast<int>(b);
  }
}

TEST(Diagnostics, PrintableKeepsTextAndCutsLongOrBinaryEchoes) {
  EXPECT_EQ(printable("Zoë 王小明 \xEF\xBF\xBD tab\tend"), "Zoë 王小明 \xEF\xBF\xBD tab\\x09end");
  using namespace std::string_view_literals;
  EXPECT_EQ(printable("\x89PNG\r\n\x1a\n\x00\xff"sv), "\\x89PNG\\x0D\\x0A\\x1A\\x0A\\x00\\xFF");
  std::string longer = printable(std::string(5000, 'a'));
  EXPECT_LT(longer.size(), 1010u);
  EXPECT_EQ(longer.substr(longer.size() - 3), "…");
  Diagnostic d{Severity::Error, {}, std::string(100000, 'x'), ""};
  EXPECT_LT(d.format().size(), 1100u);
}

TEST(Diagnostics, CountsErrorsNotWarnings) {
  Diagnostics diags;
  diags.warning({}, "w");
  EXPECT_FALSE(diags.has_errors());
  diags.error({}, "e");
  EXPECT_TRUE(diags.has_errors());
  EXPECT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.all().size(), 2u);
}

TEST(Diagnostics, AddAllKeepsWhatWasSaidOnceOnce) {
  Diagnostics trial;
  trial.warning_once({"cv.yaml", 3, 1}, "a stray **");
  trial.warning({"cv.yaml", 4, 1}, "an overfull line");
  trial.error({"cv.yaml", 5, 1}, "no such key");
  EXPECT_TRUE(trial.said_once(0));
  EXPECT_FALSE(trial.said_once(1));
  EXPECT_FALSE(trial.said_once(7));
  Diagnostics run;
  run.add_all(trial);
  run.add_all(trial);  // a second variant's chosen layout says the same
  ASSERT_EQ(run.all().size(), 5u) << "the warning_once twice, or the others once";
  EXPECT_EQ(run.all()[0].message, "a stray **");
  EXPECT_EQ(run.all()[3].message, "an overfull line");
  EXPECT_EQ(run.error_count(), 2u);
  EXPECT_TRUE(run.said_once(0));
  // A warning_once said here first drops the one added later.
  Diagnostics first;
  first.warning_once({"cv.yaml", 3, 1}, "a stray **");
  first.add_all(trial);
  EXPECT_EQ(first.all().size(), 3u);
}

TEST(NearestWord, SuggestsTyposOnly) {
  std::vector<std::string> keys = {"org", "role", "date", "location", "bullets"};
  EXPECT_EQ(nearest_word("orgnization", {"org", "organization", "role"}), "organization");
  EXPECT_EQ(nearest_word("bulets", keys), "bullets");
  EXPECT_EQ(nearest_word("locaton", keys), "location");
  EXPECT_EQ(nearest_word("zzzzzzzz", keys), "");
}

TEST(EditDistance, CountsASwapOfNeighboursAsOneEdit) {
  EXPECT_EQ(edit_distance("bullets", "bullets"), 0u);
  EXPECT_EQ(edit_distance("bulets", "bullets"), 1u);   // a letter left out
  EXPECT_EQ(edit_distance("bulelts", "bullets"), 1u);  // two letters swapped
  EXPECT_EQ(edit_distance("htps", "https"), 1u);
  EXPECT_EQ(edit_distance("HTTPS", "https"), 0u);     // case is not an edit
  EXPECT_EQ(edit_distance("ftp", "http"), 2u);
  EXPECT_EQ(edit_distance("", "tel"), 3u);
  EXPECT_EQ(nearest_word("rloe", {"org", "role"}), "role");
}

TEST(Diagnostics, StrictMakesWarningsErrorsButNotNotesOrVerboseDetails) {
  Diagnostics d;
  d.warning({"r.yaml", 3, 5}, "unknown key 'bulets'", "did you mean 'bullets'?");
  d.note({"r.yaml", 4, 1}, "a note");
  Diagnostic detail{Severity::Warning, {"r.yaml", 5, 1}, "a detail for -v", ""};
  detail.verbose_only = true;
  d.add(detail);
  EXPECT_FALSE(d.has_errors());
  EXPECT_EQ(d.warnings_as_errors(), 1u);
  EXPECT_EQ(d.error_count(), 1u);
  EXPECT_EQ(d.all()[0].format(), "r.yaml:3:5: error: unknown key 'bulets'\n  hint: did you mean 'bullets'?");
  EXPECT_EQ(d.all()[1].severity, Severity::Note);
  EXPECT_EQ(d.all()[2].severity, Severity::Warning);
}

TEST(Utf8, DecodesAndEncodes) {
  std::string s = "a·训😀";
  std::size_t pos = 0;
  EXPECT_EQ(utf8::decode(s, pos), U'a');
  EXPECT_EQ(utf8::decode(s, pos), U'·');
  EXPECT_EQ(utf8::decode(s, pos), U'训');
  EXPECT_EQ(utf8::decode(s, pos), U'😀');
  EXPECT_EQ(pos, s.size());
  EXPECT_EQ(utf8::encode(U'训'), "训");
  EXPECT_EQ(utf8::length(s), 4u);
}

TEST(Utf8, FindsInvalidBytes) {
  EXPECT_EQ(utf8::find_invalid("valid 训练"), std::string::npos);
  EXPECT_EQ(utf8::find_invalid("ab\xFF" "cd"), 2u);
  EXPECT_EQ(utf8::find_invalid("ab\xE8\xAE"), 2u);          // truncated
  EXPECT_EQ(utf8::find_invalid("\xC0\xAF"), 0u);            // overlong '/'
  EXPECT_EQ(utf8::find_invalid("x\xED\xA0\x80"), 1u);       // surrogate
  EXPECT_EQ(utf8::find_invalid("\xEF\xBF\xBD"), std::string::npos);  // a real U+FFFD
}

TEST(Units, PointsRoundTrip) {
  EXPECT_EQ(pt(1), 65536);
  EXPECT_EQ(pt(-0.5), -32768);
  EXPECT_DOUBLE_EQ(to_pt(pt(9.6)), 9.6000061035156250);
}

}  // namespace
}  // namespace cvpdf
