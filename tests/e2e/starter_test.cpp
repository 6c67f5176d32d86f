// End to end: `cvpdf new` (a starter that renders as it is, in one
// language or two, never written over a file) and `cvpdf schema`.
#include <gtest/gtest.h>

#include "run.hpp"

namespace cvpdf::test {
namespace {

TEST(Starter, BilingualStarterRendersEveryVariantAndShowsEveryKind) {
  const std::string dir = temp_dir();
  Result made = run(cvpdf() + " new " + dir + "/cv.yaml --lang en,zh --theme sidebar");
  ASSERT_EQ(made.status, 0) << made.err;
  const std::string yaml = read_file(dir + "/cv.yaml");
  EXPECT_EQ(yaml.rfind("# yaml-language-server: $schema=/", 0), 0u) << yaml.substr(0, 120);
  // The build tree's schema, which the build writes beside the binary.
  const std::string schema = yaml.substr(32, yaml.find('\n') - 32);
  EXPECT_NE(schema.find("/schema/resume.schema.json"), std::string::npos) << schema;
  EXPECT_EQ(read_file(schema), run(cvpdf() + " schema").out);
  EXPECT_NE(yaml.find("theme: sidebar"), std::string::npos);
  EXPECT_NE(yaml.find("languages: [en, zh]"), std::string::npos);
  // Every kind of entry (an item, a pair, a publication, a paragraph) and
  // the other section forms; nothing to warn about.
  for (const char* key : {"- org:", "- institution:", "- label:", "- title: Fast Incremental Collection", "authors:",
                          "bullets:", "only: zh", "    zh: "})
    EXPECT_NE(yaml.find(key), std::string::npos) << key;
  Result rendered = run(cvpdf() + " " + dir + "/cv.yaml --all -o '" + dir + "/cv-{lang}.pdf'");
  ASSERT_EQ(rendered.status, 0) << rendered.err;
  EXPECT_EQ(rendered.err, "");
  EXPECT_NE(pdf_text(dir + "/cv-en.pdf").find("Fast Incremental Collection"), std::string::npos);
  EXPECT_NE(pdf_text(dir + "/cv-zh.pdf").find("工作经历"), std::string::npos);
}

TEST(Starter, OneLanguageToStandardOutputChecksClean) {
  Result made = run(cvpdf() + " new - --lang zh | " + cvpdf() + " check -");
  EXPECT_EQ(made.status, 0) << made.err;
  EXPECT_EQ(made.err, "");
}

TEST(Starter, NeverOverwritesAFile) {
  const std::string dir = temp_dir();
  write_file(dir + "/resume.yaml", "mine\n");
  Result r = run("cd " + dir + " && " + cvpdf() + " new");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("'resume.yaml' already exists"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/resume.yaml"), "mine\n");
}

TEST(Starter, RefusesWhatItCannotWrite) {
  Result lang = run(cvpdf() + " new - --lang de");
  EXPECT_EQ(lang.status, 2);
  EXPECT_NE(lang.err.find("not 'de'"), std::string::npos) << lang.err;
  Result theme = run(cvpdf() + " new - --theme nosuch");
  EXPECT_EQ(theme.status, 2);
  EXPECT_NE(theme.err.find("the built-in themes are"), std::string::npos) << theme.err;
  Result dir = run(cvpdf() + " new /nonexistent-dir/cv.yaml");
  EXPECT_EQ(dir.status, 3) << dir.err;
}

TEST(Schema, PrintsEitherSchema) {
  Result resume = run(cvpdf() + " schema");
  ASSERT_EQ(resume.status, 0);
  EXPECT_NE(resume.out.find("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""), std::string::npos);
  EXPECT_NE(resume.out.find("\"company\""), std::string::npos);  // aliases are keys too
  EXPECT_NE(resume.out.find("\"rebeccapurple\""), std::string::npos);
  Result theme = run(cvpdf() + " schema theme");
  ASSERT_EQ(theme.status, 0);
  EXPECT_NE(theme.out.find("\"hyphenate-min-word\""), std::string::npos);
  EXPECT_EQ(run(cvpdf() + " schema cv").status, 2);
}

}  // namespace
}  // namespace cvpdf::test
