// End to end: the command line's outputs — text export, depfiles and Make,
// batches, watch, listing and version (issue: the command line, complete).
#include <algorithm>
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <utility>

#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* kBilingual = R"(languages: [en, zh]
person:
  name: {en: Lin Wei, zh: 林巍}
  email: lin.wei@example.org
  links:
    - {label: example.org, url: "https://example.org"}
sections:
  - title: {en: Experience, zh: 工作经历}
    entries:
      - org: {en: Example Cloud, zh: 示例云}
        role: Senior SRE
        start: 2020-03
        end: present
        bullets:
          - {en: Ran the storage fleet with torch_npu and *care*., zh: 负责存储集群。}
  - title: {en: Skills, zh: 技能}
    entries:
      - label: {en: Systems, zh: 系统}
        text: Linux, Kubernetes
  - title: Publications
    entries:
      - title: A Paper
        authors: [L. Wei, A. Other]
        venue: Journal of Examples
        year: 2023
        me: L. Wei
)";

std::string bilingual_file() {
  std::string dir = temp_dir();
  write_file(dir + "/resume.yaml", kBilingual);
  return dir;
}

TEST(TextExport, PlainTextByExtension) {
  std::string dir = bilingual_file();
  Result r = run(cvpdf() + " '" + dir + "/resume.yaml' -o '" + dir + "/cv.txt'");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string text = read_file(dir + "/cv.txt");
  EXPECT_EQ(text.rfind("Lin Wei\n", 0), 0u) << text;
  EXPECT_NE(text.find("lin.wei@example.org · example.org <https://example.org>"), std::string::npos) << text;
  EXPECT_NE(text.find("\nEXPERIENCE\n\nExample Cloud — Mar 2020 – Present\nSenior SRE\n- Ran the storage fleet"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("Systems: Linux, Kubernetes"), std::string::npos) << text;
  EXPECT_NE(text.find("[1] L. Wei, A. Other. A Paper. Journal of Examples, 2023."), std::string::npos) << text;
  EXPECT_EQ(text.find("%PDF"), std::string::npos);
}

TEST(TextExport, MarkdownEscapesAndLinks) {
  std::string dir = bilingual_file();
  Result r = run(cvpdf() + " '" + dir + "/resume.yaml' --lang zh -o '" + dir + "/cv.md'");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string md = read_file(dir + "/cv.md");
  EXPECT_EQ(md.rfind("# 林巍\n", 0), 0u) << md;
  EXPECT_NE(md.find("[lin.wei@example.org](mailto:lin.wei@example.org)"), std::string::npos) << md;
  EXPECT_NE(md.find("## 工作经历"), std::string::npos) << md;
  EXPECT_NE(md.find("### 示例云 — 2020.03 – 至今"), std::string::npos) << md;
  EXPECT_NE(md.find("1. **L. Wei**, A. Other."), std::string::npos) << md;
  Result en = run(cvpdf() + " '" + dir + "/resume.yaml' --format md -o -");
  // "*care*" is italic markup (the user guide: the Markdown subset in any text), so
  // Markdown writes it as emphasis; the underscore is text and stays escaped.
  EXPECT_NE(en.out.find("torch\\_npu and *care*"), std::string::npos) << en.out;
}

// An item's links follow its head, as in the PDF: not after its bullets.
TEST(TextExport, AnItemsLinksStandWithItsHead) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml",
             "person: {name: Ada}\nsections:\n  - title: Work\n    entries:\n"
             "      - org: Acme\n        role: Engineer\n        links: [{label: Report, url: https://example.org/r}]\n"
             "        bullets: [Built the thing, Ran the thing]\n");
  for (const char* extension : {"txt", "md"}) {
    const std::string out = dir + "/cv." + extension;
    Result r = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + out + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string text = read_file(out);
    const std::string link = std::string(extension) == "md" ? "[Report](https://example.org/r)" : "Report <https://example.org/r>";
    const std::string role = std::string(extension) == "md" ? "*Engineer*" : "Engineer";
    // Markdown keeps each block a paragraph of its own (text_export_test.cpp).
    const std::string gap = std::string(extension) == "md" ? "\n\n" : "\n";
    EXPECT_NE(text.find(role + gap + link + gap + "- Built the thing\n- Ran the thing\n"), std::string::npos) << text;
  }
}

TEST(Depfile, ListsInputLayoutAndFonts) {
  std::string dir = bilingual_file();
  write_file(dir + "/layout.yaml", "colors: {accent: \"#7a1f1f\"}\n");
  Result r = run("cd '" + dir + "' && " + cvpdf() + " resume.yaml --layout layout.yaml --all -o 'cv-{lang}.pdf' -M cv.d");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string dep = read_file(dir + "/cv.d");
  EXPECT_EQ(dep.rfind("cv-en.pdf cv-zh.pdf:", 0), 0u) << dep;
  EXPECT_NE(dep.find("resume.yaml"), std::string::npos) << dep;
  EXPECT_NE(dep.find("layout.yaml"), std::string::npos) << dep;
  EXPECT_NE(dep.find("Lato-Regular.ttf"), std::string::npos) << dep;
  EXPECT_NE(dep.find("NotoSansCJK"), std::string::npos) << dep;
  EXPECT_NE(dep.find("\nresume.yaml:\n"), std::string::npos) << "no phony rule for the input: " << dep;
}

TEST(Make, DotfilesMakefileRebuildsOnlyWhenNeeded) {
  std::string dir = temp_dir();
  ASSERT_EQ(run("cp -r '" + source("examples/dotfiles") + "/.' '" + dir + "'").status, 0);
  std::string make = "cd '" + dir + "' && make CVPDF=" + cvpdf() + " ";
  Result first = run(make + "cv");
  ASSERT_EQ(first.status, 0) << first.out << first.err;
  EXPECT_TRUE(exists(dir + "/out/cv-en.pdf"));  // out/ is made by the Makefile
  EXPECT_TRUE(exists(dir + "/out/cv-zh.pdf"));
  EXPECT_TRUE(exists(dir + "/out/cv.d"));
  Result second = run(make + "cv");
  EXPECT_NE(second.out.find("Nothing to be done"), std::string::npos) << second.out;
  ASSERT_EQ(run("sleep 1; touch '" + dir + "/resume.yaml'").status, 0);
  Result third = run(make + "-j2 cv");
  ASSERT_EQ(third.status, 0) << third.err;
  EXPECT_NE(third.out.find("--all"), std::string::npos) << "did not rebuild: " << third.out;
  Result fourth = run(make + "-j2 cv");
  EXPECT_NE(fourth.out.find("Nothing to be done"), std::string::npos) << fourth.out;
}

TEST(Batch, SeveralInputsInOneRun) {
  std::string a = bilingual_file();
  write_file(a + "/second.yaml", "person: {name: Second Person}\nsections: []\n");
  Result r = run("cd '" + a + "' && " + cvpdf() + " resume.yaml second.yaml -o 'out-{name}.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(pdf_text(a + "/out-resume.pdf").find("Lin Wei"), std::string::npos);
  EXPECT_NE(pdf_text(a + "/out-second.pdf").find("Second Person"), std::string::npos);
  Result no_name = run("cd '" + a + "' && " + cvpdf() + " resume.yaml second.yaml -o out.pdf");
  EXPECT_EQ(no_name.status, 2);
  EXPECT_NE(no_name.err.find("{name}"), std::string::npos) << no_name.err;
}

TEST(Batch, AnErrorInOneInputWritesNothing) {
  std::string dir = bilingual_file();
  write_file(dir + "/bad.yaml", "person: [\n");
  Result r = run("cd '" + dir + "' && " + cvpdf() + " resume.yaml bad.yaml -o 'out-{name}.pdf'");
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(exists(dir + "/out-resume.pdf"));
}

TEST(Check, WarnsForMissingTranslations) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "languages: [en, zh]\nperson:\n  name: Lin Wei\n  headline: {en: Engineer}\nsections: []\n");
  Result r = run(cvpdf() + " check '" + dir + "/r.yaml'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("r.yaml:4:13: warning:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("zh"), std::string::npos) << r.err;
  Result bad = run("printf 'person: {name: [x]}\\n' | " + cvpdf() + " check -");
  EXPECT_EQ(bad.status, 1);
}

TEST(Watch, RendersAgainOnChangeAndStopsOnInterrupt) {
  std::string dir = bilingual_file();
  // Bounded: every wait loop gives up after 60 s; `timeout` backs that up.
  std::string script =
      "cd '" + dir + "' && (timeout -s KILL 240 " + cvpdf() + " --watch resume.yaml -o cv.pdf 2> watch.log & echo $! > pid) && "
      "for i in $(seq 600); do [ -s cv.pdf ] && break; sleep 0.1; done && "
      "sed -i 's/Lin Wei, zh/Lin Changed, zh/' resume.yaml && "
      "for i in $(seq 600); do pdftotext cv.pdf - 2>/dev/null | grep -q 'Lin Changed' && break; sleep 0.1; done && "
      "printf 'person: [\\n' > resume.yaml && "
      "for i in $(seq 600); do grep -q 'build failed' watch.log && break; sleep 0.1; done; "
      "kill -INT $(cat pid) && for i in $(seq 600); do kill -0 $(cat pid) 2>/dev/null || break; sleep 0.1; done; "
      "cat watch.log";
  Result r = run(script);
  EXPECT_NE(r.out.find("wrote cv.pdf (1 page)"), std::string::npos) << r.out;
  EXPECT_NE(pdf_text(dir + "/cv.pdf").find("Lin Changed"), std::string::npos) << "the change was not rendered";
  EXPECT_NE(r.out.find("build failed; the last good output is kept"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stopped watching"), std::string::npos) << r.out;
}

// A save that lands while a build runs is not lost: its event is queued on
// the directory's watch, which the rewatch after the build must keep.
TEST(Watch, ASaveDuringABuildIsBuiltToo) {
  std::string dir = temp_dir();
  // Big enough that a build outlasts the 0.2 s between the two saves (as
  // many times fewer entries as a sanitized binary is slower).
  std::string entries;
  for (int i = 0, n = 3000 / binary_slowness(); i < n; ++i)
    entries += "      - {org: Org " + std::to_string(i) + ", role: Engineer, start: 2020-01, end: 2021-01, "
               "bullets: [Built the thing that made the other thing faster by a wide margin.]}\n";
  auto resume = [&](const std::string& name) {
    return "person: {name: " + name + "}\nsections:\n  - title: Experience\n    entries:\n" + entries;
  };
  write_file(dir + "/resume.yaml", resume("First Version"));
  write_file(dir + "/second.yaml", resume("Second Version"));
  write_file(dir + "/third.yaml", resume("Third Version"));
  std::string script =
      "cd '" + dir + "' && (timeout -s KILL 240 " + cvpdf() + " --watch resume.yaml -o cv.pdf 2> watch.log & echo $! > pid) && "
      "for i in $(seq 600); do grep -q 'watching' watch.log && break; sleep 0.1; done && "
      "cp second.yaml resume.yaml && sleep 0.2 && cp third.yaml resume.yaml && "
      "for i in $(seq 600); do pdftotext -l 1 cv.pdf - 2>/dev/null | grep -q 'Third Version' && break; sleep 0.1; done; "
      "kill -INT $(cat pid); for i in $(seq 600); do kill -0 $(cat pid) 2>/dev/null || break; sleep 0.1; done; "
      "cat watch.log";
  Result r = run(script);
  EXPECT_NE(pdf_text(dir + "/cv.pdf").find("Third Version"), std::string::npos)
      << "the save during the build was lost: " << r.out;
  EXPECT_NE(r.out.find("stopped watching"), std::string::npos) << r.out;
}

TEST(Cli, ListsAndVersion) {
  Result layouts = run(cvpdf() + " --list-layouts");
  EXPECT_EQ(layouts.status, 0);
  EXPECT_NE(layouts.out.find("classic (default)"), std::string::npos) << layouts.out;
  Result fonts = run(cvpdf() + " --list-fonts");
  EXPECT_EQ(fonts.status, 0);
  EXPECT_NE(fonts.out.find("Lato"), std::string::npos);
  EXPECT_NE(fonts.out.find("Noto Sans CJK SC"), std::string::npos);
  Result version = run(cvpdf() + " --version");
  EXPECT_NE(version.out.find("HarfBuzz "), std::string::npos) << version.out;
  EXPECT_NE(version.out.find("FreeType "), std::string::npos) << version.out;
  EXPECT_NE(version.out.find("PoDoFo 0.9."), std::string::npos) << version.out;
}

TEST(Cli, UsageErrorsExitTwo) {
  for (const char* args : {"--all --lang en r.yaml", "--all -o cv.pdf r.yaml", "--format docx r.yaml",
                           "--fit-pages 0 r.yaml", "--fit-pages x r.yaml", "- - ", "--watch - ",
                           "--all -o - r.yaml", "--output", "--all=yes r.yaml"}) {
    Result r = run(cvpdf() + " " + args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find("Try 'cvpdf --help'"), std::string::npos) << args;
  }
}

TEST(Cli, AnUnknownKeyInTheOutputNameIsAUsageError) {
  Result r = run(cvpdf() + " -o 'out/{nmae}-{lang}.pdf' r.yaml");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("unknown key {nmae}; the keys are {name}, {lang}, {page}"), std::string::npos) << r.err;
  // Doubled braces are literal: a name that really has braces can be written.
  EXPECT_EQ(run(cvpdf() + " -o 'out/{{nmae}}.pdf' r.yaml").err.find("unknown key"), std::string::npos);
}

TEST(Cli, VerboseSaysWhatWasDone) {
  std::string dir = bilingual_file();
  Result r = run(cvpdf() + " -v '" + dir + "/resume.yaml' -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("composed 1 page(s)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("font: Lato"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("wrote "), std::string::npos) << r.err;
}

}  // namespace
}  // namespace cvpdf::test

namespace cvpdf::test {
namespace {

TEST(Install, InstalledBinaryFindsItsFontsAndManPage) {
  std::string prefix = temp_dir();
  std::string build = std::string(CVPDF_BINARY).substr(0, std::string(CVPDF_BINARY).rfind('/'));
  Result install = run("cmake --install '" + build + "' --prefix '" + prefix + "'");
  ASSERT_EQ(install.status, 0) << install.out << install.err;
  EXPECT_TRUE(exists(prefix + "/share/man/man1/cvpdf.1.gz"));  // gzipped, as Debian wants (cmake/packaging.cmake)
  EXPECT_TRUE(exists(prefix + "/share/cvpdf/fonts/Lato-Regular.ttf"));
  // A copy carries its licence; a link to fonts-lato's file does not need
  // one (CVPDF_SYSTEM_FONTS, cmake/packaging.cmake).
  if (!std::filesystem::is_symlink(prefix + "/share/cvpdf/fonts/Lato-Regular.ttf")) {
    EXPECT_TRUE(exists(prefix + "/share/cvpdf/fonts/OFL-Lato.txt"));
  }
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person: {name: Ada Example}\nsections: []\n");
  Result r = run("'" + prefix + "/bin/cvpdf' -v '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("from " + prefix + "/share/cvpdf/fonts/Lato-"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace cvpdf::test

namespace cvpdf::test {
namespace {

TEST(JsonResume, EverySectionOfTheExampleIsRendered) {
  std::string dir = temp_dir();
  Result r = run(cvpdf() + " '" + source("examples/jsonresume.json") + "' -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  std::string text = pdf_text(dir + "/cv.pdf");
  for (const char* needle :
       {"Mira Kovač", "Data Engineer", "mira.kovac@example.com", "Ljubljana, Central Slovenia", "EXPERIENCE",
        "Example Analytics", "Apr 2021 – Present", "Moved 300 nightly jobs", "VOLUNTEERING", "Open Data Meetup",
        "EDUCATION", "Master, Computer Science · 9.4/10", "AWARDS", "Best Paper", "CERTIFICATES",
        "PUBLICATIONS", "Inferring Schemas from Event Streams", "SKILLS", "SQL, Spark, Kafka, dbt", "LANGUAGES",
        "Native speaker", "INTERESTS", "Cartography", "REFERENCES", "Ana Example", "PROJECTS", "tidy-events"}) {
    EXPECT_NE(text.find(needle), std::string::npos) << needle;
  }
  // Detected by content, whatever the file is called.
  Result stdin_run = run(cvpdf() + " - -o - < '" + source("examples/jsonresume.json") + "' > '" + dir + "/b.pdf'");
  EXPECT_EQ(stdin_run.status, 0) << stdin_run.err;
}

TEST(JsonResume, AsYamlToo) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "basics:\n  name: Yaml Person\nwork:\n  - name: Acme\n    position: Dev\n    startDate: 2020-01-01\n");
  Result r = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.txt'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(read_file(dir + "/cv.txt").find("Acme — Jan 2020 – Present"), std::string::npos) << read_file(dir + "/cv.txt");
}

}  // namespace
}  // namespace cvpdf::test

namespace cvpdf::test {
namespace {

TEST(FitPages, ShrinksWithinTheLayoutLimits) {
  std::string dir = temp_dir();
  // At 10.5pt, and without its own fit.pages, the showcase takes three
  // pages; --fit-pages 2 brings it back.
  const std::string loose_style = " --set text.size=10.5pt --set fit.pages=0";
  Result loose = run(cvpdf() + " '" + source("resume.yaml") + "'" + loose_style + " -o '" + dir + "/a.pdf'");
  ASSERT_EQ(loose.status, 0) << loose.err;
  EXPECT_EQ(run("pdfinfo '" + dir + "/a.pdf' | grep '^Pages:'").out, "Pages:           3\n");
  Result fit = run(cvpdf() + " -v '" + source("resume.yaml") + "'" + loose_style + " --fit-pages 2 -o '" + dir + "/b.pdf'");
  ASSERT_EQ(fit.status, 0) << fit.err;
  EXPECT_EQ(run("pdfinfo '" + dir + "/b.pdf' | grep '^Pages:'").out, "Pages:           2\n");
  EXPECT_NE(fit.err.find("fits 2 page(s)"), std::string::npos) << fit.err;
}

TEST(FitPages, TheStyleKeyFitsAsTheOptionDoes) {
  std::string dir = temp_dir();
  // resume.yaml's style says fit.pages: 2; without it the default theme
  // sets the showcase on three pages.
  Result own = run(cvpdf() + " -v '" + source("resume.yaml") + "' -o '" + dir + "/own.pdf'");
  ASSERT_EQ(own.status, 0) << own.err;
  EXPECT_NE(own.err.find("[en] fits 2 page(s)"), std::string::npos) << own.err;
  Result option = run(cvpdf() + " '" + source("resume.yaml") + "' --set fit.pages=0 --fit-pages 2 -o '" + dir + "/option.pdf'");
  ASSERT_EQ(option.status, 0) << option.err;
  EXPECT_EQ(read_file(dir + "/own.pdf").size(), read_file(dir + "/option.pdf").size());
  EXPECT_EQ(run("pdftotext '" + dir + "/own.pdf' -").out, run("pdftotext '" + dir + "/option.pdf' -").out);
  Result off = run(cvpdf() + " '" + source("resume.yaml") + "' --set fit.pages=0 -o '" + dir + "/off.pdf'");
  ASSERT_EQ(off.status, 0) << off.err;
  EXPECT_EQ(run("pdfinfo '" + dir + "/off.pdf' | grep '^Pages:'").out, "Pages:           3\n");
}

TEST(FitPages, AStyleKeyThatCannotBeMetIsAnErrorAtTheKey) {
  std::string dir = temp_dir();
  std::string text = read_file(source("resume.yaml"));
  const std::string key = "    pages: 2\n";
  const std::size_t at = text.find(key);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, key.size(), "    pages: 1\n");
  const int line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
  write_file(dir + "/r.yaml", text);
  write_file(dir + "/cv.pdf", "previous");
  Result r = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("r.yaml:" + std::to_string(line) + ":12: error: does not fit on 1 page: even the smallest setting gives 2 pages in en (fit.pages: 1)"),
            std::string::npos) << r.err;
  EXPECT_NE(r.err.find("raise fit.pages"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/cv.pdf"), "previous");
  // --fit-pages is the run's word over the file's.
  Result over = run(cvpdf() + " '" + dir + "/r.yaml' --fit-pages 3 -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(over.status, 0) << over.err;
}

TEST(FitPages, CannotFitIsAnInputError) {
  std::string dir = temp_dir();
  write_file(dir + "/cv.pdf", "previous");
  Result r = run(cvpdf() + " '" + source("resume.yaml") + "' --fit-pages 1 -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("does not fit on 1 page: even the smallest setting gives 2 pages in en"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir + "/cv.pdf"), "previous");
  // --all names the language that does not fit, whichever it is.
  Result zh = run(cvpdf() + " '" + source("resume.yaml") + "' --lang zh --fit-pages 1 -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(zh.status, 1);
  EXPECT_NE(zh.err.find("does not fit on 1 page: even the smallest setting gives 2 pages in zh"), std::string::npos)
      << zh.err;
  Result all = run(cvpdf() + " '" + source("resume.yaml") + "' --all --fit-pages 1 -o '" + dir + "/cv-{lang}.pdf'");
  EXPECT_EQ(all.status, 1);
  EXPECT_NE(all.err.find("gives 2 pages in en"), std::string::npos) << all.err;
}

}  // namespace
}  // namespace cvpdf::test

namespace cvpdf::test {
namespace {

TEST(DebugLayout, OverlayOnThePagesAndTheFrameTreeWithVerbose) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person: {name: Ada Example}\nsections:\n  - title: Skills\n    entries:\n      - {label: Go, text: yes}\n");
  Result plain = run("SOURCE_DATE_EPOCH=1 " + cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/a.pdf'");
  Result debug = run("SOURCE_DATE_EPOCH=1 " + cvpdf() + " -v --debug-layout '" + dir + "/r.yaml' -o '" + dir + "/b.pdf'");
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_EQ(debug.status, 0) << debug.err;
  EXPECT_NE(debug.err.find("page 1 595.28 x 841.89"), std::string::npos) << debug.err;
  EXPECT_NE(debug.err.find("\"Ada Example\""), std::string::npos) << debug.err;
  // The overlay is drawn as rules: the debug page has more filled rectangles.
  auto rects = [&](const std::string& pdf) {
    std::string objects = pdf_objects(pdf);
    std::size_t n = 0;
    for (std::size_t at = 0; (at = objects.find(" re\n", at)) != std::string::npos; ++at) ++n;
    return n;
  };
  EXPECT_GT(rects(dir + "/b.pdf"), rects(dir + "/a.pdf") + 3);
  EXPECT_EQ(pdf_text(dir + "/a.pdf"), pdf_text(dir + "/b.pdf")) << "the overlay must not change the text";
}

}  // namespace
}  // namespace cvpdf::test

namespace cvpdf::test {
namespace {

// A JPEG and a PNG made by poppler from a rendered page: real images without
// committing binary fixtures.
std::string make_photos(const std::string& dir) {
  write_file(dir + "/seed.yaml", "person: {name: Seed}\nsections: []\n");
  run(cvpdf() + " '" + dir + "/seed.yaml' -o '" + dir + "/seed.pdf'");
  run("pdftoppm -r 10 -jpeg -singlefile '" + dir + "/seed.pdf' '" + dir + "/photo'");
  run("pdftoppm -r 10 -png -singlefile '" + dir + "/seed.pdf' '" + dir + "/photo'");
  return dir;
}

TEST(Photo, JpegAndPngAreEmbeddedBesideTheName) {
  std::string dir = make_photos(temp_dir());
  for (const char* photo : {"photo.jpg", "photo.png"}) {
    write_file(dir + "/r.yaml", std::string("person:\n  name: Ada Example\n  photo: ") + photo + "\nsections: []\n");
    Result r = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
    ASSERT_EQ(r.status, 0) << photo << ": " << r.err;
    Result images = run("pdfimages -list '" + dir + "/cv.pdf'");
    EXPECT_NE(images.out.find("   1     0 image"), std::string::npos) << photo << ": " << images.out;
    EXPECT_EQ(run("qpdf --check '" + dir + "/cv.pdf'").status, 0);
  }
}

// A 10000 × 1 strip (as wide as a photo may be) is fitted inside the photo
// box, a square of header.photo-size (68pt in classic): its placement matrix
// in the content stream is 68 × 0.0068 pt at the top right of the column,
// and the strip is a warning. A 65535 × 1 strip is over the pixel cap.
TEST(Photo, StripStaysInsideThePhotoBox) {
  std::string dir = temp_dir();
  const std::string photos = std::string(CVPDF_SOURCE_DIR) + "/tests/cli/bad/photos/";
  write_file(dir + "/r.yaml", "person:\n  name: Ada Example\n  photo: " + photos + "strip-10000x1.png\nsections: []\n");
  Result r = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("r.yaml:3:10: warning: the photo"), std::string::npos) << r.err;
  ASSERT_EQ(run("qpdf --qdf --object-streams=disable '" + dir + "/cv.pdf' '" + dir + "/qdf.pdf'").status, 0);
  const std::string qdf = read_file(dir + "/qdf.pdf");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(qdf, m, std::regex(R"(([-\d.]+) 0 0 ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s*/Im1 Do)"))) << qdf.substr(0, 4000);
  const double width = std::stod(m[1]), height = std::stod(m[2]), x = std::stod(m[3]), y = std::stod(m[4]);
  EXPECT_NEAR(width, 68.0, 0.01);
  EXPECT_GT(height, 0.0);
  EXPECT_LE(height, 0.01);
  EXPECT_GE(x, 0.0);
  EXPECT_LE(x + width, 595.28 - 48.19 + 0.01) << "the photo runs into the right margin";  // A4, classic's 17mm
  EXPECT_GT(y, 841.89 - 120.0) << "the photo is not at the top";

  write_file(dir + "/r.yaml", "person:\n  name: Ada Example\n  photo: " + photos + "strip-65535x1.png\nsections: []\n");
  Result over = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/over.pdf'");
  EXPECT_EQ(over.status, 1);
  EXPECT_NE(over.err.find("is 65535 × 1 pixels; a photo may be at most 10000 pixels a side"), std::string::npos) << over.err;
  EXPECT_FALSE(exists(dir + "/over.pdf"));
}

TEST(Photo, MissingOrBrokenPhotoIsAnInputError) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person:\n  name: Ada Example\n  photo: nowhere.jpg\nsections: []\n");
  Result missing = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("r.yaml:3:10: error: the photo 'nowhere.jpg' was not found"), std::string::npos)
      << missing.err;
  write_file(dir + "/broken.jpg", "not an image at all");
  write_file(dir + "/r.yaml", "person:\n  name: Ada Example\n  photo: broken.jpg\nsections: []\n");
  Result broken = run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(broken.status, 1);
  EXPECT_NE(broken.err.find("is not a JPEG or PNG image"), std::string::npos) << broken.err;
  EXPECT_FALSE(exists(dir + "/cv.pdf"));
  // A path that is there but is no file is said as what it is, and a FIFO
  // is never opened (its read would wait for a writer).
  ASSERT_EQ(run("mkfifo '" + dir + "/pipe.jpg'").status, 0);
  std::filesystem::create_directories(dir + "/folder.jpg");
  for (const auto& [name, kind] : {std::pair{"pipe.jpg", "a FIFO (named pipe)"}, std::pair{"folder.jpg", "a directory"}}) {
    write_file(dir + "/r.yaml", std::string("person:\n  name: Ada Example\n  photo: ") + name + "\nsections: []\n");
    Result other = run("timeout 60 " + cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.pdf'");
    EXPECT_EQ(other.status, 1) << other.err;
    EXPECT_NE(other.err.find(std::string("r.yaml:3:10: error: the photo '") + name + "' is " + kind + ", not an image file"),
              std::string::npos)
        << other.err;
    EXPECT_FALSE(exists(dir + "/cv.pdf"));
  }
}

}  // namespace
}  // namespace cvpdf::test
