// Internal to the JSON Resume reader (json_resume*.cpp): what its parts share.
// json_resume.cpp reads the sections and their entries, json_resume_basics.cpp
// the header (basics), json_resume_meta.cpp the `meta` keys cvpdf reads
// (language, sections, sectionLabels) and the sections' order and titles.
// Every field is either put on the page or, when a reader asks for them,
// listed as "not shown" (a note at the field, for `cvpdf check`).
#pragma once
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/schema.hpp"

namespace cvpdf::model::detail::json_resume {

// Where the notes about fields the page does not show go; null: nowhere
// (a plain render). A value that is absent or blank is nothing to list.
class Unshown {
 public:
  Unshown(const Reader& reader, Diagnostics* notes) : reader_(reader), notes_(notes) {}
  void field(const YNode* node, const std::string& path, const std::string& why) const;
  static bool has_content(const YNode* node);

 private:
  const Reader& reader_;
  Diagnostics* notes_;
};

// The sections of the schema in its documented order, with their headings.
// The words are English and live here only, so that they can be replaced by
// a language's words in one place.
// Its heading is the language's word (locale_words.hpp: section_heading).
struct SectionKind {
  const char* key;  // "work"
};
std::span<const SectionKind> section_kinds();

// The `meta` keys that change what cvpdf sets. The ecosystem's, not the
// schema's (its meta has canonical, version, lastModified and any other
// tooling configuration): `language` as jsonresume-theme-class reads it,
// `sections` and `sectionLabels` as jsonresume-theme-even (resume-cli's
// default theme) reads them.
struct Meta {
  std::string language;  // canonical BCP 47, "" when not given
  SourceSpan language_span;
  std::optional<std::vector<std::string>> sections;  // keys, in the order to set them
  std::map<std::string, Localized> labels;            // section key → heading
};
Meta read_meta(const Reader& reader, const YNode* meta, const Unshown& unshown);

// basics → person (json_resume_basics.cpp).
void read_basics(const Reader& reader, const YNode& basics, Resume& out, const Unshown& unshown);

// Shared by the parts.
std::string trimmed(const std::string& s);
std::string joined(const std::string& a, const std::string& b, const std::string& separator);
// ", " between two parts of a list ("San Francisco, California"); "，" in
// Chinese ("杭州，浙江") and "、" in Japanese ("学士、情報学"), which write
// no Latin comma. Parts in kanji alone ("関東") read as Chinese: the
// résumé's own language (meta.language) says they are Japanese.
std::string list_separator(const std::string& a, const std::string& b, const std::string& resume_language = "");
void add_url_link(const Reader& r, const YNode* url, std::vector<Link>& links);

}  // namespace cvpdf::model::detail::json_resume
