// Outputs' bytes in memory or on the spool (see output_bytes.hpp).
#include "app/output_bytes.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/diagnostics.hpp"

namespace cvpdf::app {

namespace {

bool write_all_of(int fd, const char* data, std::size_t size) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(fd, data + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

[[noreturn]] void spool_error(const std::string& directory, const std::string& what, int error) {
  throw IoError({Severity::Error, SourceSpan{directory, 0, 0}, what + ": " + std::strerror(error),
                 error == ENOSPC || error == EDQUOT
                     ? "the pages are kept here until they are written; free some space or set TMPDIR elsewhere"
                     : "set TMPDIR to a writable directory"});
}

}  // namespace

Spool::Spool() {
  // $TMPDIR first, as every tool; /tmp when it is unset or unusable (a
  // stale TMPDIR should not stop a preview the old way of keeping pages
  // in memory never needed it for).
  const char* tmpdir = std::getenv("TMPDIR");
  std::vector<std::string> directories;
  if (tmpdir && *tmpdir) directories.emplace_back(tmpdir);
  if (directories.empty() || directories.front() != "/tmp") directories.emplace_back("/tmp");
  int error = 0;
  for (const std::string& directory : directories) {
    std::string path = directory + "/cvpdf-pages-XXXXXX";
    std::vector<char> name(path.begin(), path.end());
    name.push_back('\0');
    fd_ = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd_ >= 0) {
      directory_ = directory;
      ::unlink(name.data());
      return;
    }
    if (error == 0) error = errno;
  }
  spool_error(directories.front(), "cannot make a temporary file for the pages", error);
}

Spool::~Spool() {
  if (fd_ >= 0) ::close(fd_);
}

std::uint64_t Spool::append(const std::string& bytes) {
  const std::uint64_t at = end_;
  if (!write_all_of(fd_, bytes.data(), bytes.size()))
    spool_error(directory_, "cannot keep the pages in a temporary file", errno);
  end_ += bytes.size();
  return at;
}

bool Spool::copy_to(int fd, std::uint64_t offset, std::uint64_t length) const {
  constexpr std::size_t kChunk = 1 << 20;
  std::vector<char> buffer(static_cast<std::size_t>(std::min<std::uint64_t>(length, kChunk)));
  while (length > 0) {
    const std::size_t want = static_cast<std::size_t>(std::min<std::uint64_t>(length, buffer.size()));
    const ssize_t n = ::pread(fd_, buffer.data(), want, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) {
      errno = EIO;  // the spool is shorter than what was set down in it
      return false;
    }
    if (!write_all_of(fd, buffer.data(), static_cast<std::size_t>(n))) return false;
    offset += static_cast<std::uint64_t>(n);
    length -= static_cast<std::uint64_t>(n);
  }
  return true;
}

OutputBytes OutputBytes::spooled(const std::shared_ptr<Spool>& spool, const std::string& bytes) {
  OutputBytes out;
  out.offset = spool->append(bytes);
  out.length = bytes.size();
  out.spool = spool;
  return out;
}

bool OutputBytes::write_to(int fd) const {
  if (spool) return spool->copy_to(fd, offset, length);
  return write_all_of(fd, memory.data(), memory.size());
}

}  // namespace cvpdf::app
