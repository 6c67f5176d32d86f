// Files: reading inputs (with limits) and writing outputs atomically — a
// temporary file in the target's directory, flushed, then renamed, so a
// failed run never leaves a partial file and an existing one is kept.
#pragma once
#include <cstdint>
#include <string>

namespace cvpdf::app {

inline constexpr std::size_t kMaxInputBytes = 10 * 1024 * 1024;

// Reads a whole file ("-" is standard input). Throws IoError naming the file.
std::string read_input(const std::string& path);

// The modification time of a file in seconds since the epoch (0 for "-").
std::int64_t modification_time(const std::string& path);

// Throws IoError when `path` cannot be an output file: it is a directory, or
// its directory is missing or a file. Checked for every output before any is
// written, so one bad path among several leaves no file behind.
void check_output_path(const std::string& path);

// Writes bytes to path ("-" is standard output) atomically. Throws IoError.
void write_output(const std::string& path, const std::string& bytes);

}  // namespace cvpdf::app
