// Temporary output files and the signal handler that removes them.
//
// The handler may only use async-signal-safe calls, so the registry is a
// fixed array (sized before the transaction makes any temporary) of
// NUL-terminated paths with a "live" flag; nothing in it is allocated or
// freed while the handler is installed.
#include "app/temp_files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

namespace cvpdf::app {

namespace {

constexpr const char* kMarker = ".cvpdf-";
constexpr const char* kRandom = "XXXXXX";
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

struct Slot {
  volatile sig_atomic_t live = 0;
  char path[PATH_MAX] = {};
};

std::unique_ptr<Slot[]> slots;  // owned here; the handler sees `published`
std::atomic<Slot*> published{nullptr};
std::atomic<std::size_t> published_count{0};
struct sigaction previous[sizeof kSignals / sizeof kSignals[0]];
bool installed = false;

extern "C" void on_fatal_signal(int signal_number) {
  Slot* s = published.load();
  const std::size_t n = published_count.load();
  for (std::size_t i = 0; s && i < n; ++i)
    if (s[i].live) ::unlink(s[i].path);
  // Die of the signal, so the caller sees 128 + its number.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal_number, &fallback, nullptr);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, signal_number);
  sigprocmask(SIG_UNBLOCK, &unblock, nullptr);
  raise(signal_number);
}

sigset_t handled_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : kSignals) sigaddset(&set, s);
  return set;
}

// The longest prefix of `s` within `bytes` that does not cut a UTF-8
// sequence (names are shown to people; a cut character would be mojibake).
std::string utf8_prefix(const std::string& s, std::size_t bytes) {
  if (s.size() <= bytes) return s;
  std::size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return s.substr(0, end);
}

// The pid in a temporary name of ours, or 0 when the name is not ours.
long pid_of_temporary(const std::string& name) {
  if (name.empty() || name[0] != '.') return 0;
  std::size_t marker = name.rfind(kMarker);
  if (marker == std::string::npos || marker == 0) return 0;
  std::size_t at = marker + std::strlen(kMarker);
  std::size_t digits = at;
  while (digits < name.size() && name[digits] >= '0' && name[digits] <= '9') ++digits;
  if (digits == at || digits - at > 10) return 0;
  if (name.size() != digits + 1 + std::strlen(kRandom) || name[digits] != '-') return 0;
  return std::strtol(name.c_str() + at, nullptr, 10);
}

}  // namespace

std::string temporary_name_pattern(const std::string& target_file_name, long pid) {
  const std::string tail = std::string(kMarker) + std::to_string(pid) + "-" + kRandom;
  const std::size_t room = NAME_MAX - 1 - tail.size();  // 1: the leading dot
  return "." + utf8_prefix(target_file_name, room) + tail;
}

void prepare_temporaries(std::size_t count) {
  published_count.store(0);
  published.store(nullptr);
  slots = std::make_unique<Slot[]>(count);
  published.store(slots.get());
  published_count.store(count);
  if (installed) return;
  struct sigaction action {};
  action.sa_handler = on_fatal_signal;
  action.sa_mask = handled_signals();  // one cleanup at a time
  for (std::size_t i = 0; i < sizeof kSignals / sizeof kSignals[0]; ++i) sigaction(kSignals[i], &action, &previous[i]);
  installed = true;
}

void restore_signal_actions() {
  if (installed) {
    for (std::size_t i = 0; i < sizeof kSignals / sizeof kSignals[0]; ++i) sigaction(kSignals[i], &previous[i], nullptr);
    installed = false;
  }
  published_count.store(0);
  published.store(nullptr);
  slots.reset();
}

int create_temporary(const std::string& target, std::string& temp_path) {
  namespace fs = std::filesystem;
  fs::path path(target);
  fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  temp_path = (dir / temporary_name_pattern(path.filename().string(), static_cast<long>(getpid()))).string();
  if (temp_path.size() >= PATH_MAX) {
    errno = ENAMETOOLONG;
    return -1;
  }
  Slot* s = published.load();
  const std::size_t n = published_count.load();
  std::size_t free_slot = 0;
  while (free_slot < n && s[free_slot].live) ++free_slot;
  if (free_slot == n) {
    errno = EMFILE;  // more temporaries than prepare_temporaries was told of
    return -1;
  }
  // Between mkstemp and the registry entry a signal would leave the file.
  sigset_t block = handled_signals(), old;
  sigprocmask(SIG_BLOCK, &block, &old);
  int fd = mkstemp(temp_path.data());
  int saved = errno;
  if (fd >= 0) {
    std::memcpy(s[free_slot].path, temp_path.c_str(), temp_path.size() + 1);
    s[free_slot].live = 1;
  }
  sigprocmask(SIG_SETMASK, &old, nullptr);
  errno = saved;
  return fd;
}

void forget_temporary(const std::string& temp_path) {
  Slot* s = published.load();
  const std::size_t n = published_count.load();
  for (std::size_t i = 0; s && i < n; ++i)
    if (s[i].live && temp_path == s[i].path) s[i].live = 0;
}

void remove_temporary(const std::string& temp_path) {
  ::unlink(temp_path.c_str());
  forget_temporary(temp_path);
}

void remove_stale_temporaries(const std::string& directory) {
  DIR* dir = opendir(directory.c_str());
  if (!dir) return;
  const int dir_fd = dirfd(dir);
  while (const dirent* entry = readdir(dir)) {
    const long pid = pid_of_temporary(entry->d_name);
    if (pid <= 0 || pid == static_cast<long>(getpid())) continue;
    // EPERM means the process exists (another user's run): keep its file.
    if (kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
    struct stat st {};
    if (fstatat(dir_fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
      unlinkat(dir_fd, entry->d_name, 0);
  }
  closedir(dir);
}

}  // namespace cvpdf::app
