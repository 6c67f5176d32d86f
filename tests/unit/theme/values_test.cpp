// Values as users write them (issue 16 §5): CSS colour names and hex
// colours in a theme, in `style:` and on the command line, the YAML
// comment an unquoted `#c00` becomes; and unknown-key hints that only name
// what is valid at that place.
#include <gtest/gtest.h>

#include "../model/test_support.hpp"
#include "model/color_names.hpp"
#include "model/loader.hpp"
#include "model/resume_keys.hpp"
#include "theme/style.hpp"
#include "theme/style_fields.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::theme {
namespace {

using namespace cvpdf::model;

Color accent(const std::string& assignment, Diagnostics& d) {
  StyleMap map;
  EXPECT_TRUE(apply_style_override(map, assignment, d));
  return resolve_style(map, style_field_defaults(), "en", d).accent_color;
}

TEST(Colours, AllCssNamesAndHexForms) {
  EXPECT_EQ(css_color_names().size(), 148u);
  EXPECT_EQ(parse_color("red"), (Color{1, 0, 0}));
  EXPECT_EQ(parse_color("RebeccaPurple"), (Color{0x66 / 255.0, 0x33 / 255.0, 0x99 / 255.0}));
  EXPECT_EQ(parse_color("grey"), parse_color("gray"));
  EXPECT_EQ(parse_color("#c00"), (Color{0.8, 0, 0}));
  EXPECT_EQ(parse_color("c00"), parse_color("#CC0000"));
  for (const char* bad : {"", "#", "#cc00", "reddish", "#ggg", "cc00000"}) EXPECT_FALSE(parse_color(bad)) << bad;
}

TEST(Colours, OnTheCommandLineWithoutQuotes) {
  Diagnostics d;
  EXPECT_EQ(accent("colors.accent=red", d), (Color{1, 0, 0}));
  EXPECT_EQ(accent("colors.accent=#c00", d), (Color{0.8, 0, 0}));
  EXPECT_FALSE(d.has_errors());
  Diagnostics bad;
  accent("colors.accent=bluu", bad);
  ASSERT_EQ(bad.all().size(), 1u);
  EXPECT_EQ(bad.all()[0].hint, "did you mean 'blue'?");
  Diagnostics other;
  accent("colors.accent=zzz", other);
  ASSERT_EQ(other.all().size(), 1u);
  EXPECT_EQ(other.all()[0].hint, "e.g. --set colors.accent=darkred or --set colors.accent=#c00");  // no YAML quoting
}

// The résumé keeps a key whose value YAML read as a comment; the theme,
// which knows the key is a colour, says so (as app's layers are built).
TEST(Colours, AnUnquotedHashInYamlIsNamedAsTheCommentItIs) {
  auto l = testing::load("person: {name: A}\nstyle:\n  colors:\n    accent: #c00\n    muted: c00\n");
  ASSERT_TRUE(l.resume) << l.dump();
  Diagnostics said;
  check_commented_colours(l.resume->style_comments, said);
  ASSERT_EQ(said.error_count(), 1U);
  const Diagnostic& e = said.all().front();
  EXPECT_EQ(e.message, "style key 'colors.accent' has no value: YAML reads '#c00' after the space as a comment");
  EXPECT_EQ(e.span.line, 4);
  EXPECT_EQ(e.hint, "quote it, accent: \"#c00\", or write the digits alone, accent: c00");
  // A comment after a key that is not a colour, or not a colour in the
  // comment, is a comment.
  auto fine = testing::load("person: {name: A}\nstyle:\n  colors:\n    accent: # the theme's\n  text:\n    size: #c00\n");
  ASSERT_TRUE(fine.resume) << fine.dump();
  Diagnostics quiet;
  check_commented_colours(fine.resume->style_comments, quiet);
  EXPECT_FALSE(quiet.has_errors());
  // In a theme file the same is an error of reading it.
  Diagnostics theme_file;
  EXPECT_FALSE(load_style("colors:\n  accent: #c00\n", "t.yaml", theme_file));
  ASSERT_EQ(theme_file.error_count(), 1U);
  EXPECT_EQ(theme_file.all().front().span.to_string(), "t.yaml:2:3");
}

TEST(Colours, InYamlNamesAndBareDigitsNeedNoQuotes) {
  auto l = testing::load("person: {name: A}\nstyle:\n  colors: {accent: darkred, muted: 5c5c5c, text: \"#111\"}\n");
  ASSERT_TRUE(l.resume) << l.dump();
  Diagnostics d;
  Style s = resolve_style(l.resume->style, style_field_defaults(), "en", d);
  EXPECT_FALSE(d.has_errors());
  EXPECT_EQ(s.accent_color, (Color{0x8b / 255.0, 0, 0}));
  EXPECT_EQ(s.muted_color, (Color{0x5c / 255.0, 0x5c / 255.0, 0x5c / 255.0}));
}

std::string hint_for(const std::string& entry_yaml) {
  auto l = testing::load("person: {name: A}\nsections:\n- title: X\n  entries:\n  - " + entry_yaml + "\n");
  for (const auto& d : l.diags.all())
    if (d.message.rfind("unknown key", 0) == 0) return d.hint;
  return "(no unknown-key warning)\n" + l.dump();
}

TEST(KeyHints, OnlyKeysValidAtThatPlace) {
  // `name` is spelt like `date` but means the org, a title or a label.
  const std::string name = hint_for("{name: Example Corp, role: Engineer}");
  EXPECT_EQ(name.find("'date'"), std::string::npos) << name;
  EXPECT_NE(name.find("'org'"), std::string::npos) << name;
  EXPECT_NE(name.find("person.name"), std::string::npos) << name;
  EXPECT_EQ(hint_for("{org: A, email: a@b.c}"), "'email' is a key in 'person', not in an entry");
  EXPECT_EQ(hint_for("{org: A, startDate: 2020}"), "did you mean 'start'? ('start_date' works too)");
  EXPECT_EQ(hint_for("{orgnization: A}"), "did you mean 'org'? ('organization' works too)");  // a typo is still one
  auto top = testing::load("person: {name: A}\nname: A\n");
  ASSERT_NE(top.warning("unknown key 'name'"), nullptr) << top.dump();
  EXPECT_EQ(top.warning("unknown key 'name'")->hint, "'name' is a key in 'person', not at the top level");
}

TEST(KeyHints, EveryForeignWordIsUnknownAtItsPlace) {
  // A foreign word that became a key would never get its hint.
  for (const KeyTable* t : key_tables())
    for (const auto& f : t->foreign)
      for (const auto& k : t->keys) EXPECT_STRNE(f.word, k.name) << t->where;
}

TEST(KeyHints, AlignWordsAreReadAsTheSchemaListsThem) {
  for (auto words : {std::span<const std::string_view>(kAlignJustify), std::span<const std::string_view>(kAlignRagged)})
    for (auto w : words) {
      Diagnostics d;
      StyleMap map;
      ASSERT_TRUE(apply_style_override(map, "text.align=" + std::string(w), d));
      Style s = resolve_style(map, style_field_defaults(), "en", d);
      EXPECT_FALSE(d.has_errors()) << w;
      EXPECT_EQ(s.align, words.data() == kAlignJustify ? Alignment::Justify : Alignment::Ragged) << w;
    }
}

}  // namespace
}  // namespace cvpdf::theme
