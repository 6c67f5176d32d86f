// Malformed markup is a warning at its marker's own file:line:col (issue 12:
// "Markup that is malformed (`**unclosed`) is a warning with file:line:col"),
// whatever the scalar's style: a plain bullet folded over lines, a `>-`
// block, a double-quoted text with an escape before the marker, a
// per-language value with the marker in its zh text, a publication's authors
// and venue (set in pieces); and in a JSON Resume.
// Columns count characters. The real binary, as a user runs it.
#include <gtest/gtest.h>

#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* const kResume = R"(languages: [en, zh]
person:
  name: Ada Lovelace
  summary: {en: Engines and notes., zh: 负责分析机的**注释}
sections:
  - title: Experience
    entries:
      - org: Analytical Engine
        role: Engineer
        date: 1843
        bullets:
          - Wrote the first program for a machine that
            did not yet exist, **bold claim
          - >-
            Translated Menabrea's paper
            and tripled it with **notes
          - "Café\t\"society\" and \u00e9 **mathematics"
  - title: Publications
    entries:
      - title: Sketch of the Analytical Engine
        authors: L. F. Menabrea, A. Lovelace, **C. Babbage
        me: A. Lovelace
        venue: Scientific **Memoirs
        year: 1843
)";

int count(const std::string& haystack, const std::string& needle) {
  int n = 0;
  for (std::size_t at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1)) ++n;
  return n;
}

TEST(MarkupPositions, EachWarningIsAtItsMarker) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", kResume);
  Result r = run("cd '" + dir + "' && " + cvpdf() + " cv.yaml --all -o 'cv-{lang}.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string unclosed = ": warning: markup: '**' is not closed";
  EXPECT_EQ(count(r.err, "cv.yaml:13:32" + unclosed), 1) << r.err;  // plain, on its second line
  EXPECT_EQ(count(r.err, "cv.yaml:16:33" + unclosed), 1) << r.err;  // >-, on its second line
  EXPECT_EQ(count(r.err, "cv.yaml:17:43" + unclosed), 1) << r.err;  // "…" past \t, \" and \u00e9
  EXPECT_EQ(count(r.err, "cv.yaml:4:47" + unclosed), 1) << r.err;   // zh of {en:, zh:}, after CJK
  EXPECT_EQ(count(r.err, "cv.yaml:21:47" + unclosed), 1) << r.err;  // an author after the résumé's own
  EXPECT_EQ(count(r.err, "cv.yaml:23:27" + unclosed), 1) << r.err;  // the venue
  EXPECT_EQ(count(r.err, unclosed), 6) << r.err;  // once each, though the bullets are set in both variants
  EXPECT_NE(r.err.find("(at '**bold claim')"), std::string::npos) << r.err;  // the excerpt stays
  // `check` says the same.
  Result check = run("cd '" + dir + "' && " + cvpdf() + " check cv.yaml");
  EXPECT_EQ(count(check.err, "cv.yaml:16:33" + unclosed), 1) << check.err;
}

TEST(MarkupPositions, AJsonResumeWarnsAtTheMarker) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.json",
             "{\"basics\": {\"name\": \"Ada\"},\n"
             " \"work\": [{\"name\": \"Engine\", \"summary\": \"Caf\\u00e9 \\\"q\\\" **open\"}]}\n");
  Result r = run("cd '" + dir + "' && " + cvpdf() + " cv.json -o cv.pdf");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(count(r.err, "cv.json:2:58: warning: markup: '**' is not closed"), 1) << r.err;
}

}  // namespace
}  // namespace cvpdf::test
