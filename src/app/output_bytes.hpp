// An output's bytes until the run writes them: in memory (a PDF, a text, the
// depfile), or a piece of the run's spool, an unlinked temporary file — the
// pages of a PNG or SVG preview, each set down as it is drawn, so a run
// holds one page in memory, not the document, until its one transaction
// (atomic_write.hpp) writes every output.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

namespace cvpdf::app {

class Spool {
 public:
  // An unlinked file in $TMPDIR (else, or when that fails, /tmp): nothing
  // is left behind however the run ends. Throws IoError when it cannot be
  // made in either.
  Spool();
  ~Spool();
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;

  // Appends `bytes`; returns where they start. Throws IoError (a full disk).
  std::uint64_t append(const std::string& bytes);
  // Copies `length` bytes from `offset` to `fd`; false with errno set.
  bool copy_to(int fd, std::uint64_t offset, std::uint64_t length) const;

 private:
  int fd_ = -1;
  std::uint64_t end_ = 0;
  std::string directory_;  // for messages
};

struct OutputBytes {
  std::string memory;
  std::shared_ptr<const Spool> spool;  // when set, the bytes are offset..offset+length there
  std::uint64_t offset = 0;
  std::uint64_t length = 0;

  OutputBytes() = default;
  OutputBytes(std::string bytes) : memory(std::move(bytes)) {}  // NOLINT: in memory is the usual case
  static OutputBytes spooled(const std::shared_ptr<Spool>& spool, const std::string& bytes);

  std::uint64_t size() const { return spool ? length : memory.size(); }
  bool empty() const { return size() == 0; }
  // Writes them all to `fd` (EINTR retried); false with errno set.
  bool write_to(int fd) const;
};

}  // namespace cvpdf::app
