// The network table: every network builds its profile URL, names and aliases
// fold case and spacing, ORCID iDs are checked, and the loader turns
// `{network, username}` into a link (or a warning at the value).
#include <gtest/gtest.h>

#include "model/networks.hpp"
#include "test_support.hpp"

namespace cvpdf::model {
namespace {

using testing::load;

std::string url(std::string_view network, std::string_view username) {
  const Network* n = find_network(network);
  EXPECT_NE(n, nullptr) << network;
  if (!n) return {};
  std::string problem;
  std::string u = network_url(*n, username, problem);
  EXPECT_EQ(problem, "") << network << " " << username;
  return u;
}

TEST(Networks, EveryNetworkBuildsItsUrl) {
  EXPECT_EQ(url("GitHub", "octocat"), "https://github.com/octocat");
  EXPECT_EQ(url("GitLab", "octocat"), "https://gitlab.com/octocat");
  EXPECT_EQ(url("LinkedIn", "ada-lovelace"), "https://linkedin.com/in/ada-lovelace");
  EXPECT_EQ(url("X", "ada"), "https://x.com/ada");
  EXPECT_EQ(url("ORCID", "0000-0002-1825-0097"), "https://orcid.org/0000-0002-1825-0097");
  EXPECT_EQ(url("Google Scholar", "AbCdEf12345"), "https://scholar.google.com/citations?user=AbCdEf12345");
  EXPECT_EQ(url("StackOverflow", "22656/jon-skeet"), "https://stackoverflow.com/users/22656/jon-skeet");
  EXPECT_EQ(url("Mastodon", "@ada@mathstodon.xyz"), "https://mathstodon.xyz/@ada");
  EXPECT_EQ(url("Mastodon", "ada@mathstodon.xyz"), "https://mathstodon.xyz/@ada");
  EXPECT_EQ(url("website", "ada.example.org"), "ada.example.org");  // the loader adds https://
  EXPECT_EQ(url("ResearchGate", "Ada-Lovelace"), "https://researchgate.net/profile/Ada-Lovelace");
  EXPECT_EQ(url("IMDB", "nm0000001"), "https://imdb.com/name/nm0000001");
  EXPECT_EQ(url("Instagram", "ada"), "https://instagram.com/ada");
  EXPECT_EQ(url("YouTube", "@ada"), "https://youtube.com/@ada");
  EXPECT_EQ(url("Telegram", "ada"), "https://t.me/ada");
  EXPECT_EQ(url("Leetcode", "ada"), "https://leetcode.com/u/ada");
  EXPECT_EQ(url("Bluesky", "ada.bsky.social"), "https://bsky.app/profile/ada.bsky.social");
  EXPECT_EQ(url("Hugging Face", "ada"), "https://huggingface.co/ada");
  EXPECT_EQ(url("Kaggle", "ada"), "https://kaggle.com/ada");
  EXPECT_EQ(url("Zhihu", "ada"), "https://zhihu.com/people/ada");
  EXPECT_EQ(url("Bilibili", "12345"), "https://space.bilibili.com/12345");
  EXPECT_EQ(url("Weibo", "12345"), "https://weibo.com/12345");
  EXPECT_EQ(url("Facebook", "ada"), "https://facebook.com/ada");
  EXPECT_EQ(url("Medium", "ada"), "https://medium.com/@ada");
  EXPECT_EQ(url("dev.to", "ada"), "https://dev.to/ada");
  EXPECT_EQ(url("Keybase", "ada"), "https://keybase.io/ada");
  EXPECT_EQ(url("Codeforces", "ada"), "https://codeforces.com/profile/ada");
  EXPECT_EQ(url("DBLP", "12/3456"), "https://dblp.org/pid/12/3456");
  // A whole address as the username is kept as written.
  EXPECT_EQ(url("GitHub", "https://github.com/octocat"), "https://github.com/octocat");
}

TEST(Networks, NamesFoldCaseSpacesAndAliases) {
  const Network* scholar = find_network("Google Scholar");
  ASSERT_NE(scholar, nullptr);
  EXPECT_EQ(find_network("GoogleScholar"), scholar);
  EXPECT_EQ(find_network("scholar"), scholar);
  EXPECT_EQ(find_network("google-scholar"), scholar);
  EXPECT_EQ(find_network("Twitter"), find_network("X"));
  EXPECT_EQ(find_network("x"), find_network("X"));
  EXPECT_EQ(find_network("Stack Overflow"), find_network("stackoverflow"));
  EXPECT_EQ(find_network("HOMEPAGE"), find_network("website"));
  EXPECT_EQ(find_network("Personal Site"), find_network("website"));
  EXPECT_EQ(find_network("myspace"), nullptr);
  EXPECT_EQ(find_network(""), nullptr);
  EXPECT_EQ(find_network("GITHUB")->name, "GitHub");
}

TEST(Networks, UrlHostsNameTheirNetwork) {
  EXPECT_EQ(network_of_url("https://github.com/octocat"), find_network("github"));
  EXPECT_EQ(network_of_url("https://www.linkedin.com/in/ada"), find_network("linkedin"));
  EXPECT_EQ(network_of_url("https://scholar.google.com/citations?user=x"), find_network("scholar"));
  EXPECT_EQ(network_of_url("https://ada.example.org"), nullptr);
  EXPECT_EQ(network_of_url("https://notgithub.com/x"), nullptr);  // a suffix only at a dot
}

TEST(Networks, OrcidCheckDigit) {
  EXPECT_TRUE(valid_orcid("0000-0002-1825-0097"));  // ORCID's own example
  EXPECT_TRUE(valid_orcid("0000-0001-5109-3700"));
  EXPECT_TRUE(valid_orcid("0000-0002-1694-233X"));  // X: check value 10
  EXPECT_FALSE(valid_orcid("0000-0002-1825-0098"));  // wrong check digit
  EXPECT_FALSE(valid_orcid("0000-0002-1694-2339"));
  EXPECT_FALSE(valid_orcid("0000000218250097"));     // no hyphens
  EXPECT_FALSE(valid_orcid("0000-0002-1825-009"));   // short
  EXPECT_FALSE(valid_orcid("000a-0002-1825-0097"));
  std::string problem;
  EXPECT_EQ(network_url(*find_network("orcid"), "0000-0002-1825-0098", problem), "");
  EXPECT_NE(problem.find("four groups of four digits"), std::string::npos);
  EXPECT_EQ(network_url(*find_network("mastodon"), "ada", problem), "");
  EXPECT_NE(problem.find("user@instance"), std::string::npos);
  // A username is a path in the address: "a/b c" would build another address.
  for (const char* bad : {"a/b c", "octo cat", "octo?tab=repos", "octo#x"}) {
    EXPECT_EQ(network_url(*find_network("github"), bad, problem), "") << bad;
    EXPECT_NE(problem.find("no spaces"), std::string::npos) << bad;
  }
  EXPECT_EQ(network_url(*find_network("github"), "octocat", problem), "https://github.com/octocat");
}

TEST(Networks, KnownNetworksCoverRenderCvsList) {
  const std::string known = known_networks();
  for (const char* name : {"LinkedIn", "GitHub", "GitLab", "IMDb", "Instagram", "ORCID", "Mastodon", "Stack Overflow",
                           "ResearchGate", "YouTube", "Google Scholar", "Telegram", "LeetCode", "X"})
    EXPECT_NE(known.find(name), std::string::npos) << name;
}

TEST(Networks, LoaderBuildsLinksFromNetworkAndUsername) {
  auto l = load(R"(person:
  name: Ada
  links:
    - {network: github, username: octocat}
    - {network: Google Scholar, username: AbC123, label: Scholar}
    - {network: website, username: ada.example.org}
    - {network: GitHub, username: someone, url: https://example.org/me}
    - {label: Plain text}
sections: []
)");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_TRUE(l.diags.all().empty()) << l.dump();
  const auto& links = l.resume->person.links;
  ASSERT_EQ(links.size(), 5u);
  EXPECT_EQ(links[0].url, "https://github.com/octocat");
  EXPECT_EQ(links[0].label.get("en", "en"), "octocat");  // the username is the label
  EXPECT_EQ(links[0].network, "GitHub");
  EXPECT_EQ(links[1].url, "https://scholar.google.com/citations?user=AbC123");
  EXPECT_EQ(links[1].label.get("en", "en"), "Scholar");
  EXPECT_EQ(links[2].url, "https://ada.example.org");
  EXPECT_EQ(links[3].url, "https://example.org/me");  // a written URL wins
  EXPECT_EQ(links[4].url, "");
  EXPECT_EQ(links[4].network, "");
}

TEST(Networks, UnknownNetworkAndBadUsernameWarnAtTheValue) {
  auto l = load(R"(person:
  name: Ada
  links:
    - {network: myspace, username: ada}
    - {network: orcid, username: 0000-0002-1825-0098}
    - {network: myspace, username: ada, url: https://myspace.example/ada}
sections: []
)");
  ASSERT_TRUE(l.resume) << l.dump();
  const Diagnostic* unknown = l.warning("the network 'myspace' is not one cvpdf knows");
  ASSERT_NE(unknown, nullptr) << l.dump();
  EXPECT_EQ(unknown->span.line, 4);
  EXPECT_EQ(unknown->span.column, 17);
  EXPECT_NE(unknown->hint.find("GitHub, GitLab, LinkedIn"), std::string::npos);
  const Diagnostic* orcid = l.warning("cannot be a username on ORCID");
  ASSERT_NE(orcid, nullptr) << l.dump();
  EXPECT_EQ(orcid->span.line, 5);
  EXPECT_EQ(l.diags.all().size(), 2u) << l.dump();  // a URL given: no warning for the unknown network
  const auto& links = l.resume->person.links;
  ASSERT_EQ(links.size(), 3u);
  EXPECT_EQ(links[0].url, "");  // shown as text
  EXPECT_EQ(links[0].label.get("en", "en"), "ada");
  EXPECT_EQ(links[1].url, "");
  EXPECT_EQ(links[2].url, "https://myspace.example/ada");
}

TEST(Networks, JsonResumeProfilesUseTheTable) {
  auto l = load(R"({"basics": {"name": "Ada", "profiles": [
    {"network": "GitHub", "username": "octocat"},
    {"network": "Mastodon", "username": "@ada@mathstodon.xyz"},
    {"network": "Myspace", "username": "ada", "url": "https://myspace.example/ada"}]}})",
                "resume.json");
  ASSERT_TRUE(l.resume) << l.dump();
  EXPECT_TRUE(l.diags.all().empty()) << l.dump();
  const auto& links = l.resume->person.links;
  ASSERT_EQ(links.size(), 3u);
  EXPECT_EQ(links[0].url, "https://github.com/octocat");
  EXPECT_EQ(links[0].label.get("en", "en"), "octocat");
  EXPECT_EQ(links[1].url, "https://mathstodon.xyz/@ada");
  EXPECT_EQ(links[2].label.get("en", "en"), "Myspace: ada");  // an unknown network keeps its name, and the username
  EXPECT_EQ(links[2].url, "https://myspace.example/ada");
}

}  // namespace
}  // namespace cvpdf::model
