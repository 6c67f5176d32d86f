// MappedFile::release_pages: the pages given back are read again, with the
// same bytes, and the resident set shrinks by what had been read.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "text/mapped_file.hpp"

namespace cvpdf::text {
namespace {

namespace fs = std::filesystem;

// The process's resident pages (/proc/self/statm).
long resident_pages() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  statm >> size >> resident;
  return resident;
}

TEST(MappedFile, ReleasedPagesReadTheSameBytesAgain) {
  const fs::path path = fs::temp_directory_path() / ("cvpdf-mapped-" + std::to_string(getpid()));
  std::string contents(8 << 20, '\0');
  for (std::size_t i = 0; i < contents.size(); ++i) contents[i] = static_cast<char>('a' + i % 26);
  std::ofstream(path, std::ios::binary) << contents;
  {
    auto file = MappedFile::open(path.string());
    ASSERT_EQ(file->bytes(), contents);  // reads every page
    const long before = resident_pages();
    file->release_pages();
    // 8 MB is 2048 pages of 4 KB; most of them leave the resident set.
    EXPECT_GT(before - resident_pages(), 1000) << before;
    EXPECT_EQ(file->bytes().substr(123456, 5), contents.substr(123456, 5));
    EXPECT_EQ(file->bytes(), contents);
    EXPECT_FALSE(file->changed());
  }
  fs::remove(path);
}

TEST(MappedFile, ReleasingAnEmptyFileDoesNothing) {
  const fs::path path = fs::temp_directory_path() / ("cvpdf-mapped-empty-" + std::to_string(getpid()));
  std::ofstream(path, std::ios::binary).flush();
  auto file = MappedFile::open(path.string());
  file->release_pages();
  EXPECT_TRUE(file->bytes().empty());
  fs::remove(path);
}

}  // namespace
}  // namespace cvpdf::text
