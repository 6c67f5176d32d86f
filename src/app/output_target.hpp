// Output targets: what each `-o`/`-M` path really is (a new file, a file to
// replace, one with hard links, a device, a FIFO, standard output), after
// following symbolic links; and the refusals made before anything is
// written: an output that is a file the run read, or two outputs that are
// the same file.
#pragma once
#include <sys/stat.h>

#include <string>
#include <vector>

#include "core/diagnostics.hpp"

namespace cvpdf::app {

// An output the command line forbids (exit status 2, like a usage error).
class OutputRefused : public FatalError {
 public:
  using FatalError::FatalError;
};

enum class WriteKind {
  Stdout,   // "-": file descriptor 1
  Direct,   // a character device or FIFO: opened and written, never replaced
  Socket,   // a Unix socket: connected to and written
  Replace,  // a regular file (or none yet): temporary beside it, then rename
  InPlace,  // a regular file with other hard links: rewritten in place
};

struct Target {
  std::string path;       // as given, for messages
  std::string file;       // where the bytes go: the symlink's final target for files
  WriteKind kind = WriteKind::Replace;
  bool exists = false;    // a file is there now (`existing` is its stat)
  struct stat existing {};
  std::string canonical;  // the absolute path without links, to compare outputs
  // Directories to make before writing, outermost first: the missing
  // parents of an output named by a template (the user guide), made by the write.
  std::vector<std::string> make_directories;
};

// Follows `path` (chains of symbolic links too; a dangling link gives the
// path it points to) and says how it is to be written. Throws IoError for a
// directory, a block device, a missing parent directory or a parent that is
// a file.
// With `make_parents` (an output named by a template) missing parent
// directories are not an error: the Target lists them to be made.
Target resolve_target(const std::string& path, bool make_parents = false);

// One output of the run and what it is ("the output of r.yaml (en)",
// "the depfile (-M)"), for messages.
struct OutputRequest {
  std::string path;
  std::string origin;
  bool make_parents = false;  // named by a template: missing parent directories are made
};

// Resolves every output and refuses (OutputRefused) one that is the same
// file as any file the run read (`read_files`; `read_stdin` when standard
// input was one) or as another output. IoError as resolve_target.
std::vector<Target> plan_targets(const std::vector<OutputRequest>& outputs, const std::vector<std::string>& read_files,
                                 bool read_stdin);

}  // namespace cvpdf::app
