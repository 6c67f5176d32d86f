// The bounds-checked font readers: ByteReader at and past the end with
// offsets that would wrap in 32 bits, printable tags, the sfnt/TTC
// directory check and the CFF checks on hand-made tables.
#include <gtest/gtest.h>

#include <string>

#include "text/byte_reader.hpp"
#include "text/font_tables.hpp"

namespace cvpdf::text {
namespace {

using namespace std::string_literals;

TEST(ByteReader, ReadsBigEndianInside) {
  const std::string bytes = "\x01\x02\x03\x04\xFF\xFE"s;
  ByteReader r(bytes);
  EXPECT_EQ(r.u8(0), 1);
  EXPECT_EQ(r.u16(0), 0x0102);
  EXPECT_EQ(r.u32(0), 0x01020304u);
  EXPECT_EQ(r.s16(4), -2);
  EXPECT_EQ(r.uint(1, 3), 0x020304u);
  EXPECT_EQ(r.bytes(4, 2), "\xFF\xFE"s);
}

TEST(ByteReader, FailsOnAnyByteOutside) {
  const std::string bytes(6, 'x');
  ByteReader r(bytes);
  EXPECT_FALSE(r.u8(6));
  EXPECT_FALSE(r.u16(5));
  EXPECT_FALSE(r.u32(3));
  EXPECT_FALSE(r.bytes(7, 0));
  EXPECT_TRUE(r.bytes(6, 0));
  EXPECT_FALSE(r.uint(0, 0));
  EXPECT_FALSE(r.uint(0, 5));
  // Offsets and lengths that a 32-bit sum would wrap back into the buffer.
  EXPECT_FALSE(r.u8(0xFFFFFFFFull));
  EXPECT_FALSE(r.bytes(2, 0xFFFFFFFFull));
  EXPECT_FALSE(r.bytes(0xFFFFFFFEull, 4));
  EXPECT_FALSE(r.u32(0xFFFFFFFFFFFFFFFEull));
  EXPECT_FALSE(r.sub(4, 3));
  ASSERT_TRUE(r.sub(4, 2));
  EXPECT_EQ(r.sub(4, 2)->size(), 2u);
}

TEST(PrintableTag, EscapesControlAndNonAsciiBytes) {
  EXPECT_EQ(printable_tag("cmap"), "cmap");
  EXPECT_EQ(printable_tag("CFF "), "CFF ");
  EXPECT_EQ(printable_tag("\0\1\x1B\x7F"s), "\\x00\\x01\\x1B\\x7F");
  EXPECT_EQ(printable_tag("a\\b\xE9"s), "a\\x5Cb\\xE9");
}

// A minimal sfnt header + table directory of `tables` records, each placed
// at `offset` with `length`.
std::string sfnt(std::uint32_t offset, std::uint32_t length, const std::string& tag = "glyf") {
  auto u32 = [](std::uint32_t v) { return std::string{char(v >> 24), char(v >> 16), char(v >> 8), char(v)}; };
  std::string s = "\0\1\0\0"s + "\0\1"s + std::string(6, '\0');
  s += tag + u32(0) + u32(offset) + u32(length);
  s += std::string(16, 'g');
  return s;
}

TEST(DamagedTable, WholeTablesPass) { EXPECT_EQ(damaged_table(ByteReader(sfnt(28, 16)), 0), ""); }

TEST(DamagedTable, TablesPastTheEndAreNamedWithSafeTags) {
  const std::string past = sfnt(28, 17);
  EXPECT_EQ(damaged_table(ByteReader(past), 0), "the 'glyf' table");
  // 0xFFFFFFF0 + 0x20 wraps to 0x10 in 32 bits: inside a 44-byte file.
  const std::string wraps = sfnt(0xFFFFFFF0u, 0x20);
  EXPECT_EQ(damaged_table(ByteReader(wraps), 0), "the 'glyf' table");
  const std::string control = sfnt(28, 0xFFFFFFFFu, "\0\1\x1B\x7F"s);
  EXPECT_EQ(damaged_table(ByteReader(control), 0), "the '\\x00\\x01\\x1B\\x7F' table");
}

TEST(DamagedTable, DirectoryAndCollectionHeaders) {
  std::string many = sfnt(28, 16);
  many[4] = '\xFF';  // 65281 tables in a 44-byte file
  EXPECT_EQ(damaged_table(ByteReader(many), 0), "the table directory");
  const std::string ttc_short = "ttcf\0\1\0\0\0\0\0\2"s;  // two fonts, no offsets
  EXPECT_EQ(damaged_table(ByteReader(ttc_short), 0), "the collection header");
  const std::string ttc_far = "ttcf\0\1\0\0\0\0\0\1\xFF\xFF\xFF\xF0"s;
  EXPECT_EQ(damaged_table(ByteReader(ttc_far), 0), "the table directory");
  EXPECT_EQ(damaged_table(ByteReader(ttc_far), 1), "the collection header");
  EXPECT_EQ(damaged_table(ByteReader("tt"s), 0), "the file header");
  EXPECT_EQ(damaged_table(ByteReader("wOFF...."s), 0), "");  // not ours to judge
}

// CFF: header (1 0 4 1), Name INDEX {"A"}, Top DICT INDEX {dict}, empty
// String and Global Subr INDEXes.
std::string cff(const std::string& dict) {
  std::string s = "\1\0\4\1"s;
  s += "\0\1\1\1\2A"s;
  s += "\0\1\1\1"s + char(1 + dict.size()) + dict;
  s += "\0\0\0\0"s;
  return s;
}

TEST(CffChecks, RosFirstMeansCidKeyed) {
  // ROS: three operands (SIDs 391 391 0 as 2-byte ints), then 12 30.
  const std::string ros = "\x1C\x01\x87\x1C\x01\x87\x8B\x0C\x1E"s;
  EXPECT_TRUE(cff_well_formed(ByteReader(cff(ros))));
  EXPECT_TRUE(cff_is_cid_keyed(ByteReader(cff(ros))));
  // The same bytes as a real operand's nibbles or after another operator are not ROS.
  const std::string version_first = "\x8B\x00"s + ros;
  EXPECT_FALSE(cff_is_cid_keyed(ByteReader(cff(version_first))));
  const std::string real = "\x1E\x0C\x1E\xFF\x8B\x00"s;
  EXPECT_FALSE(cff_is_cid_keyed(ByteReader(cff(real))));
}

TEST(CffChecks, NameIndexEndOffsetThatWraps32BitsIsRefused) {
  // Issue 9, item 1: count 1, offSize 4, offsets 1 and 0xFFFFFFF0. The old
  // parser's unsigned sum 7 + 8 - 1 + 0xFFFFFFF0 wrapped to 0xFFFFFFFE, its
  // bounds check `+ 3 < length` wrapped again to 1, and it read 4 GB away.
  const std::string wrap = "\1\0\4\1"s + "\0\1\4"s + "\0\0\0\1"s + "\xFF\xFF\xFF\xF0"s + std::string(64, '\x0C');
  EXPECT_FALSE(cff_well_formed(ByteReader(wrap)));
  EXPECT_FALSE(cff_is_cid_keyed(ByteReader(wrap)));
}

TEST(CffChecks, IndexLiesAreRefused) {
  const std::string good = cff("\x8B\x00"s);
  ASSERT_TRUE(cff_well_formed(ByteReader(good)));
  for (std::size_t cut = 0; cut < good.size(); ++cut)
    EXPECT_FALSE(cff_well_formed(ByteReader(good.substr(0, cut)))) << cut;
  std::string count = good;
  count[4] = '\xFF';  // Name INDEX count 0xFF01
  EXPECT_FALSE(cff_well_formed(ByteReader(count)));
  for (char off_size : {'\0', '\5', '\xFF'}) {
    std::string bad = good;
    bad[6] = off_size;
    EXPECT_FALSE(cff_well_formed(ByteReader(bad)));
    EXPECT_FALSE(cff_is_cid_keyed(ByteReader(bad)));
  }
  std::string header = good;
  header[2] = '\xFF';
  EXPECT_FALSE(cff_well_formed(ByteReader(header)));
}

TEST(Os2Style, NeedsBothFields) {
  std::string os2(64, '\0');
  os2[4] = '\x02';
  os2[5] = '\xBC';  // 700
  os2[63] = '\1';
  ASSERT_TRUE(os2_style(ByteReader(os2)));
  EXPECT_EQ(os2_style(ByteReader(os2))->weight_class, 700u);
  EXPECT_TRUE(os2_style(ByteReader(os2))->italic);
  EXPECT_FALSE(os2_style(ByteReader(os2.substr(0, 63))));
}

}  // namespace
}  // namespace cvpdf::text
