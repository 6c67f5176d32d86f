// Resolving output paths and refusing unsafe ones (see output_target.hpp).
#include "app/output_target.hpp"

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>

namespace cvpdf::app {

namespace {

namespace fs = std::filesystem;

constexpr int kMaxLinks = 40;  // as the kernel's own limit (ELOOP)

[[noreturn]] void io_error(const std::string& path, const std::string& what, const std::string& hint = {}) {
  throw IoError({Severity::Error, SourceSpan{path, 0, 0}, what, hint});
}

[[noreturn]] void refuse(const std::string& path, const std::string& what, const std::string& hint) {
  throw OutputRefused({Severity::Error, SourceSpan{path, 0, 0}, what, hint});
}

std::string parent_of(const std::string& file) {
  fs::path p(file);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

std::optional<std::string> real_path(const std::string& path) {
  char buffer[PATH_MAX];
  if (!::realpath(path.c_str(), buffer)) return std::nullopt;
  return std::string(buffer);
}

// The directory a new file goes in must be there (the user guide: a missing one is an
// I/O error naming it).
void check_parent(const std::string& path, const std::string& file) {
  const std::string dir = parent_of(file);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    if (errno == ENOTDIR) io_error(path, "a part of " + dir + " is a file, not a directory", "choose another output path");
    if (errno == ENOENT) io_error(path, "the directory " + dir + " does not exist", "create it first");
    io_error(path, "cannot use the directory " + dir + ": " + std::strerror(errno));
  }
  if (!S_ISDIR(st.st_mode)) io_error(path, dir + " is a file, not a directory", "choose another output path");
}

// Where a dangling chain of links ends: the path a write creates.
std::string end_of_links(const std::string& path) {
  std::string current = path;
  for (int hop = 0; hop < kMaxLinks; ++hop) {
    struct stat st {};
    if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return current;
    std::string link(static_cast<std::size_t>(PATH_MAX), '\0');
    ssize_t n = ::readlink(current.c_str(), link.data(), link.size());
    if (n < 0) io_error(path, std::string("cannot read the symbolic link: ") + std::strerror(errno));
    link.resize(static_cast<std::size_t>(n));
    current = fs::path(link).is_absolute() ? link : (fs::path(parent_of(current)) / link).string();
  }
  io_error(path, "too many levels of symbolic links", "check where the link points");
}

}  // namespace

// The missing directories above `file`, outermost first, up to the first
// that exists (which must be a directory).
std::vector<std::string> missing_parents(const std::string& path, const std::string& file) {
  std::vector<std::string> missing;
  std::string dir = parent_of(file);
  for (int depth = 0; depth < PATH_MAX; ++depth) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0) {
      if (!S_ISDIR(st.st_mode)) io_error(path, dir + " is a file, not a directory", "choose another output path");
      break;
    }
    if (errno != ENOENT) check_parent(path, fs::path(dir).append("x").string());
    missing.push_back(dir);
    const std::string up = parent_of(dir);
    if (up == dir) break;
    dir = up;
  }
  std::reverse(missing.begin(), missing.end());
  return missing;
}

Target resolve_target(const std::string& path, bool make_parents) {
  Target t;
  t.path = path;
  t.file = path;
  if (path == "-") {
    t.kind = WriteKind::Stdout;
    return t;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ELOOP) io_error(path, "too many levels of symbolic links", "check where the link points");
    if (errno == ENAMETOOLONG) io_error(path, "the file name is too long", "choose a shorter output name");
    if (errno == ENOTDIR) {
      check_parent(path, path);  // names the component that is a file
      io_error(path, "a part of the path is a file, not a directory", "choose another output path");
    }
    if (errno != ENOENT) io_error(path, std::string("cannot write: ") + std::strerror(errno));
    // Nothing there yet, or a dangling link: write where the link points.
    t.file = end_of_links(path);
    if (make_parents) t.make_directories = missing_parents(path, t.file);
    if (t.make_directories.empty()) {
      check_parent(path, t.file);
      auto dir = real_path(parent_of(t.file));
      t.canonical = (fs::path(dir ? *dir : parent_of(t.file)) / fs::path(t.file).filename()).string();
    } else {
      // Below the first directory that exists, the path is as written.
      const std::string base = parent_of(t.make_directories.front());
      auto dir = real_path(base);
      t.canonical = (fs::path(dir ? *dir : base) /
                     fs::path(t.file).lexically_normal().lexically_relative(fs::path(base).lexically_normal()))
                        .string();
    }
    return t;
  }
  t.exists = true;
  t.existing = st;
  if (S_ISDIR(st.st_mode)) io_error(path, "is a directory", "give a file name, e.g. -o cv.pdf");
  if (S_ISBLK(st.st_mode))
    io_error(path, "is a block device; cvpdf writes files, FIFOs and character devices", "choose a file name");
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
    t.kind = WriteKind::Direct;
    return t;
  }
  if (S_ISSOCK(st.st_mode)) {
    t.kind = WriteKind::Socket;
    return t;
  }
  auto resolved = real_path(path);
  if (!resolved) io_error(path, std::string("cannot resolve the path: ") + std::strerror(errno));
  t.file = *resolved;
  t.canonical = *resolved;
  t.kind = st.st_nlink > 1 ? WriteKind::InPlace : WriteKind::Replace;
  return t;
}

std::vector<Target> plan_targets(const std::vector<OutputRequest>& outputs, const std::vector<std::string>& read_files,
                                 bool read_stdin) {
  std::vector<Target> targets;
  for (const auto& out : outputs) targets.push_back(resolve_target(out.path, out.make_parents));

  // What the run read, by identity: stat follows links, so a symlink or a
  // hard link to an input or a different spelling of its path all match.
  std::map<std::pair<dev_t, ino_t>, std::string> read;
  for (const auto& f : read_files) {
    struct stat st {};
    if (::stat(f.c_str(), &st) == 0) read.emplace(std::make_pair(st.st_dev, st.st_ino), f);
  }
  struct stat in {};
  if (read_stdin && ::fstat(0, &in) == 0 && S_ISREG(in.st_mode))
    read.emplace(std::make_pair(in.st_dev, in.st_ino), "<stdin>");

  std::map<std::pair<dev_t, ino_t>, std::size_t> by_id;
  std::map<std::string, std::size_t> by_path;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const Target& t = targets[i];
    // Devices, FIFOs and standard output are written, not replaced: two
    // outputs to /dev/null or an input read from a FIFO destroy nothing.
    if (t.kind != WriteKind::Replace && t.kind != WriteKind::InPlace) continue;
    const auto collide = [&](std::size_t j) {
      const std::string spellings = outputs[j].path == t.path ? "" : " (" + outputs[j].path + " and " + t.path + ")";
      refuse(t.path, outputs[j].origin + " and " + outputs[i].origin + " would both be this file" + spellings,
             "give each output its own name, e.g. -o 'out/{name}-{lang}.pdf' with résumés of different names");
    };
    if (t.exists) {
      auto id = std::make_pair(t.existing.st_dev, t.existing.st_ino);
      if (auto r = read.find(id); r != read.end()) {
        refuse(t.path,
               outputs[i].origin + " is the same file as " + r->second +
                   ", which this run reads; writing it would destroy it",
               "choose another output name, e.g. -o cv.pdf");
      }
      if (auto j = by_id.find(id); j != by_id.end()) collide(j->second);
      by_id.emplace(id, i);
    }
    if (auto j = by_path.find(t.canonical); j != by_path.end()) collide(j->second);
    by_path.emplace(t.canonical, i);
  }
  return targets;
}

}  // namespace cvpdf::app
