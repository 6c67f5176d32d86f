// Reading the schema's value types out of the YAML tree: keys and their
// aliases, localized texts, plain scalars, lists of texts, links, `only`,
// dates. Each reports the expected and the found type at the value's position.
#include <algorithm>
#include <cctype>

#include "model/dates.hpp"
#include "model/link_policy.hpp"
#include "model/networks.hpp"
#include "model/schema.hpp"

namespace cvpdf::model::detail {

namespace {

constexpr const char* kTextExpected = "a text (or a mapping of languages such as {en: ..., zh: ...})";

std::string trim(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  std::size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool all_alpha(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
}
bool all_alnum(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
}

std::vector<std::string_view> subtags(std::string_view tag) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= tag.size(); ++i) {
    if (i == tag.size() || tag[i] == '-' || tag[i] == '_') {
      parts.push_back(tag.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

// "name:rest" with a URI scheme's letters before the ':' and no blank, a
// port after it not counted (localhost:8080).
bool has_scheme(std::string_view s) {
  const std::size_t colon = s.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == s.size() || !std::isalpha(static_cast<unsigned char>(s[0])))
    return false;
  if (std::isdigit(static_cast<unsigned char>(s[colon + 1]))) return false;
  if (s.find_first_of(" \t") != std::string_view::npos) return false;
  return std::all_of(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(colon), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
  });
}

}  // namespace

bool is_language_tag(std::string_view tag) {
  auto parts = subtags(tag);
  if (parts.empty()) return false;
  std::string_view first = parts[0];
  // (BCP 47 also allows 5–8 letter languages; none is registered, and allowing
  // them would take a mistyped key such as `lable` for a language.)
  if (!all_alpha(first) || first.size() < 2 || first.size() > 3) return false;
  for (std::size_t i = 1; i < parts.size(); ++i)
    if (parts[i].empty() || parts[i].size() > 8 || !all_alnum(parts[i])) return false;
  return true;
}

std::string canonical_language(std::string_view tag) {
  auto parts = subtags(tag);
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    std::string p(parts[i]);
    for (char& c : p) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (i > 0 && p.size() == 4 && all_alpha(p)) {
      p[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(p[0])));  // script: Hant
    } else if (i > 0 && p.size() == 2 && all_alpha(p)) {
      for (char& c : p) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));  // region: GB
    }
    if (i > 0) out += '-';
    out += p;
  }
  return out;
}

std::string normalize_url(std::string url) {
  url = trim(url);
  if (url.empty()) return url;
  // A target the link rule refuses is kept as written, for the loader's
  // pass (apply_link_policy) to say so at its place: "https://" before
  // "javascript:…" made it a link.
  bool allowed = true;
  std::string uri = link_uri(url, &allowed);
  return allowed ? uri : url;
}

std::string url_label(const std::string& url) {
  std::string s = trim(url);
  for (const char* scheme : {"https://", "http://", "mailto:", "tel:"}) {
    if (s.rfind(scheme, 0) == 0) {
      s = s.substr(std::string(scheme).size());
      break;
    }
  }
  while (!s.empty() && s.back() == '/') s.pop_back();
  return s;
}

bool looks_like_url(const std::string& text) {
  std::string s = trim(text);
  if (s.find("://") != std::string::npos || s.rfind("mailto:", 0) == 0 || s.rfind("tel:", 0) == 0) return true;
  return !s.empty() && s.find(' ') == std::string::npos && s.find('.') != std::string::npos &&
         s.find('.') + 1 < s.size();
}

std::string Reader::declared_list() const {
  std::string s = "[";
  for (std::size_t i = 0; i < languages.size(); ++i) s += (i ? ", " : "") + languages[i];
  return s + "]";
}

bool Reader::declared(const std::string& code) const {
  return std::find(languages.begin(), languages.end(), code) != languages.end();
}

Reader::Fields Reader::fields(const YNode& map, const KeyTable& table) const {
  Fields out;
  std::map<std::string, std::string> written;  // canonical → the key as written
  for (const auto& child : map.children) {
    const KeyName* known = nullptr;
    for (const auto& k : table.keys)
      if (child.key() == k.name) known = &k;
    if (!known) {
      diags_.warning(key_span(child), "unknown key '" + child.key() + "' " + table.where + " (ignored)",
                     model::unknown_key_hint(table, child.key()));
      continue;
    }
    auto [it, inserted] = written.emplace(known->canonical, child.key());
    if (!inserted) {
      diags_.error(key_span(child), "'" + child.key() + "' and '" + it->second + "' are the same key",
                   "keep one of them ('" + (child.key() == known->canonical ? it->second : child.key()) +
                       "' is another name for '" + known->canonical + "')");
      continue;
    }
    out[known->canonical] = &child;
  }
  return out;
}

void Reader::wrong_type(const YNode& node, const std::string& key, const std::string& expected,
                        const std::string& hint) const {
  diags_.error(span(node), "'" + key + "' must be " + expected + ", got " + describe(node), hint);
}

std::optional<ScalarOrigin> Reader::origin(const YNode& scalar) const {
  if (!scalar.pos.known() || scalar.start == std::string::npos || !doc_.source) return std::nullopt;
  std::size_t lead = scalar.text().find_first_not_of(" \t\r\n");
  return ScalarOrigin{doc_.source, scalar.start, scalar.pos.line, scalar.pos.column,
                      lead == std::string::npos ? 0 : lead, scalar.text().size()};
}

bool Reader::text(const YNode* node, const std::string& key, Localized& out) const {
  if (!node || node->is_null()) return true;
  out.span = span(*node);
  if (node->is_scalar()) {
    out.by_language[""] = trim(node->text());
    if (auto o = origin(*node)) out.origins[""] = std::move(*o);
    return true;
  }
  if (node->is_sequence()) {
    wrong_type(*node, key, kTextExpected, "a list of several texts goes in 'bullets'; join the items into one text here");
    return false;
  }
  bool ok = true;
  for (const auto& child : node->children) {
    std::string code = canonical_language(child.key());
    if (!is_language_tag(child.key())) {
      diags_.error(key_span(child),
                   "'" + key + "' must be " + kTextExpected + "; '" + child.key() + "' is not a language code",
                   "write " + key + ": Education, or " + key + ": {en: Education, zh: 教育背景}");
      ok = false;
      continue;
    }
    if (!declared(code)) {
      diags_.error(key_span(child), "'" + child.key() + "' is not one of the declared languages " + declared_list(),
                   "add it to `languages:` at the top of the file (languages: [" +
                       [&] {
                         std::string s;
                         for (const auto& l : languages) s += l + ", ";
                         return s;
                       }() +
                       code + "]), or remove this translation");
      ok = false;
      continue;
    }
    if (child.is_null()) continue;  // left blank: the fallback language is used
    if (!child.is_scalar()) {
      wrong_type(child, key + "." + child.key(), "a text", "");
      ok = false;
      continue;
    }
    out.by_language[code] = trim(child.text());
    if (auto o = origin(child)) out.origins[code] = std::move(*o);
  }
  return ok;
}

bool Reader::plain(const YNode* node, const std::string& key, std::string& out) const {
  if (!node || node->is_null()) return true;
  if (!node->is_scalar()) {
    wrong_type(*node, key, "a text",
               node->is_map() ? "'" + key + "' is the same in every language, so it is not localized"
                              : "give one value, e.g. " + key + ": ...");
    return false;
  }
  out = trim(node->text());
  return true;
}

namespace {

// The items of a list value, each handed to `each`: blank items skipped, a
// list inside the list refused at its place with `nested_hint`.
template <class Each>
void each_item(const Reader& r, const YNode* node, const std::string& key, const std::string& expected,
               const std::string& nested_hint, Each&& each) {
  if (!node || node->is_null()) return;
  if (!node->is_sequence()) {
    r.wrong_type(*node, key, expected, "write each item on its own line, starting with '- '");
    return;
  }
  for (const auto& item : node->children) {
    if (item.is_null()) continue;
    if (item.is_sequence()) {
      r.wrong_type(item, key, expected, nested_hint);
      continue;
    }
    each(item);
  }
}

}  // namespace

void Reader::text_list(const YNode* node, const std::string& key, std::vector<Localized>& out) const {
  each_item(*this, node, key, "a list of texts", "a list inside '" + key + "' is not allowed; flatten it",
            [&](const YNode& item) {
              Localized l;
              if (text(&item, key, l) && !l.empty()) out.push_back(std::move(l));
            });
}

void Reader::bullet_list(const YNode* node, const std::string& key, std::vector<Bullet>& out) const {
  const auto& keys = model::bullet_keys();
  const auto& sub_keys = model::sub_bullet_keys();
  // A sub-bullet is a text, or {text}; bullets of its own are an error
  // (one level), its text kept.
  auto sub_bullet = [&](const YNode& sub, const std::string& sub_key, Bullet& b) {
    Localized l;
    if (sub.is_map() && !looks_localized(sub, keys.keys)) {
      YNode own = sub;
      std::erase_if(own.children, [&](const YNode& k) {
        const bool nested = k.key() == "bullets" || k.key() == "highlights";
        if (nested) diags_.error(key_span(k), "a sub-bullet cannot hold bullets of its own", model::kOneLevelOfSubBullets);
        return nested;
      });
      auto f = fields(own, sub_keys);
      if (text(f["text"], "text", l) && !l.empty()) b.sub_bullets.push_back(std::move(l));
      return;
    }
    if (text(&sub, sub_key, l) && !l.empty()) b.sub_bullets.push_back(std::move(l));
  };
  each_item(*this, node, key, "a list of bullets",
            "a list inside '" + key + "' is not allowed; a bullet's sub-bullets are {text: ..., bullets: [...]}",
            [&](const YNode& item) {
              Bullet b;
              b.span = span(item);
              if (!item.is_map() || looks_localized(item, keys.keys)) {
                if (text(&item, key, b.text) && !b.text.empty()) out.push_back(std::move(b));
                return;
              }
              auto f = fields(item, keys);
              text(f["text"], "text", b.text);
              if (const YNode* subs = f["bullets"])
                each_item(*this, subs, subs->key(), "a list of texts", model::kOneLevelOfSubBullets,
                          [&](const YNode& sub) { sub_bullet(sub, subs->key(), b); });
              // No text but sub-bullets: they show as bullets (docs/user-guide.md).
              if (!b.text.empty() || !b.sub_bullets.empty()) out.push_back(std::move(b));
            });
}

void Reader::text_bullets(const YNode* node, const std::string& key, std::vector<Bullet>& out) const {
  std::vector<Localized> texts;
  text_list(node, key, texts);
  for (auto& t : texts) out.push_back(Bullet::plain(std::move(t)));
}

bool Reader::text_or_joined_list(const YNode* node, const std::string& key, Localized& out) const {
  if (!node || !node->is_sequence()) return text(node, key, out);
  std::string joined;
  for (const auto& item : node->children) {
    if (item.is_null()) continue;
    if (!item.is_scalar()) {
      wrong_type(item, key, "a text or a list of names", "");
      return false;
    }
    joined += (joined.empty() ? "" : ", ") + trim(item.text());
  }
  out = Localized::plain(joined, span(*node));
  return true;
}

void Reader::links(const YNode* node, const std::string& key, std::vector<Link>& out) const {
  if (!node || node->is_null()) return;
  if (!node->is_sequence()) {
    wrong_type(*node, key, "a list of links", "write each link as `- {label: GitHub, url: https://github.com/...}`");
    return;
  }
  for (const auto& item : node->children) {
    if (item.is_null()) continue;
    Link link;
    link.span = span(item);
    if (item.is_scalar()) {
      std::string s = trim(item.text());
      // A scalar with a scheme ("javascript:alert(1)") is an address too,
      // for the link rule to refuse at its place, not a label.
      if (looks_like_url(s) || has_scheme(s)) {
        link.url = normalize_url(s);
        link.label = Localized::plain(url_label(s), link.span);
        link.label_is_address = true;
      } else {
        link.label = Localized::plain(s, link.span);  // a label with no address: plain text
      }
      out.push_back(std::move(link));
      continue;
    }
    if (item.is_sequence()) {
      wrong_type(item, "a link", "{label, url} or a URL", "");
      continue;
    }
    if (looks_localized(item, model::link_keys().keys)) {  // {en: ..., zh: ...}: a localized label
      if (text(&item, "label", link.label)) out.push_back(std::move(link));
      continue;
    }
    auto f = fields(item, model::link_keys());
    std::string network, username;
    bool ok = text(f["label"], "label", link.label);
    ok = plain(f["url"], "url", link.url) && ok;
    ok = plain(f["network"], "network", network) && ok;
    ok = plain(f["username"], "username", username) && ok;
    if (!ok) continue;
    if (link.label.empty() && link.url.empty() && username.empty()) {
      diags_.error(span(item), "a link needs a 'label', a 'url' or a 'username'",
                   "write `- {label: GitHub, url: https://github.com/...}` or `- {network: github, username: octocat}`");
      continue;
    }
    network_link(span(f["network"] ? *f["network"] : item), span(f["username"] ? *f["username"] : item), network, username, link);
    if (!link.url.empty()) {
      std::string written = link.url;
      link.url = normalize_url(written);
      if (link.label.empty()) {
        link.label = Localized::plain(url_label(written), link.span);
        link.label_is_address = true;
      }
    }
    out.push_back(std::move(link));
  }
}

void Reader::network_link(const SourceSpan& network_at, const SourceSpan& username_at, const std::string& network,
                          const std::string& username, Link& link) const {
  link.username = username;
  if (link.label.empty() && !username.empty()) {
    link.label = Localized::plain(username, link.span);
    link.label_is_username = true;
  }
  if (network.empty()) return;
  const Network* known = find_network(network);
  if (!known) {
    if (link.url.empty() && !username.empty())
      diags_.warning(network_at, "the network '" + network + "' is not one cvpdf knows, so '" + username +
                                   "' is shown as text without a link",
                     "give its address as `url:`, or name one of " + known_networks());
    return;
  }
  link.network = std::string(known->name);
  if (!link.url.empty() || username.empty()) return;  // a URL written out wins
  std::string problem;
  link.url = network_url(*known, username, problem);
  if (!problem.empty())
    diags_.warning(username_at, "'" + username + "' cannot be a username on " + std::string(known->name) + ": " + problem,
                   "it is shown as text without a link; correct it, or give the address as `url:`");
}

void Reader::only(const YNode* node, Only& out) const {
  if (!node || node->is_null()) return;
  out.span = span(*node);
  std::vector<const YNode*> items;
  if (node->is_scalar()) {
    items.push_back(node);
  } else if (node->is_sequence()) {
    for (const auto& c : node->children) items.push_back(&c);
  } else {
    wrong_type(*node, "only", "a language code or a list of them", "write only: zh, or only: [en, zh]");
    return;
  }
  for (const YNode* item : items) {
    if (!item->is_scalar()) {
      wrong_type(*item, "only", "a language code", "write only: zh, or only: [en, zh]");
      continue;
    }
    std::string code = canonical_language(trim(item->text()));
    if (!declared(code)) {
      diags_.error(span(*item), "'" + trim(item->text()) + "' is not one of the declared languages " + declared_list(),
                   "add it to `languages:` at the top of the file, or remove it from `only:`");
      continue;
    }
    if (std::find(out.languages.begin(), out.languages.end(), code) == out.languages.end()) out.languages.push_back(code);
  }
  if (items.empty()) {
    diags_.error(span(*node), "'only' is an empty list, so this would appear in no variant",
                 "name the languages it appears in, e.g. only: zh, or remove 'only'");
  }
}

std::optional<Date> Reader::date(const YNode* node, const std::string& key) const {
  if (!node || node->is_null()) return std::nullopt;
  if (!node->is_scalar()) {
    wrong_type(*node, key, "a date like 2021-09", "write dates as 2024, 2024-06, 2024-06-30 or present");
    return std::nullopt;
  }
  DateError e;
  auto d = parse_date(node->text(), e);
  if (!d) {
    DateError as_range;
    auto range = parse_date_range(node->text(), as_range);
    if (range && range->end) {
      diags_.error(span(*node), "'" + key + "' must be one date like 2021-09, got the range '" + trim(node->text()) + "'",
                   "put a range in 'date:', or its two ends in 'start:' and 'end:'");
    } else if (e.specific) {
      diags_.error(doc_.span_in_scalar(*node, e.offset), "'" + key + "' " + e.problem, e.hint);
    } else {
      diags_.error(doc_.span_in_scalar(*node, e.offset),
                   "'" + key + "' must be a date like 2021-09, got '" + trim(node->text()) + "'", e.hint);
    }
    return std::nullopt;
  }
  d->span = span(*node);
  return d;
}

std::optional<DateRange> Reader::date_range(const YNode* node, const std::string& key) const {
  if (!node || node->is_null()) return std::nullopt;
  if (!node->is_scalar()) {
    wrong_type(*node, key, "a date like 2021-09 or a range",
               "write a date (2024-06) or a range (2020-09 – 2024-06), or use start: and end:");
    return std::nullopt;
  }
  DateError e;
  auto r = parse_date_range(node->text(), e);
  if (!r) {
    if (e.specific) {
      diags_.error(doc_.span_in_scalar(*node, e.offset), "'" + key + "' " + e.problem, e.hint);
    } else {
      diags_.error(doc_.span_in_scalar(*node, e.offset),
                   "'" + key + "' must be a date like 2021-09 or a range, got '" + trim(node->text()) + "'", e.hint);
    }
    return std::nullopt;
  }
  if (r->start) r->start->span = span(*node);
  if (r->end) r->end->span = span(*node);
  return r;
}

bool Reader::looks_localized(const YNode& map, std::span<const KeyName> record_keys, std::string_view except) const {
  if (!map.is_map()) return false;
  bool any = false;
  bool a_declared_language = false;
  bool misspelt_key = false;
  for (const auto& child : map.children) {
    if (!except.empty() && child.key() == except) continue;
    any = true;
    if (declared(canonical_language(child.key()))) {
      a_declared_language = true;
      continue;
    }
    if (!is_language_tag(child.key())) return false;
    for (const auto& k : record_keys) {
      if (child.key() == k.name) return false;
      // `{tex: …}`, `{rol: …}`: a key one edit from a record's is its
      // misspelling, not a language nobody declared — unless a declared
      // language beside it makes the mapping a text. Two letters are left
      // to the languages: `en` is one edit from `end`.
      misspelt_key = misspelt_key || (child.key().size() >= 3 && edit_distance(child.key(), k.name) == 1);
    }
  }
  // A misspelt record is read as the record, whose reader says "did you mean".
  return any && (a_declared_language || !misspelt_key);
}

}  // namespace cvpdf::model::detail
