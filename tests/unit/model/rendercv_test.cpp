// RenderCV files (model/rendercv*.cpp): an entry's type from its keys as
// RenderCV decides it, section titles from keys, every entry type in the
// model, RenderCV's date rules, locale and design as style keys, theme
// names, and the messages for what RenderCV would refuse.
#include <gtest/gtest.h>

#include "model/not_shown.hpp"
#include "model/schema.hpp"
#include "test_support.hpp"

namespace cvpdf::model {
namespace {

using detail::RenderCvEntry;
using testing::load;

RenderCvEntry type_of(const std::string& yaml) {
  Diagnostics diags;
  auto doc = detail::parse_yaml(yaml, "entry.yaml", diags);
  EXPECT_TRUE(doc) << yaml;
  return doc ? detail::rendercv_entry_type(doc->root) : RenderCvEntry::Unknown;
}

TEST(RenderCvEntryType, EachTypeByItsOwnKeys) {
  EXPECT_EQ(type_of("Just a sentence."), RenderCvEntry::Text);
  EXPECT_EQ(type_of("{label: Languages, details: Python}"), RenderCvEntry::OneLine);
  EXPECT_EQ(type_of("{name: A project, date: 2021}"), RenderCvEntry::Normal);
  EXPECT_EQ(type_of("{company: Acme, position: Engineer}"), RenderCvEntry::Experience);
  EXPECT_EQ(type_of("{position: Engineer}"), RenderCvEntry::Experience);
  EXPECT_EQ(type_of("{institution: MIT, area: CS}"), RenderCvEntry::Education);
  EXPECT_EQ(type_of("{degree: PhD}"), RenderCvEntry::Education);
  EXPECT_EQ(type_of("{title: A paper, authors: [A, B]}"), RenderCvEntry::Publication);
  EXPECT_EQ(type_of("{journal: Nature}"), RenderCvEntry::Publication);
  EXPECT_EQ(type_of("{bullet: Fast}"), RenderCvEntry::Bullet);
  EXPECT_EQ(type_of("{number: First}"), RenderCvEntry::Numbered);
  EXPECT_EQ(type_of("{reversed_number: Last}"), RenderCvEntry::ReversedNumbered);
}

TEST(RenderCvEntryType, SharedKeysDecideNothingAndRenderCvsOrderBreaksTies) {
  // date, location, summary, highlights belong to several types.
  EXPECT_EQ(type_of("{date: 2020, location: Berlin, summary: x, highlights: [y]}"), RenderCvEntry::Unknown);
  // One-line comes before normal, normal before experience and education.
  EXPECT_EQ(type_of("{name: X, label: Y}"), RenderCvEntry::OneLine);
  EXPECT_EQ(type_of("{company: X, name: Y}"), RenderCvEntry::Normal);
  EXPECT_EQ(type_of("{institution: X, company: Y}"), RenderCvEntry::Experience);
  EXPECT_EQ(type_of("[a, b]"), RenderCvEntry::Unknown);
}

TEST(RenderCvSectionTitle, SnakeCaseBecomesATitleAndWrittenTitlesStay) {
  EXPECT_EQ(detail::rendercv_section_title("selected_honors"), "Selected Honors");
  EXPECT_EQ(detail::rendercv_section_title("education_and_training"), "Education and Training");
  EXPECT_EQ(detail::rendercv_section_title("experience"), "Experience");
  EXPECT_EQ(detail::rendercv_section_title("Welcome to RenderCV"), "Welcome to RenderCV");
  EXPECT_EQ(detail::rendercv_section_title("my CV"), "my CV");
  EXPECT_EQ(detail::rendercv_section_title("vorträge"), "Vorträge");
}

TEST(RenderCvNames, LocaleLanguagesAndThemes) {
  EXPECT_EQ(detail::rendercv_language_code("english"), "en");
  EXPECT_EQ(detail::rendercv_language_code("German"), "de");
  EXPECT_EQ(detail::rendercv_language_code("mandarin_chinese"), "zh");
  EXPECT_EQ(detail::rendercv_language_code("norwegian_bokmål"), "nb");
  EXPECT_EQ(detail::rendercv_language_code("pt"), "pt");  // RenderCV 1.x wrote codes
  EXPECT_EQ(detail::rendercv_language_code("klingon"), "");
  EXPECT_EQ(detail::rendercv_theme("classic"), "classic");
  EXPECT_EQ(detail::rendercv_theme("moderncv"), "moderncv");
  EXPECT_EQ(detail::rendercv_theme("sb2nov"), "engineering");
  EXPECT_EQ(detail::rendercv_theme("engineeringresumes"), "engineering");
  EXPECT_EQ(detail::rendercv_theme("engineeringclassic"), "engineering");
  EXPECT_EQ(detail::rendercv_theme("harvard"), "");
}

const char* kEveryType = R"(cv:
  name: Ada
  headline: Engineer
  email: [ada@example.org, ada2@example.org]
  phone: +44 20 1234 5678
  website: https://ada.example.org
  social_networks:
    - {network: GitHub, username: ada}
    - {network: WhatsApp, username: +44 7700 900123}
    - {network: Reddit, username: ada_r}
  custom_connections:
    - {placeholder: Book a call, url: https://cal.example.org, fontawesome_icon: calendar}
  sections:
    summary:
      - A sentence.
    education:
      - {institution: MIT, area: Physics, degree: PhD, start_date: 2018-09, end_date: 2023-05}
      - {institution: ETH, area: Maths, date: Fall 2014, location: Zurich}
    experience:
      - {company: Acme, position: Engineer, start_date: 2023-06, summary: Leads., highlights: [Fast, Safe]}
    projects:
      - {name: Tool, end_date: 2019}
    publications:
      - {title: A paper, authors: ['*Ada*', Bob], journal: Nature, date: 2021-05, doi: 10.1000/xyz, url: https://x.org}
    skills:
      - {label: Languages, details: 'C++, Rust'}
    honors:
      - bullet: First prize
      - bullet: Second prize
    patents:
      - number: One
      - number: Two
    talks:
      - reversed_number: Newest
      - reversed_number: Oldest
)";

TEST(RenderCvLoad, EveryEntryTypeInTheModel) {
  auto l = load(kEveryType, "cv.yaml");
  ASSERT_TRUE(l.resume) << l.dump();
  const Resume& r = *l.resume;
  EXPECT_EQ(r.languages, std::vector<std::string>{"en"});
  EXPECT_EQ(r.person.name.get("en", "en"), "Ada");
  EXPECT_EQ(r.person.headline.get("en", "en"), "Engineer");
  EXPECT_EQ(r.person.email, "ada@example.org");
  EXPECT_EQ(r.person.phone, "+44 20 1234 5678");
  ASSERT_EQ(r.person.links.size(), 6u) << l.dump();
  EXPECT_EQ(r.person.links[0].url, "mailto:ada2@example.org");
  EXPECT_EQ(r.person.links[1].url, "https://ada.example.org");
  EXPECT_EQ(r.person.links[2].url, "https://github.com/ada");
  EXPECT_EQ(r.person.links[3].url, "https://wa.me/447700900123");
  EXPECT_EQ(r.person.links[4].url, "https://reddit.com/user/ada_r");
  EXPECT_EQ(r.person.links[5].label.get("en", "en"), "Book a call");
  EXPECT_EQ(r.person.links[5].url, "https://cal.example.org");

  ASSERT_EQ(r.sections.size(), 9u);
  EXPECT_EQ(r.sections[0].title.get("en", "en"), "Summary");
  ASSERT_TRUE(r.sections[0].entries.at(0).is<ParagraphEntry>());
  EXPECT_EQ(std::get<ParagraphEntry>(r.sections[0].entries.at(0).body).text.get("en", "en"), "A sentence.");

  ASSERT_TRUE(r.sections[1].entries.at(0).is<ItemEntry>());
  const auto& phd = std::get<ItemEntry>(r.sections[1].entries.at(0).body);
  EXPECT_EQ(phd.org.get("en", "en"), "MIT");
  EXPECT_EQ(phd.role.get("en", "en"), "PhD in Physics");
  ASSERT_TRUE(phd.date.start && phd.date.end);
  EXPECT_EQ(phd.date.start->year, 2018);
  EXPECT_EQ(phd.date.end->month, 5);
  // A free-text date has no place in cvpdf's dates: it follows the location.
  EXPECT_EQ(std::get<ItemEntry>(r.sections[1].entries.at(1).body).location.get("en", "en"), "Zurich · Fall 2014");
  EXPECT_TRUE(std::get<ItemEntry>(r.sections[1].entries.at(1).body).date.empty());

  const auto& job = std::get<ItemEntry>(r.sections[2].entries.at(0).body);
  EXPECT_EQ(job.org.get("en", "en"), "Acme");
  EXPECT_EQ(job.role.get("en", "en"), "Engineer");
  ASSERT_TRUE(job.date.end);
  EXPECT_TRUE(job.date.end->present);  // a start alone runs to the present
  EXPECT_EQ(job.text.get("en", "en"), "Leads.");
  EXPECT_EQ(job.bullets.size(), 2u);

  const auto& tool = std::get<ItemEntry>(r.sections[3].entries.at(0).body);
  ASSERT_TRUE(tool.date.start);  // an end alone is a single date
  EXPECT_EQ(tool.date.start->year, 2019);
  EXPECT_FALSE(tool.date.end);

  ASSERT_TRUE(r.sections[4].entries.at(0).is<PublicationEntry>());
  const auto& paper = std::get<PublicationEntry>(r.sections[4].entries.at(0).body);
  EXPECT_EQ(paper.title.get("en", "en"), "A paper");
  EXPECT_EQ(paper.authors.get("en", "en"), "*Ada*, Bob");
  EXPECT_EQ(paper.venue.get("en", "en"), "Nature");
  EXPECT_EQ(paper.year, "2021-05");  // its month kept, written in the locale's words when set
  EXPECT_EQ(paper.doi, "10.1000/xyz");
  EXPECT_EQ(paper.url, "");  // RenderCV ignores the URL of a publication with a DOI

  ASSERT_TRUE(r.sections[5].entries.at(0).is<PairEntry>());
  const auto& skill = std::get<PairEntry>(r.sections[5].entries.at(0).body);
  EXPECT_EQ(skill.label.get("en", "en"), "Languages");
  EXPECT_EQ(skill.text.get("en", "en"), "C++, Rust");

  ASSERT_EQ(r.sections[6].bullets.size(), 2u);
  EXPECT_EQ(r.sections[6].bullets[1].text.get("en", "en"), "Second prize");
  // Numbered entries stay numbered entries: the number is counted where
  // the list is set, not glued into the text.
  const auto* two = r.sections[7].entries.at(1).as<NumberedEntry>();
  ASSERT_NE(two, nullptr);
  EXPECT_EQ(two->text.get("en", "en"), "Two");
  EXPECT_FALSE(two->reversed);
  const auto* newest = r.sections[8].entries.at(0).as<NumberedEntry>();
  ASSERT_NE(newest, nullptr);
  EXPECT_EQ(newest->text.get("en", "en"), "Newest");
  EXPECT_TRUE(newest->reversed);
  ASSERT_NE(r.sections[8].entries.at(1).as<NumberedEntry>(), nullptr);
  EXPECT_EQ(r.sections[8].entries.at(1).as<NumberedEntry>()->text.get("en", "en"), "Oldest");
}

TEST(RenderCvLoad, LocaleAndDesignBecomeTheStyleLayer) {
  auto l = load(R"(cv:
  name: Erika
design:
  theme: sb2nov
  page: {size: us-letter, top_margin: 0.7in}
  colors: {name: 'rgb(0, 79, 144)', section_titles: '#AABBCC'}
  typography: {alignment: left, font_size: {body: 11pt}}
  templates: {single_date: MONTH_NAME YEAR, date_range: START_DATE to END_DATE}
locale:
  language: german
  present: heute
  month_names: [Januar, Februar, März, April, Mai, Juni, Juli, August, September, Oktober, November, Dezember]
settings:
  bold_keywords: [Rust]
)");
  ASSERT_TRUE(l.resume) << l.dump();
  const Resume& r = *l.resume;
  EXPECT_EQ(r.languages, std::vector<std::string>{"de"});
  EXPECT_EQ(r.layout, "engineering");
  auto scalar = [&](const char* key) { return r.style.count(key) ? r.style.at(key).scalar : "<none>"; };
  EXPECT_EQ(scalar("page.size"), "letter");
  EXPECT_EQ(scalar("page.margin.top"), "0.7in");
  EXPECT_EQ(scalar("colors.name"), "#004f90");
  EXPECT_EQ(scalar("colors.heading"), "#aabbcc");
  EXPECT_EQ(scalar("text.align"), "ragged");
  EXPECT_EQ(scalar("text.size"), "11pt");
  EXPECT_EQ(scalar("dates.de.pattern"), "{month} {year}");
  EXPECT_EQ(scalar("dates.separator"), " to ");
  EXPECT_EQ(scalar("dates.de.present"), "heute");
  ASSERT_TRUE(r.style.count("dates.de.months"));
  EXPECT_EQ(r.style.at("dates.de.months").list.at(2), "März");  // MONTH_NAME takes the full names
  EXPECT_EQ(r.style.at("bold-keywords").list, std::vector<std::string>{"Rust"});
  EXPECT_EQ(r.style.at("page.size").span.line, 5);  // messages point into the RenderCV file
}

TEST(RenderCvLoad, ALocaleNamingItsLanguageHasRenderCvsWordsForIt) {
  auto l = load(R"(cv:
  name: Marie
  sections:
    formation:
      - {institution: ENS, area: Physique, degree: Master}
locale:
  language: french
)");
  ASSERT_TRUE(l.resume) << l.dump();
  const Resume& r = *l.resume;
  EXPECT_EQ(r.languages, std::vector<std::string>{"fr"});
  ASSERT_TRUE(r.style.count("dates.fr.months"));
  EXPECT_EQ(r.style.at("dates.fr.months").list.at(1), "Fév");
  EXPECT_EQ(r.style.at("dates.fr.months").list.size(), 12u);
  EXPECT_EQ(r.style.at("dates.fr.present").scalar, "présent");
  EXPECT_EQ(std::get<ItemEntry>(r.sections.at(0).entries.at(0).body).role.get("fr", "fr"), "Master en Physique");
  // Every RenderCV locale has 12 abbreviations and 12 names.
  // RenderCV 2.8 has 22: english and other_locales/*.yaml.
  for (const char* language : {"english", "arabic", "danish", "dutch", "french", "german", "hebrew", "hindi", "hungarian",
                               "indonesian", "italian", "japanese", "korean", "mandarin_chinese", "norwegian_bokmål",
                               "norwegian_nynorsk", "persian", "portuguese", "russian", "spanish", "turkish", "vietnamese"}) {
    const auto* words = detail::rendercv_locale_words(language);
    ASSERT_NE(words, nullptr) << language;
    EXPECT_EQ(detail::rendercv_months(words->abbreviations).size(), 12u) << language;
    EXPECT_EQ(detail::rendercv_months(words->names).size(), 12u) << language;
  }
}

// RenderCV 2.8's hungarian and vietnamese locales, with its words as its
// other_locales/*.yaml have them.
TEST(RenderCvLoad, HungarianAndVietnameseAreRenderCvLocales) {
  auto hu = load(R"(cv:
  name: Kovács Anna
  sections:
    oktatás:
      - {institution: BME, area: Mérnökinformatika, degree: BSc, start_date: 2020-09, end_date: 2024-06}
locale:
  language: hungarian
)");
  ASSERT_TRUE(hu.resume) << hu.dump();
  EXPECT_TRUE(hu.diags.all().empty()) << hu.dump();
  EXPECT_EQ(hu.resume->languages, std::vector<std::string>{"hu"});
  ASSERT_TRUE(hu.resume->style.count("dates.hu.months"));
  EXPECT_EQ(hu.resume->style.at("dates.hu.months").list,
            (std::vector<std::string>{"Jan", "Febr", "Márc", "Ápr", "Máj", "Jún", "Júl", "Aug", "Szept", "Okt", "Nov", "Dec"}));
  EXPECT_EQ(hu.resume->style.at("dates.hu.present").scalar, "jelenleg");
  EXPECT_EQ(std::get<ItemEntry>(hu.resume->sections.at(0).entries.at(0).body).role.get("hu", "hu"),
            "BSc Mérnökinformatika szakon");

  auto vi = load(R"(cv:
  name: Nguyễn Văn An
  sections:
    học vấn:
      - {institution: HUST, area: Khoa học máy tính, degree: Kỹ sư, start_date: 2019-09}
design:
  templates: {single_date: MONTH_NAME YEAR}
locale:
  language: vietnamese
)");
  ASSERT_TRUE(vi.resume) << vi.dump();
  EXPECT_TRUE(vi.diags.all().empty()) << vi.dump();
  EXPECT_EQ(vi.resume->languages, std::vector<std::string>{"vi"});
  ASSERT_TRUE(vi.resume->style.count("dates.vi.months"));
  EXPECT_EQ(vi.resume->style.at("dates.vi.months").list.front(), "Tháng Một");  // MONTH_NAME: the full names
  EXPECT_EQ(vi.resume->style.at("dates.vi.months").list.back(), "Tháng Mười Hai");
  EXPECT_EQ(vi.resume->style.at("dates.vi.present").scalar, "hiện tại");
  EXPECT_EQ(std::get<ItemEntry>(vi.resume->sections.at(0).entries.at(0).body).role.get("vi", "vi"),
            "Kỹ sư ngành Khoa học máy tính");
  const auto* abbreviations = detail::rendercv_locale_words("vietnamese");
  ASSERT_NE(abbreviations, nullptr);
  EXPECT_EQ(detail::rendercv_months(abbreviations->abbreviations).at(9), "Th10");
}

// RenderCV's examples write `area:` with no value; RenderCV sets the entry.
TEST(RenderCvLoad, AnEducationEntryWithoutAreaIsAWarning) {
  auto l = load("cv:\n  name: A\n  sections:\n    education:\n      - institution: MIT\n        area:\n"
                "        degree: PhD\n      - {institution: ETH, area: ''}\n",
                "cv.yaml");
  ASSERT_TRUE(l.resume) << l.dump();
  const Diagnostic* w = l.warning("has no 'area'; it shows the degree alone");
  ASSERT_NE(w, nullptr) << l.dump();
  EXPECT_EQ(w->span.line, 6);
  ASSERT_NE(l.warning("has no 'area'; it shows the institution alone"), nullptr) << l.dump();
  const auto& entries = l.resume->sections.at(0).entries;
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(std::get<ItemEntry>(entries[0].body).role.get("", ""), "PhD");
  EXPECT_EQ(std::get<ItemEntry>(entries[1].body).org.get("", ""), "ETH");
  EXPECT_TRUE(std::get<ItemEntry>(entries[1].body).role.empty());
}

// `check` names every option of design, locale and settings that cvpdf
// does not apply, at its key, and none that it does.
TEST(RenderCvLoad, CheckNamesEveryOptionNotApplied) {
  const std::string text = R"(cv:
  name: A
design:
  theme: classic
  page:
    size: a4
    show_footer: true
  header:
    connections: {separator: '|', show_icons: false}
  typography:
    font_size: {body: 10pt, name: 30pt}
  entries:
    highlights: {bullet: ◆}
  templates:
    footer: '*NAME*'
    date_range: START_DATE – END_DATE
locale:
  language: english
  last_updated: Last updated in
settings:
  current_date: '2025-11-29'
  bold_keywords: []
  render_command: {pdf_path: OUTPUT_FOLDER/x.pdf}
)";
  Diagnostics d;
  note_fields_not_shown(text, "cv.yaml", "/base", d);
  std::vector<std::string> notes;
  for (const auto& x : d.all()) {
    EXPECT_EQ(x.severity, Severity::Note) << x.format();
    notes.push_back(x.span.to_string() + " " + x.message);
  }
  EXPECT_EQ(notes, (std::vector<std::string>{"cv.yaml:7:5 'design.page.show_footer' is not applied",
                                             "cv.yaml:9:19 'design.header.connections.separator' is not applied",
                                             "cv.yaml:9:35 'design.header.connections.show_icons' is not applied",
                                             "cv.yaml:11:29 'design.typography.font_size.name' is not applied",
                                             "cv.yaml:13:18 'design.entries.highlights.bullet' is not applied",
                                             "cv.yaml:15:5 'design.templates.footer' is not applied",
                                             "cv.yaml:19:3 'locale.last_updated' is not applied",
                                             "cv.yaml:21:3 'settings.current_date' is not applied",
                                             "cv.yaml:23:20 'settings.render_command.pdf_path' is not applied"}));
  // Loading says nothing of them.
  auto l = load(text, "cv.yaml");
  EXPECT_TRUE(l.diags.all().empty()) << l.dump();
}

TEST(RenderCvLoad, AThemeWithoutCounterpartIsClassicWithAWarning) {
  auto l = load("cv: {name: A}\ndesign: {theme: harvard}\n");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->layout, "classic");
  const Diagnostic* w = l.warning("RenderCV's theme 'harvard'");
  ASSERT_NE(w, nullptr) << l.dump();
  EXPECT_EQ(w->span.line, 2);
}

TEST(RenderCvLoad, UnknownKeysWarnWithTheNearestKey) {
  auto l = load("cv:\n  name: A\n  emial: a@example.org\n  sections:\n    x:\n      - {company: C, positon: P, position: Q}\n");
  ASSERT_TRUE(l.resume) << l.dump();
  const Diagnostic* w = l.warning("unknown key 'emial'");
  ASSERT_NE(w, nullptr) << l.dump();
  EXPECT_EQ(w->span.line, 3);
  EXPECT_NE(w->hint.find("'email'"), std::string::npos);
  const Diagnostic* e = l.warning("unknown key 'positon'");
  ASSERT_NE(e, nullptr) << l.dump();
  EXPECT_NE(e->hint.find("'position'"), std::string::npos);
}

TEST(RenderCvLoad, WhatRenderCvRefusesIsAnErrorAtItsPlace) {
  struct Case {
    const char* yaml;
    const char* message;
    int line;
  } cases[] = {
      {"cv:\n  name: A\n  sections:\n    x:\n      - {company: C, position: P, start_date: Fall 2020}\n",
       "'start_date' is not a valid date", 5},
      {"cv:\n  name: A\n  sections:\n    x:\n      - {company: C, position: P, start_date: 2021, end_date: 2020}\n",
       "'end_date' is before 'start_date'", 5},
      {"cv:\n  name: A\n  sections:\n    x:\n      - {company: C, position: P}\n      - {institution: I, area: A}\n",
       "section 'x' holds ExperienceEntry entries; this entry is an EducationEntry", 6},
      {"cv:\n  name: A\n  sections:\n    x:\n      - {company: C}\n", "a RenderCV ExperienceEntry needs 'position'", 5},
      {"cv:\n  name: A\n  sections:\n    x:\n      - {date: 2020}\n", "matches none of RenderCV's entry types", 5},
      {"cv:\n  name: A\n  sections:\n    x: some text\n", "section 'x' must be a list of entries", 4},
      {"cv:\n  name: A\nlocale:\n  month_abbreviations: [Jan, Feb]\n", "must be a list of the 12 months", 4},
      {"cv:\n  headline: B\n", "'cv' has no 'name'", 1},
  };
  for (const auto& c : cases) {
    auto l = load(c.yaml, "cv.yaml");
    EXPECT_FALSE(l.resume) << c.yaml;
    const Diagnostic* e = l.error(c.message);
    ASSERT_NE(e, nullptr) << c.yaml << "\n" << l.dump();
    EXPECT_EQ(e->span.line, c.line) << c.yaml;
  }
}

TEST(RenderCvLoad, AFileWithoutALocaleKeepsTheDefaultLanguage) {
  auto l = load("cv:\n  name: A\n  sections:\n    summary: [Hello]\n");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->languages, std::vector<std::string>{"en"});
  EXPECT_TRUE(l.resume->style.empty());
  EXPECT_EQ(l.resume->layout, "");
}

}  // namespace
}  // namespace cvpdf::model
