// Work, counted rather than timed: the instructions a piece of code
// executes, as valgrind's callgrind counts them. A count does not move when
// the machine is loaded (by ctest's other jobs, a parallel build, another
// user), so a test of complexity — N bytes against 2N — holds anywhere.
//
// A test that counts starts with CVPDF_COUNT_WORK(). In an ordinary run it
// runs this one test again, in a child of the test binary under
// `valgrind --tool=callgrind`, reports the child's result as its own and
// returns; in the child it falls through, and instructions() measures.
// Instrumentation is off outside instructions(), so a fixture's set-up
// (fonts, ICU) runs at nearly native speed even in the child.
//
// Sanitizer builds cannot run under valgrind: there the test is skipped,
// as its question (how the work grows) is the normal build's to answer.
#pragma once
#include <cstdint>
#include <functional>

namespace cvpdf::testing {

// True in the callgrind child, where instructions() counts.
bool counting_work();

// The ordinary run: runs the current test in a callgrind child and adds a
// failure (with the child's output) unless it passed; skips the test in a
// sanitizer build. The caller returns after it.
void count_work_in_child();

// The instructions `work` executed (user space, this thread and any it
// starts). Only in the callgrind child.
std::uint64_t instructions(const std::function<void()>& work);

}  // namespace cvpdf::testing

#define CVPDF_COUNT_WORK()                     \
  if (!::cvpdf::testing::counting_work()) {    \
    ::cvpdf::testing::count_work_in_child();   \
    return;                                    \
  }
