// JSON Resume (jsonresume.org schema v1.0.0, a top-level `basics`) → the
// same Resume model. basics → person (json_resume_basics.cpp); work,
// volunteer, education, awards, certificates, projects, references → item
// sections; publications → publication entries; skills, languages,
// interests → pairs. Sections come in the schema's documented order, or
// meta.sections' (json_resume_meta.cpp). Every field the schema defines is
// placed on the page; the few that have no place (a postal address, the
// file's own meta data) are listed as not shown for `cvpdf check`
// (docs/json-resume.md maps each one). A missing or empty ("") endDate after
// a startDate means the thing is ongoing (end: present), as JSON Resume
// themes show it.
#include <algorithm>

#include "model/dates.hpp"
#include "model/json_resume_detail.hpp"
#include "model/language_detect.hpp"
#include "model/language_tags.hpp"
#include "model/locale_words.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::model::detail {

namespace json_resume {

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

std::string joined(const std::string& a, const std::string& b, const std::string& separator) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a + separator + b;
}

// The parts' own language says how it writes a list (language_detect.hpp):
// Japanese 、, Chinese ，, anything else — Korean too — a Latin comma.
std::string list_separator(const std::string& a, const std::string& b, const std::string& resume_language) {
  const std::string language = detect_language_of_text(a + " " + b);
  const bool han = language == "ja" || language.rfind("zh", 0) == 0;
  if (language == "ja" || (han && primary_language(resume_language) == "ja")) return "\u3001";
  if (language.rfind("zh", 0) == 0) return "\uFF0C";
  return ", ";
}

void add_url_link(const Reader& r, const YNode* url, std::vector<Link>& links) {
  std::string u;
  if (!r.plain(url, "url", u) || trimmed(u).empty()) return;
  Link l;
  l.span = r.span(*url);
  l.url = normalize_url(u);
  l.label = Localized::plain(url_label(u), l.span);
  l.label_is_address = true;
  links.push_back(std::move(l));
}

bool Unshown::has_content(const YNode* node) {
  if (!node || node->is_null()) return false;
  if (node->is_scalar()) return !blank(node->text());
  for (const auto& child : node->children)
    if (has_content(&child)) return true;
  return false;
}

void Unshown::field(const YNode* node, const std::string& path, const std::string& why) const {
  if (!notes_ || !has_content(node)) return;
  notes_->note(reader_.key_span(*node), "'" + path + "' is not shown", why);
}

}  // namespace json_resume

namespace {

using json_resume::joined;
using json_resume::Unshown;

constexpr KeyName kTop[] = {{"$schema", "$schema"},         {"basics", "basics"},     {"work", "work"},
                            {"volunteer", "volunteer"},     {"education", "education"}, {"awards", "awards"},
                            {"certificates", "certificates"}, {"publications", "publications"},
                            {"skills", "skills"},           {"languages", "languages"}, {"interests", "interests"},
                            {"references", "references"},   {"projects", "projects"}, {"meta", "meta"}};

// `company`, `website`, `gpa` and `awardDate` are schema 0.x's names, still in files.
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
constexpr KeyName kAward[] = {{"title", "title"},     {"date", "date"},        {"awardDate", "date"},
                              {"awarder", "awarder"}, {"summary", "summary"}};
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

// Fields joined into one line of the entry, as JSON Resume themes do
// ("Master, Computer Science · 9.4/10"; "Team lead, Designer · Smoogle").
constexpr const char* kAlongside = " · ";

// A date written as "" is one not given: JSON Resume's editors and
// exporters write `"endDate": ""` for a job that goes on.
const YNode* given(const YNode* date) {
  return date && date->is_scalar() && blank(date->text()) ? nullptr : date;
}

void read_dates(const Reader& r, const YNode* start, const YNode* end, DateRange& out) {
  start = given(start);
  end = given(end);
  out.start = r.date(start, "startDate");
  out.end = r.date(end, "endDate");
  if (auto problem = out.start && out.end ? range_order_problem(*out.start, *out.end, start->key(), end->key())
                                          : std::nullopt) {
    r.diags().error(r.span(*end), problem->message, problem->hint);
    out = DateRange{};
    return;
  }
  if (out.start && !out.end && (!end || end->is_null())) {
    Date present;
    present.present = true;
    present.span = out.start->span;
    out.end = present;
  }
}

std::string text_of(const Localized& l) { return l.get("", ""); }

class Sections {
 public:
  explicit Sections(const Reader& r) : r_(r) {}

  // One section of the file (`node` is its key's value), or nothing when it
  // has no entries.
  void section(const YNode& node, const Localized* label, Resume& out) {
    const std::string& key = node.key();
    const YNode* items = list(&node, key);
    if (!items || items->children.empty()) return;
    Section s;
    s.span = r_.key_span(node);
    for (const auto& item : items->children) {
      if (!record(item, "an entry of '" + key + "'")) continue;
      Entry e;
      e.span = r_.span(item);
      std::optional<Entry> after;
      if (key == "work") work(item, e, kWork, "name");
      else if (key == "volunteer") work(item, e, kVolunteer, "organization");
      else if (key == "education") education(item, e);
      else if (key == "awards") award(item, e);
      else if (key == "certificates") certificate(item, e);
      else if (key == "publications") after = publication(item, e);
      else if (key == "skills") skill(item, e);
      else if (key == "languages") pair(item, e, kLanguage, "language", "fluency");
      else if (key == "interests") pair(item, e, kInterest, "name", "keywords");
      else if (key == "references") reference(item, e);
      else if (key == "projects") project(item, e);
      s.entries.push_back(std::move(e));
      if (after) s.entries.push_back(std::move(*after));
    }
    // The file's own label, else the word of whichever language the résumé
    // settles on (declared or detected after reading).
    s.title = label ? *label : section_heading(key, s.span);
    out.sections.push_back(std::move(s));
  }

 private:
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

  // work and volunteer. A work entry's `description` says what the
  // organisation is ("Social Media Company"): it stands beside the name, as
  // a tag, where jsonresume-theme-even writes "Facebook · Social Media
  // Company"; the summary is the text under the head.
  void work(const YNode& item, Entry& e, std::span<const KeyName> keys, const char* org_key) {
    auto& it = e.make<ItemEntry>();
    auto f = r_.fields(item, keys, "in a JSON Resume entry");
    r_.text(f[org_key], org_key, it.org);
    r_.text(f["position"], "position", it.role);
    r_.text(f["location"], "location", it.location);
    read_dates(r_, f["startDate"], f["endDate"], it.date);
    r_.text(f["summary"], "summary", it.text);
    Localized description;
    r_.text(f["description"], "description", description);
    if (!description.empty() && !blank(text_of(description))) it.tags.push_back(std::move(description));
    r_.text_bullets(f["highlights"], "highlights", it.bullets);
    json_resume::add_url_link(r_, f["url"], it.links);
  }
  void education(const YNode& item, Entry& e) {
    auto& it = e.make<ItemEntry>();
    auto f = r_.fields(item, kEducation, "in an education entry");
    r_.text(f["institution"], "institution", it.org);
    Localized study, area, score;
    r_.text(f["studyType"], "studyType", study);
    r_.text(f["area"], "area", area);
    r_.text(f["score"], "score", score);
    std::string role = joined(joined(text_of(study), text_of(area), json_resume::list_separator(text_of(study), text_of(area), r_.languages.empty() ? "" : r_.languages.front())),
                              text_of(score), kAlongside);
    if (!role.empty()) it.role = Localized::plain(role, r_.span(item));
    read_dates(r_, f["startDate"], f["endDate"], it.date);
    r_.text_bullets(f["courses"], "courses", it.bullets);
    json_resume::add_url_link(r_, f["url"], it.links);
  }
  void award(const YNode& item, Entry& e) {
    auto& it = e.make<ItemEntry>();
    auto f = r_.fields(item, kAward, "in an award");
    r_.text(f["title"], "title", it.org);
    r_.text(f["awarder"], "awarder", it.role);
    if (auto d = r_.date(given(f["date"]), "date")) it.date.start = d;
    r_.text(f["summary"], "summary", it.text);
  }
  void certificate(const YNode& item, Entry& e) {
    auto& it = e.make<ItemEntry>();
    auto f = r_.fields(item, kCertificate, "in a certificate");
    r_.text(f["name"], "name", it.org);
    r_.text(f["issuer"], "issuer", it.role);
    if (auto d = r_.date(given(f["date"]), "date")) it.date.start = d;
    json_resume::add_url_link(r_, f["url"], it.links);
  }
  // A numbered citation; its summary, a paragraph of its own, under it.
  std::optional<Entry> publication(const YNode& item, Entry& e) {
    auto& pub = e.make<PublicationEntry>();
    auto f = r_.fields(item, kPublication, "in a publication");
    r_.text(f["name"], "name", pub.title);
    r_.text(f["publisher"], "publisher", pub.venue);
    std::string date;
    r_.plain(f["releaseDate"], "releaseDate", date);
    pub.year = json_resume::trimmed(date).substr(0, 4);
    r_.plain(f["url"], "url", pub.url);
    if (!json_resume::trimmed(pub.url).empty()) pub.url = normalize_url(pub.url);
    Entry summary;
    auto& paragraph = summary.make<ParagraphEntry>();
    r_.text(f["summary"], "summary", paragraph.text);
    if (paragraph.text.empty() || blank(text_of(paragraph.text))) return std::nullopt;
    summary.span = paragraph.text.span;
    return summary;
  }
  // The level stands beside the skill's name, in the label column
  // ("Web Development · Master"), the keywords beside them.
  void skill(const YNode& item, Entry& e) {
    auto& pair_entry = e.make<PairEntry>();
    auto f = r_.fields(item, kSkill, "in a skill");
    Localized name, level;
    r_.text(f["name"], "name", name);
    r_.text(f["level"], "level", level);
    std::string label = joined(text_of(name), text_of(level), kAlongside);
    if (!label.empty()) pair_entry.label = Localized::plain(label, name.empty() ? level.span : name.span);
    r_.text_or_joined_list(f["keywords"], "keywords", pair_entry.text);
  }
  void pair(const YNode& item, Entry& e, std::span<const KeyName> keys, const char* label, const char* text) {
    auto& pair_entry = e.make<PairEntry>();
    auto f = r_.fields(item, keys, "in a JSON Resume entry");
    r_.text(f[label], label, pair_entry.label);
    r_.text_or_joined_list(f[text], text, pair_entry.text);
  }
  void reference(const YNode& item, Entry& e) {
    auto& it = e.make<ItemEntry>();
    auto f = r_.fields(item, kReference, "in a reference");
    r_.text(f["name"], "name", it.org);
    r_.text(f["reference"], "reference", it.text);
  }
  // The roles and the entity they were for on the role line ("Team lead,
  // Designer · Smoogle", where jsonresume-theme-even writes "Team lead and
  // Designer at Smoogle"); the type ("application", "talk") first among the
  // tags, before the keywords.
  void project(const YNode& item, Entry& e) {
    auto& it = e.make<ItemEntry>();
    auto f = r_.fields(item, kProject, "in a project");
    r_.text(f["name"], "name", it.org);
    Localized roles, entity, type;
    r_.text_or_joined_list(f["roles"], "roles", roles);
    r_.text(f["entity"], "entity", entity);
    std::string role = joined(text_of(roles), text_of(entity), kAlongside);
    if (!role.empty()) it.role = Localized::plain(role, roles.empty() ? entity.span : roles.span);
    r_.text(f["description"], "description", it.text);
    r_.text_bullets(f["highlights"], "highlights", it.bullets);
    r_.text(f["type"], "type", type);
    if (!type.empty() && !blank(text_of(type))) it.tags.push_back(std::move(type));
    r_.text_list(f["keywords"], "keywords", it.tags);
    read_dates(r_, f["startDate"], f["endDate"], it.date);
    json_resume::add_url_link(r_, f["url"], it.links);
  }

  const Reader& r_;
};

}  // namespace

bool read_json_resume(Reader& r, const YNode& root, Resume& out, Diagnostics* not_shown) {
  const Unshown unshown(r, not_shown);
  auto f = r.fields(root, kTop, "at the top level of a JSON Resume");
  // meta first: its language is the résumé's before any text is read.
  const json_resume::Meta meta = json_resume::read_meta(r, f["meta"], unshown);
  out.languages = {meta.language.empty() ? std::string("en") : meta.language};
  r.languages = out.languages;
  if (const YNode* basics = f["basics"]; basics && basics->is_map()) {
    json_resume::read_basics(r, *basics, out, unshown);
  } else if (basics) {
    r.wrong_type(*basics, "basics", "an object with name, label, email, …", "");
  }
  unshown.field(f["$schema"], "$schema", "it names the schema the file follows; it is not part of the page");

  Sections sections(r);
  std::vector<std::string> order;
  if (meta.sections) {
    order = *meta.sections;
    for (const auto& kind : json_resume::section_kinds())
      if (std::find(order.begin(), order.end(), kind.key) == order.end())
        unshown.field(f[kind.key], kind.key, "'meta.sections' does not list it; add \"" + std::string(kind.key) +
                                                 "\" there to set it");
  } else {
    for (const auto& kind : json_resume::section_kinds()) order.emplace_back(kind.key);
  }
  for (const auto& key : order) {
    const YNode* node = f[key];
    if (!node) continue;
    auto label = meta.labels.find(key);
    sections.section(*node, label == meta.labels.end() ? nullptr : &label->second, out);
  }
  return !meta.language.empty();
}

}  // namespace cvpdf::model::detail
