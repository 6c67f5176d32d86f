// The file layout (object_streams.hpp) on documents built straight in
// PoDoFo: a page with a content stream, the XMP metadata, and a structure
// tree of many small dictionaries, the case object streams are for. Read
// back by every reader here: qpdf --check, PoDoFo's own parser, poppler and
// mupdf. And the PoDoFo 0.9.8 behaviour the layer exists for: its own
// cross-reference stream, malformed; its compact mode's "N 0 obj" without an
// end of line; its classic file's size.
#include <gtest/gtest.h>
#include <zlib.h>

#include <memory>
#include <regex>
#include <set>
#include <sstream>

#include "core/diagnostics.hpp"
#include "pdf/format.hpp"
#include "pdf/object_streams.hpp"
#include "pdf/pdf_objects.hpp"
#include "pdf/string_device.hpp"
#include "pdf_test_support.hpp"

namespace cvpdf::pdf {
namespace {

using namespace testing;
using namespace PoDoFo;

constexpr std::size_t kElements = 1000;  // five object streams' worth

// A one-page document whose catalog holds a flat structure tree of
// `elements` StructElems (each a small dictionary pointing at its parent),
// like a tagged résumé's. `title` changes the content (Info and XMP).
struct TestPdf {
  PdfMemDocument pdf;
  PdfReference xmp;
  // `embedded` pairs of a dictionary and the stream it points to, made
  // alternately like a font's descriptor and program, hang off the catalog.
  explicit TestPdf(std::size_t elements, const std::string& title = "Jane Doe CV", std::size_t embedded = 0) {
    PdfError::EnableDebug(false);
    PdfError::EnableLogging(false);
    pdf.SetPdfVersion(ePdfVersion_1_7);
    PdfObject& page = *pdf.CreatePage(PdfRect(0, 0, 300, 100))->GetObject();
    page.GetDictionary().AddKey("Contents", add_stream(pdf, "0 0 1 rg 10 10 280 80 re f\n").Reference());

    PdfObject* root = pdf.GetObjects().CreateObject("StructTreeRoot");
    PdfArray kids;
    for (std::size_t i = 0; i < elements; ++i) {
      PdfObject* element = pdf.GetObjects().CreateObject("StructElem");
      PdfDictionary& d = element->GetDictionary();
      d.AddKey("S", PdfName(i % 3 == 0 ? "H2" : "P"));
      d.AddKey("P", root->Reference());
      d.AddKey("Pg", page.Reference());
      d.AddKey("K", pdf_int(static_cast<std::int64_t>(i)));
      kids.push_back(element->Reference());
    }
    root->GetDictionary().AddKey("K", kids);
    pdf.GetCatalog()->GetDictionary().AddKey("StructTreeRoot", root->Reference());
    PdfArray pairs;
    for (std::size_t i = 0; i < embedded; ++i) {
      PdfObject* descriptor = pdf.GetObjects().CreateObject("Descriptor");
      PdfObject* program = pdf.GetObjects().CreateObject();
      set_encoded_stream(*program, "program " + std::to_string(i), "");
      descriptor->GetDictionary().AddKey("Program", program->Reference());
      pairs.push_back(descriptor->Reference());
    }
    if (embedded) pdf.GetCatalog()->GetDictionary().AddKey("Embedded", pairs);

    frame::Metadata metadata;
    metadata.title = title;
    metadata.author = "Jane Doe";
    metadata.language = "en";
    metadata.creation_time = 1700000000;
    metadata.producer = "cvpdf test";
    add_metadata(pdf, metadata, Claims{});
    xmp = pdf.GetCatalog()->GetDictionary().GetKey("Metadata")->GetReference();
  }
  // What PoDoFo's own writer makes of it, in its default (compact) mode:
  // every object in the open, a classic cross-reference table, or its
  // cross-reference stream.
  std::string podofo_file(bool xref_stream) {
    PdfWriter writer(&pdf.GetObjects(), pdf.GetTrailer());
    writer.SetPdfVersion(ePdfVersion_1_7);
    writer.SetUseXRefStream(xref_stream);
    PdfRefCountedBuffer buffer;
    PdfOutputDevice device(&buffer);
    writer.Write(&device);
    return std::string(buffer.GetBuffer(), device.GetLength());
  }
};

class ObjectStreams : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = new ScratchDir("object-streams");
    TestPdf big(kElements);
    big_ = new std::string(write_with_object_streams(big.pdf));
    big_xmp_ = big.xmp.ObjectNumber();
    write_file(*scratch_ / "big.pdf", *big_);
    TestPdf small(3, "Jane Doe CV", 12);
    small_ = new std::string(write_with_object_streams(small.pdf));
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
  static pdf_objnum big_xmp_;
};

ScratchDir* ObjectStreams::scratch_ = nullptr;
std::string* ObjectStreams::big_ = nullptr;
std::string* ObjectStreams::small_ = nullptr;
pdf_objnum ObjectStreams::big_xmp_ = 0;

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

TEST_F(ObjectStreams, QpdfChecksCleanWithoutWarnings) {
  for (const char* name : {"big", "small"}) {
    const auto r = run_command("qpdf --check " + quote(file(name)));
    EXPECT_EQ(r.status, 0) << name << ": " << r.output;  // 3 would be warnings
    EXPECT_NE(r.output.find("No syntax or stream encoding errors found"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("WARNING"), std::string::npos) << r.output;
  }
}

TEST_F(ObjectStreams, SmallDictionariesLiveInObjectStreamsOfAFewHundred) {
  const XrefListing listing = show_xref(file("big"));
  EXPECT_GE(listing.compressed, kElements);
  EXPECT_EQ(listing.object_streams.size(), (listing.compressed + kObjectsPerStream - 1) / kObjectsPerStream);
  EXPECT_GE(listing.object_streams.size(), 5u);
  // In the open: the page's content stream, the XMP, the object streams and
  // the cross-reference stream.
  EXPECT_EQ(listing.uncompressed.size(), 2 + listing.object_streams.size() + 1);
  EXPECT_EQ(big_->find("StructElem"), std::string::npos) << "a StructElem was written in the open";
  EXPECT_EQ(big_->find("\nxref\n"), std::string::npos);
  EXPECT_EQ(big_->find("trailer"), std::string::npos);
  EXPECT_NE(big_->find("/Type /XRef"), std::string::npos);
  EXPECT_EQ(big_->rfind("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", 0), 0u);
  EXPECT_EQ(big_->substr(big_->size() - 6), "%%EOF\n");
}

TEST_F(ObjectStreams, EveryIndirectObjectHasAnEndOfLineAfterObjAndAfterEndobj) {
  // PDF/A-2 (ISO 19005-2 6.1.9), on each object in the open.
  for (const char* name : {"big", "small"}) EXPECT_EQ(objects_without_end_of_line(file(name)), "") << name;
}

TEST_F(ObjectStreams, StartxrefPointsAtTheCrossReferenceStream) {
  const std::size_t at = big_->rfind("startxref\n");
  ASSERT_NE(at, std::string::npos);
  const std::size_t offset = std::stoul(big_->substr(at + 10));
  EXPECT_TRUE(std::regex_search(big_->substr(offset, 40), std::regex(R"(^\d+ 0 obj\n<<\n/Type /XRef\n)")))
      << big_->substr(offset, 40);
}

TEST_F(ObjectStreams, TheXmpPacketStaysAPlainStreamOutsideObjectStreams) {
  EXPECT_EQ(show_xref(file("big")).uncompressed.count(static_cast<int>(big_xmp_)), 1u);
  // Plain text in the file itself, for tools that only scan bytes.
  EXPECT_NE(big_->find("<?xpacket begin="), std::string::npos);
  EXPECT_NE(big_->find("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Jane Doe CV</rdf:li>"), std::string::npos);
  const std::string header = std::to_string(big_xmp_) + " 0 obj\n<<";
  const std::size_t at = big_->find(header);
  ASSERT_NE(at, std::string::npos);
  const std::string dictionary = big_->substr(at, big_->find("stream", at) - at);
  EXPECT_EQ(dictionary.find("/Filter"), std::string::npos) << dictionary;
}

TEST_F(ObjectStreams, PoDoFoLoadsItBack) {
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

TEST_F(ObjectStreams, PopplerAndMupdfReadIt) {
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

// The cross-reference stream at `offset` of `pdf`: its dictionary and its
// inflated data.
struct XrefStream {
  std::string dictionary;
  std::string data;
};

XrefStream xref_stream_at(const std::string& pdf, std::size_t offset) {
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

XrefStream xref_stream(const std::string& pdf) {
  return xref_stream_at(pdf, std::stoul(pdf.substr(pdf.rfind("startxref\n") + 10)));
}

// As PoDoFo's Flate filter, which compresses every stream, deflates it.
std::size_t deflated_size(const std::string& data) {
  const std::unique_ptr<PdfFilter> flate(PdfFilterFactory::Create(ePdfFilter_FlateDecode));
  char* out = nullptr;
  pdf_long size = 0;
  flate->Encode(data.data(), static_cast<pdf_long>(data.size()), &out, &size);
  podofo_free(out);
  return static_cast<std::size_t>(size);
}

TEST_F(ObjectStreams, ThePngPredictorIsUsedOnlyWhenItMakesTheStreamSmaller) {
  for (const std::string* pdf : {big_, small_}) {
    const XrefStream x = xref_stream(*pdf);
    std::smatch w;
    ASSERT_TRUE(std::regex_search(x.dictionary, w, std::regex(R"(/W \[ 1 (\d) (\d) \])"))) << x.dictionary;
    const std::size_t columns = 1 + std::stoul(w[1]) + std::stoul(w[2]);
    const bool predicted =
        x.dictionary.find("/DecodeParms <<\n/Columns " + std::to_string(columns) + "\n/Predictor 12\n>>") !=
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

TEST_F(ObjectStreams, SameDocumentSameBytes) {
  TestPdf again(kElements);
  EXPECT_TRUE(write_with_object_streams(again.pdf) == *big_);
  EXPECT_TRUE(write_with_object_streams(again.pdf) == *big_) << "writing twice changed the document";
}

std::string id_of(const std::string& pdf) {
  std::smatch m;
  if (!std::regex_search(pdf, m, std::regex(R"(/ID \[ <([0-9A-F]{32})> <([0-9A-F]{32})> \])")) || m[1] != m[2])
    return "malformed";
  return m[1];
}

TEST_F(ObjectStreams, FileIdIsADigestOfEverythingBeforeTheCrossReferenceStream) {
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
  const std::string different = write_with_object_streams(other.pdf);
  EXPECT_NE(id_of(different), "malformed");
  EXPECT_NE(id_of(different), id);
}

TEST_F(ObjectStreams, ManySmallDictionariesCostAFractionOfPoDoFosClassicFile) {
  // The reason for the layer: PoDoFo's own writer puts every object in the
  // open. On a thousand structure elements that file is over four times as
  // large.
  TestPdf classic(kElements);
  const std::string podofo = classic.podofo_file(false);
  ASSERT_NE(podofo.find("\nxref\n"), std::string::npos);
  EXPECT_LT(big_->size() * 4, podofo.size()) << "object streams: " << big_->size() << " bytes, PoDoFo: " << podofo.size();
}

// ─── What PoDoFo 0.9.8 writes wrong, which the layer does instead ───────

TEST(PoDoFoDefects, ItsCrossReferenceStreamHasARowMoreThanItSays) {
  ScratchDir scratch("podofo-xref-stream");
  TestPdf doc(3);
  const std::string pdf = doc.podofo_file(true);
  write_file(scratch / "podofo.pdf", pdf);
  const auto check = run_command("qpdf --check " + quote(scratch / "podofo.pdf"));
  EXPECT_EQ(check.status, 3) << check.output;  // warnings
  EXPECT_NE(check.output.find("Cross-reference stream data has the wrong size"), std::string::npos) << check.output;

  // Its /Index and /Size count the objects and the stream itself; its rows
  // are one more: PdfXRefStream::EndWrite adds the stream's own row after
  // PdfWriter has already listed it.
  const XrefStream x = xref_stream_at(pdf, std::stoul(pdf.substr(pdf.rfind("startxref\n") + 10)));
  std::smatch m;
  ASSERT_TRUE(std::regex_search(x.dictionary, m, std::regex(R"(/Size (\d+))"))) << x.dictionary;
  const std::size_t size = std::stoul(m[1]);
  ASSERT_TRUE(std::regex_search(x.dictionary, m, std::regex(R"(/W\[ 1 (\d) (\d)\])"))) << x.dictionary;
  const std::size_t row = 1 + std::stoul(m[1]) + std::stoul(m[2]);
  EXPECT_EQ(x.data.size(), (size + 1) * row);

  // The layer on the same objects: a row per number, and qpdf is content.
  TestPdf same(3);
  const std::string ours = write_with_object_streams(same.pdf);
  write_file(scratch / "ours.pdf", ours);
  const auto ours_check = run_command("qpdf --check " + quote(scratch / "ours.pdf"));
  EXPECT_EQ(ours_check.status, 0) << ours_check.output;
  const XrefStream y = xref_stream(ours);
  ASSERT_TRUE(std::regex_search(y.dictionary, m, std::regex(R"(/Size (\d+))"))) << y.dictionary;
  const std::size_t our_size = std::stoul(m[1]);
  ASSERT_TRUE(std::regex_search(y.dictionary, m, std::regex(R"(/W \[ 1 (\d) (\d) \])"))) << y.dictionary;
  const bool predicted = y.dictionary.find("/Predictor") != std::string::npos;
  EXPECT_EQ(y.data.size(), our_size * (1 + std::stoul(m[1]) + std::stoul(m[2]) + (predicted ? 1 : 0)));
}

TEST(PoDoFoDefects, ItsCompactModePutsNoEndOfLineAfterObj) {
  // PDF/A-2 wants "N G obj" followed by an end of line; compact mode runs
  // the dictionary on, clean mode (the layer's, in the open) does not.
  PdfObject object(PdfReference(7, 0), "Example");
  auto written = [&](EPdfWriteMode mode) {
    PdfRefCountedBuffer buffer;
    PdfOutputDevice device(&buffer);
    object.WriteObject(&device, mode, nullptr);
    return std::string(buffer.GetBuffer(), device.GetLength());
  };
  EXPECT_EQ(written(ePdfWriteMode_Compact), "7 0 obj<</Type/Example>>\nendobj\n");
  EXPECT_EQ(written(ePdfWriteMode_Clean), "7 0 obj\n<<\n/Type /Example\n>>\nendobj\n");
  // A whole file in PoDoFo's default (compact) mode fails the check the
  // layer's files pass (EveryIndirectObjectHasAnEndOfLineAfterObjAndAfterEndobj).
  ScratchDir scratch("podofo-compact");
  TestPdf doc(3);
  write_file(scratch / "compact.pdf", doc.podofo_file(false));
  const std::string problems = objects_without_end_of_line(scratch / "compact.pdf");
  EXPECT_NE(problems.find("object 1: no end of line after obj"), std::string::npos) << problems;
}

TEST(ObjectStreamGaps, AFreedNumberIsAFreeEntryAndReadersAgree) {
  // A removed object leaves a gap in the numbering; the objects after it
  // keep their numbers.
  TestPdf doc(3);
  PdfObject* orphan = doc.pdf.GetObjects().CreateObject("Orphan");
  const int gap = static_cast<int>(orphan->Reference().ObjectNumber());
  doc.pdf.GetObjects().CreateObject("Kept");
  delete doc.pdf.GetObjects().RemoveObject(orphan->Reference());
  const std::string bytes = write_with_object_streams(doc.pdf);
  ScratchDir scratch("object-streams-gap");
  write_file(scratch / "gap.pdf", bytes);
  const auto check = run_command("qpdf --check " + quote(scratch / "gap.pdf"));
  EXPECT_EQ(check.status, 0) << check.output;
  EXPECT_EQ(check.output.find("WARNING"), std::string::npos) << check.output;
  const auto xref = run_command("qpdf --show-xref " + quote(scratch / "gap.pdf"));
  EXPECT_EQ(xref.output.find("\n" + std::to_string(gap) + "/0:"), std::string::npos) << xref.output;
  EXPECT_NE(xref.output.find("\n" + std::to_string(gap + 1) + "/0: compressed"), std::string::npos) << xref.output;
  const auto info = run_command("pdfinfo " + quote(scratch / "gap.pdf"));
  EXPECT_EQ(info.status, 0) << info.output;
  PdfMemDocument loaded;
  loaded.LoadFromBuffer(bytes.data(), static_cast<pdf_long>(bytes.size()));
  EXPECT_EQ(loaded.GetPageCount(), 1);
}

TEST(StringDevice, KeepsWhatPoDoFoPrintsAndWritesOfAnyLength) {
  StringDevice device;
  device.Print("%i %i obj\n", 12, 0);
  device.Write("<<", 2);
  const std::string long_text(1000, 'x');  // past the stack buffer
  device.Print("/%s %s", long_text.c_str(), "end");
  EXPECT_EQ(device.bytes(), "12 0 obj\n<</" + long_text + " end");
  EXPECT_EQ(device.Tell(), device.bytes().size());
  EXPECT_EQ(device.GetLength(), device.bytes().size());
  // What PoDoFo writes through it: an object, whole.
  const std::size_t before = device.size();
  PdfObject object(PdfReference(7, 0), "Example");
  object.WriteObject(&device, ePdfWriteMode_Clean, nullptr);
  EXPECT_EQ(device.bytes().substr(before), "7 0 obj\n<<\n/Type /Example\n>>\nendobj\n");
  EXPECT_THROW(device.Seek(0), PdfError);
}

TEST(ObjectStreamVersion, ObjectStreamsNeedPdf15) {
  TestPdf doc(1);
  doc.pdf.SetPdfVersion(ePdfVersion_1_4);
  EXPECT_THROW(write_with_object_streams(doc.pdf), FatalError);
}

}  // namespace
}  // namespace cvpdf::pdf
