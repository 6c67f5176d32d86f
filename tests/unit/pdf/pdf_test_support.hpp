// Shared by the PDF tests: real fonts (bundled Lato, system Noto Sans CJK
// SC), frames built by hand from nominal glyphs (no shaper needed), a
// scratch directory, and running the real PDF tools (qpdf, poppler-utils).
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "core/utf8.hpp"
#include "frame/frame.hpp"
#include "text/font_book.hpp"

namespace cvpdf::pdf::testing {

inline const std::string kLatoPath = std::string(CVPDF_SOURCE_DIR) + "/fonts/Lato-Regular.ttf";
inline const std::string kNotoCjkPath = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
inline constexpr unsigned kNotoCjkScIndex = 2;

struct CommandResult {
  int status = -1;
  std::string output;  // stdout and stderr
};

inline CommandResult run_command(const std::string& command) {
  CommandResult result;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return result;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) result.output.append(buffer, n);
  const int status = pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

inline std::string quote(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A per-process scratch directory, removed at the end unless
// CVPDF_KEEP_TEST_OUTPUT is set (then its path is printed, to look at).
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name) {
    path_ = std::filesystem::temp_directory_path() / ("cvpdf-" + name + "-" + std::to_string(getpid()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    if (std::getenv("CVPDF_KEEP_TEST_OUTPUT")) {
      std::printf("test output kept in %s\n", path_.c_str());
      return;
    }
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

// Objects written in the open (the offsets qpdf --show-xref gives) that
// break PDF/A-2's 6.1.9: "N 0 obj" and "endobj" each followed by an end of
// line. One line per object that does, empty when none does; "no objects"
// when qpdf lists none.
inline std::string objects_without_end_of_line(const std::filesystem::path& path) {
  const std::string pdf = read_file(path);
  const CommandResult xref = run_command("qpdf --show-xref " + quote(path));
  std::map<std::size_t, std::string> at;  // offset → object number
  const std::regex row(R"((\d+)/0: uncompressed; offset = (\d+))");
  for (std::sregex_iterator it(xref.output.begin(), xref.output.end(), row), end; it != end; ++it)
    at[std::stoul((*it)[2])] = (*it)[1];
  if (at.empty()) return "no objects";
  std::string problems;
  for (auto it = at.begin(); it != at.end(); ++it) {
    const std::string head = it->second + " 0 obj\n";
    const std::size_t next = std::next(it) == at.end() ? pdf.rfind("startxref\n") : std::next(it)->first;
    if (pdf.compare(it->first, head.size(), head) != 0) problems += "object " + it->second + ": no end of line after obj\n";
    if (next < 7 || pdf.compare(next - 7, 7, "endobj\n") != 0) problems += "object " + it->second + ": no end of line after endobj\n";
  }
  return problems;
}

// Appends one glyph with its font advance at `run.size`.
inline void add_glyph(const text::Face& face, frame::GlyphRun& run, std::uint32_t glyph, std::string text,
                      Scaled extra = 0) {
  run.glyphs.push_back({glyph, face.scale(face.advance(glyph), run.size) + extra, 0, 0, std::move(text)});
}

// A run of nominal glyphs, one per character, each carrying its character.
inline frame::GlyphRun make_run(const text::Face& face, std::string_view utf8_text, Scaled size, Scaled x, Scaled y,
                                frame::Color color = {}) {
  frame::GlyphRun run;
  run.face = face.id;
  run.size = size;
  run.x = x;
  run.y = y;
  run.color = color;
  std::size_t pos = 0;
  while (pos < utf8_text.size()) {
    const char32_t cp = utf8::decode(utf8_text, pos);
    add_glyph(face, run, face.glyph_for(cp), utf8::encode(cp));
  }
  return run;
}

// A one-page document holding make_run(face, text) on a 300 × 100 pt page.
inline frame::Document one_run(const text::Face& face, std::string_view text) {
  frame::Document doc;
  frame::Page page;
  page.width = pt(300);
  page.height = pt(100);
  page.elements.push_back(make_run(face, text, pt(20), pt(20), pt(50)));
  doc.pages.push_back(page);
  return doc;
}

}  // namespace cvpdf::pdf::testing
