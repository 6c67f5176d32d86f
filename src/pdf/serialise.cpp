// The file layout (see serialise.hpp): which object goes where, the object
// streams, the cross-reference stream and the /ID. Stages:
//
//   sort the objects → write stream objects → pack the rest into object
//   streams → cross-reference stream (entries, field widths, predictor) → /ID
#include "pdf/serialise.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <vector>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "core/diagnostics.hpp"
#include "pdf/format.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

namespace {

[[noreturn]] void bug(const std::string& what) {
  throw FatalError({Severity::Error, SourceSpan{}, "cannot write the PDF: " + what,
                    "this is a bug in cvpdf; please report it"});
}

// One row of the cross-reference stream (7.5.8.3, table 18).
struct XrefEntry {
  enum Type : std::uint8_t { kFree = 0, kAtOffset = 1, kInObjectStream = 2 };
  Type type = kFree;
  std::uint64_t field2 = 0;  // next free object number | byte offset | object stream's number
  std::uint64_t field3 = 0;  // generation to reuse | generation | index within the object stream
};

// What PoDoFo writes for `write` into a fresh buffer.
template <typename Write>
std::string podofo_bytes(Write write) {
  PdfRefCountedBuffer buffer;
  PdfOutputDevice device(&buffer);
  write(device);
  return std::string(buffer.GetBuffer(), device.GetLength());
}

// " 123": a number token of an object-stream body, written on the stack
// (format_to into a std::string would grow and zero it for every number).
void append_number(std::string& out, std::int64_t value) {
  const fmt::format_int digits(value);
  out += ' ';
  out.append(digits.data(), digits.size());
}

// zlib's level 7, not 9: on the structure tree's thousands of small
// objects level 9's longer match search costs a sixth of a 1200-publication
// CV's run (2.67 → 2.25 G instructions) for 0.5 % of its bytes, and the
// showcase's PDFs grow by 6 and 11 bytes.
constexpr int kObjectStreamLevel = 7;

std::string deflate(std::string_view data) {
  uLongf size = compressBound(static_cast<uLong>(data.size()));
  std::string out(size, '\0');
  const int status = compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                               reinterpret_cast<const Bytef*>(data.data()), static_cast<uLong>(data.size()),
                               kObjectStreamLevel);
  if (status != Z_OK) bug(fmt::format("zlib failed to compress a stream ({})", status));
  out.resize(size);
  return out;
}

std::string reference(const PdfReference& ref) {
  return fmt::format("{} {} R", ref.ObjectNumber(), ref.GenerationNumber());
}

// A stream object we make ourselves (the object streams and the xref
// stream are not PoDoFo objects: they describe the file, not the document).
std::string stream_object(std::uint64_t number, const std::string& dictionary_keys, const std::string& data) {
  return fmt::format("{} 0 obj\n<<{}/Length {}>>\nstream\n{}\nendstream\nendobj\n", number, dictionary_keys, data.size(),
                     data);
}

std::string header(const PdfMemDocument& pdf) {
  const EPdfVersion version = pdf.GetPdfVersion();
  if (version < ePdfVersion_1_5 || version > ePdfVersion_1_7)
    bug(fmt::format("object streams need PDF 1.5 to 1.7, the document asks for 1.{}", static_cast<int>(version)));
  // The comment's four bytes above 127 tell transfer tools the file is binary (7.5.2).
  return fmt::format("%PDF-1.{}\n%\xE2\xE3\xCF\xD3\n", static_cast<int>(version));
}

std::vector<const PdfObject*> objects_by_number(const PdfVecObjects& objects) {
  std::vector<const PdfObject*> sorted(objects.begin(), objects.end());
  std::sort(sorted.begin(), sorted.end(),
            [](const PdfObject* a, const PdfObject* b) { return a->Reference() < b->Reference(); });
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i]->Reference().ObjectNumber() == sorted[i - 1]->Reference().ObjectNumber())
      bug(fmt::format("two objects share the number {}", sorted[i]->Reference().ObjectNumber()));
  if (!sorted.empty() && sorted.front()->Reference().ObjectNumber() == 0) bug("an object has the number 0");
  return sorted;
}

// Object streams may hold neither streams nor objects of a non-zero
// generation (7.5.7); those are written in the open.
bool packable(const PdfObject& object) { return !object.HasStream() && object.Reference().GenerationNumber() == 0; }

// Packs `objects` (in order) into object streams numbered from
// `first_number`, appending them to `file` and filling their entries.
void write_object_streams(const std::vector<const PdfObject*>& objects, std::uint64_t first_number, std::string& file,
                          std::vector<XrefEntry>& xref) {
  std::uint64_t number = first_number;
  for (std::size_t start = 0; start < objects.size(); start += kObjectsPerStream, ++number) {
    const std::size_t end = std::min(objects.size(), start + kObjectsPerStream);
    std::string offsets;  // "number offset" pairs, offsets counted from /First
    std::string bodies;
    for (std::size_t i = start; i < end; ++i) {
      const PdfObject& object = *objects[i];
      const pdf_objnum object_number = object.Reference().ObjectNumber();
      fmt::format_to(std::back_inserter(offsets), FMT_COMPILE("{}{} {}"), offsets.empty() ? "" : " ", object_number, bodies.size());
      // The value alone (no "n 0 obj").
      append_compact(bodies, object);
      // A separator, so that a value ending in a number or a name never
      // runs into the next one.
      bodies += '\n';
      xref[object_number] = {XrefEntry::kInObjectStream, number, i - start};
    }
    offsets += '\n';
    const std::string keys = fmt::format("/Type/ObjStm/N {}/First {}/Filter/FlateDecode", end - start, offsets.size());
    xref[number] = {XrefEntry::kAtOffset, file.size(), 0};
    file += stream_object(number, keys, deflate(offsets + bodies));
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

struct XrefData {
  unsigned width2 = 1, width3 = 1;  // /W [1 width2 width3]
  std::string rows;                 // big-endian fields, one row per object number
};

XrefData xref_rows(const std::vector<XrefEntry>& xref) {
  XrefData data;
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
// repeat, so the differences are mostly zeros.
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

std::string file_id(std::string_view body) {
  const std::string hex = fmt::format("{:02X}", fmt::join(digest128(body), ""));
  // The file is new, so the permanent and the changing identifier agree.
  return fmt::format("[<{0}><{0}>]", hex);
}

std::string trailer_keys(const PdfMemDocument& pdf) {
  const PdfObject* trailer = pdf.GetTrailer();
  const PdfObject* root = trailer ? trailer->GetDictionary().GetKey("Root") : nullptr;
  if (!root || !root->IsReference()) bug("the document has no catalog");
  std::string keys = "/Root " + reference(root->GetReference());
  const PdfObject* info = trailer->GetDictionary().GetKey("Info");
  if (info && info->IsReference()) keys += "/Info " + reference(info->GetReference());
  return keys;
}

}  // namespace

void append_compact(std::string& out, const PdfVariant& value) {
  switch (value.GetDataType()) {
    case ePdfDataType_Bool:
      out += value.GetBool() ? " true" : " false";
      return;
    case ePdfDataType_Number:
      append_number(out, value.GetNumber());
      return;
    case ePdfDataType_Name:
      out += '/';
      out += value.GetName().GetEscapedName();
      return;
    case ePdfDataType_Reference:
      append_number(out, value.GetReference().ObjectNumber());
      append_number(out, value.GetReference().GenerationNumber());
      out += " R";
      return;
    case ePdfDataType_RawData:
      out += value.GetRawData().data();
      return;
    case ePdfDataType_Array:
      out += '[';
      for (const PdfObject& item : value.GetArray()) append_compact(out, item);
      out += ']';
      return;
    case ePdfDataType_Dictionary: {
      out += "<<";
      const TKeyMap& keys = value.GetDictionary().GetKeys();
      const auto type = keys.find(PdfName::KeyType);
      if (type != keys.end()) {
        out += "/Type";
        append_compact(out, *type->second);
      }
      for (auto it = keys.begin(); it != keys.end(); ++it) {
        if (it == type) continue;
        out += '/';
        out += it->first.GetEscapedName();
        append_compact(out, *it->second);
      }
      out += ">>";
      return;
    }
    default:
      out += podofo_bytes([&](PdfOutputDevice& d) { value.Write(&d, ePdfWriteMode_Compact, nullptr); });
  }
}

std::string serialise_document(PdfMemDocument& pdf) {
  std::string file = header(pdf);
  const std::vector<const PdfObject*> objects = objects_by_number(pdf.GetObjects());
  const std::uint64_t last = objects.empty() ? 0 : objects.back()->Reference().ObjectNumber();
  std::vector<const PdfObject*> packed;
  for (const PdfObject* object : objects)
    if (packable(*object)) packed.push_back(object);
  const std::uint64_t object_streams = (packed.size() + kObjectsPerStream - 1) / kObjectsPerStream;
  const std::uint64_t xref_number = last + object_streams + 1;

  std::vector<XrefEntry> xref(xref_number + 1);
  std::vector<bool> used(xref.size(), false);
  for (const PdfObject* object : objects) {
    used[object->Reference().ObjectNumber()] = true;
    if (packable(*object)) continue;
    xref[object->Reference().ObjectNumber()] = {XrefEntry::kAtOffset, file.size(),
                                                object->Reference().GenerationNumber()};
    file += podofo_bytes([&](PdfOutputDevice& d) { object->WriteObject(&d, ePdfWriteMode_Compact, nullptr); });
  }
  write_object_streams(packed, last + 1, file, xref);
  for (std::uint64_t n = last + 1; n <= xref_number; ++n) used[n] = true;
  chain_free_entries(pdf.GetObjects(), used, xref);

  const std::string id = file_id(file);
  const std::size_t xref_offset = file.size();
  xref[xref_number] = {XrefEntry::kAtOffset, xref_offset, 0};
  const XrefData data = xref_rows(xref);
  const std::size_t columns = 1 + data.width2 + data.width3;
  const std::string plain = deflate(data.rows);
  const std::string predicted = deflate(png_up(data.rows, columns));
  const bool use_predictor = predicted.size() < plain.size();

  std::string keys = fmt::format("/Type/XRef/Size {0}/Index[0 {0}]/W[1 {1} {2}]{3}/ID{4}/Filter/FlateDecode",
                                 xref.size(), data.width2, data.width3, trailer_keys(pdf), id);
  if (use_predictor) fmt::format_to(std::back_inserter(keys), "/DecodeParms<</Predictor 12/Columns {}>>", columns);
  file += stream_object(xref_number, keys, use_predictor ? predicted : plain);
  fmt::format_to(std::back_inserter(file), "startxref\n{}\n%%EOF\n", xref_offset);
  return file;
}

}  // namespace cvpdf::pdf
