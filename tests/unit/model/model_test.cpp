// The loader builds the right model: localized texts, entry kinds from keys,
// aliases, only, dates, metrics, links; JSON input; JSON Resume; the repo's
// own résumé and examples load cleanly.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "test_support.hpp"

namespace cvpdf::model {
namespace {

using testing::load;

const char* const kFull = R"(# A small full résumé.
languages: [en, zh]
layout: classic
style:
  page: {size: letter}
  fonts:
    latin: [Lato, Inter]
person:
  name: {en: Ada Example, zh: 艾达}
  headline: Systems Engineer
  email: ada@example.com
  phone: "+1 555 0100"
  location: {en: Hefei, zh: 合肥}
  photo: photos/ada.jpg
  links:
    - {label: GitHub, url: https://github.com/ada}
    - label: {en: Blog, zh: 博客}
    - https://ada.example.com/
    - label: Site
      url: example.org
  summary: >-
    Builds fast things.
  metrics:
    - {value: 6×, label: {en: faster, zh: 更快}}
    - value: 3
      label: papers
sections:
  - title: {en: Experience, zh: 工作经历}
    entries:
      - company: ACME
        position: {en: Engineer, zh: 工程师}
        location: Hefei
        start: 2021-09
        end: Present
        highlights:
          - Shipped it.
          - {en: Fixed it., zh: 修好了。}
        links: [https://acme.example.com]
        tags: [{en: Live, zh: 已上线}, Beta]
      - org: Lab
        summary: A paragraph under the head.
        date: 2019-07 – 2020-06
        only: [en]
      - school: USTC
        degree: M.S.
        date: 2024
  - title: {en: Skills, zh: 技能}
    only: zh
    entries:
      - label: Languages
        text: C++, Python
  - title: Papers
    entries:
      - title: A Paper
        authors: [S. Tan, Q. Jiang]
        venue: DATE
        year: 2024
        doi: https://doi.org/10.1000/xyz
        me: S. Tan
  - title: Notes
    entries:
      - Plain paragraph.
      - {en: English paragraph, zh: 中文段落}
      - text: Only in Chinese.
        only: zh
      - {en: English only, zh: 不显示, only: en}
  - title: Vision
    text: {en: See far., zh: 看得远。}
  - title: Bullets
    highlights: [one, two]
)";

TEST(Model, FullResume) {
  auto l = load(kFull);
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_TRUE(l.diags.all().empty()) << l.dump();
  const Resume& r = *l.resume;

  EXPECT_EQ(r.languages, (std::vector<std::string>{"en", "zh"}));
  EXPECT_EQ(r.layout, "classic");
  EXPECT_EQ(r.layout_span.line, 3);
  EXPECT_EQ(r.source_path, "resume.yaml");
  EXPECT_EQ(r.base_directory, "/base");

  // style
  ASSERT_TRUE(r.style.count("page.size"));
  EXPECT_EQ(r.style.at("page.size").scalar, "letter");
  EXPECT_EQ(r.style.at("page.size").span.to_string(), "resume.yaml:5:16");
  ASSERT_TRUE(r.style.count("fonts.latin"));
  EXPECT_TRUE(r.style.at("fonts.latin").is_list);
  EXPECT_EQ(r.style.at("fonts.latin").list, (std::vector<std::string>{"Lato", "Inter"}));

  // person
  const Person& p = r.person;
  EXPECT_EQ(p.name.get("en", "en"), "Ada Example");
  EXPECT_EQ(p.name.get("zh", "en"), "艾达");
  EXPECT_EQ(p.name.span.to_string(), "resume.yaml:9:9");
  EXPECT_EQ(p.headline.by_language.at(""), "Systems Engineer");
  EXPECT_EQ(p.headline.get("zh", "en"), "Systems Engineer");
  EXPECT_EQ(p.email, "ada@example.com");
  EXPECT_EQ(p.phone, "+1 555 0100");
  EXPECT_EQ(p.location.get("zh", "en"), "合肥");
  EXPECT_EQ(p.photo, "photos/ada.jpg");
  EXPECT_EQ(p.summary.get("en", "en"), "Builds fast things.");
  ASSERT_EQ(p.links.size(), 4u);
  EXPECT_EQ(p.links[0].label.get("en", "en"), "GitHub");
  EXPECT_EQ(p.links[0].url, "https://github.com/ada");
  EXPECT_EQ(p.links[1].label.get("zh", "en"), "博客");
  EXPECT_TRUE(p.links[1].url.empty());  // a label without a url is plain text
  EXPECT_EQ(p.links[2].url, "https://ada.example.com/");
  EXPECT_EQ(p.links[2].label.get("en", "en"), "ada.example.com");
  EXPECT_EQ(p.links[3].url, "https://example.org");
  ASSERT_EQ(p.metrics.size(), 2u);
  EXPECT_EQ(p.metrics[0].value.get("en", "en"), "6×");
  EXPECT_EQ(p.metrics[0].label.get("zh", "en"), "更快");
  EXPECT_EQ(p.metrics[1].value.get("en", "en"), "3");  // a number is text

  ASSERT_EQ(r.sections.size(), 6u);

  // items, with aliases
  const Section& exp = r.sections[0];
  EXPECT_EQ(exp.title.get("zh", "en"), "工作经历");
  EXPECT_TRUE(exp.only.languages.empty());
  ASSERT_EQ(exp.entries.size(), 3u);
  ASSERT_TRUE(exp.entries[0].is<ItemEntry>());
  const auto& acme = std::get<ItemEntry>(exp.entries[0].body);
  EXPECT_EQ(acme.org.get("en", "en"), "ACME");
  EXPECT_EQ(acme.role.get("zh", "en"), "工程师");
  EXPECT_EQ(acme.location.get("en", "en"), "Hefei");
  ASSERT_TRUE(acme.date.start && acme.date.end);
  EXPECT_EQ(acme.date.start->year, 2021);
  EXPECT_EQ(acme.date.start->month, 9);
  EXPECT_EQ(acme.date.start->day, 0);
  EXPECT_FALSE(acme.date.start->present);
  EXPECT_TRUE(acme.date.end->present);
  EXPECT_EQ(acme.date.start->span.to_string(), "resume.yaml:33:16");
  ASSERT_EQ(acme.bullets.size(), 2u);
  EXPECT_EQ(acme.bullets[1].text.get("zh", "en"), "修好了。");
  ASSERT_EQ(acme.links.size(), 1u);
  EXPECT_EQ(acme.links[0].url, "https://acme.example.com");
  ASSERT_EQ(acme.tags.size(), 2u);
  EXPECT_EQ(acme.tags[0].get("zh", "en"), "已上线");
  EXPECT_EQ(acme.tags[1].get("zh", "en"), "Beta");
  EXPECT_EQ(exp.entries[0].span.to_string(), "resume.yaml:30:9");

  ASSERT_TRUE(exp.entries[1].is<ItemEntry>());
  const auto& lab = std::get<ItemEntry>(exp.entries[1].body);
  EXPECT_EQ(lab.text.get("en", "en"), "A paragraph under the head.");
  ASSERT_TRUE(lab.date.start && lab.date.end);
  EXPECT_EQ(lab.date.start->year, 2019);
  EXPECT_EQ(lab.date.end->month, 6);
  EXPECT_EQ(exp.entries[1].only.languages, (std::vector<std::string>{"en"}));
  EXPECT_TRUE(exp.entries[1].only.includes("en"));
  EXPECT_FALSE(exp.entries[1].only.includes("zh"));

  const auto& school = std::get<ItemEntry>(exp.entries[2].body);
  EXPECT_EQ(school.org.get("en", "en"), "USTC");
  EXPECT_EQ(school.role.get("en", "en"), "M.S.");
  ASSERT_TRUE(school.date.start);
  EXPECT_FALSE(school.date.end);
  EXPECT_EQ(school.date.start->year, 2024);
  EXPECT_EQ(school.date.start->month, 0);

  // pairs, section only
  const Section& skills = r.sections[1];
  EXPECT_EQ(skills.only.languages, (std::vector<std::string>{"zh"}));
  ASSERT_EQ(skills.entries.size(), 1u);
  ASSERT_TRUE(skills.entries[0].is<PairEntry>());
  EXPECT_EQ(std::get<PairEntry>(skills.entries[0].body).label.get("en", "en"), "Languages");
  EXPECT_EQ(std::get<PairEntry>(skills.entries[0].body).text.get("en", "en"), "C++, Python");

  // publications
  ASSERT_TRUE(r.sections[2].entries.at(0).is<PublicationEntry>());
  const auto& paper = std::get<PublicationEntry>(r.sections[2].entries.at(0).body);
  EXPECT_EQ(paper.title.get("en", "en"), "A Paper");
  EXPECT_EQ(paper.authors.get("en", "en"), "S. Tan, Q. Jiang");
  EXPECT_EQ(paper.venue.get("en", "en"), "DATE");
  EXPECT_EQ(paper.year, "2024");
  EXPECT_EQ(paper.doi, "10.1000/xyz");
  EXPECT_EQ(paper.me, "S. Tan");

  // paragraphs
  const Section& notes = r.sections[3];
  ASSERT_EQ(notes.entries.size(), 4u);
  for (const auto& e : notes.entries) EXPECT_TRUE(e.is<ParagraphEntry>());
  EXPECT_EQ(std::get<ParagraphEntry>(notes.entries[0].body).text.by_language.at(""), "Plain paragraph.");
  EXPECT_EQ(std::get<ParagraphEntry>(notes.entries[1].body).text.get("zh", "en"), "中文段落");
  EXPECT_EQ(std::get<ParagraphEntry>(notes.entries[1].body).text.get("en", "en"), "English paragraph");
  EXPECT_EQ(notes.entries[2].only.languages, (std::vector<std::string>{"zh"}));
  EXPECT_EQ(notes.entries[3].only.languages, (std::vector<std::string>{"en"}));
  EXPECT_EQ(std::get<ParagraphEntry>(notes.entries[3].body).text.get("en", "en"), "English only");

  // sections of text and of bullets
  EXPECT_EQ(r.sections[4].text.get("zh", "en"), "看得远。");
  EXPECT_TRUE(r.sections[4].entries.empty());
  EXPECT_EQ(r.sections[5].bullets.size(), 2u);
}

TEST(Model, LanguagesDefaultToEnglish) {
  auto l = load("person: {name: Ada}\n");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->languages, (std::vector<std::string>{"en"}));
  EXPECT_TRUE(l.resume->sections.empty());
}

TEST(Model, LanguagesMayBeOneStringAndAreCanonical) {
  auto l = load("languages: zh-hant\nperson:\n  name: {ZH-HANT: 王小明}\n");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->languages, (std::vector<std::string>{"zh-Hant"}));
  EXPECT_EQ(l.resume->person.name.get("zh-Hant", "zh-Hant"), "王小明");
}

TEST(Model, DateForms) {
  auto l = load(R"(person: {name: A}
sections:
  - title: T
    entries:
      - {org: a, date: 2020-09 - 2024-06}
      - {org: b, date: 2020-09 to present}
      - {org: c, date: 2019-2023}
      - {org: d, date: 2024-02-29}
      - {org: e, date: "2020-09—2021-01"}
      - {org: f, end: 2024-06}
)");
  ASSERT_TRUE(l.resume) << l.dump();
  const auto& e = l.resume->sections[0].entries;
  EXPECT_EQ(std::get<ItemEntry>(e[0].body).date.end->year, 2024);
  EXPECT_TRUE(std::get<ItemEntry>(e[1].body).date.end->present);
  EXPECT_EQ(std::get<ItemEntry>(e[2].body).date.start->year, 2019);
  EXPECT_EQ(std::get<ItemEntry>(e[2].body).date.end->year, 2023);
  EXPECT_EQ(std::get<ItemEntry>(e[3].body).date.start->day, 29);
  EXPECT_EQ(std::get<ItemEntry>(e[4].body).date.end->month, 1);
  EXPECT_FALSE(std::get<ItemEntry>(e[5].body).date.start);
  EXPECT_EQ(std::get<ItemEntry>(e[5].body).date.end->month, 6);
}

TEST(Model, JsonWithTheSameStructureLoads) {
  auto l = load(R"({
  "languages": ["en", "zh"],
  "person": {"name": {"en": "Ada", "zh": "阿达"}, "email": "ada@example.com",
             "links": ["https://github.com/ada", {"label": "Blog"}]},
  "sections": [
    {"title": {"en": "Experience", "zh": "经历"}, "only": ["en", "zh"], "entries": [
      {"company": "ACME", "position": "Engineer", "start": "2021-09", "end": "present", "highlights": ["a", "b"]},
      {"en": "A paragraph", "zh": "一段"},
      {"label": "Skills", "text": "C++"},
      {"title": "Paper", "authors": ["A", "B"], "year": 2024}
    ]}
  ]
})",
                "resume.json");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_TRUE(l.diags.all().empty()) << l.dump();
  const auto& entries = l.resume->sections.at(0).entries;
  ASSERT_EQ(entries.size(), 4u);
  ASSERT_TRUE(entries[0].is<ItemEntry>());
  EXPECT_EQ(std::get<ItemEntry>(entries[0].body).org.get("en", "en"), "ACME");
  EXPECT_EQ(entries[0].span.to_string(), "resume.json:7:7");
  EXPECT_TRUE(entries[1].is<ParagraphEntry>());
  EXPECT_TRUE(entries[2].is<PairEntry>());
  ASSERT_TRUE(entries[3].is<PublicationEntry>());
  EXPECT_EQ(std::get<PublicationEntry>(entries[3].body).year, "2024");
  EXPECT_EQ(l.resume->person.links.size(), 2u);
}

TEST(Model, JsonResumeBasics) {
  auto l = load(R"({
  "$schema": "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json",
  "basics": {"name": "Richard Hendriks", "label": "Programmer", "email": "richard@piedpiper.com",
    "url": "http://richardhendricks.example.com",
    "location": {"city": "San Francisco", "region": "California"},
    "profiles": [{"network": "Twitter", "username": "neutralthoughts", "url": "https://twitter.example.com/n"}]},
  "work": [{"name": "Pied Piper", "position": "CEO", "startDate": "2013-12-01",
            "highlights": ["Built an algorithm"]}],
  "skills": [{"name": "Web", "level": "Master", "keywords": ["HTML", "CSS"]}],
  "publications": [{"name": "Video compression", "publisher": "Hooli", "releaseDate": "2014-10-01"}],
  "meta": {"version": "v1.0.0"}
})",
                "resume.json");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_TRUE(l.diags.all().empty()) << l.dump();
  const Resume& r = *l.resume;
  EXPECT_EQ(r.languages, (std::vector<std::string>{"en"}));
  EXPECT_EQ(r.person.name.get("en", "en"), "Richard Hendriks");
  EXPECT_EQ(r.person.headline.get("en", "en"), "Programmer");
  EXPECT_EQ(r.person.location.get("en", "en"), "San Francisco, California");
  ASSERT_EQ(r.person.links.size(), 2u);
  EXPECT_EQ(r.person.links[1].label.get("en", "en"), "neutralthoughts");  // the username, as person.links
  EXPECT_EQ(r.person.links[1].network, "X");
  EXPECT_EQ(r.person.links[1].url, "https://twitter.example.com/n");  // written out: kept
  ASSERT_EQ(r.sections.size(), 3u);
  EXPECT_EQ(r.sections[0].title.get("en", "en"), "Experience");
  ASSERT_TRUE(r.sections[0].entries.at(0).is<ItemEntry>());
  const auto& work = std::get<ItemEntry>(r.sections[0].entries.at(0).body);
  EXPECT_EQ(work.org.get("en", "en"), "Pied Piper");
  EXPECT_EQ(work.role.get("en", "en"), "CEO");
  EXPECT_EQ(work.date.start->day, 1);
  EXPECT_TRUE(work.date.end->present);  // no endDate: still there
  // The schema's order, not the file's: publications come before skills.
  ASSERT_TRUE(r.sections[1].entries.at(0).is<PublicationEntry>());
  EXPECT_EQ(std::get<PublicationEntry>(r.sections[1].entries.at(0).body).year, "2014");
  ASSERT_TRUE(r.sections[2].entries.at(0).is<PairEntry>());
  const auto& skill = std::get<PairEntry>(r.sections[2].entries.at(0).body);
  EXPECT_EQ(skill.label.get("en", "en"), "Web · Master");  // the level beside the name
  EXPECT_EQ(skill.text.get("en", "en"), "HTML, CSS");
}

TEST(Model, CheckTranslationsWarnsAboutMissingLanguages) {
  auto l = load(R"(languages: [en, zh]
person:
  name: Ada
  headline: {en: Engineer}
sections:
  - title: {en: Only English}
    only: en
    entries: [x]
  - title: {en: Both}
    entries:
      - {en: Hello}
)");
  ASSERT_TRUE(l.resume) << l.dump();
  Diagnostics d;
  check_translations(*l.resume, d);
  ASSERT_EQ(d.all().size(), 3u) << [&] {
    std::string s;
    for (const auto& x : d.all()) s += x.format() + "\n";
    return s;
  }();
  EXPECT_EQ(d.all()[0].span.to_string(), "resume.yaml:4:13");
  EXPECT_NE(d.all()[0].message.find("no 'zh' text"), std::string::npos);
  EXPECT_EQ(d.all()[1].span.to_string(), "resume.yaml:9:12");
  EXPECT_EQ(d.all()[2].span.to_string(), "resume.yaml:11:9");
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The repository's own résumé: both languages declared, every text translated.
TEST(Model, RepositoryResumeLoadsWithoutDiagnostics) {
  std::filesystem::path path = std::filesystem::path(CVPDF_SOURCE_DIR) / "resume.yaml";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no resume.yaml yet";
  auto l = load(read_file(path), "resume.yaml");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_TRUE(l.diags.all().empty()) << l.dump();
  EXPECT_EQ(l.resume->languages, (std::vector<std::string>{"en", "zh"}));
  EXPECT_FALSE(l.resume->person.name.empty());
  EXPECT_FALSE(l.resume->sections.empty());
  Diagnostics d;
  check_translations(*l.resume, d);
  EXPECT_TRUE(d.all().empty()) << (d.all().empty() ? "" : d.all()[0].format());
}

TEST(Model, ExamplesLoadWithoutErrors) {
  std::filesystem::path dir = std::filesystem::path(CVPDF_SOURCE_DIR) / "examples";
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no examples/ yet";
  for (const auto& file : std::filesystem::recursive_directory_iterator(dir)) {
    auto ext = file.path().extension();
    if (ext != ".yaml" && ext != ".yml" && ext != ".json") continue;
    auto l = load(read_file(file.path()), file.path().filename().string());
    EXPECT_TRUE(l.resume) << file.path() << "\n" << l.dump();
    EXPECT_FALSE(l.diags.has_errors()) << l.dump();
  }
}

}  // namespace
}  // namespace cvpdf::model
