// cvpdf --pdfa end to end: the option reaches the writer (output intent and
// PDF/A identification in the file, qpdf --check clean) and is refused with
// a text output. The PDF/A objects themselves are checked in
// tests/unit/pdf/structure_test.cpp; whole files are validated by
// pdfa_validation_test.cpp (PDFBox's preflight and PDF/A-2u's own rules).
#include <gtest/gtest.h>

#include "run.hpp"

namespace cvpdf::test {
namespace {

TEST(PdfA, OptionWritesPdfA2u) {
  const std::string dir = temp_dir();
  const std::string pdf = dir + "/cv.pdf";
  const Result r = run(cvpdf() + " --pdfa " + source("examples/minimal.yaml") + " -o " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  const Result check = run("qpdf --check " + pdf);
  EXPECT_EQ(check.status, 0) << check.out << check.err;
  const std::string objects = pdf_objects(pdf);
  EXPECT_NE(objects.find("/S /GTS_PDFA1"), std::string::npos);
  EXPECT_NE(objects.find("<pdfaid:part>2</pdfaid:part>"), std::string::npos);
  EXPECT_NE(objects.find("<pdfaid:conformance>U</pdfaid:conformance>"), std::string::npos);
}

TEST(PdfA, TextOutputIsAUsageError) {
  const std::string dir = temp_dir();
  for (const std::string& output : {" --format txt -o " + dir + "/cv", " -o " + dir + "/cv.md"}) {
    const Result r = run(cvpdf() + " --pdfa " + source("examples/minimal.yaml") + output);
    EXPECT_EQ(r.status, 2) << output;
    EXPECT_NE(r.err.find("--pdfa"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace cvpdf::test
