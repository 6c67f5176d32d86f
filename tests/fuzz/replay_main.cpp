// The corpus replayer: a main() that runs a fuzz target's
// LLVMFuzzerTestOneInput over every file named on the command line (files,
// or directories read recursively), as fmt's test/fuzzing does. Built with
// any compiler and without libFuzzer, so ctest replays the committed corpus
// in the normal suite (and under ASan/UBSan in scripts/sanitize.sh).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    fs::path arg(argv[i]);
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      for (const auto& entry : fs::recursive_directory_iterator(arg))
        if (entry.is_regular_file()) files.push_back(entry.path());
    } else if (fs::is_regular_file(arg, ec)) {
      files.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
      return 2;
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE... (no inputs found)\n", argv[0]);
    return 2;
  }
  std::sort(files.begin(), files.end());  // a stable order, for reproducible failures
  for (const auto& path : files) {
    std::fprintf(stderr, "replay: %s\n", path.string().c_str());
    auto bytes = read_bytes(path);
    // An exact-size copy, so ASan catches a read one byte past the input.
    auto* data = new std::uint8_t[bytes.size() ? bytes.size() : 1];
    std::copy(bytes.begin(), bytes.end(), data);
    LLVMFuzzerTestOneInput(data, bytes.size());
    delete[] data;
  }
  std::fprintf(stderr, "replay: %zu input(s), no crash\n", files.size());
  return 0;
}
