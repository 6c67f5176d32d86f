// Long tokens on the real PDF: a résumé with a 300-character key
// fingerprint and a signed download URL (…?token=…&expires=…&signature=…),
// in English and Chinese, in classic (one wide column) and sidebar (its
// narrow column too). Read back with mupdf's glyph boxes (pdf_boxes.hpp)
// and pdftotext: every glyph inside the text area, no overfull-line
// warning but one naming the cut, and the token's characters in order in
// the extracted text (a line break between its pieces, no hyphen); no
// word space of a justified line wider than text.max-space unless the
// loose-line warning names the line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <regex>
#include <sstream>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

constexpr double kMargin = 1.0;  // how far past the text area a glyph's box may reach (as theme_properties_test)

std::string fingerprint() {
  std::mt19937 random(300);
  std::string out;
  for (int i = 0; i < 300; ++i) out += "0123456789abcdef"[random() % 16];
  return out;
}

const std::string kUrl =
    "https://downloads.example.com/releases/nightly/download?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789&"
    "expires=1767225600&signature=ZmFrZVNpZ25hdHVyZUZvclRlc3RpbmdQdXJwb3NlcyBvbmx5";

// The margins and sidebar padding are the résumé's own, so the text area
// is known here without resolving the theme.
constexpr double kMarginPt = 42.0;
constexpr double kPaddingPt = 9.0;

std::string resume() {
  const std::string fp = fingerprint();
  std::ostringstream y;
  y << "languages: [en, zh]\n"
       "style:\n"
       "  page:\n"
       "    margin: {top: " << kMarginPt << "pt, bottom: " << kMarginPt << "pt, left: " << kMarginPt
    << "pt, right: " << kMarginPt << "pt}\n"
       "  sidebar:\n"
       "    padding: " << kPaddingPt << "pt\n"
       "person:\n"
       "  name: Ada Example\n"
       "  headline: Release Engineer\n"
       "  email: ada@example.com\n"
       "sections:\n"
       "  - title: {en: Experience, zh: 工作经历}\n"
       "    entries:\n"
       "      - org: Example Corp\n"
       "        role: {en: Release Engineer, zh: 发布工程师}\n"
       "        start: 2021-09\n"
       "        end: present\n"
       "        bullets:\n"
       "          - en: Signed every release with the team's key, whose fingerprint is " << fp
    << " and which rotates yearly.\n"
       "            zh: 用团队密钥签署每个版本，密钥指纹为 " << fp << "，每年轮换一次。\n"
       "          - en: Nightly builds are published at " << kUrl << " for testers.\n"
       "            zh: 每晚构建发布在 " << kUrl << " 供测试人员使用。\n"
       "  - title: {en: Skills, zh: 技能}\n"
       "    entries:\n"
       "      - label: {en: Keys, zh: 密钥}\n"
       "        text: " << fp << "\n"
       "      - label: {en: Builds, zh: 构建}\n"
       "        text: " << kUrl << "\n";
  return y.str();
}

std::string without_space(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\n' && c != '\t' && c != '\f' && c != '\r') out += c;
  return out;
}

struct Case {
  std::string theme;
  std::string language;
};

class LongTokens : public ::testing::TestWithParam<Case> {};

TEST_P(LongTokens, StayInsideTheTextAreaAndReadBack) {
  const Case& c = GetParam();
  const std::string dir = temp_dir();
  const std::string yaml = dir + "/long.yaml";
  const std::string pdf = dir + "/long.pdf";
  write_file(yaml, resume());
  const Result r = run(cvpdf() + " --theme " + c.theme + " '" + yaml + "' --lang " + c.language + " -o '" + pdf + "'");
  ASSERT_EQ(r.status, 0) << r.err;

  // The warning names the cut, at the text's place; nothing still overflows.
  EXPECT_EQ(r.err.find("wider than its measure"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("was broken inside a word at '"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("long.yaml:"), std::string::npos) << r.err;

  // Every glyph inside the text area; in the sidebar's column, text may
  // reach its padding into the margin on the sidebar's side (as
  // theme_properties_test allows).
  const GlyphBoxes boxes = read_glyph_boxes(pdf);
  ASSERT_TRUE(boxes.error.empty()) << boxes.error;
  ASSERT_FALSE(boxes.pages.empty());
  const double left_slack = c.theme == "sidebar" ? kPaddingPt : 0;
  double rightmost = 0;
  int outside = 0;
  for (std::size_t p = 0; p < boxes.pages.size(); ++p) {
    const Page& page = boxes.pages[p];
    const Box area{kMarginPt - left_slack, kMarginPt - left_slack, page.width - kMarginPt,
                   page.height - kMarginPt + left_slack};
    for (const auto& line : page.lines)
      for (const auto& w : line.words) {
        if (w.box.y0 > page.height - kMarginPt) continue;  // the footer, in the bottom margin
        rightmost = std::max(rightmost, w.box.x1);
        const bool inside = w.box.x0 >= area.x0 - kMargin && w.box.x1 <= area.x1 + kMargin &&
                            w.box.y0 >= area.y0 - kMargin;
        if (!inside && ++outside <= 10)
          ADD_FAILURE() << "page " << p + 1 << ": '" << w.text << "' " << to_string(w.box) << " leaves "
                        << to_string(area);
      }
  }
  std::printf("%s %s: rightmost glyph at %.2fpt, text area ends at %.2fpt\n", c.theme.c_str(), c.language.c_str(),
              rightmost, boxes.pages[0].width - kMarginPt);

  // No line stretched to make room for a token: no loose line, and in
  // Chinese no two ideographs side by side on a baseline, inside one run
  // (cvpdf sets a line's part as one run; a new one begins at each part of
  // a row), further apart than the 0.65 em a 0.9 em word space's stretch
  // gives them: the line before an unbreakable URL was letter-spaced across
  // the measure. Glyphs from all of mupdf's lines, as it begins a new line
  // in a gap over 0.8 em.
  EXPECT_EQ(r.err.find("loose line"), std::string::npos) << r.err;
  std::vector<double> heights;
  for (const auto& page : boxes.glyph_pages) heights.push_back(page.height);
  const auto starts = read_run_starts(pdf, heights);
  ASSERT_EQ(starts.size(), boxes.glyph_pages.size());
  for (std::size_t p = 0; p < boxes.glyph_pages.size(); ++p) {
    std::map<long, std::vector<const Glyph*>> rows;
    for (const auto& line : boxes.glyph_pages[p].lines)
      for (const auto& g : line.glyphs) rows[std::lround(g.y * 4)].push_back(&g);
    for (auto& [y4, glyphs] : rows) {
      std::sort(glyphs.begin(), glyphs.end(), [](const Glyph* a, const Glyph* b) { return a->quad.x0 < b->quad.x0; });
      for (std::size_t i = 0; i + 1 < glyphs.size(); ++i) {
        const Glyph& a = *glyphs[i];
        const Glyph& b = *glyphs[i + 1];
        const auto ca = code_points(a.text), cb = code_points(b.text);
        if (ca.size() != 1 || cb.size() != 1 || !is_wide(ca[0]) || !is_wide(cb[0]) || a.size <= 0) continue;
        const bool new_run = std::any_of(starts[p].begin(), starts[p].end(), [&](const RunStart& s) {
          return std::abs(s.y - a.y) < 1.0 && s.x > a.quad.x1 - 0.05 && s.x < b.quad.x1;
        });
        if (new_run) continue;
        EXPECT_LE((b.quad.x0 - a.quad.x1) / a.size, 0.65)
            << "page " << p + 1 << ": '" << a.text << "' and '" << b.text << "' spaced apart at " << a.x;
      }
    }
  }

  // Copy and paste: the token's characters in order, pieces on their own
  // lines and no hyphen added (spaces and line breaks aside).
  const std::string text = without_space(pdf_text(pdf));
  const std::string fp = fingerprint();
  EXPECT_NE(text.find(fp), std::string::npos) << "the fingerprint does not read back";
  EXPECT_NE(text.find(kUrl), std::string::npos) << "the URL does not read back";
  EXPECT_EQ(text.find("\u00AD"), std::string::npos);
  EXPECT_EQ(text.find(fp.substr(0, 20) + "-"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Themes, LongTokens,
                         ::testing::Values(Case{"classic", "en"}, Case{"classic", "zh"}, Case{"sidebar", "en"},
                                           Case{"sidebar", "zh"}),
                         [](const ::testing::TestParamInfo<Case>& param) {
                           return param.param.theme + "_" + param.param.language;
                         });

}  // namespace
}  // namespace cvpdf::test

namespace cvpdf::test {
namespace {

// The last resort never touches prose: a justified bullet whose loose line
// sits before a hyphenated compound ("contributed to DeepSeek-R1") stays
// justified to the measure, not ended short as if the paragraph ended there.
TEST(LongTokens, HyphenatedCompoundsLeaveJustifiedLinesFull) {
  const std::string dir = temp_dir();
  const std::string pdf = dir + "/cv.pdf";
  Result r = run(cvpdf() + " '" + source("resume.yaml") + "' --theme classic -o '" + pdf + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  const GlyphBoxes boxes = read_glyph_boxes(pdf);
  ASSERT_TRUE(boxes.error.empty()) << boxes.error;
  ASSERT_FALSE(boxes.pages.empty());
  // The right edge of the text area: the widest line of page 1's body.
  double right = 0;
  for (const auto& line : boxes.pages[0].lines) right = std::max(right, line.box.x1);
  bool found = false;
  for (const auto& line : boxes.pages[0].lines) {
    // Its bullet is drawn first, so the line's text may begin with it.
    std::string text = line.text();
    if (text.rfind("\u2022", 0) == 0) text.erase(0, text.find_first_not_of(' ', 3));
    if (text.rfind("Adapted OpenSoraPlan", 0) != 0) continue;
    found = true;
    EXPECT_NEAR(line.box.x1, right, 1.0) << "'" << line.text() << "' ends short of the measure";
  }
  EXPECT_TRUE(found) << "no line starts with 'Adapted OpenSoraPlan'";
}

}  // namespace
}  // namespace cvpdf::test

namespace cvpdf::test {
namespace {

// Loose lines on the real PDF: a justified bullet whose line before a
// 60-character unbreakable token would be stretched to make room for it.
// At several measures, and with the theme's text.max-space and a strict
// one, every line of the bullet has its word spaces within text.max-space
// (gaps between its words on one baseline, in ems of their size), or the
// loose-line warning names it.
TEST(LongTokens, NoWordSpaceWiderThanMaxSpaceUnlessTheWarningNamesTheLine) {
  const std::string token = fingerprint().substr(0, 60);
  const std::string bullet = "Signed every release of the build with the team key whose fingerprint is " + token +
                             " and which rotates yearly.";
  const std::string dir = temp_dir();
  const std::string yaml = dir + "/loose.yaml";
  write_file(yaml, "person:\n  name: Ada Example\nsections:\n  - title: Experience\n    entries:\n"
                   "      - org: Example Corp\n        bullets:\n          - " + bullet + "\n");
  std::vector<std::string> words;
  for (std::size_t from = 0; from < bullet.size();) {
    const std::size_t space = std::min(bullet.find(' ', from), bullet.size());
    words.push_back(bullet.substr(from, space - from));
    from = space + 1;
  }
  // A word of the bullet, or a piece of one (a cut or hyphenated token).
  auto of_bullet = [&](const std::string& w) {
    std::string bare = w;
    for (std::size_t at; (at = bare.find("\u00AD")) != std::string::npos;) bare.erase(at, 2);
    return std::any_of(words.begin(), words.end(), [&](const std::string& b) { return b.find(bare) != std::string::npos; });
  };
  const std::regex warning(R"re(loose line: word spaces of (\d+\.\d\d) em, more than text\.max-space \(([0-9.]+) em\), in "(.*)")re");
  int rows_checked = 0, named = 0;
  for (const double max_space : {0.9, 0.3}) {
    for (int right_mm : {20, 38, 56, 74}) {
      SCOPED_TRACE("text.max-space " + std::to_string(max_space) + ", right margin " + std::to_string(right_mm) + "mm");
      const std::string pdf = dir + "/loose.pdf";
      const Result r = run(cvpdf() + " '" + yaml + "' --theme classic --set text.max-space=" + points(max_space) +
                           " --set page.margin.right=" + std::to_string(right_mm) + "mm -o '" + pdf + "'");
      ASSERT_EQ(r.status, 0) << r.err;
      std::vector<std::string> quoted;
      std::istringstream err(r.err);
      for (std::string line; std::getline(err, line);) {
        std::smatch m;
        if (!std::regex_search(line, m, warning)) continue;
        EXPECT_NE(line.find("loose.yaml:"), std::string::npos) << line;
        EXPECT_GT(std::stod(m[1].str()), max_space);
        std::string q = m[3].str();
        if (q.size() >= 3 && q.compare(q.size() - 3, 3, "…") == 0) q.erase(q.size() - 3);
        quoted.push_back(q);
      }
      const GlyphBoxes boxes = read_glyph_boxes(pdf);
      ASSERT_TRUE(boxes.error.empty()) << boxes.error;
      // The bullet's words by baseline (mupdf may cut a line at a wide gap).
      std::map<long, std::vector<const Word*>> rows;
      for (const auto& page : boxes.pages)
        for (const auto& line : page.lines)
          for (const auto& w : line.words)
            if (of_bullet(w.text)) rows[std::lround((w.box.y1 - 0.2 * w.box.height()) * 4)].push_back(&w);
      for (auto& [baseline, row] : rows) {
        std::sort(row.begin(), row.end(), [](const Word* a, const Word* b) { return a->box.x0 < b->box.x0; });
        std::string text;
        double widest = 0;
        for (std::size_t i = 0; i < row.size(); ++i) {
          text += (i ? " " : "") + row[i]->text;
          if (i + 1 < row.size()) widest = std::max(widest, (row[i + 1]->box.x0 - row[i]->box.x1) / row[i]->box.height());
        }
        for (std::size_t at; (at = text.find("\u00AD")) != std::string::npos;) text.replace(at, 2, "-");
        ++rows_checked;
        const bool warned = std::any_of(quoted.begin(), quoted.end(), [&](const std::string& q) { return text.rfind(q, 0) == 0; });
        named += warned ? 1 : 0;
        EXPECT_TRUE(widest <= max_space + 0.02 || warned)
            << "word spaces of " << points(widest) << " em in '" << text << "', no warning names it:\n" << r.err;
      }
    }
  }
  EXPECT_GT(rows_checked, 8);
  std::printf("%d bullet lines checked, %d named by a loose-line warning\n", rows_checked, named);
}

}  // namespace
}  // namespace cvpdf::test
