// Painting a document's pages on two cores (PagePainter, page_content.hpp):
// the helper paints pages in order a little ahead of the caller, who paints
// a page itself when the helper has not reached it. Every page lands in its
// own slot, so the result is the same whichever thread painted what.
#include <system_error>

#include "core/second_core.hpp"
#include "pdf/page_content.hpp"

namespace cvpdf::pdf {

PagePainter::PagePainter(const std::vector<frame::Page>& pages, const PageResources& resources)
    : pages_(pages), resources_(resources), painted_(pages.size()), errors_(pages.size()), done_(pages.size(), 0) {
  if (pages.size() < 2 || !use_second_core()) return;
  try {
    helper_ = std::thread([this] { help(); });
  } catch (const std::system_error&) {
    // No thread to be had: take() paints every page.
  }
}

PagePainter::~PagePainter() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  changed_.notify_all();
  if (helper_.joinable()) helper_.join();
}

void PagePainter::paint(std::size_t index) {
  try {
    painted_[index] = paint_page(pages_[index], resources_);
  } catch (...) {
    errors_[index] = std::current_exception();
  }
}

void PagePainter::help() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return closing_ || next_ >= pages_.size() || next_ < taken_ + kAhead; });
    if (closing_ || next_ >= pages_.size()) return;
    const std::size_t i = next_++;
    lock.unlock();
    paint(i);
    lock.lock();
    done_[i] = 1;
    changed_.notify_all();
  }
}

PaintedPage PagePainter::take(std::size_t index) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (next_ <= index) {
    // Not started: paint it here (the helper moves on past it).
    next_ = index + 1;
    lock.unlock();
    paint(index);
    lock.lock();
    done_[index] = 1;
  } else {
    changed_.wait(lock, [&] { return done_[index] != 0; });
  }
  taken_ = index + 1;
  lock.unlock();
  changed_.notify_all();
  if (errors_[index]) std::rethrow_exception(errors_[index]);
  return std::move(painted_[index]);
}

}  // namespace cvpdf::pdf
