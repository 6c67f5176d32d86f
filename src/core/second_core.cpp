// See second_core.hpp.
#include "core/second_core.hpp"

#include <cstdlib>
#include <cstring>
#include <thread>

namespace cvpdf {

bool use_second_core() {
  static const bool allowed = [] {
    const char* threads = std::getenv("CVPDF_THREADS");
    if (threads && std::strcmp(threads, "1") == 0) return false;
    return std::thread::hardware_concurrency() > 1;
  }();
  return allowed;
}

}  // namespace cvpdf
