// End to end: output safety (the user guide: outputs are safe; issue 9).
// An output never destroys a file the run reads, never replaces a device,
// FIFO or symlink, keeps modes, owners and hard links, is all-or-nothing
// across --all, -M and batches, leaves no temporary after a signal or a
// full disk, and the depfile is one GNU make reads as meant. Every cvpdf
// runs under `timeout` (or a watchdog that kills it), so a regression that
// hangs fails instead of stalling the suite.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "run.hpp"

namespace cvpdf::test {
namespace {

namespace fs = std::filesystem;

const char* kSimple = "person: {name: Ada Example}\nsections:\n  - title: Work\n    text: Did things.\n";
const char* kBilingual =
    "languages: [en, zh]\nperson:\n  name: {en: Ada Example, zh: 艾达}\nsections:\n"
    "  - title: {en: Work, zh: 工作}\n    text: {en: Did things., zh: 做事。}\n";

std::string q(const std::string& s) { return "'" + s + "'"; }

// cvpdf with `args` in `dir`, killed after 60 s.
Result cv(const std::string& dir, const std::string& args) {
  return run("cd " + q(dir) + " && SOURCE_DATE_EPOCH=1 timeout -k 5 300 " + cvpdf() + " " + args);
}

bool is_pdf(const std::string& path) { return read_file(path).rfind("%PDF-", 0) == 0; }

struct stat stat_of(const std::string& path) {
  struct stat st {};
  ::lstat(path.c_str(), &st);
  return st;
}

// The names in `dir` that are temporaries of ours.
std::vector<std::string> temporaries(const std::string& dir) {
  std::vector<std::string> found;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().find(".cvpdf-") != std::string::npos ||
        e.path().filename().string().find(".pdf.") != std::string::npos)
      found.push_back(e.path().filename().string());
  return found;
}

std::string simple_dir() {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kSimple);
  return dir;
}

// ---- item 5: the output template ----

TEST(OutputTemplate, ValueHoldingItsOwnKeyIsCopiedOnce) {
  std::string dir = temp_dir();
  write_file(dir + "/{name}.yaml", kSimple);
  Result r = cv(dir, "'{name}.yaml' -o '{name}.pdf'");
  ASSERT_EQ(r.status, 0) << "hung or failed: " << r.err;
  EXPECT_TRUE(is_pdf(dir + "/{name}.pdf"));
  write_file(dir + "/{lang}x.yaml", kSimple);
  Result lang = cv(dir, "'{lang}x.yaml' -o 'out-{name}-{lang}.pdf'");
  ASSERT_EQ(lang.status, 0) << lang.err;
  EXPECT_TRUE(is_pdf(dir + "/out-{lang}x-en.pdf"));
}

// ---- item 7: an output that is a file the run reads ----

void expect_refused(const std::string& dir, const std::string& args, const std::string& victim,
                    const std::vector<std::string>& needles) {
  const std::string before = read_file(dir + "/" + victim);
  Result r = cv(dir, args);
  EXPECT_EQ(r.status, 2) << args << ": " << r.err;
  EXPECT_NE(r.err.find("is the same file as"), std::string::npos) << args << ": " << r.err;
  for (const auto& n : needles) EXPECT_NE(r.err.find(n), std::string::npos) << args << ": " << n << " in " << r.err;
  EXPECT_EQ(read_file(dir + "/" + victim), before) << args << " changed " << victim;
  EXPECT_TRUE(temporaries(dir).empty()) << args;
}

TEST(SameFile, InputAsOutputInEverySpelling) {
  std::string dir = simple_dir();
  fs::create_directory(dir + "/sub");
  fs::create_symlink("r.yaml", dir + "/link.pdf");
  fs::create_hard_link(dir + "/r.yaml", dir + "/hard.pdf");
  const std::string base = fs::path(dir).filename().string();
  // --format pdf: a name ending in .yaml is otherwise refused for its
  // extension before it is compared with the inputs.
  for (const std::string& out : std::vector<std::string>{"r.yaml", "./r.yaml", "sub/../r.yaml",
                                 "../" + base + "/r.yaml", "link.pdf", "hard.pdf"}) {
    expect_refused(dir, "r.yaml --format pdf -o " + q(out), "r.yaml", {out + ": error:", "r.yaml"});
  }
  expect_refused(dir, "r.yaml -o cv.pdf -M r.yaml", "r.yaml", {"the depfile", "r.yaml"});
  expect_refused(dir, "r.yaml -o cv.pdf -M link.pdf", "r.yaml", {"the depfile"});
  EXPECT_TRUE(fs::is_symlink(dir + "/link.pdf"));
  EXPECT_FALSE(exists(dir + "/cv.pdf")) << "nothing is written when one output is refused";
  // Standard input that is a file is read too.
  Result in = run("cd " + q(dir) + " && timeout 300 " + cvpdf() + " - --format pdf -o r.yaml < r.yaml");
  EXPECT_EQ(in.status, 2) << in.err;
  EXPECT_NE(in.err.find("is the same file as <stdin>"), std::string::npos) << in.err;
  EXPECT_EQ(read_file(dir + "/r.yaml"), kSimple);
}

TEST(SameFile, LayoutPhotoAndFontAsOutput) {
  std::string dir = temp_dir();
  fs::copy_file(source("fonts/Lato-Regular.ttf"), dir + "/Lato-Regular.ttf");
  write_file(dir + "/layout.yaml", "fonts:\n  latin: [./Lato-Regular.ttf]\n");
  write_file(dir + "/seed.yaml", kSimple);
  ASSERT_EQ(cv(dir, "seed.yaml -o seed.pdf").status, 0);
  ASSERT_EQ(run("cd " + q(dir) + " && timeout 120 pdftoppm -r 10 -jpeg -singlefile seed.pdf photo").status, 0);
  write_file(dir + "/r.yaml", "layout: layout.yaml\nperson:\n  name: Ada Example\n  photo: photo.jpg\nsections: []\n");
  fs::create_symlink("layout.yaml", dir + "/layout.pdf");
  fs::create_symlink("photo.jpg", dir + "/photo.pdf");
  fs::create_symlink("Lato-Regular.ttf", dir + "/font.pdf");
  expect_refused(dir, "r.yaml --format pdf -o layout.yaml", "layout.yaml", {"layout.yaml"});
  expect_refused(dir, "r.yaml -o layout.pdf", "layout.yaml", {"layout.yaml"});
  expect_refused(dir, "r.yaml -o photo.pdf", "photo.jpg", {"photo.jpg"});
  expect_refused(dir, "r.yaml -o font.pdf", "Lato-Regular.ttf", {"Lato-Regular.ttf"});
  expect_refused(dir, "r.yaml -o cv.pdf -M photo.jpg", "photo.jpg", {"photo.jpg"});
}

// ---- item 12: outputs that collide ----

TEST(Collisions, RefusedBeforeAnythingIsWritten) {
  std::string dir = temp_dir();
  fs::create_directories(dir + "/a");
  fs::create_directories(dir + "/b");
  fs::create_directories(dir + "/out");
  write_file(dir + "/a/cv.yaml", kSimple);
  write_file(dir + "/b/cv.yaml", "person: {name: Bea Other}\nsections: []\n");
  Result batch = cv(dir, "a/cv.yaml b/cv.yaml -o 'out/{name}.pdf'");
  EXPECT_EQ(batch.status, 2) << batch.err;
  EXPECT_NE(batch.err.find("out/cv.pdf: error:"), std::string::npos) << batch.err;
  EXPECT_NE(batch.err.find("a/cv.yaml"), std::string::npos) << batch.err;
  EXPECT_NE(batch.err.find("b/cv.yaml"), std::string::npos) << batch.err;
  EXPECT_TRUE(fs::is_empty(dir + "/out"));

  Result depfile = cv(dir, "a/cv.yaml -o cv.pdf -M cv.pdf");
  EXPECT_EQ(depfile.status, 2) << depfile.err;
  EXPECT_NE(depfile.err.find("the depfile"), std::string::npos) << depfile.err;
  EXPECT_FALSE(exists(dir + "/cv.pdf"));
  // The same file by another spelling, and through a link.
  fs::create_symlink("cv.pdf", dir + "/alias.pdf");
  write_file(dir + "/cv.pdf", "old");
  Result alias = cv(dir, "a/cv.yaml -o cv.pdf -M alias.pdf");
  EXPECT_EQ(alias.status, 2) << alias.err;
  EXPECT_EQ(read_file(dir + "/cv.pdf"), "old");

  // --all: variants that resolve to one file.
  write_file(dir + "/r.yaml", kBilingual);
  fs::create_directories(dir + "/en");
  fs::create_directories(dir + "/zh");
  Result all = cv(dir, "r.yaml --all -o '{lang}/../both.pdf'");
  EXPECT_EQ(all.status, 2) << all.err;
  EXPECT_NE(all.err.find("(en)"), std::string::npos) << all.err;
  EXPECT_NE(all.err.find("(zh)"), std::string::npos) << all.err;
  EXPECT_FALSE(exists(dir + "/both.pdf"));
}

// ---- the user guide: missing parent directories of a templated output are made ----

TEST(Directories, ATemplatedOutputsMissingParentsAreMade) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", kBilingual);
  Result all = cv(dir, "r.yaml --all -o 'out/{lang}/cv.pdf'");
  ASSERT_EQ(all.status, 0) << all.err;
  EXPECT_TRUE(is_pdf(dir + "/out/en/cv.pdf"));
  EXPECT_TRUE(is_pdf(dir + "/out/zh/cv.pdf"));
  Result named = cv(dir, "r.yaml -o 'by-name/{name}/cv.txt'");
  ASSERT_EQ(named.status, 0) << named.err;
  EXPECT_TRUE(exists(dir + "/by-name/r/cv.txt"));
  // A path without a template is the user's own: a missing directory there
  // is an I/O error, as is a parent that is a file.
  Result plain = cv(dir, "r.yaml -o 'missing/cv.pdf'");
  EXPECT_EQ(plain.status, 3);
  EXPECT_NE(plain.err.find("the directory missing does not exist"), std::string::npos) << plain.err;
  write_file(dir + "/file", "x");
  Result under_file = cv(dir, "r.yaml -o 'file/{lang}/cv.pdf'");
  EXPECT_EQ(under_file.status, 3);
  EXPECT_NE(under_file.err.find("is a file, not a directory"), std::string::npos) << under_file.err;
}

TEST(Directories, AFailedRunMakesNoDirectory) {
  std::string dir = temp_dir();
  write_file(dir + "/bad.yaml", "person: [\n");
  Result bad = cv(dir, "bad.yaml -o 'out/{lang}/cv.pdf'");
  EXPECT_EQ(bad.status, 1);
  EXPECT_FALSE(exists(dir + "/out"));
  // Failing while writing (a full device as the depfile, after the PDF's
  // temporary is staged) takes back the directories it made.
  if (geteuid() != 0) GTEST_SKIP() << "needs root for mknod";
  write_file(dir + "/r.yaml", kSimple);
  ASSERT_EQ(run("mknod " + q(dir + "/full") + " c 1 7").status, 0);
  if (run("echo x > " + q(dir + "/full") + " 2>/dev/null; test -c " + q(dir + "/full")).status != 0)
    GTEST_SKIP() << "no device node";
  Result full = cv(dir, "r.yaml -o 'out/a/{name}.pdf' -M full");
  EXPECT_EQ(full.status, 3) << full.err;
  EXPECT_FALSE(exists(dir + "/out")) << "a failed run left the directories it made";
}

// ---- item 8: devices, FIFOs, sockets, standard output ----

// Device nodes of our own (the same major/minor as /dev/null and /dev/full)
// so that a regression cannot damage the machine's.
TEST(Devices, NullIsWrittenAndFullIsAnIoErrorBothStayDevices) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root for mknod";
  std::string dir = simple_dir();
  ASSERT_EQ(run("mknod " + q(dir + "/null") + " c 1 3 && mknod " + q(dir + "/full") + " c 1 7").status, 0);
  if (run("echo x > " + q(dir + "/null")).status != 0) GTEST_SKIP() << "the temp directory is mounted nodev";
  Result null = cv(dir, "r.yaml -o null -M null");
  EXPECT_EQ(null.status, 0) << null.err;
  EXPECT_TRUE(S_ISCHR(stat_of(dir + "/null").st_mode)) << "the device node was replaced";
  Result full = cv(dir, "r.yaml -o full");
  EXPECT_EQ(full.status, 3) << full.err;
  EXPECT_NE(full.err.find("full: error: cannot write: No space left on device"), std::string::npos) << full.err;
  EXPECT_TRUE(S_ISCHR(stat_of(dir + "/full").st_mode)) << "the device node was replaced";
  // A failed device write leaves the other outputs as they were.
  write_file(dir + "/cv.d", "old depfile");
  Result both = cv(dir, "r.yaml -o full -M cv.d");
  EXPECT_EQ(both.status, 3);
  EXPECT_EQ(read_file(dir + "/cv.d"), "old depfile");
  EXPECT_TRUE(temporaries(dir).empty());
}

TEST(Devices, FifoIsWrittenNotReplaced) {
  std::string dir = simple_dir();
  ASSERT_EQ(run("mkfifo " + q(dir + "/pipe.pdf")).status, 0);
  Result r = run("cd " + q(dir) + " && (timeout 120 cat pipe.pdf > got.pdf &) && timeout -k 5 120 " + cvpdf() +
                 " r.yaml -o pipe.pdf; s=$?; for i in $(seq 600); do [ -s got.pdf ] && break; sleep 0.1; done; exit $s");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(S_ISFIFO(stat_of(dir + "/pipe.pdf").st_mode));
  for (int i = 0; i < 600 && read_file(dir + "/got.pdf").find("%%EOF") == std::string::npos; ++i) usleep(100000);
  EXPECT_TRUE(is_pdf(dir + "/got.pdf"));
  EXPECT_NE(read_file(dir + "/got.pdf").find("%%EOF"), std::string::npos);
}

TEST(Devices, StandardOutputByDashAndByLink) {
  std::string dir = simple_dir();
  Result dash = cv(dir, "r.yaml -o -");
  EXPECT_EQ(dash.status, 0) << dash.err;
  EXPECT_EQ(dash.out.rfind("%PDF-", 0), 0u);
  // A link of our own to /proc/self/fd/1 (what /dev/stdout is).
  fs::create_symlink("/proc/self/fd/1", dir + "/stdout.pdf");
  Result link = run("cd " + q(dir) + " && timeout 300 " + cvpdf() + " r.yaml -o stdout.pdf | cat");
  EXPECT_EQ(link.status, 0) << link.err;
  EXPECT_EQ(link.out.rfind("%PDF-", 0), 0u);
  EXPECT_TRUE(fs::is_symlink(dir + "/stdout.pdf"));
}

// item 19: a reader that goes away is exit status 3, not SIGPIPE. The
// output (over 64 KiB, a pipe's capacity) cannot fit before head exits.
TEST(Devices, ClosedPipeIsAnIoError) {
  std::string dir = temp_dir();
  Result r = run("cd " + q(dir) + " && { timeout 300 " + cvpdf() + " " + q(source("examples/academic.yaml")) +
                 " -o -; echo $? > status; } | head -c1 > /dev/null; cat status");
  EXPECT_EQ(r.out, "3\n") << r.err;
  EXPECT_NE(r.err.find("<stdout>: error: cannot write: Broken pipe"), std::string::npos) << r.err;
}

// ---- item 9: links, modes, owners, hard links ----

TEST(Links, SymlinkIsWrittenThroughChainsAndDanglingToo) {
  std::string dir = simple_dir();
  write_file(dir + "/real.pdf", "old");
  fs::create_symlink("real.pdf", dir + "/link1.pdf");
  fs::create_symlink("link1.pdf", dir + "/link2.pdf");
  Result r = cv(dir, "r.yaml -o link2.pdf");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir + "/link2.pdf"));
  EXPECT_TRUE(fs::is_symlink(dir + "/link1.pdf"));
  EXPECT_TRUE(is_pdf(dir + "/real.pdf"));
  fs::create_directory(dir + "/elsewhere");
  fs::create_symlink("elsewhere/new.pdf", dir + "/dangling.pdf");
  Result d = cv(dir, "r.yaml -o dangling.pdf");
  ASSERT_EQ(d.status, 0) << d.err;
  EXPECT_TRUE(fs::is_symlink(dir + "/dangling.pdf"));
  EXPECT_TRUE(is_pdf(dir + "/elsewhere/new.pdf"));
  EXPECT_TRUE(temporaries(dir).empty());
  EXPECT_TRUE(temporaries(dir + "/elsewhere").empty());
}

TEST(Links, ModeOfAnExistingFileIsKeptNewFilesFollowTheUmask) {
  std::string dir = simple_dir();
  write_file(dir + "/private.pdf", "old");
  fs::permissions(dir + "/private.pdf", fs::perms::owner_read | fs::perms::owner_write);
  ASSERT_EQ(cv(dir, "r.yaml -o private.pdf").status, 0);
  EXPECT_EQ(stat_of(dir + "/private.pdf").st_mode & 07777, 0600u);
  Result r = run("cd " + q(dir) + " && umask 027 && timeout 300 " + cvpdf() + " r.yaml -o new.pdf");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(stat_of(dir + "/new.pdf").st_mode & 07777, 0640u);
}

TEST(Links, OwnerIsKeptWhenRoot) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to give a file away";
  std::string dir = simple_dir();
  write_file(dir + "/cv.pdf", "old");
  ASSERT_EQ(::chown((dir + "/cv.pdf").c_str(), 1234, 5678), 0);
  ASSERT_EQ(cv(dir, "r.yaml -o cv.pdf").status, 0);
  EXPECT_EQ(stat_of(dir + "/cv.pdf").st_uid, 1234u);
  EXPECT_EQ(stat_of(dir + "/cv.pdf").st_gid, 5678u);
  EXPECT_TRUE(is_pdf(dir + "/cv.pdf"));
}

TEST(Links, HardLinksAreKept) {
  std::string dir = simple_dir();
  write_file(dir + "/cv.pdf", std::string(100000, 'x'));  // longer than the PDF: truncated after
  fs::create_hard_link(dir + "/cv.pdf", dir + "/other-name.pdf");
  const ino_t inode = stat_of(dir + "/cv.pdf").st_ino;
  ASSERT_EQ(cv(dir, "r.yaml -o cv.pdf").status, 0);
  EXPECT_EQ(stat_of(dir + "/cv.pdf").st_ino, inode);
  EXPECT_EQ(stat_of(dir + "/cv.pdf").st_nlink, 2u);
  EXPECT_TRUE(is_pdf(dir + "/other-name.pdf"));
  EXPECT_EQ(read_file(dir + "/other-name.pdf").find('x' + std::string(10, 'x')), std::string::npos);
  EXPECT_EQ(read_file(dir + "/cv.pdf"), read_file(dir + "/other-name.pdf"));
}

// ---- item 10: signals and stale temporaries ----

// The PDF is staged (its temporary written) and then the depfile, a FIFO
// nobody reads, blocks the run in open(2): a deterministic moment at which
// a temporary exists. The signal must remove it and kill the run.
void expect_signal_cleans_up(const char* signal_name, int signal_number) {
  std::string dir = simple_dir();
  write_file(dir + "/cv.pdf", "old");
  ASSERT_EQ(run("mkfifo " + q(dir + "/deps.fifo")).status, 0);
  std::string script = "cd " + q(dir) + " || exit; " + cvpdf() + " r.yaml -o cv.pdf -M deps.fifo 2> err & pid=$!; " +
                       "(sleep 120; kill -KILL $pid) >/dev/null 2>&1 & dog=$!; "
                       "for i in $(seq 600); do ls -a | grep -q '^\\.cv\\.pdf\\.cvpdf-' && break; sleep 0.1; done; "
                       "ls -a | grep -c '^\\.cv\\.pdf\\.cvpdf-'; kill -" +
                       signal_name + " $pid; wait $pid; echo status=$?; kill $dog 2>/dev/null; cat err";
  Result r = run(script);
  EXPECT_EQ(r.out.rfind("1\n", 0), 0u) << signal_name << ": no temporary while blocked: " << r.out;
  EXPECT_NE(r.out.find("status=" + std::to_string(128 + signal_number)), std::string::npos) << signal_name << r.out;
  EXPECT_TRUE(temporaries(dir).empty()) << signal_name << " left " << temporaries(dir).front();
  EXPECT_EQ(read_file(dir + "/cv.pdf"), "old");
  EXPECT_TRUE(S_ISFIFO(stat_of(dir + "/deps.fifo").st_mode));
}

TEST(Signals, TermIntAndHupLeaveNoTemporary) {
  expect_signal_cleans_up("TERM", SIGTERM);
  expect_signal_cleans_up("INT", SIGINT);
  expect_signal_cleans_up("HUP", SIGHUP);
}

TEST(Signals, StaleTemporariesOfDeadRunsAreRemoved) {
  std::string dir = simple_dir();
  std::string dead_pid = run("sh -c 'echo $$'").out;
  dead_pid.pop_back();
  const std::string dead = ".cv.pdf.cvpdf-" + dead_pid + "-a1B2c3";
  const std::string alive = ".cv.pdf.cvpdf-" + std::to_string(getpid()) + "-a1B2c3";
  const std::string foreign = ".cv.pdf.a1B2c3";
  for (const auto& name : {dead, alive, foreign}) write_file(dir + "/" + name, "partial");
  ASSERT_EQ(cv(dir, "r.yaml -o cv.pdf").status, 0);
  EXPECT_FALSE(exists(dir + "/" + dead));
  EXPECT_TRUE(exists(dir + "/" + alive)) << "its writer is still running";
  EXPECT_TRUE(exists(dir + "/" + foreign)) << "not ours";
}

// ---- item 19: NAME_MAX ----

TEST(Names, LongestValidOutputNameIsWritten) {
  std::string dir = simple_dir();
  const std::string name = std::string(250, 'n') + ".pdf";  // 254 bytes
  Result r = cv(dir, "r.yaml -o " + name);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(is_pdf(dir + "/" + name));
  std::string utf8(124, 'a');
  for (int i = 0; i < 63; ++i) utf8 += "\xC3\xA9";  // two bytes each: a cut must not split one
  utf8 += ".pdf";                                      // 254 bytes in all
  Result u = cv(dir, "r.yaml -o " + q(utf8));
  ASSERT_EQ(u.status, 0) << u.err;
  EXPECT_TRUE(is_pdf(dir + "/" + utf8));
  EXPECT_TRUE(temporaries(dir).empty());
}

// ---- item 11: all-or-nothing on a full disk ----

// A small tmpfs; the fixture leaves exactly `room` bytes free with a filler.
class FullDisk : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() != 0) GTEST_SKIP() << "needs root to mount a tmpfs";
    dir_ = temp_dir() + "/disk";
    fs::create_directory(dir_);
    if (run("mount -t tmpfs -o size=2m tmpfs " + q(dir_)).status != 0) GTEST_SKIP() << "cannot mount a tmpfs here";
    mounted_ = true;
  }
  void TearDown() override {
    if (mounted_) run("umount " + q(dir_));
  }
  void leave_free(std::size_t room) {
    struct statvfs vfs {};
    ASSERT_EQ(statvfs(dir_.c_str(), &vfs), 0);
    const std::size_t block = vfs.f_frsize;
    const std::size_t free_bytes = vfs.f_bavail * block;
    ASSERT_GT(free_bytes, room + block);
    write_file(dir_ + "/filler", std::string(free_bytes - room, '\0'));
  }
  std::size_t rendered_size(const std::string& input_dir, const std::string& args) {
    std::string scratch = temp_dir();
    Result r = cv(input_dir, args + " -o " + q(scratch + "/x.pdf"));
    return r.status == 0 ? fs::file_size(scratch + "/x.pdf") : 0;
  }
  static std::size_t blocks(std::size_t bytes) { return (bytes + 4095) / 4096 * 4096; }

  std::string dir_;
  bool mounted_ = false;
};

TEST_F(FullDisk, SingleOutputKeepsTheOldFile) {
  write_file(dir_ + "/cv.pdf", "old");
  leave_free(8192);
  Result r = cv(dir_, q(source("examples/academic.yaml")) + " -o cv.pdf");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("cv.pdf: error: cannot write: No space left on device"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir_ + "/cv.pdf"), "old");
  EXPECT_TRUE(temporaries(dir_).empty());
}

TEST_F(FullDisk, AllVariantsOrNone) {
  std::string in = temp_dir();
  write_file(in + "/r.yaml", kBilingual);
  const std::size_t en = rendered_size(in, "r.yaml --lang en");
  const std::size_t zh = rendered_size(in, "r.yaml --lang zh");
  ASSERT_GT(zh, 4096u);
  write_file(dir_ + "/cv-en.pdf", "old en");
  write_file(dir_ + "/cv-zh.pdf", "old zh");
  leave_free(blocks(en) + 4096);  // room for en's temporary, not for zh's
  Result r = cv(dir_, q(in + "/r.yaml") + " --all -o 'cv-{lang}.pdf'");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("cv-zh.pdf: error:"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir_ + "/cv-en.pdf"), "old en");
  EXPECT_EQ(read_file(dir_ + "/cv-zh.pdf"), "old zh");
  EXPECT_TRUE(temporaries(dir_).empty());
}

TEST_F(FullDisk, PdfAndDepfileOrNeither) {
  std::string in = temp_dir();
  write_file(in + "/r.yaml", kSimple);
  const std::size_t pdf = rendered_size(in, "r.yaml");
  write_file(dir_ + "/cv.pdf", "old pdf");
  write_file(dir_ + "/cv.d", "old depfile");
  leave_free(blocks(pdf));  // the PDF fits, the depfile does not
  Result r = cv(dir_, q(in + "/r.yaml") + " -o cv.pdf -M cv.d");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("cv.d: error:"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(dir_ + "/cv.pdf"), "old pdf");
  EXPECT_EQ(read_file(dir_ + "/cv.d"), "old depfile");
  EXPECT_TRUE(temporaries(dir_).empty());
}

TEST_F(FullDisk, BatchOrNothing) {
  std::string in = temp_dir();
  write_file(in + "/a.yaml", kSimple);
  fs::copy_file(source("examples/academic.yaml"), in + "/b.yaml");
  const std::size_t a = rendered_size(in, "a.yaml");
  write_file(dir_ + "/a.pdf", "old a");
  leave_free(blocks(a) + 4096);
  Result r = cv(dir_, q(in + "/a.yaml") + " " + q(in + "/b.yaml") + " -o '{name}.pdf'");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(read_file(dir_ + "/a.pdf"), "old a");
  EXPECT_FALSE(exists(dir_ + "/b.pdf"));
  EXPECT_TRUE(temporaries(dir_).empty());
}

// Hard-linked outputs are rewritten in place; the space is reserved first,
// so a full disk leaves them whole.
TEST_F(FullDisk, HardLinkedOutputIsLeftWhole) {
  write_file(dir_ + "/cv.pdf", "old");
  fs::create_hard_link(dir_ + "/cv.pdf", dir_ + "/linked.pdf");
  leave_free(8192);
  Result r = cv(dir_, q(source("examples/academic.yaml")) + " -o cv.pdf");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(read_file(dir_ + "/linked.pdf"), "old");
}

// ---- item 15: the depfile against real make ----

// Renders `input` (a file name with special characters) to `output` with a
// depfile, then asks make: up to date now, and out of date once the input
// is newer (so make read both names as meant).
void expect_make_reads(const std::string& input, const std::string& output) {
  std::string dir = temp_dir();
  write_file(dir + "/" + input, kSimple);
  Result r = cv(dir, q(input) + " -o " + q(output) + " -M cv.d");
  ASSERT_EQ(r.status, 0) << input << " → " << output << ": " << r.err;
  write_file(dir + "/Makefile", "include cv.d\n%.pdf:\n\t@echo REBUILD\n");
  ASSERT_EQ(run("cd " + q(dir) + " && touch -d 2090-01-01 " + q(input) + " && touch -d 2091-01-01 " + q(output)).status, 0);
  Result fresh = run("cd " + q(dir) + " && timeout 120 make " + q(output));
  EXPECT_EQ(fresh.status, 0) << input << ": " << fresh.err << "\n" << read_file(dir + "/cv.d");
  EXPECT_EQ(fresh.out.find("REBUILD"), std::string::npos) << input << " → " << output << ": " << fresh.out;
  ASSERT_EQ(run("cd " + q(dir) + " && touch -d 2092-01-01 " + q(input)).status, 0);
  Result stale = run("cd " + q(dir) + " && timeout 120 make " + q(output));
  EXPECT_NE(stale.out.find("REBUILD"), std::string::npos)
      << input << " → " << output << ": " << stale.out << stale.err << "\n" << read_file(dir + "/cv.d");
}

TEST(Depfile, EveryCharacterMakeCanReadIsEscaped) {
  for (const char* c : {" ", "#", "$", ":", "%", "*", "?", "[", "]", "\\", "\\ ", "\\#", "\\:", "\"", ",", "&",
                        "!", "@", "^", "{", "}", "(", "\xC3\xA9"}) {  // "'": only the test's quoting
    expect_make_reads(std::string("in") + c + "put.yaml", "cv.pdf");
    expect_make_reads("r.yaml", std::string("c") + c + "v.pdf");
  }
}

TEST(Depfile, WhatMakeCannotReadIsRefused) {
  for (const char* c : {"\n", "\t", ";", "=", "|", "\r"}) {
    std::string dir = temp_dir();
    const std::string input = std::string("in") + c + "put.yaml";
    write_file(dir + "/" + input, kSimple);
    Result r = cv(dir, q(input) + " -o cv.pdf -M cv.d");
    EXPECT_EQ(r.status, 2) << "[" << c << "] " << r.err;
    EXPECT_NE(r.err.find("cannot be written in a Make dependency file"), std::string::npos) << r.err;
    EXPECT_FALSE(exists(dir + "/cv.pdf"));
    EXPECT_FALSE(exists(dir + "/cv.d"));
    Result target = cv(dir, "-o " + q(std::string("c") + c + "v.pdf") + " -M cv.d " + q(input));
    EXPECT_EQ(target.status, 2) << "[" << c << "] " << target.err;
  }
  std::string dir = simple_dir();
  EXPECT_EQ(cv(dir, "r.yaml -o '~cv.pdf' -M cv.d").status, 2);
  EXPECT_EQ(cv(dir, "r.yaml -o 'lib(cv).pdf' -M cv.d").status, 0) << "only a name ending in ) is an archive member";
  EXPECT_EQ(cv(dir, "r.yaml -o 'cv(x)' -M cv.d").status, 2);
}

TEST(Depfile, ListsThePhoto) {
  std::string dir = temp_dir();
  write_file(dir + "/seed.yaml", kSimple);
  ASSERT_EQ(cv(dir, "seed.yaml -o seed.pdf").status, 0);
  ASSERT_EQ(run("cd " + q(dir) + " && timeout 120 pdftoppm -r 10 -jpeg -singlefile seed.pdf 'my photo'").status, 0);
  write_file(dir + "/r.yaml", "person:\n  name: Ada Example\n  photo: my photo.jpg\nsections: []\n");
  Result r = cv(dir, "r.yaml -o cv.pdf -M cv.d");
  ASSERT_EQ(r.status, 0) << r.err;
  std::string dep = read_file(dir + "/cv.d");
  EXPECT_NE(dep.find("  my\\ photo.jpg"), std::string::npos) << dep;
  EXPECT_NE(dep.find("\nmy\\ photo.jpg:\n"), std::string::npos) << dep;
}

// ---- item 19: SOURCE_DATE_EPOCH ----

std::string creation_date(const std::string& dir, const std::string& epoch, std::string* err) {
  Result r = run("cd " + q(dir) + " && touch -d '2001-02-03 04:05:06 UTC' r.yaml && SOURCE_DATE_EPOCH=" + epoch +
                 " timeout 300 " + cvpdf() + " r.yaml -o cv.pdf");
  *err = r.err;
  std::string objects = pdf_objects(dir + "/cv.pdf");
  std::size_t at = objects.find("/CreationDate (D:");
  return at == std::string::npos ? "" : objects.substr(at + 17, 14);
}

TEST(SourceDateEpoch, OnlyDatesAPdfCanCarry) {
  std::string dir = simple_dir();
  std::string err;
  EXPECT_EQ(creation_date(dir, "253402300799", &err), "99991231235959");
  EXPECT_EQ(err, "");
  EXPECT_EQ(creation_date(dir, "0", &err), "19700101000000");
  for (const char* bad : {"253402300800", "-1", "abc", "12x", "''", "99999999999999999999999"}) {
    EXPECT_EQ(creation_date(dir, bad, &err), "20010203040506") << bad;
    EXPECT_NE(err.find("SOURCE_DATE_EPOCH: warning:"), std::string::npos) << bad << ": " << err;
  }
  EXPECT_NE(err.find("'99999999999999999999999'"), std::string::npos) << err;
}

// ---- item 19: --watch after the résumé's directory is replaced ----

TEST(Watch, RebuildsAfterTheDirectoryIsRemovedAndRecreated) {
  std::string dir = temp_dir();
  fs::create_directory(dir + "/cv");
  write_file(dir + "/cv/r.yaml", kSimple);
  std::string changed = std::string(kSimple);
  changed.replace(changed.find("Ada Example"), 11, "Ada Recreated");
  write_file(dir + "/changed.yaml", changed);
  std::string script =
      "cd " + q(dir) + " && (timeout -s KILL 240 " + cvpdf() + " --watch cv/r.yaml -o cv.pdf 2> watch.log & echo $! > pid) && "
      "for i in $(seq 600); do [ -s cv.pdf ] && break; sleep 0.1; done && "
      "rm -r cv && sleep 0.5 && mkdir cv && cp changed.yaml cv/r.yaml && "
      "for i in $(seq 600); do pdftotext cv.pdf - 2>/dev/null | grep -q 'Ada Recreated' && break; sleep 0.1; done; "
      "kill -INT $(cat pid); for i in $(seq 600); do kill -0 $(cat pid) 2>/dev/null || break; sleep 0.1; done; "
      "cat watch.log";
  Result r = run(script);
  EXPECT_NE(pdf_text(dir + "/cv.pdf").find("Ada Recreated"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace cvpdf::test
