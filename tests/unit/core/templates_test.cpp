// The `{key}` templater, and fmt's number formatting against printf's.
#include <clocale>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/templates.hpp"
#include "core/utf8.hpp"

namespace cvpdf {
namespace {

TEST(Templates, ExpandsKeysInOnePass) {
  const TemplateValues values{{"page", "2"}, {"pages", "3"}};
  EXPECT_EQ(expand_template("Page {page} of {pages}", values), "Page 2 of 3");
  EXPECT_EQ(expand_template("第 {page} 页，共 {pages} 页", values), "第 2 页，共 3 页");
  EXPECT_EQ(expand_template("{page}{page}", values), "22");
  // A value is never scanned again: an input named "{lang}.yaml" stays so.
  EXPECT_EQ(expand_template("out/{name}-{lang}.pdf", {{"name", "{lang}"}, {"lang", "en"}}), "out/{lang}-en.pdf");
}

TEST(Templates, KeepsUnknownKeysAndStrayBraces) {
  const TemplateValues values{{"name", "cv"}};
  EXPECT_EQ(expand_template("{nmae}.pdf", values), "{nmae}.pdf");
  EXPECT_EQ(expand_template("a{b", values), "a{b");
  EXPECT_EQ(expand_template("a}b{", values), "a}b{");
  EXPECT_EQ(expand_template("{x{name}", values), "{xcv");
  EXPECT_EQ(expand_template("", values), "");
}

TEST(Templates, DoubledBracesAreLiteral) {
  const TemplateValues values{{"name", "cv"}};
  EXPECT_EQ(expand_template("{{name}}-{name}", values), "{name}-cv");
  EXPECT_EQ(expand_template("{{{name}}}", values), "{cv}");
  EXPECT_TRUE(unknown_template_keys("{{nmae}}", values).empty());
}

TEST(Templates, NamesUnknownKeysForTheCaller) {
  const TemplateValues values{{"name", "cv"}, {"lang", "en"}};
  EXPECT_EQ(unknown_template_keys("out/{nmae}-{lang}-{pgae}.pdf", values),
            (std::vector<std::string>{"nmae", "pgae"}));
  EXPECT_TRUE(unknown_template_keys("out/{name}.pdf", values).empty());
  EXPECT_EQ(template_keys_hint(values), "the keys are {name}, {lang}; write {{ and }} for literal braces");
}

TEST(Utf8, CodeNames) {
  EXPECT_EQ(utf8::code_name(U'A'), "U+0041");
  EXPECT_EQ(utf8::code_name(0x1F600), "U+1F600");
}

// The messages that moved from printf to fmt must read as before: fmt's
// fixed and general formats round like glibc's printf and ignore the locale.
TEST(FmtNumbers, FloatsAsPrintfGaveThem) {
  const double values[] = {0.0, -0.0, 0.5, 1.0, 1.005, 2.675, 0.125, 0.0625, 12.345, -3.14159, 100.0,
                           0.9, 1.25, 1e-7, 123456.789, 1e21, 65535.9999, 7.05, -0.04, 0.3};
  const char* formats[][2] = {{"%.1f", "{:.1f}"}, {"%.2f", "{:.2f}"}, {"%.3f", "{:.3f}"}, {"%g", "{:g}"}};
  // printf in the C locale made the old messages; fmt must match it even
  // when the process runs in a comma locale (tried if one is installed).
  std::vector<std::string> expected;
  for (double v : values)
    for (const auto& f : formats) {
      char c[64];
      std::snprintf(c, sizeof c, f[0], v);
      expected.emplace_back(c);
    }
  const char* previous = std::setlocale(LC_NUMERIC, nullptr);
  const std::string saved = previous ? previous : "C";
  if (!std::setlocale(LC_NUMERIC, "de_DE.UTF-8")) std::setlocale(LC_NUMERIC, "fr_FR.UTF-8");
  std::size_t i = 0;
  for (double v : values)
    for (const auto& f : formats) EXPECT_EQ(fmt::format(fmt::runtime(f[1]), v), expected[i++]) << f[0] << " " << v;
  std::setlocale(LC_NUMERIC, saved.c_str());
  EXPECT_EQ(fmt::format("{}", 1234567), "1234567");  // no grouping
  EXPECT_EQ(fmt::format("{:02X}{:04X}", 0xAu, 0xBEEFu), "0ABEEF");
}

}  // namespace
}  // namespace cvpdf
