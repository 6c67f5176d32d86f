// Style resolution: dotted layout keys → typed values, with diagnostics that
// point at the key (in the layout, the résumé's `style:` or `--set`). Every
// number is read strictly (the whole text, finite) and range-checked in
// floating point before it becomes an integer or scaled points, so no value
// — nan, inf, 1e309, 1e30 — can overflow or slip through a comparison.
#include "compose/style.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <string_view>

namespace cvpdf::compose {

namespace {

// Sizes, gaps and margins: 1000pt is about 35 cm, more than any page side
// a résumé is printed on; the margins are checked against the page below.
constexpr double kMaxLengthPoints = 1000;

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

enum class NumberForm { Ok, NotANumber, NotFinite };

// The number at the start of `text` (from_chars: no spaces, no '+', no hex);
// `used` is how many characters it took. A number beyond a double's range
// (1e309) is not finite either.
NumberForm parse_number_prefix(std::string_view text, double& out, std::size_t& used) {
  const char* begin = text.data();
  auto [ptr, ec] = std::from_chars(begin, begin + text.size(), out);
  used = static_cast<std::size_t>(ptr - begin);
  if (ec == std::errc::result_out_of_range) return NumberForm::NotFinite;
  if (ec != std::errc() || used == 0) return NumberForm::NotANumber;
  return std::isfinite(out) ? NumberForm::Ok : NumberForm::NotFinite;
}

NumberForm parse_number(std::string_view text, double& out) {
  std::size_t used = 0;
  NumberForm form = parse_number_prefix(text, out, used);
  if (form == NumberForm::Ok && used != text.size()) return NumberForm::NotANumber;
  return form;
}

constexpr const char* kNotFiniteHint = "nan and inf are not values a layout can use; write a plain number such as 1.3";

// Language-specific blocks: `dates.<lang>.x` and `words.<lang>.x` accept any
// language; they are checked against the keys of the `en` block.
std::string generic_key(const std::string& key) {
  for (const char* prefix : {"dates.", "words."}) {
    std::string p = prefix;
    if (key.rfind(p, 0) == 0) {
      auto dot = key.find('.', p.size());
      if (dot != std::string::npos) return p + "en" + key.substr(dot);
    }
  }
  return key;
}

class Reader {
 public:
  Reader(const model::StyleMap& map, const model::StyleMap& defaults, Diagnostics& diags)
      : map_(map), defaults_(defaults), diags_(diags) {}

  const model::StyleValue* find(const std::string& key) const {
    if (auto it = map_.find(key); it != map_.end()) return &it->second;
    if (auto it = defaults_.find(key); it != defaults_.end()) return &it->second;
    return nullptr;
  }

  std::string text(const std::string& key, const std::string& fallback = {}) {
    const auto* v = find(key);
    if (!v) return fallback;
    if (v->is_list) {
      error(*v, key, "must be a single value, got a list", "write it without brackets");
      return fallback;
    }
    return v->scalar;
  }

  std::vector<std::string> list(const std::string& key) {
    const auto* v = find(key);
    if (!v) return {};
    if (v->is_list) return v->list;
    if (v->scalar.empty()) return {};
    return {v->scalar};
  }

  // A ratio or factor in [min, max].
  double number(const std::string& key, double fallback, double min, double max) {
    const auto* v = find(key);
    if (!v || v->is_list) return fallback;
    double d = 0;
    switch (parse_number(v->scalar, d)) {
      case NumberForm::Ok: break;
      case NumberForm::NotANumber:
        error(*v, key, "must be a number, got '" + v->scalar + "'",
              "write a plain number in " + fmt(min) + "…" + fmt(max) + ", such as " + fmt(fallback));
        return fallback;
      case NumberForm::NotFinite:
        error(*v, key, "must be a finite number, got '" + v->scalar + "'", kNotFiniteHint);
        return fallback;
    }
    if (!(d >= min && d <= max)) {
      error(*v, key, "is " + v->scalar + ", outside " + fmt(min) + "…" + fmt(max), "choose a value in that range");
      return fallback;
    }
    return d;
  }

  // A count: a whole number in [min, max].
  int integer(const std::string& key, int fallback, int min, int max) {
    const auto* v = find(key);
    if (!v || v->is_list) return fallback;
    double d = number(key, fallback, min, max);
    if (d != std::floor(d)) {
      error(*v, key, "must be a whole number, got '" + v->scalar + "'", "write a count such as " + fmt(fallback));
      return fallback;
    }
    return static_cast<int>(d);
  }

  bool boolean(const std::string& key, bool fallback) {
    const auto* v = find(key);
    if (!v || v->is_list) return fallback;
    std::string s = lower(v->scalar);
    if (s == "true" || s == "yes" || s == "on") return true;
    if (s == "false" || s == "no" || s == "off") return false;
    error(*v, key, "must be true or false, got '" + v->scalar + "'", "write true or false");
    return fallback;
  }

  // A length in [0, max_points]: 12pt, 4.2mm, 1cm, 0.5in, or (when em > 0) 0.1em.
  Scaled length(const std::string& key, Scaled fallback, Scaled em = 0, double max_points = kMaxLengthPoints) {
    const auto* v = find(key);
    if (!v || v->is_list) return fallback;
    double points = 0;
    switch (parse_length(v->scalar, em, points)) {
      case NumberForm::Ok: break;
      case NumberForm::NotANumber:
        error(*v, key, "must be a length like 12pt, 15mm, 1.5cm or 0.5in, got '" + v->scalar + "'",
              em > 0 ? "lengths here may also be relative to the font size, e.g. 0.1em" : "add a unit");
        return fallback;
      case NumberForm::NotFinite:
        error(*v, key, "must be a finite length, got '" + v->scalar + "'", "write a length such as 12pt or 4mm");
        return fallback;
    }
    if (points < 0) {
      error(*v, key, "must not be negative, got '" + v->scalar + "'", "use 0 or a positive length");
      return fallback;
    }
    if (points > max_points) {
      error(*v, key, "is '" + v->scalar + "', more than " + fmt(max_points) + "pt",
            "a length here is at most " + fmt(max_points) + "pt (" + fmt(std::round(max_points / 72 * 2.54)) +
                " cm); check the unit");
      return fallback;
    }
    return pt(points);
  }

  frame::Color color(const std::string& key, frame::Color fallback) {
    const auto* v = find(key);
    if (!v || v->is_list) return fallback;
    std::string s = v->scalar;
    auto hex = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      return -1;
    };
    bool ok = !s.empty() && s[0] == '#' && (s.size() == 7 || s.size() == 4);
    for (std::size_t i = 1; ok && i < s.size(); ++i) ok = hex(s[i]) >= 0;
    if (!ok) {
      error(*v, key, "must be a colour like \"#1f4e79\", got '" + s + "'", "quote it in YAML: \"#rrggbb\"");
      return fallback;
    }
    auto channel = [&](int i) {
      if (s.size() == 4) return (hex(s[1 + i]) * 17) / 255.0;
      return (hex(s[1 + 2 * i]) * 16 + hex(s[2 + 2 * i])) / 255.0;
    };
    return {channel(0), channel(1), channel(2)};
  }

  // A length in points (not yet range-checked). A bare 0 needs no unit.
  static NumberForm parse_length(std::string_view text, Scaled em, double& points) {
    double d = 0;
    std::size_t used = 0;
    NumberForm form = parse_number_prefix(text, d, used);
    if (form != NumberForm::Ok) return form;
    std::string unit = lower(std::string(text.substr(used)));
    while (!unit.empty() && unit.front() == ' ') unit.erase(0, 1);
    if (unit.empty() && d == 0) points = 0;
    else if (unit == "pt") points = d;
    else if (unit == "mm") points = d * kPointsPerMillimetre;
    else if (unit == "cm") points = d * 10 * kPointsPerMillimetre;
    else if (unit == "in") points = d * kPointsPerInch;
    else if (unit == "em" && em > 0) points = d * to_pt(em);
    else return NumberForm::NotANumber;
    return std::isfinite(points) ? NumberForm::Ok : NumberForm::NotFinite;
  }

  void error(const model::StyleValue& v, const std::string& key, const std::string& what, const std::string& hint) {
    diags_.error(v.span, "style key '" + key + "' " + what, hint);
  }

 private:
  static std::string fmt(double d) {
    char buf[32];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, d);
    (void)ec;
    return std::string(buf, ptr);
  }

  const model::StyleMap& map_;
  const model::StyleMap& defaults_;
  Diagnostics& diags_;
};

struct PageSize {
  const char* name;
  double width_mm, height_mm;
};
constexpr PageSize kPageSizes[] = {
    {"a4", 210, 297}, {"a5", 148, 210}, {"b5", 176, 250},
    {"letter", 215.9, 279.4}, {"legal", 215.9, 355.6},
};

void resolve_page_size(Reader& r, Style& s, Diagnostics& diags) {
  const auto* v = r.find("page.size");
  std::string size = v ? lower(v->scalar) : "a4";
  for (const auto& p : kPageSizes) {
    if (size == p.name) {
      s.page_width = pt(p.width_mm * kPointsPerMillimetre);
      s.page_height = pt(p.height_mm * kPointsPerMillimetre);
      return;
    }
  }
  // "WIDTH HEIGHT" with units.
  // "WIDTH HEIGHT" with units, each 1 in to 200 in (PDF's largest page).
  auto space = size.find(' ');
  double w = 0, h = 0;
  auto side = [](double points) { return points >= 72 && points <= 14400; };
  if (space != std::string::npos && Reader::parse_length(size.substr(0, space), 0, w) == NumberForm::Ok &&
      Reader::parse_length(size.substr(space + 1), 0, h) == NumberForm::Ok && side(w) && side(h)) {
    s.page_width = pt(w);
    s.page_height = pt(h);
    return;
  }
  diags.error(v ? v->span : SourceSpan{}, "style key 'page.size' is '" + (v ? v->scalar : size) + "', not a page size",
              "use a4, letter, legal, a5, b5, or \"WIDTH HEIGHT\" such as \"210mm 297mm\" (each side 1in…200in)");
  s.page_width = pt(210 * kPointsPerMillimetre);
  s.page_height = pt(297 * kPointsPerMillimetre);
}

void warn_unknown_keys(const model::StyleMap& map, const model::StyleMap& defaults, Diagnostics& diags) {
  std::vector<std::string> known;
  known.reserve(defaults.size());
  for (const auto& [k, v] : defaults) known.push_back(k);
  for (const auto& [key, value] : map) {
    if (defaults.count(generic_key(key))) continue;
    std::string suggestion = nearest_word(key, known);
    diags.warning(value.span, "unknown style key '" + key + "'",
                  suggestion.empty() ? "see the built-in layout (cvpdf --list-layouts) for the keys"
                                     : "did you mean '" + suggestion + "'?");
  }
}

}  // namespace

std::string primary_language(const std::string& tag) {
  std::string l = lower(tag);
  auto dash = l.find_first_of("-_");
  return dash == std::string::npos ? l : l.substr(0, dash);
}

std::string cjk_font_key(const std::string& language) {
  std::string l = lower(language);
  std::string primary = primary_language(l);
  if (primary == "ja") return "fonts.cjk-ja";
  if (primary == "ko") return "fonts.cjk-ko";
  if (primary == "zh" && (l.find("hant") != std::string::npos || l.find("-tw") != std::string::npos ||
                          l.find("-hk") != std::string::npos || l.find("-mo") != std::string::npos))
    return "fonts.cjk-hant";
  return "fonts.cjk";
}

std::string pdf_language_tag(const std::string& tag) {
  std::string l = lower(tag);
  if (l == "zh" || l == "zh-cn" || l == "zh-sg") return "zh-Hans";
  if (l == "zh-tw" || l == "zh-hk" || l == "zh-mo") return "zh-Hant";
  if (l == "zh-hans") return "zh-Hans";
  if (l == "zh-hant") return "zh-Hant";
  return tag;
}

Style resolve_style(const model::StyleMap& map, const model::StyleMap& defaults, const std::string& language,
                    Diagnostics& diags) {
  warn_unknown_keys(map, defaults, diags);
  Reader r(map, defaults, diags);
  Style s;
  resolve_page_size(r, s, diags);
  s.margin_top = r.length("page.margin.top", pt(42));
  s.margin_bottom = r.length("page.margin.bottom", pt(42));
  s.margin_left = r.length("page.margin.left", pt(48));
  s.margin_right = r.length("page.margin.right", pt(48));

  s.latin_fonts = r.list("fonts.latin");
  s.cjk_fonts = r.list(cjk_font_key(language));
  if (s.cjk_fonts.empty()) s.cjk_fonts = r.list("fonts.cjk");

  s.text_color = r.color("colors.text", {0.1, 0.1, 0.1});
  s.accent_color = r.color("colors.accent", {0.12, 0.3, 0.47});
  s.muted_color = r.color("colors.muted", {0.36, 0.36, 0.36});
  s.rule_color = r.color("colors.rule", {0.6, 0.7, 0.78});

  s.text_size = r.length("text.size", pt(10));
  if (s.text_size < pt(4) || s.text_size > pt(40)) {
    diags.error(r.find("text.size") ? r.find("text.size")->span : SourceSpan{},
                "style key 'text.size' must be between 4pt and 40pt", "a résumé reads well at 9–11pt");
    s.text_size = pt(10);
  }
  const Scaled em = s.text_size;
  s.leading = r.number("text.leading", 1.3, 0.8, 4);
  s.leading_cjk = r.number("text.leading-cjk", s.leading, 0.8, 4);
  std::string align = lower(r.text("text.align", "justify"));
  if (align == "justify" || align == "justified") {
    s.align = Alignment::Justify;
  } else if (align == "ragged" || align == "left" || align == "ragged-right") {
    s.align = Alignment::Ragged;
  } else {
    const auto* v = r.find("text.align");
    diags.error(v ? v->span : SourceSpan{}, "style key 'text.align' is '" + align + "'", "use justify or ragged");
  }
  s.hyphenate = r.boolean("text.hyphenate", true);
  s.hyphen_min_word = r.integer("text.hyphenate-min-word", 6, 2, 64);
  s.hyphen_min_before = r.integer("text.hyphenate-min-before", 2, 1, 32);
  s.hyphen_min_after = r.integer("text.hyphenate-min-after", 3, 1, 32);
  s.tolerance = r.integer("text.tolerance", 200, 0, 10000);
  s.paragraph_gap = r.length("text.paragraph-gap", pt(3), em);

  s.name_size = r.length("header.name-size", pt(24), em);
  s.headline_size = r.length("header.headline-size", pt(11), em);
  s.contact_size = r.length("header.contact-size", pt(9), em);
  s.photo_size = r.length("header.photo-size", pt(68), em);
  s.contact_separator = r.text("header.contact-separator", "  ·  ");
  s.gap_after_name = r.length("header.gap-after-name", pt(4), em);
  s.gap_after_headline = r.length("header.gap-after-headline", pt(4), em);
  s.gap_after_contact = r.length("header.gap-after-contact", pt(8), em);
  s.gap_after_summary = r.length("header.gap-after-summary", pt(8), em);

  s.metric_value_size = r.length("metrics.value-size", pt(16), em);
  s.metric_label_size = r.length("metrics.label-size", pt(8), em);
  s.metrics_gap_after = r.length("metrics.gap-after", pt(4), em);

  s.heading_size = r.length("heading.size", pt(11), em);
  s.heading_uppercase = r.boolean("heading.uppercase", true);
  // Read against a 1000pt em so "0.09em" comes back as a fraction of the size.
  s.heading_letter_spacing_em =
      static_cast<double>(r.length("heading.letter-spacing", 0, pt(1000))) / static_cast<double>(pt(1000));
  s.heading_rule_thickness = r.length("heading.rule-thickness", pt(0.6), em);
  s.heading_rule_gap = r.length("heading.rule-gap", pt(3), em);
  s.heading_space_before = r.length("heading.space-before", pt(12), em);
  s.heading_space_after = r.length("heading.space-after", pt(6), em);

  s.entry_space_between = r.length("entry.space-between", pt(7), em);
  s.entry_head_gap = r.length("entry.head-gap", pt(1), em);
  s.entry_keep_lines = r.integer("entry.keep-together", 5, 0, 1000);
  s.date_size = r.length("entry.date-size", s.text_size, em);
  s.tag_size = r.length("entry.tag-size", s.text_size, em);
  s.links_size = r.length("entry.links-size", s.text_size, em);

  s.bullet_symbol = r.text("bullets.symbol", "•");
  s.bullet_indent = r.length("bullets.indent", pt(11), em);
  s.bullet_space_between = r.length("bullets.space-between", pt(1.5), em);
  s.bullet_gap_before = r.length("bullets.gap-before", pt(2), em);

  s.pair_label_column_max = r.number("pairs.label-column-max", 0.35, 0.1, 0.8);
  s.pair_column_gap = r.length("pairs.column-gap", pt(10), em);
  s.pair_space_between = r.length("pairs.space-between", pt(2), em);

  s.publication_space_between = r.length("publications.space-between", pt(4), em);
  s.publication_numbers = r.boolean("publications.number", true);

  s.footer_size = r.length("footer.size", pt(8), em);
  s.footer_from_page = r.integer("footer.from-page", 2, 1, 1000);

  s.date_separator = r.text("dates.separator", " – ");
  std::string primary = primary_language(language);
  auto date_key = [&](const std::string& leaf) {
    std::string k = "dates." + primary + "." + leaf;
    return r.find(k) ? k : "dates.en." + leaf;
  };
  s.dates.pattern = r.text(date_key("pattern"), "{month} {year}");
  s.dates.months = r.list(r.find("dates." + primary + ".months") ? "dates." + primary + ".months" : "dates.en.months");
  s.dates.present = r.text(date_key("present"), "Present");
  if (s.dates.pattern.find("{month}") != std::string::npos && s.dates.months.size() != 12) {
    const auto* v = r.find(date_key("months"));
    diags.error(v ? v->span : SourceSpan{}, "the date pattern uses {month} but 'months' does not list 12 names",
                "give dates." + primary + ".months as a list of 12 month names");
    s.dates.months.resize(12);
  }
  std::string word_key = "words." + primary + ".resume";
  s.resume_word = r.text(r.find(word_key) ? word_key : "words.en.resume", "Résumé");
  std::string page_key = "words." + primary + ".page";
  s.page_words = r.text(r.find(page_key) ? page_key : "words.en.page", "{page} / {pages}");

  // The limits of --fit-pages; a limit above the layout's own value leaves it.
  s.fit.min_text_size = std::min(s.text_size, r.length("fit.min-text-size", s.text_size, em));
  if (s.fit.min_text_size < pt(4)) {
    diags.error(r.find("fit.min-text-size") ? r.find("fit.min-text-size")->span : SourceSpan{},
                "style key 'fit.min-text-size' must be at least 4pt", "a résumé stays readable down to about 8pt");
    s.fit.min_text_size = s.text_size;
  }
  s.fit.min_leading = std::min(s.leading, r.number("fit.min-leading", s.leading, 0.8, 4));
  s.fit.min_leading_cjk = std::min(s.leading_cjk, r.number("fit.min-leading-cjk", s.leading_cjk, 0.8, 4));
  s.fit.min_spacing = r.number("fit.min-spacing", 1, 0, 1);
  s.fit.min_margin = r.length("fit.min-margin", kMaxScaled);  // none: margins stay

  auto check_positive = [&](Scaled value, const char* key) {
    if (value <= 0) diags.error(r.find(key) ? r.find(key)->span : SourceSpan{}, std::string("style key '") + key + "' must be positive", "");
  };
  check_positive(s.name_size, "header.name-size");
  check_positive(s.heading_size, "heading.size");
  if (s.content_width() < pt(144)) {
    diags.error(r.find("page.margin.left") ? r.find("page.margin.left")->span : SourceSpan{},
                "the margins leave less than 2 inches of line width", "make page.margin.left/right smaller");
  }
  if (s.page_height - s.margin_top - s.margin_bottom < pt(144)) {
    diags.error(r.find("page.margin.top") ? r.find("page.margin.top")->span : SourceSpan{},
                "the margins leave less than 2 inches of page height", "make page.margin.top/bottom smaller");
  }
  return s;
}

}  // namespace cvpdf::compose
