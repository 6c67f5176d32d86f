// An item's model stage (model/entry_kinds.hpp): its keys and their
// aliases, its reader (a date or a range, or start and end), what it
// shows, and how `cvpdf convert` writes it.
#include "kinds/item/kind.hpp"

#include "model/dates.hpp"
#include "model/entry_kinds.hpp"
#include "model/resume_writer_parts.hpp"
#include "model/schema.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::model {

namespace {

using V = ValueType;

constexpr KeyName kKeys[] = {
    {"org", "org", V::Text, "the organisation: a company, a school, a project"},
    {"organization", "org", V::Text},
    {"company", "org", V::Text},
    {"institution", "org", V::Text},
    {"school", "org", V::Text},
    {"role", "role", V::Text, "the position held or the degree"},
    {"position", "role", V::Text},
    {"degree", "role", V::Text},
    {"date", "date", V::DateRange, "a date (2024-06) or a range (2020-09 – present); or start and end"},
    {"start", "start", V::Date, "when it began: 2020, 2020-09, 2020-09-01"},
    {"start_date", "start", V::Date},
    {"end", "end", V::Date, "when it ended, or present"},
    {"end_date", "end", V::Date},
    {"location", "location", V::Text, "where"},
    {"bullets", "bullets", V::Bullets, "what you did, one bullet each; a bullet may hold sub-bullets"},
    {"highlights", "bullets", V::Bullets},
    {"links", "links", V::Links, "links shown with the entry: {label, url} or {network, username}"},
    {"tags", "tags", V::TextList, "keywords: tools, languages, techniques"},
    {"text", "text", V::Text, "a paragraph under the item's head"},
    {"summary", "text", V::Text},
};

// The hints known before the numbered kind came, kept word for word.
constexpr MixHint kMixHints[] = {
    {"publication", "title", "for a job title use 'role' (or 'position'); 'title' makes an entry a publication"},
};

// `date:`, or `start:` and `end:` — a range's two ends, in order.
bool read_dates(const detail::Reader& r, const detail::YNode* date, const detail::YNode* start,
                const detail::YNode* end, DateRange& out) {
  if (date && (start || end)) {
    r.diags().error(r.key_span(start ? *start : *end), "use either 'date' or 'start'/'end', not both",
                    "'date' takes one date or a range (2020-09 – 2024-06); start: and end: are its two ends");
    return false;
  }
  if (date) {
    auto range = r.date_range(date, date->key());
    if (range) out = *range;
    return range || date->is_null();
  }
  bool ok = true;
  auto s = r.date(start, start ? start->key() : "start");
  auto e = r.date(end, end ? end->key() : "end");
  if ((start && !start->is_null() && !s) || (end && !end->is_null() && !e)) ok = false;
  if (s && s->present) {
    r.diags().error(r.span(*start), "'" + start->key() + "' cannot be 'present'",
                    "'present' is for 'end': something that is still going on");
    return false;
  }
  if (auto problem = s && e ? range_order_problem(*s, *e, start->key(), end->key()) : std::nullopt) {
    r.diags().error(r.span(*end), problem->message, problem->hint);
    return false;
  }
  out.start = s;
  out.end = e;
  return ok;
}

}  // namespace

template <>
const KindDescription& kind_description<ItemEntry>() {
  static const KindDescription d{
      .name = "item",
      .article = "an item",
      .called = "an entry",
      .summary = "an item has org, role, date, bullets, links",
      .schema = "an item: org and date on the first line, role and location below, then bullets",
      .keys = kKeys,
      .mix_hints = kMixHints,
  };
  return d;
}

template <>
bool read_kind<ItemEntry>(const detail::Reader& r, const detail::Reader::Fields& f, const detail::YNode&,
                          ItemEntry& out) {
  using detail::field;
  bool ok = r.text(field(f, "text"), "text", out.text);
  ok = r.text(field(f, "org"), "org", out.org) && ok;
  ok = r.text(field(f, "role"), "role", out.role) && ok;
  ok = r.text(field(f, "location"), "location", out.location) && ok;
  ok = read_dates(r, field(f, "date"), field(f, "start"), field(f, "end"), out.date) && ok;
  const detail::YNode* bullets = field(f, "bullets");
  r.bullet_list(bullets, bullets ? bullets->key() : "bullets", out.bullets);
  r.links(field(f, "links"), "links", out.links);
  r.text_list(field(f, "tags"), "tags", out.tags);
  return ok;
}

template <>
bool kind_has_content<ItemEntry>(const ItemEntry& e, const std::string& language, const std::string& fallback) {
  auto shows = [&](const Localized& v) { return visible(v, language, fallback); };
  return shows(e.org) || shows(e.role) || shows(e.location) || shows(e.text) || !e.date.empty() ||
         any_visible(e.bullets, language, fallback) || any_visible(e.tags, language, fallback) ||
         any_visible(e.links, language, fallback);
}

template <>
void write_kind<ItemEntry>(YAML::Emitter& out, const ItemEntry& e, const Only& only) {
  using namespace detail;
  entry_map(out, only, [&] {
    key_text(out, "org", e.org);
    key_text(out, "role", e.role);
    key_text(out, "location", e.location);
    key_dates(out, e.date);
    key_text(out, "text", e.text);
    key_bullets(out, "bullets", e.bullets);
    key_links(out, e.links);
    key_texts(out, "tags", e.tags);
  });
}

}  // namespace cvpdf::model
