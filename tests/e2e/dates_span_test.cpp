// An entry's time span (dates.duration) and the footer's last-updated date
// (footer.last-updated), read back from the PDF (mupdf's glyph boxes,
// pdftotext) and from the text export, in English and Chinese. The day
// comes from SOURCE_DATE_EPOCH, as the PDF's own dates do.
#include <gtest/gtest.h>

#include <string>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// 2026-12-04T00:00:00Z.
const std::string kDated = "SOURCE_DATE_EPOCH=1796342400 ";

const char* const kResume = R"(languages: [en, zh]
person: {name: {en: Ada Example, zh: 艾达}}
sections:
  - title: {en: Experience, zh: 工作经历}
    entries:
      - {org: Example Cloud, role: Engineer, start: 2021-03, end: present, bullets: [Built it.]}
      - {org: Example Labs, role: Intern, start: 2019-01, end: 2019-12, bullets: [Helped.]}
      - {org: Example School, role: Student, date: 2018, bullets: [Learnt.]}
)";

struct Rendered {
  Result result;
  std::string text;  // pdftotext, one line per line
};

Rendered render(const std::string& dir, const std::string& args, const std::string& out = "r.pdf") {
  Rendered r;
  r.result = run("cd '" + dir + "' && " + kDated + cvpdf() + " r.yaml " + args + " -o " + out);
  if (out.ends_with(".pdf")) r.text = pdf_text(dir + "/" + out, "-layout");
  else r.text = read_file(dir + "/" + out);
  return r;
}

TEST(DateSpans, AfterTheDatesInEachLanguagesWordsToThePdfsDay) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kResume);
  const Rendered en = render(dir, "--set dates.duration=after");
  ASSERT_EQ(en.result.status, 0) << en.result.err;
  // Present ends on the day the PDF is dated; both ends' months count.
  EXPECT_NE(en.text.find("Mar 2021 – Present · 5 yrs, 10 mths"), std::string::npos) << en.text;
  EXPECT_NE(en.text.find("Jan 2019 – Dec 2019 · 1 yr"), std::string::npos) << en.text;
  // A single date has no span.
  EXPECT_EQ(en.text.find("2018 ·"), std::string::npos) << en.text;
  const Rendered zh = render(dir, "--lang zh --set dates.duration=after");
  ASSERT_EQ(zh.result.status, 0) << zh.result.err;
  EXPECT_NE(zh.text.find("5年10个月"), std::string::npos) << zh.text;
  // The text export says what the PDF says.
  const Rendered txt = render(dir, "--set dates.duration=after", "r.txt");
  EXPECT_NE(txt.text.find("Example Cloud — Mar 2021 – Present · 5 yrs, 10 mths"), std::string::npos) << txt.text;
  // Without the key, no span.
  const Rendered plain = render(dir, "");
  EXPECT_EQ(plain.text.find("yrs"), std::string::npos) << plain.text;
}

TEST(DateSpans, InsteadOfTheDatesAndOnALineOfTheirOwnInADateColumn) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kResume);
  const Rendered instead = render(dir, "--set dates.duration=instead --set dates.duration-width=wide");
  ASSERT_EQ(instead.result.status, 0) << instead.result.err;
  EXPECT_NE(instead.text.find("5 years, 10 months"), std::string::npos) << instead.text;
  EXPECT_EQ(instead.text.find("Mar 2021"), std::string::npos) << instead.text;
  // moderncv's date column: the span under the dates, in the column, left
  // of the entry's text, broken between its units only ("10" stays with
  // "mths").
  const Rendered column = render(dir, "--theme moderncv --set dates.duration=after --set entry.date-column=50pt");
  ASSERT_EQ(column.result.status, 0) << column.result.err;
  const GlyphBoxes boxes = read_glyph_boxes(dir + "/r.pdf");
  ASSERT_TRUE(boxes.error.empty()) << boxes.error;
  const Word* span = nullptr;
  const Word* org = nullptr;
  const Word* dates = nullptr;
  for (const auto& line : boxes.pages.at(0).lines)
    for (const auto& word : line.words) {
      if (word.text == "mths" && !span) span = &word;
      if (word.text.starts_with("Engineer") && !org) org = &word;
      if (word.text == "Present" && !dates) dates = &word;
    }
  ASSERT_TRUE(span && org && dates) << column.text;
  EXPECT_LT(span->box.x1, org->box.x0) << "the span is not in the date column";
  EXPECT_GT(span->box.y0, dates->box.y0) << "the span is not under the dates";
  EXPECT_NE(column.text.find("10 mths"), std::string::npos) << column.text;
}

TEST(LastUpdated, TheFootOfEveryPageSaysTheMonthThePdfIsDated) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kResume);
  const Rendered en = render(dir, "--set footer.last-updated=true");
  ASSERT_EQ(en.result.status, 0) << en.result.err;
  const GlyphBoxes boxes = read_glyph_boxes(dir + "/r.pdf");
  ASSERT_TRUE(boxes.error.empty()) << boxes.error;
  ASSERT_EQ(boxes.pages.size(), 1u);  // a one-page résumé has it too (the page number starts at page 2)
  bool found = false;
  for (const auto& line : boxes.pages[0].lines)
    if (line.text() == "Last updated Dec 2026") {
      found = true;
      EXPECT_GT(line.box.y0, boxes.pages[0].height * 0.9) << "not at the foot";
      EXPECT_LT(line.box.x0, boxes.pages[0].width * 0.2) << "not at the left";
    }
  EXPECT_TRUE(found) << en.text;
  const Rendered zh = render(dir, "--lang zh --set footer.last-updated=true");
  EXPECT_NE(zh.text.find("更新于 2026.12"), std::string::npos) << zh.text;
  // Off by default.
  const Rendered plain = render(dir, "");
  EXPECT_EQ(plain.text.find("Last updated"), std::string::npos) << plain.text;
  // A misspelt key in the theme's words is named.
  const Rendered typo = render(dir, "--set footer.last-updated=true --set 'words.en.last-updated=Updated {dtae}'");
  EXPECT_NE(typo.result.err.find("unknown key {dtae}"), std::string::npos) << typo.result.err;
}

}  // namespace
}  // namespace cvpdf::test
