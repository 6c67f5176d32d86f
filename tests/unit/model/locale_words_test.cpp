// Dates and words per language: ICU's month names and patterns, JSON
// Resume's headings (model/locale_words.hpp); the theme's blocks over them
// are tests/unit/theme/language_words_test.cpp's.
#include "model/locale_words.hpp"

#include <gtest/gtest.h>


namespace cvpdf::model {
namespace {

std::string june_2024(const LocaleDates& d) {
  std::string out = d.pattern;
  auto put = [&](const std::string& field, const std::string& value) {
    if (auto at = out.find(field); at != std::string::npos) out.replace(at, field.size(), value);
  };
  put("{month}", d.months[5]);
  put("{year}", "2024");
  put("{mm}", "06");
  put("{m}", "6");
  return out;
}

TEST(LocaleWords, IcuMonthNamesAndPatterns) {
  auto fr = locale_dates("fr"), de = locale_dates("de"), ja = locale_dates("ja"), ru = locale_dates("ru");
  ASSERT_TRUE(fr && de && ja && ru);
  EXPECT_EQ(june_2024(*fr), "juin 2024");
  EXPECT_EQ(june_2024(*de), "Juni 2024");
  EXPECT_EQ(june_2024(*ja), "2024年6月");
  EXPECT_EQ(ja->pattern, "{year}年{m}月");
  EXPECT_EQ(fr->months[0], "janv.");
  ASSERT_EQ(ru->months.size(), 12u);
  EXPECT_NE(june_2024(*ru).find("2024"), std::string::npos);
  EXPECT_NE(june_2024(*ru).find("июн"), std::string::npos) << june_2024(*ru);
}

TEST(LocaleWords, UnknownLanguagesHaveNoIcuDates) {
  EXPECT_FALSE(locale_dates("qaa"));  // private use: no CLDR data
}

TEST(LocaleWords, IcuPatternsInTheLayoutsTerms) {
  EXPECT_EQ(layout_date_pattern("MMM y"), "{month} {year}");
  EXPECT_EQ(layout_date_pattern("LLL y 'г'."), "{month} {year} г.");
  EXPECT_EQ(layout_date_pattern("y年M月"), "{year}年{m}月");
  EXPECT_EQ(layout_date_pattern("MMM y G"), "{month} {year}");
  EXPECT_EQ(layout_date_pattern("MM/y"), "{mm}/{year}");
}

TEST(LocaleWords, JsonResumeHeadings) {
  EXPECT_EQ(section_heading_word("work", "fr"), "Expérience");
  EXPECT_EQ(section_heading_word("education", "de-AT"), "Ausbildung");
  EXPECT_EQ(section_heading_word("work", "zh"), "工作经历");
  EXPECT_EQ(section_heading_word("work", "zh-TW"), "工作經歷");
  EXPECT_EQ(section_heading_word("skills", "ja"), "スキル");
  EXPECT_FALSE(section_heading_word("work", "sv"));
  Localized work = section_heading("work");
  EXPECT_EQ(work.get("ko", "ko"), "경력");
  EXPECT_EQ(work.get("zh", "zh"), "工作经历");
  EXPECT_EQ(work.get("sv", "sv"), "Experience");
}

}  // namespace
}  // namespace cvpdf::model
