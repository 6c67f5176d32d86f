// The JSON Resume reader's choices (json_resume*.cpp) and JSON comments
// (json_comments.cpp): where each schema field goes, the sections' order,
// meta's keys, the image, and which '//' is a comment.
#include <gtest/gtest.h>

#include "model/json_comments.hpp"
#include "model/json_resume_detail.hpp"
#include "model/not_shown.hpp"
#include "test_support.hpp"

namespace cvpdf::model {
namespace {

using testing::load;

std::string blanked(const std::string& text, Diagnostics& d) {
  std::string out;
  return detail::blank_json_comments(text, "r.json", d, out) ? out : std::string("(none)");
}

TEST(JsonComments, OnlyJsonsCommentsAreBlankedKeepingEveryPlace) {
  Diagnostics d;
  EXPECT_EQ(blanked("{\"a\": 1, // one\n \"b\": \"x\"}", d), "{\"a\": 1,       \n \"b\": \"x\"}");
  // A comment's characters become one space each, so columns after it hold.
  EXPECT_EQ(blanked("{/* é */ \"a\": true // c\n}", d), "{        \"a\": true     \n}");
  ASSERT_EQ(d.all().size(), 2u);
  EXPECT_EQ(d.all()[0].span.to_string(), "r.json:1:10");
  EXPECT_EQ(d.all()[1].message, "comments are not allowed in JSON (this one and 1 more); cvpdf reads the file without them");
  // Not comments: inside strings, an address, a plain text of flow YAML, YAML itself.
  Diagnostics none;
  for (const char* text : {"{\"url\": \"https://x.example\" }", "{url: http://x.example}", "{note: a // b}",
                           "basics:\n  name: A // B\n", "{\"a\": 'it''s // here'}"})
    EXPECT_EQ(blanked(text, none), "(none)") << text;
  EXPECT_TRUE(none.all().empty());
  Diagnostics open;
  EXPECT_EQ(blanked("{\n  /* open", open), "(none)");
  ASSERT_EQ(open.error_count(), 1u);
  EXPECT_EQ(open.all()[0].span.to_string(), "r.json:2:3");
}

// A place's or a degree's parts are joined as their writing lists things.
TEST(JsonResume, ListPartsAreJoinedAsTheirWritingDoes) {
  using model::detail::json_resume::list_separator;
  EXPECT_EQ(list_separator("San Francisco", "California"), ", ");
  EXPECT_EQ(list_separator("杭州", "浙江"), "\uFF0C");
  EXPECT_EQ(list_separator("Master", "计算机科学"), "\uFF0C");
  EXPECT_EQ(list_separator("ソフトウェア", "東京"), "\u3001");
  EXPECT_EQ(list_separator("서울", "경기도"), ", ");  // Korean writes Latin commas
  // Kanji alone reads as Chinese; a Japanese résumé's place is Japanese.
  EXPECT_EQ(list_separator("関東", "JP"), "\uFF0C");
  EXPECT_EQ(list_separator("関東", "JP", "ja"), "\u3001");
  EXPECT_EQ(list_separator("杭州", "浙江", "en"), "\uFF0C");
}

TEST(JsonResume, MetaLanguageIsTheResumesLanguage) {
  auto l = load(R"({"basics": {"name": "Hans"}, "meta": {"language": "de_at"}})", "r.json");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.resume->languages, (std::vector<std::string>{"de-AT"}));
  auto bad = load(R"({"basics": {"name": "Hans"}, "meta": {"language": "German"}})", "r.json");
  ASSERT_TRUE(bad.resume) << bad.dump();
  EXPECT_NE(bad.warning("'meta.language' must be a language code"), nullptr) << bad.dump();
  EXPECT_EQ(bad.resume->languages, (std::vector<std::string>{"en"}));
}

TEST(JsonResume, SchemaOrderAndMetaSections) {
  auto l = load(R"({"skills": [{"name": "S"}], "basics": {"name": "A"}, "awards": [{"title": "T"}],
  "work": [{"name": "W"}], "projects": [{"name": "P"}]})", "r.json");
  ASSERT_TRUE(l.resume) << l.dump();
  std::vector<std::string> titles;
  for (const auto& s : l.resume->sections) titles.push_back(s.title.get("en", "en"));
  EXPECT_EQ(titles, (std::vector<std::string>{"Experience", "Awards", "Skills", "Projects"}));

  auto m = load(R"({"basics": {"name": "A"}, "work": [{"name": "W"}], "skills": [{"name": "S"}],
  "meta": {"sections": ["skills", "work"], "sectionLabels": {"work": "Jobs"}}})", "r.json");
  ASSERT_TRUE(m.resume) << m.dump();
  ASSERT_EQ(m.resume->sections.size(), 2u);
  EXPECT_EQ(m.resume->sections[0].title.get("en", "en"), "Skills");
  EXPECT_EQ(m.resume->sections[1].title.get("en", "en"), "Jobs");
}

// JSON Resume's editors write "" for a job that goes on, as others leave
// endDate out; an empty startDate or award date is no date.
TEST(JsonResume, AnEmptyEndDateIsThePresent) {
  auto l = load(R"({"basics": {"name": "A"},
  "work": [{"name": "Acme", "position": "Engineer", "startDate": "2021-03", "endDate": ""},
           {"name": "Initech", "position": "Intern", "startDate": "", "endDate": ""}],
  "awards": [{"title": "Prize", "date": ""}]})",
                "r.json");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_TRUE(l.diags.all().empty()) << l.dump();
  const auto& work = l.resume->sections.at(0).entries;
  ASSERT_EQ(work.size(), 2u);
  const DateRange& current = std::get<ItemEntry>(work[0].body).date;
  ASSERT_TRUE(current.start && current.end);
  EXPECT_EQ(current.start->year, 2021);
  EXPECT_TRUE(current.end->present);
  EXPECT_FALSE(std::get<ItemEntry>(work[1].body).date.start);
  EXPECT_FALSE(std::get<ItemEntry>(work[1].body).date.end);
}

TEST(JsonResume, NotShownNotesNameTheField) {
  const std::string text = R"({"basics": {"name": "A", "location": {"city": "Oslo", "postalCode": "0150"}},
  "meta": {"version": "v1.0.0", "themeOptions": {"colors": {}}}, "$schema": ""})";
  Diagnostics d;
  note_fields_not_shown(text, "r.json", "/base", d);
  std::string all;
  for (const auto& x : d.all()) all += x.format() + "\n";
  ASSERT_EQ(d.all().size(), 2u) << all;  // an empty value (themeOptions, $schema) is nothing to list
  EXPECT_EQ(d.all()[0].severity, Severity::Note);
  EXPECT_EQ(d.all()[0].message, "'basics.location.postalCode' is not shown");
  EXPECT_EQ(d.all()[0].span.to_string(), "r.json:1:55");
  EXPECT_EQ(d.all()[1].message, "'meta.version' is not shown");
  // Loading says nothing of them.
  auto l = load(text, "r.json");
  EXPECT_TRUE(l.diags.all().empty()) << l.dump();
}

TEST(JsonResume, NotShownNotesFindBasicsWrittenWithEscapes) {
  // `check` reads a file again only when it may be a JSON Resume: this one is.
  Diagnostics d;
  note_fields_not_shown(R"({"\u0062asics": {"name": "A", "location": {"postalCode": "0150"}}})", "r.json", "/base",
                        d);
  ASSERT_EQ(d.all().size(), 1u);
  EXPECT_EQ(d.all()[0].message, "'basics.location.postalCode' is not shown");
}

TEST(JsonResume, AnImageAddressIsAWarningAndNoPhoto) {
  auto l = load(R"({"basics": {"name": "A", "image": "HTTPS://img.example/a.jpg"}})", "r.json");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_NE(l.warning("cvpdf fetches nothing: the photo is left out"), nullptr) << l.dump();
  EXPECT_EQ(l.resume->person.photo, "");
}

}  // namespace
}  // namespace cvpdf::model
