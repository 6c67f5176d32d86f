// End to end: the text a parser gets out of the PDF is the text the model
// holds. Each résumé (resume.yaml in en and zh, every example in its
// declared languages, resume.yaml in each built-in theme) is rendered once
// and read back with pdftotext, and held to the model's text by the check
// of text_layer_check.hpp (three_readers_test.cpp holds mupdf and pdf.js to
// it); then content-order properties with poppler's raw mode and mupdf.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "core/utf8.hpp"
#include "model/loader.hpp"
#include "run.hpp"
#include "text_layer_check.hpp"

namespace cvpdf::test {
namespace {

bool is_space(char32_t c) { return c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r' || c == 0xA0; }

std::vector<Variant> variants() {
  std::vector<Variant> out = {{"resume.yaml", "en", ""}, {"resume.yaml", "zh", ""}};
  for (const char* file : {"examples/academic.yaml", "examples/cjk-name.yaml", "examples/ja.yaml", "examples/ko.yaml",
                           "examples/minimal.yaml", "examples/one-page.yaml", "examples/rich.yaml",
                           "examples/jsonresume.json", "examples/dotfiles/resume.yaml"}) {
    Diagnostics diags;
    auto r = model::load_resume(read_file(source(file)), source(file), source("examples"), diags);
    if (!r) {
      ADD_FAILURE() << file << " does not load";
      continue;
    }
    for (const auto& lang : r->languages) out.push_back({file, lang, ""});
  }
  for (const char* theme : {"academic", "classic", "engineering", "moderncv", "sidebar", "zh"})
    out.push_back({"resume.yaml", "en", theme});
  return out;
}

TEST(TextLayer, EveryShownValueExtractsWholeAndInOrder) {
  for (const Variant& v : variants()) EXPECT_EQ(text_layer_problems(v, Reader::Poppler), "") << v.name();
}

TEST(TextLayer, HyphenatedWordsOfTheSeedExtractWhole) {
  // Words the seed résumé's en variant hyphenates or breaks at a hyphen in
  // the default theme (found in its PDF today): each comes out whole.
  const std::string text = folded_text({"resume.yaml", "en", ""}, Reader::Poppler);
  ASSERT_FALSE(text.empty());
  // Folded as the extraction is (lower case); each phrase holds a word the
  // default theme divides at a line end.
  for (const char* phrase : {"cpu affinity, operator lazy init", "focused on large-model training",
                             "contributed to deepseek-r1 and"})
    EXPECT_NE(text.find(phrase), std::string::npos) << phrase << " in " << text;
  EXPECT_EQ(text.find("largemodel"), std::string::npos);
}

// Two readers that take text in the order the page content draws it, not
// by the structure tree or /ActualText alone: poppler's raw mode and
// mupdf's text device (which ignores /ActualText). White space folded to
// one space.
struct ContentOrderText {
  std::string poppler, mupdf;
};

ContentOrderText content_order_text(const std::string& file, const std::string& args) {
  static const std::string dir = temp_dir();
  static int count = 0;
  const std::string pdf = dir + "/order" + std::to_string(++count) + ".pdf";
  ContentOrderText out;
  Result r = run(cvpdf() + " '" + source(file) + "' " + args + " -o '" + pdf + "'");
  EXPECT_EQ(r.status, 0) << file << " " << args << ": " << r.err;
  if (r.status != 0) return out;
  auto folded = [](const std::string& text) {
    std::string f;
    for (std::size_t pos = 0; pos < text.size();) {
      const std::size_t at = pos;
      const char32_t c = utf8::decode(text, pos);
      if (is_space(c)) {
        if (!f.empty() && f.back() != ' ') f += ' ';
      } else {
        f += text.substr(at, pos - at);
      }
    }
    return f;
  };
  Result p = run("pdftotext -raw -enc UTF-8 '" + pdf + "' -");
  EXPECT_EQ(p.status, 0) << p.err;
  Result m = run("mutool draw -F txt -o - '" + pdf + "'");
  EXPECT_EQ(m.status, 0) << m.err;
  // What mupdf says when it drops a ToUnicode entry past its 8 units.
  EXPECT_EQ(m.err.find("ignoring one to many mapping"), std::string::npos) << file << " " << args << ": " << m.err;
  out.poppler = folded(p.out);
  out.mupdf = folded(m.out);
  return out;
}

// A publication's "[1]" is drawn before its citation, so a reader that
// follows the content reads "[1] S. Tan, …", not "…Modern HPC [1]" (the
// label was once drawn after the citation's first line).
TEST(TextLayer, PublicationLabelsComeBeforeTheirCitationInContentOrder) {
  struct Case {
    std::string file, args;
    std::vector<std::string> starts;  // each label with its first author
  };
  std::vector<Case> cases;
  for (const char* theme : {"", "academic", "classic", "engineering", "moderncv", "sidebar", "zh"})
    cases.push_back({"resume.yaml", std::string("--lang en") + (*theme ? std::string(" --theme ") + theme : ""),
                     {"[1] S. Tan", "[2] Q. Jiang", "[3] Q. Jiang"}});
  cases.push_back({"examples/academic.yaml", "", {"[1] M. Vantongeren", "[2] E. Oduya", "[3] T. Kowalczyk"}});
  cases.push_back({"examples/one-page.yaml", "", {"[1] Y. Lin"}});
  cases.push_back({"examples/rich.yaml", "--lang en", {"[1] L. Wei"}});
  for (const Case& c : cases) {
    const ContentOrderText text = content_order_text(c.file, c.args);
    for (const std::string& start : c.starts) {
      EXPECT_NE(text.poppler.find(start), std::string::npos)
          << c.file << " " << c.args << ": pdftotext -raw lacks \"" << start << "\" in " << text.poppler;
      EXPECT_NE(text.mupdf.find(start), std::string::npos)
          << c.file << " " << c.args << ": mutool lacks \"" << start << "\" in " << text.mupdf;
    }
  }
}

// A contact icon reads as its word in every reader: its ToUnicode entry
// holds no more than mupdf reads (8 UTF-16 units), so mupdf gets the word
// ("Location", cut at a whole character or word) where it once got U+FFFD,
// and poppler the whole reading ("Location: Beijing") from /ActualText.
TEST(TextLayer, ContactIconsReadAsWordsInMupdfAndPoppler) {
  struct Case {
    std::string file, args;
    std::vector<std::string> mupdf, poppler;
  };
  const std::vector<Case> cases = {
      {"examples/rich.yaml", "--lang en --theme moderncv", {"Location Beijing"}, {"Location: Beijing"}},
      {"examples/rich.yaml", "--lang en --theme sidebar", {"Location Beijing"}, {"Location: Beijing"}},
      {"examples/academic.yaml", "--theme moderncv", {"Location Nowhere-on-Sea"}, {"Location: Nowhere-on-Sea"}},
      {"examples/one-page.yaml", "--theme sidebar", {"Location Hangzhou"}, {"Location: Hangzhou"}},
      {"resume.yaml", "--lang en --theme classic --set header.contact-icons=both", {"Email: 943648187@qq.com"},
       {"Email: 943648187@qq.com"}},
      {"resume.yaml", "--lang en --theme moderncv", {"Email: 943648187@qq.com"}, {"Email: 943648187@qq.com"}},
      {"resume.yaml", "--lang en --theme sidebar", {"Email: 943648187@qq.com"}, {"Email: 943648187@qq.com"}},
  };
  for (const Case& c : cases) {
    const ContentOrderText text = content_order_text(c.file, c.args);
    EXPECT_EQ(text.mupdf.find("\uFFFD"), std::string::npos) << c.file << " " << c.args << ": " << text.mupdf;
    EXPECT_EQ(text.poppler.find("\uFFFD"), std::string::npos) << c.file << " " << c.args << ": " << text.poppler;
    for (const std::string& want : c.mupdf)
      EXPECT_NE(text.mupdf.find(want), std::string::npos) << c.file << " " << c.args << ": mutool lacks \"" << want
                                                          << "\" in " << text.mupdf;
    for (const std::string& want : c.poppler)
      EXPECT_NE(text.poppler.find(want), std::string::npos)
          << c.file << " " << c.args << ": pdftotext -raw lacks \"" << want << "\" in " << text.poppler;
  }
}

}  // namespace
}  // namespace cvpdf::test
