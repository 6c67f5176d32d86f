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

// A part that ends in its own stop takes no other; a year the venue names
// is not printed again.
TEST(Citation, OneStopAndOneYear) {
  const std::vector<std::pair<CitationFields, std::string>> cases = {
      {{"", "", "Title.", "SC", "2020", ""}, "Title. SC, 2020."},
      {{"", "", "Really?", "", "", ""}, "Really?"},
      {{"", "", "Go!", "SC", "", ""}, "Go! SC."},
      {{"", "", "\u201CQuoted.\u201D", "", "", ""}, "\u201CQuoted.\u201D"},
      {{"A. Example et al.", "", "A Paper", "", "", ""}, "A. Example et al. A Paper."},
      {{"A. Example et al.", "", "", "HPCC", "", ""}, "A. Example et al. HPCC."},
      {{"", "", "A Paper", "Proc. ACM Symp.", "", ""}, "A Paper. Proc. ACM Symp."},
      {{"", "", "论文。", "", "", ""}, "论文。"},
      {{"", "", "A Paper", "ICML 2022", "2022", ""}, "A Paper. ICML 2022."},
      {{"", "", "A Paper", "SC'22", "2022", ""}, "A Paper. SC'22, 2022."},
      {{"", "", "A Paper", "Room 120223", "2022", ""}, "A Paper. Room 120223, 2022."},
      // Markup is judged as the reader sees it: *Title.* ends with its stop.
      {{"", "", "*Emphasised.*", "SC", "", ""}, "*Emphasised.* SC."},
      {{"", "", "**Bold**", "SC", "", ""}, "**Bold**. SC."},
  };
  for (const auto& [fields, expected] : cases) EXPECT_EQ(joined(citation_parts(fields, false)), expected) << expected;
  EXPECT_EQ(with_stop("Title"), "Title.");
  EXPECT_EQ(with_stop("Title."), "Title.");
  EXPECT_EQ(with_stop("Title?"), "Title?");
  EXPECT_TRUE(names_year("Proc. HPCC 2022 (Hainan)", "2022"));
  EXPECT_FALSE(names_year("HPCC 20221", "2022"));
}

TEST(Citation, DoiForms) {
  const CitationFields f{"", "", "A Paper", "", "", "10.1145/1"};
  EXPECT_EQ(joined(citation_parts(f, true, DoiForm::Doi)), "A Paper. doi:10.1145/1");
  EXPECT_EQ(joined(citation_parts(f, true, DoiForm::Url)), "A Paper. https://doi.org/10.1145/1");
}

}  // namespace
}  // namespace cvpdf::compose
