// The file layout (serialise.hpp) on documents built straight in the object
// model (objects.hpp): a page with a content stream, the XMP metadata, and a
// structure tree of many small dictionaries, the case object streams are
// for. Read back by every reader here: qpdf --check, PoDoFo's parser,
// poppler and mupdf. And the values, written as PoDoFo writes them.
#include <gtest/gtest.h>
#include <zlib.h>

#include <regex>
#include <set>
#include <sstream>

#include "core/diagnostics.hpp"
#include "pdf/format.hpp"
#include "pdf/pdf_objects.hpp"
#include "pdf/serialise.hpp"
#include "pdf_test_support.hpp"
#include "podofo_reader.hpp"

namespace cvpdf::pdf {
namespace {

using namespace testing;

constexpr std::size_t kElements = 1000;  // five object streams' worth

// A one-page document whose catalog holds a flat structure tree of
// `elements` StructElems (each a small dictionary pointing at its parent),
// like a tagged résumé's. `title` changes the content (Info and XMP).
struct TestPdf {
  Document pdf;
  Ref xmp;
  // `embedded` pairs of a dictionary and the stream it points to, made
  // alternately like a font's descriptor and program, hang off the catalog.
  explicit TestPdf(std::size_t elements, const std::string& title = "Jane Doe CV", std::size_t embedded = 0) {
    Object& page = pdf.add_page(300, 100);
    Object& content = pdf.create();
    set_stream(content, "0 0 1 rg 10 10 280 80 re f\n", StreamFilter::Flate);
    page.dictionary().set("Contents", content.ref);

    Object& root = pdf.create("StructTreeRoot");
    Array kids;
    for (std::size_t i = 0; i < elements; ++i) {
      Object& element = pdf.create("StructElem");
      Dictionary& d = element.dictionary();
      d.set("S", Name{i % 3 == 0 ? "H2" : "P"});
      d.set("P", root.ref);
      d.set("Pg", page.ref);
      d.set("K", pdf_int(static_cast<std::int64_t>(i)));
      kids.push_back(element.ref);
    }
    root.dictionary().set("K", kids);
    pdf.catalog().dictionary().set("StructTreeRoot", root.ref);
    Array pairs;
    for (std::size_t i = 0; i < embedded; ++i) {
      Object& descriptor = pdf.create("Descriptor");
      Object& program = pdf.create();
      set_stream(program, "program " + std::to_string(i), StreamFilter::None);
      descriptor.dictionary().set("Program", program.ref);
      pairs.push_back(descriptor.ref);
    }
    if (embedded) pdf.catalog().dictionary().set("Embedded", pairs);

    frame::Metadata metadata;
    metadata.title = title;
    metadata.author = "Jane Doe";
    metadata.language = "en";
    metadata.creation_time = 1700000000;
    metadata.producer = "cvpdf test";
    add_metadata(pdf, metadata, Claims{});
    xmp = *pdf.catalog().dictionary().get("Metadata")->get_if<Ref>();
  }
  // The same objects as a classic file: each in the open, a classic table.
  std::string classic() const {
    std::string file = "%PDF-1.7\n";
    std::vector<std::size_t> offsets;
    for (const Object& object : pdf.objects()) {
      offsets.push_back(file.size());
      append_object(file, object);
    }
    const std::size_t xref = file.size();
    file += "xref\n0 " + std::to_string(offsets.size() + 1) + "\n0000000000 65535 f \n";
    for (std::size_t offset : offsets) {
      const std::string digits = std::to_string(offset);
      file += std::string(10 - digits.size(), '0') + digits + " 00000 n \n";
    }
    file += "trailer\n<</Size " + std::to_string(offsets.size() + 1) + "/Root 1 0 R/Info 2 0 R>>\nstartxref\n" +
            std::to_string(xref) + "\n%%EOF\n";
    return file;
  }
};

class Serialise : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir("serialise");
    TestPdf big(kElements);
    big_ = new std::string(serialise_document(big.pdf));
    big_xmp_ = big.xmp.number;
    write_file(*scratch_ / "big.pdf", *big_);
    TestPdf small(3, "Jane Doe CV", 12);
    small_ = new std::string(serialise_document(small.pdf));
    write_file(*scratch_ / "small.pdf", *small_);
  }
  static void TearDownTestSuite() {
    delete big_;
    delete small_;
    delete scratch_;
  }
  static std::filesystem::path file(const std::string& name) { return *scratch_ / (name + ".pdf"); }

  static ScratchDir* scratch_;
  static std::string* big_;
  static std::string* small_;
  static std::uint32_t big_xmp_;
};

ScratchDir* Serialise::scratch_ = nullptr;
std::string* Serialise::big_ = nullptr;
std::string* Serialise::small_ = nullptr;
std::uint32_t Serialise::big_xmp_ = 0;

// "n/0: compressed; stream = s, index = i" or "n/0: uncompressed; offset = o".
struct XrefListing {
  std::set<int> object_streams;
  std::set<int> uncompressed;
  std::size_t compressed = 0;
};

XrefListing show_xref(const std::filesystem::path& path) {
  const auto r = run_command("qpdf --show-xref " + quote(path));
  EXPECT_EQ(r.status, 0) << r.output;
  XrefListing listing;
  const std::regex row(R"((\d+)/0: (compressed; stream = (\d+)|uncompressed))");
  for (std::sregex_iterator it(r.output.begin(), r.output.end(), row), end; it != end; ++it) {
    if ((*it)[3].matched) {
      listing.object_streams.insert(std::stoi((*it)[3]));
      ++listing.compressed;
    } else {
      listing.uncompressed.insert(std::stoi((*it)[1]));
    }
  }
  return listing;
}

TEST_F(Serialise, QpdfChecksCleanWithoutWarnings) {
  for (const char* name : {"big", "small"}) {
    const auto r = run_command("qpdf --check " + quote(file(name)));
    EXPECT_EQ(r.status, 0) << name << ": " << r.output;  // 3 would be warnings
    EXPECT_NE(r.output.find("No syntax or stream encoding errors found"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("WARNING"), std::string::npos) << r.output;
  }
}

TEST_F(Serialise, SmallDictionariesLiveInObjectStreamsOfAFewHundred) {
  const XrefListing listing = show_xref(file("big"));
  EXPECT_GE(listing.compressed, kElements);
  EXPECT_EQ(listing.object_streams.size(), (listing.compressed + kObjectsPerStream - 1) / kObjectsPerStream);
  EXPECT_GE(listing.object_streams.size(), 5u);
  // In the open: the page's content stream, the XMP, the object streams and
  // the cross-reference stream.
  EXPECT_EQ(listing.uncompressed.size(), 2 + listing.object_streams.size() + 1);
  EXPECT_EQ(big_->find("/Type/StructElem"), std::string::npos) << "a StructElem was written in the open";
  EXPECT_EQ(big_->find("\nxref\n"), std::string::npos);
  EXPECT_EQ(big_->find("trailer"), std::string::npos);
  EXPECT_NE(big_->find("/Type/XRef"), std::string::npos);
  EXPECT_EQ(big_->rfind("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", 0), 0u);
  EXPECT_EQ(big_->substr(big_->size() - 6), "%%EOF\n");
}

TEST_F(Serialise, StartxrefPointsAtTheCrossReferenceStream) {
  const std::size_t at = big_->rfind("startxref\n");
  ASSERT_NE(at, std::string::npos);
  const std::size_t offset = std::stoul(big_->substr(at + 10));
  EXPECT_TRUE(std::regex_search(big_->substr(offset, 40), std::regex(R"(^\d+ 0 obj\n<</Type/XRef/)")))
      << big_->substr(offset, 40);
}

TEST_F(Serialise, TheXmpPacketStaysAPlainStreamOutsideObjectStreams) {
  EXPECT_EQ(show_xref(file("big")).uncompressed.count(static_cast<int>(big_xmp_)), 1u);
  // Plain text in the file itself, for tools that only scan bytes.
  EXPECT_NE(big_->find("<?xpacket begin="), std::string::npos);
  EXPECT_NE(big_->find("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Jane Doe CV</rdf:li>"), std::string::npos);
  const std::string header = std::to_string(big_xmp_) + " 0 obj<<";
  const std::size_t at = big_->find(header);
  ASSERT_NE(at, std::string::npos);
  const std::string dictionary = big_->substr(at, big_->find("stream", at) - at);
  EXPECT_EQ(dictionary.find("/Filter"), std::string::npos) << dictionary;
}

TEST_F(Serialise, PoDoFoLoadsItBack) {
  using namespace PoDoFo;
  PdfError::EnableDebug(false);
  PdfError::EnableLogging(false);
  PdfMemDocument loaded;
  loaded.LoadFromBuffer(big_->data(), static_cast<pdf_long>(big_->size()));
  EXPECT_EQ(loaded.GetPageCount(), 1);
  const PdfObject* root = loaded.GetCatalog()->GetIndirectKey("StructTreeRoot");
  ASSERT_NE(root, nullptr);
  const PdfArray& kids = root->GetDictionary().GetKey("K")->GetArray();
  ASSERT_EQ(kids.size(), kElements);
  // Every element resolves, from any of the object streams, to its own dictionary.
  for (std::size_t i = 0; i < kids.size(); ++i) {
    const PdfObject* element = loaded.GetObjects().GetObject(kids[i].GetReference());
    ASSERT_NE(element, nullptr) << i;
    ASSERT_TRUE(element->IsDictionary()) << i;
    EXPECT_EQ(element->GetDictionary().GetKey("K")->GetNumber(), static_cast<pdf_int64>(i));
    EXPECT_EQ(element->GetDictionary().GetKey("S")->GetName().GetName(), i % 3 == 0 ? "H2" : "P");
  }
  const PdfObject* xmp = loaded.GetCatalog()->GetIndirectKey("Metadata");
  ASSERT_NE(xmp, nullptr);
  char* data = nullptr;
  pdf_long length = 0;
  xmp->GetStream()->GetFilteredCopy(&data, &length);
  const std::string packet(data, static_cast<std::size_t>(length));
  podofo_free(data);
  EXPECT_NE(packet.find("<x:xmpmeta"), std::string::npos);
  EXPECT_EQ(loaded.GetInfo()->GetTitle().GetStringUtf8(), "Jane Doe CV");
}

TEST_F(Serialise, PopplerAndMupdfReadIt) {
  for (const char* name : {"big", "small"}) {
    const auto info = run_command("pdfinfo " + quote(file(name)));
    EXPECT_EQ(info.status, 0) << info.output;
    EXPECT_NE(info.output.find("Title:           Jane Doe CV\n"), std::string::npos) << info.output;
    EXPECT_NE(info.output.find("Pages:           1\n"), std::string::npos) << info.output;
    EXPECT_NE(info.output.find("PDF version:     1.7\n"), std::string::npos) << info.output;
    EXPECT_EQ(info.output.find("Syntax"), std::string::npos) << info.output;  // poppler's complaints
    const auto mupdf = run_command("mutool info " + quote(file(name)));
    EXPECT_EQ(mupdf.status, 0) << mupdf.output;
    EXPECT_EQ(mupdf.output.find("error"), std::string::npos) << mupdf.output;
    EXPECT_NE(mupdf.output.find("Pages: 1"), std::string::npos) << mupdf.output;
  }
  // mupdf draws the page: the blue rectangle fills its middle.
  const auto draw = run_command("mutool draw -r 18 -o " + quote(*scratch_ / "big.ppm") + " " + quote(file("big")));
  EXPECT_EQ(draw.status, 0) << draw.output;
  std::istringstream ppm(read_file(*scratch_ / "big.ppm"));
  std::string magic;
  std::size_t width = 0, height = 0, max = 0;
  ppm >> magic >> width >> height >> max;
  ppm.get();
  ASSERT_EQ(magic, "P6");
  ASSERT_GT(width * height, 0u);
  std::string pixels(width * height * 3, '\0');
  ppm.read(pixels.data(), static_cast<std::streamsize>(pixels.size()));
  const std::size_t middle = ((height / 2) * width + width / 2) * 3;
  EXPECT_EQ(static_cast<unsigned char>(pixels[middle]), 0u);
  EXPECT_EQ(static_cast<unsigned char>(pixels[middle + 2]), 255u) << "no blue in the middle of the page";
}

// The cross-reference stream of `pdf`: its dictionary and its inflated data.
struct XrefStream {
  std::string dictionary;
  std::string data;
};

XrefStream xref_stream(const std::string& pdf) {
  const std::size_t offset = std::stoul(pdf.substr(pdf.rfind("startxref\n") + 10));
  const std::size_t open = pdf.find(">>\nstream\n", offset);
  XrefStream x;
  x.dictionary = pdf.substr(offset, open - offset);
  std::smatch length;
  EXPECT_TRUE(std::regex_search(x.dictionary, length, std::regex(R"(/Length (\d+))")));
  const std::string compressed = pdf.substr(open + 10, std::stoul(length[1]));
  x.data.resize(1 << 20);  // ample: a row is at most 17 bytes
  uLongf size = static_cast<uLongf>(x.data.size());
  EXPECT_EQ(uncompress(reinterpret_cast<Bytef*>(x.data.data()), &size,
                       reinterpret_cast<const Bytef*>(compressed.data()), static_cast<uLong>(compressed.size())),
            Z_OK);
  x.data.resize(size);
  return x;
}

// As the serialiser deflates it.
std::size_t deflated_size(const std::string& data) { return deflate(data, kStreamLevel).size(); }

TEST_F(Serialise, ThePngPredictorIsUsedOnlyWhenItMakesTheStreamSmaller) {
  for (const std::string* pdf : {big_, small_}) {
    const XrefStream x = xref_stream(*pdf);
    std::smatch w;
    ASSERT_TRUE(std::regex_search(x.dictionary, w, std::regex(R"(/W\[1 (\d) (\d)\])"))) << x.dictionary;
    const std::size_t columns = 1 + std::stoul(w[1]) + std::stoul(w[2]);
    const bool predicted = x.dictionary.find("/DecodeParms<</Predictor 12/Columns " + std::to_string(columns) + ">>") !=
                           std::string::npos;
    // Undo or apply PNG Up row by row to get the other encoding.
    std::string plain, up;
    const std::size_t row_size = predicted ? columns + 1 : columns;
    ASSERT_EQ(x.data.size() % row_size, 0u);
    std::string above(columns, '\0');
    for (std::size_t at = 0; at < x.data.size(); at += row_size) {
      std::string row(columns, '\0');
      if (predicted) {
        ASSERT_EQ(x.data[at], '\x02');
      }
      for (std::size_t i = 0; i < columns; ++i) {
        const auto stored = static_cast<unsigned char>(x.data[at + (predicted ? 1 : 0) + i]);
        const auto a = static_cast<unsigned char>(above[i]);
        row[i] = static_cast<char>(predicted ? stored + a : stored);
      }
      up += '\x02';
      for (std::size_t i = 0; i < columns; ++i)
        up += static_cast<char>(static_cast<unsigned char>(row[i]) - static_cast<unsigned char>(above[i]));
      plain += row;
      above = row;
    }
    const std::size_t chosen = deflated_size(predicted ? up : plain);
    const std::size_t other = deflated_size(predicted ? plain : up);
    // A tie keeps the plain rows: a reader has less to undo.
    if (predicted) {
      EXPECT_LT(chosen, other) << "the predictor did not make the stream smaller";
    } else {
      EXPECT_LE(chosen, other) << "the predictor would have made the stream smaller";
    }
    // Row 0 is the head of the free list, so the data decodes to real entries.
    EXPECT_EQ(plain[0], '\0');
  }
  // Both ways stay under test (the readers' tests above read both files):
  // a thousand rows of growing indices and offsets, where the predictor
  // wins, and rows alternating between object streams and offsets (like a
  // résumé's fonts), where it loses.
  EXPECT_NE(xref_stream(*big_).dictionary.find("/Predictor 12"), std::string::npos);
  EXPECT_EQ(xref_stream(*small_).dictionary.find("/Predictor"), std::string::npos);
}

TEST_F(Serialise, SameDocumentSameBytes) {
  TestPdf again(kElements);
  EXPECT_TRUE(serialise_document(again.pdf) == *big_);
  EXPECT_TRUE(serialise_document(again.pdf) == *big_) << "serialising twice changed the document";
}

std::string id_of(const std::string& pdf) {
  std::smatch m;
  if (!std::regex_search(pdf, m, std::regex(R"(/ID\[<([0-9A-F]{32})><([0-9A-F]{32})>\])")) || m[1] != m[2])
    return "malformed";
  return m[1];
}

TEST_F(Serialise, FileIdIsADigestOfEverythingBeforeTheCrossReferenceStream) {
  const std::string id = id_of(*big_);
  ASSERT_EQ(id.size(), 32u);
  const std::size_t xref = std::stoul(big_->substr(big_->rfind("startxref\n") + 10));
  std::string hex;
  for (auto b : digest128(std::string_view(*big_).substr(0, xref))) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    hex += kHex[b >> 4];
    hex += kHex[b & 0xF];
  }
  EXPECT_EQ(id, hex);

  TestPdf other(kElements, "Someone Else");
  const std::string different = serialise_document(other.pdf);
  EXPECT_NE(id_of(different), "malformed");
  EXPECT_NE(id_of(different), id);
}

TEST_F(Serialise, ManySmallDictionariesCostAFractionOfAClassicFile) {
  TestPdf classic(kElements);
  const std::size_t before = classic.classic().size();
  EXPECT_LT(big_->size() * 4, before) << "object streams: " << big_->size() << " bytes, classic: " << before;
}

// PoDoFo 0.9.8's compact writer, for comparison.
std::string podofo_bytes(const PoDoFo::PdfVariant& value) {
  PoDoFo::PdfRefCountedBuffer buffer;
  PoDoFo::PdfOutputDevice device(&buffer);
  value.Write(&device, PoDoFo::ePdfWriteMode_Compact, nullptr);
  return std::string(buffer.GetBuffer(), device.GetLength());
}

std::string ours(const Value& value) {
  std::string out;
  append_value(out, value);
  return out;
}

TEST(SerialiseValues, WrittenAsPoDoFoWritesThemInCompactMode) {
  using namespace PoDoFo;
  PdfDictionary inner;
  inner.AddKey("Marked", PdfVariant(true));
  inner.AddKey("Off", PdfVariant(false));
  inner.AddKey("Type", PdfName("MarkInfo"));
  PdfArray array;
  array.push_back(PdfVariant(static_cast<pdf_int64>(-195)));
  array.push_back(PdfReference(19, 0));
  array.push_back(PdfReference(7, 2));
  array.push_back(PdfName("A#B C/D"));
  array.push_back(PdfVariant(PdfData(" 694.5")));
  array.push_back(PdfString("(Résumé) \\"));
  array.push_back(PdfString(reinterpret_cast<const pdf_utf8*>("简历 😀")));
  array.push_back(PdfVariant());  // null
  array.push_back(PdfArray());
  array.push_back(inner);
  PdfDictionary outer;
  outer.AddKey("Zeta", array);
  outer.AddKey("Count", PdfVariant(static_cast<pdf_int64>(0)));
  outer.AddKey("Type", PdfName("StructElem"));
  outer.AddKey("Empty", PdfDictionary());

  Dictionary our_inner;
  our_inner.set("Marked", true);
  our_inner.set("Off", false);
  our_inner.set("Type", Name{"MarkInfo"});
  Array our_array;
  our_array.push_back(-195);
  our_array.push_back(Ref{19, 0});
  our_array.push_back(Ref{7, 2});
  our_array.push_back(Name{"A#B C/D"});
  our_array.push_back(pdf_real(694.5));
  our_array.push_back(pdf_ascii("(Résumé) \\"));
  our_array.push_back(pdf_text("简历 😀"));
  our_array.push_back(Null{});
  our_array.push_back(Array{});
  our_array.push_back(our_inner);
  Dictionary our_outer;
  our_outer.set("Zeta", our_array);
  our_outer.set("Count", 0);
  our_outer.set("Type", Name{"StructElem"});
  our_outer.set("Empty", Dictionary{});

  const std::string expected = podofo_bytes(PdfVariant(outer));
  EXPECT_EQ(ours(our_outer), expected);
  EXPECT_EQ(expected.rfind("<</Type/StructElem/Count 0/Empty<<>>/Zeta[ -195 19 0 R 7 2 R/A#23B#20C#2FD 694.5", 0), 0u)
      << expected;
}

TEST(SerialiseValues, EveryByteOfANameAndAStringIsEscapedAsPoDoFoDoes) {
  std::string every;
  for (int c = 1; c < 256; ++c) every += static_cast<char>(c);
  EXPECT_EQ(ours(Name{every}), podofo_bytes(PoDoFo::PdfName(every)));
  EXPECT_EQ(ours(pdf_ascii(every)), podofo_bytes(PoDoFo::PdfString(every)));
  EXPECT_EQ(ours(pdf_ascii("")), podofo_bytes(PoDoFo::PdfString("")));
}

TEST(SerialiseValues, TextIsUtf16WithAByteOrderMarkAsPoDoFoConvertsIt) {
  for (const std::string utf8 : {"Résumé", "简历", "😀 astral", "tab\there", "(é) \\ \n", "\xE2\x80\x94"}) {
    EXPECT_EQ(ours(pdf_text(utf8)),
              podofo_bytes(PoDoFo::PdfString(reinterpret_cast<const PoDoFo::pdf_utf8*>(utf8.c_str()))))
        << utf8;
  }
  // Plain printable ASCII stays PDFDocEncoding; a control character or
  // anything past ASCII makes it Unicode.
  EXPECT_EQ(ours(pdf_text("Jane Doe")), "(Jane Doe)");
  EXPECT_EQ(ours(pdf_text("tab\t")).substr(0, 3), "(\xFE\xFF");
  // Invalid UTF-8 is repaired, not passed through.
  EXPECT_EQ(ours(pdf_text("a\xFF")), std::string("(\xFE\xFF\0a\xFF\xFD)", 8));
}

TEST(SerialiseObjects, AStreamObjectIsWrittenInTheOpenWithItsLength) {
  Document doc;
  Object& plain = doc.create("Metadata");
  set_stream(plain, "<x/>", StreamFilter::None);
  std::string out;
  append_object(out, plain);
  EXPECT_EQ(out, "4 0 obj<</Type/Metadata/Length 4>>\nstream\n<x/>\nendstream\nendobj\n");
  Object& packed = doc.create();
  set_stream(packed, std::string(1000, 'a'), StreamFilter::Flate);
  EXPECT_NE(packed.dictionary().get("Filter"), nullptr);
  EXPECT_LT(packed.stream.size(), 100u);
  const Value* length = packed.dictionary().get("Length");
  ASSERT_NE(length, nullptr);
  EXPECT_EQ(*length->get_if<std::int64_t>(), static_cast<std::int64_t>(packed.stream.size()));
}

TEST(SerialiseObjects, PagesJoinTheTreeInOrder) {
  Document doc;
  const Ref first = doc.add_page(300, 100).ref;
  const Ref second = doc.add_page(595.276, 841.89).ref;
  const Dictionary& tree = doc.find(Ref{3, 0})->dictionary();
  EXPECT_EQ(ours(tree), "<</Type/Pages/Count 2/Kids[ 4 0 R 5 0 R]>>");
  EXPECT_EQ(ours(doc.find(second)->dictionary()),
            "<</Type/Page/MediaBox[ 0 0 595.276 841.89]/Parent 3 0 R/Resources<</ProcSet[/PDF/Text/ImageB/ImageC/ImageI]>>>>");
  EXPECT_EQ(doc.find(first)->ref, first);
  EXPECT_EQ(doc.find(Ref{99, 0}), nullptr);
  EXPECT_EQ(ours(doc.catalog().value), "<</Type/Catalog/Pages 3 0 R>>");
}

TEST(SerialiseObjects, ADictionaryKeyIsReplacedInPlace) {
  Dictionary d;
  d.set("B", 1);
  d.set("A", 2);
  d.set("B", 3);
  EXPECT_EQ(d.size(), 2u);
  EXPECT_EQ(ours(d), "<</A 2/B 3>>");
  EXPECT_EQ(d.get("C"), nullptr);
}

TEST(SerialiseVersion, ObjectStreamsNeedPdf15) {
  TestPdf doc(1);
  doc.pdf.set_minor_version(4);
  EXPECT_THROW(serialise_document(doc.pdf), FatalError);
}

}  // namespace
}  // namespace cvpdf::pdf
