// End to end: a last page filled less than fit.short-page (a quarter, by
// default) is saved — the résumé is set again within the theme's fit.min-*
// limits to end a page earlier — and only then. Pages counted by pdfinfo,
// text read back by pdftotext, through the real binary.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "run.hpp"

namespace cvpdf::test {
namespace {

int page_count(const std::string& pdf) {
  const Result info = run("pdfinfo '" + pdf + "'");
  std::smatch m;
  return std::regex_search(info.out, m, std::regex("Pages:\\s+(\\d+)")) ? std::stoi(m[1]) : -1;
}

struct Rendered {
  Result result;
  int pages = 0;
  std::string text;
};

Rendered render(const std::string& file, const std::string& options) {
  const std::string pdf = temp_dir() + "/short.pdf";
  Rendered r;
  r.result = run(cvpdf() + " '" + source(file) + "' " + options + " -v -o '" + pdf + "'");
  if (r.result.status == 0) {
    r.pages = page_count(pdf);
    r.text = run("pdftotext '" + pdf + "' -").out;
  }
  return r;
}

const char* const kThemes[] = {"classic", "moderncv", "engineering", "sidebar", "academic", "zh"};

// examples/one-page.yaml says every theme sets it on one page: in the
// themes whose own settings leave a line or a publication over, the short
// second page is saved, and nothing of the résumé is lost doing so.
TEST(ShortPage, TheOnePageExampleIsOnePageInEveryThemeAndLanguage) {
  for (const char* theme : kThemes)
    for (const char* language : {"en", "zh"}) {
      const Rendered r = render("examples/one-page.yaml", std::string("--theme ") + theme + " --lang " + language);
      ASSERT_EQ(r.result.status, 0) << theme << " " << language << ": " << r.result.err;
      EXPECT_EQ(r.pages, 1) << theme << " " << language << ":\n" << r.result.err;
      // The name first, the last entry (the publication that was left over) last.
      EXPECT_NE(r.text.find(language == std::string("en") ? "Lin Yuqing" : "林雨晴"), std::string::npos)
          << theme << " " << language;
      EXPECT_NE(r.text.find("Doubling the Load"), std::string::npos) << theme << " " << language;
    }
}

// Saving is said with -v, with the fill that asked for it; classic's own
// settings leave one-page.yaml a second page of a few lines.
TEST(ShortPage, SavingIsSaidAndCanBeTurnedOff) {
  const Rendered saved = render("examples/one-page.yaml", "--theme classic --lang en");
  ASSERT_EQ(saved.result.status, 0) << saved.result.err;
  EXPECT_EQ(saved.pages, 1);
  EXPECT_TRUE(std::regex_search(saved.result.err, std::regex(R"(\[en\] the last page was \d+% full \(less than fit\.short-page\): set again at fit setting 0\.\d{3} to end on page 1)")))
      << saved.result.err;

  // `fit.short-page: 0`, from --set or a résumé's style:, keeps the theme's own settings.
  const Rendered kept = render("examples/one-page.yaml", "--theme classic --lang en --set fit.short-page=0");
  ASSERT_EQ(kept.result.status, 0) << kept.result.err;
  EXPECT_EQ(kept.pages, 2);
  EXPECT_EQ(kept.result.err.find("last page was"), std::string::npos) << kept.result.err;
}

// The layout that was let go says nothing: a warning of the text (an
// unclosed '**') is said once, by the layout that is kept.
TEST(ShortPage, AWarningIsSaidOnceWhenThePageIsSaved) {
  std::string yaml = read_file(source("examples/one-page.yaml"));
  const std::string at = "Rewrote the compaction scheduler";
  ASSERT_NE(yaml.find(at), std::string::npos);
  yaml.replace(yaml.find(at), at.size(), "Rewrote the **compaction scheduler");
  const std::string file = temp_dir() + "/warned.yaml";
  write_file(file, yaml);
  const std::string pdf = temp_dir() + "/warned.pdf";
  const Result r = run(cvpdf() + " '" + file + "' --theme classic --lang en -v -o '" + pdf + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(page_count(pdf), 1);
  const std::string warning = "warning: markup: '**' is not closed";
  const auto first = r.err.find(warning);
  ASSERT_NE(first, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(warning, first + 1), std::string::npos) << r.err;
}

// Limits that allow no tightening: the short page stays, with no error and
// no word about it — saving is a favour, never a failure.
TEST(ShortPage, LimitsThatCannotSaveItLeaveTheResumeAsSet) {
  const Rendered r = render("examples/one-page.yaml",
                            "--theme classic --lang en --set fit.min-text-size=10pt --set fit.min-leading=1.28 "
                            "--set fit.min-spacing=1 --set fit.min-margin=26mm");
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_EQ(r.pages, 2);
  EXPECT_EQ(r.result.err.find("last page was"), std::string::npos) << r.result.err;
  EXPECT_EQ(r.result.err.find("error"), std::string::npos) << r.result.err;
}

// A last page a quarter full or more is the theme's to keep: the showcase
// set without its fit.pages ends on a third page fuller than that, and it
// comes out as it does with the rule turned off.
TEST(ShortPage, AFullerLastPageIsLeftAlone) {
  const Rendered showcase = render("resume.yaml", "--theme classic --lang en --set fit.pages=0");
  const Rendered off = render("resume.yaml", "--theme classic --lang en --set fit.pages=0 --set fit.short-page=0");
  ASSERT_EQ(showcase.result.status, 0) << showcase.result.err;
  ASSERT_EQ(off.result.status, 0) << off.result.err;
  EXPECT_EQ(showcase.result.err.find("last page was"), std::string::npos) << showcase.result.err;
  EXPECT_EQ(showcase.pages, off.pages);
  EXPECT_EQ(showcase.text, off.text);
}

}  // namespace
}  // namespace cvpdf::test
