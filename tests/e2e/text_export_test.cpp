// The plain text and Markdown exports as their readers take them: the
// Markdown read by a real CommonMark parser (cmark, Debian's package), whose
// blocks must be the export's blocks — the headline, the contacts, an
// item's lines each a paragraph of its own, never run together; and a
// network's username with the network's name, as the PDF writes it.
#include <gtest/gtest.h>

#include <algorithm>

#include "run.hpp"

namespace cvpdf::test {
namespace {

// cmark's HTML for `markdown` (a file).
std::string commonmark_html(const std::string& markdown) {
  Result r = run("cmark '" + markdown + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  return r.out;
}

// The paragraphs of cmark's HTML, as written between <p> and </p>.
std::vector<std::string> paragraphs(const std::string& html) {
  std::vector<std::string> out;
  for (std::size_t at = html.find("<p>"); at != std::string::npos; at = html.find("<p>", at)) {
    const std::size_t end = html.find("</p>", at);
    out.push_back(html.substr(at + 3, end - at - 3));
    at = end;
  }
  return out;
}

TEST(TextExport, MarkdownBlocksStayApartInCommonMark) {
  const std::string dir = temp_dir();
  for (const std::string input : {"examples/rich.yaml", "examples/jsonresume.json", "examples/academic.yaml",
                                  "tests/formats/rendercv/sb2nov.yaml"}) {
    const std::string md = dir + "/cv.md";
    Result r = run(cvpdf() + " -q '" + source(input) + "' -o '" + md + "'");
    ASSERT_EQ(r.status, 0) << input << "\n" << r.err;
    const std::string html = commonmark_html(md);
    // A line break inside a paragraph is one CommonMark joined to the line
    // before: two of the export's lines made one.
    const auto found = paragraphs(html);
    ASSERT_GT(found.size(), 3u) << input << "\n" << html;
    for (const auto& p : found) EXPECT_EQ(p.find('\n'), std::string::npos) << input << ": joined lines: " << p;
    // Nor does a list item take in the line after it (its own text, up to
    // the list of its sub-bullets, if it has one).
    for (std::size_t at = html.find("<li>"); at != std::string::npos; at = html.find("<li>", at + 1)) {
      const std::size_t end = std::min(html.find("</li>", at), html.find("\n<ul>", at));
      const std::string item = html.substr(at, end - at);
      EXPECT_EQ(item.find('\n'), std::string::npos) << input << ": " << item;
    }
  }
}

TEST(TextExport, TheHeadlineAndTheContactsAreParagraphsOfTheirOwn) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml",
             "person:\n  name: Alex Example\n  headline: Site reliability engineer\n  email: alex@example.org\n"
             "  links: [{network: GitHub, username: alex-example}]\nsections:\n  - title: Work\n    entries:\n"
             "      - {org: Acme, role: Engineer, location: Berlin, text: Kept it up.}\n");
  ASSERT_EQ(run(cvpdf() + " '" + dir + "/r.yaml' -o '" + dir + "/cv.md'").status, 0);
  const auto found = paragraphs(commonmark_html(dir + "/cv.md"));
  ASSERT_GE(found.size(), 4u);
  EXPECT_EQ(found[0], "<em>Site reliability engineer</em>");
  EXPECT_EQ(found[1].find("Site reliability"), std::string::npos) << found[1];
  EXPECT_NE(found[1].find("alex@example.org"), std::string::npos) << found[1];
  EXPECT_EQ(found[2], "<em>Engineer</em> · Berlin");
  EXPECT_EQ(found[3], "Kept it up.");
}

// The PDF sets a username beside its network's icon, or as "GitHub:
// alex-example" without icons; text has no icons, so it names the network.
TEST(TextExport, AUsernameKeepsItsNetworksName) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml",
             "person:\n  name: Alex\n  email: alex@example.org\n  links:\n    - {network: GitHub, username: alex-example}\n"
             "    - {label: Blog, url: https://alex.example.org}\nsections:\n  - title: Work\n    text: Things.\n");
  Result txt = run(cvpdf() + " '" + dir + "/r.yaml' --format txt -o -");
  ASSERT_EQ(txt.status, 0) << txt.err;
  EXPECT_NE(txt.out.find("alex@example.org · GitHub: alex-example <https://github.com/alex-example> · "
                         "Blog <https://alex.example.org>"),
            std::string::npos)
      << txt.out;
  Result md = run(cvpdf() + " '" + dir + "/r.yaml' --format md -o -");
  ASSERT_EQ(md.status, 0) << md.err;
  EXPECT_NE(md.out.find("GitHub: [alex-example](https://github.com/alex-example)"), std::string::npos) << md.out;
  // A JSON Resume profile and a RenderCV social network alike.
  Result json = run(cvpdf() + " '" + source("tests/formats/jsonresume/official-example.json") + "' --format txt -o -");
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("X: neutralthoughts <https://x.com/neutralthoughts>"), std::string::npos) << json.out;
  Result rendercv = run(cvpdf() + " '" + source("tests/formats/rendercv/sb2nov.yaml") + "' --format txt -o -");
  ASSERT_EQ(rendercv.status, 0) << rendercv.err;
  EXPECT_NE(rendercv.out.find("GitHub: rendercv <https://github.com/rendercv>"), std::string::npos) << rendercv.out;
}

}  // namespace
}  // namespace cvpdf::test
