// Language detection for résumés that declare none (model/language_detect.hpp).
#include "model/language_detect.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"

namespace cvpdf::model {
namespace {

TEST(LanguageDetect, ScriptsDecideCjk) {
  EXPECT_EQ(detect_language_of_text("東京大学で情報工学を学び、検索システムの開発を担当しました。"), "ja");
  EXPECT_EQ(detect_language_of_text("서울대학교에서 컴퓨터공학을 전공하고 검색 시스템을 개발했습니다."), "ko");
  EXPECT_EQ(detect_language_of_text("负责搜索系统的设计与开发，带领团队完成数据平台迁移。"), "zh-Hans");
  EXPECT_EQ(detect_language_of_text("負責搜尋系統的設計與開發，帶領團隊完成數據平台遷移。"), "zh-Hant");
}

TEST(LanguageDetect, HebrewArabicAndPersianLetters) {
  EXPECT_EQ(detect_language_of_text("הובלתי את המעבר של 250 שירותים ל-Kubernetes 1.28"), "he");
  EXPECT_EQ(detect_language_of_text("طورت خدمة الفوترة (Billing) التي تستخدمها 12 فرقة"), "ar");
  EXPECT_EQ(detect_language_of_text("توسعه‌دهنده نرم‌افزار با پنج سال تجربه در پایگاه داده"), "fa");
  // An English sentence quoting a Hebrew word stays English.
  EXPECT_EQ(detect_language_of_text("I wrote the greeting שלום for the team's landing page in 2024."), "en");
}

TEST(LanguageDetect, ChineseWithEnglishTermsStaysChinese) {
  EXPECT_EQ(detect_language_of_text("使用 Kubernetes 和 PostgreSQL 构建数据平台，负责后端服务的开发与运维"), "zh-Hans");
}

TEST(LanguageDetect, AStrayKatakanaWordIsNotJapanese) {
  EXPECT_EQ(detect_language_of_text("负责索尼プレイ项目的开发与测试工作，带领团队完成数据平台迁移和系统设计。"), "zh-Hans");
}

TEST(LanguageDetect, LatinTextIsEnglishUnlessItsWordsSayOtherwise) {
  EXPECT_EQ(detect_language_of_text("Led the design of the search platform and the migration of the data."), "en");
  EXPECT_EQ(detect_language_of_text("Conception et développement des services de recherche pour les équipes, avec la "
                                    "mise en place des tests et de la revue du code dans les projets."),
            "fr");
  EXPECT_EQ(detect_language_of_text("Entwicklung der Suchplattform und Migration der Daten mit dem Team, für die "
                                    "Kunden von der Planung bis zum Betrieb, im Rahmen der Plattform."),
            "de");
  // Too few words to tell: English, not a guess.
  EXPECT_EQ(detect_language_of_text("Société Exemple, Paris"), "en");
  EXPECT_EQ(detect_language_of_text(""), "en");
}

TEST(LanguageDetect, AnEnglishResumeWithAChineseNameStaysEnglish) {
  auto l = testing::load(R"(person: {name: 张伟, headline: Software engineer}
sections:
  - title: Experience
    entries:
      - org: 腾讯 (Tencent)
        role: Senior engineer
        bullets: [Led the design of the search platform and its migration to the new data centre.]
)");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_FALSE(l.resume->languages_declared);
  EXPECT_EQ(l.resume->languages, std::vector<std::string>{"en"});
}

TEST(LanguageDetect, TheLoaderDetectsOnlyWhenNothingIsDeclared) {
  const char* japanese = R"(sections:
  - title: 職歴
    bullets: [検索システムの設計と開発を担当しました。]
)";
  auto detected = testing::load(std::string("person: {name: 山田太郎}\n") + japanese);
  ASSERT_TRUE(detected.resume) << detected.dump();
  EXPECT_FALSE(detected.resume->languages_declared);
  EXPECT_EQ(detected.resume->languages, std::vector<std::string>{"ja"});

  auto declared = testing::load(std::string("languages: [zh]\nperson: {name: 山田太郎}\n") + japanese);
  ASSERT_TRUE(declared.resume) << declared.dump();
  EXPECT_TRUE(declared.resume->languages_declared);
  EXPECT_EQ(declared.resume->languages, std::vector<std::string>{"zh"});
}

TEST(LanguageDetect, JsonResumeIsDetectedOrTakesMetaLanguage) {
  auto ko = testing::load(R"({"basics": {"name": "김민수", "summary": "검색 시스템을 설계하고 개발했습니다."}})", "r.json");
  ASSERT_TRUE(ko.resume) << ko.dump();
  EXPECT_EQ(ko.resume->languages, std::vector<std::string>{"ko"});

  auto meta = testing::load(R"({"basics": {"name": "김민수", "summary": "검색 시스템을 개발했습니다."}, "meta": {"language": "en"}})",
                            "r.json");
  ASSERT_TRUE(meta.resume) << meta.dump();
  EXPECT_TRUE(meta.resume->languages_declared);
  EXPECT_EQ(meta.resume->languages, std::vector<std::string>{"en"});
}

}  // namespace
}  // namespace cvpdf::model
