// End to end: numbered entries (`- number:` counts 1, 2, 3 down the
// section's numbered entries shown in the variant, `- reversed_number:`
// counts down to 1), in English and Chinese. The PDF's text reads each
// number before its text, in order; the number hangs left of the text, whose
// lines all start at one x (glyph boxes, mupdf); each entry is an LI of its
// section's list, its number the Lbl; the plain-text and Markdown exports
// number them alike; `cvpdf convert` keeps them; and a RenderCV file's
// NumberedEntry and ReversedNumberedEntry come in as numbered entries.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "pdf_boxes.hpp"
#include "pdf_structure.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// The second patent is long enough to wrap, in both languages; the fourth
// is only in zh and the first talk only in en, so each variant counts its
// own.
const char* const kResume = R"(languages: [en, zh]
person:
  name: {en: Ada Example, zh: 艾达}
sections:
  - title: {en: Patents, zh: 专利}
    entries:
      - number: {en: "Adaptive quantization for inference on edge devices", zh: "边缘设备推理的自适应量化"}
      - number:
          en: "Wrapping register allocation across basic blocks with lazy destruction of the static single assignment form, long enough that its second line shows where a numbered entry's lines begin: under its text, never under its number"
          zh: "跨基本块的寄存器分配与静态单赋值形式的惰性析构，这一条专利足够长，长到必须换行，好让人看清楚第二行从哪里开始：在正文之下，而不是在编号之下，编号始终悬挂在正文的左边"
      - number: {en: "Dynamic sparsity for torch_npu attention", zh: "注意力的动态稀疏"}
      - number: {en: "A patent of the Chinese variant", zh: "仅中文版的专利"}
        only: zh
  - title: {en: Talks, zh: 报告}
    entries:
      - reversed_number: "Keynote, LLVM Developers' Meeting"
        only: en
      - reversed_number: {en: "Compilers in 2024, RustConf", zh: "2024 年的编译器，RustConf"}
      - reversed_number: {en: "SSA for everyone, FOSDEM", zh: "人人都能用的 SSA，FOSDEM"}
      - reversed_number: {en: "Why LLVM, Meetup Berlin", zh: "为什么选 LLVM，柏林聚会"}
  - title: {en: Notes, zh: 备注}
    entries:
      - {en: "A paragraph before the list.", zh: "列表前的一段话。"}
      - number: {en: "First note", zh: "第一条"}
      - number: {en: "Second note", zh: "第二条"}
      - {en: "A paragraph after the list.", zh: "列表后的一段话。"}
)";

const std::string kLong =
    "Wrapping register allocation across basic blocks with lazy destruction of the static single assignment form, "
    "long enough that its second line shows where a numbered entry's lines begin: under its text, never under its "
    "number";

struct Numbered {
  std::string label, text;
};

// What each variant shows of the first two sections, in order.
std::vector<Numbered> expected(const std::string& lang) {
  if (lang == "en")
    return {{"1.", "Adaptive quantization for inference on edge devices"},
            {"2.", kLong},
            {"3.", "Dynamic sparsity for torch_npu attention"},
            {"4.", "Keynote, LLVM Developers\u2019 Meeting"},
            {"3.", "Compilers in 2024, RustConf"},
            {"2.", "SSA for everyone, FOSDEM"},
            {"1.", "Why LLVM, Meetup Berlin"}};
  return {{"1.", "边缘设备推理的自适应量化"},
          {"2.", "跨基本块的寄存器分配与静态单赋值形式的惰性析构，这一条专利足够长，长到必须换行，好让人看清楚第二行从哪里开"
                 "始：在正文之下，而不是在编号之下，编号始终悬挂在正文的左边"},
          {"3.", "注意力的动态稀疏"},
          {"4.", "仅中文版的专利"},
          {"3.", "2024 年的编译器，RustConf"},
          {"2.", "人人都能用的 SSA，FOSDEM"},
          {"1.", "为什么选 LLVM，柏林聚会"}};
}

// The text's first bytes, a whole character last: a long text's line ends
// may be hyphenated, its first words are not.
std::string start_of(const std::string& text) {
  std::size_t n = std::min<std::size_t>(text.size(), 24);
  while (n < text.size() && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n);
}

std::string resume_file() {
  static const std::string path = [] {
    const std::string file = temp_dir() + "/numbered.yaml";
    write_file(file, kResume);
    return file;
  }();
  return path;
}

// `cvpdf FILE --lang LANG [--theme THEME] -o OUT.ext`, once per output.
std::string rendered(const std::string& lang, const std::string& ext, const std::string& theme = "") {
  static std::map<std::string, std::string> cache;
  const std::string key = lang + "." + ext + "." + theme;
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  const std::string out = temp_dir() + "/numbered-" + lang + (theme.empty() ? "" : "-" + theme) + "." + ext;
  const std::string options = " --lang " + lang + (theme.empty() ? "" : " --theme " + theme);
  const Result r = run(cvpdf() + " -q '" + resume_file() + "'" + options + " -o '" + out + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  return cache[key] = out;
}

// ---- the PDF's text ---------------------------------------------------------

class NumberedEntries : public ::testing::TestWithParam<std::string> {};

TEST_P(NumberedEntries, ThePdfReadsEachNumberBeforeItsTextInOrder) {
  const std::string& lang = GetParam();
  const std::string text = folded(pdf_text(rendered(lang, "pdf")));
  std::size_t from = 0;
  for (const auto& [label, value] : expected(lang)) {
    const std::string start = folded(label + " " + start_of(value));
    const std::size_t at = text.find(start, from);
    EXPECT_NE(at, std::string::npos) << "'" << start << "' not after the numbers before it in " << text;
    if (at != std::string::npos) from = at + start.size();
  }
  // An entry the variant leaves out is not counted: one more patent in
  // zh, one more talk in en; never a fifth of either.
  EXPECT_EQ(text.find(folded(lang == "en" ? "仅中文版" : "Keynote")), std::string::npos);
  EXPECT_EQ(text.find("5."), std::string::npos) << text;
  EXPECT_NE(text.find(folded("1. " + std::string(lang == "en" ? "First note" : "第一条"))), std::string::npos) << text;
}

// The words of a page by baseline (rounded to a quarter point), left to right.
std::map<long, std::vector<Word>> rows(const Page& page) {
  std::map<long, std::vector<Word>> out;
  for (const Word& w : distinct_words(page)) out[std::lround(w.box.y1 * 4)].push_back(w);
  for (auto& [y, words] : out)
    std::sort(words.begin(), words.end(), [](const Word& a, const Word& b) { return a.box.x0 < b.box.x0; });
  return out;
}

// The topmost row of `page` that begins with the label, and its words.
std::optional<std::pair<long, std::vector<Word>>> row_of(const std::map<long, std::vector<Word>>& by_row,
                                                         const std::string& label) {
  for (const auto& [y, words] : by_row)
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
      if (words[i].text == label) return std::make_pair(y, std::vector<Word>(words.begin() + i, words.end()));
  return std::nullopt;
}

void expect_hanging(const std::string& lang, const std::string& theme) {
  const std::string where = lang + (theme.empty() ? "" : " --theme " + theme);
  const GlyphBoxes glyphs = read_glyph_boxes(rendered(lang, "pdf", theme));
  ASSERT_TRUE(glyphs.error.empty()) << glyphs.error;
  ASSERT_FALSE(glyphs.pages.empty());
  const auto by_row = rows(glyphs.pages[0]);
  // The patents 1., 2. and 3.: each number, then its text beside it, the
  // texts starting at one x.
  std::optional<double> text_x;
  std::map<std::string, long> baseline;
  double label_x0 = 0;
  for (const char* label : {"1.", "2.", "3."}) {
    const auto row = row_of(by_row, label);
    ASSERT_TRUE(row) << where << ": no line begins with " << label;
    const Word& number = row->second[0];
    const Word& first = row->second[1];
    EXPECT_LT(number.box.x1, first.box.x0) << where << ": " << label << " runs into '" << first.text << "'";
    if (!text_x) {
      text_x = first.box.x0;
      label_x0 = number.box.x0;
    }
    EXPECT_NEAR(first.box.x0, *text_x, 0.5) << where << ": the text of " << label << " starts elsewhere";
    baseline[label] = row->first;
  }
  // The long second patent wraps; its lines (between the rows of 2. and
  // 3.) start under its text, right of the numbers.
  int wrapped = 0;
  for (const auto& [y, words] : by_row) {
    if (y <= baseline["2."] || y >= baseline["3."]) continue;
    const auto in_column =
        std::find_if(words.begin(), words.end(), [&](const Word& w) { return w.box.x0 >= label_x0; });
    if (in_column == words.end()) continue;  // a sidebar's words
    ++wrapped;
    EXPECT_NEAR(in_column->box.x0, *text_x, 0.5)
        << where << ": the line '" << in_column->text << "' of the long patent";
  }
  EXPECT_GE(wrapped, 1) << where << ": the long patent does not wrap";
}

TEST_P(NumberedEntries, TheNumbersHangLeftOfTheText) { expect_hanging(GetParam(), ""); }

TEST(NumberedEntriesThemes, TheNumbersHangLeftOfTheTextInEveryTheme) {
  for (const std::string& theme : listed_themes()) expect_hanging("en", theme);
}

TEST_P(NumberedEntries, EachIsAListItemLabelledWithItsNumber) {
  const std::string& lang = GetParam();
  const TaggedPdf pdf = read_tagged_pdf(rendered(lang, "pdf"));
  ASSERT_EQ(pdf.error, "");
  const Violations v = check_all(pdf);
  EXPECT_TRUE(v.empty()) << v.size() << " violations, the first: " << (v.empty() ? "" : v.front());
  const auto& nodes = pdf.struct_nodes;
  std::vector<int> lists;  // the L of each numbered entry, in order
  for (const auto& [label, value] : expected(lang)) {
    const std::string body = folded(start_of(value));
    int found = -1;
    for (std::size_t i = 0; i < nodes.size() && found < 0; ++i) {
      const auto& kids = nodes[i].children;
      if (nodes[i].role != "LI" || kids.size() != 2) continue;
      const auto& lbl = nodes[static_cast<std::size_t>(kids[0])];
      const auto& lbody = nodes[static_cast<std::size_t>(kids[1])];
      if (lbl.role == "Lbl" && lbody.role == "LBody" && folded(subtree_text(nodes, kids[0])) == folded(label) &&
          folded(subtree_text(nodes, kids[1])).rfind(body, 0) == 0)
        found = static_cast<int>(i);
    }
    EXPECT_GE(found, 0) << "no LI of Lbl '" << label << "' and LBody '" << value << "'\n" << pdf.struct_text;
    if (found >= 0) lists.push_back(nodes[static_cast<std::size_t>(found)].parent);
  }
  // A section's numbered entries are one list: the patents (three in en,
  // four in zh), then the talks.
  ASSERT_EQ(lists.size(), 7u);
  const std::size_t patents = lang == "en" ? 3 : 4;
  for (std::size_t i = 0; i < lists.size(); ++i)
    EXPECT_EQ(lists[i], lists[i < patents ? 0 : patents]) << "entry " << i << " is in a list of its own";
  EXPECT_NE(lists[0], lists[patents]);
}

// ---- the exports --------------------------------------------------------------

void expect_in(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "'" << part << "' not in\n" << text;
}

// The en talks, counted down from the four en shows.
const char* const kTalks =
    "4. Keynote, LLVM Developers\u2019 Meeting\n3. Compilers in 2024, RustConf\n"
    "2. SSA for everyone, FOSDEM\n1. Why LLVM, Meetup Berlin\n";

TEST(NumberedEntriesExport, PlainTextNumbersThemAsThePdfDoes) {
  const std::string en = read_file(rendered("en", "txt"));
  // Its apostrophe set as the PDF sets it.
  const std::string long_text = kLong.substr(0, kLong.find('\'')) + "\u2019" + kLong.substr(kLong.find('\'') + 1);
  expect_in(en, "PATENTS\n\n1. Adaptive quantization for inference on edge devices\n2. " + long_text +
                    "\n3. Dynamic sparsity for torch_npu attention\n\nTALKS\n\n" + kTalks);
  const std::string zh = read_file(rendered("zh", "txt"));
  expect_in(zh, "1. 边缘设备推理的自适应量化\n2. 跨基本块");
  expect_in(zh, "3. 注意力的动态稀疏\n4. 仅中文版的专利\n");
  expect_in(zh, "3. 2024 年的编译器，RustConf\n2. 人人都能用的 SSA，FOSDEM\n1. 为什么选 LLVM，柏林聚会\n");
}

// A Markdown ordered list counts up from its first number whatever the
// later ones say: a list counting down is paragraphs whose numbers are
// text ("3\\."), so a renderer shows 4, 3, 2, 1 and not 4, 5, 6, 7.
TEST(NumberedEntriesExport, MarkdownMakesThemAnOrderedListEscapedAsTheOtherKinds) {
  const std::string en = read_file(rendered("en", "md"));
  expect_in(en, "## Patents\n\n1. Adaptive quantization for inference on edge devices\n2. Wrapping register");
  expect_in(en, "\n3. Dynamic sparsity for torch\\_npu attention\n\n## Talks\n\n"
                "4\\. Keynote, LLVM Developers\u2019 Meeting\n\n3\\. Compilers in 2024, RustConf\n\n"
                "2\\. SSA for everyone, FOSDEM\n\n1\\. Why LLVM, Meetup Berlin\n");
  const std::string zh = read_file(rendered("zh", "md"));
  expect_in(zh, "## 专利\n\n1. 边缘设备推理的自适应量化\n");
  expect_in(zh, "## 报告\n\n3\\. 2024 年的编译器，RustConf\n\n");
}

// Numbered entries among paragraphs are a list of their own, an empty line
// before and after it (in Markdown, no paragraph runs into it).
TEST(NumberedEntriesExport, AListBetweenParagraphsStandsApart) {
  for (const char* ext : {"txt", "md"})
    expect_in(read_file(rendered("en", ext)),
              "A paragraph before the list.\n\n1. First note\n2. Second note\n\nA paragraph after the list.\n");
}

// ---- convert and RenderCV ---------------------------------------------------------

TEST(NumberedEntriesConvert, ConvertKeepsThemInEveryLanguage) {
  const std::string dir = temp_dir();
  const Result c = run(cvpdf() + " convert '" + resume_file() + "' -o '" + dir + "/converted.yaml'");
  ASSERT_EQ(c.status, 0) << c.err;
  const std::string yaml = read_file(dir + "/converted.yaml");
  EXPECT_NE(yaml.find("number:"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("reversed_number:"), std::string::npos) << yaml;
  for (const char* lang : {"en", "zh"}) {
    const std::string out = dir + "/converted-" + lang + ".txt";
    const Result r = run(cvpdf() + " -q '" + dir + "/converted.yaml' --lang " + lang + " -o '" + out + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(read_file(out), read_file(rendered(lang, "txt"))) << lang << "\n" << yaml;
  }
  // Converted again, it is the same file (but for the first line, which
  // names the file converted).
  const Result again = run(cvpdf() + " convert '" + dir + "/converted.yaml'");
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out.substr(again.out.find('\n')), yaml.substr(yaml.find('\n')));
}

TEST(NumberedEntriesConvert, RenderCvNumberedEntriesComeInAsNumberedEntries) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", R"(cv:
  name: Jane Roe
  sections:
    patents:
      - number: Method for incremental register allocation
      - number: Lazy SSA destruction
    talks:
      - reversed_number: Compilers in 2024, RustConf
      - reversed_number: SSA for everyone, FOSDEM
      - reversed_number: Why LLVM, Meetup Berlin
)");
  const Result c = run(cvpdf() + " convert '" + dir + "/cv.yaml' -o '" + dir + "/converted.yaml'");
  ASSERT_EQ(c.status, 0) << c.err;
  const std::string yaml = read_file(dir + "/converted.yaml");
  // The entries as RenderCV had them, no number glued into the text.
  EXPECT_NE(yaml.find("number: Method for incremental register allocation\n"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("reversed_number: Why LLVM, Meetup Berlin\n"), std::string::npos) << yaml;
  EXPECT_EQ(yaml.find("1. "), std::string::npos) << yaml;
  const std::string want =
      "1. Method for incremental register allocation\n2. Lazy SSA destruction\n\nTALKS\n\n"
      "3. Compilers in 2024, RustConf\n2. SSA for everyone, FOSDEM\n1. Why LLVM, Meetup Berlin\n";
  for (const char* input : {"cv.yaml", "converted.yaml"}) {
    const std::string out = dir + "/" + input + ".txt";
    const Result r = run(cvpdf() + " -q '" + dir + "/" + input + "' -o '" + out + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(read_file(out).find(want), std::string::npos) << input << "\n" << read_file(out);
  }
  // On the page, a list whose items are labelled with their numbers.
  const Result r = run(cvpdf() + " -q '" + dir + "/cv.yaml' -o '" + dir + "/cv.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  const TaggedPdf pdf = read_tagged_pdf(dir + "/cv.pdf");
  ASSERT_EQ(pdf.error, "");
  int labels = 0;
  for (std::size_t i = 0; i < pdf.struct_nodes.size(); ++i)
    if (pdf.struct_nodes[i].role == "Lbl" && folded(subtree_text(pdf.struct_nodes, static_cast<int>(i))) == "3.")
      ++labels;
  EXPECT_EQ(labels, 1) << pdf.struct_text;
}

INSTANTIATE_TEST_SUITE_P(Languages, NumberedEntries, ::testing::Values("en", "zh"));

}  // namespace
}  // namespace cvpdf::test
