// End to end: a publication's citation in the PDF and in the text and
// Markdown exports — a DOI alone is shown (never a bare "[1] ."), and with
// publications.show-doi the exports carry the DOI the PDF shows.
#include <gtest/gtest.h>

#include "pdf_boxes.hpp"
#include "run.hpp"

namespace cvpdf::test {
namespace {

const char* kResume = R"(person:
  name: Ada Example
sections:
  - title: Publications
    entries:
      - {title: "", doi: 10.1145/3000001}
      - {title: "A Paper", authors: "A. Example, B. Other", me: "A. Example", venue: HPCC, year: 2022, doi: 10.1145/1}
)";

struct Outputs {
  std::string pdf_text, txt, md;
};

Outputs render(const std::string& options) {
  const std::string dir = temp_dir();
  write_file(dir + "/cv.yaml", kResume);
  Outputs out;
  for (const std::string format : {"pdf", "txt", "md"}) {
    const Result r = run(cvpdf() + " -q " + options + " '" + dir + "/cv.yaml' -o '" + dir + "/cv." + format + "'");
    EXPECT_EQ(r.status, 0) << r.err;
  }
  out.pdf_text = run("pdftotext -enc UTF-8 '" + dir + "/cv.pdf' -").out;
  out.txt = read_file(dir + "/cv.txt");
  out.md = read_file(dir + "/cv.md");
  return out;
}

TEST(PublicationOutput, ADoiAloneIsShownNotABareNumber) {
  const Outputs o = render("");  // publications.show-doi is false in classic
  EXPECT_NE(o.pdf_text.find("[1] doi:10.1145/3000001"), std::string::npos) << o.pdf_text;
  EXPECT_EQ(o.pdf_text.find("[1] ."), std::string::npos) << o.pdf_text;
  EXPECT_NE(o.txt.find("[1] doi:10.1145/3000001\n"), std::string::npos) << o.txt;
  EXPECT_NE(o.md.find("1. [doi:10.1145/3000001](https://doi.org/10.1145/3000001)\n"), std::string::npos) << o.md;
  // The other entry's DOI stays where show-doi puts it: only in its link.
  EXPECT_EQ(o.pdf_text.find("doi:10.1145/1\n"), std::string::npos) << o.pdf_text;
  EXPECT_NE(o.txt.find("[2] A. Example, B. Other. A Paper <https://doi.org/10.1145/1>. HPCC, 2022.\n"),
            std::string::npos) << o.txt;
}

TEST(PublicationOutput, TheExportsCarryTheDoiThePdfShows) {
  const Outputs o = render("--set publications.show-doi=true");
  EXPECT_NE(folded(o.pdf_text).find(folded("HPCC, 2022. doi:10.1145/1")), std::string::npos) << o.pdf_text;
  EXPECT_NE(o.txt.find("HPCC, 2022. doi:10.1145/1\n"), std::string::npos) << o.txt;
  EXPECT_NE(o.md.find("*HPCC*, 2022. [doi:10.1145/1](https://doi.org/10.1145/1)\n"), std::string::npos) << o.md;
}

}  // namespace
}  // namespace cvpdf::test
