// load_resume: the orchestrator of the loader's stages — a UTF-16 or UTF-32
// file decoded (text_encoding.cpp), JSON comments blanked
// (json_comments.cpp), raw text checks and YAML (yaml_tree.cpp), then the
// top level decides the schema: cvpdf's `person` (schema.cpp),
// JSON Resume's `basics` (json_resume.cpp) or RenderCV's `cv` mapping
// (rendercv.cpp).
// Also check_translations, the `check` command's look for missing texts.
#include "model/loader.hpp"

#include <type_traits>

#include "model/language_detect.hpp"
#include "model/json_comments.hpp"
#include "model/link_policy.hpp"
#include "model/schema.hpp"
#include "model/text_encoding.hpp"

namespace cvpdf::model {

using detail::Reader;
using detail::YNode;

std::optional<Resume> load_resume(std::string_view text, const std::string& file_name,
                                  const std::string& base_directory, Diagnostics& diags) {
  const std::size_t before = diags.error_count();
  // UTF-16 or UTF-32 with a byte-order mark is read as its UTF-8 (text_encoding.hpp).
  std::string decoded;
  if (detail::decode_to_utf8(text, file_name, decoded, &diags)) text = decoded;
  if (diags.error_count() > before) return std::nullopt;
  // JSON with comments is read without them, with a warning (json_comments.hpp).
  std::string uncommented;
  if (detail::blank_json_comments(text, file_name, diags, uncommented)) text = uncommented;
  if (diags.error_count() > before) return std::nullopt;
  auto doc = detail::parse_yaml(text, file_name, diags);
  if (!doc) return std::nullopt;

  Resume out;
  out.source_path = file_name;
  out.base_directory = base_directory;
  out.span = {file_name, 1, 1};
  if (doc->empty) {
    diags.error({file_name, 1, 1}, "the file is empty",
                "a résumé needs at least `person: {name: Your Name}`, then `sections:`; see examples/minimal.yaml");
    return std::nullopt;
  }
  Reader r(*doc, diags);
  const YNode& root = doc->root;
  const char* no_person = "no 'person' or 'basics' at top level";
  if (!root.is_map()) {
    diags.error(r.span(root.pos.known() ? root.pos : detail::Pos{1, 1}), no_person,
                "the file holds " + detail::describe(root) +
                    "; a résumé is a mapping that starts with keys such as `person:` and `sections:`");
    return std::nullopt;
  }
  const YNode* person = root.find("person");
  const YNode* basics = root.find("basics");
  if (person && basics) {
    diags.error(r.key_span(*basics), "the file has both 'person' (cvpdf) and 'basics' (JSON Resume)",
                "keep one of them: a file is either a cvpdf résumé or a JSON Resume");
    return std::nullopt;
  }
  if (person) {
    detail::read_resume(r, root, out);
    out.languages_declared = root.find("languages") != nullptr;
  } else if (basics) {
    // `meta.language` (jsonresume-theme-class's key) declares the language.
    out.languages_declared = detail::read_json_resume(r, root, out);
    // `meta.theme` names a jsonresume.org theme (an npm package); the rest
    // of `meta` stays ignored. It is taken only when it is one of cvpdf's
    // built-in names (app/layouts.cpp decides), else dropped without a word:
    // the file is right, just written for another program.
    const YNode* meta = root.find("meta");
    const YNode* theme = meta && meta->is_map() ? meta->find("theme") : nullptr;
    if (theme && theme->is_scalar()) {
      out.layout = theme->text();
      out.layout_span = r.span(*theme);
      out.layout_builtin_only = true;
    }
  } else if (const YNode* cv = root.find("cv"); cv && cv->is_map()) {
    // RenderCV: `cv:` holds the person and `sections:`, beside `design:`,
    // `locale:` and `settings:`. cvpdf's own files never have a `cv` key.
    detail::read_rendercv(r, root, out);
  } else if (cv) {
    r.wrong_type(*cv, "cv", "a mapping with name, email, sections, … (a RenderCV file)", "");
    return std::nullopt;
  } else {
    // Warn about the keys (a misspelt `persn:` gets its suggestion), then fail.
    r.fields(root, top_keys());
    diags.error(r.span(root), no_person,
                "a résumé starts with `person:` (name, headline, email, …) and `sections:`; "
                "a JSON Resume with `basics:`, a RenderCV file with `cv:`");
    return std::nullopt;
  }
  if (diags.error_count() > before) return std::nullopt;
  apply_link_policy(out, diags);
  settle_language(out);
  return out;
}

namespace {

struct TranslationCheck {
  const Resume& resume;
  Diagnostics& diags;

  void check(const Localized& text, const std::string& what, const Only& only) const {
    if (text.empty() || text.by_language.count("")) return;
    std::string missing;
    for (const auto& language : resume.languages) {
      if (!only.includes(language) || text.by_language.count(language)) continue;
      missing += (missing.empty() ? "'" : ", '") + language + "'";
    }
    if (missing.empty()) return;
    const std::string& fallback = resume.languages.front();
    diags.warning(text.span, what + " has no " + missing + " text; the '" + fallback + "' text is used instead",
                  "add the translation to this mapping, e.g. {" + fallback + ": ..., " +
                      missing.substr(1, missing.find('\'', 1) - 1) + ": ...}");
  }
  void check_all(const std::vector<Localized>& texts, const std::string& what, const Only& only) const {
    for (const auto& t : texts) check(t, what, only);
  }
  void check_all(const std::vector<Bullet>& bullets, const std::string& what, const Only& only) const {
    for (const auto& b : bullets) {
      check(b.text, what, only);
      check_all(b.sub_bullets, "a sub-bullet", only);
    }
  }
  void check_links(const std::vector<Link>& links, const Only& only) const {
    for (const auto& l : links) check(l.label, "a link's label", only);
  }

  void run() const {
    const Only everywhere;
    const Person& p = resume.person;
    check(p.name, "'name'", everywhere);
    check(p.headline, "'headline'", everywhere);
    check(p.location, "'location'", everywhere);
    check(p.summary, "'summary'", everywhere);
    check_links(p.links, everywhere);
    for (const auto& m : p.metrics) {
      check(m.value, "a metric's value", everywhere);
      check(m.label, "a metric's label", everywhere);
    }
    for (const auto& s : resume.sections) {
      check(s.title, "a section's title", s.only);
      check_all(s.bullets, "a bullet", s.only);
      check(s.text, "a section's text", s.only);
      for (const auto& e : s.entries) {
        const Only& only = e.only.languages.empty() ? s.only : e.only;
        for_each_field(e, [&](const FieldKey& key, const auto& field) {
          using Field = std::decay_t<decltype(field)>;
          if constexpr (std::is_same_v<Field, Localized>) check(field, "'" + std::string(key.name) + "'", only);
          if constexpr (std::is_same_v<Field, std::vector<Localized>> || std::is_same_v<Field, std::vector<Bullet>>)
            check_all(field, "one of the '" + std::string(key.name) + "'", only);
          if constexpr (std::is_same_v<Field, std::vector<Link>>) check_links(field, only);
        });
      }
    }
  }
};

}  // namespace

void check_translations(const Resume& resume, Diagnostics& diags) {
  if (resume.languages.size() < 2) return;
  TranslationCheck{resume, diags}.run();
}

}  // namespace cvpdf::model
