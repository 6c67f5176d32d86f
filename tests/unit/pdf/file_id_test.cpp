// The trailer's /ID: a digest of the file before the trailer, whatever
// length PoDoFo gave its own entries (a zero byte in its MD5 cuts them
// short: the fuzzer found a résumé whose PDF then failed to write).
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {
namespace {

const std::string kBody = "%PDF-1.7\n1 0 obj\n<<>>\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \n";

std::string with_trailer(const std::string& id) {
  return kBody + "trailer\n<</ID[<" + id + "><" + id + ">]/Root 1 0 R/Size 2>>\nstartxref\n30\n%%EOF\n";
}

std::string ids_of(const std::string& pdf) {
  std::smatch m;
  const std::regex id(R"(/ID\[<([0-9A-F]*)><([0-9A-F]*)>\])");
  if (!std::regex_search(pdf, m, id) || m[1] != m[2]) return "malformed";
  return m[1];
}

TEST(FileId, EntriesOfAnyLengthBecomeTheDigestOfTheBody) {
  std::string full = with_trailer(std::string(32, '0'));
  std::string short_id = with_trailer("C35F037D986FB08E8422C5628AEF");  // 28 digits, as PoDoFo wrote
  std::string empty = with_trailer("");
  set_file_id(full);
  set_file_id(short_id);
  set_file_id(empty);
  const std::string id = ids_of(full);
  ASSERT_EQ(id.size(), 32u) << full;
  EXPECT_EQ(ids_of(short_id), id) << "the digest covers the body only, so all three agree";
  EXPECT_EQ(ids_of(empty), id);
  EXPECT_EQ(full.compare(0, kBody.size(), kBody), 0) << "nothing before the trailer moves";
  EXPECT_NE(full.find("startxref\n30\n%%EOF"), std::string::npos);
}

TEST(FileId, ADifferentBodyGivesADifferentId) {
  std::string a = with_trailer(std::string(32, '0'));
  std::string b = a;
  b[11] = '2';  // "1 0 obj" -> "2 0 obj"
  set_file_id(a);
  set_file_id(b);
  EXPECT_NE(ids_of(a), ids_of(b));
}

}  // namespace
}  // namespace cvpdf::pdf
