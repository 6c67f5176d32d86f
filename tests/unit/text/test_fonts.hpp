// Shared by the text tests: a FontBook that finds the bundled fonts in the
// source tree, and the faces most tests need (real files, no mocks: bundled
// Lato, and Noto Sans CJK SC from the system through fontconfig).
#pragma once
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "text/font_lookup.hpp"

namespace cvpdf::text::testing {

inline std::string source_font_dir() { return std::string(CVPDF_SOURCE_DIR) + "/fonts"; }

inline FaceId require_face(FontBook& book, const FontRequest& request) {
  auto id = find_face(book, request);
  if (!id) throw std::runtime_error("font not found: " + request.family_or_path);
  return *id;
}

// Bundled Lato by path, so the tests never depend on a system-wide Lato.
inline FaceId lato(FontBook& book, const std::string& file = "Lato-Regular.ttf") {
  return require_face(book, {file, Weight::Regular, Slant::Upright, "en", ""});
}

inline FaceId noto_cjk_sc(FontBook& book, Weight weight = Weight::Regular) {
  return require_face(book, {"Noto Sans CJK SC", weight, Slant::Upright, "zh-Hans", ""});
}

class TextTest : public ::testing::Test {
 protected:
  TextTest() { book.set_bundled_font_dirs({source_font_dir()}); }
  FontBook book;
};

}  // namespace cvpdf::text::testing
