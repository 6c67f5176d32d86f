// End to end: three readers a user meets — poppler's pdftotext, mupdf's
// `mutool draw -F txt` and pdf.js (getTextContent, as its viewer joins the
// items) — each give back the source text of the showcase (resume.yaml, en
// and zh), of the rich example (examples/rich.yaml, en and zh) and of the
// Japanese example (examples/ja.yaml): every shown value whole and in its
// entry's order, after the normalisation text_layer_check.cpp states
// (white space runs one space, a soft hyphen and the line end after it
// dropped, a line end after a hyphen-minus dropped). What a reader cannot
// be made to give is named in kExceptions with the reason; an exception
// that no longer happens fails the test too, so the list stays true.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run.hpp"
#include "text_layer_check.hpp"

namespace cvpdf::test {
namespace {

const std::vector<Variant> kVariants = {{"resume.yaml", "en", ""},
                                        {"resume.yaml", "zh", ""},
                                        {"examples/rich.yaml", "en", ""},
                                        {"examples/rich.yaml", "zh", ""},
                                        {"examples/ja.yaml", "ja", ""}};

const std::vector<Reader> kReaders = {Reader::Poppler, Reader::Mupdf, Reader::Pdfjs};

// A problem line text_layer_problems reports that a reader cannot be made
// not to, with why.
struct Exception {
  Reader reader;
  std::string variant;  // Variant::name()
  std::string problem;  // the whole line
  const char* why;
};

// pdf.js 4 drops U+00AD (a Cf character: getTextContent skips invisible
// format marks) and ignores /ActualText, so a word the breaker divided at
// a line end reaches its user as two pieces on two lines ("syn" /
// "chronization") however the PDF marks it; mupdf keeps the soft hyphen
// (the normalisation joins there) and poppler reads the /ActualText. A
// value holding such a word is "missing or not whole", its pieces stray.
const char* const kPdfjsDividedWord =
    "pdf.js drops the soft hyphen (Cf) and ignores /ActualText: a divided word reads as two pieces";

// Where Han or kana meets Latin letters or digits the typesetting puts a
// quarter-em gap (clreq/JLReq), drawn as positioning; mupdf and pdf.js
// read a gap that wide as a word space (pdf.js past 0.102 em) and ignore
// the /ActualText that spans it, so "サンプルAI" reads "サンプル AI". Only a
// glyph whose own advance covers the gap would stop them, and it would
// carry a character of its own into the text.
const char* const kCjkLatinGap =
    "mupdf and pdf.js read the quarter-em Han/kana-Latin gap as a space and ignore /ActualText";

const std::string kEn = "resume.yaml en";
const std::string kJa = "examples/ja.yaml ja";

const std::vector<Exception> kExceptions = {
    // The showcase's divided words in the default theme: "syn-chronization",
    // "communi-cation", "Mi-croarchitectures", "auto-mation".
    {Reader::Pdfjs, kEn,
     "missing or not whole: \"Added GDN chunk-size 128 support and optimized solve-tril, KKT, RMSNormGated, and "
     "CV-core synchronization; tuned CPU affinity, removed two-node SP2 communication, fused RMSNorm, and upgraded "
     "CANN.\"",
     kPdfjsDividedWord},
    {Reader::Pdfjs, kEn,
     "missing or not whole: \"Enabled direct GPU-memory access with CUDA-aware MPI and overlapped computation and "
     "communication using streams and buffers.\"",
     kPdfjsDividedWord},
    {Reader::Pdfjs, kEn,
     "missing or not whole: \"Quantifying Throughput of Basic Blocks on ARM Microarchitectures by Static Code "
     "Analyzers: A Case Study on Kunpeng 920\"",
     kPdfjsDividedWord},
    {Reader::Pdfjs, kEn,
     "missing or not whole: \"I embrace AI through hands-on projects that accelerate technical understanding and "
     "development automation: mapping technology evolution, tracking delivery, organizing stateful agent teams, and "
     "exploring performance-model-driven optimization.\"",
     kPdfjsDividedWord},
    {Reader::Pdfjs, kEn, "a stray word: \"syn\"", kPdfjsDividedWord},
    {Reader::Pdfjs, kEn, "a stray word: \"chronization\"", kPdfjsDividedWord},
    {Reader::Pdfjs, kEn, "a stray word: \"communi\"", kPdfjsDividedWord},
    {Reader::Pdfjs, kEn, "a stray word: \"cation\"", kPdfjsDividedWord},
    {Reader::Pdfjs, kEn, "a stray word: \"mi\"", kPdfjsDividedWord},
    {Reader::Pdfjs, kEn, "a stray word: \"croarchitectures\"", kPdfjsDividedWord},
    {Reader::Pdfjs, kEn, "a stray word: \"auto\"", kPdfjsDividedWord},
    {Reader::Pdfjs, kEn, "a stray word: \"mation\"", kPdfjsDividedWord},
    // The Chinese showcase's one English title divided: "Mi-croarchitectures".
    {Reader::Pdfjs, "resume.yaml zh",
     "missing or not whole: \"Quantifying Throughput of Basic Blocks on ARM Microarchitectures by Static Code "
     "Analyzers: A Case Study on Kunpeng 920\"",
     kPdfjsDividedWord},
    {Reader::Pdfjs, "resume.yaml zh", "a stray word: \"mi\"", kPdfjsDividedWord},
    {Reader::Pdfjs, "resume.yaml zh", "a stray word: \"croarchitectures\"", kPdfjsDividedWord},
    // The Japanese example's kana-Latin and digit-kanji joins, both readers.
    {Reader::Mupdf, kJa, "missing or not whole: \"株式会社サンプルAI\"", kCjkLatinGap},
    {Reader::Mupdf, kJa, "missing or not whole: \"2019年\"", kCjkLatinGap},
    {Reader::Mupdf, kJa, "missing or not whole: \"2018年\"", kCjkLatinGap},
    {Reader::Mupdf, kJa, "missing or not whole: \"TOEIC 900点\"", kCjkLatinGap},
    {Reader::Mupdf, kJa, "a stray word: \"株式会社サンプル\"", kCjkLatinGap},
    {Reader::Mupdf, kJa, "a stray word: \"ai\"", kCjkLatinGap},
    {Reader::Mupdf, kJa, "a stray word: \"点\"", kCjkLatinGap},
    {Reader::Pdfjs, kJa, "missing or not whole: \"株式会社サンプルAI\"", kCjkLatinGap},
    {Reader::Pdfjs, kJa, "missing or not whole: \"2019年\"", kCjkLatinGap},
    {Reader::Pdfjs, kJa, "missing or not whole: \"2018年\"", kCjkLatinGap},
    {Reader::Pdfjs, kJa, "missing or not whole: \"TOEIC 900点\"", kCjkLatinGap},
    {Reader::Pdfjs, kJa, "a stray word: \"株式会社サンプル\"", kCjkLatinGap},
    {Reader::Pdfjs, kJa, "a stray word: \"ai\"", kCjkLatinGap},
    {Reader::Pdfjs, kJa, "a stray word: \"点\"", kCjkLatinGap},
};

bool excepted(Reader reader, const Variant& v, const std::string& problem, std::set<std::size_t>& used) {
  for (std::size_t i = 0; i < kExceptions.size(); ++i) {
    const Exception& e = kExceptions[i];
    if (e.reader == reader && e.variant == v.name() && e.problem == problem) {
      used.insert(i);
      return true;
    }
  }
  return false;
}

TEST(ThreeReaders, EachGivesBackTheSourceText) {
  ASSERT_TRUE(pdfjs_installed()) << "pdf.js is not installed beside tests/readers/pdfjs_text.mjs: run scripts/setup.sh";
  std::set<std::size_t> used;
  for (const Variant& v : kVariants) {
    for (Reader reader : kReaders) {
      std::istringstream lines(text_layer_problems(v, reader));
      std::string left;
      for (std::string line; std::getline(lines, line);)
        if (!excepted(reader, v, line, used)) left += line + "\n";
      EXPECT_EQ(left, "") << reader_name(reader) << " on " << v.name();
    }
  }
  for (std::size_t i = 0; i < kExceptions.size(); ++i)
    EXPECT_TRUE(used.count(i)) << "exception no longer needed: " << reader_name(kExceptions[i].reader) << " on "
                               << kExceptions[i].variant << ": " << kExceptions[i].problem;
}

// A publication's label is read before its citation, its contact icons as
// their words, by every reader.
TEST(ThreeReaders, LabelsBeforeTheirTextAndIconsAsWords) {
  ASSERT_TRUE(pdfjs_installed()) << "pdf.js is not installed beside tests/readers/pdfjs_text.mjs: run scripts/setup.sh";
  struct Case {
    Variant variant;
    std::vector<std::string> phrases;  // folded: lower case, white space one space
  };
  const std::vector<Case> cases = {
      {{"resume.yaml", "en", ""}, {"[1] s. tan", "[2] q. jiang", "[3] q. jiang"}},
      {{"examples/rich.yaml", "en", ""}, {"[1] l. wei"}},
      {{"examples/rich.yaml", "en", "moderncv"}, {"location beijing"}},
      {{"resume.yaml", "en", "sidebar"}, {"email"}},
  };
  for (const Case& c : cases) {
    for (Reader reader : kReaders) {
      std::string text = folded_text(c.variant, reader);
      // "Location: Beijing" (poppler's /ActualText) and "Location Beijing"
      // (mupdf's and pdf.js's ToUnicode head) are the same words.
      for (std::size_t at; (at = text.find(':')) != std::string::npos;) text.erase(at, 1);
      EXPECT_EQ(text.find("\uFFFD"), std::string::npos) << reader_name(reader) << " on " << c.variant.name();
      for (const std::string& phrase : c.phrases)
        EXPECT_NE(text.find(phrase), std::string::npos)
            << reader_name(reader) << " on " << c.variant.name() << " lacks \"" << phrase << "\" in " << text;
    }
  }
}

}  // namespace
}  // namespace cvpdf::test
