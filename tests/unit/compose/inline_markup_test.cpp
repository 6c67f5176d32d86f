// The inline markup parser (compose/inline_markup.hpp): every construct of
// the subset, escapes, stray stars, nesting, malformed markup reported at
// its marker and set literally, the HTML of JSON Resume files, the bold
// keywords and the link schemes.
#include <gtest/gtest.h>

#include <cstdio>

#include "compose/inline_markup.hpp"
#include "work_count.hpp"


namespace cvpdf::compose::markup {
namespace {

// Inside a TEST, `Run` is gtest's Test::Run.
using Runs = std::vector<Run>;

// The runs as "text" with marks: [b] bold, [i] italic, [bi], [c] code, {link}.
std::string shape(const std::vector<Run>& runs) {
  std::string s;
  for (const auto& r : runs) {
    std::string marks;
    if (r.bold && r.italic) marks = "bi";
    else if (r.bold) marks = "b";
    else if (r.italic) marks = "i";
    if (r.code) marks += "c";
    s += "<" + marks + (r.link.empty() ? "" : "{" + r.link + "}") + ">" + r.text;
  }
  return s;
}

std::string shape(std::string_view source) { return shape(parse(source).runs); }

TEST(InlineMarkup, PlainTextIsOneRun) {
  const Parsed p = parse("Plain text, nothing marked.");
  ASSERT_EQ(p.runs.size(), 1u);
  EXPECT_EQ(p.runs[0].text, "Plain text, nothing marked.");
  EXPECT_TRUE(p.problems.empty());
}

// Each construct and their nesting: the source and its runs.
struct Shaped {
  const char* source;
  const char* runs;
};
constexpr Shaped kConstructs[] = {
    {"a **b** c", "<>a <b>b<> c"},
    {"a *b* c", "<>a <i>b<> c"},
    {"a ***b*** c", "<>a <bi>b<> c"},
    {"run `torch_npu.init()` now", "<>run <c>torch_npu.init()<> now"},
    {"``a ` b``", "<c>a ` b"},
    {"`` `x` ``", "<c>`x`"},
    {"**bold *and italic* bold**", "<b>bold <bi>and italic<b> bold"},
    {"*it **both** it*", "<i>it <bi>both<i> it"},
    {"**bold `code`**", "<b>bold <bc>code"},
    {"[**bold** link](https://a.example)", "<b{https://a.example}>bold<{https://a.example}> link"},
    {"intra**word**s", "<>intra<b>word<>s"},
    {"see [the paper](https://arxiv.org/abs/1) now", "<>see <{https://arxiv.org/abs/1}>the paper<> now"},
    {"[](https://x.example)", "<{https://x.example}>https://x.example"},
    {"[a](https://en.wikipedia.org/wiki/C_(language))", "<{https://en.wikipedia.org/wiki/C_(language)}>a"},
};

TEST(InlineMarkup, EveryConstructAndTheirNesting) {
  for (const auto& c : kConstructs) {
    const Parsed p = parse(c.source);
    EXPECT_EQ(shape(p.runs), c.runs) << c.source;
    EXPECT_TRUE(p.problems.empty()) << c.source;
  }
}

TEST(InlineMarkup, BracketsThatAreNoLinkAreText) {
  // Brackets that are no link stay text, with no warning.
  const Parsed p = parse("cited [1] and [C++] and [x]");
  EXPECT_EQ(shape(p.runs), "<>cited [1] and [C++] and [x]");
  EXPECT_TRUE(p.problems.empty());
}

TEST(InlineMarkup, EscapesAreLiteral) {
  EXPECT_EQ(shape("\\*not italic\\*"), "<>*not italic*");
  EXPECT_EQ(shape("\\*\\*x\\*\\* \\` \\[a\\](b) \\\\"), "<>**x** ` [a](b) \\");
  // A backslash before anything but ASCII punctuation is a backslash: paths stay.
  EXPECT_EQ(shape("C:\\Users\\ada"), "<>C:\\Users\\ada");
}

TEST(InlineMarkup, StrayStarsAndUnderscoresAreText) {
  for (const char* s : {"5 * 3 = 15", "rated 4.5* by users", "a ** b", "****", "torch_npu and causal_conv1d",
                        "_not emphasis_", "__nor this__", "# not a heading", "- not a list"}) {
    const Parsed p = parse(s);
    EXPECT_EQ(plain_text(p.runs), s) << s;
    ASSERT_EQ(p.runs.size(), 1u) << s;
    EXPECT_FALSE(p.runs[0].bold || p.runs[0].italic || p.runs[0].code) << s;
    EXPECT_TRUE(p.problems.empty()) << s;
  }
  // A lone opening star is a star, not a warning.
  const Parsed lone = parse("*footnote");
  EXPECT_EQ(plain_text(lone.runs), "*footnote");
  EXPECT_TRUE(lone.problems.empty());
}

TEST(InlineMarkup, MalformedMarkupWarnsAtItsMarkerAndIsSetLiterally) {
  const Parsed unclosed = parse("set **unclosed here");
  EXPECT_EQ(plain_text(unclosed.runs), "set **unclosed here");
  ASSERT_EQ(unclosed.problems.size(), 1u);
  EXPECT_EQ(unclosed.problems[0].offset, 4u);
  EXPECT_NE(unclosed.problems[0].message.find("'**' is not closed"), std::string::npos);

  const Parsed link = parse("a [label](https://x.example and more");
  EXPECT_EQ(plain_text(link.runs), "a [label](https://x.example and more");
  ASSERT_EQ(link.problems.size(), 1u);
  EXPECT_EQ(link.problems[0].offset, 9u);  // the '(' that is not closed

  const Parsed code = parse("x `open");
  EXPECT_EQ(plain_text(code.runs), "x `open");
  ASSERT_EQ(code.problems.size(), 1u);
  EXPECT_EQ(code.problems[0].offset, 2u);

  const Parsed closer = parse("nothing** here");
  EXPECT_EQ(plain_text(closer.runs), "nothing** here");
  ASSERT_EQ(closer.problems.size(), 1u);
  EXPECT_EQ(closer.problems[0].offset, 7u);

  const Parsed spaced = parse("[a](has space)");
  EXPECT_EQ(plain_text(spaced.runs), "[a](has space)");
  EXPECT_EQ(spaced.problems.size(), 1u);
}

TEST(InlineMarkup, HtmlMapsToTheSubsetOrIsDroppedWithAWarning) {
  EXPECT_EQ(shape("<b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <code>c</code>"), "<b>b<> <b>s<> <i>i<> <i>e<> <c>c");
  EXPECT_EQ(shape("<a href=\"https://x.example/?a=1&amp;b=2\">site</a>"), "<{https://x.example/?a=1&b=2}>site");
  EXPECT_EQ(shape("one<br>two<br/>three"), "<>one\ntwo\nthree");
  EXPECT_EQ(shape("<p>first</p><p>second</p>"), "<>first\nsecond");
  const Parsed img = parse("before <img src=\"x.png\"/> after <span>s</span>");
  EXPECT_EQ(plain_text(img.runs), "before  after s");
  ASSERT_EQ(img.problems.size(), 2u);
  EXPECT_NE(img.problems[0].message.find("<img>"), std::string::npos);
  EXPECT_EQ(img.problems[0].offset, 7u);
  EXPECT_NE(img.problems[1].message.find("<span>"), std::string::npos);
  // Angle brackets around what is no HTML element are text: generic types.
  const Parsed generic = parse("List<T>, std::vector<int>, Option<String>, Map<K, V>");
  EXPECT_EQ(plain_text(generic.runs), "List<T>, std::vector<int>, Option<String>, Map<K, V>");
  EXPECT_TRUE(generic.problems.empty());
  // "<" that starts no tag is text.
  EXPECT_EQ(plain_text(parse("a < b, <3, x<y").runs), "a < b, <3, x<y");
  EXPECT_TRUE(parse("a < b, <3").problems.empty());
}

TEST(InlineMarkup, EntitiesAreDecoded) {
  EXPECT_EQ(plain_text(parse("R&amp;D &lt;tag&gt; &quot;q&quot; it&#39;s a&nbsp;b &#x4E2D;").runs),
            "R&D <tag> \"q\" it's a\u00A0b 中");
  EXPECT_EQ(plain_text(parse("AT&T & co &bogus;").runs), "AT&T & co &bogus;");
}

TEST(InlineMarkup, RunsKnowWhereTheirTextStarts) {
  const Parsed p = parse("ab **cd** ef");
  ASSERT_EQ(p.runs.size(), 3u);
  EXPECT_EQ(p.runs[1].offset, 5u);
  EXPECT_EQ(p.runs[2].offset, 9u);  // " ef", after the closing stars
}

TEST(InlineMarkup, CjkTextTakesMarkupToo) {
  EXPECT_EQ(shape("负责**昇腾**算子与*性能*优化"), "<>负责<b>昇腾<>算子与<i>性能<>优化");
}

TEST(InlineMarkup, BoldKeywordsInWholeWordsOnly) {
  Runs runs = parse("CUDA and CUDAGraph, NVCUDA, (CUDA), CUDA-based, `CUDA`, Ascend.").runs;
  apply_bold_keywords(runs, {"CUDA", "Ascend"});
  EXPECT_EQ(shape(runs), "<b>CUDA<> and CUDAGraph, NVCUDA, (<b>CUDA<>), <b>CUDA<>-based, <c>CUDA<>, <b>Ascend<>.");
  Runs cased = parse("cuda Cuda").runs;
  apply_bold_keywords(cased, {"CUDA"});
  EXPECT_EQ(shape(cased), "<>cuda Cuda");
  // CJK keywords match inside a run of ideographs: there are no word boundaries.
  Runs cjk = parse("基于昇腾平台").runs;
  apply_bold_keywords(cjk, {"昇腾"});
  EXPECT_EQ(shape(cjk), "<>基于<b>昇腾<>平台");
  // The longer keyword wins where both match.
  Runs longer = parse("CUDA Graph").runs;
  apply_bold_keywords(longer, {"CUDA", "CUDA Graph"});
  EXPECT_EQ(shape(longer), "<b>CUDA Graph");
}

// A stand-in for text::typographic: straight double quotes curled by
// what precedes them (opening at the start or after a space).
std::string curl(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '"') {
      out += s[i];
      continue;
    }
    out += (i == 0 || s[i - 1] == ' ') ? "\u201C" : "\u201D";
  }
  return out;
}

TEST(InlineMarkup, RewritingSeesAcrossRunsAndLeavesCodeAlone) {
  Runs runs = parse("\"**yes**\" and `\"raw\"` then \"*it*\"").runs;
  rewrite_text(runs, curl);
  EXPECT_EQ(shape(runs), "<>\u201C<b>yes<>\u201D and <c>\"raw\"<> then \u201C<i>it<>\u201D");
}

TEST(InlineMarkup, LinkSchemes) {
  bool allowed = false;
  EXPECT_EQ(link_target("https://a.example", &allowed), "https://a.example");
  EXPECT_TRUE(allowed);
  EXPECT_EQ(link_target("http://a.example"), "http://a.example");
  EXPECT_EQ(link_target("mailto:ada@a.example"), "mailto:ada@a.example");
  EXPECT_EQ(link_target("tel:+441234"), "tel:+441234");
  EXPECT_EQ(link_target("github.com/ada"), "https://github.com/ada");  // as person.links
  EXPECT_EQ(link_target("localhost:8080/x"), "https://localhost:8080/x");
  for (const char* bad : {"javascript:alert(1)", "file:///etc/passwd", "ftp://x.example", "data:text/html,x", "#top",
                          "/relative"}) {
    EXPECT_EQ(link_target(bad, &allowed), "") << bad;
    EXPECT_FALSE(allowed) << bad;
  }
}

// Linear in the text for the shapes that were not: unclosed links and
// brackets scanned to the end from each one, and a field of bold keywords
// copied whole into each of its pieces. The work of N and 2N bytes is
// counted (instructions, under callgrind), not timed.
std::uint64_t markup_work(const std::string& text) {
  return cvpdf::testing::instructions([&] {
    Parsed parsed = parse(text);
    apply_bold_keywords(parsed.runs, {"CUDA"});
    apply_typography(parsed.runs, "en", false);
  });
}

TEST(MarkupLinearTime, UnclosedLinksBracketsAndManyKeywords) {
  CVPDF_COUNT_WORK();
  markup_work("warm-up: \"quotes\" and [links](https://example.com) CUDA");
  for (const std::string unit : {"[a](", "[[a ", "`a [", "CUDA x ", "**a ", "\"a "}) {
    std::string once, twice;
    while (once.size() < 8000) once += unit;
    twice = once + once;
    const std::uint64_t w1 = markup_work(once), w2 = markup_work(twice);
    std::printf("work: '%s' × %zu bytes: %llu instructions, twice as many: %llu\n", unit.c_str(), once.size(),
                static_cast<unsigned long long>(w1), static_cast<unsigned long long>(w2));
    EXPECT_LT(static_cast<double>(w2) / static_cast<double>(w1), 2.5)
        << "'" << unit << "': not linear (" << w1 << " instructions, then " << w2 << ")";
  }
}

}  // namespace
}  // namespace cvpdf::compose::markup
