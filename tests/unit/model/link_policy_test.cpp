// The link rule (model/link_policy.hpp) on its own, and on every field of
// every input format that becomes a link: only http, https, mailto and tel
// reach the PDF; anything else is warned of at its place and left as text.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "model/link_policy.hpp"
#include "test_support.hpp"

namespace cvpdf::model {
namespace {

using testing::load;

TEST(LinkPolicy, KeepsWebMailAndPhoneAddressesAndRefusesTheRest) {
  const std::pair<const char*, const char*> kept[] = {
      {"https://example.com/x", "https://example.com/x"}, {"HTTP://example.com", "HTTP://example.com"},
      {"mailto:a@b.c", "mailto:a@b.c"},                   {"tel:+15551234", "tel:+15551234"},
      {"example.com/x", "https://example.com/x"},         {"localhost:8080/x", "https://localhost:8080/x"},
      {"  example.com  ", "https://example.com"},
  };
  for (const auto& [written, uri] : kept) {
    bool allowed = false;
    EXPECT_EQ(link_uri(written, &allowed), uri) << written;
    EXPECT_TRUE(allowed) << written;
  }
  for (const char* written : {"javascript:app.alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,hi", "file:///etc/passwd",
                              "ftp://x", "vbscript:x", "#top", "/etc/passwd", "", "   ", "x://y"}) {
    bool allowed = true;
    EXPECT_EQ(link_uri(written, &allowed), "") << written;
    EXPECT_FALSE(allowed) << written;
  }
  EXPECT_TRUE(linkable_email("a@example.com"));
  for (const char* address : {"javascript:alert(1)", "a@b@c", "@b.c", "a@", "a b@c.d", "mailto:x@y", "no-at-sign"})
    EXPECT_FALSE(linkable_email(address)) << address;
}

// A scheme one edit from a linked one is a typo, said with the address it
// was probably meant as; another scheme is refused as itself.
TEST(LinkPolicy, CallsASchemeOneEditFromALinkedOneATypo) {
  for (const auto& [written, meant] : std::vector<std::pair<std::string, std::string>>{
           {"htps://example.com", "'https://example.com'"},
           {"htpts://example.com", "'https://example.com'"},
           {"HTTPX://example.com", "'https://example.com'"},
           {"mailt:a@example.com", "'mailto:a@example.com'"},
           {"te:+15550100", "'tel:+15550100'"}}) {
    EXPECT_TRUE(link_uri(written).empty()) << written;
    const RefusedLink why = refused_link(written);
    EXPECT_NE(why.message.find("probably a typo"), std::string::npos) << why.message;
    EXPECT_EQ(why.hint, "did you mean " + meant + "?") << written;
    EXPECT_EQ(refused_link(written, true).message.rfind("markup: ", 0), 0U);
  }
  for (const char* other : {"javascript:alert(1)", "ftp://example.com", "data:text/html,x", "file:///etc/passwd"})
    EXPECT_EQ(refused_link(other).message.find("typo"), std::string::npos) << other;
}

// An address no browser opens is no link, and each line a link fills would
// carry it: over kMaxLinkBytes a target is refused, and said so by length.
TEST(LinkPolicy, RefusesAnAddressLongerThanAnyClientOpens) {
  const std::string longest = "https://e.com/" + std::string(kMaxLinkBytes - 14, 'a');
  bool allowed = false;
  EXPECT_TRUE(link_uri(longest, &allowed) == longest);
  EXPECT_TRUE(allowed);
  for (const std::string& written : {longest + "a", "e.com/" + std::string(kMaxLinkBytes - 12, 'a')}) {
    EXPECT_TRUE(link_uri(written, &allowed).empty());
    EXPECT_FALSE(allowed);
    const RefusedLink why = refused_link(written);
    EXPECT_NE(why.message.find("bytes long"), std::string::npos) << why.message;
    EXPECT_LT(why.message.size(), 200U) << "the message quotes the whole address";
  }
  EXPECT_FALSE(linkable_email(std::string(kMaxLinkBytes, 'a') + "@b.c"));
  EXPECT_NE(refused_link("javascript:x").message.find("only http"), std::string::npos);
  EXPECT_EQ(refused_link("javascript:x", true).message.rfind("markup: ", 0), 0U);

  auto r = load("languages: [en]\nperson:\n  name: A\n  email: \"" + std::string(9000, 'a') +
                "@b.c\"\n  links: [{label: L, url: \"https://e.com/" + std::string(9000, 'b') +
                "\"}]\nsections: [{title: S, text: x}]\n");
  ASSERT_TRUE(r.resume) << r.dump();
  EXPECT_TRUE(r.resume->person.email.empty()) << "the e-mail is printed, not linked";
  std::size_t said = 0;
  for (const auto& d : r.diags.all())
    if (d.message.find("bytes long") != std::string::npos) ++said;
  EXPECT_EQ(said, 2U);
}

// Every URL the PDF's links carry, and the warnings of refused ones.
std::vector<std::string> uris(const Resume& r) {
  std::vector<std::string> out;
  for (const auto& l : r.person.links)
    if (!l.url.empty()) out.push_back(l.url);
  for (const auto& s : r.sections)
    for (const auto& e : s.entries) {
      if (const auto* item = e.as<ItemEntry>())
        for (const auto& l : item->links)
          if (!l.url.empty()) out.push_back(l.url);
      if (const auto* paper = e.as<PublicationEntry>(); paper && !paper->url.empty()) out.push_back(paper->url);
    }
  return out;
}

TEST(LinkPolicy, EveryFormatsEveryLinkFieldIsHeldToIt) {
  // cvpdf YAML: person.links (mapping, scalar, a website "username"), an
  // entry's links, a publication's url, the e-mail.
  auto yaml = load(
      "languages: [en]\nperson:\n  name: A\n  email: \"javascript:alert(1)\"\n  links:\n"
      "    - {label: Home, url: \"file:///etc/passwd\"}\n    - \"javascript:app.alert(1)\"\n"
      "    - {network: website, username: \"JaVaScRiPt:alert(1)\"}\n    - {label: Ok, url: example.com}\n"
      "sections:\n  - title: S\n    entries:\n"
      "      - {org: B, links: [{label: X, url: \"ftp://x\"}]}\n"
      "      - {title: T, authors: A, venue: V, year: 2020, url: \"data:text/html,hi\"}\n");
  ASSERT_TRUE(yaml.resume) << yaml.dump();
  EXPECT_EQ(uris(*yaml.resume), std::vector<std::string>{"https://example.com"}) << yaml.dump();
  EXPECT_EQ(yaml.resume->person.email, "");
  EXPECT_NE(yaml.warning("'email' is not an e-mail address ('javascript:alert(1)')"), nullptr) << yaml.dump();
  for (const char* refused : {"file:///etc/passwd", "javascript:app.alert(1)", "JaVaScRiPt:alert(1)", "ftp://x",
                              "data:text/html,hi"})
    EXPECT_NE(yaml.warning(std::string("the link to '") + refused + "' is not set"), nullptr) << refused << yaml.dump();
  // The refused addresses stay as text: the e-mail among the links, labels kept.
  ASSERT_FALSE(yaml.resume->person.links.empty());
  EXPECT_EQ(yaml.resume->person.links.front().label.get("en", "en"), "javascript:alert(1)");

  // JSON Resume: basics.url, basics.email, a profile's url, a work url.
  auto json = load(
      "{\"basics\": {\"name\": \"A\", \"email\": \"javascript:alert(1)\", \"url\": \"javascript:app.alert(1)\",\n"
      " \"profiles\": [{\"network\": \"X\", \"url\": \"file:///etc/passwd\"}]},\n"
      " \"work\": [{\"name\": \"B\", \"url\": \"data:,x\"}, {\"name\": \"C\", \"url\": \"https://c.example\"}]}\n",
      "r.json");
  ASSERT_TRUE(json.resume) << json.dump();
  EXPECT_EQ(uris(*json.resume), std::vector<std::string>{"https://c.example"}) << json.dump();
  EXPECT_EQ(json.resume->person.email, "");

  // RenderCV: website, a custom connection, a publication's url.
  auto rendercv = load(
      "cv:\n  name: A\n  email: a@example.com\n  website: \"javascript:alert(1)\"\n  custom_connections:\n"
      "    - {placeholder: P, url: \"file:///x\"}\n  sections:\n    papers:\n"
      "      - {title: T, authors: [A], url: \"ftp://x\"}\n",
      "cv.yaml");
  ASSERT_TRUE(rendercv.resume) << rendercv.dump();
  EXPECT_TRUE(uris(*rendercv.resume).empty()) << rendercv.dump();
  EXPECT_EQ(rendercv.resume->person.email, "a@example.com");
}

}  // namespace
}  // namespace cvpdf::model

namespace cvpdf::model {
namespace {

TEST(ShownAddress, IsTheHostAndAShortPathWithoutSchemeWwwQueryOrFinalSlash) {
  EXPECT_EQ(shown_address("https://www.example.com/"), "example.com");
  EXPECT_EQ(shown_address("https://github.com/tsj/cvpdf?tab=readme#top"), "github.com/tsj/cvpdf");
  EXPECT_EQ(shown_address("HTTP://Example.com/a/b/"), "Example.com/a/b");
  // A long path would wrap an entry's head over lines: the host alone.
  EXPECT_EQ(shown_address("https://github.com/some-organisation/a-very-long-repository-name"), "github.com");
  EXPECT_EQ(shown_address("https://example.com:8080/x"), "example.com:8080/x");
  EXPECT_EQ(shown_address("mailto:me@example.com"), "me@example.com");
  EXPECT_EQ(shown_address("tel:+44 20 7946 0958"), "+44 20 7946 0958");
  // Nothing after the scheme, or not a web address: as written.
  EXPECT_EQ(shown_address("https://"), "https://");
  EXPECT_EQ(shown_address("example"), "example");
}

}  // namespace
}  // namespace cvpdf::model
