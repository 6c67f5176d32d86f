// A publication's citation parts (compose/citation.hpp): the full citation
// as references print it, and nothing bare when the entry lacks parts — a
// DOI alone is shown whatever publications.show-doi says.
#include <gtest/gtest.h>

#include "compose/citation.hpp"

namespace cvpdf::compose {
namespace {

std::string joined(const std::vector<CitationPart>& parts) {
  std::string s;
  for (const auto& p : parts) s += p.lead + p.text;
  return s;
}

TEST(Citation, AFullCitationReadsAsReferencesPrintIt) {
  const CitationFields f{"A. Example, B. Other", "A. Example", "A Paper", "HPCC", "2022", "10.1145/1"};
  EXPECT_EQ(joined(citation_parts(f, false)), "A. Example, B. Other. A Paper. HPCC, 2022.");
  const auto parts = citation_parts(f, true);
  EXPECT_EQ(joined(parts), "A. Example, B. Other. A Paper. HPCC, 2022. doi:10.1145/1");
  ASSERT_FALSE(parts.empty());
  EXPECT_EQ(parts.front().kind, CitationPart::Kind::Me);  // the résumé's own name, set in bold
  EXPECT_EQ(parts.back().kind, CitationPart::Kind::Doi);
  EXPECT_EQ(doi_url("10.1145/1"), "https://doi.org/10.1145/1");
}

TEST(Citation, ADoiAloneIsShownEvenWithShowDoiOff) {
  const CitationFields f{"", "", "", "", "", "10.1145/3000001"};
  const auto parts = citation_parts(f, false);
  ASSERT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0].kind, CitationPart::Kind::Doi);
  EXPECT_EQ(parts[0].text, "doi:10.1145/3000001");
  EXPECT_TRUE(citation_parts(CitationFields{}, true).empty());
}

TEST(Citation, MissingPartsLeaveNoStrayStops) {
  EXPECT_EQ(joined(citation_parts({"", "", "Only a title", "", "", ""}, false)), "Only a title.");
  EXPECT_EQ(joined(citation_parts({"", "", "Why?", "SC", "", ""}, false)), "Why? SC.");
  EXPECT_EQ(joined(citation_parts({"A. Example", "", "", "", "2020", ""}, false)), "A. Example. 2020.");
  EXPECT_EQ(joined(citation_parts({"A. Example", "", "", "", "", ""}, false)), "A. Example.");
  EXPECT_EQ(joined(citation_parts({"", "", "", "HPCC", "2022", "10.1/x"}, true)), "HPCC, 2022. doi:10.1/x");
}

TEST(Citation, NoDoubleStops) {
  EXPECT_EQ(joined(citation_parts({"", "", "Title.", "SC", "2020", ""}, false)), "Title. SC, 2020.");
  EXPECT_EQ(joined(citation_parts({"", "", "Really?", "", "", ""}, false)), "Really?");
  EXPECT_EQ(joined(citation_parts({"", "", "Go!", "SC", "", ""}, false)), "Go! SC.");
  EXPECT_EQ(joined(citation_parts({"", "", "\u201CQuoted.\u201D", "", "", ""}, false)), "\u201CQuoted.\u201D");
  EXPECT_EQ(joined(citation_parts({"A. Example et al.", "", "A Paper", "", "", ""}, false)), "A. Example et al. A Paper.");
  EXPECT_EQ(joined(citation_parts({"A. Example et al.", "", "", "HPCC", "", ""}, false)), "A. Example et al. HPCC.");
  EXPECT_EQ(joined(citation_parts({"", "", "A Paper", "Proc. ACM Symp.", "", ""}, false)), "A Paper. Proc. ACM Symp.");
  EXPECT_EQ(joined(citation_parts({"", "", "论文。", "", "", ""}, false)), "论文。");
  EXPECT_EQ(with_stop("Title"), "Title.");
  EXPECT_EQ(with_stop("Title."), "Title.");
  EXPECT_EQ(with_stop("Title?"), "Title?");
}

TEST(Citation, TheYearOnceWhenTheVenueNamesIt) {
  EXPECT_EQ(joined(citation_parts({"", "", "A Paper", "ICML 2022", "2022", ""}, false)), "A Paper. ICML 2022.");
  EXPECT_EQ(joined(citation_parts({"", "", "A Paper", "SC'22", "2022", ""}, false)), "A Paper. SC'22, 2022.");
  EXPECT_EQ(joined(citation_parts({"", "", "A Paper", "Room 120223", "2022", ""}, false)), "A Paper. Room 120223, 2022.");
  EXPECT_TRUE(names_year("Proc. HPCC 2022 (Hainan)", "2022"));
  EXPECT_FALSE(names_year("HPCC 20221", "2022"));
}

TEST(Citation, DoiForms) {
  const CitationFields f{"", "", "A Paper", "", "", "10.1145/1"};
  EXPECT_EQ(joined(citation_parts(f, true, DoiForm::Doi)), "A Paper. doi:10.1145/1");
  EXPECT_EQ(joined(citation_parts(f, true, DoiForm::Url)), "A Paper. https://doi.org/10.1145/1");
  EXPECT_EQ(doi_form("url"), DoiForm::Url);
  EXPECT_EQ(doi_form("doi"), DoiForm::Doi);
}

}  // namespace
}  // namespace cvpdf::compose
