// JSON Resume's `basics` → the person: name, label (headline), image
// (photo), email, phone, url, summary, location, profiles. The contact line
// gives the place (city, region, country code), not the postal address:
// `address` and `postalCode` are listed as not shown.
#include <cctype>
#include <filesystem>
#include <system_error>

#include "model/json_resume_detail.hpp"
#include "model/language_tags.hpp"
#include "model/networks.hpp"

namespace cvpdf::model::detail::json_resume {

namespace {

// `picture` and `website` are schema 0.x's names, still in files.
constexpr KeyName kBasics[] = {{"name", "name"},       {"label", "label"},       {"image", "image"},
                               {"picture", "image"},   {"email", "email"},       {"phone", "phone"},
                               {"url", "url"},         {"website", "url"},       {"summary", "summary"},
                               {"location", "location"}, {"profiles", "profiles"}};
constexpr KeyName kLocation[] = {{"address", "address"}, {"postalCode", "postalCode"}, {"city", "city"},
                                 {"countryCode", "countryCode"}, {"region", "region"}};
constexpr KeyName kProfile[] = {{"network", "network"}, {"username", "username"}, {"url", "url"}};

// An address a web page loads the image from: cvpdf fetches nothing.
bool is_remote(const std::string& image) {
  for (const char* scheme : {"http://", "https://", "ftp://", "//", "data:"}) {
    const std::string_view s(scheme);
    if (image.size() >= s.size()) {
      bool same = true;
      for (std::size_t i = 0; i < s.size() && same; ++i)
        same = std::tolower(static_cast<unsigned char>(image[i])) == s[i];
      if (same) return true;
    }
  }
  return false;
}

// The schema says `image` is a URL, for the web page a theme makes. A path
// is taken when the file is there; when it is not — a path that only means
// something on the web server the résumé was written for — the photo is
// left out with a warning, not the whole PDF (unlike cvpdf's own `photo:`,
// which is written for cvpdf and stays an error when the file is missing).
void read_image(const Reader& r, const YNode* node, Resume& out) {
  std::string image;
  if (!r.plain(node, "image", image)) return;
  image = trimmed(image);
  if (image.empty()) return;
  const SourceSpan at = r.span(*node);
  if (is_remote(image)) {
    r.diags().warning(at, "'basics.image' is an address on the web; cvpdf fetches nothing: the photo is left out",
                      "download the image and give its path instead, e.g. \"image\": \"photo.jpg\" beside the résumé");
    return;
  }
  out.person.photo = image;
  out.person.photo_span = at;
  std::error_code ec;
  const std::string path = out.photo_path();
  if (!std::filesystem::exists(path, ec)) {
    r.diags().warning(at, "the image '" + image + "' was not found (looked for " + path + "); the photo is left out",
                      "a relative path is relative to the résumé's directory; JSON Resume's image is usually a URL "
                      "for a web page, so a missing file does not stop the PDF");
    out.person.photo.clear();
    out.person.photo_span = {};
  }
}

void read_location(const Reader& r, const YNode* loc, Person& p, const Unshown& unshown) {
  if (!loc || loc->is_null()) return;
  if (!loc->is_map()) {
    r.text(loc, "location", p.location);
    return;
  }
  auto lf = r.fields(*loc, kLocation, "in 'location'");
  std::string text;
  for (const char* key : {"city", "region", "countryCode"}) {
    Localized part;
    r.text(lf[key], key, part);
    text = joined(text, part.get("", ""), list_separator(text, part.get("", ""), r.languages.empty() ? "" : r.languages.front()));
  }
  if (!text.empty()) p.location = Localized::plain(text, r.span(*loc));
  const char* why = "the contact line gives the place (city, region, country), not the postal address";
  unshown.field(lf["address"], "basics.location.address", why);
  unshown.field(lf["postalCode"], "basics.location.postalCode", why);
}

// A profile: the network's link with the username as its label (the icon
// says which network). A network cvpdf does not know has no icon, so its
// name is written out: "WeChat: wxid_ada" (no address: text), "Myspace: ada"
// (linked when the profile has a url), with the colon of the résumé's
// language ("QQ：10293847" in Chinese), as the header writes a known one's.
void read_profile(const Reader& r, const YNode& item, Person& p) {
  auto pf = r.fields(item, kProfile, "in a profile");
  Link l;
  l.span = r.span(item);
  std::string network, username;
  r.plain(pf["url"], "url", l.url);
  r.plain(pf["network"], "network", network);
  r.plain(pf["username"], "username", username);
  network = trimmed(network);
  username = trimmed(username);
  l.url = trimmed(l.url);
  if (!network.empty() && !find_network(network)) {
    l.username = username;
    l.label = Localized::plain(username.empty() ? network : network + label_colon(r.languages.empty() ? "" : r.languages.front()) + username, l.span);
  } else {
    r.network_link(r.span(pf["network"] ? *pf["network"] : item), r.span(pf["username"] ? *pf["username"] : item),
                   network, username, l);
  }
  if (!l.url.empty()) {
    if (l.label.empty()) l.label = Localized::plain(url_label(l.url), l.span);
    l.url = normalize_url(l.url);
  }
  if (!l.label.empty() || !l.url.empty()) p.links.push_back(std::move(l));
}

}  // namespace

void read_basics(const Reader& r, const YNode& node, Resume& out, const Unshown& unshown) {
  Person& p = out.person;
  p.span = r.span(node);
  auto f = r.fields(node, kBasics, "in 'basics'");
  r.text(f["name"], "name", p.name);
  if (p.name.empty())
    r.diags().error(r.key_span(node), "'basics' has no 'name'", "add \"name\": \"Your Name\" to basics");
  r.text(f["label"], "label", p.headline);
  read_image(r, f["image"], out);
  r.plain(f["email"], "email", p.email);
  if (f["email"]) p.email_span = r.span(*f["email"]);
  r.plain(f["phone"], "phone", p.phone);
  r.text(f["summary"], "summary", p.summary);
  add_url_link(r, f["url"], p.links);
  read_location(r, f["location"], p, unshown);
  if (const YNode* profiles = f["profiles"]; profiles && !profiles->is_null()) {
    if (!profiles->is_sequence()) {
      r.wrong_type(*profiles, "profiles", "a list", "JSON Resume writes \"profiles\": [ {...}, {...} ]");
      return;
    }
    for (const auto& item : profiles->children) {
      if (item.is_map()) read_profile(r, item, p);
      else if (!item.is_null()) r.wrong_type(item, "a profile", "an object {...}", "");
    }
  }
}

}  // namespace cvpdf::model::detail::json_resume
