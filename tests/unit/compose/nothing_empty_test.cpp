// Nothing empty (issue 11, item 4): a section, entry or list with nothing to
// show in the variant is not set — no heading run, no outline entry, no bare
// bullet symbol — in every built-in theme and both languages, and a warning
// names it at its place.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/visible_content.hpp"
#include "theme_layers.hpp"

namespace cvpdf::compose {
namespace {

// Line numbers matter: the warnings are asserted at them.
const char* const kResume = R"(languages: [en, zh]
person:
  name: Ada Lovelace
  headline: {en: Analyst, zh: 分析师}
  email: ada@example.org
  metrics:
    - value: " "
      label: {en: "", zh: ""}
sections:
  - title: {en: Experience, zh: 经历}
    entries:
      - org: {en: Analytical Engine Company, zh: 分析机公司}
        role: {en: Engineer, zh: 工程师}
        start: 2020-01
        end: present
        bullets:
          - {en: Wrote the first program, zh: 写了第一个程序}
          - "   "
          - {en: "", zh: ""}
      - org: "  "
        role: {en: "", zh: "　"}
        bullets: ["", " "]
  - title: {en: Awards, zh: 奖项}
    entries:
      - org: Royal Society Medal
        only: zh
  - title: {en: Hobbies, zh: 爱好}
    bullets: ["  ", ""]
  - title: {en: Notes, zh: 备注}
    text: {en: "Plays the harp.", zh: ""}
  - title: {en: Skills, zh: 技能}
    entries:
      - label: {en: Languages, zh: 语言}
        text: {en: English and French, zh: 英语和法语}
      - label: " "
        text: {en: "", zh: ""}
)";

std::vector<const BuiltinLayout*> themes() {
  std::vector<const BuiltinLayout*> out;
  for (const auto& l : builtin_layouts()) out.push_back(&l);
  return out;
}

ThemeComposed compose(const BuiltinLayout& theme, const std::string& language) {
  return compose_in_theme(kResume, theme, language);
}

// Every run's text, one after another (small capitals split a heading into runs).
std::string page_text(const frame::Document& doc) {
  std::string out;
  for (const auto& page : doc.pages)
    for (const auto& e : page.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e)) {
        for (const auto& g : run->glyphs) out += g.text;
      }
  return out;
}

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// Runs that are the bullet symbol alone (it hangs in the indent, set apart from its text).
int bullet_symbols(const frame::Document& doc, const std::string& symbol) {
  int n = 0;
  for (const auto& page : doc.pages)
    for (const auto& e : page.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&e)) {
        std::string t;
        for (const auto& g : run->glyphs) t += g.text;
        while (!t.empty() && t.back() == ' ') t.pop_back();
        if (t == symbol) ++n;
      }
  return n;
}

bool has_warning(const Diagnostics& diags, const std::string& message, int line, int column) {
  return std::any_of(diags.all().begin(), diags.all().end(), [&](const Diagnostic& d) {
    return d.severity == Severity::Warning && d.message == message && d.span.line == line && d.span.column == column;
  });
}

TEST(VisibleContent, BlankIsWhiteSpaceOfAnyScript) {
  EXPECT_TRUE(model::blank(""));
  EXPECT_TRUE(model::blank(" \t\n"));
  EXPECT_TRUE(model::blank("\u00A0\u3000\u200B\uFEFF"));
  EXPECT_FALSE(model::blank(" a "));
  EXPECT_FALSE(model::blank("　奖"));
}

TEST(VisibleContent, LocalizedEmptyHereHasNoFallback) {
  model::Localized v;
  v.by_language = {{"en", "Plays the harp."}, {"zh", ""}};
  EXPECT_EQ(model::visible_text(v, "en", "en"), "Plays the harp.");
  EXPECT_EQ(model::visible_text(v, "zh", "en"), "");
}

TEST(NothingEmpty, LeftOutInEveryThemeAndLanguage) {
  for (const auto* theme : themes()) {
    for (const std::string language : {"en", "zh"}) {
      SCOPED_TRACE(std::string(theme->name) + " " + language);
      ThemeComposed c = compose(*theme, language);
      const std::string text = lower(page_text(c.doc));
      const bool zh = language == "zh";
      // The zh-only award shows in zh; in en its section is gone, heading and all.
      EXPECT_EQ(text.find(zh ? "奖项" : "awards") != std::string::npos, zh);
      EXPECT_EQ(text.find("royal society") != std::string::npos, zh);
      EXPECT_EQ(text.find("hobbies") == std::string::npos && text.find("爱好") == std::string::npos, true);
      EXPECT_EQ(text.find("备注") != std::string::npos, false);
      EXPECT_EQ(text.find("plays the harp") != std::string::npos, !zh);
      std::vector<std::string> marks;
      for (const auto& mark : c.doc.bookmarks) marks.push_back(mark.title);
      const std::vector<std::string> shown =
          zh ? std::vector<std::string>{"经历", "奖项", "技能"} : std::vector<std::string>{"Experience", "Notes", "Skills"};
      EXPECT_EQ(marks, shown);
      // One visible bullet in the whole résumé: one symbol.
      EXPECT_EQ(bullet_symbols(c.doc, c.style.bullet_symbol), 1) << text;

      if (!zh) {
        EXPECT_TRUE(has_warning(c.diags, "section 'Awards' has nothing to show in en; it is left out", 23, 5));
        EXPECT_FALSE(has_warning(c.diags, "section 'Notes' has nothing to show in en; it is left out", 29, 5));
      } else {
        EXPECT_TRUE(has_warning(c.diags, "section '备注' has nothing to show in zh; it is left out", 29, 5));
      }
      EXPECT_TRUE(has_warning(c.diags, std::string("section '") + (zh ? "爱好" : "Hobbies") +
                                           "' has nothing to show in " + language + "; it is left out", 27, 5));
      EXPECT_TRUE(has_warning(c.diags, std::string("an entry of section '") + (zh ? "经历" : "Experience") +
                                           "' has nothing to show in " + language + "; it is left out", 20, 9));
      EXPECT_TRUE(has_warning(c.diags, std::string("a pair of section '") + (zh ? "技能" : "Skills") +
                                           "' has nothing to show in " + language + "; it is left out", 35, 9));
    }
  }
}

// A section with content but no title in the variant: its content is set,
// with no heading (no bar or rule over nothing) and no nameless outline entry.
TEST(NothingEmpty, AnUntitledSectionHasNoHeading) {
  const char* yaml = R"(languages: [en, zh]
person:
  name: Ada
sections:
  - title: {en: "", zh: 说明}
    text: {en: "Only words.", zh: 只有文字。}
  - title: Skills
    text: Chess.
)";
  for (const auto* theme : themes()) {
    for (const std::string language : {"en", "zh"}) {
      SCOPED_TRACE(std::string(theme->name) + " " + language);
      ThemeComposed c = compose_in_theme(yaml, *theme, language);
      std::vector<std::string> marks;
      for (const auto& mark : c.doc.bookmarks) marks.push_back(mark.title);
      const std::vector<std::string> titled =
          language == "zh" ? std::vector<std::string>{"说明", "Skills"} : std::vector<std::string>{"Skills"};
      EXPECT_EQ(marks, titled);
      EXPECT_NE(page_text(c.doc).find(language == "zh" ? "只有文字。" : "Only words."), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace cvpdf::compose
