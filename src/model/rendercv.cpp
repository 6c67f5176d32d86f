// A RenderCV file (rendercv.com, RenderCV 2.x as its schema.json of v2.8
// defines it) → the Resume model. `cv` → person: name, headline, location,
// email, phone and website (each also a list), photo, social_networks,
// custom_connections. `cv.sections` is a mapping of title → entries; every
// entry's type is decided from its keys as RenderCV decides it, one type per
// section: education, experience and normal entries are items, one-line
// entries pairs, publications publications, bullets a section's bullets,
// text entries paragraphs, numbered and reversed-numbered entries numbered
// entries. RenderCV's
// Markdown (**bold**, *italic*, [label](url), `code`) is cvpdf's own inline
// markup, so texts are kept as written. `design`, `locale` and `settings`:
// rendercv_style.cpp.
#include <algorithm>
#include <cctype>
#include <initializer_list>

#include "model/dates.hpp"
#include "model/schema.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::model::detail {

namespace {

constexpr KeyName kTopKeys[] = {{"cv", "cv"},           {"design", "design"},
                                {"locale", "locale"},   {"locale_catalog", "locale"},
                                {"settings", "settings"}, {"rendercv_settings", "settings"}};

constexpr KeyName kCvKeys[] = {{"name", "name"},       {"headline", "headline"},
                               {"location", "location"}, {"email", "email"},     {"photo", "photo"},
                               {"phone", "phone"},     {"website", "website"},   {"social_networks", "social_networks"},
                               {"custom_connections", "custom_connections"},     {"sections", "sections"}};
constexpr KeyName kSocialKeys[] = {{"network", "network"}, {"username", "username"}};
constexpr KeyName kConnectionKeys[] = {{"placeholder", "placeholder"}, {"url", "url"},
                                       {"fontawesome_icon", "fontawesome_icon"}};

// The keys of each entry type (RenderCV's models; `date` .. `highlights` are
// the dated entries' common keys).
#define RCV_DATED {"date", "date"}, {"start_date", "start_date"}, {"end_date", "end_date"}, \
                  {"location", "location"}, {"summary", "summary"}, {"highlights", "highlights"}
constexpr KeyName kEducationKeys[] = {{"institution", "institution"}, {"area", "area"}, {"degree", "degree"}, RCV_DATED};
constexpr KeyName kExperienceKeys[] = {{"company", "company"}, {"position", "position"}, RCV_DATED};
constexpr KeyName kNormalKeys[] = {{"name", "name"}, RCV_DATED};
#undef RCV_DATED
constexpr KeyName kOneLineKeys[] = {{"label", "label"}, {"details", "details"}};
constexpr KeyName kPublicationKeys[] = {{"title", "title"},     {"authors", "authors"}, {"summary", "summary"},
                                        {"doi", "doi"},         {"url", "url"},         {"journal", "journal"},
                                        {"date", "date"}};
constexpr KeyName kBulletKeys[] = {{"bullet", "bullet"}};
constexpr KeyName kNumberedKeys[] = {{"number", "number"}};
constexpr KeyName kReversedKeys[] = {{"reversed_number", "reversed_number"}};

// RenderCV's characteristic keys, in the order it tries the types.
struct TypeKeys {
  RenderCvEntry type;
  std::initializer_list<const char*> keys;
};
const TypeKeys kCharacteristic[] = {
    {RenderCvEntry::OneLine, {"label", "details"}},
    {RenderCvEntry::Normal, {"name"}},
    {RenderCvEntry::Experience, {"company", "position"}},
    {RenderCvEntry::Education, {"institution", "area", "degree"}},
    {RenderCvEntry::Publication, {"title", "authors", "doi", "url", "journal"}},
    {RenderCvEntry::Bullet, {"bullet"}},
    {RenderCvEntry::Numbered, {"number"}},
    {RenderCvEntry::ReversedNumbered, {"reversed_number"}},
};

std::string trimmed(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\n");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\n") - a + 1);
}

// A highlight as RenderCV sets it: it turns every " - " into a line break
// and a nested list item, so the text before the first " - " is the bullet
// and each piece after one a sub-bullet (its `process_highlights`). The
// pieces are cut from left to right, without overlap, as str.replace does.
Bullet rendercv_highlight(Localized written) {
  Bullet b;
  b.span = written.span;
  for (const auto& [language, text] : written.by_language) {
    std::vector<std::string> pieces;
    std::size_t from = 0;
    for (std::size_t at; (at = text.find(" - ", from)) != std::string::npos; from = at + 3)
      pieces.push_back(trimmed(text.substr(from, at - from)));
    if (pieces.empty()) continue;  // no cut: the text stays as written, with its origin
    pieces.push_back(trimmed(text.substr(from)));
    b.text.by_language[language] = pieces.front();
    b.text.origins.erase(language);
    for (std::size_t i = 1, sub = 0; i < pieces.size(); ++i) {
      if (pieces[i].empty()) continue;  // Markdown drops an empty item too
      if (b.sub_bullets.size() <= sub) b.sub_bullets.push_back(Localized{{}, written.span, {}});
      b.sub_bullets[sub++].by_language[language] = pieces[i];
    }
  }
  for (auto& [language, text] : written.by_language)
    if (!b.text.by_language.count(language)) {
      b.text.by_language[language] = std::move(text);
      if (auto o = written.origins.find(language); o != written.origins.end()) b.text.origins.insert(*o);
    }
  b.text.span = written.span;
  return b;
}

// A phone number as a tel: URI has no spaces or punctuation (RFC 3966's
// global number: '+' and digits).
std::string dialled(const std::string& written) {
  std::string out;
  for (char c : written)
    if ((c >= '0' && c <= '9') || (c == '+' && out.empty())) out += c;
  return out;
}

// "an EducationEntry", "a NormalEntry".
std::string with_article(const std::string& name) {
  return (std::string("AEIOU").find(name.front()) != std::string::npos ? "an " : "a ") + name;
}

class RenderCv {
 public:
  RenderCv(const Reader& r, const RenderCvLocale& locale, const std::string& language)
      : r_(r), locale_(locale), language_(language) {}

  void person(const YNode& cv, Person& p) {
    p.span = r_.span(cv);
    auto f = r_.fields(cv, kCvKeys, "in 'cv'");
    r_.text(f["name"], "name", p.name);
    r_.text(f["headline"], "headline", p.headline);
    r_.text(f["location"], "location", p.location);
    r_.plain(f["photo"], "photo", p.photo);
    if (f["photo"] && !p.photo.empty()) p.photo_span = r_.span(*f["photo"]);
    // The first address and number are cvpdf's; more become links.
    each_scalar(f["email"], "email", [&](const YNode& n) {
      if (p.email.empty()) {
        p.email = trimmed(n.text());
        p.email_span = r_.span(n);
      }
      else add_link(p.links, n, trimmed(n.text()), "mailto:" + trimmed(n.text()));
    });
    each_scalar(f["phone"], "phone", [&](const YNode& n) {
      if (p.phone.empty()) p.phone = trimmed(n.text());
      else add_link(p.links, n, trimmed(n.text()), "tel:" + dialled(n.text()));
    });
    each_scalar(f["website"], "website", [&](const YNode& n) {
      const std::string url = trimmed(n.text());
      add_link(p.links, n, url_label(url), normalize_url(url));
    });
    if (const YNode* networks = list(f["social_networks"], "social_networks")) {
      for (const auto& item : networks->children) {
        if (!record(item, "a social network", "write `- network: GitHub` and, below it, `username: johndoe`")) continue;
        auto nf = r_.fields(item, kSocialKeys, "in a social network");
        std::string network, username;
        r_.plain(nf["network"], "network", network);
        r_.plain(nf["username"], "username", username);
        if (network.empty() || username.empty()) {
          r_.diags().error(r_.span(item), "a social network needs both 'network' and 'username'",
                           "write `- network: GitHub` and, below it, `username: johndoe`");
          continue;
        }
        Link l;
        l.span = r_.span(item);
        r_.network_link(r_.span(*nf["network"]), r_.span(*nf["username"]), network, username, l);
        if (!l.url.empty()) l.url = normalize_url(l.url);
        p.links.push_back(std::move(l));
      }
    }
    if (const YNode* connections = list(f["custom_connections"], "custom_connections")) {
      for (const auto& item : connections->children) {
        if (!record(item, "a custom connection", "write `- placeholder: Book a call` and `url: https://…`")) continue;
        auto cf = r_.fields(item, kConnectionKeys, "in a custom connection");
        Link l;
        l.span = r_.span(item);
        r_.text(cf["placeholder"], "placeholder", l.label);
        r_.plain(cf["url"], "url", l.url);
        if (!l.url.empty()) l.url = normalize_url(l.url);
        if (l.label.empty() && !l.url.empty()) l.label = Localized::plain(url_label(l.url), l.span);
        if (l.label.empty()) {
          r_.diags().error(r_.span(item), "a custom connection needs a 'placeholder'",
                           "the placeholder is the text the header shows");
          continue;
        }
        p.links.push_back(std::move(l));
      }
    }
  }

  void sections(const YNode& node, std::vector<Section>& out) {
    if (!node.is_map()) {
      r_.wrong_type(node, "sections", "a mapping of section titles to lists of entries",
                    "write `sections:` and, below it, `education:` with its entries as a list");
      return;
    }
    for (const auto& s : node.children) section(s, out);
  }

 private:
  template <typename F>
  void each_scalar(const YNode* node, const std::string& key, F&& f) const {
    if (!node || node->is_null()) return;
    if (node->is_scalar()) return f(*node);
    if (!node->is_sequence()) {
      r_.wrong_type(*node, key, "a text or a list of texts", "write `" + key + ": …` or a list of them");
      return;
    }
    for (const auto& item : node->children) {
      if (item.is_scalar()) f(item);
      else if (!item.is_null()) r_.wrong_type(item, key, "a text", "");
    }
  }

  void add_link(std::vector<Link>& links, const YNode& n, const std::string& label, const std::string& url) const {
    Link l;
    l.span = r_.span(n);
    l.label = Localized::plain(label, l.span);
    l.url = url;
    links.push_back(std::move(l));
  }

  const YNode* list(const YNode* node, const std::string& key) const {
    if (!node || node->is_null()) return nullptr;
    if (!node->is_sequence()) {
      r_.wrong_type(*node, key, "a list", "start each item with '- '");
      return nullptr;
    }
    return node;
  }

  bool record(const YNode& item, const std::string& what, const std::string& hint) const {
    if (item.is_null()) return false;
    if (!item.is_map()) {
      r_.diags().error(r_.span(item), what + " must be a mapping, got " + describe(item), hint);
      return false;
    }
    return true;
  }

  void section(const YNode& node, std::vector<Section>& out) {
    Section s;
    s.span = r_.key_span(node);
    s.title = Localized::plain(rendercv_section_title(node.key()), s.span);
    if (node.is_null()) return;
    if (!node.is_sequence()) {
      r_.diags().error(r_.span(node), "section '" + node.key() + "' must be a list of entries, got " + describe(node),
                       "start each entry with '- ' (RenderCV: \"Each section should be a list of entries\")");
      return;
    }
    RenderCvEntry type = RenderCvEntry::Unknown;
    const YNode* first = nullptr;
    for (const auto& e : node.children) {
      if (e.is_null()) continue;
      type = rendercv_entry_type(e);
      first = &e;
      if (type != RenderCvEntry::Unknown) break;
    }
    if (type == RenderCvEntry::Unknown) {
      if (!first) return;  // an empty section: RenderCV sets nothing either
      r_.diags().error(r_.span(*first), "section '" + node.key() + "': this entry matches none of RenderCV's entry types",
                       "an entry is a text, or has one of: institution/area (education), company/position (experience), "
                       "name (normal), label/details (one line), title/authors (publication), bullet, number, "
                       "reversed_number");
      return;
    }
    for (const auto& e : node.children) {
      if (e.is_null()) continue;
      const RenderCvEntry t = rendercv_entry_type(e);
      if (t != type) {
        r_.diags().error(r_.span(e),
                         "section '" + node.key() + "' holds " + rendercv_entry_name(type) + " entries; this entry is " +
                             (t == RenderCvEntry::Unknown ? std::string("of no RenderCV type") : with_article(rendercv_entry_name(t))),
                         "RenderCV allows one entry type per section: move it to a section of its own");
        continue;
      }
      entry(e, type, s);
    }
    out.push_back(std::move(s));
  }

  // The dates of an education, experience or normal entry, as RenderCV
  // reads them: `date` wins over start/end; an end alone is a single date;
  // a start alone runs to the present. A `date` that is no ISO date ("Fall
  // 2023") is free text, which cvpdf's dates cannot hold: it is set after
  // the location, where the theme puts the date beside it.
  bool dates(const Reader::Fields& f, ItemEntry& e, std::string& free_text) const {
    const YNode* date = f.count("date") ? f.at("date") : nullptr;
    const YNode* start = f.count("start_date") ? f.at("start_date") : nullptr;
    const YNode* end = f.count("end_date") ? f.at("end_date") : nullptr;
    if (date && !date->is_scalar()) date = nullptr;
    if (start && !start->is_scalar()) start = nullptr;
    if (end && !end->is_scalar()) end = nullptr;
    if (date) {
      DateError error;
      auto d = parse_date(date->text(), error);
      if (d && !d->present) {
        d->span = r_.span(*date);
        e.date.start = d;
      } else {
        free_text = trimmed(date->text());
      }
      return true;
    }
    auto exact = [&](const YNode* n, bool may_be_present) -> std::optional<Date> {
      DateError error;
      auto d = parse_date(n->text(), error);
      if (!d || (d->present && !may_be_present)) {
        r_.diags().error(r_.span(*n), "'" + n->key() + "' is not a valid date: '" + trimmed(n->text()) + "'",
                         std::string("use YYYY-MM-DD, YYYY-MM or YYYY") + (may_be_present ? ", or present" : "") +
                             "; free text such as 'Fall 2023' goes in 'date'");
        return std::nullopt;
      }
      d->span = r_.span(*n);
      return d;
    };
    std::optional<Date> s, en;
    if (start && !(s = exact(start, false))) return false;
    if (end && !(en = exact(end, true))) return false;
    if (auto problem = s && en ? range_order_problem(*s, *en, start->key(), end->key()) : std::nullopt) {
      r_.diags().error(r_.span(*end), problem->message, problem->hint);
      return false;
    }
    if (s && !en) {
      Date present;
      present.present = true;
      present.span = s->span;
      en = present;
    }
    if (!s && en) {
      e.date.start = en;  // an end alone is the date of a one-day event
      return true;
    }
    e.date.start = s;
    e.date.end = en;
    return true;
  }

  bool required(const Reader::Fields& f, const YNode& node, RenderCvEntry type, std::initializer_list<const char*> keys) const {
    bool ok = true;
    for (const char* k : keys) {
      auto it = f.find(k);
      if (it == f.end() || !it->second || it->second->is_null()) {
        r_.diags().error(r_.span(node), "a RenderCV " + std::string(rendercv_entry_name(type)) + " needs '" + k + "'",
                         std::string("add `") + k + ": …` to this entry");
        ok = false;
      }
    }
    return ok;
  }

  std::string degree_with_area(const std::string& degree, const std::string& area) const {
    if (degree.empty()) return area;
    if (area.empty()) return degree;
    std::string t = locale_.degree_with_area.empty() ? (language_ == "en" ? "DEGREE in AREA" : "DEGREE, AREA")
                                                     : locale_.degree_with_area;
    for (auto [word, with] : {std::pair<std::string, std::string>{"DEGREE", degree}, {"AREA", area}})
      if (auto at = t.find(word); at != std::string::npos) t.replace(at, word.size(), with);
    return t;
  }

  void item(const YNode& node, RenderCvEntry type, Section& s) {
    const std::span<const KeyName> keys = type == RenderCvEntry::Education    ? std::span<const KeyName>(kEducationKeys)
                                          : type == RenderCvEntry::Experience ? std::span<const KeyName>(kExperienceKeys)
                                                                              : std::span<const KeyName>(kNormalKeys);
    auto f = r_.fields(node, keys, std::string("in a ") + rendercv_entry_name(type));
    Entry entry;
    entry.span = r_.span(node);
    auto& e = entry.make<ItemEntry>();
    bool ok = true;
    if (type == RenderCvEntry::Education) {
      ok = required(f, node, type, {"institution"});
      r_.text(f["institution"], "institution", e.org);
      Localized degree, area;
      r_.text(f["degree"], "degree", degree);
      r_.text(f["area"], "area", area);
      // RenderCV's own examples leave `area:` empty, and RenderCV sets such
      // an entry: the degree (or the institution) stands alone.
      if (area.empty() || blank(area.get("", "")))
        r_.diags().warning(f["area"] ? r_.span(*f["area"]) : r_.span(node),
                           "this RenderCV EducationEntry has no 'area'; it shows " +
                               std::string(degree.empty() ? "the institution" : "the degree") + " alone",
                           "add `area: …`, the field of study, if the entry should name it");
      const std::string role = degree_with_area(degree.get("", ""), area.get("", ""));
      if (!role.empty()) e.role = Localized::plain(role, area.span.line ? area.span : degree.span);
    } else if (type == RenderCvEntry::Experience) {
      ok = required(f, node, type, {"company", "position"});
      r_.text(f["company"], "company", e.org);
      r_.text(f["position"], "position", e.role);
    } else {
      ok = required(f, node, type, {"name"});
      r_.text(f["name"], "name", e.org);
    }
    std::string free_date;
    ok = dates(f, e, free_date) && ok;
    r_.text(f["location"], "location", e.location);
    if (!free_date.empty()) {
      const std::string& where = e.location.get("", "");
      e.location = Localized::plain(where.empty() ? free_date : where + " · " + free_date,
                                    e.location.empty() ? r_.span(*f["date"]) : e.location.span);
    }
    r_.text(f["summary"], "summary", e.text);
    std::vector<Localized> highlights;
    r_.text_list(f["highlights"], "highlights", highlights);
    for (auto& h : highlights) e.bullets.push_back(rendercv_highlight(std::move(h)));
    if (ok) s.entries.push_back(std::move(entry));
  }

  void publication(const YNode& node, Section& s) {
    auto f = r_.fields(node, kPublicationKeys, "in a PublicationEntry");
    if (!required(f, node, RenderCvEntry::Publication, {"title", "authors"})) return;
    Entry entry;
    entry.span = r_.span(node);
    auto& e = entry.make<PublicationEntry>();
    r_.text(f["title"], "title", e.title);
    r_.text_or_joined_list(f["authors"], "authors", e.authors);
    r_.text(f["journal"], "journal", e.venue);
    r_.text(f["summary"], "summary", e.text);
    r_.plain(f["doi"], "doi", e.doi);
    // RenderCV links a publication by its DOI and ignores the URL then.
    if (e.doi.empty()) r_.plain(f["url"], "url", e.url);
    if (!e.url.empty()) e.url = normalize_url(e.url);
    if (const YNode* date = f["date"]; date && date->is_scalar()) {
      DateError error;
      auto d = parse_date(date->text(), error);
      // A publication's year may carry its month, which the theme writes
      // in the locale's words as RenderCV does ("Jul 2023"); a free-text
      // date is kept whole.
      e.year = d && !d->present && d->month == 0 ? std::to_string(d->year) : trimmed(date->text());
    }
    s.entries.push_back(std::move(entry));
  }

  void entry(const YNode& node, RenderCvEntry type, Section& s) {
    switch (type) {
      case RenderCvEntry::Education:
      case RenderCvEntry::Experience:
      case RenderCvEntry::Normal: item(node, type, s); return;
      case RenderCvEntry::Publication: publication(node, s); return;
      case RenderCvEntry::OneLine: {
        auto f = r_.fields(node, kOneLineKeys, "in a OneLineEntry");
        if (!required(f, node, type, {"label", "details"})) return;
        Entry e;
        e.span = r_.span(node);
        auto& pair = e.make<PairEntry>();
        r_.text(f["label"], "label", pair.label);
        r_.text(f["details"], "details", pair.text);
        s.entries.push_back(std::move(e));
        return;
      }
      case RenderCvEntry::Bullet: {
        auto f = r_.fields(node, kBulletKeys, "in a BulletEntry");
        Localized b;
        r_.text(f["bullet"], "bullet", b);
        if (!b.empty()) s.bullets.push_back(Bullet::plain(std::move(b)));
        return;
      }
      case RenderCvEntry::Text: {
        Entry e;
        e.span = r_.span(node);
        auto& paragraph = e.make<ParagraphEntry>();
        r_.text(&node, "entry", paragraph.text);
        if (!paragraph.text.empty()) s.entries.push_back(std::move(e));
        return;
      }
      case RenderCvEntry::Numbered:
      case RenderCvEntry::ReversedNumbered: {
        // cvpdf's numbered entries are RenderCV's: the number is counted
        // where the list is set, down the section's entries.
        const bool reversed = type == RenderCvEntry::ReversedNumbered;
        auto f = r_.fields(node, reversed ? std::span<const KeyName>(kReversedKeys) : std::span<const KeyName>(kNumberedKeys),
                           std::string("in a ") + rendercv_entry_name(type));
        Entry e;
        e.span = r_.span(node);
        auto& numbered = e.make<NumberedEntry>();
        numbered.reversed = reversed;
        const YNode* text = f[reversed ? "reversed_number" : "number"];
        r_.text(text, text ? text->key() : "number", numbered.text);
        if (!numbered.text.empty()) s.entries.push_back(std::move(e));
        return;
      }
      case RenderCvEntry::Unknown: return;
    }
  }

  const Reader& r_;
  const RenderCvLocale& locale_;
  std::string language_;
};

}  // namespace

RenderCvEntry rendercv_entry_type(const YNode& entry) {
  if (entry.is_scalar()) return RenderCvEntry::Text;
  if (!entry.is_map()) return RenderCvEntry::Unknown;
  for (const auto& [type, keys] : kCharacteristic)
    for (const char* k : keys)
      if (entry.find(k)) return type;
  return RenderCvEntry::Unknown;
}

const char* rendercv_entry_name(RenderCvEntry type) {
  switch (type) {
    case RenderCvEntry::Text: return "TextEntry";
    case RenderCvEntry::OneLine: return "OneLineEntry";
    case RenderCvEntry::Normal: return "NormalEntry";
    case RenderCvEntry::Experience: return "ExperienceEntry";
    case RenderCvEntry::Education: return "EducationEntry";
    case RenderCvEntry::Publication: return "PublicationEntry";
    case RenderCvEntry::Bullet: return "BulletEntry";
    case RenderCvEntry::Numbered: return "NumberedEntry";
    case RenderCvEntry::ReversedNumbered: return "ReversedNumberedEntry";
    case RenderCvEntry::Unknown: break;
  }
  return "entry";
}

std::string rendercv_section_title(std::string_view key) {
  const bool as_written = key.find(' ') != std::string_view::npos ||
                          std::any_of(key.begin(), key.end(), [](unsigned char c) { return std::isupper(c); });
  if (as_written) return std::string(key);
  static const char* const small[] = {"a",    "and",  "as",   "at",   "but", "by",   "for",  "from", "if",   "in",
                                      "into", "like", "near", "nor",  "of",  "off",  "on",   "onto", "or",   "over",
                                      "so",   "than", "that", "to",   "upon", "when", "with", "yet"};
  std::string out;
  std::string_view rest = key;
  while (true) {
    const auto cut = rest.find('_');
    std::string word(rest.substr(0, cut));
    const bool keep = std::find_if(std::begin(small), std::end(small), [&](const char* s) { return word == s; }) != std::end(small);
    // Python's str.capitalize: the first letter upper, the rest lower.
    if (!keep && !word.empty()) {
      word[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
      for (std::size_t i = 1; i < word.size(); ++i) word[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(word[i])));
    }
    out += word;
    if (cut == std::string_view::npos) break;
    out += ' ';
    rest.remove_prefix(cut + 1);
  }
  return out;
}

void read_rendercv(Reader& r, const YNode& root, Resume& out, Diagnostics* not_applied) {
  r.fields(root, kTopKeys, "at the top level of a RenderCV file");
  RenderCvLocale locale;
  // The language is the locale's; a file without one has it detected from
  // its text once read (the loader's settle_language).
  read_rendercv_style(r, root, out, locale, not_applied);
  const YNode& cv = *root.find("cv");
  RenderCv reader(r, locale, out.languages.front());
  reader.person(cv, out.person);
  if (out.person.name.empty())
    r.diags().error(r.key_span(cv), "'cv' has no 'name'", "add `name: Your Name` under `cv:` (cvpdf's header needs a name)");
  if (const YNode* sections = cv.find("sections"); sections && !sections->is_null()) reader.sections(*sections, out.sections);
}

}  // namespace cvpdf::model::detail
