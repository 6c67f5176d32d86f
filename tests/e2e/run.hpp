// Running the cvpdf binary and the PDF tools from tests.
#pragma once
#include <map>
#include <string>

namespace cvpdf::test {

struct Result {
  int status = -1;  // exit status
  std::string out;  // standard output
  std::string err;  // standard error
};

// Runs `command` with /bin/sh; stdout and stderr are captured separately.
Result run(const std::string& command);

// A fresh empty directory under the system's temp dir, removed at exit.
std::string temp_dir();

std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& text);
bool exists(const std::string& path);

// A JPEG with `icc_profile` (under 64 KB) embedded as one APP2 ICC_PROFILE
// segment right after its SOI marker (ICC.1 annex B.4: chunk 1 of 1).
std::string jpeg_with_icc_profile(const std::string& jpeg, const std::string& icc_profile);

// Text of a PDF (pdftotext, reading order) with every run of white space
// folded to one space, so checks don't depend on where lines broke.
std::string pdf_text(const std::string& pdf, const std::string& extra_args = {});
// qpdf --qdf: the file uncompressed, for looking at objects.
std::string pdf_objects(const std::string& pdf);
// The objects of pdf_objects' output by number ("12"): the text between
// "12 0 obj" and its "endobj". Found by search, not std::regex, whose
// libstdc++ matcher recurses once per character and overflows the stack
// on a large object.
std::map<std::string, std::string> object_bodies(const std::string& objects);
// A link annotation's URI (its body one of object_bodies'): from its /A
// action, inline or an indirect object (the lines of one link share one);
// "" for none.
std::string link_action_uri(const std::map<std::string, std::string>& bodies, const std::string& annotation);

std::string cvpdf();  // the binary (CVPDF_TEST_BINARY, else the one built), quoted for the shell
// How many times slower the binary under test runs than the release build
// (CVPDF_CLI_TIMEOUT_SCALE, set by scripts/sanitize.sh; else 1): a test that
// needs a build to last a moment gives a slower binary less to do.
int binary_slowness();
std::string source(const std::string& relative);  // a path in the source tree

}  // namespace cvpdf::test
