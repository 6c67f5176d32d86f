// The --watch loop on inotify. Editors save by writing a new file and
// renaming it over the old one, which ends a watch on the file itself, so
// the directories are watched and events filtered by name. A directory can
// go too (`rm -r cv && git checkout cv`): its parent is watched for its
// name as well, and a missing one's nearest existing ancestor for the name
// on the way down, so its return is a change like any other.
#include "app/watch.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

namespace cvpdf::app {

namespace {

namespace fs = std::filesystem;

volatile std::sig_atomic_t stop_requested = 0;
extern "C" void on_stop_signal(int) { stop_requested = 1; }

// Several events arrive for one save; wait until the files are quiet.
constexpr int kSettleMilliseconds = 80;
constexpr int kPollMilliseconds = 200;

}  // namespace

int watch_loop(const std::vector<std::string>& inputs, const std::function<std::vector<std::string>()>& build) {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  // The stop signals wait while a build runs and are taken only in ppoll:
  // a Ctrl-C then stops the watch after the outputs are written (exit 0),
  // instead of reaching the output writer's own handler, which removes its
  // temporaries and dies of the signal.
  sigset_t stops, waiting;
  sigemptyset(&stops);
  sigaddset(&stops, SIGINT);
  sigaddset(&stops, SIGTERM);
  sigaddset(&stops, SIGHUP);
  sigprocmask(SIG_BLOCK, &stops, &waiting);

  int fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
  if (fd < 0) {
    std::cerr << "cvpdf: error: cannot watch files: " << std::strerror(errno) << '\n';
    return 3;
  }
  std::map<int, fs::path> directories;  // watch descriptor → directory
  std::set<fs::path> files;              // the watched files
  std::set<fs::path> names;              // files, their directories and the path down to them

  // One mask for every watch: inotify_add_watch on a directory watched
  // already replaces its mask.
  constexpr std::uint32_t kMask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB;
  // Rewatching keeps the watches it still needs: inotify_add_watch on a
  // watched directory returns its descriptor again, so the events queued
  // while a build ran (a save during it) still match and start the next
  // build. Removing and adding every watch instead gave new descriptors and
  // lost them.
  auto rewatch = [&](const std::vector<std::string>& paths) {
    std::map<int, fs::path> wanted;
    auto watch_directory = [&](const fs::path& dir) {
      int wd = inotify_add_watch(fd, dir.c_str(), kMask | IN_ONLYDIR);
      if (wd >= 0) wanted[wd] = dir;
      return wd >= 0;
    };
    files.clear();
    names.clear();
    for (const auto& p : paths) {
      std::error_code ec;
      fs::path absolute = fs::weakly_canonical(fs::absolute(p, ec), ec);
      files.insert(absolute);
      names.insert(absolute);
      // Up from the file's directory: watch it and its parent; where it is
      // missing, the first ancestor that exists.
      fs::path dir = absolute.parent_path();
      while (!watch_directory(dir) && dir.has_relative_path()) {
        names.insert(dir);
        dir = dir.parent_path();
      }
      names.insert(dir);
      if (dir.has_relative_path()) watch_directory(dir.parent_path());
    }
    for (const auto& [wd, dir] : directories)
      if (!wanted.count(wd)) inotify_rm_watch(fd, wd);
    directories = std::move(wanted);
  };

  // The inputs' directories first: a save during the first build queues
  // its event, which rewatch keeps (see above) and the loop then reads.
  rewatch(inputs);
  rewatch(build());
  std::cerr << "watching " << files.size() << " file(s); Ctrl-C stops\n";
  char buffer[64 * 1024] __attribute__((aligned(__alignof__(struct inotify_event))));
  const timespec poll_interval{0, kPollMilliseconds * 1000000L};
  while (!stop_requested) {
    pollfd p{fd, POLLIN, 0};
    int ready = ppoll(&p, 1, &poll_interval, &waiting);
    if (ready <= 0) continue;
    bool changed = false;
    for (;;) {
      ssize_t n = read(fd, buffer, sizeof buffer);
      if (n <= 0) {
        if (changed) {
          // Let the burst of events of one save finish, then read it away.
          usleep(kSettleMilliseconds * 1000);
          while (read(fd, buffer, sizeof buffer) > 0) {
          }
        }
        break;
      }
      for (char* at = buffer; at < buffer + n;) {
        auto* event = reinterpret_cast<inotify_event*>(at);
        auto dir = directories.find(event->wd);
        if (dir != directories.end() && event->len > 0 && names.count(dir->second / event->name)) changed = true;
        at += sizeof(inotify_event) + event->len;
      }
    }
    if (changed && !stop_requested) rewatch(build());
  }
  close(fd);
  sigprocmask(SIG_SETMASK, &waiting, nullptr);
  std::cerr << "stopped watching\n";
  return 0;
}

}  // namespace cvpdf::app
