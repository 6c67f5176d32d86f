// The built-in layouts (layout/*.yaml), compiled into the binary by
// cmake/embed_layouts.cmake so cvpdf needs no installed data files.
#pragma once
#include <cstddef>
#include <string_view>
#include <vector>

namespace cvpdf::compose {

struct BuiltinLayout {
  std::string_view name;  // file name without .yaml
  const char* data;
  std::size_t size;
  std::string_view text() const { return {data, size}; }
};

const std::vector<BuiltinLayout>& builtin_layouts();

}  // namespace cvpdf::compose
