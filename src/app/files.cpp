// Input reading.
#include "app/files.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/diagnostics.hpp"

namespace cvpdf::app {

namespace {

[[noreturn]] void io_error(const std::string& path, const std::string& what, const std::string& hint) {
  throw IoError({Severity::Error, SourceSpan{path, 0, 0}, what, hint});
}

std::string errno_text() { return std::strerror(errno); }

}  // namespace

std::string read_input(const std::string& path) {
  // Standard input is "<stdin>" in every message, as the résumé's own are.
  const std::string name = path == "-" ? "<stdin>" : path;
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
      throw FatalError({Severity::Error, SourceSpan{name, 0, 0},
                        "the input is larger than 10 MB; a résumé is a few kilobytes",
                        "check that this is the right file"});
    }
  }
  bool failed = std::ferror(f) != 0;
  if (f != stdin) std::fclose(f);
  if (failed) io_error(name, "read error: " + errno_text(), "");
  return data;
}

std::int64_t modification_time(const std::string& path) {
  struct stat st {};
  if (path == "-" || stat(path.c_str(), &st) != 0) return 0;
  return static_cast<std::int64_t>(st.st_mtime);
}

}  // namespace cvpdf::app
