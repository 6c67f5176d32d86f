// write_pdf end to end with real fonts, checked by the real tools: qpdf
// --check, pdftotext (text comes back, ligature and CJK included), pdffonts
// (subsets embedded under tagged names), qpdf --qdf (links, outline, Info,
// /Lang), pdfinfo, pdfimages, and byte-identical output on a second run.
#include <gtest/gtest.h>
#include <hb.h>

#include <regex>

#include "core/diagnostics.hpp"
#include "pdf/pdf_writer.hpp"
#include "pdf_test_support.hpp"

namespace cvpdf::pdf {
namespace {

using namespace testing;

// The sample: a résumé-like first page (heading, rule, ligature, CJK,
// justified line, link) and a second page, with a nested outline.
frame::Document sample_document(const text::FontBook& fonts, text::FaceId lato_id, text::FaceId noto_id) {
  const text::Face& lato = fonts.face(lato_id);
  const text::Face& noto = fonts.face(noto_id);
  frame::Document doc;
  frame::Page page;
  page.width = pt(595.276);
  page.height = pt(841.89);

  page.elements.push_back(make_run(lato, "Hello World", pt(24), pt(72), pt(100)));  // explicit space glyph
  page.elements.push_back(frame::Rule{pt(72), pt(110), pt(451.276), pt(1), {0.1, 0.3, 0.7}});

  // "office" as a shaper would give it: o, the ffi ligature carrying "ffi", c, e.
  frame::GlyphRun office;
  office.face = lato_id;
  office.size = pt(12);
  office.x = pt(72);
  office.y = pt(140);
  office.color = {0.8, 0.1, 0.1};
  {
    hb_buffer_t* buffer = hb_buffer_create();
    hb_buffer_add_utf8(buffer, "office", -1, 0, -1);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(lato.hb_font, buffer, nullptr, 0);
    unsigned count = 0;
    const hb_glyph_info_t* info = hb_buffer_get_glyph_infos(buffer, &count);
    const std::string text = "office";
    for (unsigned i = 0; i < count; ++i) {
      const unsigned end = i + 1 < count ? info[i + 1].cluster : static_cast<unsigned>(text.size());
      add_glyph(lato, office, info[i].codepoint, text.substr(info[i].cluster, end - info[i].cluster));
    }
    hb_buffer_destroy(buffer);
  }
  page.elements.push_back(office);

  page.elements.push_back(make_run(noto, "训练推理", pt(14), pt(72), pt(170), {0.1, 0.5, 0.2}));

  // A justified line: each space 3 pt wider than the font's.
  frame::GlyphRun justified = make_run(lato, "Spaces set wider than natural", pt(10), pt(72), pt(200));
  for (auto& glyph : justified.glyphs)
    if (glyph.text == " ") glyph.advance += pt(3);
  page.elements.push_back(justified);

  frame::GlyphRun mail = make_run(lato, "jane@example.com", pt(10), pt(72), pt(230), {0, 0.3, 0.6});
  page.elements.push_back(mail);
  page.elements.push_back(frame::LinkArea{pt(72), pt(221), mail.width(), pt(12), "mailto:jane@example.com"});
  page.elements.push_back(frame::LinkArea{pt(72), pt(245), pt(100), pt(12), "https://example.com/päth"});
  // The same link's second line.
  page.elements.push_back(frame::LinkArea{pt(72), pt(257), pt(60), pt(12), "https://example.com/päth"});
  doc.pages.push_back(page);

  frame::Page second;
  second.width = page.width;
  second.height = page.height;
  second.elements.push_back(make_run(lato, "Second page", pt(12), pt(72), pt(90)));
  // And its third, over the page.
  second.elements.push_back(frame::LinkArea{pt(72), pt(110), pt(60), pt(12), "https://example.com/päth"});
  doc.pages.push_back(second);

  doc.bookmarks = {{"Experience", 0, pt(90), 0}, {"Projects", 0, pt(160), 1}, {"Education", 1, pt(80), 0}};
  doc.metadata.title = "Jane Doe CV";
  doc.metadata.author = "Jane Doe";
  doc.metadata.subject = "Curriculum vitae";
  doc.metadata.keywords = "cv, résumé";
  doc.metadata.language = "en";
  doc.metadata.creation_time = 1700000000;
  doc.metadata.producer = "cvpdf 0.1.0";
  return doc;
}

class PdfWriter : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir("pdf-writer");
    fonts_ = new text::FontBook;
    lato_ = fonts_->load_file(kLatoPath);
    noto_ = fonts_->load_file(kNotoCjkPath, kNotoCjkScIndex);
    pdf_ = new std::string(write_pdf(sample_document(*fonts_, lato_, noto_), *fonts_));
    write_file(path(), *pdf_);
  }
  static void TearDownTestSuite() {
    delete pdf_;
    delete fonts_;
    delete scratch_;
  }
  static std::filesystem::path path() { return *scratch_ / "sample.pdf"; }

  // The file with objects uncompressed and streams decoded, for grepping.
  static std::string qdf() {
    const auto out = *scratch_ / "sample-qdf.pdf";
    const auto r = run_command("qpdf --qdf --object-streams=disable " + quote(path()) + " " + quote(out));
    EXPECT_EQ(r.status, 0) << r.output;
    return read_file(out);
  }

  static ScratchDir* scratch_;
  static text::FontBook* fonts_;
  static text::FaceId lato_, noto_;
  static std::string* pdf_;
};

ScratchDir* PdfWriter::scratch_ = nullptr;
text::FontBook* PdfWriter::fonts_ = nullptr;
text::FaceId PdfWriter::lato_ = text::kNoFace;
text::FaceId PdfWriter::noto_ = text::kNoFace;
std::string* PdfWriter::pdf_ = nullptr;

TEST_F(PdfWriter, IsPdf17WithObjectStreamsAndACrossReferenceStream) {
  // The layout is object_streams.cpp's (tested in object_streams_test.cpp);
  // here only that write_pdf uses it.
  EXPECT_EQ(pdf_->rfind("%PDF-1.7\n", 0), 0u);
  EXPECT_EQ(pdf_->find("\nxref\n"), std::string::npos);
  EXPECT_EQ(pdf_->find("/XRefStm"), std::string::npos);
  EXPECT_NE(pdf_->find("/Type /XRef"), std::string::npos);
  EXPECT_NE(pdf_->find("/Type /ObjStm"), std::string::npos);
  EXPECT_EQ(pdf_->substr(pdf_->size() - 6), "%%EOF\n");
}

TEST_F(PdfWriter, PassesQpdfCheck) {
  const auto r = run_command("qpdf --check " + quote(path()));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("No syntax or stream encoding errors found"), std::string::npos) << r.output;
}

TEST_F(PdfWriter, TextExtractsAsTyped) {
  const auto r = run_command("pdftotext -enc UTF-8 " + quote(path()) + " -");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("Hello World"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("office"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("训练推理"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("Spaces set wider than natural"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("jane@example.com"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("Second page"), std::string::npos) << r.output;
}

TEST_F(PdfWriter, OfficeReallyUsesTheLigatureGlyph) {
  // Guards the test itself: HarfBuzz must have formed the ligature.
  const std::string q = qdf();
  EXPECT_NE(q.find("<006600660069>"), std::string::npos) << "no ffi ToUnicode entry";
}

TEST_F(PdfWriter, FontsAreEmbeddedSubsetsWithTaggedNames) {
  const auto r = run_command("pdffonts " + quote(path()));
  ASSERT_EQ(r.status, 0) << r.output;
  const std::regex lato(R"([A-Z]{6}\+Lato-Regular +CID TrueType +Identity-H +yes +yes +yes)");
  const std::regex noto(R"([A-Z]{6}\+NotoSansCJKsc-Regular-Identity-H +CID Type 0C +Identity-H +yes +yes +yes)");
  EXPECT_TRUE(std::regex_search(r.output, lato)) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, noto)) << r.output;
}

TEST_F(PdfWriter, SubsetsAreSmall) {
  // Lato is 660 KB and the CJK collection ~20 MB; the subsets are a few KB.
  EXPECT_LT(pdf_->size(), 60000u);
}

TEST_F(PdfWriter, LinksAreUriActionsWithoutBordersOrTimestamps) {
  const std::string q = qdf();
  EXPECT_NE(q.find("/URI (mailto:jane@example.com)"), std::string::npos);
  EXPECT_NE(q.find("/URI (https://example.com/p%C3%A4th)"), std::string::npos);
  EXPECT_NE(q.find("/Subtype /Link"), std::string::npos);
  EXPECT_NE(q.find("/Border [\n"), std::string::npos);
  EXPECT_EQ(q.find("/M ("), std::string::npos);
  EXPECT_NE(q.find("/Annots ["), std::string::npos);
}

// A link over three lines (two pages) is three annotations sharing one
// action: its address is in the file once, not once a line.
TEST_F(PdfWriter, TheLinesOfALinkShareOneAction) {
  const std::string q = qdf();
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = q.find(what); at != std::string::npos; at = q.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("/Subtype /Link"), 4U);
  EXPECT_EQ(count("/URI (https://example.com/p%C3%A4th)"), 1U);
  EXPECT_EQ(count("/URI (mailto:jane@example.com)"), 1U);
  EXPECT_EQ(count("/S /URI"), 2U);
}

TEST_F(PdfWriter, OutlineHasOneEntryPerBookmarkWithCounts) {
  const std::string q = qdf();
  EXPECT_NE(q.find("/Title (Experience)"), std::string::npos);
  EXPECT_NE(q.find("/Title (Projects)"), std::string::npos);
  EXPECT_NE(q.find("/Title (Education)"), std::string::npos);
  EXPECT_NE(q.find("/Type /Outlines"), std::string::npos);
  EXPECT_NE(q.find("/Count 3"), std::string::npos);  // the root: all three, open
  EXPECT_NE(q.find("/Count 1"), std::string::npos);  // Experience: Projects
  EXPECT_NE(q.find("/XYZ"), std::string::npos);
  EXPECT_NE(q.find("/PageMode /UseOutlines"), std::string::npos);
}

TEST_F(PdfWriter, MetadataInfoLangAndXmp) {
  const std::string q = qdf();
  EXPECT_NE(q.find("/Title (Jane Doe CV)"), std::string::npos);
  EXPECT_NE(q.find("/Author (Jane Doe)"), std::string::npos);
  EXPECT_NE(q.find("/Subject (Curriculum vitae)"), std::string::npos);
  EXPECT_NE(q.find("/Keywords <feff"), std::string::npos);  // "résumé": UTF-16
  EXPECT_NE(q.find("/CreationDate (D:20231114221320+00'00')"), std::string::npos);
  EXPECT_NE(q.find("/ModDate (D:20231114221320+00'00')"), std::string::npos);
  EXPECT_NE(q.find("/Producer (cvpdf 0.1.0)"), std::string::npos);
  EXPECT_NE(q.find("/Lang (en)"), std::string::npos);
  EXPECT_NE(q.find("/DisplayDocTitle true"), std::string::npos);
  EXPECT_NE(q.find("/Type /Metadata"), std::string::npos);
  EXPECT_NE(q.find("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Jane Doe CV</rdf:li>"), std::string::npos);
  EXPECT_NE(q.find("<dc:language><rdf:Bag><rdf:li>en</rdf:li>"), std::string::npos);
  EXPECT_NE(q.find("<pdf:Keywords>cv, résumé</pdf:Keywords>"), std::string::npos);
  EXPECT_NE(q.find("<xmp:CreateDate>2023-11-14T22:13:20+00:00</xmp:CreateDate>"), std::string::npos);

  const auto info = run_command("pdfinfo " + quote(path()));
  auto field = [&](const std::string& name, const std::string& value) {
    return std::regex_search(info.output, std::regex("(^|\n)" + name + ": +" + value + "\n"));
  };
  EXPECT_TRUE(field("PDF version", "1\\.7")) << info.output;
  EXPECT_TRUE(field("Pages", "2")) << info.output;
  EXPECT_TRUE(field("Keywords", "cv, résumé")) << info.output;
  EXPECT_TRUE(field("Metadata Stream", "yes")) << info.output;
  EXPECT_TRUE(field("Page size", "595\\.276 x 841\\.89 pts \\(A4\\)")) << info.output;
}

TEST_F(PdfWriter, SameBytesOnEveryRun) {
  // A fresh FontBook: nothing may depend on state left from the first run.
  text::FontBook fonts;
  const auto lato = fonts.load_file(kLatoPath);
  const auto noto = fonts.load_file(kNotoCjkPath, kNotoCjkScIndex);
  const std::string again = write_pdf(sample_document(fonts, lato, noto), fonts);
  EXPECT_TRUE(again == *pdf_) << "outputs differ in size " << again.size() << " vs " << pdf_->size();
}

TEST_F(PdfWriter, AConsumedDocumentGivesTheSameBytesAndItsPagesAreFreed) {
  const frame::Document kept = sample_document(*fonts_, lato_, noto_);
  EXPECT_TRUE(write_pdf(kept, *fonts_) == *pdf_);
  ASSERT_FALSE(kept.pages.empty());
  EXPECT_FALSE(kept.pages.front().elements.empty()) << "a const document was changed";
  frame::Document consumed = kept;
  EXPECT_TRUE(write_pdf(std::move(consumed), *fonts_) == *pdf_);
  ASSERT_EQ(consumed.pages.size(), kept.pages.size());  // NOLINT(bugprone-use-after-move): what it leaves is the API
  for (const auto& page : consumed.pages) {
    EXPECT_TRUE(page.elements.empty());
    EXPECT_GT(page.width, 0);
  }
}

TEST_F(PdfWriter, FileIdIsADigestOfTheContent) {
  const std::smatch match = [&] {
    std::smatch m;
    std::regex_search(*pdf_, m, std::regex(R"(/ID ?\[ ?<([0-9A-F]{32})> ?<([0-9A-F]{32})> ?\])"));
    return m;
  }();
  ASSERT_EQ(match.size(), 3u) << pdf_->substr(pdf_->rfind("/Type /XRef"));
  EXPECT_EQ(match[1], match[2]);

  frame::Document other = sample_document(*fonts_, lato_, noto_);
  other.metadata.title = "Someone Else";
  const std::string different = write_pdf(other, *fonts_);
  EXPECT_EQ(different.find(match[1].str()), std::string::npos);
}

TEST_F(PdfWriter, RendersAPage) {
  const auto prefix = *scratch_ / "page";
  const auto r = run_command("pdftoppm -r 80 -png -f 1 -l 1 -singlefile " + quote(path()) + " " + quote(prefix));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_GT(std::filesystem::file_size(prefix.string() + ".png"), 1000u);
  EXPECT_EQ(r.output, "");  // poppler reports font problems on stderr
}

TEST(PdfWriterText, SameGlyphForDifferentTextStillExtractsAsTyped) {
  // The hyphen glyph first stands for U+2010 HYPHEN (so the ToUnicode map
  // says U+2010), then for U+002D: that one must still extract as "-".
  text::FontBook fonts;
  const text::Face& lato = fonts.face(fonts.load_file(kLatoPath));
  frame::Document doc;
  frame::Page page;
  page.width = pt(300);
  page.height = pt(100);
  frame::GlyphRun first = make_run(lato, "well-known", pt(12), pt(20), pt(30));
  first.glyphs[4].text = "\xE2\x80\x90";
  page.elements.push_back(first);
  page.elements.push_back(make_run(lato, "e-mail", pt(12), pt(20), pt(60)));
  doc.pages.push_back(page);
  ScratchDir scratch("pdf-actual-text");
  const std::string pdf = write_pdf(doc, fonts);
  write_file(scratch / "hyphen.pdf", pdf);
  const auto check = run_command("qpdf --check " + quote(scratch / "hyphen.pdf"));
  EXPECT_EQ(check.status, 0) << check.output;
  const auto r = run_command("pdftotext -enc UTF-8 " + quote(scratch / "hyphen.pdf") + " -");
  EXPECT_NE(r.output.find("well\xE2\x80\x90known"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("e-mail"), std::string::npos) << r.output;
}

TEST(PdfWriterText, MetadataStringsSurviveAnyCharacters) {
  // U+010D is the bytes 01 0D in UTF-16: a bare CR in a literal string
  // would be read back as LF. Parentheses and backslashes need escapes.
  const std::string title = "Zden\xC4\x9Bk \xC4\x8C. (Dvo\xC5\x99\xC3\xA1k) \\ CV \xE7\xAE\x80\xE5\x8E\x86 \xF0\x9F\x98\x80";
  text::FontBook fonts;
  frame::Document doc;
  frame::Page page;
  page.width = pt(300);
  page.height = pt(100);
  doc.pages.push_back(page);
  doc.metadata.title = title;
  doc.metadata.author = "Ann (A.) \\ B";
  doc.bookmarks = {{title, 0, pt(10), 0}};
  ScratchDir scratch("pdf-strings");
  write_file(scratch / "strings.pdf", write_pdf(doc, fonts));
  const auto info = run_command("pdfinfo -enc UTF-8 " + quote(scratch / "strings.pdf"));
  EXPECT_NE(info.output.find("Title:           " + title + "\n"), std::string::npos) << info.output;
  EXPECT_NE(info.output.find("Author:          Ann (A.) \\ B\n"), std::string::npos) << info.output;
  const auto json = run_command("qpdf --json " + quote(scratch / "strings.pdf"));
  EXPECT_NE(json.output.find("Zden\xC4\x9Bk \xC4\x8C. (Dvo\xC5\x99\xC3\xA1k)"), std::string::npos) << json.output;
}

// ─── Failures name the font or image ────────────────────────────────────

class PdfWriterErrors : public ::testing::Test {
 protected:
  PdfWriterErrors() : lato_(fonts_.load_file(kLatoPath)) {
    page_.width = pt(200);
    page_.height = pt(200);
  }
  frame::Document document() {
    frame::Document doc;
    doc.pages.push_back(page_);
    return doc;
  }
  text::FontBook fonts_;
  text::FaceId lato_;
  frame::Page page_;
};

TEST_F(PdfWriterErrors, GlyphOutsideTheFontNamesTheFontFile) {
  frame::GlyphRun run = make_run(fonts_.face(lato_), "A", pt(10), pt(10), pt(10));
  run.glyphs[0].id = 999999;
  page_.elements.push_back(run);
  try {
    write_pdf(document(), fonts_);
    FAIL() << "no error";
  } catch (const FatalError& e) {
    EXPECT_EQ(e.diagnostic().span.file, kLatoPath);
    EXPECT_NE(e.diagnostic().message.find("999999"), std::string::npos) << e.diagnostic().message;
  }
}

TEST_F(PdfWriterErrors, UnknownFaceIsAnError) {
  frame::GlyphRun run = make_run(fonts_.face(lato_), "A", pt(10), pt(10), pt(10));
  run.face = 42;
  page_.elements.push_back(run);
  EXPECT_THROW(write_pdf(document(), fonts_), FatalError);
}

TEST_F(PdfWriterErrors, MissingImageIsAnIoErrorNamingTheFile) {
  page_.elements.push_back(frame::Image{pt(10), pt(10), pt(50), pt(50), "/nonexistent/photo.jpg"});
  try {
    write_pdf(document(), fonts_);
    FAIL() << "no error";
  } catch (const IoError& e) {
    EXPECT_EQ(e.diagnostic().span.file, "/nonexistent/photo.jpg");
  }
}

TEST_F(PdfWriterErrors, UnsupportedImageNamesTheFile) {
  ScratchDir scratch("pdf-bad-image");
  const auto gif = scratch / "photo.gif";
  write_file(gif, "GIF89a not really");
  page_.elements.push_back(frame::Image{pt(10), pt(10), pt(50), pt(50), gif.string()});
  try {
    write_pdf(document(), fonts_);
    FAIL() << "no error";
  } catch (const FatalError& e) {
    EXPECT_EQ(e.diagnostic().span.file, gif.string());
    EXPECT_NE(e.diagnostic().message.find("not a JPEG or PNG image"), std::string::npos) << e.diagnostic().message;
    EXPECT_NE(e.diagnostic().message.find("a GIF image"), std::string::npos) << e.diagnostic().message;
  }
}

TEST_F(PdfWriterErrors, DamagedPngNamesTheFile) {
  ScratchDir scratch("pdf-bad-png");
  const auto png = scratch / "broken.png";
  write_file(png, std::string("\x89PNG\r\n\x1a\n", 8) + "garbage garbage garbage");
  page_.elements.push_back(frame::Image{pt(10), pt(10), pt(50), pt(50), png.string()});
  try {
    write_pdf(document(), fonts_);
    FAIL() << "no error";
  } catch (const FatalError& e) {
    EXPECT_EQ(e.diagnostic().span.file, png.string());
  }
}

TEST_F(PdfWriterErrors, EmptyDocumentStillWritesAValidFile) {
  ScratchDir scratch("pdf-empty");
  frame::Document doc = document();
  write_file(scratch / "empty.pdf", write_pdf(doc, fonts_));
  const auto r = run_command("qpdf --check " + quote(scratch / "empty.pdf"));
  EXPECT_EQ(r.status, 0) << r.output;
}

}  // namespace
}  // namespace cvpdf::pdf
