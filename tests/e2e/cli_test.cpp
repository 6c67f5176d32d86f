// End to end: exit statuses and messages of the command line (docs/user-guide.md).
#include <gtest/gtest.h>

#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* kMinimal = R"(languages: [en]
person:
  name: Ada Example
  email: ada@example.com
sections:
  - title: Experience
    entries:
      - org: Example Corp
        role: Engineer
        start: 2021-09
        end: present
        bullets:
          - Built things.
)";

TEST(Cli, HelpAndVersion) {
  Result help = run(cvpdf() + " --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("Usage:"), std::string::npos);
  EXPECT_NE(help.out.find("--lang CODE"), std::string::npos);
  Result version = run(cvpdf() + " --version");
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out.rfind("cvpdf ", 0), 0u) << version.out;
}

TEST(Cli, UnknownOptionIsAUsageError) {
  Result r = run(cvpdf() + " --frobnicate resume.yaml");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown option '--frobnicate'"), std::string::npos) << r.err;
}

TEST(Cli, NoInputIsAUsageError) {
  EXPECT_EQ(run(cvpdf()).status, 2);
}

TEST(Cli, MissingInputIsAnIoError) {
  Result r = run(cvpdf() + " /nonexistent/resume.yaml -o /tmp/never.pdf");
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("/nonexistent/resume.yaml: error: cannot open"), std::string::npos) << r.err;
}

TEST(Cli, SyntaxErrorNamesFileLineAndColumn) {
  std::string dir = temp_dir();
  write_file(dir + "/bad.yaml", "person:\n  name: [unclosed\n");
  Result r = run(cvpdf() + " '" + dir + "/bad.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(dir + "/bad.yaml:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(": error: "), std::string::npos) << r.err;
  EXPECT_FALSE(exists(dir + "/cv.pdf"));
}

TEST(Cli, BadDateNamesItsPosition) {
  std::string dir = temp_dir();
  std::string text = kMinimal;
  text.replace(text.find("2021-09"), 7, "2021-13");
  write_file(dir + "/r.yaml", text);
  Result r = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(r.status, 1);
  // The column of the month itself, not just of the value.
  EXPECT_NE(r.err.find("r.yaml:10:21: error: 'start' has month 13"), std::string::npos) << r.err;
}

TEST(Cli, UnknownKeyWarnsWithSuggestion) {
  std::string dir = temp_dir();
  std::string text = kMinimal;
  text.replace(text.find("org:"), 4, "orgnization:");
  write_file(dir + "/r.yaml", text);
  Result r = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warning"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("'org'"), std::string::npos) << r.err;
  Result quiet = run(cvpdf() + " -q '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(quiet.status, 0);
  EXPECT_EQ(quiet.err, "");
}

TEST(Cli, UnknownLanguageIsAnInputError) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kMinimal);
  Result r = run(cvpdf() + " '" + dir + "/r.yaml' --lang fr -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("'fr'"), std::string::npos) << r.err;
}

TEST(Cli, FailedRunKeepsTheExistingOutput) {
  std::string dir = temp_dir();
  write_file(dir + "/cv.pdf", "previous");
  write_file(dir + "/bad.yaml", "person: [\n");
  Result r = run(cvpdf() + " '" + dir + "/bad.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(read_file(dir + "/cv.pdf"), "previous");
  Result listing = run("ls -A '" + dir + "'");
  EXPECT_EQ(listing.out, "bad.yaml\ncv.pdf\n") << "a temporary file was left behind";
}

TEST(Cli, UnwritableOutputIsAnIoError) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kMinimal);
  Result r = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/no/such/dir/cv.pdf'");
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
}

TEST(Cli, StdinToStdout) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kMinimal);
  Result r = run(cvpdf() + " - -o - < '" + dir + "/r.yaml' > '" + dir + "/out.pdf'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(dir + "/out.pdf").rfind("%PDF-1.7", 0), 0u);
  std::string text = pdf_text(dir + "/out.pdf");
  EXPECT_NE(text.find("Ada Example"), std::string::npos) << text;
  EXPECT_NE(text.find("Sep 2021 – Present"), std::string::npos) << text;
}

TEST(Cli, SetOverridesTheLayout) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kMinimal);
  Result r = run(cvpdf() + " '" + dir + "/r.yaml' --set page.size=letter -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  Result info = run("pdfinfo '" + dir + "/cv.pdf'");
  EXPECT_NE(info.out.find("612 x 792 pts (letter)"), std::string::npos) << info.out;
  Result bad = run(cvpdf() + " '" + dir + "/r.yaml' --set page.size=huge -o '" + dir + "/cv2.pdf'");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("page.size"), std::string::npos) << bad.err;
}

TEST(Cli, CheckWritesNothing) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kMinimal);
  Result r = run("cd '" + dir + "' && " + cvpdf() + " check r.yaml");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(exists(dir + "/r.pdf"));
}

}  // namespace
}  // namespace cvpdf::test
