// MappedFile: a font file mapped read-only into memory once, shared by
// HarfBuzz (and anything else that reads the face), and safe against the
// file shrinking under it. Reading a mapped page past a truncated file's new
// end raises SIGBUS; a process-wide handler (installed with the first
// mapping) recognises addresses inside a registered MappedFile, maps zero
// pages over the rest of that mapping, flags it as changed and returns, so
// the read sees zeros instead of killing the process. The owner then asks
// changed() and refuses the results. A SIGBUS anywhere else keeps its
// default action (or the handler that was there before).
//
// Mapping rather than reading into the heap: a CJK collection is ~20 MB and
// a render touches a few hundred KB of it.
#pragma once
#include <cstdint>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace cvpdf::text {

// What identifies one version of a file on disk.
struct FileStamp {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  bool operator==(const FileStamp& o) const {
    return device == o.device && inode == o.inode && size == o.size && mtime_ns == o.mtime_ns;
  }
  bool operator!=(const FileStamp& o) const { return !(*this == o); }
};

// The file's stamp now (following symlinks), nullopt when it cannot be stat'ed.
std::optional<FileStamp> stamp_of(const std::string& path);

class MappedFile {
 public:
  // Maps the whole file. Throws IoError naming the file when it cannot be
  // opened, stat'ed or mapped. An empty file gives an empty mapping.
  static std::shared_ptr<MappedFile> open(const std::string& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  const std::string& path() const { return path_; }
  std::string_view bytes() const { return {static_cast<const char*>(data_), size_}; }
  const FileStamp& stamp() const { return stamp_; }

  // True once a read of this mapping faulted (the file shrank) or the file
  // on disk is the same inode with another size or mtime (it was rewritten
  // in place, so pages read later may come from the new contents).
  bool changed() const;
  // Only the fault flag, without a stat.
  bool faulted() const;

  // Gives the pages read so far back to the kernel (MADV_DONTNEED): they
  // stay in the page cache, out of this process's resident set, and a later
  // read maps them again. Subsetting a CJK collection reads the charstrings
  // and subroutines of every glyph used, scattered over its 15 MB CFF
  // table: 7 MB of the Chinese résumé's peak, kept to the end otherwise.
  void release_pages() const;

 private:
  MappedFile() = default;
  std::string path_;
  void* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t mapped_ = 0;  // page-rounded length of the mapping
  FileStamp stamp_;
  int slot_ = -1;  // in the signal handler's table
};

}  // namespace cvpdf::text
