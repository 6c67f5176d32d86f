// A tiny byte reader for the structured fuzz targets (what libFuzzer's
// FuzzedDataProvider does, but builds with g++ too): values come off the
// front of the input, decisions off the back, and a drained input reads 0.
#pragma once
#include <cstddef>
#include <cstdint>

namespace cvpdf::fuzz {

class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool empty() const { return size_ == 0; }
  std::size_t remaining() const { return size_; }

  std::uint8_t front() {
    if (size_ == 0) return 0;
    --size_;
    return *data_++;
  }
  std::uint32_t front32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(front()) << (8 * i);
    return v;
  }
  std::uint8_t back() {
    if (size_ == 0) return 0;
    --size_;
    return data_[size_];
  }
  // A value in [lo, hi] from the front.
  std::int64_t range(std::int64_t lo, std::int64_t hi) {
    const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
    return lo + static_cast<std::int64_t>(front32() % span);
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
};

}  // namespace cvpdf::fuzz
