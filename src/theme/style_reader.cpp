// Reading a style: dotted layout keys → typed Style values, row by row of
// the field table (style_fields.hpp), with diagnostics that point at the key
// (in the layout, the résumé's `style:` or `--set`). Every number is read
// strictly (the whole text, finite) and range-checked in floating point
// before it becomes an integer or scaled points, so no value — nan, inf,
// 1e309, 1e30 — can overflow or slip through a comparison.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <set>
#include <string_view>

#include "core/templates.hpp"
#include "model/color_names.hpp"
#include "model/entry_lines.hpp"
#include "model/language_tags.hpp"
#include "model/locale_words.hpp"
#include "theme/style.hpp"
#include "theme/style_fields.hpp"

namespace cvpdf::theme {

using model::StyleMap;
using model::StyleValue;
using model::cjk_font_key;
using model::css_color_names;
using model::EntryLinesError;
using model::locale_dates;
using model::LocaleDates;
using model::parse_color;
using model::parse_item_lines;
using model::primary_language;

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

class Reader {
 public:
  Reader(const StyleMap& map, const StyleMap& defaults, Diagnostics& diags)
      : map_(map), defaults_(defaults), diags_(diags) {}

  // Set above the defaults: by a theme file, the résumé's style: or --set.
  bool overridden(const std::string& key) const { return map_.count(key) > 0; }

  const StyleValue* find(const std::string& key) const {
    if (auto it = map_.find(key); it != map_.end()) return &it->second;
    if (auto it = defaults_.find(key); it != defaults_.end()) return &it->second;
    return nullptr;
  }

  // A value is there and is one value: a list where one is wanted is an
  // error at its place (it was once read as no value at all).
  bool single(const StyleValue* v, const std::string& key, const std::string& kind) {
    if (!v) return false;
    if (!v->is_list) return true;
    error(*v, key, "must be " + kind + ", got a list", "write one value, without brackets");
    return false;
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
    if (!single(v, key, "a number")) return fallback;
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
    if (!single(v, key, "a whole number")) return fallback;
    double d = number(key, fallback, min, max);
    if (d != std::floor(d)) {
      error(*v, key, "must be a whole number, got '" + v->scalar + "'", "write a count such as " + fmt(fallback));
      return fallback;
    }
    return static_cast<int>(d);
  }

  bool boolean(const std::string& key, bool fallback) {
    const auto* v = find(key);
    if (!single(v, key, "true or false")) return fallback;
    std::string s = lower(v->scalar);
    if (s == "true" || s == "yes" || s == "on") return true;
    if (s == "false" || s == "no" || s == "off") return false;
    error(*v, key, "must be true or false, got '" + v->scalar + "'", "write true or false");
    return fallback;
  }

  // A length in [0, max_points]: 12pt, 4.2mm, 1cm, 0.5in, or (when em > 0) 0.1em.
  Scaled length(const std::string& key, Scaled fallback, Scaled em = 0, double max_points = kMaxLengthPoints) {
    const auto* v = find(key);
    if (!single(v, key, "a length")) return fallback;
    double points = 0;
    switch (parse_length(v->scalar, em, points)) {
      case NumberForm::Ok: break;
      case NumberForm::NotANumber:
        error(*v, key, "must be a length like 12pt, 15mm, 1.5cm or 0.5in, got '" + v->scalar + "'",
              length_hint(v->scalar, em, fallback));
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

  Color color(const std::string& key, Color fallback) {
    const auto* v = find(key);
    if (!single(v, key, "a colour")) return fallback;
    if (auto c = parse_color(v->scalar)) return *c;
    error(*v, key, "must be a colour (a CSS name such as darkred, or #rgb, #rrggbb), got '" + v->scalar + "'",
          color_hint(*v, key));
    return fallback;
  }

  // A near colour name when there is one, else the forms, written where the
  // value was: on the command line nothing is quoted; in YAML an unquoted
  // '#' after a space begins a comment, so the digits go in quotes or alone.
  static std::string color_hint(const StyleValue& v, const std::string& key) {
    std::vector<std::string> names;
    for (const auto& n : css_color_names()) names.emplace_back(n.name);
    if (std::string near = nearest_word(lower(v.scalar), names); !near.empty()) return "did you mean '" + near + "'?";
    if (v.span.file.rfind("--set", 0) == 0)
      return "e.g. --set " + key + "=darkred or --set " + key + "=#c00";
    const std::string leaf = key.substr(key.rfind('.') + 1);
    return "write a CSS name (" + leaf + ": darkred), or hex digits: " + leaf + ": \"#c00\" (quoted, since an unquoted # "
           "begins a YAML comment) or " + leaf + ": c00";
  }

  // What is wrong with a value that is not a length: a number without a
  // unit or with another unit, or no number at all ("ten").
  static std::string length_hint(std::string_view text, Scaled em, Scaled fallback) {
    const std::string units = em > 0 ? "pt, mm, cm, in, or em (of the font size)" : "pt, mm, cm or in";
    const std::string example = fmt(std::round(to_pt(fallback) * 10) / 10) + "pt";
    double d = 0;
    std::size_t used = 0;
    if (parse_number_prefix(text, d, used) != NumberForm::Ok)
      return "a length is a number with a unit, e.g. " + example + "; the units are " + units;
    std::string unit(text.substr(used));
    unit.erase(0, std::min(unit.find_first_not_of(' '), unit.size()));
    if (unit.empty()) return "add a unit to the number, e.g. " + fmt(d) + "pt; the units are " + units;
    return "'" + unit + "' is not a unit here; the units are " + units;
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

  void error(const StyleValue& v, const std::string& key, const std::string& what, const std::string& hint) {
    diags_.error(v.span, "style key '" + key + "' " + what, hint);
  }

 private:
  static std::string fmt(double d) {
    char buf[32];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, d);
    (void)ec;
    return std::string(buf, ptr);
  }

  const StyleMap& map_;
  const StyleMap& defaults_;
  Diagnostics& diags_;
};

void resolve_page_size(Reader& r, Style& s, Diagnostics& diags) {
  const auto* v = r.find("page.size");
  std::string size = v ? lower(v->scalar) : std::string(find_style_field("page.size")->fallback);
  for (const auto& p : page_sizes()) {
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

// The known keys below `section` ("page" → page.size, page.margin.top, …),
// as the table writes them; none when `section` is no section.
std::vector<std::string> keys_below(const std::string& section, const std::vector<std::string>& known) {
  std::vector<std::string> below;
  const std::string prefix = section + ".";
  for (const auto& k : known)
    if (k.rfind(prefix, 0) == 0) below.push_back(k);
  return below;
}

// The known key that `key` goes below, as the table writes it
// ("page.size.x" → "page.size"), or "".
std::string value_above(const std::string& key) {
  for (std::size_t dot = key.rfind('.'); dot != std::string::npos && dot > 0; dot = key.rfind('.', dot - 1)) {
    const std::string head = table_key(key.substr(0, dot));
    if (find_style_field(head)) return head;
  }
  return {};
}

// How to set `key` where `value` was written: on the command line or in YAML.
std::string setting(const StyleValue& value, const std::string& key) {
  if (value.span.file.rfind("--set", 0) == 0) return "set one key: --set " + key + "=VALUE";
  const auto dot = key.rfind('.');
  return "set one key, nested: " + key.substr(0, dot) + ": {" + key.substr(dot + 1) + ": VALUE}";
}

// Every key of a layer is a known value, or a mistake said at its place:
// a section written as a value (`page: 1`, `header: [a]`) or a value
// written as a section (`page: {size: {x: 1}}`) is of the wrong kind, an
// error; a key the table does not know is a warning with the nearest one.
void check_keys(const StyleMap& map, Diagnostics& diags) {
  const std::vector<std::string> known = known_style_keys();
  std::set<std::string> blocked;  // values written as sections, said once each
  for (const auto& [key, value] : map) {
    const std::string generic = table_key(key);
    if (find_style_field(generic)) continue;
    // A language's block (dates.fr) as the table writes it (dates.en).
    std::string section = table_key(key + ".x");
    section.resize(section.size() - 2);
    if (auto below = keys_below(section, known); !below.empty()) {
      for (std::string& k : below) k = key + k.substr(section.size());  // dates.en.pattern → dates.fr.pattern
      std::string some = below.front();
      if (below.size() > 1) some += ", " + below[1];
      if (below.size() > 2) some += ", …";
      diags.error(value.span,
                  "style key '" + key + "' is a section of keys (" + some + "), not " +
                      (value.is_list ? "a list" : "a value"),
                  setting(value, below.front()));
      continue;
    }
    if (const std::string above = value_above(key); !above.empty()) {
      // The value's key as this layer spells it (dates.fr.pattern, not the
      // table's dates.en.pattern): as many parts of `key` as `above` has.
      std::size_t end = 0;
      for (auto parts = std::count(above.begin(), above.end(), '.') + 1; parts > 0; --parts) end = key.find('.', end + 1);
      const std::string own = key.substr(0, end);
      if (blocked.insert(own).second)
        diags.error(value.span, "style key '" + own + "' takes one value, not a section of keys", setting(value, own));
      continue;
    }
    // A language block is matched as the table writes it (for `en`) and
    // suggested back in the key's own language: dates.zh.patern → dates.zh.pattern.
    std::string suggestion = nearest_word(generic, known);
    if (const StyleField* f = find_style_field(suggestion); f && f->per_language && generic != key) {
      const auto first = key.find('.'), second = key.find('.', first + 1);
      suggestion.replace(suggestion.find(".en."), 4, key.substr(first, second - first + 1));
    }
    diags.warning(value.span, "unknown style key '" + key + "'",
                  suggestion.empty() ? "see the keys in docs/user-guide.md, or a built-in theme (cvpdf themes)"
                                     : "did you mean '" + suggestion + "'?");
  }
}

// A row's default: its literal parsed (the table's literals are valid), the
// value of the row it follows ("=text.size"), or no limit ("none").
struct Fallback {
  Scaled length = 0;
  double number = 0;
  std::string text;
  std::vector<std::string> list;
  Color color;
};

template <class T>
T followed(const StyleField& f, Style& s) {
  const StyleField* source = find_style_field(f.fallback.substr(1));
  return std::get<T& (*)(Style&)>(source->target)(s);
}

Fallback fallback_of(const StyleField& f, Style& s, Reader& quiet) {
  Fallback out;
  const std::string text(f.fallback);
  if (no_limit_default(f)) {
    out.length = kMaxScaled;
    return out;
  }
  if (text.front() == '=') {
    if (std::holds_alternative<Scaled& (*)(Style&)>(f.target)) out.length = followed<Scaled>(f, s);
    if (std::holds_alternative<double& (*)(Style&)>(f.target)) out.number = followed<double>(f, s);
    if (std::holds_alternative<Color& (*)(Style&)>(f.target)) out.color = followed<Color>(f, s);
    return out;
  }
  out.text = text;
  double points = 0;
  const Scaled em = f.kind == FieldKind::EmFraction ? pt(1000) : s.text_size;
  if (Reader::parse_length(text, em, points) == NumberForm::Ok) out.length = pt(points);
  parse_number(text, out.number);
  // Lists and colours as the table's defaults read as a layout.
  if (f.kind == FieldKind::FontList || f.kind == FieldKind::TextList) out.list = quiet.list(std::string(f.key));
  if (f.kind == FieldKind::Colour) out.color = quiet.color(std::string(f.key), {});
  return out;
}

class FieldReader {
 public:
  FieldReader(const StyleMap& map, const StyleMap& defaults, const std::string& language, Diagnostics& diags)
      : r_(map, defaults, diags), table_defaults_(style_field_defaults()), quiet_(table_defaults_, no_defaults_, scratch_),
        primary_(primary_language(language)), language_(language), diags_(diags) {}

  Style read() {
    Style s;
    const auto rows = style_fields();
    s.origins.resize(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      read_field(rows[i], s);
      s.origins[i] = origin_of(rows[i]);
    }
    check_page(s);
    return s;
  }

 private:
  // A language block's key for this variant when it is written (the whole
  // tag's, zh-Hant, then the primary subtag's, zh), else "".
  std::string own_key(const StyleField& f) const {
    for (const std::string& tag : {language_, primary_}) {
      std::string own(f.key);
      own.replace(own.find(".en."), 4, "." + tag + ".");
      if (r_.find(own)) return own;
    }
    return {};
  }
  // The key a row is read from: the variant's block, else `en`'s.
  std::string key_for(const StyleField& f) const {
    if (!f.per_language) return std::string(f.key);
    std::string own = own_key(f);
    return own.empty() ? std::string(f.key) : own;
  }

  // A language no block writes dates for takes ICU's (CLDR's) month names
  // and pattern before English ones: French gets "juin 2024", not "Jun 2024".
  void locale_fallback(const StyleField& f, Style& s) {
    if (!f.per_language || primary_ == "en" || !own_key(f).empty()) return;
    const bool pattern = f.key == "dates.en.pattern", months = f.key == "dates.en.months";
    if (!pattern && !months) return;
    if (!icu_dates_) icu_dates_ = locale_dates(language_);
    if (!*icu_dates_) return;
    if (pattern) s.dates.pattern = (*icu_dates_)->pattern;
    if (months) s.dates.months = (*icu_dates_)->months;
  }

  // Where row `f`'s value came from: the key it was read from (the
  // variant's block; for the CJK faces the variant's own key when a layer
  // sets it, as cjk_fonts() reads), else nowhere: the table's default.
  FieldOrigin origin_of(const StyleField& f) const {
    std::string key = key_for(f);
    if (f.key == "fonts.cjk" && r_.find(cjk_font_key(language_))) key = cjk_font_key(language_);
    const StyleValue* v = r_.find(key);
    return v ? FieldOrigin{v->span, true} : FieldOrigin{};
  }

  SourceSpan span_of(const std::string& key) const {
    const auto* v = r_.find(key);
    return v ? v->span : SourceSpan{};
  }

  std::vector<std::string> list_or(const std::string& key, const std::vector<std::string>& fallback) {
    return r_.find(key) ? r_.list(key) : fallback;
  }

  void read_field(const StyleField& f, Style& s) {
    if (f.kind == FieldKind::PageSize) return resolve_page_size(r_, s, diags_);
    if (std::holds_alternative<std::monostate>(f.target)) return;  // read with another row
    const std::string key = key_for(f);
    const Fallback fallback = fallback_of(f, s, quiet_);
    const Scaled em = f.em ? s.text_size : 0;
    std::visit(
        [&](auto access) {
          using Target = decltype(access);
          if constexpr (std::is_same_v<Target, std::monostate>) {
          } else if constexpr (std::is_same_v<Target, Scaled& (*)(Style&)>) {
            access(s) = r_.length(key, fallback.length, em);
          } else if constexpr (std::is_same_v<Target, double& (*)(Style&)>) {
            if (f.kind == FieldKind::EmFraction) {
              // Read against a 1000pt em so "0.09em" comes back as a fraction of the size.
              access(s) = static_cast<double>(r_.length(key, fallback.length, pt(1000))) / static_cast<double>(pt(1000));
            } else {
              access(s) = r_.number(key, fallback.number, f.min, f.max);
            }
          } else if constexpr (std::is_same_v<Target, int& (*)(Style&)>) {
            access(s) = r_.integer(key, static_cast<int>(fallback.number), static_cast<int>(f.min), static_cast<int>(f.max));
          } else if constexpr (std::is_same_v<Target, bool& (*)(Style&)>) {
            access(s) = r_.boolean(key, fallback.text == "true");
          } else if constexpr (std::is_same_v<Target, std::string& (*)(Style&)>) {
            access(s) = r_.text(key, fallback.text);
          } else if constexpr (std::is_same_v<Target, Color& (*)(Style&)>) {
            access(s) = r_.color(key, fallback.color);
          } else if constexpr (std::is_same_v<Target, std::vector<std::string>& (*)(Style&)>) {
            access(s) = key == "fonts.cjk" ? cjk_fonts() : list_or(key, fallback.list);
          } else if constexpr (std::is_same_v<Target, Alignment& (*)(Style&)>) {
            read_alignment(key, fallback.text, access(s));
          } else if constexpr (std::is_same_v<Target, ChoiceTarget>) {
            read_choice(f, access, key, fallback.text, s);
          }
        },
        f.target);
    locale_fallback(f, s);
    apply_check(f, key, s);
  }

  // The variant's own CJK key (fonts.cjk-ja), else fonts.cjk, else the
  // table's default for the variant's key.
  std::vector<std::string> cjk_fonts() {
    const std::string own = cjk_font_key(language_);
    std::vector<std::string> fonts = r_.list(own);
    if (fonts.empty()) fonts = r_.list("fonts.cjk");
    if (fonts.empty() && !r_.find(own) && !r_.find("fonts.cjk")) fonts = table_defaults_.at(own).list;
    return fonts;
  }

  // One of the row's words (case ignored); another is an error at the key
  // that set it, naming the words, and the default stands.
  void read_choice(const StyleField& f, const ChoiceTarget& target, const std::string& key,
                   const std::string& fallback, Style& s) {
    const std::string value = lower(r_.text(key, fallback));
    if (target.set(s, value)) return;
    const std::vector<std::string> words = choice_list(f);
    std::string hint = "use ";
    for (std::size_t i = 0; i < words.size(); ++i)
      hint += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
    const std::string near = nearest_word(value, words);
    if (!near.empty()) hint += " (did you mean '" + near + "'?)";
    diags_.error(span_of(key), "style key '" + key + "' is '" + value + "'", hint);
    target.set(s, fallback);
  }

  void read_alignment(const std::string& key, const std::string& fallback, Alignment& align) {
    std::string value = lower(r_.text(key, fallback));
    auto among = [&](std::span<const std::string_view> words) {
      return std::find(words.begin(), words.end(), value) != words.end();
    };
    if (among(kAlignJustify)) {
      align = Alignment::Justify;
    } else if (among(kAlignRagged)) {
      align = Alignment::Ragged;
    } else {
      diags_.error(span_of(key), "style key '" + key + "' is '" + value + "'", "use justify or ragged");
    }
  }

  void apply_check(const StyleField& f, const std::string& key, Style& s) {
    switch (f.check) {
      case FieldCheck::None: break;
      case FieldCheck::BodyTextSize:
        if (s.text_size < pt(4) || s.text_size > pt(40)) {
          diags_.error(span_of(key), "style key '" + key + "' must be between 4pt and 40pt",
                       "a résumé reads well at 9–11pt");
          s.text_size = fallback_of(f, s, quiet_).length;
        }
        break;
      case FieldCheck::FitTextSize:
        // A limit above the layout's own value leaves it.
        s.fit.min_text_size = std::min(s.text_size, s.fit.min_text_size);
        if (s.fit.min_text_size < pt(4)) {
          diags_.error(span_of(key), "style key '" + key + "' must be at least 4pt",
                       "a résumé stays readable down to about 8pt");
          s.fit.min_text_size = s.text_size;
        }
        break;
      case FieldCheck::AtMostFitted: {
        double& limit = std::get<double& (*)(Style&)>(f.target)(s);
        limit = std::min(followed<double>(f, s), limit);
        break;
      }
      case FieldCheck::MonthNames:
        if (s.dates.pattern.find("{month}") != std::string::npos && s.dates.months.size() != 12) {
          diags_.error(span_of(key), "the date pattern uses {month} but 'months' does not list 12 names",
                       "give dates." + primary_ + ".months as a list of 12 month names");
          s.dates.months.resize(12);
        }
        break;
      case FieldCheck::DateKeys:
        warn_unknown_keys(key, s.dates.pattern, {{"year", ""}, {"month", ""}, {"mm", ""}, {"m", ""}, {"dd", ""}, {"d", ""}});
        break;
      case FieldCheck::PageKeys:
        warn_unknown_keys(key, s.page_words, {{"page", ""}, {"pages", ""}});
        break;
      case FieldCheck::UpdatedKeys:
        warn_unknown_keys(key, s.last_updated_words, {{"date", ""}});
        break;
      case FieldCheck::RunningKeys: {
        const TemplateValues keys{{"page", ""}, {"pages", ""}, {"name", ""}, {"date", ""}};
        warn_unknown_keys(key, key.ends_with(".header-text") ? s.header_text : s.footer_text, keys);
        break;
      }
      case FieldCheck::ItemLines: {
        // Checked here, at the key, so a bad template is reported once
        // with its place, not met again for every item; the classic
        // template then stands.
        EntryLinesError problem;
        if (!parse_item_lines(s.entry_item_lines, problem)) {
          diags_.error(span_of(key), "style key '" + key + "': " + problem.message, problem.hint);
          s.entry_item_lines = fallback_of(f, s, quiet_).list;
        }
        break;
      }
    }
  }

  // A misspelt {key} would be printed as written, on every page or date.
  void warn_unknown_keys(const std::string& key, const std::string& pattern, const TemplateValues& keys) {
    const std::vector<std::string> unknown = unknown_template_keys(pattern, keys);
    if (unknown.empty()) return;
    diags_.warning(span_of(key), "style key '" + key + "' has an unknown key {" + unknown.front() + "}, printed as written",
                   template_keys_hint(keys));
  }

  // What no single key decides: sizes that must be positive, and room on
  // the page between the margins.
  void check_page(Style& s) {
    for (const char* key : {"header.name-size", "heading.size"}) {
      const Scaled value = std::get<Scaled& (*)(Style&)>(find_style_field(key)->target)(s);
      if (value <= 0) diags_.error(span_of(key), std::string("style key '") + key + "' must be positive", "");
    }
    if (s.content_width() < pt(144)) {
      diags_.error(blame({{"page.margin.left", s.margin_left}, {"page.margin.right", s.margin_right}}),
                   "the margins leave less than 2 inches of line width",
                   "make page.margin.left/right smaller, or the page (page.size) wider");
    }
    if (s.page_height - s.margin_top - s.margin_bottom < pt(144)) {
      diags_.error(blame({{"page.margin.top", s.margin_top}, {"page.margin.bottom", s.margin_bottom}}),
                   "the margins leave less than 2 inches of page height",
                   "make page.margin.top/bottom smaller, or the page (page.size) taller");
    }
  }

  // Where a page too small for its margins is said: at the setting that made
  // it so, not at the built-in theme's line the setting overrode — the
  // larger of the two margins if a layer above the defaults set it, else the
  // page size if one did, else the larger margin where the defaults have it.
  SourceSpan blame(std::initializer_list<std::pair<const char*, Scaled>> margins) const {
    const std::pair<const char*, Scaled>* larger_set = nullptr;
    const std::pair<const char*, Scaled>* larger = nullptr;
    for (const auto& m : margins) {
      if (!larger || m.second > larger->second) larger = &m;
      if (r_.overridden(m.first) && (!larger_set || m.second > larger_set->second)) larger_set = &m;
    }
    if (larger_set) return span_of(larger_set->first);
    if (r_.overridden("page.size")) return span_of("page.size");
    return span_of(larger->first);
  }

  Reader r_;
  StyleMap table_defaults_;
  StyleMap no_defaults_;
  Diagnostics scratch_;  // the table's own literals are valid: nothing lands here
  Reader quiet_;
  std::string primary_;
  std::string language_;
  std::optional<std::optional<LocaleDates>> icu_dates_;  // asked once per variant
  Diagnostics& diags_;
};

}  // namespace

Style resolve_style(const StyleMap& map, const StyleMap& defaults, const std::string& language, Diagnostics& diags) {
  check_keys(map, diags);
  return FieldReader(map, defaults, language, diags).read();
}

Style resolve_style(const StyleLayers& layers, const std::string& language, Diagnostics& diags) {
  Style s = resolve_style(layers.overrides(), layers.base(), language, diags);
  auto directory_of = [&](const std::string& key) {
    const LayeredValue found = layers.lookup(key);
    return found ? found.layer->directory : std::string();
  };
  s.latin_font_directory = directory_of("fonts.latin");
  // The variant's own CJK key when it holds a list, as the reader chose.
  const std::string own = cjk_font_key(language);
  const LayeredValue own_value = layers.lookup(own);
  const bool own_list = own_value && (own_value.value->is_list ? !own_value.value->list.empty()
                                                               : !own_value.value->scalar.empty());
  s.cjk_font_directory = directory_of(own_list ? own : "fonts.cjk");
  s.cjk_bold_font_directory = directory_of("fonts.cjk-bold");
  s.mono_font_directory = directory_of("fonts.mono");
  return s;
}

HeaderPhoto header_photo(const StyleLayers& layers) {
  const HeaderPhoto fallback = Style{}.header_photo;
  const LayeredValue side = layers.lookup("header.photo");
  if (!side || side.value->is_list) return fallback;
  return choice_of<HeaderPhoto>(lower(side.value->scalar)).value_or(fallback);
}

}  // namespace cvpdf::theme
