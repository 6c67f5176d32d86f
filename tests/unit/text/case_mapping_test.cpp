// Capitals by ICU in the variant's language (text/case_mapping.hpp).
#include "text/case_mapping.hpp"

#include <gtest/gtest.h>

namespace cvpdf::text {
namespace {

TEST(CaseMapping, FullMappingPerLanguage) {
  EXPECT_EQ(to_upper("Expérience", "fr"), "EXPÉRIENCE");
  EXPECT_EQ(to_upper("Straße", "de"), "STRASSE");
  EXPECT_EQ(to_upper("istanbul", "tr"), "İSTANBUL");
  EXPECT_EQ(to_upper("istanbul", "en"), "ISTANBUL");
  EXPECT_EQ(to_upper("Εμπειρία", "el"), "ΕΜΠΕΙΡΙΑ");  // accents dropped in Greek capitals
  EXPECT_EQ(to_upper("Опыт работы", "ru"), "ОПЫТ РАБОТЫ");
  EXPECT_EQ(to_upper("職歴 skills", "ja"), "職歴 SKILLS");
}

TEST(CaseMapping, WhatChangesInCapitals) {
  EXPECT_TRUE(has_upper_case(U'a'));
  EXPECT_TRUE(has_upper_case(U'é'));
  EXPECT_TRUE(has_upper_case(U'ß'));
  EXPECT_FALSE(has_upper_case(U'A'));
  EXPECT_FALSE(has_upper_case(U'職'));
  EXPECT_FALSE(has_upper_case(U'1'));
}

}  // namespace
}  // namespace cvpdf::text
