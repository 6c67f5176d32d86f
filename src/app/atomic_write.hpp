// Writing all the outputs of a run as one transaction: every file is first
// written to a temporary beside its target and fsynced, devices and FIFOs
// are written, and only then are the temporaries renamed over their
// targets. A failure before the renames removes every temporary and leaves
// every old output as it was (the user guide: several outputs are all-or-nothing).
#pragma once
#include <string>
#include <vector>

#include "app/output_bytes.hpp"
#include "app/output_target.hpp"

namespace cvpdf::app {

struct PlannedWrite {
  Target target;
  const OutputBytes* bytes = nullptr;
};

// Throws IoError naming the output that failed (exit status 3).
void write_all(const std::vector<PlannedWrite>& writes);

}  // namespace cvpdf::app
