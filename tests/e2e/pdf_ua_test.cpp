// PDF/UA-1 held by a reader that is not ours (issue #29): pdf_ua_check.py
// walks each PDF with pikepdf (Debian's python3-pikepdf) and prints one
// line per violated Matterhorn point. Every built-in theme × en/zh of
// resume.yaml (with and without --pdfa), every example and résumés with a
// photo must give none; and the checker must report each point on a file
// spoiled to break it, so a check that cannot fail does not pass unnoticed. One Python process
// per step: its start-up per file would be most of the run.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <vector>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

// Points the product is known to violate, each with why: a line of the
// checker that contains one of these is reported but does not fail. Empty:
// every output passes every check.
const std::vector<std::string> known_exceptions = {};

std::string checker() { return source("tests/e2e/pdf_ua_check.py"); }

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

bool known(const std::string& line) {
  for (const std::string& k : known_exceptions)
    if (line.find(k) != std::string::npos) return true;
  return false;
}

// The seed résumé with `photo:` set (a Figure with /Alt in the output).
std::string with_photo(const std::string& dir, const std::string& photo) {
  std::string yaml = read_file(source("resume.yaml"));
  const std::size_t person = yaml.find("\nperson:\n");
  if (person != std::string::npos) yaml.insert(person + 9, "  photo: " + source(photo) + "\n");
  const std::string path = dir + "/photo.yaml";
  write_file(path, yaml);
  return path;
}

// The corpus, rendered once: "theme-lang.pdf" and "theme-lang-pdfa.pdf" for
// each built-in theme, every
// example (rich.yaml has the most features), and two résumés with a photo.
const std::vector<std::string>& corpus() {
  static const std::vector<std::string> files = [] {
    std::vector<std::string> out;
    const std::string dir = temp_dir();
    auto render = [&](const std::string& args, const std::string& name) {
      const std::string pdf = dir + "/" + name + ".pdf";
      const Result r = run(cvpdf() + " -q " + args + " -o '" + pdf + "'");
      EXPECT_EQ(r.status, 0) << args << "\n" << r.err;
      out.push_back(pdf);
    };
    for (const std::string& theme : listed_themes())
      for (const char* lang : {"en", "zh"}) {
        const std::string args = "--theme " + theme + " --lang " + lang + " " + source("resume.yaml");
        render(args, theme + "-" + lang);
        render("--pdfa " + args, theme + "-" + lang + "-pdfa");
      }
    for (const char* example : {"rich.yaml", "academic.yaml", "cjk-name.yaml", "ja.yaml", "ko.yaml", "minimal.yaml",
                                "one-page.yaml", "jsonresume.json", "he.yaml", "ar.yaml"})
      render(source(std::string("examples/") + example), example);
    render("--lang zh " + source("examples/rich.yaml"), "rich-zh");
    const std::string yaml = with_photo(dir, "tests/cli/bad/photos/baseline.jpg");
    render("--theme classic " + yaml, "photo-classic");
    render("--theme sidebar --lang zh " + yaml, "photo-sidebar-zh");
    return out;
  }();
  return files;
}

TEST(PdfUa, EveryOutputPassesThePikepdfChecker) {
  const std::vector<std::string>& files = corpus();
  ASSERT_GE(files.size(), 24U + 9U + 2U)
      << "six themes × two languages, with and without --pdfa; the examples (rich in zh too), two photos";
  std::string args;
  for (const std::string& f : files) args += " '" + f + "'";
  const Result r = run(checker() + args);
  ASSERT_EQ(r.err, "") << "the checker failed to run (python3-pikepdf missing?)";
  std::string failures;
  for (const std::string& line : lines(r.out)) {
    if (known(line))
      std::cout << "known exception: " << line << "\n";
    else
      failures += "  " + line + "\n";
  }
  EXPECT_EQ(failures, "") << "PDF/UA-1 violations:\n" << failures;
  if (known_exceptions.empty()) {
    EXPECT_EQ(r.status, 0) << r.out;
  }
}

// pdf_ua_check.py --spoil writes the first theme's résumé broken one point at a
// time and prints "FILE: POINT"; the check of those files must report
// exactly that point for each (a spoil that trips another point too would
// hide which check caught it).
TEST(PdfUa, EachCheckFailsOnAFileSpoiledToBreakIt) {
  const std::string good = corpus().front();
  const std::string dir = temp_dir();
  const Result spoiled = run(checker() + " --spoil '" + good + "' '" + dir + "'");
  ASSERT_EQ(spoiled.status, 0) << spoiled.err;
  const std::vector<std::string> expected = lines(spoiled.out);
  ASSERT_GE(expected.size(), 20U) << spoiled.out;
  std::string args;
  for (const std::string& e : expected) args += " '" + e.substr(0, e.find(": ")) + "'";
  const Result r = run(checker() + args);
  EXPECT_EQ(r.status, 1) << r.err;
  const std::vector<std::string> reported = lines(r.out);
  for (const std::string& e : expected) {
    const std::string file = e.substr(0, e.find(": ")), point = e.substr(e.find(": ") + 2);
    int right = 0;
    std::string other;
    for (const std::string& line : reported) {
      if (line.rfind(file + ": ", 0) != 0) continue;
      if (line.rfind(file + ": " + point + ": ", 0) == 0)
        ++right;
      else
        other += "  " + line + "\n";
    }
    EXPECT_GT(right, 0) << point << " not reported for " << file;
    EXPECT_EQ(other, "") << "spoiling " << point << " reported more:\n" << other;
  }
}

}  // namespace
}  // namespace cvpdf::test
