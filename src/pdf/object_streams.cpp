// The file's layout (see object_streams.hpp). Stages:
//
//   the objects in number order → stream objects in the open → the rest
//   packed into object streams → cross-reference rows (free list, field
//   widths, predictor) → /ID → cross-reference stream
#include "pdf/object_streams.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <vector>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "core/diagnostics.hpp"
#include "pdf/format.hpp"
#include "pdf/pdf_objects.hpp"
#include "pdf/string_device.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

namespace {

[[noreturn]] void bug(const std::string& what) {
  throw FatalError({Severity::Error, SourceSpan{}, "cannot write the PDF: " + what,
                    "this is a bug in cvpdf; please report it"});
}

// Objects in the open: clean mode puts the end of line after "N 0 obj" that
// PDF/A asks for (object_streams.hpp). Inside an object stream there is no
// "obj" keyword, and compact mode is what PoDoFo writes smallest.
constexpr EPdfWriteMode kInTheOpen = ePdfWriteMode_Clean;
constexpr EPdfWriteMode kPacked = ePdfWriteMode_Compact;

// One row of the cross-reference stream (7.5.8.3, table 18).
struct XrefEntry {
  enum Type : std::uint8_t { kFree = 0, kAtOffset = 1, kInObjectStream = 2 };
  Type type = kFree;
  std::uint64_t field2 = 0;  // next free object number | byte offset | object stream's number
  std::uint64_t field3 = 0;  // generation to reuse | generation | index within the object stream
};

// An object of the file that is not the document's: an object stream or
// the cross-reference stream. PoDoFo gives a stream only to an object some
// PdfVecObjects owns, so each has one of its own (the document's is not
// changed by writing it).
class FileObject {
 public:
  FileObject(pdf_objnum number, const char* type) : object_(new PdfObject(PdfReference(number, 0), type)) {
    owner_.SetAutoDelete(true);
    owner_.push_back(object_);
  }
  FileObject(const FileObject&) = delete;
  FileObject& operator=(const FileObject&) = delete;
  PdfObject& operator*() { return *object_; }
  PdfObject* operator->() { return object_; }

 private:
  PdfVecObjects owner_;
  PdfObject* object_;
};

std::string header(const PdfMemDocument& pdf) {
  const int version = static_cast<int>(pdf.GetPdfVersion());
  if (version < ePdfVersion_1_5 || version > ePdfVersion_1_7)
    bug(fmt::format("object streams need PDF 1.5 to 1.7, the document asks for 1.{}", version));
  // The comment's four bytes above 127 tell transfer tools the file is binary (7.5.2).
  return fmt::format("%PDF-1.{}\n%\xE2\xE3\xCF\xD3\n", version);
}

// PoDoFo keeps the document's objects sorted by number; checked, since
// every offset and row depends on it.
std::vector<const PdfObject*> objects_by_number(const PdfVecObjects& objects) {
  std::vector<const PdfObject*> sorted(objects.begin(), objects.end());
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const pdf_objnum number = sorted[i]->Reference().ObjectNumber();
    if (number <= (i == 0 ? 0 : sorted[i - 1]->Reference().ObjectNumber()))
      bug(fmt::format("object {} is out of order or numbered twice", number));
  }
  return sorted;
}

// Object streams may hold neither streams nor objects of a non-zero
// generation (7.5.7); those are written in the open.
bool packable(const PdfObject& object) { return !object.HasStream() && object.Reference().GenerationNumber() == 0; }

// Packs `objects` (in order) into object streams numbered from
// `first_number`, written to `out`, and fills their entries.
void write_object_streams(const std::vector<const PdfObject*>& objects, pdf_objnum first_number, StringDevice& out,
                          std::vector<XrefEntry>& xref) {
  pdf_objnum number = first_number;
  for (std::size_t start = 0; start < objects.size(); start += kObjectsPerStream, ++number) {
    const std::size_t end = std::min(objects.size(), start + kObjectsPerStream);
    std::string offsets;  // "number offset" pairs, offsets counted from /First
    StringDevice bodies;
    for (std::size_t i = start; i < end; ++i) {
      const PdfObject& object = *objects[i];
      const pdf_objnum object_number = object.Reference().ObjectNumber();
      fmt::format_to(std::back_inserter(offsets), FMT_COMPILE("{}{} {}"), offsets.empty() ? "" : " ", object_number,
                     bodies.size());
      object.Write(&bodies, kPacked, nullptr);  // the value alone, no "n 0 obj"
      // A separator, so that a value ending in a number or a name never
      // runs into the next one.
      bodies.Write("\n", 1);
      xref[object_number] = {XrefEntry::kInObjectStream, number, i - start};
    }
    offsets += '\n';
    FileObject stream(number, "ObjStm");
    stream->GetDictionary().AddKey("N", pdf_int(static_cast<std::int64_t>(end - start)));
    stream->GetDictionary().AddKey("First", pdf_int(static_cast<std::int64_t>(offsets.size())));
    set_stream(*stream, offsets.append(bodies.bytes()));
    xref[number] = {XrefEntry::kAtOffset, out.size(), 0};
    stream->WriteObject(&out, kInTheOpen, nullptr);
  }
}

// Object numbers that no object has are free; they are chained from entry 0
// as in a classic table (7.5.4), each with the generation PoDoFo recorded
// for it (0 for a number it never handed out). Entry 0 gets generation 0,
// not the classic table's 65535 (object 0 is never reused either way, and
// qpdf writes 0 too): 65535 alone would widen every row's third field to
// two bytes.
void chain_free_entries(const PdfVecObjects& objects, const std::vector<bool>& used, std::vector<XrefEntry>& xref) {
  std::uint64_t next_free = 0;
  for (std::size_t n = xref.size(); n-- > 1;) {
    if (used[n]) continue;
    std::uint64_t generation = 0;
    for (const PdfReference& ref : objects.GetFreeObjects())
      if (ref.ObjectNumber() == n) generation = ref.GenerationNumber();
    xref[n] = {XrefEntry::kFree, next_free, generation};
    next_free = n;
  }
  xref[0] = {XrefEntry::kFree, next_free, 0};
}

unsigned bytes_for(std::uint64_t value) {
  unsigned n = 1;
  while (n < 8 && (value >> (8 * n)) != 0) ++n;
  return n;
}

struct XrefRows {
  unsigned width2 = 1, width3 = 1;  // /W [1 width2 width3]
  std::string rows;                 // big-endian fields, one row per object number
  std::size_t columns() const { return 1 + width2 + width3; }
};

XrefRows xref_rows(const std::vector<XrefEntry>& xref) {
  XrefRows data;
  for (const XrefEntry& e : xref) {
    data.width2 = std::max(data.width2, bytes_for(e.field2));
    data.width3 = std::max(data.width3, bytes_for(e.field3));
  }
  auto put = [&](std::uint64_t value, unsigned width) {
    for (unsigned i = width; i-- > 0;) data.rows += static_cast<char>((value >> (8 * i)) & 0xFF);
  };
  for (const XrefEntry& e : xref) {
    put(e.type, 1);
    put(e.field2, data.width2);
    put(e.field3, data.width3);
  }
  return data;
}

// The PNG Up predictor (7.4.4.4): each row becomes a filter-type byte (2)
// and its difference from the row above. Offsets grow slowly and types
// repeat, so the differences are mostly zeros. PoDoFo's Flate filter
// decodes predictors but never encodes them.
std::string png_up(const std::string& rows, std::size_t columns) {
  std::string out;
  out.reserve(rows.size() + rows.size() / columns);
  for (std::size_t row = 0; row < rows.size(); row += columns) {
    out += '\x02';
    for (std::size_t i = 0; i < columns; ++i) {
      const auto above = row == 0 ? 0 : static_cast<unsigned char>(rows[row - columns + i]);
      out += static_cast<char>(static_cast<unsigned char>(rows[row + i]) - above);
    }
  }
  return out;
}

// The file is new, so the permanent and the changing identifier agree.
PdfArray file_id(std::string_view body) {
  const std::array<std::uint8_t, 16> digest = digest128(body);
  const PdfString id(reinterpret_cast<const char*>(digest.data()), static_cast<pdf_long>(digest.size()), true);
  PdfArray ids;
  ids.push_back(id);
  ids.push_back(id);
  return ids;
}

// The cross-reference stream, numbered `number`: its rows compressed both
// ways, the smaller kept (a tie keeps the plain rows: a reader has less to
// undo), and the trailer's keys.
void write_xref_stream(const PdfMemDocument& pdf, pdf_objnum number, const std::vector<XrefEntry>& xref,
                       StringDevice& out) {
  const PdfObject* trailer = pdf.GetTrailer();
  const PdfObject* root = trailer ? trailer->GetDictionary().GetKey("Root") : nullptr;
  if (!root || !root->IsReference()) bug("the document has no catalog");
  const PdfObject* info = trailer->GetDictionary().GetKey("Info");

  const XrefRows data = xref_rows(xref);
  FileObject plain(number, "XRef");
  set_stream(*plain, data.rows);
  FileObject predicted(number, "XRef");
  set_stream(*predicted, png_up(data.rows, data.columns()));
  const bool use_predictor = predicted->GetStream()->GetLength() < plain->GetStream()->GetLength();
  PdfObject& stream = use_predictor ? *predicted : *plain;

  PdfDictionary& keys = stream.GetDictionary();
  keys.AddKey("Size", pdf_int(static_cast<std::int64_t>(xref.size())));
  PdfArray index;
  index.push_back(pdf_int(0));
  index.push_back(pdf_int(static_cast<std::int64_t>(xref.size())));
  keys.AddKey("Index", index);
  PdfArray widths;
  for (unsigned width : {1u, data.width2, data.width3}) widths.push_back(pdf_int(width));
  keys.AddKey("W", widths);
  keys.AddKey("Root", *root);
  if (info && info->IsReference()) keys.AddKey("Info", *info);
  keys.AddKey("ID", file_id(out.bytes()));
  if (use_predictor) {
    PdfDictionary parameters;
    parameters.AddKey("Predictor", pdf_int(12));
    parameters.AddKey("Columns", pdf_int(static_cast<std::int64_t>(data.columns())));
    keys.AddKey("DecodeParms", parameters);
  }
  stream.WriteObject(&out, kInTheOpen, nullptr);
}

}  // namespace

std::string write_with_object_streams(const PdfMemDocument& pdf) {
  StringDevice out;
  const std::string head = header(pdf);
  out.Write(head.data(), head.size());
  const std::vector<const PdfObject*> objects = objects_by_number(pdf.GetObjects());
  const pdf_objnum last = objects.empty() ? 0 : objects.back()->Reference().ObjectNumber();
  std::vector<const PdfObject*> packed;
  for (const PdfObject* object : objects)
    if (packable(*object)) packed.push_back(object);
  const pdf_objnum object_streams = static_cast<pdf_objnum>((packed.size() + kObjectsPerStream - 1) / kObjectsPerStream);
  const pdf_objnum xref_number = last + object_streams + 1;

  std::vector<XrefEntry> xref(xref_number + 1);
  std::vector<bool> used(xref.size(), false);
  for (const PdfObject* object : objects) {
    used[object->Reference().ObjectNumber()] = true;
    if (packable(*object)) continue;
    xref[object->Reference().ObjectNumber()] = {XrefEntry::kAtOffset, out.size(), object->Reference().GenerationNumber()};
    object->WriteObject(&out, kInTheOpen, nullptr);
  }
  write_object_streams(packed, last + 1, out, xref);
  for (pdf_objnum n = last + 1; n <= xref_number; ++n) used[n] = true;
  chain_free_entries(pdf.GetObjects(), used, xref);

  const std::size_t xref_offset = out.size();
  xref[xref_number] = {XrefEntry::kAtOffset, xref_offset, 0};
  write_xref_stream(pdf, xref_number, xref, out);
  const std::string tail = fmt::format("startxref\n{}\n%%EOF\n", xref_offset);
  out.Write(tail.data(), tail.size());
  return out.take();
}

}  // namespace cvpdf::pdf
