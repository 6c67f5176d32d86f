// The tagged PDF end to end: a hand-built two-page Document with a name
// holding a Chinese span, a figure, a custom heading role, a paragraph
// whose link runs over two lines and whose text goes on to the next page
// (painted out of reading order), a hyphenated word and artifacts —
// written once, then checked with qpdf (--check, --qdf), poppler (pdfinfo
// -struct-text, pdffonts, pdftotext) and the tagged-PDF checker the e2e
// tests use (tests/e2e/pdf_structure.hpp). Also: what
// keeps a file from claiming PDF/UA, an untagged Document, and --pdfa.
#include <gtest/gtest.h>

#include <regex>

#include "core/diagnostics.hpp"
#include "pdf/pdf_writer.hpp"
#include "pdf_test_support.hpp"
#include "pdf_structure.hpp"

namespace cvpdf::pdf {
namespace {

using namespace testing;

enum Node : frame::StructId { kDocument, kName, kChineseName, kHeading, kPara, kLink, kFigure, kEmpty, kHyphenated };

frame::GlyphRun tagged(frame::GlyphRun run, frame::StructId node, std::uint32_t seq, std::uint16_t link = 0) {
  run.tag = {node, seq};
  run.link = link;
  return run;
}

frame::Document tagged_document(const text::FontBook& fonts, text::FaceId lato_id, text::FaceId noto_id) {
  const text::Face& lato = fonts.face(lato_id);
  const text::Face& noto = fonts.face(noto_id);
  frame::Document doc;
  doc.structure = {{"Document", "", frame::kArtifact, "", "", ""},  {"H1", "", kDocument, "", "", ""},
                   {"Span", "", kName, "zh-Hans", "", ""},          {"SectionTitle", "H2", kDocument, "", "", ""},
                   {"P", "", kDocument, "", "", ""},                {"Link", "", kPara, "", "", ""},
                   {"Figure", "", kDocument, "", "Jane Doe", ""},   {"Caption", "", kDocument, "", "", ""},
                   {"P", "", kDocument, "", "", ""}};
  frame::Page page;
  page.width = pt(400);
  page.height = pt(300);
  // Painted out of reading order: rule, heading, paragraph's end, name.
  page.elements.push_back(frame::Rule{pt(20), pt(100), pt(360), pt(1), {0.2, 0.2, 0.2}, {}});
  page.elements.push_back(tagged(make_run(lato, "Experience", pt(14), pt(20), pt(120)), kHeading, 10));
  frame::GlyphRun link1 = tagged(make_run(lato, "example.com/", pt(10), pt(120), pt(150)), kLink, 21, 1);
  frame::GlyphRun link2 = tagged(make_run(lato, "docs", pt(10), pt(20), pt(165)), kLink, 22, 1);
  page.elements.push_back(tagged(make_run(lato, " for more.", pt(10), pt(45), pt(165)), kPara, 23));
  page.elements.push_back(link2);
  page.elements.push_back(tagged(make_run(lato, "See the docs at ", pt(10), pt(20), pt(150)), kPara, 20));
  page.elements.push_back(link1);
  page.elements.push_back(frame::LinkArea{pt(120), pt(141), link1.width(), pt(12), "https://example.com/docs", 1,
                                          {kLink, 21}, "the docs at example.com"});
  page.elements.push_back(
      frame::LinkArea{pt(20), pt(156), link2.width(), pt(12), "https://example.com/docs", 1, {kLink, 22}, "the docs at example.com"});
  page.elements.push_back(frame::Image{pt(300), pt(20), pt(64), pt(48),
                                       std::string(CVPDF_SOURCE_DIR) + "/tests/fuzz/corpus/photos/rgba.png", {kFigure, 3}});
  page.elements.push_back(tagged(make_run(lato, "Jane Doe ", pt(20), pt(20), pt(60)), kName, 1));
  page.elements.push_back(tagged(make_run(noto, "李雷", pt(20), pt(120), pt(60)), kChineseName, 2));
  doc.pages.push_back(page);

  frame::Page second = page;
  second.elements.clear();
  second.elements.push_back(tagged(make_run(lato, "Continued here.", pt(10), pt(20), pt(40)), kPara, 24));
  // A real hyphen at a line end: poppler would join the lines and drop it
  // ("largemodel"); the spans make it read "large-model".
  frame::GlyphRun large = tagged(make_run(lato, "Trains large-", pt(10), pt(20), pt(70)), kHyphenated, 30);
  large.glyphs[7].reads_as = "large-model";
  large.glyphs.back().reads_as_end = true;
  frame::GlyphRun model = tagged(make_run(lato, "model data", pt(10), pt(20), pt(82)), kHyphenated, 31);
  model.glyphs[0].reads_as = "";
  model.glyphs[4].reads_as_end = true;
  second.elements.push_back(large);
  second.elements.push_back(model);
  second.elements.push_back(tagged(make_run(lato, "2", pt(8), pt(200), pt(290)), frame::kArtifact, 0));  // footer
  doc.pages.push_back(second);

  doc.metadata.title = "Jane Doe CV";
  doc.metadata.author = "Jane Doe";
  doc.metadata.language = "en";
  doc.metadata.creation_time = 1700000000;
  doc.metadata.producer = "cvpdf 0.1.0";
  return doc;
}

class TaggedPdf : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir("tagged-pdf");
    fonts_ = new text::FontBook;
    lato_ = fonts_->load_file(kLatoPath);
    noto_ = fonts_->load_file(kNotoCjkPath, kNotoCjkScIndex);
    write_file(path("tagged"), write_pdf(document(), *fonts_));
    qdf_ = new std::string(qdf("tagged"));
  }
  static void TearDownTestSuite() {
    delete qdf_;
    delete fonts_;
    delete scratch_;
  }
  static frame::Document document() { return tagged_document(*fonts_, lato_, noto_); }
  static std::filesystem::path path(const std::string& name) { return *scratch_ / (name + ".pdf"); }
  static std::string qdf(const std::string& name) {
    const auto out = *scratch_ / (name + "-qdf.pdf");
    const auto r = run_command("qpdf --qdf --object-streams=disable " + quote(path(name)) + " " + quote(out));
    EXPECT_EQ(r.status, 0) << r.output;
    return read_file(out);
  }
  static CommandResult check(const std::string& name) { return run_command("qpdf --check " + quote(path(name))); }

  static ScratchDir* scratch_;
  static text::FontBook* fonts_;
  static text::FaceId lato_, noto_;
  static std::string* qdf_;
};

ScratchDir* TaggedPdf::scratch_ = nullptr;
text::FontBook* TaggedPdf::fonts_ = nullptr;
text::FaceId TaggedPdf::lato_ = text::kNoFace;
text::FaceId TaggedPdf::noto_ = text::kNoFace;
std::string* TaggedPdf::qdf_ = nullptr;

TEST_F(TaggedPdf, IsCleanAndPassesTheTaggedChecks) {
  const CommandResult r = check("tagged");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("No syntax or stream encoding errors"), std::string::npos) << r.output;
  const auto violations = cvpdf::test::check_all(cvpdf::test::read_tagged_pdf(path("tagged")));
  EXPECT_TRUE(violations.empty()) << ::testing::PrintToString(violations);
}

TEST_F(TaggedPdf, StructureReadsInLogicalOrder) {
  // poppler 22.12 shows the custom role by its standard type, neither /Alt
  // nor /Lang, and each MCID's glyphs (not its /ActualText).
  const CommandResult r = run_command("pdfinfo -struct-text " + quote(path("tagged")));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(std::regex_replace(r.output, std::regex("Object \\d+ 0"), "Object"),
            "Document\n"
            "  H1 (block)\n"
            "    \"Jane Doe \"\n"
            "    Span (inline)\n"
            "      \"李雷\"\n"
            "  Figure\n"
            "    \"\"\n"
            "  H2 (block)\n"
            "    \"Experience\"\n"
            "  P (block)\n"
            "    \"See the docs at \"\n"
            "    Link (inline)\n"
            "      \"example.com/\"\n"
            "      Object\n"
            "      \"docs\"\n"
            "      Object\n"
            "    \" for more.\"\n"
            "    \"Continued here.\"\n"
            "  P (block)\n"
            "    \"Trains \"\n"
            "    \"large-\"\n"
            "    \"model\"\n"
            "    \" data\"\n");
}

TEST_F(TaggedPdf, HyphenatedWordExtractsWhole) {
  const CommandResult r = run_command("pdftotext -f 2 -l 2 " + quote(path("tagged")) + " -");
  EXPECT_NE(r.output.find("Trains large-model"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("largemodel"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.rfind("model"), r.output.find("large-model") + 6) << r.output;  // no "model" of its own
}

TEST_F(TaggedPdf, TreeObjects) {
  const std::string& q = *qdf_;
  // One Link element with both annotations as OBJR kids, each annotation
  // pointing back through /StructParent and saying what it is.
  std::size_t objrs = 0;
  for (std::size_t at = q.find("/Type /OBJR"); at != std::string::npos; at = q.find("/Type /OBJR", at + 1)) ++objrs;
  EXPECT_EQ(objrs, 2u);
  EXPECT_NE(q.find("/Contents (the docs at example.com)"), std::string::npos);
  EXPECT_NE(q.find("/StructParent 2"), std::string::npos);  // keys 0, 1: the pages
  EXPECT_NE(q.find("/StructParent 3"), std::string::npos);
  EXPECT_NE(q.find("/ParentTreeNextKey 4"), std::string::npos);
  EXPECT_NE(q.find("/StructParents 0"), std::string::npos);
  EXPECT_NE(q.find("/StructParents 1"), std::string::npos);
  EXPECT_NE(q.find("/Tabs /S"), std::string::npos);
  EXPECT_TRUE(std::regex_search(q, std::regex("/RoleMap <<\\s*/SectionTitle /H2\\s*>>"))) << q;
  // The paragraph goes on to page 2: that content is an MCR naming its page.
  EXPECT_TRUE(std::regex_search(q, std::regex("<<\\s*/MCID 0\\s*/Pg \\d+ 0 R\\s*/Type /MCR\\s*>>"))) << q;
  EXPECT_NE(q.find("/Alt (Jane Doe)"), std::string::npos);
  EXPECT_EQ(q.find("/Caption"), std::string::npos);  // a node without content is left out
  EXPECT_NE(q.find("<pdfuaid:part>1</pdfuaid:part>"), std::string::npos);
  EXPECT_EQ(q.find("pdfaid:"), std::string::npos);
  EXPECT_EQ(q.find("/OutputIntents"), std::string::npos);
}

TEST_F(TaggedPdf, ShortOfPdfUaIsTaggedButNotDeclared) {
  // An image without alternative text, a link that is not in a Link element,
  // no language: each keeps the file from claiming PDF/UA, none from being tagged.
  for (int which = 0; which < 3; ++which) {
    frame::Document doc = document();
    if (which == 0) doc.structure[kFigure].alt.clear();
    if (which == 1) std::get<frame::LinkArea>(doc.pages[0].elements[6]).tag.node = kPara;
    if (which == 2) doc.metadata.language.clear();
    const auto file = path("short-" + std::to_string(which));
    write_file(file, write_pdf(doc, *fonts_));
    const CommandResult metadata = run_command("pdfinfo -meta " + quote(file));
    EXPECT_NE(metadata.output.find("<pdf:Producer>"), std::string::npos) << which << metadata.output;
    EXPECT_EQ(metadata.output.find("pdfuaid"), std::string::npos) << which;
    EXPECT_NE(run_command("pdfinfo " + quote(file)).output.find("Tagged:          yes"), std::string::npos) << which;
  }
}

TEST_F(TaggedPdf, UntaggedDocumentHasNoTree) {
  frame::Document doc = document();
  doc.structure.clear();
  write_file(path("untagged"), write_pdf(doc, *fonts_));
  const std::string q = qdf("untagged");
  EXPECT_EQ(q.find("/StructTreeRoot"), std::string::npos);
  EXPECT_EQ(q.find("/MarkInfo"), std::string::npos);
  EXPECT_EQ(q.find("/StructParent"), std::string::npos);
  EXPECT_EQ(q.find("MCID"), std::string::npos);
  EXPECT_EQ(q.find("pdfuaid"), std::string::npos);
  EXPECT_NE(run_command("pdfinfo " + quote(path("untagged"))).output.find("Tagged:          no"), std::string::npos);
  // The checks can fail: they see untagged content, a catalog without
  // MarkInfo and annotations outside the tree.
  const cvpdf::test::TaggedPdf untagged = cvpdf::test::read_tagged_pdf(path("untagged"));
  EXPECT_FALSE(cvpdf::test::check_marked_content(untagged).empty());
  EXPECT_FALSE(cvpdf::test::check_catalog(untagged).empty());
  EXPECT_FALSE(cvpdf::test::check_annotations(untagged).empty());
  // The hyphenated word still reads whole: spans do not need tags.
  EXPECT_NE(run_command("pdftotext " + quote(path("untagged")) + " -").output.find("Trains large-model"),
            std::string::npos);
}

TEST_F(TaggedPdf, SameDocumentSameBytes) {
  EXPECT_EQ(write_pdf(document(), *fonts_), read_file(path("tagged")));
}

TEST_F(TaggedPdf, NothingToReadStillMakesAWellFormedTree) {
  // Every element an artifact: the tree is the bare Document element.
  frame::Document doc = document();
  for (auto& page : doc.pages)
    for (auto& element : page.elements) std::visit([](auto& e) { e.tag.node = frame::kArtifact; }, element);
  write_file(path("artifacts"), write_pdf(doc, *fonts_));
  const CommandResult r = check("artifacts");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(run_command("pdfinfo -struct " + quote(path("artifacts"))).output, "Document\n");
  const std::string q = qdf("artifacts");
  EXPECT_TRUE(cvpdf::test::check_marked_content(cvpdf::test::read_tagged_pdf(path("artifacts"))).empty());
  EXPECT_EQ(q.find("MCID"), std::string::npos);
  EXPECT_EQ(q.find("pdfuaid"), std::string::npos);  // the links are in no Link element
}

TEST_F(TaggedPdf, TagNamingNoNodeIsABug) {
  frame::Document doc = document();
  std::get<frame::LinkArea>(doc.pages[0].elements[6]).tag.node = 42;
  EXPECT_THROW(write_pdf(doc, *fonts_), FatalError);
  doc = document();
  doc.structure[kLink].parent = kHyphenated;  // a parent after its child
  EXPECT_THROW(write_pdf(doc, *fonts_), FatalError);
}

// Without veraPDF, what is checked of PDF/A-2u: qpdf --check; the output
// intent (GTS_PDFA1, sRGB, an RGB ICC profile with /N 3); pdfaid part 2
// conformance U and the pdfuaid extension schema in the XMP; the XMP
// uncompressed and in step with Info; printable annotations; the binary
// header comment; an end of line after every "N 0 obj" and "endobj" (6.1.9);
// no encryption; a trailer /ID. Fonts embedded with
// ToUnicode are TaggedPdf.IsCleanAndPassesTheTaggedChecks's (pdffonts).
TEST_F(TaggedPdf, PdfA2u) {
  const std::string bytes = write_pdf(document(), *fonts_, PdfOptions{.pdfa = true});
  write_file(path("pdfa"), bytes);
  EXPECT_EQ(bytes.substr(0, 9), "%PDF-1.7\n");
  ASSERT_GT(bytes.size(), 14u);
  for (int i = 10; i < 14; ++i) EXPECT_GE(static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]), 128u);
  const CommandResult r = check("pdfa");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("No syntax or stream encoding errors"), std::string::npos) << r.output;
  EXPECT_EQ(objects_without_end_of_line(path("pdfa")), "");
  const std::string q = qdf("pdfa");
  const std::size_t intents = q.find("/OutputIntents [");
  ASSERT_NE(intents, std::string::npos);
  const std::string intent = q.substr(intents, q.find(']', intents) - intents);
  EXPECT_NE(intent.find("/Type /OutputIntent"), std::string::npos) << intent;
  EXPECT_NE(intent.find("/S /GTS_PDFA1"), std::string::npos) << intent;
  EXPECT_NE(intent.find("/OutputConditionIdentifier (sRGB IEC61966-2.1)"), std::string::npos) << intent;
  const std::size_t profile_ref = intent.find("/DestOutputProfile ");
  ASSERT_NE(profile_ref, std::string::npos) << intent;
  const std::string profile_id = intent.substr(profile_ref + 19, intent.find(' ', profile_ref + 19) - profile_ref - 19);
  const std::size_t profile = q.find("\n" + profile_id + " 0 obj\n");
  ASSERT_NE(profile, std::string::npos);
  const std::size_t data = q.find("\nstream\n", profile) + 8;
  EXPECT_NE(q.substr(profile, data - profile).find("/N 3"), std::string::npos);
  EXPECT_EQ(q.substr(data + 36, 4), "acsp");  // an ICC profile's signature
  EXPECT_EQ(q.substr(data + 16, 4), "RGB ");
  EXPECT_NE(q.find("<pdfaid:part>2</pdfaid:part>"), std::string::npos);
  EXPECT_NE(q.find("<pdfaid:conformance>U</pdfaid:conformance>"), std::string::npos);
  EXPECT_NE(q.find("<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>"), std::string::npos);
  EXPECT_NE(q.find("<pdfuaid:part>1</pdfuaid:part>"), std::string::npos);
  std::size_t printable = 0;
  for (std::size_t at = q.find("/F 4\n"); at != std::string::npos; at = q.find("/F 4\n", at + 1)) ++printable;
  EXPECT_EQ(printable, 2u);  // both link annotations
  EXPECT_EQ(q.find("/Encrypt"), std::string::npos);
  // XMP in step with Info, and readable without decoding.
  EXPECT_NE(q.find("/Title (Jane Doe CV)"), std::string::npos);
  EXPECT_NE(q.find("<rdf:li xml:lang=\"x-default\">Jane Doe CV</rdf:li>"), std::string::npos);
  EXPECT_NE(q.find("/Producer (cvpdf 0.1.0)"), std::string::npos);
  EXPECT_NE(q.find("<pdf:Producer>cvpdf 0.1.0</pdf:Producer>"), std::string::npos);
  EXPECT_NE(q.find("/CreationDate (D:20231114221320+00'00')"), std::string::npos);
  EXPECT_NE(q.find("<xmp:CreateDate>2023-11-14T22:13:20+00:00</xmp:CreateDate>"), std::string::npos);
  EXPECT_NE(bytes.find("<pdfaid:part>2</pdfaid:part>"), std::string::npos);  // the packet is not compressed
  const std::string trailer = q.substr(q.rfind("trailer"));
  EXPECT_TRUE(std::regex_search(trailer, std::regex("/ID \\[\\s*<[0-9a-f]{32}>"))) << trailer;
}

}  // namespace
}  // namespace cvpdf::pdf
