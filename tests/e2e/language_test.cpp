// Résumés that declare no language: the language is detected from the text
// (model/language_detect.hpp) and the PDF follows it — its dates (ICU's
// month names where the theme has no block), its page and title words, its
// /Lang, its regional CJK face; capitals by ICU in the text export.
#include <gtest/gtest.h>

#include "run.hpp"

namespace cvpdf::test {
namespace {

struct Rendered {
  Result result;
  std::string pdf;
  std::string text;     // pdf_text: white space folded
  std::string objects;  // qpdf --qdf
};

// Renders `yaml` (no `languages:`) with -v and the footer on page 1, so
// the page words show on a one-page résumé.
Rendered render(const std::string& name, const std::string& yaml) {
  const std::string dir = temp_dir();
  write_file(dir + "/" + name, yaml);
  Rendered r;
  r.pdf = dir + "/out.pdf";
  r.result = run(cvpdf() + " -v --set footer.from-page=1 '" + dir + "/" + name + "' -o '" + r.pdf + "'");
  if (r.result.status == 0) {
    r.text = pdf_text(r.pdf);
    r.objects = pdf_objects(r.pdf);
  }
  return r;
}

std::string one_item(const std::string& name, const std::string& title, const std::string& org,
                     const std::string& bullets) {
  return "person: {name: " + name + "}\nsections:\n  - title: " + title + "\n    entries:\n      - org: " + org +
         "\n        date: 2021-06 – present\n        bullets:\n" + bullets;
}

TEST(Language, JapaneseIsDetectedAndSetInJapanese) {
  auto r = render("ja.yaml", one_item("山田太郎", "職歴", "株式会社サンプル",
                                      "          - 検索システムの設計と開発を担当しました。\n"
                                      "          - チームのコードレビューの仕組みを整えました。\n"));
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_NE(r.result.err.find("language: ja (detected from the text)"), std::string::npos) << r.result.err;
  EXPECT_NE(r.text.find("2021年6月 – 現在"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("1 / 1 ページ"), std::string::npos) << r.text;
  EXPECT_NE(r.objects.find("/Lang (ja)"), std::string::npos);
  // Japanese glyph forms, not the Simplified Chinese face's.
  const std::string fonts = run("pdffonts '" + r.pdf + "'").out;
  EXPECT_NE(fonts.find("NotoSansCJKjp"), std::string::npos) << fonts;
  EXPECT_EQ(fonts.find("NotoSansCJKsc"), std::string::npos) << fonts;
}

TEST(Language, KoreanAndTraditionalChineseAreDetected) {
  auto ko = render("ko.yaml", one_item("김민수", "경력", "예시 주식회사",
                                       "          - 검색 시스템을 설계하고 개발했습니다.\n"));
  ASSERT_EQ(ko.result.status, 0) << ko.result.err;
  EXPECT_NE(ko.result.err.find("language: ko (detected"), std::string::npos) << ko.result.err;
  EXPECT_NE(ko.text.find("2021.06 – 현재"), std::string::npos) << ko.text;
  EXPECT_NE(ko.objects.find("/Lang (ko)"), std::string::npos);
  EXPECT_NE(run("pdffonts '" + ko.pdf + "'").out.find("NotoSansCJKkr"), std::string::npos);

  auto hant = render("zh.yaml", one_item("陳大文", "工作經歷", "範例科技公司",
                                         "          - 負責搜尋系統的設計與開發，帶領團隊完成數據平台遷移。\n"));
  ASSERT_EQ(hant.result.status, 0) << hant.result.err;
  EXPECT_NE(hant.result.err.find("language: zh-Hant (detected"), std::string::npos) << hant.result.err;
  EXPECT_NE(hant.text.find("2021.06 – 至今"), std::string::npos) << hant.text;
  EXPECT_NE(hant.text.find("第 1 頁，共 1 頁"), std::string::npos) << hant.text;
  EXPECT_NE(hant.objects.find("/Lang (zh-Hant)"), std::string::npos);
  EXPECT_NE(run("pdffonts '" + hant.pdf + "'").out.find("NotoSansCJKtc"), std::string::npos);
}

TEST(Language, FrenchAndGermanGetIcuMonthNamesAndTheirWords) {
  auto fr = render("fr.yaml", one_item("Marie Dubois", "Expérience", "Société Exemple",
                                       "          - Conception et développement des services de recherche pour les équipes.\n"
                                       "          - Mise en place des tests et de la revue du code dans les projets avec les clients.\n"));
  ASSERT_EQ(fr.result.status, 0) << fr.result.err;
  EXPECT_NE(fr.result.err.find("language: fr (detected"), std::string::npos) << fr.result.err;
  EXPECT_NE(fr.text.find("juin 2021 – aujourd’hui"), std::string::npos) << fr.text;
  EXPECT_NE(fr.text.find("Page 1 sur 1"), std::string::npos) << fr.text;
  EXPECT_NE(fr.text.find("EXPÉRIENCE"), std::string::npos) << fr.text;
  EXPECT_NE(fr.objects.find("/Lang (fr)"), std::string::npos);

  auto de = render("de.yaml", one_item("Jonas Weiß", "Berufserfahrung", "Beispiel GmbH",
                                       "          - Entwicklung der Suchplattform und Migration der Daten mit dem Team.\n"
                                       "          - Verantwortlich für die Planung und den Betrieb der Systeme bei den Kunden.\n"));
  ASSERT_EQ(de.result.status, 0) << de.result.err;
  EXPECT_NE(de.result.err.find("language: de (detected"), std::string::npos) << de.result.err;
  EXPECT_NE(de.text.find("Juni 2021 – heute"), std::string::npos) << de.text;
  EXPECT_NE(de.text.find("Seite 1 von 1"), std::string::npos) << de.text;
  EXPECT_NE(de.objects.find("/Lang (de)"), std::string::npos);
}

TEST(Language, TheTextExportsHeadingsAreInCapitalsByIcu) {
  const std::string dir = temp_dir();
  write_file(dir + "/fr.yaml", "languages: [fr]\nperson: {name: Marie Dubois}\nsections:\n"
                               "  - title: Expérience\n    bullets: [Conception des services]\n"
                               "  - title: Straße\n    bullets: [Berlin]\n");
  Result r = run(cvpdf() + " '" + dir + "/fr.yaml' -o '" + dir + "/fr.txt'");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = read_file(dir + "/fr.txt");
  EXPECT_NE(text.find("EXPÉRIENCE"), std::string::npos) << text;
  EXPECT_NE(text.find("STRASSE"), std::string::npos) << text;
}

TEST(Language, CheckWarnsOfWordsALanguageLacks) {
  const std::string dir = temp_dir();
  write_file(dir + "/sv.yaml", "languages: [sv]\nperson: {name: Sven Svensson}\nsections:\n"
                               "  - title: Erfarenhet\n    bullets: [Utveckling]\n");
  Result r = run(cvpdf() + " check '" + dir + "/sv.yaml'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("no 'sv' words for"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("dates.sv.present"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("dates.sv.months"), std::string::npos) << r.err;  // ICU has Swedish month names
}

}  // namespace
}  // namespace cvpdf::test
