// End to end for right-to-left text (issue #29, F6): the Hebrew example and
// an English line with Hebrew and Arabic phrases, rendered by the real
// binary and read back with mupdf's glyph positions (`mutool draw -F
// stext`) and the readers' text (pdftotext, `mutool draw -F txt`). Where a
// glyph stands is the PDF's, never the layout's idea of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

struct Rendered {
  std::string pdf;
  Result result;
  GlyphBoxes glyphs;
};

// `yaml` (a path in the source tree, or the text of a résumé) rendered once.
const Rendered& rendered(const std::string& yaml, bool is_text = false) {
  static std::map<std::string, Rendered> cache;
  auto it = cache.find(yaml);
  if (it != cache.end()) return it->second;
  Rendered r;
  const std::string dir = temp_dir();
  std::string input = is_text ? dir + "/in.yaml" : source(yaml);
  if (is_text) write_file(input, yaml);
  r.pdf = dir + "/out.pdf";
  r.result = run("SOURCE_DATE_EPOCH=1700000000 " + cvpdf() + " '" + input + "' -o '" + r.pdf + "'");
  if (r.result.status == 0) r.glyphs = read_glyph_boxes(r.pdf);
  return cache.emplace(yaml, std::move(r)).first->second;
}

// The glyphs of the row (one baseline of one page, however mupdf cut it
// into lines: it starts a line where the pen jumps back, at a
// left-to-right phrase inside right-to-left text) whose characters include
// each of `letters`, ordered left to right.
std::vector<std::vector<Glyph>> rows_of(const GlyphPage& page) {
  std::map<long, std::vector<Glyph>> by_baseline;  // in tenths of a point
  for (const auto& line : page.lines)
    for (const auto& g : line.glyphs) by_baseline[std::lround(g.y * 10)].push_back(g);
  std::vector<std::vector<Glyph>> rows;
  for (auto& [y, row] : by_baseline) {
    std::stable_sort(row.begin(), row.end(), [](const Glyph& a, const Glyph& b) { return a.x < b.x; });
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<Glyph> line_with(const Rendered& r, const std::vector<std::string>& letters) {
  for (const auto& page : r.glyphs.glyph_pages)
    for (auto& row : rows_of(page)) {
      bool all = true;
      for (const auto& c : letters)
        all = all && std::any_of(row.begin(), row.end(), [&](const Glyph& g) { return g.text == c; });
      if (all) return row;
    }
  return {};
}

// The x of the n-th (0-based, from the left) glyph `c`.
double x_of(const std::vector<Glyph>& line, const std::string& c, int n = 0) {
  for (const auto& g : line)
    if (g.text == c && n-- == 0) return g.x;
  ADD_FAILURE() << "no glyph " << c;
  return 0;
}

// The x of each glyph of `word` (characters in logical order), found as a
// run of glyphs in the line that holds each of its characters once, in
// either direction.
std::vector<double> word_xs(const std::vector<Glyph>& line, const std::vector<std::string>& word) {
  const std::size_t n = word.size();
  for (std::size_t i = 0; i + n <= line.size(); ++i) {
    for (int dir : {1, -1}) {
      bool match = true;
      for (std::size_t k = 0; k < n && match; ++k)
        match = line[dir == 1 ? i + k : i + n - 1 - k].text == word[k];
      if (!match) continue;
      std::vector<double> xs;
      for (std::size_t k = 0; k < n; ++k) xs.push_back(line[dir == 1 ? i + k : i + n - 1 - k].x);
      return xs;
    }
  }
  return {};
}

const std::string kMixed = R"(languages: [en]
person:
  name: Ada Example
sections:
  - title: Experience
    entries:
      - org: Example Corp
        role: Engineer
        bullets:
          - Wrote the greeting שלום עולם for 3 teams and مرحبا بالعالم in 2024.
)";

TEST(Bidi, HebrewAndArabicPhrasesInsideEnglishRunRightToLeft) {
  const Rendered& r = rendered(kMixed, true);
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  ASSERT_EQ(r.glyphs.error, "");
  const auto line = line_with(r, {"ש", "ע", "W", "2"});
  ASSERT_FALSE(line.empty());
  // Each Hebrew word's first letter right of its last; the first word right of the second.
  const auto shalom = word_xs(line, {"ש", "ל", "ו", "ם"});
  const auto olam = word_xs(line, {"ע", "ו", "ל", "ם"});
  ASSERT_EQ(shalom.size(), 4u);
  ASSERT_EQ(olam.size(), 4u);
  EXPECT_GT(shalom[0], shalom[3]);
  EXPECT_GT(olam[0], olam[3]);
  EXPECT_GT(shalom[3], olam[0]) << "שלום must stand right of עולם";
  // The English around them left to right, and the phrase between them.
  EXPECT_LT(x_of(line, "W"), olam[3]);
  EXPECT_GT(x_of(line, "3"), shalom[0]);
  // The Arabic phrase likewise: مرحبا right of بالعالم; the year in order.
  const auto year = word_xs(line, {"2", "0", "2", "4"});
  ASSERT_EQ(year.size(), 4u);
  EXPECT_TRUE(std::is_sorted(year.begin(), year.end()));
  EXPECT_GT(x_of(line, "ح"), x_of(line, "ع")) << "مرحبا must stand right of بالعالم";
  EXPECT_GT(x_of(line, "ع"), x_of(line, "3")) << "the Arabic phrase after \"for 3 teams and\"";
  const std::string text = pdf_text(r.pdf);
  EXPECT_NE(text.find("שלום עולם"), std::string::npos) << text;
}

TEST(Bidi, HebrewExampleIsSetRightToLeftAndMirrored) {
  const Rendered& r = rendered("examples/he.yaml");
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_EQ(r.result.err, "");
  ASSERT_EQ(r.glyphs.error, "");
  ASSERT_FALSE(r.glyphs.glyph_pages.empty());
  const double page_width = r.glyphs.glyph_pages[0].width;
  // The name: its first letter rightmost, its first word right of its second.
  const auto name = line_with(r, {"נ", "ו", "ע", "ה", "ל", "י"});
  ASSERT_FALSE(name.empty());
  const auto noa = word_xs(name, {"נ", "ו", "ע", "ה"});
  const auto levi = word_xs(name, {"ל", "ו", "י"});
  ASSERT_EQ(noa.size(), 4u);
  ASSERT_EQ(levi.size(), 3u);
  EXPECT_GT(noa[0], noa[1]);
  EXPECT_GT(noa[3], levi[0]);

  // A number inside Hebrew keeps its digit order; the bullet stands right of its text.
  const auto bullet = line_with(r, {"2", "5", "0", "K", "•"});
  ASSERT_FALSE(bullet.empty());
  const auto n250 = word_xs(bullet, {"2", "5", "0"});
  ASSERT_EQ(n250.size(), 3u);
  EXPECT_TRUE(std::is_sorted(n250.begin(), n250.end()));
  double rightmost_text = 0;
  for (const auto& g : bullet)
    if (g.text != "•") rightmost_text = std::max(rightmost_text, g.x);
  EXPECT_GT(x_of(bullet, "•"), rightmost_text) << "the bullet hangs on the right";
  // "250 שירותים": the first logical word of the bullet (הובלתי) is its rightmost.
  const auto hovalti = word_xs(bullet, {"ה", "ו", "ב", "ל", "ת", "י"});
  ASSERT_EQ(hovalti.size(), 6u);
  EXPECT_GT(hovalti[0], n250[2]);
  EXPECT_NEAR(*std::max_element(hovalti.begin(), hovalti.end()), rightmost_text, 0.01);

  // Brackets mirrored: "(distributed systems)" reads with its opening
  // bracket on the right, the Latin words inside left to right.
  const auto summary = line_with(r, {"(", ")", "d", "y"});
  ASSERT_FALSE(summary.empty());
  const auto distributed = word_xs(summary, {"d", "i", "s", "t", "r", "i", "b", "u", "t", "e", "d"});
  ASSERT_EQ(distributed.size(), 11u);
  EXPECT_TRUE(std::is_sorted(distributed.begin(), distributed.end()));
  EXPECT_GT(x_of(summary, "("), distributed.back());
  EXPECT_LT(x_of(summary, ")"), distributed.front());

  // Dates on the left of the entry's title line, the title on the right.
  const auto head = line_with(r, {"2", "1", "ע", "נ", "ן", "ד"});
  ASSERT_FALSE(head.empty());
  double date_right = 0;
  for (const auto& g : head)
    if (g.text >= "0" && g.text <= "9") date_right = std::max(date_right, g.quad.x1);
  const auto anan = word_xs(head, {"ע", "נ", "ן"});  // the org, "ענן דוגמה בע״מ"
  ASSERT_EQ(anan.size(), 3u);
  const double title_left = *std::min_element(anan.begin(), anan.end());
  EXPECT_LT(date_right, title_left);
  EXPECT_LT(date_right, page_width / 2);

  // Flush right: every line of the first page ends at the text area's
  // right edge — the name, the paragraphs' last lines, the bullets, the
  // skills' labels — give or take a bullet's or a tracked heading's side
  // bearing. (A space's quad is left out: the word space a line break
  // took comes back at the next line's start as a glyph of no width, whose
  // quad mupdf draws a space wide.)
  const auto rows = rows_of(r.glyphs.glyph_pages[0]);
  auto end_of = [](const std::vector<Glyph>& row) {
    double end = 0;
    for (const auto& g : row)
      if (!is_space(g.text)) end = std::max(end, g.quad.x1);
    return end;
  };
  double right = 0;
  for (const auto& row : rows) right = std::max(right, end_of(row));
  EXPECT_GT(right, page_width * 0.85);
  std::size_t flush = 0;
  for (const auto& row : rows) flush += std::abs(end_of(row) - right) < 1.5 ? 1 : 0;
  EXPECT_EQ(flush, rows.size()) << flush << " of " << rows.size() << " lines end at " << right;
}

// Whether a glyph's text is an Arabic letter (hamza to yeh).
bool arabic_letter(const std::string& text) {
  if (text.size() != 2) return false;
  const unsigned cp = ((static_cast<unsigned char>(text[0]) & 0x1Fu) << 6) | (static_cast<unsigned char>(text[1]) & 0x3Fu);
  return cp >= 0x621 && cp <= 0x64A;
}

// The Arabic example: right to left and mirrored like the Hebrew one, and
// every word joined — its headings too, which the theme letter-spaces in
// Latin text: tracking would pull an Arabic word's joined letters apart.
TEST(Bidi, ArabicExampleIsJoinedRightToLeft) {
  const Rendered& r = rendered("examples/ar.yaml");
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  EXPECT_EQ(r.result.err, "");
  ASSERT_EQ(r.glyphs.error, "");
  ASSERT_FALSE(r.glyphs.glyph_pages.empty());
  const double page_width = r.glyphs.glyph_pages[0].width;
  // Two Arabic letters side by side with no space between are one word's
  // and touch (a letter-spaced heading left about 1.2 pt between them).
  std::size_t pairs = 0;
  for (const auto& row : rows_of(r.glyphs.glyph_pages[0]))
    for (std::size_t k = 0; k + 1 < row.size(); ++k) {
      if (!arabic_letter(row[k].text) || !arabic_letter(row[k + 1].text)) continue;
      const double gap = row[k + 1].x - row[k].quad.x1;
      // A word space at least; or the letters of one ligature glyph (lam-alef),
      // to which mupdf gives overlapping boxes.
      if (gap > 1.0 || gap < -0.5) continue;
      ++pairs;
      EXPECT_LT(std::abs(gap), 0.05) << row[k].text << row[k + 1].text << " at y " << row[k].y << " (" << row[k].size
                                     << " pt): " << gap << " pt apart";
    }
  EXPECT_GT(pairs, 300u);
  // The section heading "الخبرة المهنية" stands at the right; the dates of
  // its first entry ("سبتمبر 2020 – حتى الآن") on the left.
  const auto heading = line_with(r, {"خ", "ب", "ر", "ة", "م", "ه", "ن", "ي"});
  ASSERT_FALSE(heading.empty());
  EXPECT_GT(heading.back().quad.x1, page_width * 0.8);
  const auto head = line_with(r, {"2", "0", "ش", "ك"});  // "شركة المثال للتقنية … 2020"
  ASSERT_FALSE(head.empty());
  EXPECT_LT(x_of(head, "2"), page_width / 2);
  EXPECT_GT(x_of(head, "ش"), page_width / 2);
  // The text layer, in logical order, in mupdf and poppler.
  Result mupdf = run("mutool draw -F txt -o - '" + r.pdf + "' 2>/dev/null");
  ASSERT_EQ(mupdf.status, 0);
  for (const char* phrase : {"ليلى حداد", "الخبرة المهنية", "الجامعة الأردنية", "حتى الآن"})
    EXPECT_NE(mupdf.out.find(phrase), std::string::npos) << "mutool: " << phrase << "\n" << mupdf.out;
  // poppler reverses the two letters of a lam-alef ligature ("الأردنية"
  // reads "األردنية"): it reverses each glyph's text in a right-to-left
  // word. Words without one read as written.
  const std::string poppler = pdf_text(r.pdf);
  for (const char* phrase : {"ليلى حداد", "الخبرة المهنية", "شركة المثال للتقنية"})
    EXPECT_NE(poppler.find(phrase), std::string::npos) << "pdftotext: " << phrase << "\n" << poppler;
}

// The text layer in logical order: what each reader gives back.
TEST(Bidi, HebrewTextLayerIsInLogicalOrder) {
  const Rendered& r = rendered("examples/he.yaml");
  ASSERT_EQ(r.result.status, 0) << r.result.err;
  const std::string poppler = pdf_text(r.pdf);
  for (const char* phrase : {"נועה לוי", "ניסיון תעסוקתי", "ענן דוגמה"})
    EXPECT_NE(poppler.find(phrase), std::string::npos) << "pdftotext: " << phrase << "\n" << poppler;
  Result mupdf = run("mutool draw -F txt -o - '" + r.pdf + "' 2>/dev/null");
  ASSERT_EQ(mupdf.status, 0);
  for (const char* phrase : {"נועה לוי", "ניסיון תעסוקתי", "ענן דוגמה"})
    EXPECT_NE(mupdf.out.find(phrase), std::string::npos) << "mutool: " << phrase << "\n" << mupdf.out;
}

}  // namespace
}  // namespace cvpdf::test
