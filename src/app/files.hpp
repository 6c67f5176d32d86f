// Files: reading inputs (with limits) and their modification times. Outputs
// are output_target.hpp (what a path is) and atomic_write.hpp (writing).
#pragma once
#include <cstdint>
#include <string>

namespace cvpdf::app {

inline constexpr std::size_t kMaxInputBytes = 10 * 1024 * 1024;

// Reads a whole file ("-" is standard input). Throws IoError naming the file.
std::string read_input(const std::string& path);

// The modification time of a file in seconds since the epoch (0 for "-").
std::int64_t modification_time(const std::string& path);

}  // namespace cvpdf::app
