// Deflating streams on the second core while this one goes on: the
// document's font programs and content streams are queued as they are
// made and deflated by a worker thread while the next font is subset and
// the next page painted; the object streams are deflated two at a time.
// A stream's deflated bytes depend on its data and level alone, so which
// thread deflates it never changes the file.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace cvpdf::pdf {

class DeflateQueue {
 public:
  // With `worker` false (or without a second core, core/second_core.hpp)
  // every job is deflated by finish().
  explicit DeflateQueue(bool worker = true);
  ~DeflateQueue();
  DeflateQueue(const DeflateQueue&) = delete;
  DeflateQueue& operator=(const DeflateQueue&) = delete;

  // Queues `data` to be deflated (pdf::deflate) at `level`; returns its
  // place in the order of submission. The worker starts on the first job.
  std::size_t submit(std::string data, int level);
  std::size_t size() const { return jobs_.size(); }

  // Deflates the jobs no thread has started (this one helping), waits for
  // the rest, and returns every job's bytes in the order submitted; the
  // queue is then empty. Rethrows the error of the first job that failed.
  std::vector<std::string> finish();

 private:
  struct Job {
    std::string data;
    int level = 0;
    std::string deflated;
    std::exception_ptr error;
    bool done = false;
  };
  // Deflates job `index` (taken under the lock) with the lock released.
  void run(std::unique_lock<std::mutex>& lock, std::size_t index);
  void work();

  bool use_worker_;
  std::mutex mutex_;
  std::condition_variable queued_;    // a job was queued, or closing_
  std::condition_variable finished_;  // a job was done
  std::deque<Job> jobs_;              // a deque: a running job's data stays put
  std::size_t next_ = 0;              // the first job no thread has taken
  std::size_t done_ = 0;
  bool closing_ = false;
  std::thread worker_;
};

}  // namespace cvpdf::pdf
