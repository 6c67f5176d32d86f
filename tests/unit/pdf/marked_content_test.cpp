// Marked content on tagged pages, byte for byte: one sequence per stretch
// of elements with the same structure node (split where a text object
// begins or ends, or an /ActualText needs a sequence of its own),
// artifacts, MCIDs and their smallest seq for the structure writer, and
// the reads_as /ActualText spans (kept when they nest, dropped when they
// cannot).
#include <gtest/gtest.h>

#include "core/diagnostics.hpp"
#include "pdf/content_stream.hpp"
#include "pdf/page_content.hpp"

namespace cvpdf::pdf {
namespace {

// A 200 pt high page; glyph 1 → code 3 ("a"), glyph 2 → code 4 ("b"), both
// half an em wide. Nodes: 0 Document, 1 P, 2 H1, 3 a custom "Name" (H1).
class MarkedContentPainting : public ::testing::Test {
 protected:
  MarkedContentPainting() {
    glyphs_[1] = {3, 500000};
    glyphs_[2] = {4, 500000};
    unicode_ = {{3, "a"}, {4, "b"}};
    resources_.fonts[0] = {"F1", &glyphs_, &unicode_, nullptr, {}};
    resources_.images["logo.png"] = "Im1";
    structure_ = {{"Document", "", frame::kArtifact, "", "", ""},
                  {"P", "", 0, "", "", ""},
                  {"H1", "", 0, "", "", ""},
                  {"Name", "H1", 0, "", "", ""}};
    resources_.structure = &structure_;
    page_.width = pt(300);
    page_.height = pt(200);
  }

  static frame::GlyphRun run(std::vector<frame::Glyph> glyphs, frame::Tag tag, Scaled y = pt(100)) {
    frame::GlyphRun r;
    r.face = 0;
    r.size = pt(10);
    r.x = pt(72);
    r.y = y;
    r.glyphs = std::move(glyphs);
    r.tag = tag;
    return r;
  }
  static frame::Glyph glyph(std::uint32_t id, std::string text) { return {id, pt(5), 0, 0, std::move(text)}; }
  static frame::Glyph starts(frame::Glyph g, std::string reads_as) {
    g.reads_as = std::move(reads_as);
    return g;
  }
  static frame::Glyph ends(frame::Glyph g) {
    g.reads_as_end = true;
    return g;
  }

  std::map<std::uint32_t, EncodedGlyph> glyphs_;
  std::map<std::uint16_t, std::string> unicode_;
  std::vector<frame::StructNode> structure_;
  PageResources resources_;
  frame::Page page_;
};

TEST_F(MarkedContentPainting, StretchesOfOneNodeShareASequence) {
  // Paint order differs from reading order (seq): the second run of the P
  // has the smaller seq, which is what the structure writer orders by.
  page_.elements.push_back(run({glyph(1, "a")}, {1, 7}));
  page_.elements.push_back(run({glyph(2, "b")}, {1, 5}, pt(112)));
  page_.elements.push_back(frame::Rule{pt(10), pt(20), pt(100), pt(0.5), {1, 0, 0}, {frame::kArtifact, 0}});
  page_.elements.push_back(frame::LinkArea{pt(10), pt(20), pt(5), pt(5), "https://example.com", 1, {2, 9}});
  page_.elements.push_back(run({glyph(1, "a")}, {2, 9}));
  page_.elements.push_back(run({glyph(2, "b")}, {3, 1}));
  const PaintedPage painted = paint_page(page_, resources_);
  EXPECT_EQ(painted.content,
            "BT\n/P <</MCID 0>> BDC\n0 0 0 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n[<0003>] TJ\n"
            "1 0 0 1 72 88 Tm\n[<0004>] TJ\n"
            "EMC\nET\n"
            "/Artifact BMC\n1 0 0 rg\n10 179.5 100 0.5 re\nf\nEMC\n"
            "BT\n/H1 <</MCID 1>> BDC\n0 0 0 rg\n1 0 0 1 72 100 Tm\n[<0003>] TJ\nEMC\n"
            "/H1 <</MCID 2>> BDC\n"  // the custom role's standard type
            "1 0 0 1 72 100 Tm\n[<0004>] TJ\nEMC\nET\n");
  ASSERT_EQ(painted.marked.size(), 3u);
  EXPECT_EQ(painted.marked[0].node, 1);
  EXPECT_EQ(painted.marked[0].seq, 5u);
  EXPECT_EQ(painted.marked[1].node, 2);
  EXPECT_EQ(painted.marked[1].seq, 9u);
  EXPECT_EQ(painted.marked[2].node, 3);
  ASSERT_EQ(painted.links.size(), 1u);
  EXPECT_EQ(painted.links[0].element, 3u);
  EXPECT_EQ(painted.links[0].tag.node, 2);
}

TEST_F(MarkedContentPainting, ImagesAndArtifactsNest) {
  page_.elements.push_back(frame::Image{pt(10), pt(10), pt(50), pt(40), "logo.png", {1, 0}});
  page_.elements.push_back(frame::Rule{pt(10), pt(20), pt(100), pt(0.5), {}, {}});
  page_.elements.push_back(frame::Rule{pt(10), pt(30), pt(100), pt(0.5), {}, {}});
  EXPECT_EQ(paint_page(page_, resources_).content,
            "/P <</MCID 0>> BDC\nq\n50 0 0 40 10 150 cm\n/Im1 Do\nQ\nEMC\n"
            "/Artifact BMC\n0 0 0 rg\n10 179.5 100 0.5 re\nf\n10 169.5 100 0.5 re\nf\nEMC\n");
}

TEST(ContentStream, MarkedContentNamesAreEscaped) {
  ContentStream c;
  c.begin_marked_content("My Role/#", 2).end_marked_content().begin_marked_content("Artifact", std::nullopt, "0061");
  EXPECT_EQ(c.bytes(), "/My#20Role#2F#23 <</MCID 2>> BDC\nEMC\n/Artifact <</ActualText <FEFF0061>>> BDC\n");
}

TEST_F(MarkedContentPainting, ATagNamingNoNodeIsABug) {
  page_.elements.push_back(run({glyph(1, "a")}, {4, 0}));
  EXPECT_THROW(paint_page(page_, resources_), FatalError);
}

TEST_F(MarkedContentPainting, HyphenatedWordReadsWholeAcrossLines) {
  // "ab-" at a line end reads as "abba", the "ba" that ends the word on the
  // next line as nothing; the span continues into a second run of the same
  // node (a font change inside a word). On a tagged page each span is a
  // sequence of the node of its own, tagged /Span, nothing nested.
  frame::GlyphRun first = run({glyph(1, "a"), starts(glyph(2, "b"), "abba"), glyph(1, "a")}, {1, 5});
  frame::GlyphRun rest = run({ends(glyph(2, "-")), glyph(1, "a")}, {1, 1}, pt(100));
  rest.x = pt(87);
  frame::GlyphRun next_line = run({ends(starts(glyph(2, "b"), "")), glyph(1, "a")}, {1, 2}, pt(112));
  page_.elements.push_back(first);
  page_.elements.push_back(rest);
  page_.elements.push_back(next_line);
  const PaintedPage painted = paint_page(page_, resources_);
  EXPECT_EQ(painted.content,
            "BT\n/P <</MCID 0>> BDC\n0 0 0 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n[<0003>] TJ\nEMC\n"
            "/Span <</MCID 1/ActualText <FEFF0061006200620061>>> BDC\n[<00040003>] TJ\n"
            "1 0 0 1 87 100 Tm\n[<0004>] TJ\nEMC\n"
            "/P <</MCID 2>> BDC\n[<0003>] TJ\n"
            "1 0 0 1 72 88 Tm\nEMC\n/Span <</MCID 3/ActualText <FEFF>>> BDC\n[<0004>] TJ\nEMC\n"
            "/P <</MCID 4>> BDC\n[<0003>] TJ\nEMC\n"
            "ET\n");
  ASSERT_EQ(painted.marked.size(), 5u);
  EXPECT_EQ(painted.marked[0].seq, 5u);
  EXPECT_EQ(painted.marked[1].seq, 1u);  // the span's sequence holds the second run (seq 1) too
  EXPECT_EQ(painted.marked[2].seq, 1u);
}

TEST_F(MarkedContentPainting, SpansThatCannotNestAreDropped) {
  // Each of these spans would break the nesting, so each is painted as
  // plain glyphs: one crosses into another node's run, one has a rule
  // between its glyphs, one has no end, and one holds another's start
  // (the inner one, complete, is kept).
  page_.elements.push_back(run({starts(glyph(1, "a"), "x")}, {1, 0}));
  page_.elements.push_back(run({ends(glyph(2, "b"))}, {2, 1}));
  page_.elements.push_back(run({starts(glyph(1, "a"), "y")}, {2, 2}));
  page_.elements.push_back(frame::Rule{pt(10), pt(20), pt(100), pt(0.5), {}, {2, 2}});
  page_.elements.push_back(run({ends(glyph(2, "b"))}, {2, 3}));
  page_.elements.push_back(run({starts(glyph(1, "a"), "z"), starts(glyph(2, "b"), "w"), ends(glyph(1, "a")),
                                starts(glyph(2, "b"), "never ends")},
                               {2, 4}));
  const std::string content = paint_page(page_, resources_).content;
  EXPECT_EQ(content.find("<FEFF0078>"), std::string::npos) << content;  // x
  EXPECT_EQ(content.find("<FEFF0079>"), std::string::npos) << content;  // y
  EXPECT_EQ(content.find("<FEFF007A>"), std::string::npos) << content;  // z
  EXPECT_NE(content.find("/Span <</MCID 4/ActualText <FEFF0077>>> BDC\n[<00040003>] TJ\nEMC\n"), std::string::npos)
      << content;  // w
  EXPECT_EQ(content.find("<FEFF006E"), std::string::npos) << content;  // never ends
}

TEST_F(MarkedContentPainting, NoPerGlyphActualTextInsideASpan) {
  // Glyph 1 stands for "á" (its code maps to "a"): alone it would get its
  // own /ActualText, but inside a reads_as span the span's text rules.
  page_.elements.push_back(run({starts(glyph(1, "\xC3\xA1"), "ab"), ends(glyph(2, "b")), glyph(1, "\xC3\xA1")}, {1, 0}));
  EXPECT_EQ(paint_page(page_, resources_).content,
            "BT\n0 0 0 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n"
            "/Span <</MCID 0/ActualText <FEFF00610062>>> BDC\n[<00030004>] TJ\nEMC\n"
            "/Span <</MCID 1/ActualText <FEFF00E1>>> BDC\n[<0003>] TJ\nEMC\n"
            "ET\n");
}

TEST_F(MarkedContentPainting, ArtifactSpansNestInTheArtifact) {
  page_.elements.push_back(run({glyph(1, "a"), ends(starts(glyph(2, "b"), "x")), glyph(1, "a")}, {}));
  EXPECT_EQ(paint_page(page_, resources_).content,
            "BT\n/Artifact BMC\n0 0 0 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n[<0003>] TJ\n"
            "/Span <</ActualText <FEFF0078>>> BDC\n[<0004>] TJ\nEMC\n[<0003>] TJ\nEMC\nET\n");
}

TEST_F(MarkedContentPainting, UntaggedPagesKeepSpansButHaveNoSequences) {
  resources_.structure = nullptr;
  page_.elements.push_back(run({starts(glyph(1, "a"), "ab"), ends(glyph(2, "b"))}, {1, 0}));
  const PaintedPage painted = paint_page(page_, resources_);
  EXPECT_EQ(painted.content,
            "BT\n0 0 0 rg\n/F1 10 Tf\n1 0 0 1 72 100 Tm\n"
            "/Span <</ActualText <FEFF00610062>>> BDC\n[<00030004>] TJ\nEMC\n"
            "ET\n");
  EXPECT_TRUE(painted.marked.empty());
}

}  // namespace
}  // namespace cvpdf::pdf
