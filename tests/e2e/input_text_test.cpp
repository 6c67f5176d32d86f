// End to end: what the input's text can do to the terminal and the PDF.
// Control characters written as escapes reach neither raw; numbers given by
// --set are refused by name; a binary layout file is named, not echoed;
// JSON's surrogate pair escapes load.
#include <gtest/gtest.h>

#include "run.hpp"

namespace cvpdf::test {
namespace {

// The bytes of `text` a terminal would act on (anything below space but newline, and DEL).
std::string control_bytes(const std::string& text) {
  std::string found;
  for (char c : text) {
    auto b = static_cast<unsigned char>(c);
    if ((b < 0x20 && c != '\n') || b == 0x7F) found += std::to_string(b) + " ";
  }
  return found;
}

TEST(InputText, KeyNamedWithEscapesWarnsWithoutRawControlBytes) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person:\n  name: Ada\n  \"evil\\e]0;title\\a\\e[31m\": x\n");
  Result r = run(cvpdf() + " check " + dir + "/r.yaml");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("r.yaml:3:3: warning: unknown key 'evil\\x1B]0;title\\x07\\x1B[31m'"), std::string::npos)
      << r.err;
  EXPECT_EQ(control_bytes(r.err), "") << r.err;
}

TEST(InputText, ControlCharacterEscapesNeverReachThePdf) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml",
             "person:\n  name: \"Ada\\eLove\\alace\\x00X\"\nsections:\n  - title: \"Work\\u001b\"\n"
             "    entries:\n      - \"Built\\x07 things\\x7f.\"\n");
  Result r = run(cvpdf() + " " + dir + "/r.yaml -o " + dir + "/cv.pdf");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("r.yaml:2:13: warning: the text contains the control character U+001B (and 2 more); removed"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(control_bytes(r.err), "") << r.err;
  Result text = run("pdftotext -enc UTF-8 '" + dir + "/cv.pdf' -");
  ASSERT_EQ(text.status, 0);
  EXPECT_NE(text.out.find("AdaLovelaceX"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Built things."), std::string::npos) << text.out;
  for (char c : text.out) {
    auto b = static_cast<unsigned char>(c);
    EXPECT_FALSE((b < 0x20 && c != '\n' && c != '\f') || b == 0x7F) << "byte " << static_cast<int>(b);
  }
}

TEST(InputText, SetOfANonFiniteNumberNamesTheOption) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person: {name: Ada}\nsections:\n  - title: T\n    entries: [Some text.]\n");
  for (const char* set : {"text.leading=nan", "text.leading=inf", "text.size=1e30pt", "header.name-size=1e309pt",
                          "entry.keep-together=2.5", "page.margin.top=-1mm"}) {
    Result r = run(cvpdf() + " " + dir + "/r.yaml -o " + dir + "/cv.pdf --set " + set);
    EXPECT_EQ(r.status, 1) << set << "\n" << r.err;
    EXPECT_EQ(r.err.rfind(std::string("--set ") + set + ": error: style key '", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("hint: "), std::string::npos) << r.err;
    EXPECT_FALSE(exists(dir + "/cv.pdf")) << set;
  }
}

TEST(InputText, SetOfTheWrongKindIsAnErrorThatNamesTheOption) {
  // A section given one value, a value given a list: errors at the option,
  // exit 1, nothing written (they were an "unknown style key" warning, or
  // nothing, and the PDF was written).
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person: {name: Ada}\nsections:\n  - title: T\n    entries: [Some text.]\n");
  const std::pair<const char*, const char*> sets[] = {
      {"page=1", "style key 'page' is a section of keys"},
      {"header=[a]", "style key 'header' is a section of keys"},
      {"text.size=[9pt]", "style key 'text.size' must be a length, got a list"},
  };
  for (const auto& [set, message] : sets) {
    Result r = run(cvpdf() + " " + dir + "/r.yaml -o " + dir + "/cv.pdf --set '" + set + "'");
    EXPECT_EQ(r.status, 1) << set << "\n" << r.err;
    EXPECT_EQ(r.err.rfind(std::string("--set ") + set + ": error: " + message, 0), 0u) << r.err;
    EXPECT_NE(r.err.find("hint: "), std::string::npos) << r.err;
    EXPECT_FALSE(exists(dir + "/cv.pdf")) << set;
  }
}

TEST(InputText, BinaryLayoutIsNamedNotEchoed) {
  std::string dir = temp_dir();
  write_file(dir + "/r.yaml", "person: {name: Ada}\nlayout: cv.pdf\n");
  write_file(dir + "/cv.pdf", std::string("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\x00\x1b\x07", 30));
  Result from_file = run(cvpdf() + " check " + dir + "/r.yaml");
  EXPECT_EQ(from_file.status, 1) << from_file.err;
  EXPECT_NE(from_file.err.find("r.yaml:2:9: error: " + dir + "/cv.pdf is not a theme file (it is not YAML text)"),
            std::string::npos)
      << from_file.err;
  EXPECT_EQ(from_file.err.find("obj"), std::string::npos) << from_file.err;

  Result program = run(cvpdf() + " check " + dir + "/r.yaml --layout /bin/ls");
  EXPECT_EQ(program.status, 1) << program.err;
  EXPECT_NE(program.err.find("/bin/ls is not a theme file (it is not YAML text)"), std::string::npos) << program.err;
  EXPECT_EQ(program.err.find("ELF"), std::string::npos) << program.err;
  EXPECT_EQ(control_bytes(program.err), "") << program.err;
}

TEST(InputText, JsonWithSurrogatePairEscapesRenders) {
  // Python's json.dumps writes non-BMP characters as surrogate pairs by default.
  std::string dir = temp_dir();
  write_file(dir + "/r.json",
             R"({"basics": {"name": "Ada Lovelace \ud83d\ude80", "summary": "Ships \ud83d\ude00 things."}})");
  Result r = run(cvpdf() + " " + dir + "/r.json -o " + dir + "/cv.pdf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(pdf_text(dir + "/cv.pdf").find("Ships"), std::string::npos);
}

}  // namespace
}  // namespace cvpdf::test
