// The output transaction (see atomic_write.hpp).
//
// Order, and why: temporaries first (the step that fails on a full disk),
// then the space for in-place rewrites is reserved, then devices and FIFOs
// are written (they cannot be staged, and a failure there must still leave
// the files untouched), then the renames (which do not fail for want of
// space), last the in-place rewrites of hard-linked files (already
// allocated, so a full disk cannot cut them short; not atomic: the user guide).
#include "app/atomic_write.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>

#include "app/temp_files.hpp"

namespace cvpdf::app {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void io_error(const std::string& path, const std::string& what, const std::string& hint = {}) {
  throw IoError({Severity::Error, SourceSpan{path, 0, 0}, what, hint});
}

std::string write_hint(int error) {
  if (error == ENOSPC || error == EDQUOT) return "is the disk full? the old file is kept";
  if (error == EACCES || error == EPERM || error == EROFS) return "check that the directory is writable";
  return {};
}

// The mode a new file gets (mkstemp makes 0600): 0666 less the umask.
mode_t creation_mode() {
  static const mode_t mode = [] {
    mode_t mask = ::umask(0);
    ::umask(mask);
    return static_cast<mode_t>(0666 & ~mask);
  }();
  return mode;
}

// The existing file's owner, group and mode on the replacement, so a
// rewrite does not widen a 0600 file or hand a root-run output to root.
bool keep_attributes(int fd, const Target& t) {
  if (!t.exists) return ::fchmod(fd, creation_mode()) == 0;
  const struct stat& st = t.existing;
  if (::geteuid() == 0) {
    if (::fchown(fd, st.st_uid, st.st_gid) != 0) return false;
  } else if (st.st_gid != ::getegid()) {
    (void)!::fchown(fd, static_cast<uid_t>(-1), st.st_gid);  // allowed only for our own groups
  }
  return ::fchmod(fd, st.st_mode & 07777) == 0;
}

int connect_socket(const std::string& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.size() >= sizeof address.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    int saved = errno;
    ::close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

// Everything the transaction holds; the destructor undoes what is undone
// on failure: temporaries removed, descriptors closed, signal actions back.
class Transaction {
 public:
  explicit Transaction(const std::vector<PlannedWrite>& writes) : writes_(writes) {
    make_directories();
    std::size_t staged = 0;
    std::set<std::string> directories;
    for (const auto& w : writes_) {
      if (w.target.kind != WriteKind::Replace) continue;
      ++staged;
      fs::path file(w.target.file);
      directories.insert(file.has_parent_path() ? file.parent_path().string() : ".");
    }
    for (const auto& dir : directories) remove_stale_temporaries(dir);
    prepare_temporaries(staged);
    temps_.resize(writes_.size());
    fds_.resize(writes_.size(), -1);
  }
  ~Transaction() {
    for (int fd : fds_)
      if (fd >= 0) ::close(fd);
    for (const auto& temp : temps_)
      if (!temp.empty()) remove_temporary(temp);
    // A run that wrote nothing leaves no directory it made (rmdir takes
    // only an empty one, so one an output reached stays).
    if (!committed_)
      for (auto it = made_.rbegin(); it != made_.rend(); ++it) ::rmdir(it->c_str());
    restore_signal_actions();
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void run() {
    for (std::size_t i = 0; i < writes_.size(); ++i)
      if (writes_[i].target.kind == WriteKind::Replace) stage(i);
    for (std::size_t i = 0; i < writes_.size(); ++i)
      if (writes_[i].target.kind == WriteKind::InPlace) reserve(i);
    for (std::size_t i = 0; i < writes_.size(); ++i) {
      const WriteKind kind = writes_[i].target.kind;
      if (kind == WriteKind::Direct || kind == WriteKind::Socket || kind == WriteKind::Stdout) write_direct(i);
    }
    std::set<std::string> renamed_in;
    for (std::size_t i = 0; i < writes_.size(); ++i) {
      if (writes_[i].target.kind != WriteKind::Replace) continue;
      const Target& t = writes_[i].target;
      if (std::rename(temps_[i].c_str(), t.file.c_str()) != 0) fail(i, "cannot replace the file");
      forget_temporary(temps_[i]);
      temps_[i].clear();
      fs::path file(t.file);
      renamed_in.insert(file.has_parent_path() ? file.parent_path().string() : ".");
    }
    // The renames themselves reach the disk only with their directory.
    for (const auto& dir : renamed_in) {
      int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
      }
    }
    for (std::size_t i = 0; i < writes_.size(); ++i)
      if (writes_[i].target.kind == WriteKind::InPlace) rewrite(i);
    committed_ = true;
  }

 private:
  // The missing parents of templated outputs, outermost first; each made
  // once (outputs share them), and remembered to be taken back on failure.
  void make_directories() {
    for (std::size_t i = 0; i < writes_.size(); ++i)
      for (const auto& dir : writes_[i].target.make_directories) {
        if (::mkdir(dir.c_str(), 0777) == 0) {
          made_.push_back(dir);
          continue;
        }
        if (errno == EEXIST) continue;
        const int error = errno;
        for (auto it = made_.rbegin(); it != made_.rend(); ++it) ::rmdir(it->c_str());
        made_.clear();
        throw IoError({Severity::Error, SourceSpan{writes_[i].target.path, 0, 0},
                       "cannot make the directory " + dir + ": " + std::strerror(error), write_hint(error)});
      }
  }

  [[noreturn]] void fail(std::size_t i, const std::string& what) {
    const int error = errno;
    const Target& t = writes_[i].target;
    const bool file = t.kind == WriteKind::Replace || t.kind == WriteKind::InPlace;
    std::string hint = write_hint(error);
    if (!file && error == ENOSPC) hint = "the device is full";
    if (error == EPIPE) hint = "the reader closed the pipe before the end";
    io_error(t.kind == WriteKind::Stdout ? "<stdout>" : t.path, what + ": " + std::strerror(error), hint);
  }

  void stage(std::size_t i) {
    const PlannedWrite& w = writes_[i];
    int fd = create_temporary(w.target.file, temps_[i]);
    if (fd < 0) {
      temps_[i].clear();
      fail(i, "cannot create a temporary file beside it");
    }
    fds_[i] = fd;
    if (!w.bytes->write_to(fd) || ::fsync(fd) != 0) fail(i, "cannot write");
    if (!keep_attributes(fd, w.target)) fail(i, "cannot keep the owner and mode of the file");
    fds_[i] = -1;
    if (::close(fd) != 0) fail(i, "cannot write");
  }

  void reserve(std::size_t i) {
    const PlannedWrite& w = writes_[i];
    int fd = ::open(w.target.file.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) fail(i, "cannot open");
    fds_[i] = fd;
    // Blocks for the new contents without changing the file yet; a file
    // system that cannot reserve (EOPNOTSUPP) is written without.
    if (!w.bytes->empty() && ::fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, static_cast<off_t>(w.bytes->size())) != 0 &&
        errno != EOPNOTSUPP)
      fail(i, "cannot write");
  }

  void rewrite(std::size_t i) {
    const PlannedWrite& w = writes_[i];
    const int fd = fds_[i];
    if (::lseek(fd, 0, SEEK_SET) != 0 || !w.bytes->write_to(fd) ||
        ::ftruncate(fd, static_cast<off_t>(w.bytes->size())) != 0 || ::fsync(fd) != 0)
      fail(i, "cannot rewrite the hard-linked file in place (it may be damaged)");
    fds_[i] = -1;
    if (::close(fd) != 0) fail(i, "cannot write");
  }

  void write_direct(std::size_t i) {
    const PlannedWrite& w = writes_[i];
    const WriteKind kind = w.target.kind;
    int fd = 1;
    if (kind == WriteKind::Socket) {
      fd = connect_socket(w.target.file);
      if (fd < 0) fail(i, "cannot connect to the socket");
    } else if (kind == WriteKind::Direct) {
      // No O_CREAT or O_TRUNC: the node stays what it is.
      fd = ::open(w.target.file.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
      if (fd < 0) fail(i, "cannot open");
    }
    if (kind != WriteKind::Stdout) fds_[i] = fd;
    if (!w.bytes->write_to(fd)) fail(i, "cannot write");
    if (kind == WriteKind::Stdout) return;
    fds_[i] = -1;
    if (::close(fd) != 0) fail(i, "cannot write");
  }

  const std::vector<PlannedWrite>& writes_;
  std::vector<std::string> made_;  // directories this run made
  bool committed_ = false;
  std::vector<std::string> temps_;  // per write: its temporary until renamed
  std::vector<int> fds_;            // per write: a descriptor to close on failure
};

}  // namespace

void write_all(const std::vector<PlannedWrite>& writes) {
  Transaction transaction(writes);
  transaction.run();
}

}  // namespace cvpdf::app
