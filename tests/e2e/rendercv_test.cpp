// RenderCV files as their owners have them (tests/formats/rendercv: the
// RenderCV project's own examples, one per built-in theme, and a file of
// every entry type): each renders with no edit, every text value under
// `cv:` is in the PDF's text and every date in the locale's words; `cvpdf
// convert` writes cvpdf YAML (plain texts for a file of one language) that
// loads back cleanly and renders the same text; `check` names the options
// it does not apply.
#include <gtest/gtest.h>

#include <functional>

#include "compose/inline_markup.hpp"
#include "model/yaml_tree.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// Keys whose values are not printed as text: addresses (set as links),
// icons, the photo's path, and ISO dates (printed in the locale's words).
bool printed(const std::string& key, const std::string& value) {
  static const char* const hidden[] = {"url", "doi", "fontawesome_icon", "photo", "network"};
  for (const char* h : hidden)
    if (key == h) return false;
  if (key == "date" || key == "start_date" || key == "end_date") {
    // Free text ("Fall 2023") is printed as written; an ISO date or present is not.
    const bool iso = !value.empty() && (std::isdigit(static_cast<unsigned char>(value[0])) || value == "present");
    return !iso;
  }
  return true;
}

// ASCII case, typographic quotes, white space and hyphens folded away: the
// engineering theme sets headings in capitals, straight quotes are set
// curly, a line broken after a hyphen reads as a space, and pdftotext drops
// the hyphen of a line that ends in one ("Trillion-" + "Parameter").
std::string folded(std::string s) {
  for (const auto& [curly, straight] : {std::pair<std::string, std::string>{"\u2019", "'"}, {"\u2018", "'"},
                                        {"\u201C", "\""}, {"\u201D", "\""}})
    for (std::size_t at; (at = s.find(curly)) != std::string::npos;) s.replace(at, curly.size(), straight);
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\n' && c != '-') out += c;
  return out;
}

// Every printed text value under `cv:` (section titles too), markup removed;
// a highlight in the pieces RenderCV sets as a bullet and its sub-bullets
// (cut at each " - "), each with its own symbol before it on the page.
std::vector<std::string> cv_texts(const std::string& path) {
  Diagnostics diags;
  auto doc = model::detail::parse_yaml(read_file(path), path, diags);
  EXPECT_TRUE(doc) << path;
  std::vector<std::string> out;
  if (!doc) return out;
  std::function<void(const model::detail::YNode&, const std::string&)> walk = [&](const auto& node, const std::string& key) {
    if (node.is_scalar() && printed(key, node.text())) {
      std::string t = compose::markup::plain_text(node.text());
      if (key == "website") {  // shown without its scheme and trailing slash
        t = t.substr(t.find("://") + 3);
        if (t.back() == '/') t.pop_back();
      }
      if (key == "highlights") {
        std::size_t from = 0;
        for (std::size_t at; (at = t.find(" - ", from)) != std::string::npos; from = at + 3)
          out.push_back(t.substr(from, at - from));
        t = t.substr(from);
      }
      out.push_back(t);
    }
    for (const auto& child : node.children) {
      if (key == "sections" && !child.key().empty()) out.push_back(child.key().find_first_of(" ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos
                                                                   ? std::string()  // snake_case: checked by the unit tests
                                                                   : child.key());
      walk(child, child.key().empty() ? key : child.key());
    }
  };
  walk(*doc->root.find("cv"), "cv");
  std::erase(out, std::string());
  return out;
}

std::string render(const std::string& input, const std::string& pdf, Result* result = nullptr) {
  Result r = run(cvpdf() + " '" + input + "' -o '" + pdf + "'");
  EXPECT_EQ(r.status, 0) << input << "\n" << r.err;
  if (result) *result = r;
  return pdf_text(pdf);
}

const char* const kCorpus[] = {"classic", "sb2nov", "moderncv", "engineeringresumes", "engineeringclassic", "every_entry_type"};

TEST(RenderCv, EveryCorpusFileRendersWithEveryTextInThePdf) {
  const std::string dir = temp_dir();
  for (const char* name : kCorpus) {
    const std::string input = source("tests/formats/rendercv/" + std::string(name) + ".yaml");
    Result r;
    const std::string text = folded(render(input, dir + "/" + name + ".pdf", &r));
    EXPECT_EQ(r.err, "") << name;  // RenderCV's own files load without a warning
    const auto texts = cv_texts(input);
    EXPECT_GT(texts.size(), 20u) << name;
    for (const auto& t : texts) EXPECT_NE(text.find(folded(t)), std::string::npos) << name << ": '" << t << "' is not in the PDF";
  }
}

TEST(RenderCv, LocaleWordsAndNumbersAreOnThePage) {
  const std::string dir = temp_dir();
  const std::string text = render(source("tests/formats/rendercv/every_entry_type.yaml"), dir + "/e.pdf");
  // locale.month_abbreviations and locale.present of a German file.
  EXPECT_NE(text.find("Apr. 2021 – heute"), std::string::npos) << text;
  EXPECT_NE(text.find("Okt. 2015 – Sep. 2017"), std::string::npos) << text;
  EXPECT_NE(text.find("MSc in Informatik"), std::string::npos) << text;  // locale.phrases.degree_with_area
  EXPECT_NE(text.find("3. Compilers in 2024, RustConf"), std::string::npos) << text;  // reversed numbering
  EXPECT_NE(text.find("1. Why LLVM, Meetup Berlin"), std::string::npos) << text;
  EXPECT_NE(text.find("Universität Hamburg"), std::string::npos) << text;
  EXPECT_NE(text.find("Herbst 2014"), std::string::npos) << text;
  // Links are links: a DOI, a network built from its username, a custom connection.
  const std::string objects = pdf_objects(dir + "/e.pdf");
  for (const char* uri : {"https://doi.org/10.1145/3497776.3517771", "https://wa.me/491707654321",
                          "https://reddit.com/user/erika_r", "https://cal.example.org/erika", "mailto:erika.work@example.com",
                          "tel:+491707654321"})
    EXPECT_NE(objects.find(uri), std::string::npos) << uri;
}

TEST(RenderCv, AThemeCvpdfDoesNotHaveIsNamedInAWarning) {
  const std::string dir = temp_dir();
  write_file(dir + "/h.yaml", "cv:\n  name: Jane Roe\n  sections:\n    summary: [Hello there.]\ndesign:\n  theme: harvard\n");
  Result r;
  const std::string text = render(dir + "/h.yaml", dir + "/h.pdf", &r);
  EXPECT_NE(r.err.find("h.yaml:6:10: warning: RenderCV's theme 'harvard' has no cvpdf counterpart"), std::string::npos) << r.err;
  EXPECT_NE(text.find("Hello there."), std::string::npos);
}

TEST(RenderCv, ConvertWritesYamlThatRendersTheSameText) {
  const std::string dir = temp_dir();
  for (const char* name : {"classic", "every_entry_type"}) {
    const std::string input = source("tests/formats/rendercv/" + std::string(name) + ".yaml");
    const std::string converted = dir + "/" + name + "-cvpdf.yaml";
    Result c = run(cvpdf() + " convert '" + input + "' -o '" + converted + "'");
    ASSERT_EQ(c.status, 0) << c.err;
    const std::string yaml = read_file(converted);
    EXPECT_NE(yaml.find("person:"), std::string::npos) << yaml;
    EXPECT_EQ(yaml.find("cv:"), std::string::npos) << yaml;
    // The converted file is a cvpdf file with nothing left to warn about.
    Result check = run(cvpdf() + " check '" + converted + "'");
    EXPECT_EQ(check.status, 0) << check.err;
    EXPECT_EQ(check.err, "") << yaml;
    EXPECT_EQ(render(converted, dir + "/" + name + "-converted.pdf"), render(input, dir + "/" + name + ".pdf")) << yaml;
  }
}

TEST(RenderCv, ConvertPrintsToStandardOutputAndReadsJsonResume) {
  const std::string dir = temp_dir();
  Result out = run(cvpdf() + " convert '" + source("tests/formats/rendercv/sb2nov.yaml") + "'");
  ASSERT_EQ(out.status, 0) << out.err;
  EXPECT_NE(out.out.find("theme: engineering\n"), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("- network: LinkedIn\n      username: rendercv"), std::string::npos) << out.out;

  write_file(dir + "/r.json", R"({"basics": {"name": "Ada Lovelace", "label": "Analyst", "email": "ada@example.org",
    "profiles": [{"network": "GitHub", "username": "ada"}]},
    "work": [{"name": "Engines Ltd", "position": "Programmer", "startDate": "1842-01", "highlights": ["Notes on the engine"]}],
    "skills": [{"name": "Mathematics", "keywords": ["Analysis", "Numbers"]}]})");
  Result json = run(cvpdf() + " convert '" + dir + "/r.json' -o '" + dir + "/r.yaml'");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(render(dir + "/r.yaml", dir + "/r2.pdf"), render(dir + "/r.json", dir + "/r1.pdf")) << read_file(dir + "/r.yaml");
}

TEST(RenderCv, ConvertKeepsEveryLanguageOfACvpdfFile) {
  // The writer is not RenderCV's alone: a two-language cvpdf file (texts by
  // language, `only:`, metrics, tags, links) comes back the same in each
  // variant. The text export is compared: it has every field, and is cheap.
  const std::string dir = temp_dir();
  Result c = run(cvpdf() + " convert '" + source("resume.yaml") + "' -o '" + dir + "/resume.yaml'");
  ASSERT_EQ(c.status, 0) << c.err;
  ASSERT_EQ(run(cvpdf() + " '" + source("resume.yaml") + "' --all -o '" + dir + "/a-{lang}.txt'").status, 0);
  ASSERT_EQ(run(cvpdf() + " '" + dir + "/resume.yaml' --all -o '" + dir + "/b-{lang}.txt'").status, 0);
  for (const char* language : {"en", "zh"}) {
    const std::string a = read_file(dir + "/a-" + language + ".txt");
    EXPECT_GT(a.size(), 1000u);
    EXPECT_EQ(read_file(dir + "/b-" + language + ".txt"), a) << language;
  }
}

TEST(RenderCv, ConvertKeepsThePhotoWhereverTheOutputGoes) {
  const std::string dir = temp_dir();
  run("mkdir -p '" + dir + "/in/img' '" + dir + "/out' && cp '" + source("docs/images/markup-en.png") + "' '" + dir + "/in/img/me.png'");
  write_file(dir + "/in/cv.yaml", "cv:\n  name: Jane Roe\n  photo: img/me.png\n  sections:\n    summary: [Hello.]\n");
  Result c = run(cvpdf() + " convert '" + dir + "/in/cv.yaml' -o '" + dir + "/out/cv.yaml'");
  ASSERT_EQ(c.status, 0) << c.err;
  const std::string yaml = read_file(dir + "/out/cv.yaml");
  EXPECT_NE(yaml.find("photo: ../in/img/me.png"), std::string::npos) << yaml;
  Result r = run(cvpdf() + " '" + dir + "/out/cv.yaml' -o '" + dir + "/out/cv.pdf'");
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST(RenderCv, ConvertRefusesWhatItCannotDo) {
  const std::string dir = temp_dir();
  const std::string input = source("tests/formats/rendercv/sb2nov.yaml");
  EXPECT_EQ(run(cvpdf() + " convert").status, 2);
  EXPECT_EQ(run(cvpdf() + " convert '" + input + "' '" + input + "'").status, 2);
  Result theme = run(cvpdf() + " convert --theme classic '" + input + "'");
  EXPECT_EQ(theme.status, 2);
  EXPECT_NE(theme.err.find("convert takes only -o, -q and -v"), std::string::npos) << theme.err;
  // The output may not be the input.
  EXPECT_EQ(run(cvpdf() + " convert '" + input + "' -o '" + input + "'").status, 2);
  write_file(dir + "/bad.yaml", "cv:\n  name: A\n  sections:\n    x:\n      - {company: C, position: P, end_date: soon}\n");
  Result bad = run(cvpdf() + " convert '" + dir + "/bad.yaml' -o '" + dir + "/out.yaml'");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("bad.yaml:5:45: error: 'end_date' is not a valid date"), std::string::npos) << bad.err;
  EXPECT_FALSE(exists(dir + "/out.yaml"));
}

// RenderCV 2.8's examples of the themes cvpdf has no counterpart for are
// set in its classic theme with that one warning, every text on the page.
TEST(RenderCv, TheExamplesOfRenderCvsOtherThemesRenderWithTheThemeNamed) {
  const std::string dir = temp_dir();
  for (const std::string name : {"ember", "harvard", "ink", "opal"}) {
    const std::string input = source("tests/formats/rendercv/" + name + ".yaml");
    Result r;
    const std::string text = folded(render(input, dir + "/" + name + ".pdf", &r));
    EXPECT_EQ(r.err, input + ":185:10: warning: RenderCV's theme '" + name +
                         "' has no cvpdf counterpart; the résumé is set in cvpdf's classic theme\n"
                         "  hint: choose another with --theme (see `cvpdf themes`); `cvpdf convert` writes the file in "
                         "cvpdf's own form\n");
    for (const auto& t : cv_texts(input)) EXPECT_NE(text.find(folded(t)), std::string::npos) << name << ": '" << t << "'";
  }
}

// "2018-09" as the English locale writes it: RenderCV's abbreviations.
std::string english_date(const std::string& iso) {
  static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec"};
  if (iso == "present") return "present";
  return iso.size() >= 7 ? std::string(months[std::stoi(iso.substr(5, 2)) - 1]) + " " + iso.substr(0, 4) : iso;
}

// Each entry's dates in the locale's words (every example's locale is
// English), publications' included. Each end of a range is looked for alone: moderncv sets a range
// on two lines of its date column, which the text reads between others.
TEST(RenderCv, EveryDateOfTheExamplesIsOnThePageInTheLocalesWords) {
  const std::string dir = temp_dir();
  // German every_entry_type.yaml: LocaleWordsAndNumbersAreOnThePage.
  for (const char* name : {"classic", "sb2nov", "moderncv", "engineeringresumes", "engineeringclassic", "ember", "harvard",
                           "ink", "opal"}) {
    const std::string input = source("tests/formats/rendercv/" + std::string(name) + ".yaml");
    Diagnostics diags;
    auto doc = model::detail::parse_yaml(read_file(input), input, diags);
    ASSERT_TRUE(doc);
    std::vector<std::string> dates;
    std::function<void(const model::detail::YNode&)> walk = [&](const auto& node) {
      const auto* start = node.is_map() ? node.find("start_date") : nullptr;
      const auto* end = node.is_map() ? node.find("end_date") : nullptr;
      // A publication's `date` too: its month was dropped ("2023" for 2023-07).
      const auto* single = node.is_map() ? node.find("date") : nullptr;
      for (const auto* date : {start, end, single})
        if (date && date->is_scalar() && !date->text().empty()) dates.push_back(english_date(date->text()));
      for (const auto& child : node.children) walk(child);
    };
    walk(*doc->root.find("cv"));
    EXPECT_GE(dates.size(), 16u) << name;
    const std::string text = render(input, dir + "/" + name + ".pdf");
    for (const auto& d : dates) EXPECT_NE(text.find(d), std::string::npos) << name << ": '" << d << "'\n" << text;
  }
}

// A file of one language converts to plain texts, not `{en: …}` mappings.
TEST(RenderCv, ConvertWritesPlainTextsForAFileOfOneLanguage) {
  for (const std::string input : {"tests/formats/rendercv/sb2nov.yaml", "tests/formats/rendercv/every_entry_type.yaml",
                                  "tests/formats/jsonresume/official-example.json", "examples/minimal.yaml"}) {
    Result c = run(cvpdf() + " convert '" + source(input) + "'");
    ASSERT_EQ(c.status, 0) << input << "\n" << c.err;
    Diagnostics diags;
    auto doc = model::detail::parse_yaml(c.out, "converted.yaml", diags);
    ASSERT_TRUE(doc) << c.out;
    const auto* languages = doc->root.find("languages");
    ASSERT_TRUE(languages && languages->children.size() == 1) << c.out;
    const std::string language = languages->children.front().text();
    std::function<void(const model::detail::YNode&)> walk = [&](const auto& node) {
      if (node.key() != "style") {
        EXPECT_FALSE(node.is_map() && node.children.size() == 1 && node.children.front().key() == language)
            << input << ": '" << node.key() << "' at line " << node.pos.line << " is a mapping by language";
        for (const auto& child : node.children) walk(child);
      }
    };
    walk(doc->root);
  }
}

// `check` names every RenderCV option cvpdf does not apply, as it names a
// JSON Resume's fields that are not shown.
TEST(RenderCv, CheckNamesTheOptionsItDoesNotApply) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml",
             "cv:\n  name: Jane Roe\n  sections:\n    summary: [Hello.]\ndesign:\n  theme: classic\n  page:\n"
             "    size: a4\n    show_footer: false\n  header:\n    alignment: left\n");
  Result check = run(cvpdf() + " check '" + dir + "/cv.yaml'");
  EXPECT_EQ(check.status, 0) << check.err;
  EXPECT_NE(check.err.find(dir + "/cv.yaml:9:5: note: 'design.page.show_footer' is not applied"), std::string::npos)
      << check.err;
  EXPECT_NE(check.err.find(dir + "/cv.yaml:11:5: note: 'design.header.alignment' is not applied"), std::string::npos)
      << check.err;
  EXPECT_EQ(check.err.find("'design.page.size'"), std::string::npos) << check.err;
  Result render = run(cvpdf() + " '" + dir + "/cv.yaml' -o '" + dir + "/cv.pdf'");
  EXPECT_EQ(render.err, "");  // a render says only what needs action
}

}  // namespace
}  // namespace cvpdf::test
