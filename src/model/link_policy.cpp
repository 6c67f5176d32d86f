// The link rule (see link_policy.hpp) and its pass over a loaded résumé.
#include "model/link_policy.hpp"

#include <algorithm>
#include <cctype>

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

constexpr const char* kRefusedHint = "write the address in full, e.g. https://example.com";

std::string refused_message(const std::string& written) {
  return "the link to '" + written + "' is not set: only http, https, mailto and tel addresses are";
}

}  // namespace

std::string link_uri(std::string_view written, bool* allowed) {
  const std::string_view s = trim(written);
  auto refuse = [&] {
    if (allowed) *allowed = false;
    return std::string();
  };
  if (allowed) *allowed = true;
  if (s.empty() || s.front() == '#' || s.front() == '/') return refuse();
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
      if (!port) return refuse();
    }
  }
  if (s.find("://") != std::string_view::npos) return refuse();
  return "https://" + std::string(s);
}

bool linkable_email(std::string_view address) {
  const std::string_view s = trim(address);
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
      diags.warning(link.span, refused_message(link.url), kRefusedHint);
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
    diags.warning(at, "'email' is not an e-mail address ('" + person.email + "'): it is printed, not linked",
                  "write it as name@example.com");
    Link plain;
    plain.label = Localized::plain(person.email, at);
    plain.span = at;
    person.links.insert(person.links.begin(), std::move(plain));
    person.email.clear();
  }
  for (Section& section : resume.sections) {
    for (Entry& entry : section.entries) {
      check_links(entry.links);
      if (entry.url.empty()) continue;
      bool allowed = true;
      std::string uri = link_uri(entry.url, &allowed);
      if (allowed) {
        entry.url = std::move(uri);
      } else {
        diags.warning(entry.span, refused_message(entry.url), kRefusedHint);
        entry.url.clear();
      }
    }
  }
}

}  // namespace cvpdf::model
