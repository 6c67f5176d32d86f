// The well-known networks of a contact link (`{network: github, username:
// octocat}`): their names and aliases, how each builds its profile URL from
// the username, the checks a username must pass (ORCID's check digit,
// Mastodon's user@instance), and the icon (a Fork Awesome code point) the
// header sets for it. One table, read by the YAML schema (person.links) and
// by JSON Resume's basics.profiles.
#pragma once
#include <string>
#include <string_view>

namespace cvpdf::model {

struct Network {
  std::string_view name;     // as shown in messages and extracted text: "GitHub"
  std::string_view aliases;  // folded spellings, '|'-separated: "github"
  std::string_view prefix;   // the URL before the username; empty: the username is the URL
  char32_t icon = 0;         // Fork Awesome code point (fonts/forkawesome-webfont.ttf)
};

// The icons of the contact items that are not networks.
inline constexpr char32_t kIconEmail = 0xF0E0;     // envelope
inline constexpr char32_t kIconPhone = 0xF095;     // phone
inline constexpr char32_t kIconLocation = 0xF041;  // map-marker
inline constexpr char32_t kIconSite = 0xF0AC;      // globe: a site, a URL of no known network
inline constexpr char32_t kIconLink = 0xF0C1;      // link: a network without a glyph of its own

// The network written as `written`: case, spaces, '-', '_' and '.' do not
// matter ("Google Scholar", "googlescholar", "scholar"). Null when unknown.
const Network* find_network(std::string_view written);

// The network a URL's host belongs to ("https://github.com/x" → GitHub), for
// a link written with a URL only; null when none does.
const Network* network_of_url(std::string_view url);

// The profile URL of `username` on `network`, or "" with `problem` saying
// why the username cannot be one (a malformed ORCID iD, a Mastodon handle
// without an instance). A leading '@' is dropped where networks show one.
std::string network_url(const Network& network, std::string_view username, std::string& problem);

// Whether `id` is an ORCID iD: four groups of four digits, the last
// character a digit or X, which must be the ISO 7064 MOD 11-2 check digit.
bool valid_orcid(std::string_view id);

// The names of every known network, comma-separated, for messages and docs.
std::string known_networks();

}  // namespace cvpdf::model
