// Style: the typed values a variant is set with, read from the layout's
// dotted keys (theme/style_fields.hpp lists every key and where it goes).
// Plain data over core/ only, so compose reads it without owning it.
#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/color.hpp"
#include "core/diagnostics.hpp"
#include "core/units.hpp"
#include "model/resume.hpp"
#include "theme/style_layers.hpp"

namespace cvpdf::theme {

enum class Alignment { Justify, Ragged };

// A choice key's word and the enumerator it stands for.
template <class E>
struct ChoiceWord {
  std::string_view word;
  E value;
};

// The choice keys (FieldKind::Choice in style_fields.hpp): an enum each, and
// beside it its one list of words, in the enumerators' order. The list is the
// only place a word is written: the table's allowed words (its messages, the
// JSON Schema, the user guide) are joined from it, the reader parses by it,
// and a message or export that needs a word asks choice_word(). The table
// holds each list to its enum at compile time (style_fields.cpp).
enum class HeaderAlign { Left, Center, Split };  // header.align (split: name left, contacts right)
constexpr auto choice_words(HeaderAlign) {
  using enum HeaderAlign;
  return std::to_array<ChoiceWord<HeaderAlign>>({{"left", Left}, {"center", Center}, {"split", Split}});
}

enum class HeaderPhoto { Right, Left, None };  // header.photo: where person.photo sits
constexpr auto choice_words(HeaderPhoto) {
  using enum HeaderPhoto;
  return std::to_array<ChoiceWord<HeaderPhoto>>({{"right", Right}, {"left", Left}, {"none", None}});
}

enum class ContactStyle { Line, Column, Grid };  // header.contact-style
constexpr auto choice_words(ContactStyle) {
  using enum ContactStyle;
  return std::to_array<ChoiceWord<ContactStyle>>({{"line", Line}, {"column", Column}, {"grid", Grid}});
}

// header.contact-icons: text only, the icon only, or the icon then the text.
enum class ContactIcons { None, Icons, Both };
constexpr auto choice_words(ContactIcons) {
  using enum ContactIcons;
  return std::to_array<ChoiceWord<ContactIcons>>({{"none", None}, {"icons", Icons}, {"both", Both}});
}

enum class HeadingStyle { RuleBelow, RuleAbove, RuleBeside, Bar, Plain };  // heading.style
constexpr auto choice_words(HeadingStyle) {
  using enum HeadingStyle;
  return std::to_array<ChoiceWord<HeadingStyle>>(
      {{"rule-below", RuleBelow}, {"rule-above", RuleAbove}, {"rule-beside", RuleBeside}, {"bar", Bar}, {"plain", Plain}});
}

enum class EntryDates { Right, Left };  // entry.dates: where the item lines put them, or a left column
constexpr auto choice_words(EntryDates) {
  using enum EntryDates;
  return std::to_array<ChoiceWord<EntryDates>>({{"right", Right}, {"left", Left}});
}

enum class EntryFont { Regular, Bold, Italic, BoldItalic };  // entry.org-font, entry.role-font
constexpr auto choice_words(EntryFont) {
  using enum EntryFont;
  return std::to_array<ChoiceWord<EntryFont>>(
      {{"regular", Regular}, {"bold", Bold}, {"italic", Italic}, {"bold-italic", BoldItalic}});
}

// publications.doi-form: a shown DOI as doi:10.… or as its resolver's
// address https://doi.org/10.…; a link to the resolver either way.
enum class DoiForm { Doi, Url };
constexpr auto choice_words(DoiForm) {
  using enum DoiForm;
  return std::to_array<ChoiceWord<DoiForm>>({{"doi", Doi}, {"url", Url}});
}

// entry.links: an item's links after its head's first line when they fit
// beside the org and its date, or on their own line under the head.
enum class EntryLinks { AfterOrg, Below };
constexpr auto choice_words(EntryLinks) {
  using enum EntryLinks;
  return std::to_array<ChoiceWord<EntryLinks>>({{"after-org", AfterOrg}, {"below", Below}});
}

// text.ja-quotes: Japanese quotation marks “…” or 「…」 (text::typographic).
enum class JaQuotes { Curly, Corner };
constexpr auto choice_words(JaQuotes) {
  using enum JaQuotes;
  return std::to_array<ChoiceWord<JaQuotes>>({{"curly", Curly}, {"corner", Corner}});
}

enum class SidebarSide { None, Left, Right };  // sidebar.side: one column, or a sidebar at a side
constexpr auto choice_words(SidebarSide) {
  using enum SidebarSide;
  return std::to_array<ChoiceWord<SidebarSide>>({{"none", None}, {"left", Left}, {"right", Right}});
}

enum class ReadingOrder { MainFirst, SidebarFirst };  // sidebar.reading-order: the text layer's first column
constexpr auto choice_words(ReadingOrder) {
  using enum ReadingOrder;
  return std::to_array<ChoiceWord<ReadingOrder>>({{"main-first", MainFirst}, {"sidebar-first", SidebarFirst}});
}

enum class DurationShown { None, After, Instead };  // dates.duration: an entry's time span beside or instead of its dates
constexpr auto choice_words(DurationShown) {
  using enum DurationShown;
  return std::to_array<ChoiceWord<DurationShown>>({{"none", None}, {"after", After}, {"instead", Instead}});
}

enum class DurationWidth { Wide, Short, Narrow };  // dates.duration-width: ICU's unit widths
constexpr auto choice_words(DurationWidth) {
  using enum DurationWidth;
  return std::to_array<ChoiceWord<DurationWidth>>({{"wide", Wide}, {"short", Short}, {"narrow", Narrow}});
}

enum class TextSide { Left, Center, Right };  // header.text-align, footer.text-align
constexpr auto choice_words(TextSide) {
  using enum TextSide;
  return std::to_array<ChoiceWord<TextSide>>({{"left", Left}, {"center", Center}, {"right", Right}});
}

// A choice's word: "rule-beside" for HeadingStyle::RuleBeside.
template <class E>
constexpr std::string_view choice_word(E value) {
  for (const auto& c : choice_words(value))
    if (c.value == value) return c.word;
  return {};
}

// The enumerator a word stands for, as written (the reader lowers a
// value's case first); none for a word not in E's list.
template <class E>
constexpr std::optional<E> choice_of(std::string_view word) {
  for (const auto& c : choice_words(E{}))
    if (c.word == word) return c.value;
  return std::nullopt;
}

struct DateWords {
  std::string pattern;              // "{month} {year}", "{year}.{mm}", "{year}年{m}月"
  std::vector<std::string> months;  // 12 names, for {month}
  std::string present;
};

// How far --fit-pages may shrink the layout (compose/fit.hpp): every fitted
// value moves from the layout's own toward these together.
struct FitLimits {
  Scaled min_text_size = 0;     // body text; every other size follows in proportion
  double min_leading = 1.3;
  double min_leading_cjk = 1.5;
  double min_spacing = 1;       // a factor on every vertical gap
  Scaled min_margin = 0;        // no margin below it (margins already smaller stay)
  int pages = 0;                // fit.pages: fit on this many pages, as --fit-pages does (0: as set)
  // fit.short-page: a last page filled less than this share of its text
  // area is saved — the résumé is set again, within the limits above, to
  // end a page earlier (0: never).
  double short_page = 0.25;
};

// Where a Style value came from: the place of the value that set it (a
// theme file's line:col, the résumé's `style:`, `--set KEY=VALUE`), and
// whether a layer set it at all rather than the field table's own default.
struct FieldOrigin {
  SourceSpan span;
  bool given = false;
};

struct Style {
  Scaled page_width = 0, page_height = 0;
  Scaled margin_top = 0, margin_bottom = 0, margin_left = 0, margin_right = 0;

  std::vector<std::string> latin_fonts;
  std::vector<std::string> cjk_fonts;  // for the variant's language
  // Bold CJK text: a Chinese page sets emphasis and headings in a Hei
  // (sans) face beside a Song (serif) body, not in a heavier Song. Empty:
  // the bold faces of cjk_fonts.
  std::vector<std::string> cjk_bold_fonts;
  // Where relative font paths resolve: the directory of the layer (theme
  // file, résumé) that named the list; "" for the bundled fonts/ only.
  std::string latin_font_directory, cjk_font_directory, cjk_bold_font_directory;
  // `code` in text (compose/inline_markup.hpp): a monospace face, then the
  // Latin and CJK faces for what it lacks.
  std::vector<std::string> mono_fonts;
  std::string mono_font_directory;
  // bold-keywords: words set in bold wherever they occur in the text.
  std::vector<std::string> bold_keywords;

  Color text_color, accent_color, muted_color, rule_color;

  Scaled text_size = 0;
  double leading = 1.3;
  double leading_cjk = 1.5;
  Alignment align = Alignment::Justify;
  bool hyphenate = true;
  // TeX's \lefthyphenmin and \righthyphenmin, and the shortest word divided.
  int hyphen_min_before = 2, hyphen_min_after = 3, hyphen_min_word = 6;
  int tolerance = 200;
  // text.max-space: the widest word space of a justified line, in ems of
  // the line's body size, before the paragraph tries its last resort and
  // then warns of a loose line.
  double max_space = 0.9;
  Scaled paragraph_gap = 0;

  Scaled name_size = 0, headline_size = 0, contact_size = 0;
  Scaled photo_size = 0;  // the photo's height
  std::string contact_separator;
  Scaled gap_after_name = 0, gap_after_headline = 0, gap_after_contact = 0, gap_after_summary = 0;

  Scaled metric_value_size = 0, metric_label_size = 0, metrics_gap_after = 0;

  Scaled heading_size = 0;
  bool heading_uppercase = true;
  double heading_letter_spacing_em = 0;
  Scaled heading_rule_thickness = 0, heading_rule_gap = 0;
  Scaled heading_space_before = 0, heading_space_after = 0;

  Scaled entry_space_between = 0, entry_head_gap = 0;
  int entry_keep_lines = 5;  // an entry of at most this many lines is never split across pages
  Scaled date_size = 0, tag_size = 0, links_size = 0;

  std::string bullet_symbol;
  std::string bullet_sub_symbol;  // a sub-bullet's, hanging at its bullet's text
  Scaled bullet_indent = 0, bullet_space_between = 0, bullet_gap_before = 0;

  double pair_label_column_max = 0.35;
  Scaled pair_column_gap = 0, pair_space_between = 0;

  Scaled publication_space_between = 0;
  bool publication_numbers = true;

  // Structure (the user guide's "Themes"): where things go, each a choice
  // key's enum (above).
  HeaderAlign header_align = HeaderAlign::Left;
  HeaderPhoto header_photo = HeaderPhoto::Right;
  ContactStyle contact_style = ContactStyle::Line;
  ContactIcons contact_icons = ContactIcons::None;  // icons from the bundled Fork Awesome
  Color name_color, heading_color;
  HeadingStyle heading_style = HeadingStyle::RuleBelow;
  bool heading_small_caps = false;
  Scaled heading_bar_width = 0;
  // An item's lines: "LEFT FIELDS | RIGHT FIELDS", fields among org, role,
  // date, location, tags (model/entry_lines.hpp reads them).
  std::vector<std::string> entry_item_lines;
  EntryDates entry_dates = EntryDates::Right;
  Scaled date_column_width = 0;
  EntryFont org_font = EntryFont::Bold, role_font = EntryFont::Italic;
  bool entry_run_in = true;
  bool publication_show_doi = false;
  DoiForm publication_doi_form = DoiForm::Doi;
  EntryLinks entry_links = EntryLinks::AfterOrg;
  JaQuotes ja_quotes = JaQuotes::Curly;

  SidebarSide sidebar_side = SidebarSide::None;
  double sidebar_width = 0.31;          // share of the text area's width
  Scaled sidebar_gap = 0, sidebar_padding = 0;
  Color sidebar_background;
  std::vector<std::string> sidebar_sections;  // section titles (any language) set in the sidebar
  std::vector<std::string> sidebar_header;    // header parts set there: photo, contact, …
  ReadingOrder sidebar_reading_order = ReadingOrder::MainFirst;

  Scaled footer_size = 0;
  int footer_from_page = 2;
  bool footer_last_updated = false;  // the rendering date at the foot of every page
  std::string last_updated_words;    // "Last updated {date}"
  // Free text in the top and bottom margins of every page, per language
  // (markup; {page} {pages} {name} {date}): a reference, a consent clause.
  std::string header_text, footer_text;
  Scaled header_text_size = 0, footer_text_size = 0;
  TextSide header_text_align = TextSide::Right, footer_text_align = TextSide::Center;

  std::string date_separator;
  DurationShown date_duration = DurationShown::None;
  DurationWidth date_duration_width = DurationWidth::Short;
  std::string date_duration_separator;  // between the dates and their span: " · "
  DateWords dates;         // for the variant's language
  std::string resume_word; // "Résumé", "简历" (document title)
  std::string page_words;  // the footer's page number: "Page {page} of {pages}"
  // What a contact icon stands for in the text layer ("Email", "邮箱"): the
  // PDF's text reads "Email: ada@example.org" where the page shows the icon.
  std::string email_word, phone_word, location_word, website_word;

  FitLimits fit;

  Scaled content_width() const { return page_width - margin_left - margin_right; }

  // Each value's origin, by row of the field table (the reader fills it),
  // so what comes after the reader asks a value where it came from rather
  // than looking its key up by name: style.origin(style.latin_fonts).
  std::vector<FieldOrigin> origins;
  template <class T>
  const FieldOrigin& origin(const T& member) const {
    return origin_at(&member);
  }
  // The origin of the member at `member` (an address inside this Style); an
  // unknown origin for anything no row sets.
  const FieldOrigin& origin_at(const void* member) const;
};

// Reads `map` over `defaults` (and, under both, the field table's own
// defaults) for the variant `language`. Keys that are not in the field table
// warn with the nearest known key; values of the wrong form are errors at
// the key that set them.
Style resolve_style(const model::StyleMap& map, const model::StyleMap& defaults, const std::string& language, Diagnostics& diags);

// The layers' header.photo before any variant's style is read (the photo
// is the input's, whatever the language), as the reader takes the word:
// the default (right) where no layer sets one it knows.
HeaderPhoto header_photo(const StyleLayers& layers);

// Reads the layer stack: every layer above the bottom one over the bottom
// one, as above; each font list's directory is that of the layer it came from.
Style resolve_style(const StyleLayers& layers, const std::string& language, Diagnostics& diags);

}  // namespace cvpdf::theme
