// The header's arrangement (header.align, header.photo,
// header.contact-style) and its parts set alone, asserted on the frame:
// where the name, the contact items and the photo land.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <set>

#include "header_fixture.hpp"

namespace cvpdf::compose {
namespace {

using namespace probe;

constexpr Scaled kHalfPoint = pt(0.5);

// A set line: its runs' extent (a line of mixed scripts is several runs).
struct Line {
  Scaled y = 0, left = 0, right = 0;
};

std::vector<Line> lines_of(const std::vector<const frame::GlyphRun*>& runs) {
  std::vector<Line> lines;
  for (const auto* run : runs) {
    auto it = std::find_if(lines.begin(), lines.end(), [&](const Line& l) { return l.y == run->y; });
    if (it == lines.end()) {
      lines.push_back({run->y, run->x, right_of(*run)});
    } else {
      it->left = std::min(it->left, run->x);
      it->right = std::max(it->right, right_of(*run));
    }
  }
  std::sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) { return a.y < b.y; });
  return lines;
}

// The line of every run on the baseline y.
Line line_at(const Composed& c, Scaled y) {
  std::vector<const frame::GlyphRun*> runs;
  for (const auto* run : all_of<frame::GlyphRun>(c.page()))
    if (run->y == y) runs.push_back(run);
  return lines_of(runs).front();
}

Scaled centre_of(const Line& l) { return (l.left + l.right) / 2; }
Scaled centre_of(const frame::GlyphRun& run) { return (run.x + right_of(run)) / 2; }

void expect_no_errors(const Composed& c) {
  EXPECT_FALSE(c.diags.has_errors());
  for (const auto& d : c.diags.all()) EXPECT_NE(d.severity, Severity::Error) << d.message;
}

TEST(HeaderLayout, LeftWithThePhotoAtTheRightIsTodaysLook) {
  Composed c = compose(resume_yaml("baseline.jpg"), "en");
  expect_no_errors(c);
  const auto* name = run_with(c.page(), "Ada Example");
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(name->x, c.left());
  auto images = all_of<frame::Image>(c.page());
  ASSERT_EQ(images.size(), 1u);
  EXPECT_EQ(images[0]->x + images[0]->width, c.right());
  EXPECT_LT(images[0]->y, name->y - c.style.name_size / 2);  // its top by the name's
  for (const auto& line : lines_of(contact_runs(c))) EXPECT_LE(line.right, images[0]->x - c.style.text_size * 2);
}

TEST(HeaderLayout, CentredNameHeadlineAndContactLines) {
  for (const char* language : {"en", "zh"}) {
    Composed c = compose(resume_yaml(), language, {{"header.align", "center"}});
    expect_no_errors(c);
    const Scaled middle = (c.left() + c.right()) / 2;
    const auto* name = run_with(c.page(), "Ada Example");
    ASSERT_NE(name, nullptr);
    EXPECT_LE(std::llabs(centre_of(*name) - middle), pt(1)) << language;
    const auto* headline = run_with(c.page(), language == std::string("en") ? "Backend Engineer" : "后端工程师");
    ASSERT_NE(headline, nullptr);
    EXPECT_LE(std::llabs(centre_of(line_at(c, headline->y)) - middle), pt(1)) << language;
    const auto contacts = lines_of(contact_runs(c));
    ASSERT_FALSE(contacts.empty());
    for (const auto& line : contacts) EXPECT_LE(std::llabs(centre_of(line) - middle), pt(1)) << language;
    // The summary after it is the body's, at the margin.
    const auto* summary = run_with(c.page(), language == std::string("en") ? "Backend engineer who" : "让存储");
    ASSERT_NE(summary, nullptr);
    EXPECT_EQ(summary->x, c.left());
  }
}

TEST(HeaderLayout, CentredWithAPhotoKeepsTheNameOnTheColumnsMiddle) {
  for (const char* side : {"right", "left"}) {
    Composed c = compose(resume_yaml("baseline.jpg"), "en", {{"header.align", "center"}, {"header.photo", side}});
    expect_no_errors(c);
    auto images = all_of<frame::Image>(c.page());
    ASSERT_EQ(images.size(), 1u);
    const frame::Image& photo = *images[0];
    if (side == std::string("right")) {
      EXPECT_EQ(photo.x + photo.width, c.right());
    } else {
      EXPECT_EQ(photo.x, c.left());
    }
    const auto* name = run_with(c.page(), "Ada Example");
    ASSERT_NE(name, nullptr);
    EXPECT_LE(std::llabs(centre_of(*name) - (c.left() + c.right()) / 2), pt(1)) << side;
    // Nothing beside the photo runs into it.
    for (const auto* run : all_of<frame::GlyphRun>(c.page())) {
      if (run->y - run->size > photo.y + photo.height) continue;
      EXPECT_TRUE(right_of(*run) <= photo.x || run->x >= photo.x + photo.width) << text_of(*run);
    }
  }
}

TEST(HeaderLayout, SplitSetsTheContactsFlushRightBesideTheName) {
  for (const char* language : {"en", "zh"}) {
    for (const char* contact_style : {"line", "column", "grid"}) {
      Composed c = compose(resume_yaml(), language, {{"header.align", "split"}, {"header.contact-style", contact_style}});
      expect_no_errors(c);
      const auto* name = run_with(c.page(), "Ada Example");
      const auto* headline = run_with(c.page(), language == std::string("en") ? "Backend Engineer" : "后端工程师");
      ASSERT_NE(name, nullptr);
      ASSERT_NE(headline, nullptr);
      EXPECT_EQ(name->x, c.left());
      EXPECT_EQ(headline->x, c.left());
      const auto contacts = contact_runs(c);
      const auto lines = lines_of(contacts);
      ASSERT_FALSE(lines.empty());
      // Beside the name: the first item level with it, not under the headline.
      EXPECT_LT(lines.front().y, headline->y) << language << " " << contact_style;
      Scaled block_right = 0;
      for (const auto& line : lines) block_right = std::max(block_right, line.right);
      EXPECT_LE(std::llabs(block_right - c.right()), kHalfPoint) << language << " " << contact_style;
      if (contact_style != std::string("grid")) {
        for (const auto& line : lines) EXPECT_LE(std::llabs(line.right - c.right()), kHalfPoint) << language;
      }
      // Never over the name or the headline: at least an em of the name to the right of both.
      const Scaled text_right = std::max(right_of(*name), right_of(*headline));
      for (const auto* run : contacts) EXPECT_GE(run->x, text_right + c.style.name_size) << text_of(*run);
    }
  }
}

TEST(HeaderLayout, SplitBesideAPhotoEndsAtThePhotosGap) {
  Composed c = compose(resume_yaml("baseline.jpg"), "en", {{"header.align", "split"}, {"header.contact-style", "column"}});
  expect_no_errors(c);
  auto images = all_of<frame::Image>(c.page());
  ASSERT_EQ(images.size(), 1u);
  const Scaled edge = images[0]->x - c.style.text_size * 2;
  for (const auto& line : lines_of(contact_runs(c))) EXPECT_LE(std::llabs(line.right - edge), kHalfPoint);
}

TEST(HeaderLayout, SplitContactsGoBelowWhenTheyDoNotFitBesideTheName) {
  Composed c = compose_parts(resume_yaml(), "en", {{"header.align", "split"}, {"header.name-size", "40pt"}},
                             kHeaderAll, pt(300));
  expect_no_errors(c);
  const auto* name = run_with(c.page(), "Ada Example");
  const auto* headline = run_with(c.page(), "Backend Engineer");
  ASSERT_NE(name, nullptr);
  ASSERT_NE(headline, nullptr);
  const auto contacts = contact_runs(c);
  ASSERT_FALSE(contacts.empty());
  for (const auto* run : contacts) {
    EXPECT_GT(run->y, headline->y) << text_of(*run);
    EXPECT_GE(run->x, c.left());
  }
  EXPECT_EQ(lines_of(contacts).front().left, c.left());
}

TEST(HeaderLayout, GridSetsTheItemsInTwoAlignedColumns) {
  for (const char* language : {"en", "zh"}) {
    Composed c = compose(resume_yaml(), language, {{"header.contact-style", "grid"}});
    expect_no_errors(c);
    const auto contacts = contact_runs(c);
    std::set<Scaled> xs, ys;
    for (const auto* run : contacts) {
      xs.insert(run->x);
      ys.insert(run->y);
    }
    ASSERT_EQ(xs.size(), 2u) << language;  // e-mail, location, a link | phone, a link
    EXPECT_EQ(*xs.begin(), c.left());
    EXPECT_EQ(ys.size(), 3u) << language;  // five items
    // The second column starts after the widest item of the first.
    for (const auto* run : contacts) {
      if (run->x == *xs.begin()) {
        EXPECT_LT(right_of(*run), *xs.rbegin()) << text_of(*run);
      }
    }
  }
}

TEST(HeaderLayout, ColumnSetsOneItemALine) {
  Composed c = compose(resume_yaml(), "en", {{"header.contact-style", "column"}});
  expect_no_errors(c);
  const auto lines = lines_of(contact_runs(c));
  ASSERT_EQ(lines.size(), 5u);
  for (const auto& line : lines) EXPECT_EQ(line.left, c.left());
  EXPECT_NE(run_with(c.page(), "ada@example.com"), nullptr);
  EXPECT_NE(run_with(c.page(), "GitHub"), nullptr);
}

TEST(HeaderLayout, PhotoAtTheLeftWithTheTextBesideIt) {
  Composed c = compose(resume_yaml("baseline.jpg"), "en", {{"header.photo", "left"}});
  expect_no_errors(c);
  auto images = all_of<frame::Image>(c.page());
  ASSERT_EQ(images.size(), 1u);
  EXPECT_EQ(images[0]->x, c.left());
  const Scaled text_x = c.left() + images[0]->width + c.style.text_size * 2;
  const auto* name = run_with(c.page(), "Ada Example");
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(name->x, text_x);
  for (const auto& line : lines_of(contact_runs(c))) EXPECT_EQ(line.left, text_x);
  // What follows the header clears the photo and starts at the margin.
  const auto* summary = run_with(c.page(), "Backend engineer who");
  ASSERT_NE(summary, nullptr);
  EXPECT_EQ(summary->x, c.left());
  EXPECT_GT(summary->y - summary->size, images[0]->y + images[0]->height);
}

TEST(HeaderLayout, PhotoNoneNeverOpensThePhoto) {
  const std::string yaml = resume_yaml("no-such-photo.jpg");
  Composed shown = compose(yaml, "en");
  EXPECT_TRUE(shown.diags.has_errors()) << "the missing photo is an error where it is set";
  Composed none = compose(yaml, "en", {{"header.photo", "none"}});
  expect_no_errors(none);
  EXPECT_TRUE(all_of<frame::Image>(none.page()).empty());
  EXPECT_NE(run_with(none.page(), "Ada Example"), nullptr);
}

TEST(HeaderLayout, PhotoAndContactAloneInANarrowColumn) {
  // A sidebar's share: the photo centred above the items, each centred.
  const Scaled column = pt(160);
  Composed c = compose_parts(resume_yaml("baseline.jpg"), "en",
                             {{"header.align", "center"}, {"header.contact-style", "column"}},
                             kHeaderPhoto | kHeaderContact, column);
  expect_no_errors(c);
  EXPECT_EQ(run_with(c.page(), "Ada Example"), nullptr);
  auto images = all_of<frame::Image>(c.page());
  ASSERT_EQ(images.size(), 1u);
  const frame::Image& photo = *images[0];
  const Scaled middle = c.left() + column / 2;
  EXPECT_LE(std::llabs(photo.x + photo.width / 2 - middle), pt(1));
  const auto lines = lines_of(contact_runs(c));
  ASSERT_EQ(lines.size(), 5u);
  for (const auto& line : lines) {
    EXPECT_LE(std::llabs(centre_of(line) - middle), pt(1));
    EXPECT_LE(line.right, c.left() + column);
    EXPECT_GT(line.y - c.style.contact_size, photo.y + photo.height);
  }
  // Left-aligned, the photo stands above at its side and the items at the margin.
  Composed left = compose_parts(resume_yaml("baseline.jpg"), "en", {{"header.contact-style", "column"}},
                                kHeaderPhoto | kHeaderContact, column);
  expect_no_errors(left);
  auto left_images = all_of<frame::Image>(left.page());
  ASSERT_EQ(left_images.size(), 1u);
  for (const auto& line : lines_of(contact_runs(left))) {
    EXPECT_EQ(line.left, left.left());
    EXPECT_GT(line.y - left.style.contact_size, left_images[0]->y + left_images[0]->height);
  }
}

TEST(HeaderLayout, EverythingButPhotoAndContact) {
  // The photo is not set, so not even a missing one is an error.
  Composed c = compose_parts(resume_yaml("no-such-photo.jpg"), "en", {},
                             kHeaderAll & ~(kHeaderPhoto | kHeaderContact));
  expect_no_errors(c);
  EXPECT_TRUE(all_of<frame::Image>(c.page()).empty());
  EXPECT_TRUE(contact_runs(c).empty());
  const auto* name = run_with(c.page(), "Ada Example");
  const auto* headline = run_with(c.page(), "Backend Engineer");
  const auto* summary = run_with(c.page(), "Backend engineer who");
  ASSERT_NE(name, nullptr);
  ASSERT_NE(headline, nullptr);
  ASSERT_NE(summary, nullptr);
  EXPECT_LT(name->y, headline->y);
  EXPECT_LT(headline->y, summary->y);
}

TEST(HeaderLayout, APhotoAloneIsStillPlaced) {
  for (const char* side : {"right", "left"}) {
    Composed c = compose_parts(resume_yaml("baseline.jpg"), "en", {{"header.photo", side}}, kHeaderPhoto, pt(160));
    expect_no_errors(c);
    auto images = all_of<frame::Image>(c.page());
    ASSERT_EQ(images.size(), 1u) << side;
    EXPECT_TRUE(all_of<frame::GlyphRun>(c.page()).empty());
    EXPECT_GE(images[0]->x, c.left());
    EXPECT_LE(images[0]->x + images[0]->width, c.right());
    EXPECT_GE(images[0]->y, c.style.margin_top - kHalfPoint);
  }
}

// Every mask of parts, in every arrangement, in a full and a sidebar's
// column: no error, nothing outside the column, no text over the photo.
TEST(HeaderLayout, EveryCombinationOfPartsStaysInItsColumn) {
  const char* aligns[] = {"left", "center", "split"};
  const char* photos[] = {"right", "left", "none"};
  const char* contact_styles[] = {"line", "column", "grid"};
  for (unsigned parts = 1; parts <= kHeaderAll; ++parts) {
    for (int a = 0; a < 3; ++a) {
      for (Scaled column : {Scaled{0}, pt(160)}) {
        const Settings settings{{"header.align", aligns[a]},
                                {"header.photo", photos[(parts + a) % 3]},
                                {"header.contact-style", contact_styles[(parts / 3 + a) % 3]}};
        Composed c = compose_parts(resume_yaml("baseline.jpg"), parts % 2 ? "en" : "zh", settings, parts, column);
        const std::string what = "parts " + std::to_string(parts) + " " + aligns[a] + " " +
                                 photos[(parts + a) % 3] + " " + contact_styles[(parts / 3 + a) % 3] + " in " +
                                 std::to_string(to_pt(c.column)) + "pt";
        EXPECT_FALSE(c.diags.has_errors()) << what;
        auto images = all_of<frame::Image>(c.page());
        EXPECT_EQ(images.size(), (parts & kHeaderPhoto) && photos[(parts + a) % 3] != std::string("none") ? 1u : 0u)
            << what;
        for (const auto* image : images) {
          EXPECT_GE(image->x, c.left()) << what;
          EXPECT_LE(image->x + image->width, c.right()) << what;
        }
        for (const auto* run : all_of<frame::GlyphRun>(c.page())) {
          EXPECT_GE(run->x, c.left() - kHalfPoint) << what << ": " << text_of(*run);
          EXPECT_LE(right_of(*run), c.right() + kHalfPoint) << what << ": " << text_of(*run);
          for (const auto* image : images) {
            const bool apart = right_of(*run) <= image->x || run->x >= image->x + image->width ||
                               run->y <= image->y || run->y - run->size >= image->y + image->height;
            EXPECT_TRUE(apart) << what << ": '" << text_of(*run) << "' over the photo";
          }
        }
      }
    }
  }
}

TEST(HeaderLayout, TheNameInColorsName) {
  Composed c = compose(resume_yaml(), "en", {{"colors.name", "#aa0000"}});
  expect_no_errors(c);
  const auto* name = run_with(c.page(), "Ada Example");
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(name->color, c.style.name_color);
  EXPECT_FALSE(name->color == c.style.text_color);
  Composed plain = compose(resume_yaml(), "en");
  EXPECT_EQ(run_with(plain.page(), "Ada Example")->color, plain.style.text_color);
}

}  // namespace
}  // namespace cvpdf::compose
