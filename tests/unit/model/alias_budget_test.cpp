// The budget on the text a document expands to: a long text aliased over and
// over is a handful of nodes but megabytes to set, so the reader counts every
// text once per place it appears, aliases expanded, and refuses the document
// at the alias that crosses the limit — before the loader, let alone the
// typesetter, sees a copy. Plain files, however large, and real use of
// aliases stay under it.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "model/yaml_tree.hpp"
#include "test_support.hpp"
#include "work_count.hpp"

namespace cvpdf::model {
namespace {

using testing::load;

// A text of `bytes` bytes of words.
std::string words(std::size_t bytes) {
  std::string s;
  while (s.size() < bytes) s += "lorem ipsum dolor sit amet ";
  s.resize(bytes);
  s.back() = 'x';
  return s;
}

// The reproduction of issue #26: a text of `bytes` bytes anchored, a list of
// ten aliases to it, ten aliased entries, ten aliased sections — a thousand
// copies of the text in under 2,000 nodes, aliases expanded. With `aliases` false every alias is a
// short text instead: the same structure, written out, at the same size.
std::string text_bomb(std::size_t bytes, bool aliases = true) {
  const std::string t = aliases ? "*t" : "tt";
  std::string s = "person:\n  name: Ada\n  summary: &t \"" + words(bytes) + "\"\nsections:\n";
  s += "  - &s\n    title: A\n    entries:\n      - &e\n        org: X\n        bullets: [";
  for (int i = 0; i < 10; ++i) s += (i ? ", " : "") + t;
  s += "]\n";
  for (int i = 0; i < 9; ++i) s += aliases ? "      - *e\n" : "      - {org: X, bullets: [a]}\n";
  for (int i = 0; i < 9; ++i) s += aliases ? "  - *s\n" : "  - {title: A, entries: [{org: X}]}\n";
  return s;
}

TEST(AliasBudget, TenKilobytesAliasedAThousandTimesIsRefusedAtTheAlias) {
  // 10 MB of text once expanded (it took 9 s and 1.1 GB to set). Each
  // section is 1,024,000 bytes of it, so the fourth aliased section (line
  // 23) crosses 4 MB.
  auto l = load(text_bomb(10 * 1024));
  EXPECT_FALSE(l.resume);
  const Diagnostic* d = l.error("too much text (alias expansion?)");
  ASSERT_NE(d, nullptr) << l.dump();
  EXPECT_EQ(d->span.to_string(), "resume.yaml:23:5");
  EXPECT_EQ(d->hint,
            "with every alias (*name) written out, the document's texts come to more than 4.0 MB; an alias that "
            "repeats a long text, many times over, does that");
}

TEST(AliasBudget, TheSameDocumentWrittenOutLoads) {
  auto l = load(text_bomb(10 * 1024, false));
  EXPECT_TRUE(l.resume) << l.dump();
}

// "c: <filler>\na: &a <text>\nb: [*a × 62]\n": keys c, a and b, the text 63
// times, and a filler making the whole exactly `total` bytes of text.
std::string aliased_to(std::size_t total) {
  const std::size_t text = 64 * 1024;
  const std::string filler(total - 3 - 63 * text, 'f');
  std::string s = "c: " + filler + "\na: &a " + std::string(text, 'x') + "\nb: [";
  for (int i = 0; i < 62; ++i) s += i ? ", *a" : "*a";
  return s + "]\n";
}

TEST(AliasBudget, ADocumentAtTheLimitLoadsAndOneByteMoreIsRefused) {
  const std::size_t limit = detail::Limits{}.min_expanded_text;
  {
    Diagnostics diags;
    auto doc = detail::parse_yaml(aliased_to(limit), "r.yaml", diags);
    ASSERT_TRUE(doc) << diags.all().front().format();
    EXPECT_EQ(doc->root.find("b")->children.size(), 62u);
  }
  Diagnostics diags;
  EXPECT_FALSE(detail::parse_yaml(aliased_to(limit + 1), "r.yaml", diags));
  ASSERT_EQ(diags.all().size(), 1u);
  // At the last alias: "b: [" and 61 times "*a, " before it.
  EXPECT_EQ(diags.all()[0].format().substr(0, 48), "r.yaml:3:249: error: too much text (alias expans");
}

TEST(AliasBudget, AFileWithoutAliasesIsNeverRefused) {
  // The limit is at least twice the file's size: "\L" writes three bytes with
  // two, the most text a file can hold without aliases.
  detail::Limits small;
  small.min_expanded_text = 1024;
  std::string s = "a: \"";
  for (int i = 0; i < 2000; ++i) s += "\\L";
  s += "\"\nb: [" + std::string(1000, 'y') + "]\n";
  Diagnostics diags;
  auto doc = detail::parse_yaml(s, "r.yaml", diags, small);
  ASSERT_TRUE(doc) << diags.all().front().format();
  EXPECT_EQ(doc->root.find("a")->text().size(), 6000u);
  // Twice the file's size in aliases is refused all the same.
  s += "c: &c " + std::string(1000, 'z') + "\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n";
  Diagnostics refused;
  EXPECT_FALSE(detail::parse_yaml(s, "r.yaml", refused, small));
  ASSERT_FALSE(refused.all().empty());
  EXPECT_EQ(refused.all()[0].message, "too much text (alias expansion?)");
  EXPECT_EQ(refused.all()[0].span.to_string(), "r.yaml:4:21");
}

TEST(AliasBudget, KeysAndMergedMappingsCount) {
  // A mapping with a long key, merged into others: the keys are text too.
  // Each merge brings 1005 bytes (<<, the key, v, n and a digit), all but
  // five of them the key's: the eighth, at line 10, crosses 8 KB at its alias.
  detail::Limits small;
  small.min_expanded_text = 8 * 1024;
  std::string s = "a: &a {" + std::string(1000, 'k') + ": v}\nb:\n";
  for (int i = 0; i < 10; ++i) s += "  - {<<: *a, n: " + std::to_string(i) + "}\n";
  Diagnostics diags;
  EXPECT_FALSE(detail::parse_yaml(s, "r.yaml", diags, small));
  ASSERT_FALSE(diags.all().empty());
  EXPECT_EQ(diags.all()[0].message, "too much text (alias expansion?)");
  EXPECT_EQ(diags.all()[0].span.to_string(), "r.yaml:10:10");
}

std::uint64_t work_to_read(const std::string& text, bool refused) {
  return cvpdf::testing::instructions([&] {
    Diagnostics diags;
    EXPECT_EQ(load_resume(text, "r.yaml", "/base", diags).has_value(), !refused);
  });
}

TEST(AliasBudget, RefusingCostsWorkInTheInputNotInTheExpansion) {
  // Refusing the 10 KB and 100 KB files (10 and 100 MB expanded) costs no
  // more than reading the same structure written out does (0.7 and 0.8 times
  // it), and ten times the input about ten times the work. Before the budget
  // the loader read every copy: 3.3 and 2.1 times the written-out file, and
  // that was before the typesetter set them.
  CVPDF_COUNT_WORK();
  work_to_read(text_bomb(1024, false), false);
  const std::uint64_t plain10 = work_to_read(text_bomb(10 * 1024, false), false);
  const std::uint64_t bomb10 = work_to_read(text_bomb(10 * 1024), true);
  const std::uint64_t plain100 = work_to_read(text_bomb(100 * 1024, false), false);
  const std::uint64_t bomb100 = work_to_read(text_bomb(100 * 1024), true);
  std::printf("work: 10 KB: %llu (written out %llu), 100 KB: %llu (written out %llu)\n",
              static_cast<unsigned long long>(bomb10), static_cast<unsigned long long>(plain10),
              static_cast<unsigned long long>(bomb100), static_cast<unsigned long long>(plain100));
  EXPECT_LT(static_cast<double>(bomb10), 1.5 * static_cast<double>(plain10));
  EXPECT_LT(static_cast<double>(bomb100), 1.5 * static_cast<double>(plain100));
  EXPECT_LT(static_cast<double>(bomb100), 15.0 * static_cast<double>(bomb10));
}

}  // namespace
}  // namespace cvpdf::model
