// The numbered entry kind on the page (src/kinds/numbered/compose.cpp):
// `number` entries count 1., 2., 3. down their section and
// `reversed_number` ones count down to 1.; a blank entry is neither set
// nor counted; the numbers end together and the text of every entry
// starts at one x past them (in the text column beside a date column),
// wrapped lines aligned with the first; each number is drawn before its text, so text
// is extracted "1. text"; a run of numbered entries is one L of LI > Lbl +
// LBody. The sections are built in code, so only the composer is tested.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "header_fixture.hpp"

namespace cvpdf::compose {
namespace {

using probe::Settings;

const std::string kLong =
    "Gave the keynote on storage engines that never lose a write, to an audience of several hundred "
    "engineers who had all lost writes before, and answered questions for an hour afterwards.";

model::Section numbered_section(const std::string& title, const std::vector<std::string>& texts, bool reversed) {
  model::Section section;
  section.title = model::Localized::plain(title);
  for (const auto& text : texts) {
    model::Entry entry;
    auto& numbered = entry.make<model::NumberedEntry>();
    numbered.text = model::Localized::plain(text);
    numbered.reversed = reversed;
    section.entries.push_back(std::move(entry));
  }
  return section;
}

// A one-item résumé (the item dated, so entry.dates: left sets a date
// column) with `sections` after it.
probe::Composed compose(std::vector<model::Section> sections, const Settings& settings = {}) {
  probe::Composed c;
  auto resume = probe::load("languages: [en]\n"
                            "person:\n"
                            "  name: Ada Example\n"
                            "sections:\n"
                            "  - title: Experience\n"
                            "    entries:\n"
                            "      - org: Example Corp\n"
                            "        role: Engineer\n"
                            "        start: 2020-01\n",
                            c.diags);
  if (!resume) return c;
  for (auto& section : sections) resume->sections.push_back(std::move(section));
  RenderedVariant rendered =
      render_variant(*resume, probe::layers_with(settings, c.diags), probe::font_book(), {{"en", 0, "test"}}, c.diags);
  c.style = std::move(rendered.style);
  c.doc = std::move(rendered.document);
  c.column = c.style.content_width();
  return c;
}

bool is_number(const std::string& s) { return std::regex_match(s, std::regex("[0-9]+\\.")); }

// The glyph runs of every page, in the order they are drawn.
std::vector<const frame::GlyphRun*> runs(const probe::Composed& c) {
  std::vector<const frame::GlyphRun*> out;
  for (const auto& page : c.doc.pages)
    for (const auto* run : probe::all_of<frame::GlyphRun>(page)) out.push_back(run);
  return out;
}

std::vector<std::string> numbers(const probe::Composed& c) {
  std::vector<std::string> out;
  for (const auto* run : runs(c))
    if (is_number(probe::text_of(*run))) out.push_back(probe::text_of(*run));
  return out;
}

// The text drawn under structure node `node`, and its role.
std::string node_text(const probe::Composed& c, frame::StructId node) {
  std::string out;
  for (const auto* run : runs(c))
    if (run->tag.node == node) out += probe::text_of(*run);
  return out;
}
const std::string& role(const probe::Composed& c, frame::StructId node) {
  return c.doc.structure[static_cast<std::size_t>(node)].role;
}
std::vector<frame::StructId> children(const probe::Composed& c, frame::StructId parent) {
  std::vector<frame::StructId> out;
  for (std::size_t n = 0; n < c.doc.structure.size(); ++n)
    if (c.doc.structure[n].parent == parent) out.push_back(static_cast<frame::StructId>(n));
  return out;
}

TEST(Numbered, CountsUpAndReversedCountsDown) {
  const auto c = compose({numbered_section("Talks", {"First talk.", "Second talk.", "Third talk."}, false),
                          numbered_section("Prizes", {"Gold.", "Silver.", "Bronze."}, true)});
  ASSERT_FALSE(c.diags.has_errors());
  EXPECT_EQ(numbers(c), (std::vector<std::string>{"1.", "2.", "3.", "3.", "2.", "1."}));
}

TEST(Numbered, ABlankEntryIsNeitherSetNorCounted) {
  const auto c = compose({numbered_section("Talks", {"First talk.", " ", "Third talk."}, false),
                          numbered_section("Prizes", {"Gold.", "", "Bronze."}, true)});
  EXPECT_EQ(numbers(c), (std::vector<std::string>{"1.", "2.", "2.", "1."}));
}

// Each number is drawn just before its text: text extraction in content
// order (pdf.js) reads "1. First talk.", never the text before its number.
TEST(Numbered, TheNumberIsDrawnBeforeItsText) {
  const auto c = compose({numbered_section("Talks", {"First talk.", "Second talk."}, false)});
  std::string drawn;
  for (const auto* run : runs(c)) drawn += probe::text_of(*run) + "|";
  EXPECT_NE(drawn.find("1.|First talk.|"), std::string::npos) << drawn;
  EXPECT_NE(drawn.find("2.|Second talk.|"), std::string::npos) << drawn;
}

// The x of each line's text (its runs that are not a number), by baseline.
std::map<Scaled, Scaled> text_starts(const probe::Composed& c) {
  std::map<Scaled, Scaled> starts;
  bool in_section = false;
  for (const auto* run : runs(c)) {
    const std::string text = probe::text_of(*run);
    if (text == "TALKS" || text == "Talks") in_section = true;
    if (!in_section || is_number(text)) continue;
    if (text == "TALKS" || text == "Talks") continue;
    auto [at, fresh] = starts.emplace(run->y, run->x);
    if (!fresh) at->second = std::min(at->second, run->x);
  }
  return starts;
}

// Twelve entries: "10." is wider than "9.", and every text still starts
// at one x, a long one's wrapped lines too. The numbers end together,
// before the text; the widest starts at the column's edge.
TEST(Numbered, EveryTextStartsAtOneX) {
  std::vector<std::string> texts;
  for (int i = 1; i <= 12; ++i) texts.push_back(i == 11 ? kLong : "Talk " + std::to_string(i) + ".");
  const auto c = compose({numbered_section("Talks", texts, false)});
  const auto starts = text_starts(c);
  ASSERT_GE(starts.size(), 13u) << "the long entry wraps";
  const Scaled text_x = starts.begin()->second;
  for (const auto& [y, x] : starts) EXPECT_EQ(x, text_x) << "line at y " << to_pt(y);
  std::vector<Scaled> ends;
  for (const auto* run : runs(c)) {
    if (!is_number(probe::text_of(*run))) continue;
    ends.push_back(run->x + run->width());
    if (probe::text_of(*run) == "10.") {
      EXPECT_EQ(run->x, c.left());
    }
  }
  ASSERT_EQ(ends.size(), 12u);
  for (Scaled end : ends) EXPECT_NEAR(to_pt(end), to_pt(ends.front()), 0.01);
  EXPECT_GT(text_x, ends.front()) << "the text clears the numbers";
}

// Beside a date column the number stands in it and the text starts with
// the items' text column.
TEST(Numbered, BesideADateColumnTheTextStartsWithTheItems) {
  const auto c = compose({numbered_section("Talks", {"First talk.", kLong}, false)}, {{"entry.dates", "left"}});
  const auto starts = text_starts(c);
  ASSERT_GE(starts.size(), 3u);
  for (const auto& [y, x] : starts)
    EXPECT_EQ(x, c.left() + c.style.date_column_width + c.style.text_size) << "line at y " << to_pt(y);
}

// The section's run of numbered entries is one L, each entry an LI of its
// number (Lbl) and its text (LBody).
TEST(Numbered, ARunIsOneListOfLabelledItems) {
  const auto c = compose({numbered_section("Talks", {"First talk.", "Second talk.", "Third talk."}, false)});
  std::vector<frame::StructId> lists;
  for (std::size_t n = 0; n < c.doc.structure.size(); ++n) {
    const auto id = static_cast<frame::StructId>(n);
    if (role(c, id) != "L") continue;
    const auto items = children(c, id);
    if (!items.empty() && node_text(c, children(c, items.front()).front()) == "1.") lists.push_back(id);
  }
  ASSERT_EQ(lists.size(), 1u);
  const auto items = children(c, lists.front());
  ASSERT_EQ(items.size(), 3u);
  const std::vector<std::string> texts = {"First talk.", "Second talk.", "Third talk."};
  for (std::size_t i = 0; i < items.size(); ++i) {
    EXPECT_EQ(role(c, items[i]), "LI");
    const auto parts = children(c, items[i]);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(role(c, parts[0]), "Lbl");
    EXPECT_EQ(node_text(c, parts[0]), std::to_string(i + 1) + ".");
    EXPECT_EQ(role(c, parts[1]), "LBody");
    EXPECT_EQ(node_text(c, parts[1]), texts[i]);
  }
}

}  // namespace
}  // namespace cvpdf::compose
