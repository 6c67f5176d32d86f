// End to end: the PNG and SVG previews (issue 16 §3, the user guide's command line:
// the output format follows the extension). The PNG of a page is held to
// poppler's render of the PDF of the same résumé — same pixel size, a small
// mean difference — so that a preview shows what the PDF shows; the SVG to
// being well-formed, one file per page, sized as the page and the same
// bytes whatever was drawn before it. Each cvpdf run is one render of
// resume.yaml at most: CI's time is short.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "frame/photo.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

std::string q(const std::string& s) { return "'" + s + "'"; }

Result cv(const std::string& dir, const std::string& args) {
  return run("cd " + q(dir) + " && SOURCE_DATE_EPOCH=1 timeout -k 5 300 " + cvpdf() + " " + args);
}

struct Pixels {
  int width = 0, height = 0;
  std::vector<unsigned char> gray;  // one sample a pixel: the mean of R, G and B
};

// A PNG of the previews or of pdftoppm (8-bit RGB), through the one PNG
// reader of the project.
Pixels read_png(const std::string& path) {
  const std::string bytes = read_file(path);
  const frame::PhotoInfo info = frame::probe_photo(bytes);
  Pixels p{info.width, info.height, {}};
  frame::decode_png(bytes, [&](const unsigned char* colour, const unsigned char*) {
    for (int x = 0; x < info.width; ++x) {
      const unsigned char* c = colour + x * info.colour_components;
      p.gray.push_back(static_cast<unsigned char>(
          info.colour_components >= 3 ? (c[0] + c[1] + c[2]) / 3 : c[0]));
    }
  });
  return p;
}

// The mean absolute difference of two same-size images, in % of full scale.
double mean_difference(const Pixels& a, const Pixels& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.gray.size(); ++i) sum += std::abs(a.gray[i] - b.gray[i]);
  return 100.0 * sum / 255.0 / static_cast<double>(a.gray.size());
}

// How much of the page is ink (its difference from a white page).
double ink(const Pixels& p) {
  Pixels white{p.width, p.height, std::vector<unsigned char>(p.gray.size(), 255)};
  return mean_difference(p, white);
}

// Measured on resume.yaml's page 1 at 72 dpi: 0.8 % (poppler puts glyphs
// on quarter pixels across and antialiases its own way). Without its text
// the preview is 4.4 % off, with baselines off the pixel grid 2.8 %.
constexpr double kMaxDifference = 1.5;

TEST(PngPreview, PageOneLooksAsPopplerDrawsThePdf) {
  const std::string dir = temp_dir();
  const std::string resume = source("resume.yaml");
  Result png = cv(dir, q(resume) + " --lang en --dpi 72 -o 'cv-{page}.png'");
  ASSERT_EQ(png.status, 0) << png.err;
  Result pdf = cv(dir, q(resume) + " --lang en -o cv.pdf");
  ASSERT_EQ(pdf.status, 0) << pdf.err;
  Result ref = run("pdftoppm -r 72 -f 1 -l 1 -singlefile -png " + q(dir + "/cv.pdf") + " " + q(dir + "/ref"));
  ASSERT_EQ(ref.status, 0) << ref.err;

  // One image a page: resume.yaml (en) is two pages.
  EXPECT_TRUE(exists(dir + "/cv-2.png"));
  EXPECT_FALSE(exists(dir + "/cv-3.png"));
  const Pixels ours = read_png(dir + "/cv-1.png");
  const Pixels poppler = read_png(dir + "/ref.png");
  ASSERT_EQ(ours.width, poppler.width);
  ASSERT_EQ(ours.height, poppler.height);
  EXPECT_EQ(ours.width, 596);  // A4 at 72 dpi, rounded up as pdftoppm does
  ASSERT_GT(ink(poppler), 2 * kMaxDifference) << "the threshold would not notice missing text";
  const double difference = mean_difference(ours, poppler);
  EXPECT_LT(difference, kMaxDifference);
  RecordProperty("mean_difference_percent", std::to_string(difference));
}

// The SVG root's attribute `name` ("width"), or "".
std::string attribute(const std::string& svg, const std::string& name) {
  const std::size_t root = svg.find("<svg");
  const std::size_t at = svg.find(" " + name + "=\"", root);
  if (root == std::string::npos || at == std::string::npos) return "";
  const std::size_t start = at + name.size() + 3;
  return svg.substr(start, svg.find('"', start) - start);
}

// Elements nest and close: a small XML check of what cairo writes (no
// comments, CDATA or '>' inside attribute values there).
bool well_formed(const std::string& xml) {
  if (xml.rfind("<?xml ", 0) != 0) return false;
  std::vector<std::string> open;
  for (std::size_t at = xml.find('<', 1); at != std::string::npos; at = xml.find('<', at + 1)) {
    const std::size_t end = xml.find('>', at);
    if (end == std::string::npos) return false;
    const std::string tag = xml.substr(at + 1, end - at - 1);
    const std::string name = tag.substr(tag[0] == '/' ? 1 : 0, tag.find_first_of(" /\n", 1) - (tag[0] == '/' ? 1 : 0));
    if (tag[0] == '/') {
      if (open.empty() || open.back() != name) return false;
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(name);
    }
  }
  return open.empty();
}

TEST(SvgPreview, OneWellFormedFilePerPageTheSameWhateverCameBefore) {
  const std::string dir = temp_dir();
  const std::string resume = source("resume.yaml");
  // zh drawn after en's pages in one run, then alone: cairo numbers its
  // surfaces per process, cvpdf's files must not show it.
  Result all = cv(dir, q(resume) + " --all -o 'all/{lang}-{page}.svg'");
  ASSERT_EQ(all.status, 0) << all.err;
  Result zh = cv(dir, q(resume) + " --lang zh -o 'zh-{page}.svg'");
  ASSERT_EQ(zh.status, 0) << zh.err;
  EXPECT_EQ(read_file(dir + "/all/zh-1.svg"), read_file(dir + "/zh-1.svg"));

  for (const std::string page : {"en-1", "en-2"}) {
    const std::string svg = read_file(dir + "/all/" + page + ".svg");
    EXPECT_TRUE(well_formed(svg)) << page;
    // A4 in points, the PDF's own size; text as glyph outlines.
    EXPECT_EQ(attribute(svg, "width"), "595.275589pt") << page;
    EXPECT_EQ(attribute(svg, "height"), "841.889771pt") << page;
    EXPECT_GT(svg.find("<symbol overflow=\"visible\" id=\"glyph"), svg.find("<svg")) << page;
    EXPECT_NE(svg.find("xlink:href=\"#glyph"), std::string::npos) << page;
  }
  EXPECT_FALSE(exists(dir + "/all/en-3.svg"));
}

// Names and options that would give something else than asked for are
// refused before anything is rendered (exit 2, as the user guide says), naming the formats.
TEST(PreviewOptions, UnknownExtensionsAndMisplacedOptionsAreUsageErrors) {
  const std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person: {name: Ada Example}\nsections: []\n");
  for (const char* out : {"cv.html", "cv.docx", "out/cv.PNGX"}) {
    Result r = cv(dir, std::string("r.yaml -o ") + out);
    EXPECT_EQ(r.status, 2) << out;
    EXPECT_NE(r.err.find(".pdf, .txt, .md, .png or .svg"), std::string::npos) << r.err;
  }
  Result upper = cv(dir, "r.yaml -o CV.PNG");  // extensions in any case
  EXPECT_EQ(upper.status, 0) << upper.err;
  EXPECT_EQ(read_file(dir + "/CV.PNG").rfind("\x89PNG", 0), 0u);

  Result page_in_pdf = cv(dir, "r.yaml -o 'cv-{page}.pdf'");
  EXPECT_EQ(page_in_pdf.status, 2);
  EXPECT_NE(page_in_pdf.err.find("{page} numbers the pages of png and svg output"), std::string::npos) << page_in_pdf.err;
  Result dpi_for_svg = cv(dir, "r.yaml --dpi 150 -o cv.svg");
  EXPECT_EQ(dpi_for_svg.status, 2);
  EXPECT_NE(dpi_for_svg.err.find("--dpi sets the resolution of png output"), std::string::npos) << dpi_for_svg.err;
  for (const char* dpi : {"0", "9", "1201", "96dpi", ""}) {
    Result r = cv(dir, std::string("r.yaml -o cv.png --dpi '") + dpi + "'");
    EXPECT_EQ(r.status, 2) << dpi;
    EXPECT_NE(r.err.find("--dpi takes a resolution from 10 to 1200"), std::string::npos) << r.err;
  }
  EXPECT_TRUE(run("ls " + q(dir) + " | grep -v -e '^r.yaml$' -e '^CV.PNG$'").out.empty());
}

// Two pages and no {page}: which page would cv.png be? Refused after the
// layout (exit 2), with the name to use; nothing is written.
TEST(PreviewOptions, SeveralPagesNeedPageInTheName) {
  const std::string dir = temp_dir();
  std::string resume = "person: {name: Ada Example}\nsections:\n";
  for (int i = 1; i <= 8; ++i) resume += "  - title: Part " + std::to_string(i) + "\n    text: Did things.\n";
  write_file(dir + "/r.yaml", resume);  // three pages of 130 × 100 mm, the last one short and kept so
  Result r = cv(dir, "r.yaml --set 'page.size=130mm 100mm' --set fit.short-page=0 -o cv.svg");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("cv.svg: error: the résumé has"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-o 'cv-{page}.svg'"), std::string::npos) << r.err;
  EXPECT_FALSE(exists(dir + "/cv.svg"));
  // A template's missing directories are made, {page} included.
  Result ok = cv(dir, "r.yaml --set 'page.size=130mm 100mm' --set fit.short-page=0 -o 'pages/{page}/cv.png' --dpi 30");
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(exists(dir + "/pages/1/cv.png"));
  EXPECT_TRUE(exists(dir + "/pages/3/cv.png"));
  EXPECT_FALSE(exists(dir + "/pages/4"));
}

}  // namespace
}  // namespace cvpdf::test
