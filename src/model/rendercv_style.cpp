// A RenderCV file's `design`, `locale` and `settings` (RenderCV 2.x; its
// 1.x names `locale_catalog` and `rendercv_settings` are read the same way)
// as cvpdf sees them: the theme by name, the language by the locale's name,
// and the options that have a cvpdf key as the résumé's `style:` layer —
// page size and margins, four colours, the body size and alignment, the
// date template, month names, "present", bold keywords. The rest of
// RenderCV's design (Typst spacing, header and entry templates, icons) has
// no counterpart and is left as written; docs/rendercv.md lists both, and
// `cvpdf check` names each such option of the file (note_not_applied).
#include <algorithm>
#include <cstdio>
#include <span>
#include <string_view>

#include <fmt/format.h>

#include "model/json_resume_detail.hpp"
#include "model/schema.hpp"

namespace cvpdf::model::detail {

namespace {

constexpr KeyName kDesignKeys[] = {{"theme", "theme"},         {"page", "page"},
                                   {"colors", "colors"},       {"typography", "typography"},
                                   {"links", "links"},         {"header", "header"},
                                   {"section_titles", "section_titles"}, {"subsection_titles", "subsection_titles"},
                                   {"sections", "sections"},   {"entries", "entries"},
                                   {"templates", "templates"}};
constexpr KeyName kLocaleKeys[] = {{"language", "language"},   {"last_updated", "last_updated"},
                                   {"month", "month"},         {"months", "months"},
                                   {"year", "year"},           {"years", "years"},
                                   {"present", "present"},     {"to", "to"},
                                   {"phrases", "phrases"},     {"month_abbreviations", "month_abbreviations"},
                                   {"month_names", "month_names"}, {"abbreviations_for_months", "month_abbreviations"},
                                   {"full_names_of_months", "month_names"}, {"date_template", "date_template"},
                                   {"phone_number_format", "phone_number_format"}};
// The options read here, by their place in the file. Every other option
// with a value is named by `check` (note_not_applied), so that none is
// dropped without a word: Typst spacing, fonts, header and entry
// templates, footers have no cvpdf counterpart.
constexpr std::string_view kApplied[] = {
    "design.theme",          "design.page.size",          "design.page.top_margin",
    "design.page.bottom_margin", "design.page.left_margin", "design.page.right_margin",
    "design.colors.body",    "design.colors.name",        "design.colors.section_titles",
    "design.colors.links",   "design.typography.font_size.body", "design.typography.alignment",
    "design.templates.single_date", "design.templates.date_range",
    "locale.language",       "locale.present",            "locale.month_abbreviations",
    "locale.month_names",    "locale.phrases.degree_with_area", "settings.bold_keywords"};

constexpr KeyName kPhraseKeys[] = {{"degree_with_area", "degree_with_area"}};
constexpr KeyName kSettingsKeys[] = {{"current_date", "current_date"}, {"date", "current_date"},
                                     {"render_command", "render_command"}, {"bold_keywords", "bold_keywords"},
                                     {"pdf_title", "pdf_title"}};

std::string lower(std::string_view s) {
  std::string out;
  for (unsigned char c : s) out += static_cast<char>(std::tolower(c));
  return out;
}

void set(const Reader& r, Resume& out, const std::string& key, const YNode& node, std::string scalar) {
  StyleValue v;
  v.scalar = std::move(scalar);
  v.span = r.span(node);
  out.style[key] = std::move(v);
}

// Typst's rgb(0, 79, 144) and #004f90 → #004f90; "" for anything else.
std::string hex_colour(const std::string& written) {
  std::string s;
  for (char c : written)
    if (c != ' ') s += c;
  if (s.size() == 7 && s[0] == '#') return lower(s);
  int rgb[3];
  char close = 0;
  if (std::sscanf(s.c_str(), "rgb(%d,%d,%d%c", &rgb[0], &rgb[1], &rgb[2], &close) == 4 && close == ')') {
    for (int c : rgb)
      if (c < 0 || c > 255) return "";
    return fmt::format("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
  }
  return "";
}

const YNode* child(const YNode* map, std::string_view key) {
  return map && map->is_map() ? map->find(key) : nullptr;
}

const YNode* scalar(const YNode* map, std::string_view key) {
  const YNode* n = child(map, key);
  return n && n->is_scalar() ? n : nullptr;
}

// A date template: MONTH_ABBREVIATION YEAR → {month} {year}. `names` tells
// whether {month} stands for the full names. False when the template uses a
// placeholder cvpdf cannot write (YEAR_IN_TWO_DIGITS, DAY).
bool date_pattern(std::string t, std::string& pattern, bool& names) {
  static const std::pair<const char*, const char*> words[] = {
      {"MONTH_ABBREVIATION", "{month}"}, {"MONTH_NAME", "{month}"}, {"MONTH_IN_TWO_DIGITS", "{mm}"},
      {"YEAR_IN_TWO_DIGITS", ""},        {"MONTH", "{m}"},          {"YEAR", "{year}"}};
  names = t.find("MONTH_NAME") != std::string::npos;
  if (t.find("DAY") != std::string::npos || t.find("YEAR_IN_TWO_DIGITS") != std::string::npos) return false;
  for (const auto& [word, with] : words) {
    for (auto at = t.find(word); at != std::string::npos; at = t.find(word, at + std::string_view(with).size()))
      t.replace(at, std::string_view(word).size(), with);
  }
  pattern = t;
  return true;
}

// A list of 12 month names, or an error at the list.
bool month_list(const Reader& r, const YNode& node, std::vector<std::string>& out) {
  if (node.is_sequence() && node.children.size() == 12) {
    for (const auto& m : node.children) {
      if (!m.is_scalar()) break;
      out.push_back(m.text());
    }
    if (out.size() == 12) return true;
  }
  r.diags().error(r.span(node), "'" + node.key() + "' must be a list of the 12 months' names",
                  "write them January to December, e.g. [Jan, Feb, Mar, Apr, May, June, July, Aug, Sept, Oct, Nov, Dec]");
  out.clear();
  return false;
}

void read_design(const Reader& r, const YNode& design, Resume& out, bool& month_names) {
  auto f = r.fields(design, kDesignKeys, "in 'design'");
  if (const YNode* theme = f["theme"]; theme && theme->is_scalar()) {
    std::string ours = rendercv_theme(theme->text());
    if (ours.empty()) {
      ours = "classic";
      r.diags().warning(r.span(*theme),
                        "RenderCV's theme '" + theme->text() + "' has no cvpdf counterpart; the résumé is set in cvpdf's classic theme",
                        "choose another with --theme (see `cvpdf themes`); `cvpdf convert` writes the file in cvpdf's own form");
    }
    out.layout = ours;
    out.layout_span = r.span(*theme);
  }
  const YNode* page = f["page"];
  if (const YNode* size = scalar(page, "size")) {
    static const std::pair<const char*, const char*> sizes[] = {
        {"a4", "a4"}, {"a5", "a5"}, {"us-letter", "letter"}, {"us-executive", "7.25in 10.5in"}};
    bool known = false;
    for (const auto& [theirs, ours] : sizes)
      if (lower(size->text()) == theirs) set(r, out, "page.size", *size, ours), known = true;
    if (!known)
      r.diags().warning(r.span(*size), "page size '" + size->text() + "' is not one of RenderCV's (a4, a5, us-letter, us-executive); ignored",
                        "cvpdf sets the theme's page size");
  }
  for (const char* side : {"top", "bottom", "left", "right"})
    if (const YNode* m = scalar(page, std::string(side) + "_margin")) set(r, out, std::string("page.margin.") + side, *m, m->text());
  static const std::pair<const char*, const char*> colours[] = {
      {"body", "colors.text"}, {"name", "colors.name"}, {"section_titles", "colors.heading"}, {"links", "colors.accent"}};
  for (const auto& [theirs, ours] : colours) {
    const YNode* c = scalar(f["colors"], theirs);
    if (!c) continue;
    std::string hex = hex_colour(c->text());
    if (hex.empty()) {
      r.diags().warning(r.span(*c), "colour '" + c->text() + "' is not written as rgb(R, G, B) or #RRGGBB; ignored",
                        "write it as rgb(0, 79, 144)");
      continue;
    }
    set(r, out, ours, *c, hex);
  }
  const YNode* typography = f["typography"];
  if (const YNode* body = scalar(child(typography, "font_size"), "body")) set(r, out, "text.size", *body, body->text());
  if (const YNode* align = scalar(typography, "alignment")) {
    const std::string a = lower(align->text());
    if (a == "left") set(r, out, "text.align", *align, "ragged");
    else if (a.rfind("justified", 0) == 0) set(r, out, "text.align", *align, "justify");
  }
  const YNode* templates = f["templates"];
  if (const YNode* single = scalar(templates, "single_date")) {
    std::string pattern;
    if (date_pattern(single->text(), pattern, month_names)) set(r, out, "dates.%LANG%.pattern", *single, pattern);
    else
      r.diags().warning(r.span(*single), "the date template '" + single->text() + "' uses a placeholder cvpdf cannot write; the theme's date pattern is used",
                        "cvpdf writes MONTH_ABBREVIATION, MONTH_NAME, MONTH, MONTH_IN_TWO_DIGITS and YEAR");
  }
  if (const YNode* range = scalar(templates, "date_range")) {
    const std::string& t = range->text();
    const auto a = t.find("START_DATE"), b = t.find("END_DATE");
    if (a != std::string::npos && b != std::string::npos && a < b)
      set(r, out, "dates.separator", *range, t.substr(a + 10, b - a - 10));
  }
}

void set_months(Resume& out, std::vector<std::string> list, SourceSpan span) {
  StyleValue v;
  v.is_list = true;
  v.list = std::move(list);
  v.span = std::move(span);
  out.style["dates.%LANG%.months"] = std::move(v);
}

// A locale is RenderCV's built-in one for its language (English when it
// names none, as in RenderCV), with the words the file writes over it.
void read_locale(const Reader& r, const YNode& locale, Resume& out, RenderCvLocale& result, bool month_names) {
  auto f = r.fields(locale, kLocaleKeys, "in '" + locale.key() + "'");
  const RenderCvLocaleWords* words = rendercv_locale_words("english");
  if (const YNode* language = f["language"]; language && language->is_scalar()) {
    std::string code = rendercv_language_code(language->text());
    if (code.empty()) {
      r.diags().warning(r.span(*language), "'" + language->text() + "' is not a language RenderCV or cvpdf knows; the résumé's language is 'en'",
                        "RenderCV's names are english, german, french, spanish, mandarin_chinese, japanese, korean, …");
    } else {
      out.languages = {code};
      words = rendercv_locale_words(language->text());  // null: a code RenderCV has no words for
    }
  }
  const SourceSpan at = r.span(f["language"] ? *f["language"] : locale);
  if (words) {
    set(r, out, "dates.%LANG%.present", f["language"] ? *f["language"] : locale, words->present);
    set_months(out, rendercv_months(month_names ? words->names : words->abbreviations), at);
    result.degree_with_area = words->degree_with_area;
  }
  if (const YNode* present = f["present"]; present && present->is_scalar()) set(r, out, "dates.%LANG%.present", *present, present->text());
  const YNode* months = f[month_names ? "month_names" : "month_abbreviations"];
  if (months && !months->is_null()) {
    std::vector<std::string> list;
    if (month_list(r, *months, list)) set_months(out, std::move(list), r.span(*months));
  }
  if (const YNode* phrases = f["phrases"]; phrases && phrases->is_map()) {
    auto pf = r.fields(*phrases, kPhraseKeys, "in 'locale.phrases'");
    if (const YNode* d = pf["degree_with_area"]; d && d->is_scalar()) result.degree_with_area = d->text();
  }
}

// One note per option under `node` (at `path`) that has a value and is not
// applied. RenderCV 1.x's names are read as 2.x's (kLocaleKeys,
// kSettingsKeys), so a path is checked by the name the key table gives.
void note_not_applied(const Reader& r, const YNode& node, const std::string& path, std::span<const KeyName> names,
                      Diagnostics& notes) {
  for (const auto& child : node.children) {
    std::string key = child.key();
    for (const auto& name : names)
      if (key == name.name) key = name.canonical;
    const std::string at = path + "." + key;
    if (child.is_map()) {
      note_not_applied(r, child, at, {}, notes);
      continue;
    }
    if (!json_resume::Unshown::has_content(&child)) continue;
    if (std::find(std::begin(kApplied), std::end(kApplied), at) != std::end(kApplied)) continue;
    notes.note(r.key_span(child), "'" + at + "' is not applied",
               "cvpdf has no counterpart for this RenderCV option; docs/rendercv.md lists the ones it maps, and "
               "cvpdf's own style keys (docs/user-guide.md) set the rest of the look");
  }
}

}  // namespace

std::string rendercv_language_code(std::string_view name) {
  static const std::pair<const char*, const char*> names[] = {
      {"english", "en"},    {"arabic", "ar"},   {"danish", "da"},     {"dutch", "nl"},       {"french", "fr"},
      {"german", "de"},     {"hebrew", "he"},   {"hindi", "hi"},      {"indonesian", "id"},  {"italian", "it"},
      {"japanese", "ja"},   {"korean", "ko"},   {"mandarin_chinese", "zh"}, {"chinese", "zh"},
      {"norwegian_bokmål", "nb"}, {"norwegian_nynorsk", "nn"}, {"persian", "fa"}, {"portuguese", "pt"},
      {"russian", "ru"},    {"spanish", "es"},  {"turkish", "tr"},     {"hungarian", "hu"},   {"vietnamese", "vi"}};
  const std::string l = lower(name);
  for (const auto& [n, code] : names)
    if (l == n) return code;
  // RenderCV 1.x wrote the locale's language as a code (`language: de`).
  if (is_language_tag(name) && name.size() <= 8) return canonical_language(name);
  return "";
}

std::string rendercv_theme(std::string_view name) {
  static const std::pair<const char*, const char*> themes[] = {{"classic", "classic"},
                                                               {"moderncv", "moderncv"},
                                                               {"sb2nov", "engineering"},
                                                               {"engineeringresumes", "engineering"},
                                                               {"engineeringclassic", "engineering"}};
  const std::string l = lower(name);
  for (const auto& [theirs, ours] : themes)
    if (l == theirs) return ours;
  return "";
}

void read_rendercv_style(Reader& r, const YNode& root, Resume& out, RenderCvLocale& locale, Diagnostics* not_applied) {
  // The date template decides which month list the locale's words give:
  // MONTH_NAME takes the full names, anything else the abbreviations.
  bool month_names = false;
  if (const YNode* design = root.find("design"); design && design->is_map()) read_design(r, *design, out, month_names);
  const YNode* loc = root.find("locale");
  if (!loc) loc = root.find("locale_catalog");
  if (loc && loc->is_map()) read_locale(r, *loc, out, locale, month_names);
  const YNode* settings = root.find("settings");
  if (!settings) settings = root.find("rendercv_settings");
  if (settings && settings->is_map()) {
    auto f = r.fields(*settings, kSettingsKeys, "in '" + settings->key() + "'");
    if (const YNode* words = f["bold_keywords"]; words && words->is_sequence() && !words->children.empty()) {
      StyleValue v;
      v.is_list = true;
      v.span = r.span(*words);
      for (const auto& w : words->children)
        if (w.is_scalar()) v.list.push_back(w.text());
      out.style["bold-keywords"] = std::move(v);
    }
  }
  if (not_applied) {
    // Each top-level key as its 2.x name, the name a message gives.
    struct Top {
      const char* key;
      const char* path;
      std::span<const KeyName> names;
    };
    for (const Top& top : {Top{"design", "design", kDesignKeys}, Top{"locale", "locale", kLocaleKeys},
                           Top{"locale_catalog", "locale", kLocaleKeys}, Top{"settings", "settings", kSettingsKeys},
                           Top{"rendercv_settings", "settings", kSettingsKeys}})
      if (const YNode* node = root.find(top.key); node && node->is_map())
        note_not_applied(r, *node, top.path, top.names, *not_applied);
  }
  // A locale that names its language declares it; else the loader detects
  // one from the text (language_detect.hpp), and words given here in no
  // language are English's, which every language falls back to.
  out.languages_declared = !out.languages.empty();
  if (out.languages.empty()) out.languages = {"en"};
  r.languages = out.languages;
  // The locale's words are the words of the résumé's one language.
  StyleMap keyed;
  for (auto& [key, value] : out.style) {
    std::string k = key;
    if (auto at = k.find("%LANG%"); at != std::string::npos) k.replace(at, 6, out.languages.front());
    keyed[k] = std::move(value);
  }
  out.style = std::move(keyed);
}

}  // namespace cvpdf::model::detail
