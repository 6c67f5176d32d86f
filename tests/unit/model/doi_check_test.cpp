// A publication's DOI is checked for the DOI syntax (10.NNNN/suffix): a
// malformed one is a warning at its place in the file, and kept as written.
#include <gtest/gtest.h>

#include "model/loader.hpp"

namespace cvpdf::model {
namespace {

Diagnostics load_with_doi(const std::string& doi, std::optional<Resume>* out = nullptr) {
  Diagnostics diags;
  const std::string text = "person: {name: A}\nsections:\n  - title: Publications\n    entries:\n      - title: P\n"
                           "        doi: " + doi + "\n";
  auto resume = load_resume(text, "r.yaml", ".", diags);
  if (out) *out = std::move(resume);
  return diags;
}

TEST(DoiCheck, WellFormedDoisPassQuietly) {
  for (const char* doi : {"10.1145/3458817.3476209", "10.1109/HPCC-DSS-SmartCity-DependSys57074.2022.00093",
                          "https://doi.org/10.5555/fict.2023.0001", "doi:10.1000.10/abc", "10.12345/x(y)"}) {
    Diagnostics d = load_with_doi(doi);
    EXPECT_TRUE(d.all().empty()) << doi << ": " << (d.all().empty() ? "" : d.all().front().format());
  }
}

TEST(DoiCheck, AMalformedDoiWarnsAtItsPlace) {
  for (const char* doi : {"10.114/abc", "11.1145/abc", "10.1145", "10.1145/", "1145/abc", "10.1145./x", "N/A"}) {
    std::optional<Resume> resume;
    Diagnostics d = load_with_doi(doi, &resume);
    ASSERT_EQ(d.all().size(), 1u) << doi;
    EXPECT_EQ(d.all().front().severity, Severity::Warning) << doi;
    EXPECT_EQ(d.all().front().format().rfind("r.yaml:6:14: warning:", 0), 0u) << d.all().front().format();
    ASSERT_TRUE(resume) << doi;
  }
}

}  // namespace
}  // namespace cvpdf::model
