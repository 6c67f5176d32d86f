// Counting a test's work under callgrind (see work_count.hpp): the child
// process, its command line, and reading back callgrind's dumps.
#include "work_count.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <valgrind/callgrind.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#ifndef __has_feature
#define __has_feature(x) 0
#endif

namespace cvpdf::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kDirVariable = "CVPDF_WORK_DIR";

constexpr bool kSanitized =
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
    true;
#else
    false;
#endif

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The `totals:` line of a callgrind dump: the events collected, the first
// being instructions (Ir).
std::uint64_t totals(const fs::path& dump) {
  std::istringstream lines(read_file(dump));
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("totals:", 0) == 0) return std::strtoull(line.c_str() + 7, nullptr, 10);
  ADD_FAILURE() << "no totals in callgrind's dump " << dump;
  return 0;
}

}  // namespace

bool counting_work() { return RUNNING_ON_VALGRIND && std::getenv(kDirVariable) != nullptr; }

void count_work_in_child() {
  if (kSanitized) GTEST_SKIP() << "sanitizer builds cannot run under valgrind; the normal suite counts this work";
  if (std::getenv(kDirVariable)) {
    ADD_FAILURE() << kDirVariable << " is set but this process is not running under valgrind";
    return;
  }
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string name = std::string(test->test_suite_name()) + "." + test->name();
  std::string pattern = (fs::temp_directory_path() / "cvpdf-work-XXXXXX").string();
  if (!mkdtemp(pattern.data())) {
    ADD_FAILURE() << "cannot make a directory for callgrind's dumps";
    return;
  }
  const fs::path dir = pattern;
  const fs::path self = fs::read_symlink("/proc/self/exe");
  // Instrumentation off until instructions() turns it on: set-up runs at
  // nearly native speed. The child's own messages go to child.log.
  const std::string command = std::string(kDirVariable) + "=" + quote(dir.string()) +
                              " valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no" +
                              " --callgrind-out-file=" + quote((dir / "dump").string()) +
                              " --log-file=" + quote((dir / "valgrind.log").string()) + " " + quote(self.string()) +
                              " --gtest_filter=" + quote(name) + " --gtest_color=no > " +
                              quote((dir / "child.log").string()) + " 2>&1";
  const int raw = std::system(command.c_str());
  const int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  const std::string log = read_file(dir / "child.log");
  // The child's measurements ("work: ..." lines) belong in this test's output.
  std::istringstream lines(log);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("work:", 0) == 0) std::printf("  %s\n", line.c_str());
  if (status == 127) {
    ADD_FAILURE() << "valgrind is not installed (scripts/setup.sh installs it)";
  } else if (status != 0 || log.find("[  PASSED  ] 1 test.") == std::string::npos) {
    ADD_FAILURE() << name << " failed under callgrind (exit status " << status << "):\n"
                  << log << read_file(dir / "valgrind.log");
  }
  fs::remove_all(dir);
}

std::uint64_t instructions(const std::function<void()>& work) {
  if (!counting_work()) {
    ADD_FAILURE() << "instructions() counts only in the callgrind child (start the test with CVPDF_COUNT_WORK())";
    return 0;
  }
  static int dumps = 0;
  CALLGRIND_START_INSTRUMENTATION;
  CALLGRIND_ZERO_STATS;
  CALLGRIND_TOGGLE_COLLECT;
  work();
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT("work");
  CALLGRIND_STOP_INSTRUMENTATION;
  // callgrind numbers its dumps from 1 after the file name it was given.
  return totals(fs::path(std::getenv(kDirVariable)) / ("dump." + std::to_string(++dumps)));
}

}  // namespace cvpdf::testing
