// The choice keys: each Choice row of the field table is its enum's one
// word list (style.hpp), word for enumerator and back, and the reader takes
// the words as it always has (case ignored, the same message for another).
#include <gtest/gtest.h>

#include <set>

#include "theme/style.hpp"
#include "theme/style_fields.hpp"

namespace cvpdf::theme {
namespace {

using model::StyleMap;
using model::StyleValue;

std::vector<const StyleField*> choice_rows() {
  std::vector<const StyleField*> rows;
  for (const auto& f : style_fields())
    if (f.kind == FieldKind::Choice) rows.push_back(&f);
  return rows;
}

StyleMap one_key(const std::string& key, const std::string& value) {
  StyleValue v;
  v.scalar = value;
  v.span = {"theme.yaml", 3, 5};
  return {{key, v}};
}

TEST(Choices, EveryChoiceRowHasAnEnumTarget) {
  EXPECT_EQ(choice_rows().size(), 17u);
  for (const auto& f : style_fields())
    EXPECT_EQ(f.kind == FieldKind::Choice, std::holds_alternative<ChoiceTarget>(f.target)) << f.key;
}

// Every word stands for its own enumerator and comes back from it: two
// words for one enumerator would come back as the first of them.
TEST(Choices, EveryWordRoundTripsThroughItsEnumerator) {
  for (const StyleField* f : choice_rows()) {
    const auto& target = std::get<ChoiceTarget>(f->target);
    EXPECT_EQ(f->choices, target.words) << f->key;
    const std::vector<std::string> words = choice_list(*f);
    ASSERT_GE(words.size(), 2u) << f->key;
    EXPECT_EQ(std::set<std::string>(words.begin(), words.end()).size(), words.size()) << f->key;
    for (const auto& word : words) {
      Style s;
      ASSERT_TRUE(target.set(s, word)) << f->key << ": " << word;
      EXPECT_EQ(target.get(s), word) << f->key;
    }
    Style s;
    EXPECT_FALSE(target.set(s, "no-such-word")) << f->key;
    EXPECT_FALSE(target.set(s, "")) << f->key;
  }
}

// Style's own initial values are the table's defaults.
TEST(Choices, TheStylesInitialValueIsTheRowsDefault) {
  const Style s;
  for (const StyleField* f : choice_rows())
    EXPECT_EQ(std::get<ChoiceTarget>(f->target).get(s), f->fallback) << f->key;
}

// Each enum's list, typed: the i-th word is the i-th enumerator's.
template <class E>
void expect_in_enumerator_order() {
  const auto list = choice_words(E{});
  for (std::size_t i = 0; i < list.size(); ++i) {
    const E value = static_cast<E>(i);
    EXPECT_EQ(choice_word(value), list[i].word);
    EXPECT_EQ(choice_of<E>(list[i].word), value);
  }
  EXPECT_EQ(choice_of<E>("LEFT"), std::nullopt);  // the reader lowers case; choice_of takes words as written
}

TEST(Choices, EachEnumsListIsInItsEnumeratorsOrder) {
  expect_in_enumerator_order<HeaderAlign>();
  expect_in_enumerator_order<HeaderPhoto>();
  expect_in_enumerator_order<ContactStyle>();
  expect_in_enumerator_order<ContactIcons>();
  expect_in_enumerator_order<HeadingStyle>();
  expect_in_enumerator_order<EntryDates>();
  expect_in_enumerator_order<EntryFont>();
  expect_in_enumerator_order<DoiForm>();
  expect_in_enumerator_order<EntryLinks>();
  expect_in_enumerator_order<JaQuotes>();
  expect_in_enumerator_order<SidebarSide>();
  expect_in_enumerator_order<ReadingOrder>();
}

TEST(Choices, TheReaderIgnoresCase) {
  Diagnostics diags;
  const Style s = resolve_style(one_key("heading.style", "Rule-Beside"), {}, "en", diags);
  EXPECT_TRUE(diags.all().empty());
  EXPECT_EQ(s.heading_style, HeadingStyle::RuleBeside);
}

TEST(Choices, AnotherWordIsAnErrorNamingTheWordsAndTheDefaultStands) {
  Diagnostics diags;
  const Style s = resolve_style(one_key("sidebar.side", "Rigth"), {}, "en", diags);
  ASSERT_EQ(diags.all().size(), 1u);
  const Diagnostic& d = diags.all().front();
  EXPECT_EQ(d.span.to_string(), "theme.yaml:3:5");
  EXPECT_EQ(d.message, "style key 'sidebar.side' is 'rigth'");
  EXPECT_EQ(d.hint, "use none, left or right (did you mean 'right'?)");
  EXPECT_EQ(s.sidebar_side, SidebarSide::None);
}

}  // namespace
}  // namespace cvpdf::theme
