// The link rule (see link_policy.hpp) and its pass over a loaded résumé.
#include "model/link_policy.hpp"

#include <algorithm>
#include <cctype>
#include <type_traits>

namespace cvpdf::model {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A target quoted in a message: its first 60 bytes (whole characters).
std::string quoted(std::string_view written) {
  constexpr std::size_t kQuoted = 60;
  written = trim(written);
  if (written.size() <= kQuoted) return std::string(written);
  std::size_t cut = kQuoted;
  while (cut > 0 && (static_cast<unsigned char>(written[cut]) & 0xC0) == 0x80) --cut;
  return std::string(written.substr(0, cut)) + "…";
}

}  // namespace

namespace {

// link_uri's rule on the scheme alone: the address to link, or "".
std::string by_scheme(std::string_view written) {
  const std::string_view s = trim(written);
  if (s.empty() || s.front() == '#' || s.front() == '/') return {};
  // A scheme is letters, digits, + - . before the first ':' (RFC 3986);
  // one with a dot in it is a host with a port (example.com:8080), and a
  // digit after the colon is a port too (localhost:8080/x).
  const std::size_t colon = s.find(':');
  if (colon != std::string_view::npos && colon > 0 && alpha(s[0])) {
    const std::string scheme = lower(s.substr(0, colon));
    const bool scheme_like =
        std::all_of(scheme.begin(), scheme.end(), [](char c) { return alpha(c) || digit(c) || c == '+' || c == '-'; });
    if (scheme_like) {
      if (scheme == "http" || scheme == "https" || scheme == "mailto" || scheme == "tel") return std::string(s);
      const bool port = colon + 1 < s.size() && digit(s[colon + 1]);
      if (!port) return {};
    }
  }
  if (s.find("://") != std::string_view::npos) return {};
  return "https://" + std::string(s);
}

// The linked scheme `written`'s scheme is one edit from ("htps:",
// "mailt:", "htpt:"), or "" — a scheme of its own (javascript:, ftp:) is
// refused as one, not taken for a typo.
std::string misspelt_scheme(std::string_view written) {
  const std::string_view s = trim(written);
  const std::size_t colon = s.find(':');
  if (colon == std::string_view::npos || colon == 0) return {};
  const std::string scheme = lower(s.substr(0, colon));
  for (const char* linked : {"https", "http", "mailto", "tel"})
    if (scheme != linked && edit_distance(scheme, linked) == 1) return linked;
  return {};
}

}  // namespace

std::string link_uri(std::string_view written, bool* allowed) {
  std::string uri = by_scheme(written);
  if (uri.size() > kMaxLinkBytes) uri.clear();
  if (allowed) *allowed = !uri.empty();
  return uri;
}

RefusedLink refused_link(std::string_view written, bool markup) {
  const std::string prefix = markup ? "markup: " : "";
  const std::size_t bytes = by_scheme(written).size();
  if (bytes > kMaxLinkBytes)
    return {prefix + "the link to '" + quoted(written) + "' is not set: it is " + std::to_string(bytes) +
                " bytes long, and an address takes at most " + std::to_string(kMaxLinkBytes),
            "shorten it: no browser or mail client opens an address that long"};
  if (const std::string meant = misspelt_scheme(written); !meant.empty()) {
    const std::string_view s = trim(written);
    const std::string fixed = meant + std::string(s.substr(s.find(':')));
    return {prefix + "the link to '" + quoted(written) + "' is not set: '" + std::string(s.substr(0, s.find(':') + 1)) +
                "' is not a scheme, probably a typo of '" + meant + ":'",
            "did you mean '" + quoted(fixed) + "'?"};
  }
  return {prefix + "the link to '" + quoted(written) + "' is not set: only http, https, mailto and tel addresses are",
          markup ? "write the address in full, e.g. [label](https://example.com)"
                 : "write the address in full, e.g. https://example.com"};
}

std::string shown_address(std::string_view uri) {
  const std::string_view s = trim(uri);
  const std::string scheme = lower(s.substr(0, s.find(':') == std::string_view::npos ? 0 : s.find(':') + 1));
  if (scheme == "mailto:" || scheme == "tel:") return std::string(s.substr(scheme.size()));
  const std::size_t slashes = s.find("://");
  if (slashes == std::string_view::npos || (scheme != "http:" && scheme != "https:")) return std::string(s);
  std::string_view rest = s.substr(slashes + 3);
  rest = rest.substr(0, rest.find_first_of("?#"));
  if (lower(rest.substr(0, 4)) == "www.") rest.remove_prefix(4);
  while (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
  if (rest.empty()) return std::string(s);
  if (rest.size() <= kShortAddress) return std::string(rest);
  return std::string(rest.substr(0, rest.find('/')));
}

bool linkable_email(std::string_view address) {
  const std::string_view s = trim(address);
  if (s.size() + std::string_view("mailto:").size() > kMaxLinkBytes) return false;
  const std::size_t at = s.find('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == s.size() || s.find('@', at + 1) != std::string_view::npos)
    return false;
  if (std::any_of(s.begin(), s.end(), [](char c) { return blank(c) || c == ':' || c == '/' || c == '<' || c == '>'; }))
    return false;
  return true;
}

void apply_link_policy(Resume& resume, Diagnostics& diags) {
  auto check_links = [&](std::vector<Link>& links) {
    for (Link& link : links) {
      if (link.url.empty()) continue;
      bool allowed = true;
      std::string uri = link_uri(link.url, &allowed);
      if (allowed) {
        link.url = std::move(uri);
        continue;
      }
      RefusedLink refused = refused_link(link.url);
      diags.warning(link.span, std::move(refused.message), std::move(refused.hint));
      // The label stays, as plain text; one that was the address is the
      // address as written.
      if (link.label.empty()) link.label = Localized::plain(link.url, link.span);
      link.url.clear();
    }
  };
  Person& person = resume.person;
  check_links(person.links);
  if (!person.email.empty() && !linkable_email(person.email)) {
    const SourceSpan at = person.email_span.known() ? person.email_span : person.span;
    if (trim(person.email).size() + std::string_view("mailto:").size() > kMaxLinkBytes)
      diags.warning(at,
                    "'email' is " + std::to_string(person.email.size()) + " bytes long: it is printed, not linked (an "
                        "address takes at most " + std::to_string(kMaxLinkBytes) + ")",
                    "shorten it: no mail client opens an address that long");
    else
      diags.warning(at, "'email' is not an e-mail address ('" + quoted(person.email) + "'): it is printed, not linked",
                    "write it as name@example.com");
    Link plain;
    plain.label = Localized::plain(person.email, at);
    plain.span = at;
    person.links.insert(person.links.begin(), std::move(plain));
    person.email.clear();
  }
  for (Section& section : resume.sections) {
    for (Entry& entry : section.entries)
      for_each_field(entry, [&](const FieldKey& key, auto& field) {
        using Field = std::decay_t<decltype(field)>;
        if constexpr (std::is_same_v<Field, std::vector<Link>>) check_links(field);
        if constexpr (std::is_same_v<Field, std::string>)
          if (key.use == FieldUse::Address && !field.empty()) {
            bool allowed = true;
            std::string uri = link_uri(field, &allowed);
            if (allowed) {
              field = std::move(uri);
            } else {
              RefusedLink refused = refused_link(field);
              diags.warning(entry.span, std::move(refused.message), std::move(refused.hint));
              field.clear();
            }
          }
      });
  }
}

}  // namespace cvpdf::model
