// End to end: themes on the command line (the user guide's command line and themes) —
// --theme NAME|FILE and its alias --layout, the résumé's `theme:` and its
// alias `layout:`, JSON Resume's meta.theme (ours only when it names a
// built-in), `cvpdf themes` and its descriptions, mistakes in a theme file
// reported at THEMEFILE:line:col, and --set font paths against the working
// directory; and scripts/gallery.sh, which renders every theme.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <utility>
#include <vector>

#include "run.hpp"

namespace cvpdf::test {
namespace {

namespace fs = std::filesystem;

const char* kResume = R"(person:
  name: Ada Example
sections:
  - title: Notes
    bullets:
      - One line.
)";

// A theme file that changes one key anyone can see from outside: the paper.
const char* kLetterTheme = "page:\n  size: letter\n";

const char* kJsonResume = R"({"basics": {"name": "Ada Example"},
 "work": [{"name": "Example Co", "position": "Engineer", "startDate": "2020-01"}])";

std::string json_resume_with_meta(const std::string& meta) {
  std::string s = kJsonResume;
  return s + ",\n \"meta\": " + meta + "}\n";
}

// pdfinfo's "Page size:" line: "595.276 x 841.89 pts (A4)" or "612 x 792 pts (letter)".
std::string page_size(const std::string& pdf) {
  return run("pdfinfo '" + pdf + "' | sed -n 's/^Page size: *//p'").out;
}

bool is_a4(const std::string& pdf) { return page_size(pdf).find("(A4)") != std::string::npos; }
bool is_letter(const std::string& pdf) { return page_size(pdf).find("(letter)") != std::string::npos; }

std::string in_dir(const std::string& dir, const std::string& args) {
  return "cd '" + dir + "' && SOURCE_DATE_EPOCH=1700000000 " + cvpdf() + " " + args;
}

// The names `cvpdf themes` lists: each line's first word.
std::vector<std::string> theme_names() {
  std::vector<std::string> names;
  std::istringstream lines(run(cvpdf() + " themes").out);
  for (std::string line; std::getline(lines, line);) names.push_back(line.substr(0, line.find(' ')));
  return names;
}

TEST(ThemeCli, TheBuiltInDefaultByName) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kResume);
  Result r = run(in_dir(dir, "r.yaml --theme classic -o cv.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(is_a4(dir + "/cv.pdf")) << page_size(dir + "/cv.pdf");
}

TEST(ThemeCli, AThemeFileByPathAndTheLayoutAlias) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kResume);
  write_file(dir + "/letter.yaml", kLetterTheme);
  for (const char* option : {"--theme ./letter.yaml", "--theme=letter.yaml", "--layout ./letter.yaml"}) {
    Result r = run(in_dir(dir, std::string("r.yaml ") + option + " -o cv.pdf"));
    ASSERT_EQ(r.status, 0) << option << ": " << r.err;
    EXPECT_TRUE(is_letter(dir + "/cv.pdf")) << option << ": " << page_size(dir + "/cv.pdf");
  }
}

TEST(ThemeCli, TheResumesThemeKeyAndItsLayoutAlias) {
  const std::string dir = temp_dir();
  fs::create_directories(dir + "/cv");
  write_file(dir + "/cv/letter.yaml", kLetterTheme);
  for (const char* key : {"theme", "layout"}) {
    // Relative to the résumé, not to the working directory.
    write_file(dir + "/cv/r.yaml", std::string(key) + ": letter.yaml\n" + kResume);
    Result r = run(in_dir(dir, "cv/r.yaml -o cv.pdf"));
    ASSERT_EQ(r.status, 0) << key << ": " << r.err;
    EXPECT_EQ(r.err, "") << key;
    EXPECT_TRUE(is_letter(dir + "/cv.pdf")) << key << ": " << page_size(dir + "/cv.pdf");
  }
  // --theme wins over the file's `theme:`.
  Result over = run(in_dir(dir, "cv/r.yaml --theme classic -o over.pdf"));
  ASSERT_EQ(over.status, 0) << over.err;
  EXPECT_TRUE(is_a4(dir + "/over.pdf")) << page_size(dir + "/over.pdf");
}

TEST(ThemeCli, ThemeAndLayoutInOneFileAreOneKeyTwice) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", std::string("theme: classic\nlayout: classic\n") + kResume);
  Result r = run(in_dir(dir, "check r.yaml"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("r.yaml:2:1: error: 'layout' and 'theme' are the same key"), std::string::npos) << r.err;
}

TEST(ThemeCli, AnUnknownThemeNameListsTheBuiltInOnes) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kResume);
  Result r = run(in_dir(dir, "r.yaml --theme fancy -o cv.pdf"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("--theme: error: theme 'fancy' is neither a built-in theme nor a file"), std::string::npos)
      << r.err;
  std::string names;
  for (const auto& name : theme_names()) names += (names.empty() ? "" : ", ") + name;
  EXPECT_NE(r.err.find("hint: built-in themes: " + names + " (see `cvpdf themes`)"), std::string::npos) << r.err;
  EXPECT_FALSE(exists(dir + "/cv.pdf"));

  write_file(dir + "/s.yaml", std::string("theme: fancy\n") + kResume);
  Result from_file = run(in_dir(dir, "check s.yaml"));
  EXPECT_EQ(from_file.status, 1);
  EXPECT_NE(from_file.err.find("s.yaml:1:8: error: theme 'fancy'"), std::string::npos) << from_file.err;
}

TEST(ThemeCli, ThemesListsEachBuiltInWithItsDescription) {
  Result r = run(cvpdf() + " themes");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("classic (default)  one calm column, Lato and Noto Sans CJK, a deep-blue accent"),
            std::string::npos)
      << r.out;
  // Every built-in theme follows the convention (layout/classic.yaml's
  // header): a `# description:` line, printed after its name.
  std::istringstream lines(r.out);
  std::size_t column = std::string::npos;
  for (std::string line; std::getline(lines, line);) {
    std::size_t after = line.find(' ');
    ASSERT_NE(after, std::string::npos) << "no description: '" << line << "'";
    if (line.compare(after, 10, " (default)") == 0) after += 10;
    ASSERT_EQ(line.compare(after, 2, "  "), 0) << "no description: '" << line << "'";
    const std::size_t at = line.find_first_not_of(' ', after);
    ASSERT_NE(at, std::string::npos) << "no description: '" << line << "'";
    if (column == std::string::npos) column = at;
    EXPECT_EQ(at, column) << "the descriptions are not in one column: '" << line << "'";
  }
  EXPECT_EQ(run(cvpdf() + " --list-layouts").out, r.out) << "--list-layouts is an alias";
  Result extra = run(cvpdf() + " themes resume.yaml");
  EXPECT_EQ(extra.status, 2);
  EXPECT_NE(extra.err.find("'cvpdf themes' takes no arguments"), std::string::npos) << extra.err;
}

TEST(ThemeCli, EveryBuiltInThemeChecksCleanInBothLanguages) {
  const std::vector<std::string> names = theme_names();
  ASSERT_FALSE(names.empty());
  for (const auto& name : names) {
    for (const char* lang : {"en", "zh"}) {
      Result r = run(cvpdf() + " check '" + source("resume.yaml") + "' --lang " + lang + " --theme " + name);
      EXPECT_EQ(r.status, 0) << name << " " << lang << ": " << r.err;
      EXPECT_EQ(r.err.find("<built-in theme"), std::string::npos) << name << " " << lang << ": " << r.err;
    }
  }
}

// docs/themes.md is the gallery: every built-in theme has its section, its
// two pictures (committed, made by scripts/gallery.sh) and a link to its file.
TEST(ThemeCli, TheGalleryShowsEveryBuiltInTheme) {
  const std::string doc = read_file(source("docs/themes.md"));
  ASSERT_FALSE(doc.empty());
  for (const auto& name : theme_names()) {
    EXPECT_NE(doc.find("\n## " + name + "\n"), std::string::npos) << name;
    EXPECT_NE(doc.find("(../layout/" + name + ".yaml)"), std::string::npos) << name;
    for (const char* lang : {"en", "zh"}) {
      const std::string png = "images/themes/" + name + "-" + lang + ".png";
      EXPECT_NE(doc.find("(" + png + ")"), std::string::npos) << png;
      EXPECT_TRUE(exists(source("docs/" + png))) << png << " is missing: run scripts/gallery.sh";
    }
  }
  EXPECT_NE(read_file(source("README.md")).find("(docs/themes.md)"), std::string::npos);
}

// JSON Resume's meta.theme names a jsonresume.org theme; it is taken only
// when it is one of ours, and otherwise ignored without a message.
TEST(ThemeCli, JsonResumeMetaThemeCountsOnlyForABuiltInName) {
  const std::string dir = temp_dir();
  write_file(dir + "/letter.yaml", kLetterTheme);
  write_file(dir + "/plain.json", std::string(kJsonResume) + "}\n");
  for (const auto& name : theme_names()) {
    write_file(dir + "/meta.json", json_resume_with_meta("{\"theme\": \"" + name + "\", \"version\": \"v1\"}"));
    Result by_meta = run(in_dir(dir, "meta.json -o meta.pdf"));
    ASSERT_EQ(by_meta.status, 0) << name << ": " << by_meta.err;
    EXPECT_EQ(by_meta.err, "") << name;
    Result by_option = run(in_dir(dir, "plain.json --theme " + name + " -o option.pdf"));
    ASSERT_EQ(by_option.status, 0) << name << ": " << by_option.err;
    EXPECT_EQ(page_size(dir + "/meta.pdf"), page_size(dir + "/option.pdf")) << name;
    EXPECT_EQ(pdf_text(dir + "/meta.pdf"), pdf_text(dir + "/option.pdf")) << name;
    EXPECT_EQ(run("pdftoppm -r 30 -png -f 1 -l 1 '" + dir + "/meta.pdf' | md5sum").out,
              run("pdftoppm -r 30 -png -f 1 -l 1 '" + dir + "/option.pdf' | md5sum").out)
        << name << ": meta.theme did not render as --theme " << name;
  }
  // A jsonresume.org theme, a file (even one that exists), not a text: ignored.
  for (const char* meta : {R"({"theme": "elegant"})", R"({"theme": "letter.yaml"})", R"({"theme": {"a": 1}})",
                           R"({"canonical": "https://example.com/resume.json"})"}) {
    write_file(dir + "/meta.json", json_resume_with_meta(meta));
    Result r = run(in_dir(dir, "meta.json -o other.pdf"));
    ASSERT_EQ(r.status, 0) << meta << ": " << r.err;
    EXPECT_EQ(r.err, "") << meta;
    EXPECT_TRUE(is_a4(dir + "/other.pdf")) << meta << ": " << page_size(dir + "/other.pdf");
  }
  // --theme still wins over meta.theme.
  write_file(dir + "/meta.json", json_resume_with_meta(R"({"theme": "classic"})"));
  Result over = run(in_dir(dir, "meta.json --theme letter.yaml -o over.pdf"));
  ASSERT_EQ(over.status, 0) << over.err;
  EXPECT_TRUE(is_letter(dir + "/over.pdf")) << page_size(dir + "/over.pdf");
}

struct ThemeMistake {
  const char* theme;
  int status;
  const char* message;  // after "THEMEFILE:"
};

// A theme file's mistakes are reported as a résumé's are: the file, line
// and column, error or warning, a hint; errors exit 1 and write nothing.
TEST(ThemeCli, MistakesInAThemeFileNameItsLineAndColumn) {
  const ThemeMistake mistakes[] = {
      {"page:\n  size: a4\n bad: x\n", 1, "3:2: error: end of map not found"},
      {"page:\n  size: a4\ntext: {size: 9pt}}\n", 1, "3:18: error: illegal flow end"},
      {"page:\n  size: a4\nheading: {style: fancy}\n", 1,
       "3:18: error: style key 'heading.style' is 'fancy'\n  hint: use rule-below, rule-above, rule-beside, bar or plain"},
      {"text:\n  size: ten\n", 1, "2:9: error: style key 'text.size'"},
      {"page:\n  sise: letter\n", 0, "2:9: warning: unknown style key 'page.sise'\n  hint: did you mean 'page.size'?"},
      {"page: 1\n", 1, "1:7: error: style key 'page' is a section of keys (page.size, page.margin.top, …), not a value"},
      {"header: [a]\n", 1, "1:9: error: style key 'header' is a section of keys"},
      {"page:\n  size:\n    x: 1\n", 1, "3:8: error: style key 'page.size' takes one value, not a section of keys"},
      {"text:\n  size: [9pt]\n", 1, "2:9: error: style key 'text.size' must be a length, got a list"},
      {"- a4\n- letter\n", 1, "1:1: error: a layout must be a mapping of keys, got a list"},
  };
  const std::string dir = temp_dir();
  fs::create_directories(dir + "/cv/themes");
  for (const auto& m : mistakes) {
    write_file(dir + "/mine.yaml", m.theme);
    Result r = run(in_dir(dir, "'" + source("resume.yaml") + "' --theme mine.yaml -o cv.pdf"));
    EXPECT_EQ(r.status, m.status) << m.theme << r.err;
    EXPECT_NE(r.err.find(std::string("mine.yaml:") + m.message), std::string::npos) << m.theme << "\n" << r.err;
    EXPECT_EQ(exists(dir + "/cv.pdf"), m.status == 0) << m.theme;
    fs::remove(dir + "/cv.pdf");

    // Named by the résumé's `theme:`, the file is the résumé's neighbour's.
    write_file(dir + "/cv/themes/mine.yaml", m.theme);
    write_file(dir + "/cv/r.yaml", std::string("theme: themes/mine.yaml\n") + kResume);
    Result by_key = run(in_dir(dir, "check cv/r.yaml"));
    EXPECT_EQ(by_key.status, m.status) << m.theme << by_key.err;
    EXPECT_NE(by_key.err.find(std::string("cv/themes/mine.yaml:") + m.message), std::string::npos)
        << m.theme << "\n" << by_key.err;
  }
}

// A font path in --set is the shell's, typed in the working directory: it
// resolves there, not beside the résumé.
TEST(ThemeCli, SetFontPathsResolveInTheWorkingDirectory) {
  const std::string dir = temp_dir();
  fs::create_directories(dir + "/cv");
  fs::create_directories(dir + "/work");
  fs::copy_file(source("fonts/Lato-Regular.ttf"), dir + "/work/Here.ttf");
  fs::copy_file(source("fonts/Lato-Regular.ttf"), dir + "/cv/Beside.ttf");
  write_file(dir + "/cv/r.yaml", kResume);
  const std::string work = dir + "/work";
  Result here = run(in_dir(work, "-v ../cv/r.yaml --set 'fonts.latin=[./Here.ttf]' -o cv.pdf"));
  ASSERT_EQ(here.status, 0) << here.err;
  EXPECT_NE(here.err.find("font: Lato (Lato-Regular) from Here.ttf"), std::string::npos) << here.err;
  EXPECT_NE(run("pdffonts '" + work + "/cv.pdf'").out.find("Lato-Regular"), std::string::npos);

  Result beside = run(in_dir(work, "../cv/r.yaml --set 'fonts.latin=[./Beside.ttf]' -o beside.pdf"));
  EXPECT_EQ(beside.status, 1) << beside.err;
  EXPECT_NE(beside.err.find("--set fonts.latin=[./Beside.ttf]: warning: font family './Beside.ttf' was not found"),
            std::string::npos)
      << beside.err;
}

TEST(ThemeCli, HelpManualAndReadmeNameThemeAndThemes) {
  Result help = run(cvpdf() + " --help");
  ASSERT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--theme NAME|FILE"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("cvpdf themes"), std::string::npos) << help.out;
  const std::string manual = read_file(source("docs/cvpdf.1"));
  EXPECT_NE(manual.find(".BR \\-\\-theme "), std::string::npos);
  EXPECT_NE(manual.find(".B cvpdf themes"), std::string::npos);
  const std::string readme = read_file(source("README.md"));
  EXPECT_NE(readme.find("cvpdf themes"), std::string::npos);
  EXPECT_NE(readme.find("--theme "), std::string::npos);
}

// A PNG's size from its IHDR chunk (bytes 16..23: width, height, big-endian).
std::pair<unsigned, unsigned> png_size(const std::string& path) {
  const std::string png = read_file(path);
  if (png.size() < 24 || png.compare(1, 3, "PNG") != 0) return {0, 0};
  auto be32 = [&](std::size_t at) {
    unsigned v = 0;
    for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(png[at + i]);
    return v;
  };
  return {be32(16), be32(20)};
}

std::string gallery(const std::string& out, const std::string& args) {
  return "CVPDF=" + cvpdf() + " GALLERY_DIR='" + out + "' bash '" + source("scripts/gallery.sh") + "' " + args;
}

// scripts/gallery.sh: page 1 of resume.yaml per theme and language, at 60 dpi.
TEST(ThemeCli, GalleryRendersPageOneOfEveryThemeInBothLanguages) {
  const std::string out = temp_dir() + "/themes";
  Result r = run(gallery(out, ""));
  ASSERT_EQ(r.status, 0) << r.err;
  std::size_t pngs = 0;
  for (const auto& entry : fs::directory_iterator(out)) pngs += entry.path().extension() == ".png";
  EXPECT_EQ(pngs, 2 * theme_names().size());
  for (const char* lang : {"en", "zh"}) {
    const std::string png = out + "/classic-" + std::string(lang) + ".png";
    EXPECT_NE(r.out.find("wrote " + png), std::string::npos) << r.out;
    // A4 at 60 dpi: 210mm and 297mm are 496.1 and 701.6 pixels.
    EXPECT_EQ(png_size(png), (std::pair<unsigned, unsigned>{497, 702})) << png;
  }
}

TEST(ThemeCli, GalleryFailsLoudlyWhenARenderFails) {
  const std::string out = temp_dir() + "/themes";
  Result r = run(gallery(out, "classic no-such-theme"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("theme 'no-such-theme' is neither a built-in theme nor a file"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("gallery: rendering theme 'no-such-theme' (en) failed"), std::string::npos) << r.err;
  EXPECT_FALSE(exists(out + "/no-such-theme-en.png"));

  Result no_binary = run("CVPDF=/nonexistent/cvpdf GALLERY_DIR='" + out + "' bash '" +
                         source("scripts/gallery.sh") + "' classic");
  EXPECT_EQ(no_binary.status, 1);
  EXPECT_NE(no_binary.err.find("gallery: no cvpdf binary at /nonexistent/cvpdf"), std::string::npos) << no_binary.err;
}

TEST(ThemeCli, AThemeWithoutPhotosNeitherReadsNorDependsOnThePhoto) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person:\n  name: Ada\n  photo: missing.jpg\nsections: []\n");
  // engineering shows no photo: the missing file is no error and no prerequisite.
  Result r = run(in_dir(dir, "r.yaml --theme engineering -M r.d -o cv.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(dir + "/r.d").find("missing.jpg"), std::string::npos) << read_file(dir + "/r.d");
  // A theme that shows it names the missing photo.
  Result shown = run(in_dir(dir, "r.yaml --theme classic -o cv.pdf"));
  EXPECT_EQ(shown.status, 1);
  EXPECT_NE(shown.err.find("r.yaml:3:10: error: the photo 'missing.jpg' was not found"), std::string::npos) << shown.err;
}

}  // namespace
}  // namespace cvpdf::test
