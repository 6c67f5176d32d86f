// A bullet that holds sub-bullets (model::Bullet): both ways of writing a
// bullet, the `highlights` alias, one level only (a deeper one is an error
// at its place), a misspelt key's hint, and RenderCV's nested highlights
// cut at " - " as RenderCV cuts them.
#include <gtest/gtest.h>

#include "model/visible_content.hpp"
#include "test_support.hpp"

namespace cvpdf::model {
namespace {

using testing::load;

// A résumé up to an item's `bullets:`, the bullets to follow on line 7.
constexpr const char* kAcme = R"(person: {name: A}
sections:
  - title: Work
    entries:
      - org: Acme
        bullets:
)";

const std::vector<Bullet>& item_bullets(const Resume& r) { return r.sections.at(0).entries.at(0).as<ItemEntry>()->bullets; }

TEST(NestedBullets, ATextOrATextWithSubBullets) {
  auto l = load(R"(languages: [en, zh]
person: {name: A}
sections:
  - title: Work
    entries:
      - org: Acme
        bullets:
          - Plain
          - {en: Localized, zh: 本地化}
          - text: {en: Parent, zh: 父项}
            bullets: [One, {en: Two, zh: 二}]
)");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.dump(), "");
  const auto& b = item_bullets(*l.resume);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].text.get("en", "en"), "Plain");
  EXPECT_TRUE(b[0].sub_bullets.empty());
  EXPECT_EQ(b[1].text.get("zh", "en"), "本地化");  // a mapping of languages is a text, not a record
  EXPECT_TRUE(b[1].sub_bullets.empty());
  EXPECT_EQ(b[2].text.get("zh", "en"), "父项");
  ASSERT_EQ(b[2].sub_bullets.size(), 2u);
  EXPECT_EQ(b[2].sub_bullets[0].get("en", "en"), "One");
  EXPECT_EQ(b[2].sub_bullets[1].get("zh", "en"), "二");
  EXPECT_EQ(b[2].span.line, 10);
}

TEST(NestedBullets, HighlightsIsAnotherNameForBulletsAtBothLevels) {
  auto l = load(R"(person: {name: A}
sections:
  - title: Notes
    highlights:
      - text: Languages
        highlights: [English, Chinese]
)");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_EQ(l.dump(), "");
  const auto& b = l.resume->sections.at(0).bullets;
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].text.get("en", "en"), "Languages");
  ASSERT_EQ(b[0].sub_bullets.size(), 2u);
  EXPECT_EQ(b[0].sub_bullets[1].get("en", "en"), "Chinese");
}

TEST(NestedBullets, ASubBulletWithBulletsOfItsOwnIsAnErrorAtItsPlace) {
  auto l = load(std::string(kAcme) + R"(          - text: Parent
            bullets:
              - text: Child
                bullets: [Grandchild]
)");
  const Diagnostic* e = l.error("a sub-bullet cannot hold bullets of its own");
  ASSERT_NE(e, nullptr) << l.dump();
  EXPECT_EQ(e->span.to_string(), "resume.yaml:10:17");
  EXPECT_NE(e->hint.find("one level of sub-bullets: make this a bullet of its own, or join its items into its text"),
            std::string::npos);
}

TEST(NestedBullets, AMisspeltKeyInABulletNamesTheKeyMeant) {
  auto l = load(std::string(kAcme) + R"(          - txet: Parent
            bullets: [One]
)");
  ASSERT_TRUE(l.resume) << l.dump();
  const Diagnostic* w = l.warning("unknown key 'txet' in a bullet");
  ASSERT_NE(w, nullptr) << l.dump();
  EXPECT_EQ(w->span.to_string(), "resume.yaml:7:13");
  EXPECT_EQ(w->hint, "did you mean 'text'?");
}

// A bullet with no text in a language but sub-bullets that show still
// shows: its sub-bullets stand as bullets there (docs/user-guide.md).
TEST(NestedBullets, ABulletShowsWhenOnlyItsSubBulletsHaveText) {
  auto l = load(R"(languages: [en, zh]
person: {name: A}
sections:
  - title: Notes
    only: zh
    bullets:
      - bullets: [{zh: 一}]
)");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_TRUE(section_has_content(l.resume->sections.at(0), "zh", "en"));
}

TEST(NestedBullets, RenderCvsHighlightIsCutAtEverySpacedHyphen) {
  auto l = load(R"(cv:
  name: A
  sections:
    experience:
      - company: Google DeepMind
        position: Research Intern
        highlights:
          - Published research at top-tier venues
            - ICML 2022 main conference paper
            - NeurIPS 2022 workshop paper
          - A well-known trade-off, kept whole
          - Gap -  spaced  - - dash
)",
                "cv.yaml");
  ASSERT_TRUE(l.resume) << l.dump();
  const auto& b = item_bullets(*l.resume);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0].text.get("en", "en"), "Published research at top-tier venues");
  ASSERT_EQ(b[0].sub_bullets.size(), 2u);
  EXPECT_EQ(b[0].sub_bullets[0].get("en", "en"), "ICML 2022 main conference paper");
  EXPECT_EQ(b[0].sub_bullets[1].get("en", "en"), "NeurIPS 2022 workshop paper");
  EXPECT_EQ(b[1].text.get("en", "en"), "A well-known trade-off, kept whole");
  EXPECT_TRUE(b[1].sub_bullets.empty());
  // Left to right, without overlap, as Python's str.replace cuts: "Gap",
  // " spaced ", then "- dash" (the second " - " began inside the first's
  // remainder), each trimmed as Markdown trims a list item.
  EXPECT_EQ(b[2].text.get("en", "en"), "Gap");
  ASSERT_EQ(b[2].sub_bullets.size(), 2u);
  EXPECT_EQ(b[2].sub_bullets[0].get("en", "en"), "spaced");
  EXPECT_EQ(b[2].sub_bullets[1].get("en", "en"), "- dash");
}

}  // namespace
}  // namespace cvpdf::model
