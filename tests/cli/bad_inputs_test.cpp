// Every bad input gets a clear error, the right exit status (the user guide: 1 the
// input is wrong, 2 usage, 3 I/O) and no output file; nothing crashes or
// hangs. Owns three kinds of case, each run against the real binary with a
// timeout:
// - bad/NAME.expect beside bad/NAME.yaml (or .json): line 1 is the exit
//   status, each further line a text stderr must contain ("file:line:col:
//   error: ..." where there is a position); `args: ...` adds arguments and
//   `#` starts a comment. Helper files (layouts, fonts, photos) live in
//   bad/'s subdirectories. Cases run in bad/, so messages name NAME.yaml.
// - inputs generated here because they are too big to commit (10 MB, 5 MB
//   scalars, 100000 entries, 100000 '[', photos of 21 and 300 MB).
// - atomic output: a failed run leaves no file, keeps an existing one, and
//   with --all a failure in one variant leaves no file of any variant.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kBadDir = CVPDF_BAD_DIR;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool is_pdf(const fs::path& path) { return read_file(path).rfind("%PDF-", 0) == 0; }

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Seconds a run may take; the sanitizer suite raises it (scripts/sanitize.sh).
int timeout_seconds(int base) {
  const char* scale = std::getenv("CVPDF_CLI_TIMEOUT_SCALE");
  int factor = scale ? std::atoi(scale) : 1;
  return base * (factor > 0 ? factor : 1);
}

struct Result {
  int status = -1;  // the exit status; 124 when the run timed out, 128+N on signal N
  std::string err;
};

// Runs cvpdf with `args` (already quoted) in `dir`, stdout discarded.
Result run_cvpdf(const std::string& args, const fs::path& dir, int seconds = 30,
                 const std::string& stdin_file = "/dev/null") {
  static int counter = 0;
  fs::path err_file = fs::temp_directory_path() / ("cvpdf-cli-bad-" + std::to_string(getpid()) + "-" +
                                                   std::to_string(++counter) + ".err");
  std::string command = "cd " + quote(dir.string()) + " && timeout -k 5 " + std::to_string(timeout_seconds(seconds)) +
                        " " + quote(CVPDF_BINARY) + " " + args + " >/dev/null 2>" + quote(err_file.string()) +
                        " <" + quote(stdin_file);
  int raw = std::system(command.c_str());
  Result r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.err = read_file(err_file);
  fs::remove(err_file);
  return r;
}

// A fresh empty directory for outputs, removed by the destructor.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "cvpdf-cli-bad-XXXXXX").string();
    path = mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::vector<std::string> listing() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(path)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }
};

// What every run must satisfy, whatever the case.
void expect_sane(const Result& r, int expected_status, const std::vector<std::string>& needles) {
  EXPECT_NE(r.status, 124) << "timed out\n" << r.err;
  EXPECT_EQ(r.status, expected_status) << r.err;
  for (const auto& needle : needles) EXPECT_NE(r.err.find(needle), std::string::npos) << "missing: " << needle << "\n" << r.err;
  for (const char* bad : {"internal error", "AddressSanitizer", "LeakSanitizer", "runtime error:", "terminate called"})
    EXPECT_EQ(r.err.find(bad), std::string::npos) << r.err;
  if (expected_status == 1 || expected_status == 3) {
    EXPECT_NE(r.err.find("error: "), std::string::npos) << "a failure must say why\n" << r.err;
  }
}

// ---- the cases in bad/ ----

struct Case {
  std::string name;   // NAME of NAME.expect
  std::string input;  // the input file, relative to bad/
  int status = 0;
  std::vector<std::string> needles;
  std::string args;
};

std::vector<Case> load_cases() {
  std::vector<Case> cases;
  for (const auto& entry : fs::directory_iterator(kBadDir)) {
    if (entry.path().extension() != ".expect") continue;
    Case c;
    c.name = entry.path().stem().string();
    for (const char* ext : {".yaml", ".json", ".yml"})
      if (fs::exists(kBadDir / (c.name + ext))) c.input = c.name + ext;
    std::istringstream lines(read_file(entry.path()));
    std::string line;
    bool first = true;
    while (std::getline(lines, line)) {
      if (line.empty() || line[0] == '#') continue;
      if (first) {
        c.status = std::atoi(line.c_str());
        first = false;
      } else if (line.rfind("args:", 0) == 0) {
        c.args += " " + line.substr(5);
      } else {
        c.needles.push_back(line);
      }
    }
    cases.push_back(c);
  }
  std::sort(cases.begin(), cases.end(), [](const Case& a, const Case& b) { return a.name < b.name; });
  return cases;
}

class BadInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadInput, ExitsWithItsStatusAndMessage) {
  const Case& c = GetParam();
  ASSERT_FALSE(c.input.empty()) << c.name << ".expect has no " << c.name << ".yaml or .json beside it";
  TempDir out;
  fs::path pdf = out.path / "cv.pdf";
  Result r = run_cvpdf(quote(c.input) + c.args + " -o " + quote(pdf.string()), kBadDir);
  expect_sane(r, c.status, c.needles);
  if (c.status == 0) {
    EXPECT_TRUE(is_pdf(pdf)) << "no PDF written";
  } else {
    EXPECT_TRUE(out.listing().empty()) << "a failed run left a file: " << out.listing().front();
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& param_info) {
  std::string name;
  for (char ch : param_info.param.name) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Cases, BadInput, ::testing::ValuesIn(load_cases()), case_name);

// Every top-level file of bad/ is a case (has its .expect) or is one.
TEST(BadInputCorpus, EveryInputHasItsExpectation) {
  for (const auto& entry : fs::directory_iterator(kBadDir)) {
    if (!entry.is_regular_file() || entry.path().extension() == ".expect") continue;
    if (entry.path().filename() == "README.md") continue;
    EXPECT_TRUE(fs::exists(kBadDir / (entry.path().stem().string() + ".expect")))
        << entry.path().filename() << " has no .expect";
  }
}

// ---- generated inputs ----

struct Generated : ::testing::Test {
  TempDir dir;
  Result run(const std::string& name, const std::string& text, int seconds = 30) {
    write_file(dir.path / name, text);
    return run_cvpdf(quote(name) + " -o cv.pdf", dir.path, seconds);
  }
  bool wrote_pdf() const { return fs::exists(dir.path / "cv.pdf"); }
};

const char* kPerson = "person:\n  name: Ada Example\n";

TEST_F(Generated, InputOverTenMegabytes) {
  std::string text = std::string(kPerson) + "# " + std::string(11u << 20, 'x') + "\n";
  Result r = run("huge.yaml", text);
  expect_sane(r, 1, {"huge.yaml", "error:", "10 MB"});
  EXPECT_FALSE(wrote_pdf());
}

TEST_F(Generated, InputOverTenMegabytesOnStandardInput) {
  write_file(dir.path / "huge.yaml", std::string(kPerson) + "# " + std::string(11u << 20, 'x') + "\n");
  Result r = run_cvpdf("- -o cv.pdf", dir.path, 30, (dir.path / "huge.yaml").string());
  // Standard input is <stdin> here as in every other message, never "-".
  expect_sane(r, 1, {"<stdin>: error:", "10 MB"});
  EXPECT_FALSE(wrote_pdf());
}

TEST_F(Generated, ScalarOfFiveMegabytes) {
  std::string text = std::string(kPerson) + "  summary: " + std::string(5u << 20, 'w') + "\n";
  Result r = run("long-scalar.yaml", text);
  expect_sane(r, 1, {"long-scalar.yaml:3:12: error:", "too long"});
  EXPECT_FALSE(wrote_pdf());
}

TEST_F(Generated, ScalarOfFiveMegabytesOfWords) {
  std::string words;
  while (words.size() < (5u << 20)) words += "word ";
  Result r = run("long-text.yaml", std::string(kPerson) + "  summary: " + words + "\n");
  expect_sane(r, 1, {"long-text.yaml:3:12: error:", "too long"});
}

TEST_F(Generated, DeepNesting) {
  Result r = run("deep.yaml", std::string(100000, '['));
  expect_sane(r, 1, {"deep.yaml:1:", "error:", "nested too deeply"});
  EXPECT_FALSE(wrote_pdf());
}

TEST_F(Generated, DeepBlockNesting) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += std::string(static_cast<std::size_t>(i), ' ') + "k:\n";
  Result r = run("deep-block.yaml", text);
  expect_sane(r, 1, {"deep-block.yaml:", "error:", "nested too deeply"});
}

// A photo over 20 MB is refused by its size before it is read: a real 21 MB
// file, and a sparse 300 MB one (which would take 300 MB to read).
TEST_F(Generated, PhotoOverTwentyMegabytes) {
  for (const auto& [name, size] : {std::pair<std::string, std::uintmax_t>{"big.jpg", 21u << 20}, {"sparse.jpg", 300u << 20}}) {
    std::string jpeg_start("\xFF\xD8\xFF\xE0", 4);
    if (name == "big.jpg") {
      write_file(dir.path / name, jpeg_start + std::string(static_cast<std::size_t>(size) - 4, '\0'));
    } else {
      write_file(dir.path / name, jpeg_start);
      fs::resize_file(dir.path / name, size);
    }
    Result r = run("r.yaml", std::string(kPerson) + "  photo: " + name + "\nsections: []\n");
    expect_sane(r, 1, {"r.yaml:3:10: error: the photo '" + name + "' is " + std::to_string(size >> 20) + " MB; a photo may be at most 20 MB",
                       "hint: scale it down"});
    EXPECT_FALSE(wrote_pdf());
  }
}

// 100000 entries are a valid (if absurd) résumé: it renders, in bounded time.
// The sanitizer suite, which looks for memory errors rather than time,
// sets CVPDF_GENERATED_ENTRIES lower (scripts/sanitize.sh).
TEST_F(Generated, HundredThousandEntries) {
  const char* asked = std::getenv("CVPDF_GENERATED_ENTRIES");
  const int entries = asked ? std::max(1, std::atoi(asked)) : 100000;
  std::string text = std::string(kPerson) + "sections:\n  - title: Work\n    entries:\n";
  for (int i = 0; i < entries; ++i) text += "      - org: Org " + std::to_string(i) + "\n";
  Result r = run("many.yaml", text, 120);
  expect_sane(r, 0, {});
  EXPECT_TRUE(is_pdf(dir.path / "cv.pdf"));
}

// ---- atomic output ----

const char* kGood = "person:\n  name: Ada Example\nsections:\n  - title: Work\n    text: Did things.\n";
const char* kBad = "person:\n  name: [Ada\n";

TEST(AtomicOutput, MissingOutputDirectoryIsAnIoError) {
  TempDir dir;
  write_file(dir.path / "r.yaml", kGood);
  Result r = run_cvpdf("r.yaml -o no/such/dir/cv.pdf", dir.path);
  expect_sane(r, 3, {"no/such/dir/cv.pdf", "error:", "does not exist"});
  EXPECT_EQ(dir.listing(), std::vector<std::string>{"r.yaml"});
}

// CI runs as root, so permissions cannot make a directory unwritable: a
// regular file used as a directory can.
TEST(AtomicOutput, FileAsADirectoryIsAnIoError) {
  TempDir dir;
  write_file(dir.path / "r.yaml", kGood);
  write_file(dir.path / "plain.txt", "not a directory");
  Result r = run_cvpdf("r.yaml -o plain.txt/cv.pdf", dir.path);
  expect_sane(r, 3, {"plain.txt/cv.pdf: error: plain.txt is a file, not a directory"});
  EXPECT_EQ(read_file(dir.path / "plain.txt"), "not a directory");
  EXPECT_EQ(dir.listing(), (std::vector<std::string>{"plain.txt", "r.yaml"}));
}

TEST(AtomicOutput, OutputThatIsADirectoryIsAnIoError) {
  TempDir dir;
  write_file(dir.path / "r.yaml", kGood);
  fs::create_directory(dir.path / "cv.pdf");
  Result r = run_cvpdf("r.yaml -o cv.pdf", dir.path);
  expect_sane(r, 3, {"cv.pdf", "error:", "directory"});
  EXPECT_TRUE(fs::is_directory(dir.path / "cv.pdf"));
}

TEST(AtomicOutput, InputThatIsADirectoryIsAnIoError) {
  TempDir dir;
  fs::create_directory(dir.path / "resume.yaml");
  Result r = run_cvpdf("resume.yaml -o cv.pdf", dir.path);
  expect_sane(r, 3, {"resume.yaml", "error:", "directory"});
  EXPECT_FALSE(fs::exists(dir.path / "cv.pdf"));
}

TEST(AtomicOutput, FailedRunKeepsTheExistingFileAndLeavesNoTemporary) {
  TempDir dir;
  write_file(dir.path / "cv.pdf", "the previous PDF");
  write_file(dir.path / "r.yaml", kBad);
  Result r = run_cvpdf("r.yaml -o cv.pdf", dir.path);
  expect_sane(r, 1, {"r.yaml:", "error:"});
  EXPECT_EQ(read_file(dir.path / "cv.pdf"), "the previous PDF");
  EXPECT_EQ(dir.listing(), (std::vector<std::string>{"cv.pdf", "r.yaml"}));
}

// With --all, every variant is made before any is written: a damaged
// Japanese font (named only by fonts.cjk-ja) fails the ja variant, and the
// en variant, which composes fine, must not be written either.
TEST(AtomicOutput, AllVariantsOrNone) {
  TempDir dir;
  fs::copy_file(kBadDir / "fonts" / "corrupt.ttf", dir.path / "corrupt.ttf");
  write_file(dir.path / "ja-layout.yaml", "fonts:\n  cjk-ja: [./corrupt.ttf]\n");
  write_file(dir.path / "r.yaml",
             "languages: [en, ja]\nlayout: ja-layout.yaml\nperson:\n  name: {en: Ada Example, ja: エイダ}\n"
             "sections:\n  - title: Work\n    text: Did things.\n");
  write_file(dir.path / "cv-en.pdf", "the previous en PDF");
  Result r = run_cvpdf("r.yaml --all -o 'cv-{lang}.pdf'", dir.path);
  expect_sane(r, 1, {"ja-layout.yaml:2:11: error:", "corrupt.ttf", "not a font"});
  EXPECT_TRUE(read_file(dir.path / "cv-en.pdf") == "the previous en PDF") << "cv-en.pdf was replaced";
  EXPECT_FALSE(fs::exists(dir.path / "cv-ja.pdf"));
  EXPECT_EQ(dir.listing(), (std::vector<std::string>{"corrupt.ttf", "cv-en.pdf", "ja-layout.yaml", "r.yaml"}));

  // The same résumé with a sound layout writes both.
  write_file(dir.path / "ja-layout.yaml", "fonts:\n  cjk-ja: [Noto Sans CJK JP]\n");
  Result ok = run_cvpdf("r.yaml --all -o 'cv-{lang}.pdf'", dir.path);
  expect_sane(ok, 0, {});
  EXPECT_TRUE(is_pdf(dir.path / "cv-en.pdf"));
  EXPECT_TRUE(is_pdf(dir.path / "cv-ja.pdf"));
}

// An output path that cannot be written for one variant (its directory is
// missing) is found before any variant is written.
TEST(AtomicOutput, AllVariantsOrNoneWhenOneOutputCannotBeWritten) {
  TempDir dir;
  fs::create_directory(dir.path / "en");
  // zh/ is a file: the missing directory a template names would be made
  // (the user guide), but not over a file.
  write_file(dir.path / "zh", "not a directory");
  write_file(dir.path / "r.yaml",
             "languages: [en, zh]\nperson:\n  name: {en: Ada Example, zh: 艾达}\nsections: []\n");
  Result r = run_cvpdf("r.yaml --all -o '{lang}/cv.pdf'", dir.path);
  expect_sane(r, 3, {"zh/cv.pdf: error: zh is a file, not a directory"});
  EXPECT_TRUE(fs::is_empty(dir.path / "en")) << "en/cv.pdf was written although zh failed";
}

}  // namespace
