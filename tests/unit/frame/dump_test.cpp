// The frame dump (frame/dump.hpp): number formatting, escaping, and one
// line per element on a hand-made document.
#include <gtest/gtest.h>

#include "frame/dump.hpp"

namespace cvpdf::frame {
namespace {

TEST(Dump, PointsWithTwoDecimalsRoundedHalfAwayFromZero) {
  EXPECT_EQ(points(0), "0.00");
  EXPECT_EQ(points(pt(12)), "12.00");
  EXPECT_EQ(points(pt(841.89)), "841.89");
  EXPECT_EQ(points(pt(0.005)), "0.01");
  EXPECT_EQ(points(pt(0.004)), "0.00");
  EXPECT_EQ(points(-pt(3.25)), "-3.25");
  EXPECT_EQ(points(-1), "0.00");  // no "-0.00"
  EXPECT_EQ(points(pt(1e6)), "1000000.00");
}

TEST(Dump, OneLinePerElementInDrawingOrder) {
  text::FontBook book;
  const text::FaceId bold = book.load_file(std::string(CVPDF_SOURCE_DIR) + "/fonts/Lato-Bold.ttf");
  Document doc;
  doc.metadata.title = "Ada \"A\" Example";
  doc.metadata.language = "en";
  Page page;
  page.width = pt(595.28);
  page.height = pt(841.89);
  GlyphRun run;
  run.face = bold;
  run.size = pt(9.4);
  run.x = pt(48.19);
  run.y = pt(60.356);
  run.color = {0x1f / 255.0, 0x4e / 255.0, 0x79 / 255.0};
  run.glyphs = {{1, pt(5), 0, 0, "ef"}, {2, pt(5.5), 0, 0, ""}, {3, pt(3), 0, 0, "fi\\\t"}, {4, pt(3), 0, 0, "\u00AD"}};
  page.elements.emplace_back(run);
  page.elements.emplace_back(Rule{pt(10), pt(20), pt(30), pt(0.6), {1, 1, 1}});
  page.elements.emplace_back(LinkArea{pt(1), pt(2), pt(3), pt(4), "mailto:ada@example.com"});
  page.elements.emplace_back(Image{0, 0, pt(50), pt(60), "photo.jpg"});
  doc.pages.push_back(page);
  doc.pages.push_back(page);
  doc.pages[1].elements.clear();
  doc.bookmarks.push_back({"Experience", 1, pt(195.8), 0});
  doc.bookmarks.push_back({"Lost", 5, 0, 1});

  EXPECT_EQ(dump(doc, book),
            "document \"Ada \\\"A\\\" Example\" lang \"en\" pages 2\n"
            "page 1 595.28 x 841.89\n"
            "  run 48.19 60.36 w 16.50 \"Lato\" bold 9.40 #1f4e79 \"effi\\\\\\u{9}\\u{ad}\"\n"
            "  rule 10.00 20.00 30.00 0.60 #ffffff\n"
            "  link 1.00 2.00 3.00 4.00 \"mailto:ada@example.com\"\n"
            "  image 0.00 0.00 50.00 60.00 \"photo.jpg\"\n"
            "page 2 595.28 x 841.89\n"
            "  bookmark 0 \"Experience\" y 195.80\n"
            "bookmark 1 \"Lost\" on missing page 6\n");
}

}  // namespace
}  // namespace cvpdf::frame
