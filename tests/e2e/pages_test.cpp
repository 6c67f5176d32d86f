// End to end: a long academic CV (examples/academic.yaml, 150 fictional
// publications) through the real binary. Its pages are checked with the
// tools a reader has: pdfinfo for the count, pdftotext per page for what
// ends each page and for the footers, qpdf's JSON for the outline.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "run.hpp"

namespace cvpdf::test {
namespace {

struct Rendered {
  std::string pdf;
  Result result;
  int pages = 0;
};

const Rendered& academic() {
  static const Rendered r = [] {
    Rendered out;
    out.pdf = temp_dir() + "/academic.pdf";
    out.result = run(cvpdf() + " '" + source("examples/academic.yaml") + "' -o '" + out.pdf + "'");
    Result info = run("pdfinfo '" + out.pdf + "'");
    std::smatch m;
    if (std::regex_search(info.out, m, std::regex("Pages:\\s+(\\d+)"))) out.pages = std::stoi(m[1]);
    return out;
  }();
  return r;
}

std::vector<std::string> nonempty_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\f' || line.back() == '\r')) line.pop_back();
    std::size_t start = line.find_first_not_of(" \f");
    if (start != std::string::npos) lines.push_back(line.substr(start));
  }
  return lines;
}

// The section titles of the YAML (two-space indented "- title:"), in
// capitals as the layout sets them.
std::vector<std::string> section_titles() {
  std::vector<std::string> titles;
  std::istringstream in(read_file(source("examples/academic.yaml")));
  std::string line;
  const std::string marker = "  - title: ";
  while (std::getline(in, line)) {
    if (line.rfind(marker, 0) != 0) continue;
    std::string title = line.substr(marker.size());
    for (auto& c : title) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    titles.push_back(title);
  }
  return titles;
}

TEST(LongCv, RendersCleanlyOnManyPages) {
  const auto& r = academic();
  EXPECT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_EQ(r.result.err, "");
  EXPECT_GE(r.pages, 6);
  EXPECT_LE(r.pages, 12);
  Result check = run("qpdf --check '" + r.pdf + "'");
  EXPECT_EQ(check.status, 0) << check.out << check.err;
}

TEST(LongCv, NoPageEndsOnAHeading) {
  const auto& r = academic();
  ASSERT_GT(r.pages, 0);
  const auto titles = section_titles();
  ASSERT_GE(titles.size(), 10u);
  const std::set<std::string> headings(titles.begin(), titles.end());
  for (int page = 1; page <= r.pages; ++page) {
    Result text = run("pdftotext -enc UTF-8 -f " + std::to_string(page) + " -l " + std::to_string(page) + " '" +
                      r.pdf + "' -");
    auto lines = nonempty_lines(text.out);
    ASSERT_FALSE(lines.empty()) << "page " << page << " is empty";
    // From page 2 the last line is the footer: "Name · Page 2 of 8".
    const std::string footer = "Dr. Marguerite Vantongeren · Page " + std::to_string(page) + " of " +
                               std::to_string(r.pages);
    if (page > 1) {
      EXPECT_EQ(lines.back(), footer) << "page " << page;
      lines.pop_back();
      ASSERT_FALSE(lines.empty());
    } else {
      EXPECT_EQ(text.out.find("Page 1 of"), std::string::npos);
    }
    EXPECT_EQ(headings.count(lines.back()), 0u) << "page " << page << " ends on the heading " << lines.back();
  }
}

TEST(LongCv, EverySectionHasABookmarkOnItsPageAtItsHeight) {
  const auto& r = academic();
  Result json = run("qpdf --json --json-key=outlines '" + r.pdf + "'");
  ASSERT_EQ(json.status, 0) << json.err;
  // Each outline entry: its title, its page (1-based) and the /XYZ top.
  std::regex entry(R"re("dest":\s*\[\s*"\d+ 0 R",\s*"/XYZ",\s*[\d.]+,\s*([\d.]+),\s*null\s*\],\s*"destpageposfrom1":\s*(\d+),[\s\S]*?"title":\s*"([^"]*)")re");
  const auto titles = section_titles();
  std::size_t count = 0;
  for (auto it = std::sregex_iterator(json.out.begin(), json.out.end(), entry); it != std::sregex_iterator(); ++it) {
    const double top = std::stod((*it)[1]);
    const int page = std::stoi((*it)[2]);
    std::string title = (*it)[3];
    ASSERT_LT(count, titles.size());
    std::string upper = title;
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_EQ(upper, titles[count]) << "outline entry " << count;
    ++count;
    // The first word of the heading on that page: its top (pdftotext
    // -bbox measures from the page top) lies just below the destination.
    Result box = run("pdftotext -bbox -f " + std::to_string(page) + " -l " + std::to_string(page) + " '" + r.pdf +
                     "' -");
    const std::string first_word = upper.substr(0, upper.find(' '));
    std::smatch height, word;
    ASSERT_TRUE(std::regex_search(box.out, height, std::regex(R"re(<page width="[\d.]+" height="([\d.]+)")re")));
    const double page_height = std::stod(height[1]);
    bool found = false;
    std::string words = box.out;
    std::regex word_re("<word xMin=\"[\\d.]+\" yMin=\"([\\d.]+)\" xMax=\"[\\d.]+\" yMax=\"[\\d.]+\">" +
                       std::regex_replace(first_word, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") + "</word>");
    for (auto w = std::sregex_iterator(words.begin(), words.end(), word_re); w != std::sregex_iterator(); ++w) {
      const double word_top = page_height - std::stod((*w)[1]);
      if (word_top <= top + 0.01 && word_top >= top - 12) found = true;
    }
    EXPECT_TRUE(found) << "bookmark '" << title << "' (page " << page << ", top " << top
                       << ") is not just above its heading";
  }
  EXPECT_EQ(count, titles.size());
}

}  // namespace
}  // namespace cvpdf::test
