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
  Result r = run(cvpdf());
  EXPECT_EQ(r.status, 2);
  // A first try without a résumé learns how to get one.
  EXPECT_NE(r.err.find("'cvpdf new'"), std::string::npos) << r.err;
}

TEST(Cli, HelpNamesTheInputsAndEverySubcommand) {
  Result help = run(cvpdf() + " --help");
  const std::string title = help.out.substr(0, help.out.find('\n'));
  for (const char* input : {"YAML", "JSON Resume", "RenderCV"})
    EXPECT_NE(title.find(input), std::string::npos) << input << " is not in the title: " << title;
  for (const char* sub : {"check", "themes", "convert", "new", "schema", "completions"})
    EXPECT_NE(help.out.find(std::string("cvpdf ") + sub), std::string::npos) << sub << " is not in --help";
  EXPECT_NE(help.out.find("--strict"), std::string::npos);
}

// A résumé whose one fault is a warning: a misspelt key drops its bullets.
const char* kMisspelt = R"(languages: [en, zh]
person: {name: Bea Misspelt}
sections:
  - title: Work
    entries:
      - org: Typo Ltd
        start: 2020
        role: Tester
        bulets:
          - Built things.
)";

TEST(Cli, StrictMakesAWarningAnErrorAndWritesNothing) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kMisspelt);
  const std::string in_dir = "cd '" + dir + "' && " + cvpdf();
  Result plain = run(in_dir + " r.yaml --all -o 'plain-{lang}.pdf' -M plain.d");
  EXPECT_EQ(plain.status, 0) << plain.err;
  EXPECT_NE(plain.err.find("r.yaml:9:9: warning: unknown key 'bulets'"), std::string::npos) << plain.err;
  // Every output of the run, of every format, and the depfile: none.
  for (const char* output : {"cv-{lang}.pdf", "cv-{lang}.txt", "cv-{lang}.md", "cv-{lang}-{page}.png"}) {
    Result r = run(in_dir + " --strict r.yaml --all -o '" + output + "' -M cv.d");
    EXPECT_EQ(r.status, 1) << output << '\n' << r.err;
    EXPECT_NE(r.err.find("r.yaml:9:9: error: unknown key 'bulets' in an entry"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("hint: did you mean 'bullets'?"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing was written"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("warning:"), std::string::npos) << r.err;
  }
  for (const char* name : {"cv-en.pdf", "cv-zh.pdf", "cv-en.txt", "cv-en.md", "cv-en-1.png", "cv.d"})
    EXPECT_FALSE(exists(dir + "/" + name)) << name;
  // -q hides warnings, never errors: under --strict the warning is printed.
  Result quiet = run(in_dir + " --strict -q r.yaml -o cv.pdf");
  EXPECT_EQ(quiet.status, 1);
  EXPECT_NE(quiet.err.find("unknown key 'bulets'"), std::string::npos) << quiet.err;
  EXPECT_FALSE(exists(dir + "/cv.pdf"));
}

TEST(Cli, StrictCheckFailsOnAWarningAndPassesWithoutOne) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kMisspelt);
  write_file(dir + "/good.yaml", kMinimal);
  const std::string in_dir = "cd '" + dir + "' && " + cvpdf();
  EXPECT_EQ(run(in_dir + " check r.yaml").status, 0);
  Result strict = run(in_dir + " check --strict r.yaml");
  EXPECT_EQ(strict.status, 1);
  EXPECT_NE(strict.err.find("r.yaml:9:9: error: unknown key 'bulets'"), std::string::npos) << strict.err;
  Result good = run(in_dir + " check --strict good.yaml");
  EXPECT_EQ(good.status, 0) << good.err;
  Result wrote = run(in_dir + " --strict good.yaml -o good.pdf -M good.d");
  EXPECT_EQ(wrote.status, 0) << wrote.err;
  EXPECT_TRUE(exists(dir + "/good.pdf"));
  EXPECT_TRUE(exists(dir + "/good.d"));
}

TEST(Cli, StrictConvertWritesNothingOnAWarning) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.json", R"({"basics": {"name": "Ada", "url": "htps://example.com"}})");
  const std::string in_dir = "cd '" + dir + "' && " + cvpdf();
  Result plain = run(in_dir + " convert r.json -o plain.yaml");
  EXPECT_EQ(plain.status, 0) << plain.err;
  Result strict = run(in_dir + " convert --strict r.json -o strict.yaml");
  EXPECT_EQ(strict.status, 1) << strict.err;
  EXPECT_NE(strict.err.find("error: the link to 'htps://example.com' is not set"), std::string::npos) << strict.err;
  EXPECT_FALSE(exists(dir + "/strict.yaml"));
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
