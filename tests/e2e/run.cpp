// Helpers for the end-to-end tests.
#include "run.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace cvpdf::test {

namespace fs = std::filesystem;

namespace {
struct TempRoot {
  std::string path;
  TempRoot() {
    std::string pattern = (fs::temp_directory_path() / "cvpdf-e2e-XXXXXX").string();
    path = mkdtemp(pattern.data()) ? pattern : "/tmp";
  }
  ~TempRoot() {
    std::error_code ec;
    if (path != "/tmp") fs::remove_all(path, ec);
  }
};
TempRoot& root() {
  static TempRoot r;
  return r;
}
int counter = 0;
}  // namespace

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

bool exists(const std::string& path) { return fs::exists(path); }

std::string jpeg_with_icc_profile(const std::string& jpeg, const std::string& icc_profile) {
  const std::size_t length = 2 + 14 + icc_profile.size();  // the length field, "ICC_PROFILE\0", 1, 1, the profile
  std::string segment = "\xFF\xE2";
  segment += static_cast<char>(length >> 8);
  segment += static_cast<char>(length & 0xFF);
  segment += std::string("ICC_PROFILE\0\x01\x01", 14);
  return jpeg.substr(0, 2) + segment + icc_profile + jpeg.substr(2);
}

std::string temp_dir() {
  std::string dir = root().path + "/t" + std::to_string(++counter);
  fs::create_directories(dir);
  return dir;
}

Result run(const std::string& command) {
  std::string err_file = root().path + "/stderr-" + std::to_string(++counter);
  std::string full = "(" + command + ") 2>" + err_file;
  Result r;
  FILE* p = popen(full.c_str(), "r");
  if (!p) return r;
  char buffer[65536];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, p)) > 0) r.out.append(buffer, n);
  int status = pclose(p);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = read_file(err_file);
  return r;
}

std::string pdf_text(const std::string& pdf, const std::string& extra_args) {
  Result r = run("pdftotext -enc UTF-8 " + extra_args + " '" + pdf + "' -");
  // A hyphen added at a line end is a soft hyphen (U+00AD) in the text:
  // rejoin the word as a reader's parser would.
  const std::string soft_hyphen = "\xC2\xAD";
  for (std::size_t at; (at = r.out.find(soft_hyphen)) != std::string::npos;) {
    std::size_t after = at + soft_hyphen.size();
    while (after < r.out.size() && (r.out[after] == '\n' || r.out[after] == ' ')) ++after;
    r.out.erase(at, after - at);
  }
  std::string folded;
  bool space = false;
  for (char c : r.out) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r') {
      space = true;
      continue;
    }
    if (space && !folded.empty()) folded += ' ';
    space = false;
    folded += c;
  }
  return folded;
}

std::string pdf_objects(const std::string& pdf) {
  return run("qpdf --qdf --object-streams=disable '" + pdf + "' -").out;
}

std::map<std::string, std::string> object_bodies(const std::string& objects) {
  std::map<std::string, std::string> bodies;
  std::size_t at = 0;
  while ((at = objects.find(" 0 obj", at)) != std::string::npos) {
    std::size_t start = at;
    while (start > 0 && objects[start - 1] >= '0' && objects[start - 1] <= '9') --start;
    const bool at_line_start = start == 0 || objects[start - 1] == '\n';
    const std::size_t body = at + 6;
    const std::size_t end = objects.find("\nendobj", body);
    if (end == std::string::npos) break;
    if (at_line_start && start < at) bodies[objects.substr(start, at - start)] = objects.substr(body, end - body);
    at = end;
  }
  return bodies;
}

std::string link_action_uri(const std::map<std::string, std::string>& bodies, const std::string& annotation) {
  static const std::regex kIndirect(R"(/A (\d+) 0 R)");
  static const std::regex kUri(R"(/URI \(([^)]*)\))");
  std::smatch match;
  const std::string* action = &annotation;
  if (std::regex_search(annotation, match, kIndirect)) {
    const auto it = bodies.find(match[1]);
    if (it == bodies.end()) return {};
    action = &it->second;
  }
  return std::regex_search(*action, match, kUri) ? std::string(match[1]) : std::string();
}

// CVPDF_TEST_BINARY runs the tests against another build (say, the last
// release's, to measure a property before and after a change).
int binary_slowness() {
  const char* scale = std::getenv("CVPDF_CLI_TIMEOUT_SCALE");
  const int factor = scale ? std::atoi(scale) : 1;
  return factor > 0 ? factor : 1;
}

std::string cvpdf() {
  const char* other = std::getenv("CVPDF_TEST_BINARY");
  return std::string("'") + (other && *other ? other : CVPDF_BINARY) + "'";
}
std::string source(const std::string& relative) { return std::string(CVPDF_SOURCE_DIR) + "/" + relative; }

}  // namespace cvpdf::test
