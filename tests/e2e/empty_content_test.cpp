// End to end: what has nothing to show in a variant (issue 11, item 4).
// `cvpdf check` names it at its file:line:col and says it is left out; the
// PDF has no heading for it; a résumé with content everywhere gets no such warning.
#include <gtest/gtest.h>

#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* kResume = R"(languages: [en, zh]
person:
  name: Ada Example
  email: ada@example.com
sections:
  - title: {en: Experience, zh: 经历}
    entries:
      - org: Example Corp
        role: {en: Engineer, zh: 工程师}
        bullets:
          - {en: Built things., zh: 造了东西。}
          - " "
      - org: " "
        bullets: [""]
  - title: {en: Awards, zh: 奖项}
    entries:
      - org: Royal Society Medal
        only: zh
  - title: {en: Interests, zh: 兴趣}
    text: {en: Chess., zh: ""}
)";

TEST(EmptyContent, CheckWarnsAtTheSectionAndTheEntry) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", kResume);
  Result r = run(cvpdf() + " check --all " + dir + "/cv.yaml");
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string file = dir + "/cv.yaml";
  EXPECT_NE(r.err.find(file + ":15:5: warning: section 'Awards' has nothing to show in en; it is left out"),
            std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file + ":19:5: warning: section '兴趣' has nothing to show in zh; it is left out"),
            std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file + ":13:9: warning: an entry of section 'Experience' has nothing to show in en; it is left out"),
            std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file + ":13:9: warning: an entry of section '经历' has nothing to show in zh; it is left out"),
            std::string::npos) << r.err;
  // What shows is not named: Awards in zh, Interests in en.
  EXPECT_EQ(r.err.find("section '奖项'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("section 'Interests'"), std::string::npos) << r.err;
}

TEST(EmptyContent, ThePdfHasNoHeadingOverNothing) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", kResume);
  Result r = run(cvpdf() + " --lang en " + dir + "/cv.yaml -o " + dir + "/en.pdf");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = pdf_text(dir + "/en.pdf");
  EXPECT_EQ(text.find("AWARDS"), std::string::npos) << text;
  EXPECT_EQ(text.find("Awards"), std::string::npos) << text;
  EXPECT_NE(text.find("Chess."), std::string::npos) << text;
  EXPECT_NE(text.find("Built things."), std::string::npos) << text;
}

TEST(EmptyContent, TextAndMarkdownLeaveOutWhatThePdfLeavesOut) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", kResume);
  for (const char* out : {"en.txt", "en.md"}) {
    Result r = run(cvpdf() + " --lang en " + dir + "/cv.yaml -o " + dir + "/" + out);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("section 'Awards' has nothing to show in en"), std::string::npos) << out << ": " << r.err;
    const std::string text = read_file(dir + "/" + out);
    EXPECT_EQ(text.find("AWARDS"), std::string::npos) << text;
    EXPECT_EQ(text.find("Awards"), std::string::npos) << text;
    EXPECT_NE(text.find("Built things."), std::string::npos) << text;
    // Neither the blank bullet nor the blank entry leaves a stray mark.
    EXPECT_EQ(text.find("- \n"), std::string::npos) << text;
    EXPECT_EQ(text.find("-  \n"), std::string::npos) << text;
    EXPECT_EQ(text.find("### \n"), std::string::npos) << text;
  }
}

TEST(EmptyContent, NoWarningWhereEverythingShows) {
  Result r = run(cvpdf() + " check --all " + source("resume.yaml"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find("nothing to show"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace cvpdf::test
