// The child process of forked_languages.hpp and the bytes of what it sends:
// each field length-prefixed, in the order LanguagesPart declares them, and
// a closing tag, so a message cut short (a child killed mid-write) is told
// from a whole one.
#include "app/forked_languages.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "app/output_target.hpp"

namespace cvpdf::app {

namespace {

constexpr std::string_view kEnd = "end of part";

class Writer {
 public:
  void number(std::uint64_t n) { out_.append(reinterpret_cast<const char*>(&n), sizeof n); }
  void text(std::string_view s) {
    number(s.size());
    out_ += s;
  }
  void diagnostic(const Diagnostic& d) {
    number(static_cast<std::uint64_t>(d.severity));
    text(d.span.file);
    number(static_cast<std::uint64_t>(static_cast<std::int64_t>(d.span.line)));
    number(static_cast<std::uint64_t>(static_cast<std::int64_t>(d.span.column)));
    text(d.message);
    text(d.hint);
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool ok() const { return ok_; }
  std::uint64_t number() {
    std::uint64_t n = 0;
    if (in_.size() < sizeof n) return fail();
    std::memcpy(&n, in_.data(), sizeof n);
    in_.remove_prefix(sizeof n);
    return n;
  }
  std::string text() {
    const std::uint64_t size = number();
    if (!ok_ || size > in_.size()) return fail(), std::string();
    std::string s(in_.substr(0, size));
    in_.remove_prefix(size);
    return s;
  }
  // A count of things each at least `smallest` bytes long: no more than
  // the bytes left could hold, so a damaged count cannot ask for gigabytes.
  std::uint64_t count(std::size_t smallest) {
    const std::uint64_t n = number();
    return ok_ && n <= in_.size() / smallest ? n : fail();
  }
  Diagnostic diagnostic() {
    Diagnostic d;
    const std::uint64_t severity = number();
    if (severity > static_cast<std::uint64_t>(Severity::Note)) fail();
    d.severity = static_cast<Severity>(severity);
    d.span.file = text();
    d.span.line = static_cast<int>(static_cast<std::int64_t>(number()));
    d.span.column = static_cast<int>(static_cast<std::int64_t>(number()));
    d.message = text();
    d.hint = text();
    return d;
  }
  bool at_end() const { return in_.empty(); }

 private:
  std::uint64_t fail() {
    ok_ = false;
    in_ = {};
    return 0;
  }
  std::string_view in_;
  bool ok_ = true;
};

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

std::string encode(const LanguagesPart& part) {
  Writer w;
  w.number(part.outputs.size());
  for (const Output& o : part.outputs) {
    w.text(o.path);
    w.text(o.bytes);
    w.text(o.summary);
    w.text(o.origin);
    w.number(o.templated ? 1 : 0);
  }
  w.number(part.targets.size());
  for (const auto& t : part.targets) w.text(t);
  w.number(part.fonts.size());
  for (const auto& f : part.fonts) w.text(f);
  w.text(part.log);
  w.number(part.diagnostics.all().size());
  for (std::size_t i = 0; i < part.diagnostics.all().size(); ++i) {
    w.diagnostic(part.diagnostics.all()[i]);
    w.number(part.diagnostics.said_once(i) ? 1 : 0);
  }
  w.number(part.stopped ? 1 : 0);
  w.number(part.faces.size());
  for (const OpenedFace& f : part.faces) {
    w.number(f.id);
    w.number(f.made_there ? 1 : 0);
    w.text(f.path);
    w.number(f.index);
    w.text(f.family);
    w.text(f.postscript_name);
    w.number(f.fallback_for.size());
    for (char32_t c : f.fallback_for) w.number(c);
  }
  w.number(static_cast<std::uint64_t>(part.fatal));
  w.diagnostic(part.fatal_diagnostic);
  w.text(kEnd);
  return w.take();
}

std::optional<LanguagesPart> decode(std::string_view bytes) {
  Reader r(bytes);
  LanguagesPart part;
  constexpr std::size_t kNumber = sizeof(std::uint64_t);
  for (std::uint64_t n = r.count(4 * kNumber + kNumber); n > 0 && r.ok(); --n) {
    Output o;
    o.path = r.text();
    o.bytes = r.text();
    o.summary = r.text();
    o.origin = r.text();
    o.templated = r.number() != 0;
    part.outputs.push_back(std::move(o));
  }
  for (std::uint64_t n = r.count(kNumber); n > 0 && r.ok(); --n) part.targets.push_back(r.text());
  for (std::uint64_t n = r.count(kNumber); n > 0 && r.ok(); --n) part.fonts.insert(r.text());
  part.log = r.text();
  for (std::uint64_t n = r.count(7 * kNumber); n > 0 && r.ok(); --n) {
    Diagnostic d = r.diagnostic();
    if (r.number() != 0)
      part.diagnostics.warning_once(std::move(d.span), std::move(d.message), std::move(d.hint));
    else
      part.diagnostics.add(std::move(d));
  }
  part.stopped = r.number() != 0;
  for (std::uint64_t n = r.count(7 * kNumber); n > 0 && r.ok(); --n) {
    OpenedFace f;
    f.id = static_cast<text::FaceId>(r.number());
    f.made_there = r.number() != 0;
    f.path = r.text();
    f.index = static_cast<unsigned>(r.number());
    f.family = r.text();
    f.postscript_name = r.text();
    for (std::uint64_t c = r.count(kNumber); c > 0 && r.ok(); --c) f.fallback_for.push_back(static_cast<char32_t>(r.number()));
    part.faces.push_back(std::move(f));
  }
  const std::uint64_t fatal = r.number();
  if (fatal > static_cast<std::uint64_t>(LanguagesPart::Fatal::OutputRefused)) return std::nullopt;
  part.fatal = static_cast<LanguagesPart::Fatal>(fatal);
  part.fatal_diagnostic = r.diagnostic();
  if (r.text() != kEnd || !r.ok() || !r.at_end()) return std::nullopt;
  return part;
}

LanguagesChild::~LanguagesChild() { abandon(); }

bool LanguagesChild::start(const std::function<void(LanguagesPart&)>& work) {
  int fds[2];
  if (::pipe(fds) != 0) return false;
  // Whatever this process has buffered would be written twice.
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return false;
  }
  if (pid == 0) {
    ::close(fds[0]);
    int status = 0;
    try {
      LanguagesPart part;
      try {
        work(part);
      } catch (const OutputRefused& e) {
        part.fatal = LanguagesPart::Fatal::OutputRefused;
        part.fatal_diagnostic = e.diagnostic();
      } catch (const IoError& e) {
        part.fatal = LanguagesPart::Fatal::Io;
        part.fatal_diagnostic = e.diagnostic();
      } catch (const FatalError& e) {
        part.fatal = LanguagesPart::Fatal::Input;
        part.fatal_diagnostic = e.diagnostic();
      }
      if (!write_all(fds[1], encode(part))) status = 1;
    } catch (...) {
      status = 1;  // out of memory, say: the parent does the work itself
    }
    // No destructors, no atexit handlers, no stdio flushing: they are the parent's.
    ::_exit(status);
  }
  ::close(fds[1]);
  pid_ = pid;
  fd_ = fds[0];
  return true;
}

std::optional<LanguagesPart> LanguagesChild::finish() {
  if (pid_ < 0) return std::nullopt;
  std::string bytes;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    bytes.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd_);
  fd_ = -1;
  int status = 0;
  pid_t reaped;
  do reaped = ::waitpid(pid_, &status, 0);
  while (reaped < 0 && errno == EINTR);
  pid_ = -1;
  if (reaped < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return decode(bytes);
}

void LanguagesChild::abandon() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (pid_ < 0) return;
  ::kill(pid_, SIGKILL);
  while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

}  // namespace cvpdf::app
