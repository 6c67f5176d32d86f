// Input reading and atomic output.
#include "app/files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "core/diagnostics.hpp"

namespace cvpdf::app {

namespace {

[[noreturn]] void io_error(const std::string& path, const std::string& what, const std::string& hint) {
  throw IoError({Severity::Error, SourceSpan{path, 0, 0}, what, hint});
}

std::string errno_text() { return std::strerror(errno); }

}  // namespace

std::string read_input(const std::string& path) {
  std::string data;
  FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) io_error(path, "cannot open: " + errno_text(), "check the file name and its permissions");
  struct stat st {};
  if (path != "-" && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::fclose(f);
    io_error(path, "is a directory, not a résumé file", "give the path of a .yaml or .json file");
  }
  char buffer[65536];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) {
    data.append(buffer, n);
    if (data.size() > kMaxInputBytes) {
      if (f != stdin) std::fclose(f);
      throw FatalError({Severity::Error, SourceSpan{path, 0, 0},
                        "the file is larger than 10 MB; a résumé is a few kilobytes",
                        "check that this is the right file"});
    }
  }
  bool failed = std::ferror(f) != 0;
  if (f != stdin) std::fclose(f);
  if (failed) io_error(path, "read error: " + errno_text(), "");
  return data;
}

std::int64_t modification_time(const std::string& path) {
  struct stat st {};
  if (path == "-" || stat(path.c_str(), &st) != 0) return 0;
  return static_cast<std::int64_t>(st.st_mtime);
}

void check_output_path(const std::string& path) {
  if (path == "-") return;
  namespace fs = std::filesystem;
  fs::path target(path);
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::error_code ec;
  if (fs::is_directory(target, ec)) io_error(path, "is a directory", "give a file name, e.g. -o cv.pdf");
  if (!fs::is_directory(dir, ec)) {
    if (fs::exists(dir, ec)) io_error(path, dir.string() + " is a file, not a directory", "choose another output path");
    io_error(path, "the directory " + dir.string() + " does not exist", "create it first");
  }
}

void write_output(const std::string& path, const std::string& bytes) {
  if (path == "-") {
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    std::cout.flush();
    if (!std::cout) io_error("<stdout>", "cannot write to standard output", "");
    return;
  }
  namespace fs = std::filesystem;
  check_output_path(path);
  fs::path target(path);
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string temp = (dir / ("." + target.filename().string() + ".XXXXXX")).string();
  int fd = mkstemp(temp.data());
  if (fd < 0) io_error(path, "cannot write: " + errno_text(), "check that the directory is writable");
  // mkstemp creates 0600; give the file the permissions a new file would have.
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  std::size_t written = 0;
  while (written < bytes.size()) {
    ssize_t w = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (w < 0) {
      if (errno == EINTR) continue;
      std::string why = errno_text();
      ::close(fd);
      ::unlink(temp.c_str());
      io_error(path, "cannot write: " + why, "is the disk full?");
    }
    written += static_cast<std::size_t>(w);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    std::string why = errno_text();
    ::unlink(temp.c_str());
    io_error(path, "cannot write: " + why, "");
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::string why = errno_text();
    ::unlink(temp.c_str());
    io_error(path, "cannot replace the file: " + why, "check the permissions of " + dir.string());
  }
}

}  // namespace cvpdf::app
