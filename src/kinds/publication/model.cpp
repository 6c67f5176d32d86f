// A publication's model stage (model/entry_kinds.hpp): its keys, its reader
// (the title it needs, a DOI as written or as a doi.org address, the
// address), what it shows, and how `cvpdf convert` writes it.
#include "kinds/publication/kind.hpp"

#include "model/entry_kinds.hpp"
#include "model/resume_writer_parts.hpp"
#include "model/schema.hpp"
#include "model/visible_content.hpp"

namespace cvpdf::model {

namespace {

using V = ValueType;

constexpr KeyName kKeys[] = {
    {"title", "title", V::Text, "a publication's title"},
    {"authors", "authors", V::TextOrList, "the authors: a text or a list of names"},
    {"venue", "venue", V::Text, "the journal, conference or publisher"},
    {"year", "year", V::Plain, "the year of publication, or its month (2023-07: set as the theme writes dates)"},
    {"doi", "doi", V::Plain, "the DOI, 10.NNNN/suffix; linked to doi.org"},
    {"url", "url", V::Plain, "the publication's address"},
    {"me", "me", V::Plain, "your name as it is written among the authors, set in bold"},
    {"text", "text", V::Text, "a summary, kept in the file; not set on the page"},
    {"summary", "text", V::Text},
};
constexpr const char* kNeeds[] = {"title"};

// A DOI's syntax (the DOI Handbook, 2.2): "10." and a registrant code of
// digits (4 or more, dot-separated subdivisions allowed), "/", and a suffix
// without white space.
bool doi_syntax(const std::string& doi) {
  if (doi.rfind("10.", 0) != 0) return false;
  std::size_t i = 3, digits = 0;
  while (i < doi.size() && ((doi[i] >= '0' && doi[i] <= '9') || (doi[i] == '.' && digits > 0)))
    digits += doi[i++] != '.';
  if (digits < 4 || i >= doi.size() || doi[i] != '/' || doi[i - 1] == '.' || i + 1 == doi.size()) return false;
  return doi.find_first_of(" \t\n") == std::string::npos;
}

// `doi:` as written, or as an address at doi.org: the DOI alone.
bool read_doi(const detail::Reader& r, const detail::YNode* node, std::string& out) {
  bool ok = r.plain(node, "doi", out);
  for (const char* prefix :
       {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"})
    if (out.rfind(prefix, 0) == 0) out = out.substr(std::string(prefix).size());
  if (!out.empty() && !doi_syntax(out))
    r.diags().warning(r.span(node->pos), "'" + out + "' is not a DOI",
                      "a DOI is 10.NNNN/suffix (e.g. 10.1145/3458817.3476209); it is printed and linked as written");
  return ok;
}

}  // namespace

template <>
const KindDescription& kind_description<PublicationEntry>() {
  static const KindDescription d{
      .name = "publication",
      .article = "a publication",
      .called = "a publication",
      .summary = "a publication has title, authors, venue, year, doi or url",
      .schema = "a publication, set as a citation",
      .keys = kKeys,
      .needs = kNeeds,
  };
  return d;
}

template <>
bool read_kind<PublicationEntry>(const detail::Reader& r, const detail::Reader::Fields& f,
                                 const detail::YNode& entry, PublicationEntry& out) {
  using detail::field;
  bool ok = r.text(field(f, "text"), "text", out.text);
  const detail::YNode* title = field(f, "title");
  if (!title || title->is_null()) {
    r.diags().error(r.span(entry), "a publication needs a 'title'",
                    "add `title: ...`; a publication has title, authors, venue, year, doi or url, me");
    return false;
  }
  ok = r.text(title, "title", out.title) && ok;
  ok = r.text_or_joined_list(field(f, "authors"), "authors", out.authors) && ok;
  ok = r.text(field(f, "venue"), "venue", out.venue) && ok;
  ok = r.plain(field(f, "year"), "year", out.year) && ok;
  ok = read_doi(r, field(f, "doi"), out.doi) && ok;
  ok = r.plain(field(f, "url"), "url", out.url) && ok;
  out.url = detail::normalize_url(out.url);
  ok = r.plain(field(f, "me"), "me", out.me) && ok;
  return ok;
}

template <>
bool kind_has_content<PublicationEntry>(const PublicationEntry& e, const std::string& language,
                                        const std::string& fallback) {
  auto shows = [&](const Localized& v) { return visible(v, language, fallback); };
  return shows(e.title) || shows(e.authors) || shows(e.venue) || !blank(e.year) || !blank(e.doi);
}

template <>
void write_kind<PublicationEntry>(YAML::Emitter& out, const PublicationEntry& e, const Only& only) {
  using namespace detail;
  entry_map(out, only, [&] {
    key_text(out, "title", e.title);
    key_text(out, "authors", e.authors);
    key_text(out, "venue", e.venue);
    key_plain(out, "year", e.year);
    key_plain(out, "doi", e.doi);
    key_plain(out, "url", e.url);
    key_plain(out, "me", e.me);
    key_text(out, "text", e.text);
  });
}

}  // namespace cvpdf::model
