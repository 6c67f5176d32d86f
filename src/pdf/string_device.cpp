// The string device (see string_device.hpp).
#include "pdf/string_device.hpp"

#include <cstdio>
#include <cstring>

namespace cvpdf::pdf {

using namespace PoDoFo;

void StringDevice::Print(const char* format, ...) {
  // Most of PoDoFo's prints are a constant token ("/" before every name,
  // "<<", "[", "/Type"): those need no formatting at all.
  if (!std::strchr(format, '%')) {
    bytes_.append(format);
    return;
  }
  char buffer[128];
  va_list args;
  va_start(args, format);
  const int n = std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  if (n < 0) PODOFO_RAISE_ERROR(ePdfError_InvalidDeviceOperation);
  if (static_cast<std::size_t>(n) < sizeof buffer) {
    bytes_.append(buffer, static_cast<std::size_t>(n));
    return;
  }
  va_start(args, format);
  PrintV(format, n, args);
  va_end(args);
}

void StringDevice::PrintV(const char* format, long length, va_list args) {
  const std::size_t at = bytes_.size();
  const std::size_t size = static_cast<std::size_t>(length);
  bytes_.resize(at + size + 1);  // vsnprintf's NUL, taken off again
  std::vsnprintf(bytes_.data() + at, size + 1, format, args);
  bytes_.resize(at + size);
}

std::size_t StringDevice::Read(char*, std::size_t) { PODOFO_RAISE_ERROR(ePdfError_NotImplemented); }

void StringDevice::Seek(std::size_t) { PODOFO_RAISE_ERROR(ePdfError_NotImplemented); }

}  // namespace cvpdf::pdf
