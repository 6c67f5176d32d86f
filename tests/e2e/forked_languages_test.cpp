// --all with a second core renders the later languages in a child process
// (app/forked_languages.hpp). Whatever it does, a run must be the run of
// the languages one after another (CVPDF_THREADS=1): the same files byte
// for byte, the same messages in the same order, the same exit status,
// and no file at all when a later language fails.
#include <gtest/gtest.h>

#include <regex>

#include "run.hpp"

namespace cvpdf::test {
namespace {

struct Outcome {
  Result result;
  std::map<std::string, std::string> files;  // by name, in the run's own directory
};

// `args` runs in a fresh directory holding `files`; -o names its outputs there.
Outcome render(const std::map<std::string, std::string>& files, const std::string& args, bool one_core) {
  const std::string dir = temp_dir();
  for (const auto& [name, text] : files) write_file(dir + "/" + name, text);
  Outcome r;
  // A fixed creation date: two runs a second apart must still agree.
  const std::string env = std::string("SOURCE_DATE_EPOCH=1700000000 ") + (one_core ? "CVPDF_THREADS=1 " : "");
  r.result = run("cd '" + dir + "' && " + env + cvpdf() + " " + args);
  const Result listing = run("cd '" + dir + "' && ls");
  std::size_t at = 0;
  while (at < listing.out.size()) {
    const std::size_t end = listing.out.find('\n', at);
    const std::string name = listing.out.substr(at, end - at);
    if (!files.count(name)) r.files[name] = read_file(dir + "/" + name);
    at = end == std::string::npos ? listing.out.size() : end + 1;
  }
  return r;
}

// Messages without the times -v gives, which no two runs share.
std::string untimed(const std::string& err) {
  return std::regex_replace(err, std::regex("in [0-9]+\\.[0-9] ms"), "in _ ms");
}

void expect_same_runs(const std::map<std::string, std::string>& files, const std::string& args) {
  const Outcome forked = render(files, args, false);
  const Outcome serial = render(files, args, true);
  EXPECT_EQ(forked.result.status, serial.result.status) << forked.result.err;
  EXPECT_EQ(untimed(forked.result.err), untimed(serial.result.err));
  EXPECT_EQ(forked.result.out, serial.result.out);
  ASSERT_EQ(forked.files.size(), serial.files.size());
  for (const auto& [name, bytes] : serial.files) {
    ASSERT_TRUE(forked.files.count(name)) << name;
    EXPECT_TRUE(forked.files.at(name) == bytes) << name << " differs";
  }
}

TEST(ForkedLanguages, TheShowcaseInBothLanguagesIsTheSerialRun) {
  const std::string resume = read_file(source("resume.yaml"));
  expect_same_runs({{"resume.yaml", resume}}, "-v resume.yaml --all -o 'cv-{lang}.pdf'");
  const Outcome forked = render({{"resume.yaml", resume}}, "-v resume.yaml --all -o 'cv-{lang}.pdf'", false);
  EXPECT_EQ(forked.result.status, 0) << forked.result.err;
  EXPECT_EQ(forked.files.size(), 2u);
  // The CJK faces only the Chinese variant opens are listed all the same.
  EXPECT_NE(forked.result.err.find("font: Noto Sans CJK SC"), std::string::npos) << forked.result.err;
  EXPECT_NE(forked.result.err.find("[zh] made the PDF"), std::string::npos) << forked.result.err;
}

// The Chinese text is far longer: English fits one page, Chinese cannot.
std::string long_chinese() {
  std::string zh;
  for (int i = 0; i < 400; ++i) zh += "我们在昇腾集群上训练大模型并优化通信与算子性能，";
  return "languages: [en, zh]\n"
         "person:\n  name: {en: Ada Example, zh: 阿达}\n  email: ada@example.com\n"
         "sections:\n  - title: {en: Work, zh: 工作}\n    entries:\n"
         "      - role: {en: Engineer, zh: 工程师}\n        bullets:\n"
         "          - {en: \"Did a thing **well**.\", zh: \"" + zh + "\"}\n";
}

TEST(ForkedLanguages, AnErrorInTheLaterLanguageFailsTheRunAndWritesNothing) {
  const std::map<std::string, std::string> files{{"cv.yaml", long_chinese()}};
  expect_same_runs(files, "-v cv.yaml --all --fit-pages 1 -o 'cv-{lang}.pdf'");
  const Outcome forked = render(files, "cv.yaml --all --fit-pages 1 -o 'cv-{lang}.pdf'", false);
  EXPECT_EQ(forked.result.status, 1);
  EXPECT_NE(forked.result.err.find("does not fit on 1 page"), std::string::npos) << forked.result.err;
  EXPECT_TRUE(forked.files.empty()) << "the English PDF was written although the run failed";
}

TEST(ForkedLanguages, AWarningOnATextBothLanguagesReadIsSaidOnce) {
  const std::map<std::string, std::string> files{
      {"cv.yaml",
       "languages: [en, zh]\nperson:\n  name: {en: Ada Example, zh: 阿达}\n  summary: an **unclosed bold\n"
       "sections:\n  - title: {en: Work, zh: 工作}\n    entries:\n      - role: Engineer\n"}};
  // Also through --fit-pages, whose chosen trial's warnings reach the run.
  for (const std::string fit : {"", " --fit-pages 1"}) {
    expect_same_runs(files, "cv.yaml --all -o 'cv-{lang}.pdf'" + fit);
    for (bool one_core : {false, true}) {
      const Outcome r = render(files, "cv.yaml --all -o 'cv-{lang}.pdf'" + fit, one_core);
      EXPECT_EQ(r.result.status, 0) << r.result.err;
      const std::string& err = r.result.err;
      const std::size_t first = err.find("warning:");
      ASSERT_NE(first, std::string::npos) << "the stray ** was not warned of";
      EXPECT_EQ(err.find("warning:", first + 1), std::string::npos) << fit << "\n" << err;
    }
  }
}

TEST(ForkedLanguages, AMissingFontFamilyIsSaidOnceForTheRun) {
  const std::map<std::string, std::string> files{{"resume.yaml", read_file(source("resume.yaml"))}};
  const std::string args = "resume.yaml --all --set fonts.cjk=./missing.otf -o 'cv-{lang}.pdf'";
  expect_same_runs(files, args);
  const Outcome r = render(files, args, false);
  EXPECT_EQ(r.result.status, 0) << r.result.err;
  const std::string said = "font family './missing.otf' was not found";
  const std::size_t first = r.result.err.find(said);
  ASSERT_NE(first, std::string::npos) << r.result.err;
  EXPECT_EQ(r.result.err.find(said, first + 1), std::string::npos) << r.result.err;
}

TEST(ForkedLanguages, ThreeLanguagesCheckAndPreviewsAreTheSerialRun) {
  const std::string three =
      "languages: [en, zh, ja]\n"
      "person:\n  name: {en: Ada Example, zh: 阿达, ja: エイダ}\n"
      "sections:\n  - title: {en: Work, zh: 工作, ja: 職歴}\n    entries:\n"
      "      - role: {en: Engineer, zh: 工程师, ja: エンジニア}\n        date: 2021 – present\n"
      "        bullets: [{en: \"Built **things**.\", zh: 构建系统。, ja: システムを構築。}]\n";
  expect_same_runs({{"cv.yaml", three}}, "-v cv.yaml --all -o 'cv-{lang}.pdf'");
  expect_same_runs({{"cv.yaml", three}}, "check cv.yaml --all");
  expect_same_runs({{"cv.yaml", three}}, "cv.yaml --all --dpi 30 -o 'cv-{lang}-{page}.png'");
  expect_same_runs({{"cv.yaml", three}}, "cv.yaml --all -o 'cv-{lang}.txt'");
  expect_same_runs({{"cv.yaml", three}}, "-M cv.d cv.yaml --all -o 'cv-{lang}.pdf'");
}

}  // namespace
}  // namespace cvpdf::test
