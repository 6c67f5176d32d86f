// MarkupMemo (compose/markup_memo.hpp): a remembered reading is what
// reading the text afresh gives, for every text, read once or again, and
// under another language, keyword list or quote style.
#include <gtest/gtest.h>

#include "compose/markup_memo.hpp"

namespace cvpdf::compose {
namespace {

markup::Parsed read_afresh(const std::string& source, const std::vector<std::string>& keywords,
                           const std::string& language, bool corner) {
  markup::Parsed parsed = markup::parse(source);
  markup::apply_bold_keywords(parsed.runs, keywords);
  markup::apply_typography(parsed.runs, language, corner);
  return parsed;
}

void expect_same(const markup::Parsed& a, const markup::Parsed& b) {
  ASSERT_EQ(a.runs.size(), b.runs.size());
  for (std::size_t i = 0; i < a.runs.size(); ++i) {
    EXPECT_EQ(a.runs[i].text, b.runs[i].text);
    EXPECT_EQ(a.runs[i].bold, b.runs[i].bold);
    EXPECT_EQ(a.runs[i].italic, b.runs[i].italic);
    EXPECT_EQ(a.runs[i].code, b.runs[i].code);
    EXPECT_EQ(a.runs[i].link, b.runs[i].link);
    EXPECT_EQ(a.runs[i].offset, b.runs[i].offset);
  }
  ASSERT_EQ(a.problems.size(), b.problems.size());
  for (std::size_t i = 0; i < a.problems.size(); ++i) {
    EXPECT_EQ(a.problems[i].offset, b.problems[i].offset);
    EXPECT_EQ(a.problems[i].message, b.problems[i].message);
  }
}

const std::vector<std::string> kTexts = {
    "Plain text, nothing marked.",
    "Built **CUDA** kernels with \"quotes\" and it's 2019-2023 -- *fast*",
    "A [link](example.com) and `code \"kept\"` and a stray * star",
    "Unclosed **bold and [bad](javascript:alert(1))",
    "在 CUDA 上训练“大模型”",
    "",
};

TEST(MarkupMemo, ReadsAsAfresh) {
  MarkupMemo memo;
  const std::vector<std::string> keywords = {"CUDA", "kernels"};
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& text : kTexts) {
      SCOPED_TRACE(text);
      expect_same(memo.read(text, keywords, "en", false), read_afresh(text, keywords, "en", false));
    }
  EXPECT_EQ(memo.size(), kTexts.size());
}

TEST(MarkupMemo, AnotherContextIsReadAgain) {
  MarkupMemo memo;
  const std::vector<std::string> none;
  const std::vector<std::string> cuda = {"CUDA"};
  const std::string& text = kTexts[1];
  expect_same(memo.read(text, none, "en", false), read_afresh(text, none, "en", false));
  expect_same(memo.read(text, cuda, "en", false), read_afresh(text, cuda, "en", false));
  expect_same(memo.read(text, cuda, "de", false), read_afresh(text, cuda, "de", false));
  expect_same(memo.read(text, cuda, "ja", true), read_afresh(text, cuda, "ja", true));
  expect_same(memo.read(text, cuda, "ja", false), read_afresh(text, cuda, "ja", false));
  EXPECT_EQ(memo.size(), 1u);
}

}  // namespace
}  // namespace cvpdf::compose
