// MappedFile (see mapped_file.hpp): the mapping, the process-wide table of
// live mappings and the SIGBUS handler that consults it.
//
// The handler runs in signal context, so the table is a fixed array of
// lock-free atomics (no allocation, no locks); registering and removing
// entries take a mutex among themselves only. A slot is published by
// storing `end` before `begin` and withdrawn by clearing `begin` first, so
// the handler never sees a half-written range.
#include "text/mapped_file.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/diagnostics.hpp"

namespace cvpdf::text {

namespace {

struct Slot {
  std::atomic<std::uintptr_t> begin{0};
  std::atomic<std::uintptr_t> end{0};  // page-rounded
  std::atomic<bool> faulted{false};
};
static_assert(std::atomic<std::uintptr_t>::is_always_lock_free && std::atomic<bool>::is_always_lock_free,
              "the SIGBUS handler needs lock-free atomics");

// Far more font files than a run opens; --watch reopens release their slot.
constexpr int kSlots = 1024;
Slot g_slots[kSlots];
std::mutex g_slots_mutex;
std::uintptr_t g_page_size = 4096;
struct sigaction g_previous {};

void on_sigbus(int signal, siginfo_t* info, void* context) {
  const int saved_errno = errno;
  const auto address = reinterpret_cast<std::uintptr_t>(info ? info->si_addr : nullptr);
  for (auto& slot : g_slots) {
    const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
    const std::uintptr_t end = slot.end.load(std::memory_order_acquire);
    if (begin == 0 || address < begin || address >= end) continue;
    // Zeros from the faulting page to the end of the mapping: every later
    // read past the file's new end finds a page instead of faulting again.
    const std::uintptr_t page = address & ~(g_page_size - 1);
    void* zeros = mmap(reinterpret_cast<void*>(page), end - page, PROT_READ, MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS,
                       -1, 0);
    if (zeros == MAP_FAILED) break;
    slot.faulted.store(true, std::memory_order_release);
    errno = saved_errno;
    return;
  }
  // Not a font mapping: what would have happened without us.
  if ((g_previous.sa_flags & SA_SIGINFO) && g_previous.sa_sigaction) {
    errno = saved_errno;
    g_previous.sa_sigaction(signal, info, context);
    return;
  }
  if (!(g_previous.sa_flags & SA_SIGINFO) && g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
    errno = saved_errno;
    g_previous.sa_handler(signal);
    return;
  }
  // Default action: a hardware fault recurs on return and now kills the
  // process; a SIGBUS sent with kill() is re-raised for the same effect.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(SIGBUS, &default_action, nullptr);
  raise(SIGBUS);
  errno = saved_errno;
}

void install_handler() {
  static std::once_flag once;
  std::call_once(once, [] {
    const long page = sysconf(_SC_PAGESIZE);
    if (page > 0) g_page_size = static_cast<std::uintptr_t>(page);
    struct sigaction action {};
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &g_previous);
  });
}

int register_mapping(std::uintptr_t begin, std::uintptr_t end) {
  std::lock_guard lock(g_slots_mutex);
  for (int i = 0; i < kSlots; ++i) {
    if (g_slots[i].begin.load(std::memory_order_acquire) != 0) continue;
    g_slots[i].faulted.store(false, std::memory_order_release);
    g_slots[i].end.store(end, std::memory_order_release);
    g_slots[i].begin.store(begin, std::memory_order_release);
    return i;
  }
  return -1;
}

void unregister_mapping(int slot) {
  std::lock_guard lock(g_slots_mutex);
  g_slots[slot].begin.store(0, std::memory_order_release);
  g_slots[slot].end.store(0, std::memory_order_release);
}

FileStamp stamp_from(const struct stat& st) {
  return FileStamp{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
                   static_cast<std::uint64_t>(st.st_size),
                   static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

[[noreturn]] void io_fail(const std::string& path, const std::string& message, int error) {
  throw IoError({Severity::Error, SourceSpan{path, 0, 0}, message + " (" + std::strerror(error) + ")",
                 "check the file and its permissions"});
}

}  // namespace

std::optional<FileStamp> stamp_of(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return stamp_from(st);
}

std::shared_ptr<MappedFile> MappedFile::open(const std::string& path) {
  install_handler();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) io_fail(path, "cannot open the font file", errno);
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int error = errno;
    ::close(fd);
    io_fail(path, "cannot read the font file", error);
  }
  std::shared_ptr<MappedFile> file(new MappedFile);
  file->path_ = path;
  file->stamp_ = stamp_from(st);
  file->size_ = static_cast<std::size_t>(st.st_size);
  if (file->size_ > 0) {
    void* data = mmap(nullptr, file->size_, PROT_READ, MAP_PRIVATE, fd, 0);
    const int error = errno;
    if (data == MAP_FAILED) {
      ::close(fd);
      file->size_ = 0;
      io_fail(path, "cannot map the font file into memory", error);
    }
    file->data_ = data;
    file->mapped_ = (file->size_ + g_page_size - 1) & ~(g_page_size - 1);
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    file->slot_ = register_mapping(begin, begin + file->mapped_);
    if (file->slot_ < 0) {
      ::close(fd);
      throw FatalError({Severity::Error, SourceSpan{path, 0, 0},
                        "too many font files open at once (" + std::to_string(kSlots) + ")",
                        "use fewer font files"});
    }
  }
  ::close(fd);  // the mapping keeps the file
  return file;
}

MappedFile::~MappedFile() {
  if (slot_ >= 0) unregister_mapping(slot_);
  if (data_) munmap(data_, mapped_);
}

void MappedFile::release_pages() const {
  // Advice, not a promise: a failure leaves the pages where they were.
  if (data_ && mapped_ > 0) madvise(data_, mapped_, MADV_DONTNEED);
}

bool MappedFile::faulted() const {
  return slot_ >= 0 && g_slots[slot_].faulted.load(std::memory_order_acquire);
}

bool MappedFile::changed() const {
  if (faulted()) return true;
  // Replaced by a new file (another inode) or deleted: this mapping still
  // holds the old, whole file, so what was read from it is consistent.
  const auto now = stamp_of(path_);
  return now && now->device == stamp_.device && now->inode == stamp_.inode && *now != stamp_;
}

}  // namespace cvpdf::text
