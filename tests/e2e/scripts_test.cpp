// End to end: complex scripts (issue #29). A résumé in English with
// Devanagari, Thai, Arabic and Hebrew phrases is rendered once; pdftotext
// and mupdf (`mutool draw -F txt`), which read each glyph by its code's
// ToUnicode entry (mupdf ignores /ActualText), give every source word back
// (compared in NFC): "दुनिया", not "दुनिनया", whose ि is drawn before the
// न it follows. Each phrase sits in a structure element whose /Lang is its
// language, read with pikepdf (span_languages.py). A long Thai paragraph,
// which has no spaces, breaks its lines only between words (ICU's Thai
// dictionary word boundaries).
#include <gtest/gtest.h>
#include <unicode/brkiter.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <memory>
#include <set>
#include <sstream>
#include <vector>

#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* const kDevanagari = "नमस्ते दुनिया हिन्दी कर्म विद्यालय स्थापत्य";
const char* const kThai = "ภาษาไทย น้ำ ที่ ผู้ใหญ่ ข้อมูล ดูแล กรุงเทพมหานคร";
const char* const kArabic = "مرحبا بالعالم";
const char* const kHebrew = "שלום עולם";
// Thai words with no space between them, long enough for several lines.
const char* const kThaiParagraph =
    "ประเทศไทยมีประวัติศาสตร์ยาวนานและวัฒนธรรมที่หลากหลายผู้คนในกรุงเทพมหานครทำงานหนักทุกวัน"
    "นักพัฒนาซอฟต์แวร์เขียนโปรแกรมสำหรับระบบจัดเก็บข้อมูลขนาดใหญ่และดูแลความปลอดภัยของเครือข่าย"
    "ทีมงานของเราออกแบบสถาปัตยกรรมใหม่เพื่อให้บริการมีความเสถียรและรวดเร็วยิ่งขึ้นสำหรับลูกค้าทุกคน";

std::string normalised(const std::string& s, bool compatibility) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n =
      compatibility ? icu::Normalizer2::getNFKCInstance(status) : icu::Normalizer2::getNFCInstance(status);
  std::string out;
  n->normalize(icu::UnicodeString::fromUTF8(s), status).toUTF8String(out);
  EXPECT_TRUE(U_SUCCESS(status));
  return out;
}
std::string nfc(const std::string& s) { return normalised(s, false); }
// mupdf reads each glyph by its code: a Thai SARA AM, drawn as NIKHAHIT and
// SARA AA, as those two (pdf/cluster_pieces.hpp), its NFKC equivalent.
std::string nfkc(const std::string& s) { return normalised(s, true); }

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

struct Rendered {
  std::string pdf, poppler, mupdf;
};

const Rendered& rendered() {
  static const Rendered r = [] {
    const std::string dir = temp_dir();
    const std::string yaml = dir + "/scripts.yaml";
    write_file(yaml, std::string("languages: [en]\n"
                                 "person:\n  name: Asha Example\n  headline: Storage engineer\n"
                                 "sections:\n  - title: Languages\n    entries:\n") +
                         "      - role: Hindi\n        bullets:\n          - \"Hindi: " + kDevanagari + "\"\n" +
                         "      - role: Thai\n        bullets:\n          - \"Thai: " + kThai + "\"\n" +
                         "          - \"" + kThaiParagraph + "\"\n" +
                         "      - role: Arabic\n        bullets:\n          - \"Arabic: " + kArabic + "\"\n" +
                         "      - role: Hebrew\n        bullets:\n          - \"Hebrew: " + kHebrew + "\"\n");
    Rendered out;
    out.pdf = dir + "/scripts.pdf";
    const Result made = run(cvpdf() + " '" + yaml + "' -o '" + out.pdf + "'");
    EXPECT_EQ(made.status, 0) << made.err;
    out.poppler = run("pdftotext -enc UTF-8 '" + out.pdf + "' -").out;
    const Result mutool = run("mutool draw -q -F txt -o - '" + out.pdf + "'");
    EXPECT_EQ(mutool.status, 0) << mutool.err;
    out.mupdf = mutool.out;
    return out;
  }();
  return r;
}

void expect_words(const std::string& phrase) {
  const Rendered& r = rendered();
  const std::string poppler = nfc(r.poppler), mupdf = nfkc(r.mupdf);
  for (const std::string& word : words(phrase)) {
    EXPECT_NE(poppler.find(nfc(word)), std::string::npos) << "pdftotext lost " << word << " in:\n" << r.poppler;
    EXPECT_NE(mupdf.find(nfkc(word)), std::string::npos) << "mutool lost " << word << " in:\n" << r.mupdf;
  }
}

TEST(ComplexScripts, DevanagariExtractsAsTheSourceInPopplerAndMupdf) { expect_words(kDevanagari); }

TEST(ComplexScripts, ThaiExtractsAsTheSourceInPopplerAndMupdf) { expect_words(kThai); }

TEST(ComplexScripts, NoReaderDoublesABaseConsonant) {
  // The defect this guards against: the first glyph of "नि" read as the
  // whole cluster and the न drawn after it as itself once more.
  EXPECT_EQ(rendered().poppler.find("दुनिनया"), std::string::npos);
  EXPECT_EQ(rendered().mupdf.find("दुनिनया"), std::string::npos);
}

// The offsets of `text` where ICU's Thai dictionary puts word boundaries.
std::set<std::size_t> thai_word_ends(const icu::UnicodeString& text) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> words(icu::BreakIterator::createWordInstance(icu::Locale("th"), status));
  EXPECT_TRUE(U_SUCCESS(status));
  words->setText(text);
  std::set<std::size_t> out;
  for (int32_t at = words->first(); at != icu::BreakIterator::DONE; at = words->next())
    out.insert(static_cast<std::size_t>(at));
  return out;
}

TEST(ComplexScripts, ThaiLinesBreakBetweenWords) {
  // The paragraph's lines as mupdf reads them (pdftotext reads the
  // paragraph as one /ActualText, with no line ends): their lengths in
  // characters (NFKC, as the source is compared) put every line end at a
  // word boundary of the source.
  const icu::UnicodeString source = icu::UnicodeString::fromUTF8(nfkc(kThaiParagraph));
  const std::set<std::size_t> ends = thai_word_ends(source);
  const icu::UnicodeString head = source.tempSubString(0, 6);
  std::istringstream in(rendered().mupdf);
  std::vector<std::size_t> line_ends;
  std::size_t length = 0;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    icu::UnicodeString u = icu::UnicodeString::fromUTF8(nfkc(line)).trim();
    // The bullet, drawn before its item's first line, leads that line or
    // stands apart.
    const icu::UnicodeString bullet = icu::UnicodeString::fromUTF8("\u2022");
    if (u.startsWith(bullet)) u = icu::UnicodeString(u, bullet.length()).trim();
    if (!inside && u.startsWith(head)) inside = true;
    if (!inside || u.isEmpty()) continue;
    if (u.charAt(0) < 0x0E00 || u.charAt(0) > 0x0E7F) break;  // past the paragraph
    length += static_cast<std::size_t>(u.length());
    line_ends.push_back(length);
  }
  ASSERT_EQ(length, static_cast<std::size_t>(source.length())) << "the paragraph did not come back whole:\n"
                                                                 << rendered().mupdf;
  ASSERT_GE(line_ends.size(), 3u) << "the paragraph should take several lines";
  for (std::size_t end : line_ends) EXPECT_TRUE(ends.count(end)) << "a line ends inside a word, at " << end;
}

TEST(ComplexScripts, EachPhraseHasItsLanguage) {
  const Result spans = run("'" + source("tests/e2e/span_languages.py") + "' '" + rendered().pdf + "'");
  ASSERT_EQ(spans.status, 0) << spans.err;
  // Every word of each phrase lies in an element of the phrase's language.
  const std::vector<std::pair<std::string, std::string>> phrases = {
      {"hi", kDevanagari}, {"th", kThai}, {"ar", kArabic}, {"he", kHebrew}};
  for (const auto& [lang, phrase] : phrases) {
    std::string under;  // all text under elements with /Lang `lang`
    std::istringstream in(spans.out);
    for (std::string line; std::getline(in, line);)
      if (line.rfind(lang + "\t", 0) == 0) under += line.substr(lang.size() + 1) + "\n";
    for (const std::string& word : words(phrase))
      EXPECT_NE(nfkc(under).find(nfkc(word)), std::string::npos) << word << " is not under /Lang " << lang
                                                                << "; elements with /Lang:\n" << spans.out;
  }
  // And no English word is.
  EXPECT_EQ(spans.out.find("Hindi"), std::string::npos) << spans.out;
  EXPECT_EQ(spans.out.find("Storage"), std::string::npos) << spans.out;
}

TEST(ComplexScripts, PassesThePdfUaChecker) {
  const Result check = run("'" + source("tests/e2e/pdf_ua_check.py") + "' '" + rendered().pdf + "'");
  EXPECT_EQ(check.status, 0) << check.out << check.err;
}

}  // namespace
}  // namespace cvpdf::test
