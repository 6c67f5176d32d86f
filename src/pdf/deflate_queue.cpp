// The deflate queue (see deflate_queue.hpp): one worker thread, started on
// the first job, taking jobs in order; finish() takes the rest on the
// calling thread, so neither core waits while a job is left untaken.
#include "pdf/deflate_queue.hpp"

#include <utility>

#include "core/second_core.hpp"
#include "pdf/objects.hpp"

namespace cvpdf::pdf {

DeflateQueue::DeflateQueue(bool worker) : use_worker_(worker && use_second_core()) {}

DeflateQueue::~DeflateQueue() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  queued_.notify_all();
  if (worker_.joinable()) worker_.join();
}

std::size_t DeflateQueue::submit(std::string data, int level) {
  std::size_t index;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    index = jobs_.size();
    jobs_.push_back(Job{std::move(data), level, {}, nullptr, false});
  }
  if (!use_worker_) return index;
  if (!worker_.joinable()) {
    try {
      worker_ = std::thread([this] { work(); });
    } catch (const std::system_error&) {
      use_worker_ = false;  // no thread to be had: finish() deflates them all
      return index;
    }
  }
  queued_.notify_one();
  return index;
}

void DeflateQueue::run(std::unique_lock<std::mutex>& lock, std::size_t index) {
  Job& job = jobs_[index];
  lock.unlock();
  try {
    job.deflated = deflate(job.data, job.level);
  } catch (...) {
    job.error = std::current_exception();
  }
  std::string().swap(job.data);  // the raw bytes are not needed again
  lock.lock();
  job.done = true;
  ++done_;
  finished_.notify_all();
}

void DeflateQueue::work() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    queued_.wait(lock, [this] { return closing_ || next_ < jobs_.size(); });
    if (next_ < jobs_.size()) {
      run(lock, next_++);
      continue;
    }
    return;  // closing, nothing left
  }
}

std::vector<std::string> DeflateQueue::finish() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (next_ < jobs_.size()) run(lock, next_++);
  finished_.wait(lock, [this] { return done_ == jobs_.size(); });
  std::vector<std::string> out;
  out.reserve(jobs_.size());
  std::exception_ptr error;
  for (Job& job : jobs_) {
    if (job.error && !error) error = job.error;
    out.push_back(std::move(job.deflated));
  }
  jobs_.clear();
  next_ = done_ = 0;
  lock.unlock();
  if (error) std::rethrow_exception(error);
  return out;
}

}  // namespace cvpdf::pdf
