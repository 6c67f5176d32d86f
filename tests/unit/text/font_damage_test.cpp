// Damaged font files through FontBook::load_file and find_face, as a layout
// names them: each is refused with a FatalError naming the file (and the
// layout key when the request carries one), never a crash. The files are the
// fuzz corpus's hand-made variants (tests/fuzz/corpus/fonts).
#include <gtest/gtest.h>

#include <string>

#include "test_fonts.hpp"

namespace cvpdf::text {
namespace {

using testing::TextTest;

std::string corpus(const std::string& name) { return std::string(CVPDF_SOURCE_DIR) + "/tests/fuzz/corpus/fonts/" + name; }

// The diagnostic load_file throws for `name`, or fails the test.
Diagnostic refusal(FontBook& book, const std::string& name, unsigned index = 0) {
  try {
    book.load_file(corpus(name), index);
  } catch (const FatalError& e) {
    return e.diagnostic();
  }
  ADD_FAILURE() << name << " was accepted";
  return {};
}

class FontDamageTest : public TextTest {};

TEST_F(FontDamageTest, TheTinyValidFontsLoad) {
  const Face& lato = book.face(book.load_file(corpus("valid-lato-tiny.ttf")));
  EXPECT_FALSE(lato.is_cff);
  const Face& noto = book.face(book.load_file(corpus("valid-noto-sc-cid.otf")));
  EXPECT_TRUE(noto.is_cff);
  EXPECT_TRUE(noto.is_cid_keyed);
  EXPECT_TRUE(book.face(book.load_file(corpus("valid-collection.ttc"), 1)).is_cid_keyed);
}

// Issue 9, item 1: this file crashed cvpdf (SIGSEGV) while it was opened.
TEST_F(FontDamageTest, CffNameIndexEndOffsetWrapIsRefused) {
  const Diagnostic d = refusal(book, "cff-name-index-end-wraps");
  EXPECT_EQ(d.span.file, corpus("cff-name-index-end-wraps"));
  EXPECT_NE(d.message.find("'CFF ' table is malformed"), std::string::npos) << d.message;
  EXPECT_FALSE(d.hint.empty());
}

TEST_F(FontDamageTest, EveryCffIndexLieIsRefusedAtOpen) {
  for (const char* name : {"cff-name-index-end-ffffffff", "cff-name-index-end-fffffff3", "cff-name-index-end-7fffffff",
                           "cff-name-index-end-00010000", "cff-name-index-count-ffff", "cff-name-index-offsize-0",
                           "cff-name-index-offsize-5", "cff-name-index-offsize-255", "cff-header-size-ff",
                           "cff-top-dict-index-count-ffff", "cff-top-dict-offsize-0", "cff-top-dict-offset-huge",
                           "cff-cut-after-name-index", "cff-only-header", "cff-top-dict-real-unterminated"}) {
    const Diagnostic d = refusal(book, name);
    EXPECT_EQ(d.span.file, corpus(name));
    EXPECT_NE(d.message.find("malformed"), std::string::npos) << name << ": " << d.message;
  }
}

TEST_F(FontDamageTest, TableDirectoryLiesAreRefused) {
  for (const char* name : {"dir-offset-wrap-lato", "dir-length-huge-noto", "dir-offset-plus-length-wraps-32-lato",
                           "truncated-lato-1608", "truncated-noto-3031"}) {
    const Diagnostic d = refusal(book, name);
    EXPECT_NE(d.message.find("truncated or damaged"), std::string::npos) << name << ": " << d.message;
  }
  for (const char* name : {"truncated-lato-0", "truncated-noto-12", "dir-numtables-ffff-lato", "ttc-header-only",
                           "ttc-numfonts-ffffffff"})
    EXPECT_NE(refusal(book, name).message.find("not a font file"), std::string::npos) << name;
}

// Issue 9, item 18: a TTC whose table tag is NUL and control bytes printed
// them raw; now they are escaped.
TEST_F(FontDamageTest, ControlBytesInATagAreEscaped) {
  const Diagnostic d = refusal(book, "ttc-control-tag-past-end");
  EXPECT_NE(d.message.find("the '\\x00\\x01\\x1B\\x7F' table runs past the end"), std::string::npos) << d.message;
  for (char c : d.format()) EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20) << int(c);
  // The collection's other face is whole and loads.
  EXPECT_NO_THROW(book.load_file(corpus("ttc-control-tag-past-end"), 1));
  EXPECT_NE(refusal(book, "ttc-second-offset-at-end", 1).message.find("the table directory"), std::string::npos);
}

TEST_F(FontDamageTest, ARequestsLayoutKeyIsKeptForLaterMessages) {
  FontRequest request{corpus("valid-lato-tiny.ttf"), Weight::Regular, Slant::Upright, "en", ""};
  request.origin = SourceSpan{"layout.yaml", 3, 10};
  const Face& face = book.face(*find_face(book, request));
  EXPECT_EQ(face.named_as, request.family_or_path);
  const Diagnostic d = face.error("it is damaged", "a hint").diagnostic();
  EXPECT_EQ(d.span.to_string(), "layout.yaml:3:10");
  EXPECT_EQ(d.message, "font '" + request.family_or_path + "' (" + face.path + "): it is damaged");
  // Without a known key the message is at the font file.
  const Face& bare = book.face(book.load_file(corpus("valid-noto-sc-cid.otf")));
  EXPECT_EQ(bare.error("it is damaged", "").diagnostic().span.to_string(), bare.path);
}

}  // namespace
}  // namespace cvpdf::text
