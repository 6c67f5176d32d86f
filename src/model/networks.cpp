// The network table (see networks.hpp). RenderCV's list (v2.8: LinkedIn,
// GitHub, GitLab, IMDB, Instagram, ORCID, Mastodon, StackOverflow,
// ResearchGate, YouTube, Google Scholar, Telegram, WhatsApp, Leetcode, X,
// Bluesky, Reddit) and the profiles JSON
// Resume files commonly name, with the URL forms those sites use.
#include "model/networks.hpp"

#include <array>
#include <cctype>

namespace cvpdf::model {

namespace {

// Icons a network has no glyph of in Fork Awesome 1.2 fall back to the link.
constexpr std::array kNetworks{
    Network{"GitHub", "github", "https://github.com/", 0xF09B},
    Network{"GitLab", "gitlab", "https://gitlab.com/", 0xF296},
    Network{"LinkedIn", "linkedin", "https://linkedin.com/in/", 0xF0E1},
    Network{"X", "x|twitter|xtwitter|twitterx", "https://x.com/", 0xF099},
    Network{"ORCID", "orcid", "https://orcid.org/", 0xF337},
    Network{"Google Scholar", "googlescholar|scholar", "https://scholar.google.com/citations?user=", 0xF19D},
    Network{"Stack Overflow", "stackoverflow|so", "https://stackoverflow.com/users/", 0xF16C},
    Network{"Mastodon", "mastodon", "", 0xF2E1},
    Network{"Website", "website|site|personalsite|personalwebsite|homepage|home|web|url|blog", "", kIconSite},
    Network{"ResearchGate", "researchgate", "https://researchgate.net/profile/", 0xF338},
    Network{"IMDb", "imdb", "https://imdb.com/name/", 0xF2D8},
    Network{"Instagram", "instagram", "https://instagram.com/", 0xF16D},
    Network{"YouTube", "youtube", "https://youtube.com/@", 0xF167},
    Network{"Telegram", "telegram", "https://t.me/", 0xF2C6},
    Network{"LeetCode", "leetcode", "https://leetcode.com/u/", 0xF121},
    Network{"Bluesky", "bluesky|bsky", "https://bsky.app/profile/", kIconLink},
    Network{"Hugging Face", "huggingface|hf", "https://huggingface.co/", kIconLink},
    Network{"Kaggle", "kaggle", "https://kaggle.com/", kIconLink},
    Network{"Zhihu", "zhihu|知乎", "https://zhihu.com/people/", kIconLink},
    Network{"Bilibili", "bilibili|哔哩哔哩", "https://space.bilibili.com/", kIconLink},
    Network{"Weibo", "weibo|微博", "https://weibo.com/", 0xF18A},
    Network{"Facebook", "facebook", "https://facebook.com/", 0xF09A},
    Network{"Medium", "medium", "https://medium.com/@", 0xF23A},
    Network{"DEV", "dev|devto", "https://dev.to/", 0xF316},
    Network{"Keybase", "keybase", "https://keybase.io/", 0xF2F4},
    Network{"Codeforces", "codeforces", "https://codeforces.com/profile/", kIconLink},
    Network{"DBLP", "dblp", "https://dblp.org/pid/", kIconLink},
    Network{"WhatsApp", "whatsapp|wa", "https://wa.me/", 0xF232},
    Network{"Reddit", "reddit", "https://reddit.com/user/", 0xF1A1},
};

// Networks whose profile pages show the username after an '@' the user may
// write or not.
bool at_is_optional(const Network& n) {
  return n.name == "X" || n.name == "YouTube" || n.name == "Medium" || n.name == "Instagram" ||
         n.name == "Telegram" || n.name == "GitHub" || n.name == "Bluesky";
}

// Lower-case ASCII with spaces, '-', '_' and '.' removed ("Google Scholar" → "googlescholar").
std::string fold(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == ' ' || c == '-' || c == '_' || c == '.' || c == '/') continue;
    out += static_cast<char>(std::tolower(c));
  }
  return out;
}

bool alias_of(const Network& n, const std::string& folded) {
  std::string_view rest = n.aliases;
  while (!rest.empty()) {
    const auto bar = rest.find('|');
    if (rest.substr(0, bar) == folded) return true;
    if (bar == std::string_view::npos) break;
    rest.remove_prefix(bar + 1);
  }
  return false;
}

// "https://www.github.com/x" → "github.com".
std::string_view host_of(std::string_view url) {
  if (auto scheme = url.find("://"); scheme != std::string_view::npos) url.remove_prefix(scheme + 3);
  url = url.substr(0, url.find_first_of("/?#"));
  if (url.substr(0, 4) == "www.") url.remove_prefix(4);
  return url;
}

}  // namespace

const Network* find_network(std::string_view written) {
  const std::string folded = fold(written);
  if (folded.empty()) return nullptr;
  for (const auto& n : kNetworks)
    if (alias_of(n, folded)) return &n;
  return nullptr;
}

const Network* network_of_url(std::string_view url) {
  const std::string_view host = host_of(url);
  if (host.empty()) return nullptr;
  for (const auto& n : kNetworks) {
    if (n.prefix.empty()) continue;
    const std::string_view h = host_of(n.prefix);
    if (host == h || (host.size() > h.size() && host.substr(host.size() - h.size()) == h &&
                      host[host.size() - h.size() - 1] == '.'))
      return &n;
  }
  return nullptr;
}

bool valid_orcid(std::string_view id) {
  if (id.size() != 19) return false;
  int total = 0;
  int digits = 0;
  for (std::size_t i = 0; i < id.size(); ++i) {
    const char c = id[i];
    if (i % 5 == 4) {
      if (c != '-') return false;
      continue;
    }
    if (digits == 15) {  // the check character
      const int remainder = total % 11;
      const int check = (12 - remainder) % 11;
      return check == 10 ? c == 'X' : c == static_cast<char>('0' + check);
    }
    if (c < '0' || c > '9') return false;
    total = (total + (c - '0')) * 2;
    ++digits;
  }
  return false;
}

std::string network_url(const Network& network, std::string_view username, std::string& problem) {
  problem.clear();
  std::string_view u = username;
  if (u.find("://") != std::string_view::npos) return std::string(u);  // a whole URL: as written
  if (network.name == "Mastodon") {
    // @user@instance or user@instance → https://instance/@user
    if (!u.empty() && u.front() == '@') u.remove_prefix(1);
    const auto at = u.find('@');
    if (at == std::string_view::npos || at == 0 || at + 1 == u.size() || u.find('@', at + 1) != std::string_view::npos) {
      problem = "a Mastodon username is written user@instance (e.g. @alice@mastodon.social)";
      return {};
    }
    return "https://" + std::string(u.substr(at + 1)) + "/@" + std::string(u.substr(0, at));
  }
  if (network.name == "ORCID") {
    std::string_view id = u;
    if (id.substr(0, 10) == "orcid.org/") id.remove_prefix(10);
    if (!valid_orcid(id)) {
      problem = "an ORCID iD is four groups of four digits, the last character a digit or X that checks the others "
                "(e.g. 0000-0002-1825-0097)";
      return {};
    }
    return std::string(network.prefix) + std::string(id);
  }
  if (network.name == "WhatsApp") {
    // A phone number in international form (+1 234-567-8900): wa.me takes its digits.
    std::string digits;
    for (char c : u) {
      if (c >= '0' && c <= '9') digits += c;
      else if (c != '+' && c != ' ' && c != '-' && c != '(' && c != ')' && c != '.') {
        problem = "a WhatsApp username is a phone number in international form (e.g. +1 234 567 8900)";
        return {};
      }
    }
    if (digits.size() < 6) {
      problem = "a WhatsApp username is a phone number in international form (e.g. +1 234 567 8900)";
      return {};
    }
    return std::string(network.prefix) + digits;
  }
  if (network.prefix.empty()) return std::string(u);  // a website: the username is the address
  if (at_is_optional(network) && !u.empty() && u.front() == '@') u.remove_prefix(1);
  if (u.empty()) {
    problem = "the username is empty";
    return {};
  }
  // A username is a path in the network's address (Stack Overflow's and
  // DBLP's hold a '/'): a space or a query or fragment mark would make
  // another address, or none.
  if (u.find_first_of(" \t\n?#") != std::string_view::npos) {
    problem = "a username has no spaces, '?' or '#'";
    return {};
  }
  return std::string(network.prefix) + std::string(u);
}

std::string known_networks() {
  std::string out;
  for (const auto& n : kNetworks) {
    if (!out.empty()) out += ", ";
    out += n.name;
  }
  return out;
}

}  // namespace cvpdf::model
