// End to end for Chinese, Japanese and Korean: the showcase's zh variant and
// the ja, ko and CJK-name examples rendered by the real binary, checked for
// their text (pdftotext), their embedded regional CJK faces (pdffonts) and
// the document language (/Lang, XMP dc:language).
#include <gtest/gtest.h>

#include <map>

#include "run.hpp"

namespace cvpdf::test {
namespace {

struct Rendered {
  std::string pdf;
  Result result;
};

// Each input rendered once for the whole suite; `args` picks the variant.
const Rendered& rendered(const std::string& input, const std::string& args = {}) {
  static std::map<std::string, Rendered> cache;
  const std::string key = input + " " + args;
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  Rendered r;
  r.pdf = temp_dir() + "/out.pdf";
  r.result = run("SOURCE_DATE_EPOCH=1700000000 " + cvpdf() + " '" + source(input) + "' " + args + " -o '" + r.pdf + "'");
  return cache.emplace(key, r).first->second;
}

void expect_clean(const Rendered& r) {
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_EQ(r.result.err, "");
  Result check = run("qpdf --check '" + r.pdf + "'");
  EXPECT_EQ(check.status, 0) << check.out;
}

void expect_contains(const std::string& text, const std::vector<std::string>& needles) {
  for (const auto& n : needles) EXPECT_NE(text.find(n), std::string::npos) << "missing \"" << n << "\" in: " << text;
}

std::string fonts_of(const Rendered& r) { return run("pdffonts '" + r.pdf + "'").out; }

TEST(RenderCjk, ChineseVariantKeepsItsTextAndPunctuation) {
  const auto& r = rendered("resume.yaml", "--lang zh");
  expect_clean(r);
  const std::string text = pdf_text(r.pdf);
  // Full-width marks squeezed or halved at line ends still extract as typed.
  expect_contains(text, {"华为昇腾训练系统工程师，中国科学技术大学计算机科学硕士。", "调优及 L2 Cache",
                         "（Qwen3.5-35B）的 SFT 性能", "0.72×。", "专家并行（Expert Parallel）", "一等奖（决赛）"});
  // No line of the extracted text starts with a mark CLREQ keeps off a line
  // start. mupdf's lines, not poppler's: poppler starts a new line where a
  // squeezed bracket's box overlaps the next mark's ("）、" mid-line, the
  // bracket's blank taken back by the TJ), which is its heuristic, not a
  // break in the PDF.
  Result raw = run("mutool draw -F text -o - '" + r.pdf + "' 2>/dev/null");
  ASSERT_EQ(raw.status, 0);
  for (const char* mark : {"\n，", "\n。", "\n、", "\n；", "\n：", "\n）", "\n」"})
    EXPECT_EQ(raw.out.find(mark), std::string::npos) << "a line starts with " << (mark + 1);
  const std::string fonts = fonts_of(r);
  EXPECT_NE(fonts.find("NotoSansCJKsc-Regular"), std::string::npos) << fonts;
  const std::string objects = pdf_objects(r.pdf);
  EXPECT_NE(objects.find("/Lang (zh-Hans)"), std::string::npos);
  EXPECT_NE(objects.find("<dc:language><rdf:Bag><rdf:li>zh-Hans</rdf:li></rdf:Bag></dc:language>"), std::string::npos);
}

TEST(RenderCjk, JapaneseExampleUsesJapaneseFaces) {
  const auto& r = rendered("examples/ja.yaml");
  expect_clean(r);
  const std::string text = pdf_text(r.pdf);
  expect_contains(text, {"佐藤 美咲", "職歴", "シニア機械学習エンジニア", "現在",
                         "社内勉強会「分散学習入門」を主催し、延べ 120 名が参加。", "京都大学大学院 情報学研究科"});
  const std::string fonts = fonts_of(r);
  EXPECT_NE(fonts.find("NotoSansCJKjp-Regular"), std::string::npos) << fonts;
  EXPECT_NE(fonts.find("NotoSansCJKjp-Bold"), std::string::npos) << fonts;
  EXPECT_EQ(fonts.find("NotoSansCJKsc"), std::string::npos) << "Japanese text set in the Chinese face:\n" << fonts;
  const std::string objects = pdf_objects(r.pdf);
  EXPECT_NE(objects.find("/Lang (ja)"), std::string::npos);
  EXPECT_NE(objects.find("<rdf:li>ja</rdf:li>"), std::string::npos);
}

TEST(RenderCjk, KoreanExampleUsesKoreanFacesAndBreaksBetweenWords) {
  const auto& r = rendered("examples/ko.yaml");
  expect_clean(r);
  const std::string text = pdf_text(r.pdf);
  expect_contains(text, {"김민준", "경력", "시니어 백엔드 엔지니어", "2020.03 – 현재",
                         "Kafka 기반 이벤트 파이프라인을 설계하여 초당 50만 건의 메시지를 안정적으로 처리했습니다."});
  // Lines end between words only: every line of the summary ends at a word
  // the source has whole.
  Result raw = run("pdftotext -enc UTF-8 '" + r.pdf + "' -");
  const std::string source_words =
      " 대규모 트래픽을 처리하는 분산 시스템과 데이터 플랫폼을 설계하고 운영해 온 백엔드 엔지니어입니다. 안정적인 서비스 "
      "운영과 측정 가능한 성능 개선을 중요하게 생각하며, Go와 Kotlin으로 마이크로서비스를 개발해 왔습니다. ";
  std::size_t at = raw.out.find("대규모");
  ASSERT_NE(at, std::string::npos);
  std::size_t end = raw.out.find("\n\n", at);
  std::string summary = raw.out.substr(at, end - at);
  std::size_t from = 0;
  for (std::size_t nl; (nl = summary.find('\n', from)) != std::string::npos; from = nl + 1) {
    std::size_t word_start = summary.rfind(' ', nl);
    std::string last_word = summary.substr(word_start == std::string::npos ? 0 : word_start + 1,
                                           nl - (word_start == std::string::npos ? 0 : word_start + 1));
    EXPECT_NE(source_words.find(" " + last_word + " "), std::string::npos) << "a line ends inside a word: " << last_word;
  }
  const std::string fonts = fonts_of(r);
  EXPECT_NE(fonts.find("NotoSansCJKkr-Regular"), std::string::npos) << fonts;
  EXPECT_NE(pdf_objects(r.pdf).find("/Lang (ko)"), std::string::npos);
}

TEST(RenderCjk, EnglishResumeWithAChineseName) {
  const auto& r = rendered("examples/cjk-name.yaml");
  expect_clean(r);
  const std::string text = pdf_text(r.pdf);
  expect_contains(text, {"Lin Yutong 林雨桐", "Mandarin (普通话)", "复旦大学 Fudan University", "Mandarin Chinese (中文)"});
  const std::string fonts = fonts_of(r);
  EXPECT_NE(fonts.find("NotoSansCJKsc"), std::string::npos) << fonts;
  EXPECT_NE(fonts.find("Lato-Regular"), std::string::npos) << fonts;
  EXPECT_NE(pdf_objects(r.pdf).find("/Lang (en)"), std::string::npos);
}

TEST(RenderCjk, ExamplesPassCheckWithoutWarnings) {
  for (const char* example : {"examples/ja.yaml", "examples/ko.yaml", "examples/cjk-name.yaml"}) {
    Result r = run(cvpdf() + " check '" + source(example) + "'");
    EXPECT_EQ(r.status, 0) << example << ": " << r.err;
    EXPECT_EQ(r.err, "") << example;
  }
}

// The Noto CJK faces of Debian's fonts-noto-cjk are found at their
// packaged place without fontconfig (which would parse its whole
// configuration first): with a configuration that knows no font at all,
// the Chinese variant still sets its Han characters in Noto Sans CJK SC.
TEST(CjkFonts, PackagedCjkFacesAreFoundWithoutFontconfig) {
  const std::string dir = temp_dir();
  write_file(dir + "/fonts.conf", "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n");
  const std::string pdf = dir + "/zh.pdf";
  Result r = run("FONTCONFIG_FILE='" + dir + "/fonts.conf' " + cvpdf() + " '" + source("resume.yaml") +
                 "' --lang zh -o '" + pdf + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  Result fonts = run("pdffonts '" + pdf + "'");
  EXPECT_NE(fonts.out.find("NotoSansCJKsc-Regular"), std::string::npos) << fonts.out;
  EXPECT_NE(fonts.out.find("NotoSansCJKsc-Bold"), std::string::npos) << fonts.out;
}

}  // namespace
}  // namespace cvpdf::test
