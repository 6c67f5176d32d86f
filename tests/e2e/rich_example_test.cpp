// examples/rich.yaml, the résumé that uses all of issue 12 — markup,
// networks with icons, typographic punctuation — rendered by the binary in
// both languages: no warning, no mark of the markup left in the text,
// quotes curly and ranges with an en dash.
#include <gtest/gtest.h>

#include "run.hpp"

namespace cvpdf::test {
namespace {

TEST(RichExample, RendersInBothLanguagesWithItsMarksTypeset) {
  const std::string dir = temp_dir();
  const Result r = run(cvpdf() + " '" + source("examples/rich.yaml") + "' --all -o '" + dir + "/rich-{lang}.pdf'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
  const std::string en = pdf_text(dir + "/rich-en.pdf");
  const std::string zh = pdf_text(dir + "/rich-zh.pdf");
  for (const std::string* text : {&en, &zh}) {
    for (const char* mark : {"**", "*", "`", "<b>", "](", "\""})
      EXPECT_EQ(text->find(mark), std::string::npos) << "'" << mark << "' left in:\n" << *text;
    EXPECT_NE(text->find("2022\u20132023"), std::string::npos) << *text;
    EXPECT_NE(text->find("12\u201315"), std::string::npos) << *text;
    EXPECT_NE(text->find("Why \u201CFast\u201D Kernels Stall? SC 2023. doi:10.1145/3581784.3607000"), std::string::npos)
        << *text;
  }
  EXPECT_NE(en.find("\u201Cmeasure, don\u2019t guess\u201D"), std::string::npos) << en;
  EXPECT_NE(en.find("Lately I\u2019ve written"), std::string::npos) << en;
  EXPECT_NE(zh.find("\u201C\u5148\u6D4B\u91CF"), std::string::npos) << zh;  // “先测量
  // The Intern's one-month range is written once.
  EXPECT_NE(en.find("Jul 2020"), std::string::npos) << en;
  EXPECT_EQ(en.find("Jul 2020 \u2013 Jul 2020"), std::string::npos) << en;
}

}  // namespace
}  // namespace cvpdf::test
