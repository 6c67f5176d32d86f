// JSON Resume (jsonresume.org, a top-level `basics`) → the same Resume model.
// basics → person; work, volunteer, education, awards, certificates, projects,
// references → item sections; publications → publication entries; skills,
// languages, interests → pairs. Sections keep the file's order and get English
// titles; the résumé has one language, "en". A missing endDate after a
// startDate means the thing is ongoing (end: present), as JSON Resume themes show it.
#include "model/networks.hpp"
#include "model/schema.hpp"

namespace cvpdf::model::detail {

namespace {

constexpr KeyName kTop[] = {{"$schema", "$schema"},         {"basics", "basics"},     {"work", "work"},
                            {"volunteer", "volunteer"},     {"education", "education"}, {"awards", "awards"},
                            {"certificates", "certificates"}, {"publications", "publications"},
                            {"skills", "skills"},           {"languages", "languages"}, {"interests", "interests"},
                            {"references", "references"},   {"projects", "projects"}, {"meta", "meta"}};

constexpr KeyName kBasics[] = {{"name", "name"},   {"label", "label"},       {"image", "image"},
                               {"email", "email"}, {"phone", "phone"},       {"url", "url"},
                               {"summary", "summary"}, {"location", "location"}, {"profiles", "profiles"}};
constexpr KeyName kLocation[] = {{"address", "address"}, {"postalCode", "postalCode"}, {"city", "city"},
                                 {"countryCode", "countryCode"}, {"region", "region"}};
constexpr KeyName kProfile[] = {{"network", "network"}, {"username", "username"}, {"url", "url"}};

constexpr KeyName kWork[] = {{"name", "name"},         {"company", "name"},       {"position", "position"},
                             {"url", "url"},           {"website", "url"},        {"startDate", "startDate"},
                             {"endDate", "endDate"},   {"summary", "summary"},    {"highlights", "highlights"},
                             {"location", "location"}, {"description", "description"}};
constexpr KeyName kVolunteer[] = {{"organization", "organization"}, {"position", "position"}, {"url", "url"},
                                  {"website", "url"},               {"startDate", "startDate"},
                                  {"endDate", "endDate"},           {"summary", "summary"},
                                  {"highlights", "highlights"}};
constexpr KeyName kEducation[] = {{"institution", "institution"}, {"url", "url"},         {"area", "area"},
                                  {"studyType", "studyType"},     {"startDate", "startDate"}, {"endDate", "endDate"},
                                  {"score", "score"},             {"gpa", "score"},       {"courses", "courses"}};
constexpr KeyName kAward[] = {{"title", "title"}, {"date", "date"}, {"awarder", "awarder"}, {"summary", "summary"}};
constexpr KeyName kCertificate[] = {{"name", "name"}, {"date", "date"}, {"issuer", "issuer"}, {"url", "url"}};
constexpr KeyName kPublication[] = {{"name", "name"}, {"publisher", "publisher"}, {"releaseDate", "releaseDate"},
                                    {"url", "url"},   {"website", "url"},         {"summary", "summary"}};
constexpr KeyName kSkill[] = {{"name", "name"}, {"level", "level"}, {"keywords", "keywords"}};
constexpr KeyName kLanguage[] = {{"language", "language"}, {"fluency", "fluency"}};
constexpr KeyName kInterest[] = {{"name", "name"}, {"keywords", "keywords"}};
constexpr KeyName kReference[] = {{"name", "name"}, {"reference", "reference"}};
constexpr KeyName kProject[] = {{"name", "name"},           {"description", "description"}, {"highlights", "highlights"},
                                {"keywords", "keywords"},   {"startDate", "startDate"},     {"endDate", "endDate"},
                                {"url", "url"},             {"roles", "roles"},             {"entity", "entity"},
                                {"type", "type"}};

std::string joined(const Localized& a, const Localized& b, const std::string& separator) {
  const std::string& x = a.get("", "");
  const std::string& y = b.get("", "");
  if (x.empty()) return y;
  if (y.empty()) return x;
  return x + separator + y;
}

void add_url_link(const Reader& r, const YNode* url, std::vector<Link>& links) {
  std::string u;
  if (!r.plain(url, "url", u) || u.empty()) return;
  Link l;
  l.span = r.span(*url);
  l.url = normalize_url(u);
  l.label = Localized::plain(url_label(u), l.span);
  links.push_back(std::move(l));
}

void read_dates(const Reader& r, const YNode* start, const YNode* end, DateRange& out) {
  out.start = r.date(start, "startDate");
  out.end = r.date(end, "endDate");
  if (out.start && !out.end && (!end || end->is_null())) {
    Date present;
    present.present = true;
    present.span = out.start->span;
    out.end = present;
  }
}

class JsonResume {
 public:
  explicit JsonResume(const Reader& r) : r_(r) {}

  void basics(const YNode& node, Person& p) {
    p.span = r_.span(node);
    auto f = r_.fields(node, kBasics, "in 'basics'");
    r_.text(f["name"], "name", p.name);
    if (p.name.empty())
      r_.diags().error(r_.key_span(node), "'basics' has no 'name'", "add \"name\": \"Your Name\" to basics");
    r_.text(f["label"], "label", p.headline);
    r_.plain(f["image"], "image", p.photo);
    r_.plain(f["email"], "email", p.email);
    r_.plain(f["phone"], "phone", p.phone);
    r_.text(f["summary"], "summary", p.summary);
    add_url_link(r_, f["url"], p.links);
    if (const YNode* loc = f["location"]; loc && loc->is_map()) {
      auto lf = r_.fields(*loc, kLocation, "in 'location'");
      Localized city, region;
      r_.text(lf["city"], "city", city);
      r_.text(lf[lf["region"] ? "region" : "countryCode"], "region", region);
      std::string text = joined(city, region, ", ");
      if (!text.empty()) p.location = Localized::plain(text, r_.span(*loc));
    } else if (loc) {
      r_.text(loc, "location", p.location);
    }
    if (const YNode* profiles = list(f["profiles"], "profiles")) {
      for (const auto& item : profiles->children) {
        if (!record(item, "a profile")) continue;
        auto pf = r_.fields(item, kProfile, "in a profile");
        Link l;
        l.span = r_.span(item);
        std::string network, username;
        r_.plain(pf["url"], "url", l.url);
        r_.plain(pf["network"], "network", network);
        r_.plain(pf["username"], "username", username);
        // A network cvpdf does not know keeps its name as the label when
        // the profile has an address; otherwise the rules of person.links.
        if (!network.empty() && !find_network(network) && (!l.url.empty() || username.empty()))
          l.label = Localized::plain(network, l.span);
        r_.network_link(r_.span(pf["network"] ? *pf["network"] : item), r_.span(pf["username"] ? *pf["username"] : item),
                        network, username, l);
        if (!l.url.empty()) {
          if (l.label.empty()) l.label = Localized::plain(url_label(l.url), l.span);
          l.url = normalize_url(l.url);
        }
        if (!l.label.empty() || !l.url.empty()) p.links.push_back(std::move(l));
      }
    }
  }

  void section(const YNode& node, Resume& out) {
    const std::string& key = node.key;
    const YNode* items = list(&node, key);
    if (!items || items->children.empty()) return;
    Section s;
    s.span = r_.key_span(node);
    for (const auto& item : items->children) {
      if (!record(item, "an entry of '" + key + "'")) continue;
      Entry e;
      e.span = r_.span(item);
      e.kind = EntryKind::Item;
      if (key == "work") work(item, e, kWork, "name");
      else if (key == "volunteer") work(item, e, kVolunteer, "organization");
      else if (key == "education") education(item, e);
      else if (key == "awards") award(item, e);
      else if (key == "certificates") certificate(item, e);
      else if (key == "publications") publication(item, e);
      else if (key == "skills") pair(item, e, kSkill, "name", "keywords", "level");
      else if (key == "languages") pair(item, e, kLanguage, "language", "fluency", "");
      else if (key == "interests") pair(item, e, kInterest, "name", "keywords", "");
      else if (key == "references") reference(item, e);
      else if (key == "projects") project(item, e);
      s.entries.push_back(std::move(e));
    }
    s.title = Localized::plain(title_of(key), s.span);
    out.sections.push_back(std::move(s));
  }

 private:
  static std::string title_of(const std::string& key) {
    if (key == "work") return "Experience";
    if (key == "volunteer") return "Volunteering";
    std::string t = key;
    t[0] = static_cast<char>(t[0] - 'a' + 'A');
    return t;
  }

  const YNode* list(const YNode* node, const std::string& key) {
    if (!node || node->is_null()) return nullptr;
    if (!node->is_sequence()) {
      r_.wrong_type(*node, key, "a list", "JSON Resume writes \"" + key + "\": [ {...}, {...} ]");
      return nullptr;
    }
    return node;
  }
  bool record(const YNode& item, const std::string& what) {
    if (item.is_map()) return true;
    if (!item.is_null()) r_.wrong_type(item, what, "an object {...}", "");
    return false;
  }

  void work(const YNode& item, Entry& e, std::span<const KeyName> keys, const char* org_key) {
    auto f = r_.fields(item, keys, "in a JSON Resume entry");
    r_.text(f[org_key], org_key, e.org);
    r_.text(f["position"], "position", e.role);
    r_.text(f["location"], "location", e.location);
    read_dates(r_, f["startDate"], f["endDate"], e.date);
    r_.text(f["summary"], "summary", e.text);
    if (e.text.empty()) r_.text(f["description"], "description", e.text);
    r_.text_list(f["highlights"], "highlights", e.bullets);
    add_url_link(r_, f["url"], e.links);
  }
  void education(const YNode& item, Entry& e) {
    auto f = r_.fields(item, kEducation, "in an education entry");
    r_.text(f["institution"], "institution", e.org);
    Localized study, area, score;
    r_.text(f["studyType"], "studyType", study);
    r_.text(f["area"], "area", area);
    r_.text(f["score"], "score", score);
    std::string role = joined(joined(study, area, ", ").empty() ? Localized() : Localized::plain(joined(study, area, ", ")),
                              score, " · ");
    if (!role.empty()) e.role = Localized::plain(role, r_.span(item));
    read_dates(r_, f["startDate"], f["endDate"], e.date);
    r_.text_list(f["courses"], "courses", e.bullets);
    add_url_link(r_, f["url"], e.links);
  }
  void award(const YNode& item, Entry& e) {
    auto f = r_.fields(item, kAward, "in an award");
    r_.text(f["title"], "title", e.org);
    r_.text(f["awarder"], "awarder", e.role);
    if (auto d = r_.date(f["date"], "date")) e.date.start = d;
    r_.text(f["summary"], "summary", e.text);
  }
  void certificate(const YNode& item, Entry& e) {
    auto f = r_.fields(item, kCertificate, "in a certificate");
    r_.text(f["name"], "name", e.org);
    r_.text(f["issuer"], "issuer", e.role);
    if (auto d = r_.date(f["date"], "date")) e.date.start = d;
    add_url_link(r_, f["url"], e.links);
  }
  void publication(const YNode& item, Entry& e) {
    e.kind = EntryKind::Publication;
    auto f = r_.fields(item, kPublication, "in a publication");
    r_.text(f["name"], "name", e.title);
    r_.text(f["publisher"], "publisher", e.venue);
    std::string date;
    r_.plain(f["releaseDate"], "releaseDate", date);
    e.year = date.substr(0, 4);
    r_.plain(f["url"], "url", e.url);
    e.url = normalize_url(e.url);
  }
  void pair(const YNode& item, Entry& e, std::span<const KeyName> keys, const char* label, const char* text,
            const char* fallback) {
    e.kind = EntryKind::Pair;
    auto f = r_.fields(item, keys, "in a JSON Resume entry");
    r_.text(f[label], label, e.label);
    r_.text_or_joined_list(f[text], text, e.text);
    if (e.text.empty() && *fallback) r_.text(f[fallback], fallback, e.text);
  }
  void reference(const YNode& item, Entry& e) {
    auto f = r_.fields(item, kReference, "in a reference");
    r_.text(f["name"], "name", e.org);
    r_.text(f["reference"], "reference", e.text);
  }
  void project(const YNode& item, Entry& e) {
    auto f = r_.fields(item, kProject, "in a project");
    r_.text(f["name"], "name", e.org);
    r_.text_or_joined_list(f["roles"], "roles", e.role);
    r_.text(f["description"], "description", e.text);
    r_.text_list(f["highlights"], "highlights", e.bullets);
    r_.text_list(f["keywords"], "keywords", e.tags);
    read_dates(r_, f["startDate"], f["endDate"], e.date);
    add_url_link(r_, f["url"], e.links);
  }

  const Reader& r_;
};

}  // namespace

void read_json_resume(Reader& r, const YNode& root, Resume& out) {
  out.languages = {"en"};
  r.languages = out.languages;
  auto f = r.fields(root, kTop, "at the top level of a JSON Resume");
  JsonResume j(r);
  if (const YNode* basics = f["basics"]; basics && basics->is_map()) {
    j.basics(*basics, out.person);
  } else if (basics) {
    r.wrong_type(*basics, "basics", "an object with name, label, email, …", "");
  }
  for (const auto& child : root.children) {
    if (child.key == "basics" || child.key == "meta" || child.key == "$schema") continue;
    if (f.count(child.key) && f[child.key] == &child) j.section(child, out);
  }
}

}  // namespace cvpdf::model::detail
