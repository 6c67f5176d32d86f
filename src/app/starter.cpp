// The starter résumé of `cvpdf new` (starter.hpp), written line by line so
// that each text is one scalar in a one-language file and a block of
// `en:` / `zh:` lines in a bilingual one; and the schema its modeline
// names. That is the schema of the binary that wrote it, never a path
// compiled in: an install under any prefix, the .deb and a build tree each
// keep theirs beside the binary, and a prefix chosen at configure time
// says nothing of where the files are once a binary is moved or packaged.
#include "app/starter.hpp"

#include "app/json_schema.hpp"
#include "app/layouts.hpp"
#include "core/diagnostics.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <cctype>
#include <iterator>
#include <string_view>

namespace cvpdf::app {

namespace {

// A text in each starter language.
struct T {
  const char* en;
  const char* zh;
};

// A plain YAML scalar where it reads back as the same text, else a
// double-quoted one.
std::string scalar(const std::string& s) {
  const bool plain = !s.empty() && std::string("-?:,[]{}#&*!|>'\"%@`").find(s.front()) == std::string::npos &&
                     s.find(": ") == std::string::npos && s.find(" #") == std::string::npos && s.back() != ':' &&
                     s.back() != ' ';
  if (plain) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}

class Writer {
 public:
  explicit Writer(const std::vector<std::string>& languages) : languages_(languages) {}

  void raw(const std::string& line) { out_ += line + "\n"; }

  // key: text   (# comment)
  void text(int indent, const char* key, T t, const std::string& comment = {}) {
    std::string pad(indent, ' ');
    if (languages_.size() == 1) {
      raw(pad + key + ": " + scalar(of(t, languages_[0])) + note(comment));
      return;
    }
    raw(pad + key + ":" + note(comment));
    for (const auto& l : languages_) raw(pad + "  " + l + ": " + scalar(of(t, l)));
  }
  // key: value, the same in every language.
  void plain(int indent, const char* key, const std::string& value, const std::string& comment = {}) {
    raw(std::string(indent, ' ') + key + ": " + value + note(comment));
  }
  // - text   (a list item), or its first key `first_key: text`.
  void item(int indent, T t, const std::string& comment = {}) {
    std::string pad(indent, ' ');
    if (languages_.size() == 1) {
      raw(pad + "- " + scalar(of(t, languages_[0])) + note(comment));
      return;
    }
    for (std::size_t i = 0; i < languages_.size(); ++i)
      raw(pad + (i ? "  " : "- ") + languages_[i] + ": " + scalar(of(t, languages_[i])) + (i ? "" : note(comment)));
  }
  void first_text(int indent, const char* key, T t, const std::string& comment = {}) {
    std::string pad(indent, ' ');
    if (languages_.size() == 1) {
      raw(pad + "- " + key + ": " + scalar(of(t, languages_[0])) + note(comment));
      return;
    }
    raw(pad + "- " + key + ":" + note(comment));
    for (const auto& l : languages_) raw(pad + "    " + l + ": " + scalar(of(t, l)));
  }
  bool has(const char* language) const {
    return std::find(languages_.begin(), languages_.end(), language) != languages_.end();
  }
  const std::string& str() const { return out_; }

 private:
  static std::string of(T t, const std::string& language) { return language == "zh" ? t.zh : t.en; }
  static std::string note(const std::string& comment) { return comment.empty() ? "" : "    # " + comment; }

  const std::vector<std::string>& languages_;
  std::string out_;
};

}  // namespace

std::string own_resume_schema(const std::string& executable) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path exe = executable.empty() ? fs::read_symlink("/proc/self/exe", ec) : fs::path(executable);
  if (exe.empty()) return {};
  fs::path real = fs::weakly_canonical(fs::absolute(exe, ec), ec);
  const fs::path dir = (ec ? exe : real).parent_path();
  for (const fs::path& candidate : {dir / ".." / "share" / "cvpdf" / "schema" / "resume.schema.json",
                                    dir / "schema" / "resume.schema.json"}) {
    std::error_code file_ec;
    if (fs::is_regular_file(candidate, file_ec)) return fs::weakly_canonical(candidate, file_ec).string();
  }
  return {};
}

std::string modeline_reference(const std::string& path) {
  if (path.find_first_of(" \t%#") == std::string::npos) return path;
  std::string uri = "file://";
  for (unsigned char c : path) {
    const bool plain = std::isalnum(c) || std::string_view("/-._~").find(static_cast<char>(c)) != std::string_view::npos;
    if (plain) {
      uri += static_cast<char>(c);
    } else {
      const char* hex = "0123456789ABCDEF";
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  return uri;
}

std::optional<std::vector<std::string>> starter_languages(const std::string& list, std::string& problem) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    std::string code = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    for (char& c : code) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool known = std::any_of(std::begin(kStarterLanguages), std::end(kStarterLanguages),
                                   [&](const char* l) { return code == l; });
    if (!known) {
      problem = code.empty() ? "--lang has an empty language in '" + list + "'"
                             : "the starter's sample text is in en and zh, not '" + code + "'";
      return std::nullopt;
    }
    if (std::find(out.begin(), out.end(), code) != out.end()) {
      problem = "--lang names '" + code + "' twice";
      return std::nullopt;
    }
    out.push_back(code);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::string starter_resume(const StarterRequest& request) {
  Writer w(request.languages);
  const bool both = request.languages.size() > 1;
  std::string list;
  for (const auto& l : request.languages) list += (list.empty() ? "" : ", ") + l;

  w.raw("# yaml-language-server: $schema=" + request.schema);
  w.raw("# A starter résumé, written by `cvpdf new`. Put your own text in place of the");
  w.raw("# samples and render it:  cvpdf resume.yaml   (writes resume.pdf)");
  w.raw("# The line above lets editors with a YAML language server (VS Code's YAML");
  w.raw("# extension) complete and check every key; `cvpdf schema` prints that schema.");
  w.raw("# The keys are described in docs/user-guide.md; `cvpdf check` validates.");
  w.raw("");
  w.plain(0, "languages", "[" + list + "]",
          both ? "the variants; the first is the default: cvpdf resume.yaml --lang " + request.languages[1]
               : "the variants' languages, e.g. [en, zh]; the first is the default");
  w.plain(0, "theme", scalar(request.theme), "cvpdf themes lists the built-in ones; or a theme file");
  w.raw("");
  w.raw("# style:                   # any theme key, over the theme's own");
  w.raw("#   colors: {accent: darkred}   # a CSS name, \"#8b0000\" (quoted: # begins a comment) or 8b0000");
  w.raw("#   page: {size: letter}");
  w.raw("");
  w.raw("person:");
  w.text(2, "name", {"Alex Example", "王小明"});
  w.text(2, "headline", {"Software engineer · distributed systems", "软件工程师 · 分布式系统"});
  w.plain(2, "email", "alex@example.com", "becomes a mailto: link");
  w.plain(2, "phone", "+49 30 1234567");
  w.text(2, "location", {"Berlin, Germany", "德国柏林"});
  w.raw("  # photo: photo.jpg        # a JPEG or PNG, relative to this file");
  w.raw("  links:");
  w.raw("    - {network: github, username: alex-example}    # the URL is built for well-known networks");
  w.raw("    - {label: alex.example.com, url: https://alex.example.com}");
  w.text(2, "summary",
         {"Engineer who builds reliable storage systems. Any text may use **bold**, *italic*, `code` and "
          "[links](https://example.com).",
          "专注于可靠存储系统的工程师。任何文本都可以使用 **粗体**、*斜体*、`代码` 和 [链接](https://example.com)。"});
  w.raw("  metrics:                  # a row of figures under the header (optional)");
  w.raw("    - value: 6×");
  w.text(6, "label", {"faster builds", "构建提速"});
  w.raw("    - value: 40 TB");
  w.text(6, "label", {"served each day", "每日数据量"});
  w.raw("");
  w.raw("sections:");
  w.first_text(2, "title", {"Experience", "工作经历"});
  w.raw("    entries:");
  w.raw("      # An item: org and dates on its first line, role and location below, then bullets.");
  w.first_text(6, "org", {"Example Corp", "示例科技"}, "also: company, organization, institution, school");
  w.text(8, "role", {"Senior Engineer", "高级工程师"}, "also: position, degree");
  w.plain(8, "start", "2021-03");
  w.plain(8, "end", "present");
  w.text(8, "location", {"Berlin", "柏林"});
  w.raw("        bullets:                # also: highlights");
  w.item(10, {"Led the rewrite of the storage layer, cutting p99 latency by 60%.", "主导存储层重写，p99 延迟降低 60%。"});
  w.item(10, {"Mentored four engineers and introduced design reviews.", "指导四名工程师，推行设计评审。"});
  w.plain(8, "tags", "[Go, Kubernetes, PostgreSQL]");
  w.first_text(6, "org", {"Startup GmbH", "创业公司"});
  w.text(8, "role", {"Engineer", "工程师"});
  w.plain(8, "date", "2018-09 – 2021-02", "one date or a range; or start: and end:");
  w.raw("        bullets:");
  w.item(10, {"Built the billing service from scratch.", "从零搭建计费服务。"});
  w.raw("");
  w.first_text(2, "title", {"Education", "教育背景"});
  w.raw("    entries:");
  w.first_text(6, "institution", {"Technical University", "理工大学"});
  w.text(8, "degree", {"MSc Computer Science", "计算机科学硕士"});
  w.plain(8, "date", "2016 – 2018");
  w.text(8, "text", {"Thesis on incremental garbage collection.", "论文：增量垃圾回收。"}, "a paragraph under the item");
  w.raw("");
  w.first_text(2, "title", {"Projects", "项目"});
  w.raw("    entries:");
  w.first_text(6, "org", {"storage-bench", "storage-bench"});
  w.plain(8, "date", "2023");
  w.text(8, "text", {"A benchmark suite for key-value stores.", "键值存储的基准测试套件。"});
  w.raw("        links: [https://github.com/alex-example/storage-bench]");
  w.raw("");
  w.first_text(2, "title", {"Publications", "论文"});
  w.raw("    entries:");
  w.raw("      # A publication, set as a citation; `me` is set in bold among the authors.");
  w.raw("      - title: Fast Incremental Collection");
  w.raw("        authors: [A. Example, B. Coauthor]");
  w.raw("        venue: Proceedings of the Example Conference");
  w.raw("        year: 2019");
  w.raw("        doi: 10.1000/example.2019");
  w.raw("        me: A. Example");
  w.raw("");
  w.first_text(2, "title", {"Skills", "技能"});
  w.raw("    entries:");
  w.raw("      # Pairs: the label in bold, then the text, on one line.");
  w.first_text(6, "label", {"Languages", "编程语言"});
  w.plain(8, "text", "Go, Rust, Python, SQL");
  w.first_text(6, "label", {"Tools", "工具"});
  w.plain(8, "text", "Kubernetes, Terraform, PostgreSQL");
  w.raw("");
  w.first_text(2, "title", {"Awards", "奖项"});
  w.raw("    bullets:                  # a section of bullets, without entries");
  w.item(6, {"Best paper award, Example Conference 2019", "2019 年示例会议最佳论文奖"});
  w.raw("");
  w.first_text(2, "title", {"Interests", "兴趣"});
  w.text(4, "text", {"Climbing, photography and open source.", "攀岩、摄影和开源。"}, "a section of one paragraph");
  if (both) {
    w.raw("");
    w.first_text(2, "title", {"Personal details", "个人信息"});
    w.raw("    only: zh                  # only in these variants (here the Chinese one)");
    w.raw("    entries:");
    w.item(6, {"Born 1994; Berlin resident permit.", "1994 年出生；持柏林居留许可。"}, "a plain text entry is a paragraph");
  } else {
    w.raw("");
    w.first_text(2, "title", {"Languages", "语言"});
    w.raw("    # only: [en]              # a section or an entry may appear in some variants alone");
    w.raw("    entries:");
    w.item(6, {"English (native), German (fluent)", "中文（母语），英语（流利）"}, "a plain text entry is a paragraph");
  }
  return w.str();
}

namespace {

// Writes `text` to `path`, which must not exist: O_EXCL makes the check and
// the creation one step, so a file that appears meanwhile is not
// overwritten either. 0, or the errno (EEXIST: it exists); a file half
// written is removed.
int create_file(const std::string& path, const std::string& text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) return errno;
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = n < 0 ? errno : EIO;
      ::close(fd);
      ::unlink(path.c_str());
      return err;
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(path.c_str());
    return err;
  }
  return 0;
}

int io_error(const std::string& path, int err) {
  std::cerr << "cvpdf new: error: cannot write '" << printable(path) << "': " << std::strerror(err) << '\n';
  return 3;
}

}  // namespace

int write_starter_file(const Options& options) {
  auto usage = [](const std::string& message, const std::string& hint) {
    std::cerr << "cvpdf new: " << printable(message) << "\n  hint: " << hint << '\n';
    return 2;
  };
  StarterRequest request;
  std::string problem;
  auto languages = starter_languages(options.language.empty() ? "en" : options.language, problem);
  if (!languages) return usage(problem, "write --lang en, zh or en,zh; then add your languages and translate");
  request.languages = *languages;
  const std::string path = options.inputs.empty() ? "resume.yaml" : options.inputs.front();
  request.theme = options.layout.empty() ? kDefaultLayout : options.layout;
  const auto themes = builtin_themes();
  const bool builtin = std::any_of(themes.begin(), themes.end(), [&](const ThemeInfo& t) { return t.name == request.theme; });
  if (!builtin) {
    // A theme file is named relative to the résumé, as `theme:` reads it.
    std::filesystem::path dir = path == "-" ? std::filesystem::path(".") : std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(dir / request.theme, ec))
      return usage("'" + request.theme + "' is neither a built-in theme nor a theme file",
                   "the built-in themes are " + builtin_layout_names() + "; a file is relative to the new résumé");
  }
  const std::string own = own_resume_schema();
  request.schema = own.empty() ? kBesideSchema : modeline_reference(own);
  const std::string text = starter_resume(request);
  if (path == "-") {
    if (own.empty() && !options.quiet)
      std::cerr << "cvpdf new: no schema is installed with this cvpdf; for the first line to work, write it beside "
                   "the résumé: cvpdf schema > " << kBesideSchema << '\n';
    std::cout << text << std::flush;
    return std::cout ? 0 : 3;
  }
  if (int err = create_file(path, text); err == EEXIST) {
    return usage("'" + path + "' already exists; cvpdf new never overwrites a file",
                 "name another file (cvpdf new cv.yaml), or remove this one first");
  } else if (err != 0) {
    return io_error(path, err);
  }
  // A schema already there is kept, as every file `new` finds: it may be
  // the user's own, and `cvpdf schema > resume.schema.json` renews it.
  std::string beside, kept;
  if (own.empty()) {
    beside = (std::filesystem::path(path).parent_path() / kBesideSchema).string();
    if (int err = create_file(beside, resume_json_schema()); err == EEXIST) {
      kept.swap(beside);
    } else if (err != 0) {
      return io_error(beside, err);
    }
  }
  if (!options.quiet) {
    std::cerr << "wrote " << printable(path) << "; render it with: cvpdf " << printable(path) << '\n';
    if (!beside.empty())
      std::cerr << "wrote " << printable(beside) << " beside it, the schema its first line names for editors (none "
                << "is installed with this cvpdf)\n";
    if (!kept.empty())
      std::cerr << "kept the " << printable(kept) << " there, which its first line names for editors; to renew it: "
                << "cvpdf schema > " << printable(kept) << '\n';
  }
  return 0;
}

}  // namespace cvpdf::app
