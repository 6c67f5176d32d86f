// Font table checks and reads over ByteReader (see font_tables.hpp). Every
// offset here comes from the file and is treated as hostile: 64-bit sums,
// each read checked, nothing assumed about counts.
#include "text/font_tables.hpp"

namespace cvpdf::text {

FontTable::FontTable(hb_face_t* face, hb_tag_t tag) : blob_(hb_face_reference_table(face, tag)) {
  unsigned length = 0;
  const char* data = hb_blob_get_data(blob_, &length);
  if (data) reader_ = ByteReader(std::string_view(data, length));
}

FontTable::~FontTable() { hb_blob_destroy(blob_); }

std::string damaged_table(const ByteReader& file, unsigned index) {
  const auto tag = file.bytes(0, 4);
  if (!tag) return "the file header";
  std::uint64_t sfnt = 0;
  if (*tag == "ttcf") {
    // TTC header: tag, version, numFonts, then numFonts offsets.
    const auto fonts = file.u32(8);
    if (!fonts) return "the collection header";
    if (index >= *fonts) return "the collection header";
    const auto offset = file.u32(12 + 4 * std::uint64_t{index});
    if (!offset) return "the collection header";
    sfnt = *offset;
  } else if (*tag != std::string_view("\0\1\0\0", 4) && *tag != "OTTO" && *tag != "true") {
    return "";
  }
  const auto tables = file.u16(sfnt + 4);
  if (!tables || !file.bytes(sfnt, 12 + 16 * std::uint64_t{*tables})) return "the table directory";
  for (std::uint64_t i = 0; i < *tables; ++i) {
    const std::uint64_t record = sfnt + 12 + 16 * i;
    const auto offset = file.u32(record + 8);
    const auto length = file.u32(record + 12);
    // In 64 bits offset + length cannot wrap, so a table "ending" past 4 GB
    // is seen as past the end, not as a small number.
    if (!offset || !length || !file.bytes(*offset, *length))
      return "the '" + printable_tag(*file.bytes(record, 4)) + "' table";
  }
  return "";
}

namespace {

// A CFF INDEX at `at`: where its data starts and where the whole INDEX ends.
struct CffIndex {
  std::uint16_t count = 0;
  unsigned off_size = 0;
  std::uint64_t offsets = 0;    // the offset array
  std::uint64_t data_base = 0;  // offsets are 1-based from here + 1
  std::uint64_t end = 0;

  // Bytes [begin, end) of entry `i` (i < count), read and checked.
  std::optional<std::pair<std::uint64_t, std::uint64_t>> entry(const ByteReader& r, unsigned i) const {
    const auto first = r.uint(offsets + std::uint64_t{i} * off_size, off_size);
    const auto last = r.uint(offsets + (std::uint64_t{i} + 1) * off_size, off_size);
    if (!first || !last || *first < 1 || *last < *first) return std::nullopt;
    const std::uint64_t begin = data_base + *first, stop = data_base + *last;
    if (!r.bytes(begin, stop - begin)) return std::nullopt;
    return std::pair{begin, stop};
  }
};

std::optional<CffIndex> read_index(const ByteReader& r, std::uint64_t at) {
  CffIndex index;
  const auto count = r.u16(at);
  if (!count) return std::nullopt;
  index.count = *count;
  if (index.count == 0) {
    index.end = at + 2;
    return index;
  }
  const auto off_size = r.u8(at + 2);
  if (!off_size || *off_size < 1 || *off_size > 4) return std::nullopt;
  index.off_size = *off_size;
  index.offsets = at + 3;
  index.data_base = index.offsets + (std::uint64_t{index.count} + 1) * index.off_size - 1;
  const auto last = r.uint(index.offsets + std::uint64_t{index.count} * index.off_size, index.off_size);
  if (!last || *last < 1) return std::nullopt;
  index.end = index.data_base + *last;
  if (!r.bytes(at, index.end - at)) return std::nullopt;
  return index;
}

// The first operator of a DICT in bytes [at, end): its operands skipped as
// CFF encodes them (Technical Note #5176, table 3). 1200 + b1 for the
// two-byte operators; nullopt when there is none or the bytes are invalid.
std::optional<unsigned> first_operator(const ByteReader& r, std::uint64_t at, std::uint64_t end) {
  while (at < end) {
    const auto b0 = r.u8(at);
    if (!b0) return std::nullopt;
    if (*b0 <= 21) {
      if (*b0 != 12) return *b0;
      const auto b1 = r.u8(at + 1);
      if (!b1 || at + 1 >= end) return std::nullopt;
      return 1200 + *b1;
    }
    if (*b0 == 28) at += 3;
    else if (*b0 == 29) at += 5;
    else if (*b0 >= 32 && *b0 <= 246) at += 1;
    else if (*b0 >= 247 && *b0 <= 254) at += 2;
    else if (*b0 == 30) {  // a real: nibbles up to and including an 0xF nibble
      for (++at;; ++at) {
        const auto nibbles = r.u8(at);
        if (!nibbles || at >= end) return std::nullopt;
        if ((*nibbles & 0x0F) == 0x0F || (*nibbles >> 4) == 0x0F) break;
      }
      ++at;
    } else {
      return std::nullopt;  // 22–27, 31, 255: reserved
    }
  }
  return std::nullopt;
}

}  // namespace

bool cff_well_formed(const ByteReader& cff) {
  const auto major = cff.u8(0);
  const auto header_size = cff.u8(2);
  if (!major || *major != 1 || !header_size || *header_size < 4) return false;
  std::uint64_t at = *header_size;
  for (int i = 0; i < 4; ++i) {  // Name, Top DICT, String, Global Subr
    const auto index = read_index(cff, at);
    if (!index || (i < 2 && index->count == 0)) return false;
    at = index->end;
  }
  return true;
}

bool cff_is_cid_keyed(const ByteReader& cff) {
  const auto header_size = cff.u8(2);
  if (!header_size || *header_size < 4) return false;
  const auto names = read_index(cff, *header_size);
  if (!names) return false;
  const auto top_dicts = read_index(cff, names->end);
  if (!top_dicts || top_dicts->count == 0) return false;
  const auto top = top_dicts->entry(cff, 0);
  if (!top) return false;
  constexpr unsigned kRos = 1200 + 30;  // ROS must be the Top DICT's first operator
  return first_operator(cff, top->first, top->second) == kRos;
}

std::optional<Os2Style> os2_style(const ByteReader& os2) {
  const auto weight = os2.u16(4);
  const auto selection = os2.u16(62);
  if (!weight || !selection) return std::nullopt;
  return Os2Style{*weight, (*selection & 1) != 0};
}

}  // namespace cvpdf::text
