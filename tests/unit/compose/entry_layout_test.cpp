// Where an item's parts land on the page for the entry keys of a theme:
// entry.item-lines (which field on which line, which side), entry.dates:
// left (a date column), the org and role faces, entry.run-in, entry.links
// and publications.show-doi / doi-form — asserted on the frame's glyph runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "classic_layout.hpp"
#include "compose/render_variant.hpp"
#include "model/loader.hpp"
#include "theme/style_loader.hpp"

namespace cvpdf::compose {
namespace {

constexpr const char* kResume = R"(languages: [en, zh]
person:
  name: {en: Ada Example, zh: 艾达}
sections:
  - title: {en: Experience, zh: 工作经历}
    entries:
      - org: {en: Huawei, zh: 华为}
        role: {en: Engineer, zh: 高级工程师}
        location: {en: Beijing, zh: 北京}
        start: 2021-09
        end: present
        bullets:
          - {en: Built and maintained the billing service used by every product team., zh: 构建并维护了计费服务。}
        links:
          - label: Source
            url: https://example.org/billing
      - org: Imaginary Systems Ltd
        role: Software Engineer
        location: Somewhere-on-a-very-long-coast by the Great Northern Estuary, Far Province of Elsewhere, Republic of Nowhere
        start: 2018-03
        end: 2021-08
        text: Designed the internationalization infrastructure for a documentation platform.
      - org: tidetrace
        text: A trace replayer for storage benchmarks.
  - title: Skills
    entries:
      - label: Languages
        text: Go, Python, SQL
  - title: Publications
    entries:
      - title: Boring Storage at Scale
        authors: [A. Example, B. Sample]
        venue: Proc. Workshop on Notional Storage
        year: 2023
        doi: 10.5555/fict.2023.0001
        me: A. Example
)";

struct SetRun {
  std::string text;
  Scaled x = 0, y = 0, right = 0;
  text::FaceId face = text::kNoFace;
};

struct Composed {
  std::vector<SetRun> runs;  // page 1, in the order they were placed
  std::vector<frame::LinkArea> links;
  theme::Style style;
  Diagnostics diags;

  // The first run whose text contains `part`.
  const SetRun& find(const std::string& part) const {
    for (const auto& r : runs)
      if (r.text.find(part) != std::string::npos) return r;
    ADD_FAILURE() << "no run contains '" << part << "'";
    static const SetRun none;
    return none;
  }
  // The text of the line on baseline y, its runs left to right.
  std::string line_at(Scaled y) const {
    std::vector<SetRun> on;
    for (const auto& r : runs)
      if (r.y == y) on.push_back(r);
    std::sort(on.begin(), on.end(), [](const SetRun& a, const SetRun& b) { return a.x < b.x; });
    std::string s;
    for (const auto& r : on) s += r.text;
    return s;
  }
  Scaled column_left() const { return style.margin_left; }
  Scaled column_right() const { return style.page_width - style.margin_right; }
};

Composed compose(const std::string& language, const std::vector<std::string>& sets, const std::string& source = kResume) {
  Composed c;
  auto resume = model::load_resume(source, "entries.yaml", CVPDF_SOURCE_DIR, c.diags);
  EXPECT_TRUE(resume.has_value());
  if (!resume) return c;
  model::StyleMap overrides;
  for (const auto& s : sets) EXPECT_TRUE(theme::apply_style_override(overrides, s, c.diags)) << s;
  text::FontBook book;
  RenderedVariant rendered =
      render_variant(*resume, classic_layers(overrides, CVPDF_SOURCE_DIR, c.diags), book, {{language, 0, "test"}}, c.diags);
  c.style = rendered.style;
  EXPECT_FALSE(rendered.document.pages.empty());
  if (rendered.document.pages.empty()) return c;
  for (const auto& element : rendered.document.pages.front().elements) {
    if (const auto* run = std::get_if<frame::GlyphRun>(&element)) {
      SetRun r{"", run->x, run->y, run->x + run->width(), run->face};
      for (const auto& g : run->glyphs) r.text += g.text;
      // The white of a line's end is not ink (a space set back, with a
      // negative advance, already ends where the ink does).
      if (!run->glyphs.empty() && run->glyphs.back().text == " ") r.right -= std::max<Scaled>(0, run->glyphs.back().advance);
      c.runs.push_back(std::move(r));
    } else if (const auto* link = std::get_if<frame::LinkArea>(&element)) {
      c.links.push_back(*link);
    }
  }
  return c;
}

// No two runs on one baseline share any horizontal space.
void expect_no_overlap(const Composed& c) {
  std::map<Scaled, std::vector<const SetRun*>> lines;
  for (const auto& r : c.runs) lines[r.y].push_back(&r);
  for (auto& [y, on] : lines) {
    std::sort(on.begin(), on.end(), [](const SetRun* a, const SetRun* b) { return a->x < b->x; });
    for (std::size_t i = 1; i < on.size(); ++i)
      EXPECT_LE(on[i - 1]->right, on[i]->x + pt(0.01))
          << "'" << on[i - 1]->text << "' [" << to_pt(on[i - 1]->x) << ", " << to_pt(on[i - 1]->right) << "] runs into '"
          << on[i]->text << "' [" << to_pt(on[i]->x) << ", " << to_pt(on[i]->right) << "] on the line at " << to_pt(y) << "pt";
  }
}

std::string errors(const Diagnostics& d) {
  std::string s;
  for (const auto& x : d.all()) s += x.format() + "\n";
  return s;
}

TEST(EntryLayout, TheClassicTemplatePutsTheDateBesideTheOrganisation) {
  Composed c = compose("en", {});
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  const SetRun& org = c.find("Huawei");
  const SetRun& date = c.find("Sep 2021");
  EXPECT_EQ(date.y, org.y);
  EXPECT_NEAR(to_pt(date.right), to_pt(c.column_right()), 0.5);
  EXPECT_EQ(c.find("Beijing").y, c.find("Engineer").y);
  expect_no_overlap(c);
}

TEST(EntryLayout, JakesTemplatePutsTheDateOnTheRoleLineFlushRight) {
  Composed c = compose("en", {"entry.item-lines=[org | location, role tags | date]"});
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  const SetRun& org = c.find("Huawei");
  const SetRun& role = c.find("Engineer");
  const SetRun& date = c.find("Sep 2021");
  const SetRun& location = c.find("Beijing");
  EXPECT_GT(role.y, org.y);
  EXPECT_EQ(location.y, org.y);
  EXPECT_EQ(date.y, role.y) << "the date is on line 2";
  EXPECT_NEAR(to_pt(date.right), to_pt(c.column_right()), 0.5);
  EXPECT_NEAR(to_pt(location.right), to_pt(c.column_right()), 0.5);
  EXPECT_EQ(org.x, c.column_left());
  EXPECT_EQ(role.x, c.column_left());
  expect_no_overlap(c);
}

TEST(EntryLayout, ALocationTooLongToSitBesideTheRoleGoesBelowItFlushRight) {
  Composed c = compose("en", {});
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  const SetRun& role = c.find("Software Engineer");
  const SetRun& location = c.find("Somewhere-on-a-very-long-coast");
  EXPECT_GT(location.y, role.y) << "the location has a line of its own";
  EXPECT_NEAR(to_pt(location.right), to_pt(c.column_right()), 0.5);
  EXPECT_LT(location.y, c.find("Designed").y) << "and the item's text follows it";
  expect_no_overlap(c);
}

TEST(EntryLayout, SeveralFieldsOnASideAreJoinedWithTheLanguagesComma) {
  Composed en = compose("en", {"entry.item-lines=[role org location tags | date]"});
  ASSERT_FALSE(en.diags.has_errors()) << errors(en.diags);
  // The item's link rides after the fields (entry.links: after-org).
  EXPECT_EQ(en.line_at(en.find("Huawei").y), "Engineer, Huawei, Beijing SourceSep 2021 – Present");
  Composed zh = compose("zh", {"entry.item-lines=[role org location tags | date]"});
  ASSERT_FALSE(zh.diags.has_errors()) << errors(zh.diags);
  const std::string line = zh.line_at(zh.find("华为").y);
  EXPECT_EQ(line.rfind("高级工程师，华为，北京", 0), 0u) << line;
  expect_no_overlap(en);
  expect_no_overlap(zh);
}

TEST(EntryLayout, ALineWithNothingToShowIsNotSet) {
  // The third item has neither role nor location: its "role | location"
  // line is not set, so the next section's heading follows its text.
  Composed c = compose("en", {"entry.run-in=false"});
  const SetRun& name = c.find("tidetrace");
  const SetRun& text = c.find("A trace replayer");
  EXPECT_LT(to_pt(text.y - name.y), to_pt(c.style.text_size) * 1.6) << "the text is on the next line";
}

TEST(EntryLayout, DatesLeftSetsADateColumnBesideEverythingElse) {
  Composed c = compose("en", {"entry.dates=left"});
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  const Scaled column = c.column_left() + c.style.date_column_width;
  const SetRun& heading = c.find("EXPERIENCE");
  const SetRun& skills = c.find("SKILLS");
  const SetRun& first = c.find("Sep 2021");
  const SetRun& second = c.find("Present");
  EXPECT_EQ(first.x, c.column_left());
  // "Sep 2021 – Present" is wider than 72pt: it wraps after its dash, the
  // first line on the organisation's baseline, the second on the role's.
  EXPECT_EQ(first.y, c.find("Huawei").y);
  EXPECT_EQ(second.x, c.column_left());
  EXPECT_EQ(second.y, c.find("Engineer").y);
  EXPECT_LE(first.right, column);
  for (const auto& r : c.runs) {
    if (r.y <= heading.y || r.y >= skills.y) continue;
    const bool is_date = r.text.find("20") != std::string::npos || r.text.find("Present") != std::string::npos;
    if (is_date) {
      EXPECT_EQ(r.x, c.column_left()) << r.text;
      EXPECT_LE(r.right, column) << r.text;
    } else {
      // The bullet symbol hangs in the text column's indent, right of the gap.
      EXPECT_GE(r.x, column + c.style.text_size) << "'" << r.text << "' is in the date column";
    }
  }
  // The date left the head line: nothing flush right on the organisation's line.
  EXPECT_LT(c.find("Huawei").right, c.column_right() - pt(100));
  expect_no_overlap(c);
}

TEST(EntryLayout, DatesLeftPutsPairLabelsAndCitationNumbersInTheDateColumn) {
  Composed c = compose("en", {"entry.dates=left"});
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  const Scaled text_x = c.column_left() + c.style.date_column_width + c.style.text_size;
  EXPECT_EQ(c.find("Languages").x, c.column_left());
  EXPECT_EQ(c.find("Go, Python").x, text_x);
  // A citation's number flush right in the date column, half an em before its text.
  EXPECT_NEAR(to_pt(c.find("[1]").right), to_pt(text_x - c.style.text_size / 2), 0.5);
  EXPECT_EQ(c.find("A. Example").x, text_x);
  EXPECT_EQ(c.find("Huawei").x, text_x);
}

TEST(EntryLayout, ANarrowColumnKeepsItsDatesOnTheHeadLines) {
  // 4in less two 17mm margins is under three date columns (3 × 72pt).
  Composed c = compose("en", {"entry.dates=left", "page.size=4in 11in", "page.margin.left=17mm", "page.margin.right=17mm"});
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  ASSERT_LT(c.column_right() - c.column_left(), 3 * c.style.date_column_width);
  EXPECT_EQ(c.find("Huawei").x, c.column_left());
  EXPECT_EQ(c.find("Languages").x, c.column_left());
  EXPECT_EQ(c.find("Mar 2018").y, c.find("Imaginary").y);
  EXPECT_NEAR(to_pt(c.find("Mar 2018").right), to_pt(c.column_right()), 0.5);
  expect_no_overlap(c);
}

TEST(EntryLayout, AResumeWithoutDatesGetsNoDateColumn) {
  // The same résumé with every date taken out: a date column would be an
  // empty band down the page.
  std::string undated = kResume;
  for (const std::string line : {"        start: 2021-09\n", "        end: present\n", "        start: 2018-03\n",
                                 "        end: 2021-08\n"})
    undated.erase(undated.find(line), line.size());
  Composed c = compose("en", {"entry.dates=left"}, undated);
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  EXPECT_EQ(c.find("Huawei").x, c.column_left());
  EXPECT_EQ(c.find("Built and maintained").x, c.find("Huawei").x + c.style.bullet_indent);
  // With its dates, the same résumé has the column.
  Composed dated = compose("en", {"entry.dates=left"});
  EXPECT_GE(dated.find("Huawei").x, dated.column_left() + dated.style.date_column_width);
}

TEST(EntryLayout, ASectionsOwnBulletsAndTextStandInTheTextColumn) {
  const std::string more = std::string(kResume) +
                           "  - title: Interests\n    bullets: [Sailing the long coast, Restoring radios]\n"
                           "  - title: Vision\n    text: Make storage boring again.\n";
  Composed c = compose("en", {"entry.dates=left"}, more);
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  const Scaled text_x = c.find("Huawei").x;
  EXPECT_GE(text_x, c.column_left() + c.style.date_column_width);
  EXPECT_EQ(c.find("Sailing").x, text_x + c.style.bullet_indent);
  EXPECT_EQ(c.find("Make storage").x, text_x);
  expect_no_overlap(c);
}

TEST(EntryLayout, DatesLeftInChinese) {
  Composed c = compose("zh", {"entry.dates=left"});
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  const SetRun& org = c.find("华为");
  EXPECT_EQ(org.x, c.column_left() + c.style.date_column_width + c.style.text_size);
  EXPECT_EQ(c.find("2021").x, c.column_left());
  EXPECT_EQ(c.find("2021").y, org.y);
  expect_no_overlap(c);
}

TEST(EntryLayout, RunInCanBeTurnedOff) {
  Composed on = compose("en", {});
  EXPECT_EQ(on.find("A trace replayer").y, on.find("tidetrace").y);
  EXPECT_NE(on.line_at(on.find("tidetrace").y).find(" — A trace replayer"), std::string::npos);
  Composed off = compose("en", {"entry.run-in=false"});
  ASSERT_FALSE(off.diags.has_errors()) << errors(off.diags);
  EXPECT_GT(off.find("A trace replayer").y, off.find("tidetrace").y);
  EXPECT_EQ(off.find("A trace replayer").x, off.column_left());
}

// A run-in item's status tag: where the item lines put tags on a line of
// their own (engineering's "role tags | date", no role, no date), the tag
// follows the org on the run-in line instead of standing alone under the
// paragraph.
TEST(EntryLayout, ARunInItemsTagsFollowItsOrg) {
  const std::string source = std::string(kResume) + R"(  - title: Practice
    entries:
      - org: AIHisTrendFuture
        tags: [Live]
        text: An evidence-backed timeline of AI history, trends and future.
)";
  Composed c = compose("en", {"entry.item-lines=[org | location, role tags | date]"}, source);
  ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
  const SetRun& org = c.find("AIHisTrendFuture");
  EXPECT_EQ(c.find("Live").y, org.y) << "the tag stands on a line of its own";
  EXPECT_EQ(c.find("An evidence-backed").y, org.y);
  EXPECT_LT(c.find("Live").x, c.find("An evidence-backed").x) << "the tag follows the org, before the text";
}

TEST(EntryLayout, OrgAndRoleFaces) {
  // The body text's face is the regular one; the classic org is bold, the role italic.
  Composed classic = compose("en", {});
  const text::FaceId regular = classic.find("Built and maintained").face;
  EXPECT_NE(classic.find("Huawei").face, regular);
  EXPECT_NE(classic.find("Engineer").face, regular);
  EXPECT_NE(classic.find("Huawei").face, classic.find("Engineer").face);
  Composed swapped = compose("en", {"entry.org-font=regular", "entry.role-font=bold"});
  ASSERT_FALSE(swapped.diags.has_errors()) << errors(swapped.diags);
  EXPECT_EQ(swapped.find("Huawei").face, regular);
  EXPECT_EQ(swapped.find("Engineer").face, classic.find("Huawei").face) << "bold, as the classic org";
  Composed both = compose("en", {"entry.role-font=bold-italic"});
  EXPECT_NE(both.find("Engineer").face, classic.find("Huawei").face);
  EXPECT_NE(both.find("Engineer").face, classic.find("Engineer").face);
}

TEST(EntryLayout, ItalicFallsBackToUprightForChinese) {
  Composed zh = compose("zh", {"entry.org-font=bold-italic"});
  ASSERT_FALSE(zh.diags.has_errors()) << errors(zh.diags);
  const Composed classic = compose("zh", {});
  // The classic role is italic: upright in Chinese, as the body text.
  EXPECT_EQ(classic.find("高级工程师").face, classic.find("构建").face);
  // Bold italic is bold.
  EXPECT_EQ(zh.find("华为").face, classic.find("华为").face);
}

TEST(EntryLayout, ShowDoiAppendsTheLinkedDoi) {
  const std::string doi = "10.5555/fict.2023.0001";
  Composed plain = compose("en", {});
  for (const auto& r : plain.runs) EXPECT_EQ(r.text.find("doi:"), std::string::npos) << r.text;
  Composed shown = compose("en", {"publications.show-doi=true"});
  ASSERT_FALSE(shown.diags.has_errors()) << errors(shown.diags);
  std::string all;
  // The citation's own text: the label "[1]" left out.
  for (const auto& r : shown.runs)
    if (r.text != "[1]") all += r.text;
  // After the year, wherever the line breaks.
  EXPECT_NE(all.find("doi:" + doi, all.find("2023.")), std::string::npos) << all;
  const SetRun& run = shown.find("doi:");
  bool linked = false;
  for (const auto& link : shown.links)
    if (link.uri == "https://doi.org/" + doi && link.x <= run.x + pt(1) && link.x + link.width >= run.x) linked = true;
  EXPECT_TRUE(linked) << "the DOI is a link to https://doi.org/" << doi;
}

TEST(EntryLayout, DoiFormUrlPrintsTheResolversAddress) {
  const std::string doi = "10.5555/fict.2023.0001";
  Composed shown = compose("en", {"publications.show-doi=true", "publications.doi-form=url"});
  ASSERT_FALSE(shown.diags.has_errors()) << errors(shown.diags);
  std::string all;
  for (const auto& r : shown.runs)
    if (r.text != "[1]") all += r.text;  // the citation's own text, without its hanging number
  EXPECT_NE(all.find("https://doi.org/" + doi), std::string::npos) << all;
  EXPECT_EQ(all.find("doi:"), std::string::npos) << all;
  bool linked = false;
  for (const auto& link : shown.links) linked = linked || link.uri == "https://doi.org/" + doi;
  EXPECT_TRUE(linked);
}

// An item's links never make a stray line under its bullets: beside the
// org when they fit there with the date, else on a line of their own
// directly under the head.
TEST(EntryLayout, LinksRideOnTheOrgLineWhenTheyFit) {
  for (const char* language : {"en", "zh"}) {
    Composed c = compose(language, {});
    ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
    const SetRun& org = c.find(std::string(language) == "en" ? "Huawei" : "华为");
    const SetRun& link = c.find("Source");
    EXPECT_EQ(link.y, org.y) << language;
    EXPECT_GT(link.x, org.right) << language;
    EXPECT_LT(link.right, c.find(std::string(language) == "en" ? "Sep 2021" : "2021").x) << language;
    expect_no_overlap(c);
  }
}

TEST(EntryLayout, LinksThatDoNotFitOrAreAskedBelowTakeALineUnderTheHead) {
  for (const std::vector<std::string>& keys :
       {std::vector<std::string>{"entry.links=below"},
        std::vector<std::string>{"entry.links-size=30pt", "page.margin.left=70mm", "page.margin.right=70mm"}}) {
    Composed c = compose("en", keys);
    ASSERT_FALSE(c.diags.has_errors()) << errors(c.diags);
    const SetRun& link = c.find("Source");
    EXPECT_GT(link.y, c.find("Engineer").y) << keys.back() << ": under the head";
    EXPECT_LT(link.y, c.find("Built").y) << keys.back() << ": above the bullets";
    EXPECT_EQ(link.x, c.column_left()) << keys.back();
    expect_no_overlap(c);
  }
}

}  // namespace
}  // namespace cvpdf::compose
