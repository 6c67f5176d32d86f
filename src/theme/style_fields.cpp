// The rows of the style field table (style_fields.hpp) and what is derived
// from them without reading a layout: known keys, the defaults as a layout,
// the user guide's key table.
#include "theme/style_fields.hpp"

#include <array>
#include <optional>
#include <type_traits>

#include <fmt/format.h>

namespace cvpdf::theme {

using model::StyleMap;
using model::StyleValue;

namespace {

// The accessor for a Style member, nested ones too: MEMBER(fit.min_leading).
#define CVPDF_STYLE_MEMBER(m) +[](Style& s) -> auto& { return s.m; }, #m
// A choice member's target: CHOICE(heading_style).
#define CVPDF_STYLE_CHOICE(m) choice_target<&Style::m>(), #m

// Its word list must be in the enumerators' order, a word each (so
// enumerator i is the list's i-th word), and no word twice.
template <class E>
constexpr bool one_word_each() {
  const auto list = choice_words(E{});
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (static_cast<std::size_t>(list[i].value) != i) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (list[j].word == list[i].word) return false;
  }
  return true;
}

// The target of the choice member M, its allowed words joined from its
// enum's list, so the words are written once (style.hpp).
template <auto M>
ChoiceTarget choice_target() {
  using E = std::remove_cvref_t<decltype(std::declval<Style&>().*M)>;
  static_assert(one_word_each<E>(), "a choice's words: one each, in its enumerators' order");
  static const std::string words = [] {
    std::string joined;
    for (const auto& c : choice_words(E{})) joined += (joined.empty() ? "" : "|") + std::string(c.word);
    return joined;
  }();
  return {words,
          +[](Style& s, std::string_view word) {
            const std::optional<E> value = choice_of<E>(word);
            if (value) s.*M = *value;
            return value.has_value();
          },
          +[](const Style& s) { return choice_word(s.*M); },
          +[](const Style& s) -> const void* { return &(s.*M); }};
}

using K = FieldKind;
using F = FitRole;
using C = FieldCheck;

StyleField field(std::string_view key, FieldTarget target, std::string_view member, FieldKind kind,
                 std::string_view fallback, std::string_view meaning) {
  StyleField f{};
  f.key = key;
  f.member = member;
  f.kind = kind;
  f.target = target;
  f.fallback = fallback;
  f.meaning = meaning;
  if (const auto* choice = std::get_if<ChoiceTarget>(&target)) f.choices = choice->words;
  return f;
}
StyleField with_fit(StyleField f, FitRole role) { return f.fit = role, f; }
StyleField with_range(StyleField f, double min, double max) { return f.min = min, f.max = max, f; }
StyleField with_check(StyleField f, FieldCheck check) { return f.check = check, f; }
StyleField without_em(StyleField f) { return f.em = false, f; }
StyleField per_language(StyleField f) { return f.per_language = true, f; }

const std::vector<StyleField>& rows() {
  static const std::vector<StyleField> table = {
      field("page.size", {}, "page_width, page_height", K::PageSize, "a4",
            "paper: a4, letter, legal, a5, b5, or \"WIDTH HEIGHT\" (each side 1in…200in)"),
      with_fit(without_em(field("page.margin.top", CVPDF_STYLE_MEMBER(margin_top), K::Margin, "15mm", "top margin")), F::Margin),
      with_fit(without_em(field("page.margin.bottom", CVPDF_STYLE_MEMBER(margin_bottom), K::Margin, "15mm", "bottom margin")), F::Margin),
      with_fit(without_em(field("page.margin.left", CVPDF_STYLE_MEMBER(margin_left), K::Margin, "26mm", "left margin")), F::Margin),
      with_fit(without_em(field("page.margin.right", CVPDF_STYLE_MEMBER(margin_right), K::Margin, "26mm", "right margin")), F::Margin),

      field("fonts.latin", CVPDF_STYLE_MEMBER(latin_fonts), K::FontList, "[Lato]",
            "Latin families, tried in order: a bundled family, a fontconfig family name, or a font file path"),
      field("fonts.cjk", CVPDF_STYLE_MEMBER(cjk_fonts), K::FontList, "[Noto Sans CJK SC]",
            "CJK faces for Simplified Chinese (and any language without its own key below)"),
      field("fonts.cjk-bold", CVPDF_STYLE_MEMBER(cjk_bold_fonts), K::FontList, "[]",
            "bold CJK text (headings, names): a Hei face beside a Song body; empty: the bold of the faces above"),
      field("fonts.cjk-hant", {}, "cjk_fonts", K::FontList, "[Noto Sans CJK TC]", "CJK faces for Traditional Chinese"),
      field("fonts.cjk-ja", {}, "cjk_fonts", K::FontList, "[Noto Sans CJK JP]", "CJK faces for Japanese"),
      field("fonts.cjk-ko", {}, "cjk_fonts", K::FontList, "[Noto Sans CJK KR]", "CJK faces for Korean"),
      field("fonts.mono", CVPDF_STYLE_MEMBER(mono_fonts), K::FontList, "[DejaVu Sans Mono]",
            "`code` in text; the Latin and CJK faces set what it lacks"),
      field("bold-keywords", CVPDF_STYLE_MEMBER(bold_keywords), K::TextList, "[]",
            "words set in bold wherever they occur in the text: whole words, case-sensitive (CJK words anywhere)"),

      field("colors.text", CVPDF_STYLE_MEMBER(text_color), K::Colour, "#1c1c1c", "body text"),
      field("colors.accent", CVPDF_STYLE_MEMBER(accent_color), K::Colour, "#1f4e79", "headings, links, the headline"),
      field("colors.muted", CVPDF_STYLE_MEMBER(muted_color), K::Colour, "#5c5c5c", "dates, locations, contact line"),
      field("colors.rule", CVPDF_STYLE_MEMBER(rule_color), K::Colour, "#9fb3c8", "heading rules"),
      field("colors.name", CVPDF_STYLE_MEMBER(name_color), K::Colour, "=colors.text", "the name"),
      field("colors.heading", CVPDF_STYLE_MEMBER(heading_color), K::Colour, "=colors.accent", "section headings and their bars"),

      with_check(with_fit(without_em(field("text.size", CVPDF_STYLE_MEMBER(text_size), K::Size, "10pt",
                                           "body size (4pt…40pt); lengths in em are of this size")),
                          F::BodySize),
                 C::BodyTextSize),
      with_fit(with_range(field("text.leading", CVPDF_STYLE_MEMBER(leading), K::Ratio, "1.28",
                                "line height as a multiple of the size"),
                          0.8, 4),
               F::Leading),
      with_fit(with_range(field("text.leading-cjk", CVPDF_STYLE_MEMBER(leading_cjk), K::Ratio, "=text.leading",
                                "line height of Chinese, Japanese and Korean text"),
                          0.8, 4),
               F::LeadingCjk),
      field("text.align", CVPDF_STYLE_MEMBER(align), K::Align, "justify",
            "justify or ragged; both break lines with Knuth–Plass"),
      field("text.hyphenate", CVPDF_STYLE_MEMBER(hyphenate), K::Bool, "true",
            "divide English words (Liang's patterns); never URLs, names or code"),
      field("text.ja-quotes", CVPDF_STYLE_CHOICE(ja_quotes), K::Choice, "curly",
            "Japanese quotation marks: “…” ‘…’ (curly) or 「…」 『…』 (corner)"),
      with_range(field("text.hyphenate-min-word", CVPDF_STYLE_MEMBER(hyphen_min_word), K::Count, "6",
                       "shorter words are never divided"),
                 2, 64),
      with_range(field("text.hyphenate-min-before", CVPDF_STYLE_MEMBER(hyphen_min_before), K::Count, "2",
                       "letters before the hyphen (TeX's \\lefthyphenmin)"),
                 1, 32),
      with_range(field("text.hyphenate-min-after", CVPDF_STYLE_MEMBER(hyphen_min_after), K::Count, "3",
                       "letters after it (\\righthyphenmin)"),
                 1, 32),
      with_range(field("text.tolerance", CVPDF_STYLE_MEMBER(tolerance), K::Count, "200",
                       "the worst badness a justified line may have"),
                 0, 10000),
      with_range(field("text.max-space", CVPDF_STYLE_MEMBER(max_space), K::Ratio, "0.9",
                       "the widest word space (in em of the line's size) a justified line may have before a loose-line warning"),
                 0.3, 5),
      with_fit(field("text.paragraph-gap", CVPDF_STYLE_MEMBER(paragraph_gap), K::Gap, "3pt", "between paragraphs"), F::Gap),

      with_fit(field("header.name-size", CVPDF_STYLE_MEMBER(name_size), K::Size, "25pt", "the name"), F::Proportional),
      with_fit(field("header.headline-size", CVPDF_STYLE_MEMBER(headline_size), K::Size, "11.5pt", "the headline"), F::Proportional),
      with_fit(field("header.contact-size", CVPDF_STYLE_MEMBER(contact_size), K::Size, "9pt", "the contact line"), F::Proportional),
      field("header.photo-size", CVPDF_STYLE_MEMBER(photo_size), K::Length, "68pt", "the side of the square that person.photo is fitted into (where header.photo puts it)"),
      field("header.contact-separator", CVPDF_STYLE_MEMBER(contact_separator), K::Text, "  ·  ",
            "between the items of the contact line"),
      field("header.align", CVPDF_STYLE_CHOICE(header_align), K::Choice, "left",
            "name, headline and contact line: left, center, or split (name left, contacts right)"),
      field("header.photo", CVPDF_STYLE_CHOICE(header_photo), K::Choice, "right", "where person.photo sits"),
      field("header.contact-style", CVPDF_STYLE_CHOICE(contact_style), K::Choice, "line",
            "contact items on one line with the separator, one per line, or in a two-column grid"),
      field("header.contact-icons", CVPDF_STYLE_CHOICE(contact_icons), K::Choice, "none",
            "contact items as text only, as their icon only (Fork Awesome, still a link), or the icon then the text"),
      with_fit(field("header.gap-after-name", CVPDF_STYLE_MEMBER(gap_after_name), K::Gap, "5pt", "under the name"), F::Gap),
      with_fit(field("header.gap-after-headline", CVPDF_STYLE_MEMBER(gap_after_headline), K::Gap, "4pt", "under the headline"), F::Gap),
      with_fit(field("header.gap-after-contact", CVPDF_STYLE_MEMBER(gap_after_contact), K::Gap, "9pt", "under the contact line"), F::Gap),
      with_fit(field("header.gap-after-summary", CVPDF_STYLE_MEMBER(gap_after_summary), K::Gap, "9pt", "under the summary"), F::Gap),

      with_fit(field("metrics.value-size", CVPDF_STYLE_MEMBER(metric_value_size), K::Size, "17pt", "a metric's figure"), F::Proportional),
      with_fit(field("metrics.label-size", CVPDF_STYLE_MEMBER(metric_label_size), K::Size, "8.2pt", "a metric's label"), F::Proportional),
      with_fit(field("metrics.gap-after", CVPDF_STYLE_MEMBER(metrics_gap_after), K::Gap, "4pt", "under the metrics row"), F::Gap),

      with_fit(field("heading.size", CVPDF_STYLE_MEMBER(heading_size), K::Size, "10.8pt", "section headings"), F::Proportional),
      field("heading.uppercase", CVPDF_STYLE_MEMBER(heading_uppercase), K::Bool, "true", "Latin headings in capitals; CJK has no case"),
      field("heading.letter-spacing", CVPDF_STYLE_MEMBER(heading_letter_spacing_em), K::EmFraction, "0.09em",
            "extra space between a Latin heading's letters"),
      field("heading.style", CVPDF_STYLE_CHOICE(heading_style), K::Choice, "rule-below",
            "a rule under the heading, a hairline above it, a rule beside it filling the line, a bar before it, or plain"),
      field("heading.small-caps", CVPDF_STYLE_MEMBER(heading_small_caps), K::Bool, "false",
            "Latin headings in small capitals (wins over uppercase)"),
      field("heading.bar-width", CVPDF_STYLE_MEMBER(heading_bar_width), K::Length, "3pt", "the bar before a heading (style bar)"),
      field("heading.rule-thickness", CVPDF_STYLE_MEMBER(heading_rule_thickness), K::Length, "0.6pt", "the rule under a heading"),
      with_fit(field("heading.rule-gap", CVPDF_STYLE_MEMBER(heading_rule_gap), K::Gap, "3pt", "between the heading and its rule"), F::Gap),
      with_fit(field("heading.space-before", CVPDF_STYLE_MEMBER(heading_space_before), K::Gap, "10.5pt", "above a heading"), F::Gap),
      with_fit(field("heading.space-after", CVPDF_STYLE_MEMBER(heading_space_after), K::Gap, "6pt", "below a heading's rule"), F::Gap),

      with_fit(field("entry.space-between", CVPDF_STYLE_MEMBER(entry_space_between), K::Gap, "6pt", "between entries"), F::Gap),
      with_fit(field("entry.head-gap", CVPDF_STYLE_MEMBER(entry_head_gap), K::Gap, "1pt",
                     "between the organisation line and the role line"),
               F::Gap),
      with_range(field("entry.keep-together", CVPDF_STYLE_MEMBER(entry_keep_lines), K::Count, "5",
                       "an entry of at most this many lines stays on one page, unless that leaves more than about four lines empty (then it splits between bullets)"),
                 0, 1000),
      with_check(field("entry.item-lines", CVPDF_STYLE_MEMBER(entry_item_lines), K::TextList,
                       "[org tags | date, role | location]",
                       "an item's head lines, \"LEFT | RIGHT\": fields org, role, date, location, tags; right is flush right"),
                 C::ItemLines),
      field("entry.dates", CVPDF_STYLE_CHOICE(entry_dates), K::Choice, "right",
            "dates where entry.item-lines puts them, or in a left column beside the entry"),
      field("entry.date-column", CVPDF_STYLE_MEMBER(date_column_width), K::Length, "72pt", "the left date column's width (entry.dates: left)"),
      field("entry.org-font", CVPDF_STYLE_CHOICE(org_font), K::Choice, "bold", "the organisation's face"),
      field("entry.role-font", CVPDF_STYLE_CHOICE(role_font), K::Choice, "italic", "the role's face"),
      field("entry.run-in", CVPDF_STYLE_MEMBER(entry_run_in), K::Bool, "true",
            "a short item (a name and a sentence) runs its text in after the name"),
      with_fit(field("entry.date-size", CVPDF_STYLE_MEMBER(date_size), K::Size, "=text.size", "dates and locations"), F::Proportional),
      with_fit(field("entry.tag-size", CVPDF_STYLE_MEMBER(tag_size), K::Size, "=text.size", "tags"), F::Proportional),
      field("entry.links", CVPDF_STYLE_CHOICE(entry_links), K::Choice, "after-org",
            "an item's links: on its first head line after the org when they fit (else below), or below the head"),
      with_fit(field("entry.links-size", CVPDF_STYLE_MEMBER(links_size), K::Size, "=text.size", "an entry's links"), F::Proportional),

      field("bullets.symbol", CVPDF_STYLE_MEMBER(bullet_symbol), K::Text, "•", "the bullet"),
      field("bullets.sub-symbol", CVPDF_STYLE_MEMBER(bullet_sub_symbol), K::Text, "◦",
            "a sub-bullet's: it hangs where its bullet's text starts, its text one indent further"),
      with_fit(field("bullets.indent", CVPDF_STYLE_MEMBER(bullet_indent), K::Length, "11pt",
                     "where a bullet's text starts; the symbol hangs before it"),
               F::Proportional),
      with_fit(field("bullets.space-between", CVPDF_STYLE_MEMBER(bullet_space_between), K::Gap, "1.6pt", "between bullets"), F::Gap),
      with_fit(field("bullets.gap-before", CVPDF_STYLE_MEMBER(bullet_gap_before), K::Gap, "2.5pt", "above the first bullet"), F::Gap),

      with_range(field("pairs.label-column-max", CVPDF_STYLE_MEMBER(pair_label_column_max), K::Ratio, "0.45",
                       "the label column's widest share of the line"),
                 0.1, 0.8),
      with_fit(field("pairs.column-gap", CVPDF_STYLE_MEMBER(pair_column_gap), K::Length, "10pt", "between label and text"),
               F::Proportional),
      with_fit(field("pairs.space-between", CVPDF_STYLE_MEMBER(pair_space_between), K::Gap, "2.2pt", "between pairs"), F::Gap),

      with_fit(field("publications.space-between", CVPDF_STYLE_MEMBER(publication_space_between), K::Gap, "4pt",
                     "between citations"),
               F::Gap),
      field("publications.number", CVPDF_STYLE_MEMBER(publication_numbers), K::Bool, "true",
            "[1], [2], … hanging before each citation"),
      field("publications.show-doi", CVPDF_STYLE_MEMBER(publication_show_doi), K::Bool, "false",
            "print the DOI (doi:10.…) after the citation, linked"),
      field("publications.doi-form", CVPDF_STYLE_CHOICE(publication_doi_form), K::Choice, "doi",
            "a shown DOI as doi:10.… or as https://doi.org/10.…; a link to the resolver either way"),

      field("sidebar.side", CVPDF_STYLE_CHOICE(sidebar_side), K::Choice, "none",
            "one column (none), or a sidebar column at the left or right"),
      with_range(field("sidebar.width", CVPDF_STYLE_MEMBER(sidebar_width), K::Ratio, "0.31",
                       "the sidebar's share of the text area's width"),
                 0.15, 0.5),
      field("sidebar.gap", CVPDF_STYLE_MEMBER(sidebar_gap), K::Length, "16pt", "between the sidebar and the main column"),
      field("sidebar.padding", CVPDF_STYLE_MEMBER(sidebar_padding), K::Length, "8pt", "inside the sidebar's background"),
      field("sidebar.background", CVPDF_STYLE_MEMBER(sidebar_background), K::Colour, "#eef2f7",
            "the sidebar's background, to the page's edge (#ffffff for none)"),
      field("sidebar.sections", CVPDF_STYLE_MEMBER(sidebar_sections), K::TextList,
            "[Skills, Languages, Awards, Interests, Certificates]",
            "sections set in the sidebar, by title in any of the résumé's languages (case ignored)"),
      field("sidebar.header", CVPDF_STYLE_MEMBER(sidebar_header), K::TextList, "[photo, contact]",
            "header parts set in the sidebar: photo, contact, metrics (also name, headline, summary)"),
      field("sidebar.reading-order", CVPDF_STYLE_CHOICE(sidebar_reading_order), K::Choice, "main-first",
            "which column comes first in the text layer (copying, parsers)"),
      with_fit(field("footer.size", CVPDF_STYLE_MEMBER(footer_size), K::Size, "8pt", "the footer"), F::Proportional),
      with_range(field("footer.from-page", CVPDF_STYLE_MEMBER(footer_from_page), K::Count, "2",
                       "the name and page number at the foot of this page onwards"),
                 1, 1000),
      with_fit(field("footer.text-size", CVPDF_STYLE_MEMBER(footer_text_size), K::Size, "7pt",
                     "the footer's free text (words.<lang>.footer-text)"),
               F::Proportional),
      field("footer.text-align", CVPDF_STYLE_CHOICE(footer_text_align), K::Choice, "center",
            "where the footer's free text stands across the page"),
      with_fit(field("header.text-size", CVPDF_STYLE_MEMBER(header_text_size), K::Size, "7pt",
                     "the header's free text (words.<lang>.header-text)"),
               F::Proportional),
      field("header.text-align", CVPDF_STYLE_CHOICE(header_text_align), K::Choice, "right",
            "where the header's free text stands across the page"),
      field("footer.last-updated", CVPDF_STYLE_MEMBER(footer_last_updated), K::Bool, "false",
            "the date the PDF was made (SOURCE_DATE_EPOCH, else the input's time), at the foot of every page "
            "(words.<lang>.last-updated)"),

      field("dates.separator", CVPDF_STYLE_MEMBER(date_separator), K::Text, " – ", "between the dates of a range"),
      field("dates.duration", CVPDF_STYLE_CHOICE(date_duration), K::Choice, "none",
            "a range's time span (\"2 yrs, 3 mths\", \"2年3个月\"; to the PDF's date for present): after its "
            "dates or instead of them"),
      field("dates.duration-width", CVPDF_STYLE_CHOICE(date_duration_width), K::Choice, "short",
            "the span's words: wide \"2 years, 3 months\", short \"2 yrs, 3 mths\", narrow \"2y 3m\""),
      field("dates.duration-separator", CVPDF_STYLE_MEMBER(date_duration_separator), K::Text, " · ",
            "between the dates and their span (dates.duration: after)"),
      with_check(per_language(field("dates.en.pattern", CVPDF_STYLE_MEMBER(dates.pattern), K::Text, "{month} {year}",
                                    "how a date is written: {month}, {m}, {mm}, {year}")),
                 C::DateKeys),
      per_language(field("dates.en.present", CVPDF_STYLE_MEMBER(dates.present), K::Text, "Present", "an open range's end")),
      with_check(per_language(field("dates.en.months", CVPDF_STYLE_MEMBER(dates.months), K::TextList,
                                    "[Jan, Feb, Mar, Apr, May, Jun, Jul, Aug, Sep, Oct, Nov, Dec]",
                                    "12 names, for {month}")),
                 C::MonthNames),
      per_language(field("words.en.resume", CVPDF_STYLE_MEMBER(resume_word), K::Text, "Résumé", "the document title's word")),
      with_check(per_language(field("words.en.page", CVPDF_STYLE_MEMBER(page_words), K::Text, "Page {page} of {pages}",
                                    "the footer's page number")),
                 C::PageKeys),
      with_check(per_language(field("words.en.last-updated", CVPDF_STYLE_MEMBER(last_updated_words), K::Text,
                                    "Last updated {date}", "the footer's date (footer.last-updated)")),
                 C::UpdatedKeys),
      with_check(per_language(field("words.en.header-text", CVPDF_STYLE_MEMBER(header_text), K::Text, "",
                                    "free text in every page's top margin: markup, {page} {pages} {name} {date}")),
                 C::RunningKeys),
      with_check(per_language(field("words.en.footer-text", CVPDF_STYLE_MEMBER(footer_text), K::Text, "",
                                    "free text in every page's bottom margin (a consent clause): markup, {page} "
                                    "{pages} {name} {date}")),
                 C::RunningKeys),
      per_language(field("words.en.email", CVPDF_STYLE_MEMBER(email_word), K::Text, "Email",
                         "what the e-mail icon reads as in the PDF's text (copied, or read by a parser)")),
      per_language(field("words.en.phone", CVPDF_STYLE_MEMBER(phone_word), K::Text, "Phone",
                         "what the phone icon reads as in the PDF's text")),
      per_language(field("words.en.location", CVPDF_STYLE_MEMBER(location_word), K::Text, "Location",
                         "what the location icon reads as in the PDF's text")),
      per_language(field("words.en.website", CVPDF_STYLE_MEMBER(website_word), K::Text, "Website",
                         "what a website's icon reads as in the PDF's text")),

      with_check(field("fit.min-text-size", CVPDF_STYLE_MEMBER(fit.min_text_size), K::Size, "=text.size",
                       "--fit-pages: the smallest body size (at least 4pt); other sizes shrink in proportion"),
                 C::FitTextSize),
      with_check(with_range(field("fit.min-leading", CVPDF_STYLE_MEMBER(fit.min_leading), K::Ratio, "=text.leading",
                                  "--fit-pages: the smallest leading"),
                            0.8, 4),
                 C::AtMostFitted),
      with_check(with_range(field("fit.min-leading-cjk", CVPDF_STYLE_MEMBER(fit.min_leading_cjk), K::Ratio,
                                  "=text.leading-cjk", "--fit-pages: the smallest CJK leading"),
                            0.8, 4),
                 C::AtMostFitted),
      with_range(field("fit.min-spacing", CVPDF_STYLE_MEMBER(fit.min_spacing), K::Ratio, "1",
                       "--fit-pages: the smallest factor on every vertical gap"),
                 0, 1),
      without_em(field("fit.min-margin", CVPDF_STYLE_MEMBER(fit.min_margin), K::Margin, "none",
                       "--fit-pages: no margin below it (margins already smaller stay)")),
      with_range(field("fit.pages", CVPDF_STYLE_MEMBER(fit.pages), K::Count, "0",
                       "fit on this many pages, as `--fit-pages` does, which overrides it; 0: set as the style says"),
                 0, 100),
      with_range(field("fit.short-page", CVPDF_STYLE_MEMBER(fit.short_page), K::Ratio, "0.25",
                       "a last page filled less than this share is saved: the résumé is set again, within the "
                       "fit.min-* limits, to end a page earlier (when it can); 0: never"),
                 0, 1),
  };
  return table;
}

#undef CVPDF_STYLE_MEMBER
#undef CVPDF_STYLE_CHOICE

bool literal_default(const StyleField& f) { return !no_limit_default(f) && f.fallback.front() != '='; }

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> items;
  text = text.substr(1, text.size() - 2);  // without the brackets
  while (!text.empty()) {
    auto comma = text.find(", ");
    items.emplace_back(text.substr(0, comma));
    if (comma == std::string_view::npos) break;
    text = text.substr(comma + 2);
  }
  return items;
}

std::string kind_text(const StyleField& f) {
  auto number = [](double d) {
    std::string s = fmt::format("{:f}", d);  // std::to_string's "%f", without the locale's comma
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    return s;
  };
  const char* em = f.em ? " (or em)" : "";
  switch (f.kind) {
    case K::PageSize: return "page size";
    case K::Size: return std::string("size") + em;
    case K::Gap: return std::string("gap") + em;
    case K::Margin: return "margin";
    case K::Length: return std::string("length") + em;
    case K::EmFraction: return "length in em";
    case K::Ratio: return "number " + number(f.min) + "…" + number(f.max);
    case K::Count: return "count " + number(f.min) + "…" + number(f.max);
    case K::Colour: return "colour";
    case K::FontList: return "font list";
    case K::Align: return "justify \\| ragged";
    case K::Bool: return "true \\| false";
    case K::Text: return "text";
    case K::TextList: return "list of texts";
    case K::Choice: {
      std::string words;
      for (char c : f.choices) words += c == '|' ? std::string(" \\| ") : std::string(1, c);
      return words;
    }
  }
  return {};
}

std::string default_text(const StyleField& f) {
  if (no_limit_default(f)) return "none";
  if (f.fallback.front() == '=') return "as `" + std::string(f.fallback.substr(1)) + "`";
  return "`" + std::string(f.fallback) + "`";
}

std::string fit_text(const StyleField& f) {
  switch (f.fit) {
    case F::None: return "";
    case F::Proportional: return "in proportion to `text.size`";
    case F::Gap: return "a factor from 1 toward `fit.min-spacing`";
    default: return "toward `" + std::string(fit_limit_key(f.fit)) + "`";
  }
}

}  // namespace

std::span<const StyleField> style_fields() { return rows(); }

std::vector<std::string> choice_list(const StyleField& f) {
  std::vector<std::string> words;
  for (std::string_view rest = f.choices; !rest.empty();) {
    const auto bar = rest.find('|');
    words.emplace_back(rest.substr(0, bar));
    if (bar == std::string_view::npos) break;
    rest = rest.substr(bar + 1);
  }
  return words;
}

std::span<const PageSize> page_sizes() {
  static constexpr PageSize sizes[] = {
      {"a4", 210, 297}, {"a5", 148, 210}, {"b5", 176, 250}, {"letter", 215.9, 279.4}, {"legal", 215.9, 355.6},
  };
  return sizes;
}

const StyleField* find_style_field(std::string_view key) {
  for (const auto& f : rows())
    if (f.key == key) return &f;
  return nullptr;
}

std::string_view fit_limit_key(FitRole role) {
  switch (role) {
    case F::BodySize: return "fit.min-text-size";
    case F::Leading: return "fit.min-leading";
    case F::LeadingCjk: return "fit.min-leading-cjk";
    case F::Gap: return "fit.min-spacing";
    case F::Margin: return "fit.min-margin";
    case F::None:
    case F::Proportional: return "";
  }
  return "";
}

std::vector<std::string> known_style_keys() {
  std::vector<std::string> keys;
  for (const auto& f : rows()) keys.emplace_back(f.key);
  return keys;
}

std::string table_key(const std::string& key) {
  for (const std::string prefix : {"dates.", "words."}) {
    if (key.rfind(prefix, 0) == 0) {
      auto dot = key.find('.', prefix.size());
      if (dot != std::string::npos) return prefix + "en" + key.substr(dot);
    }
  }
  return key;
}

StyleMap style_field_defaults() {
  StyleMap map;
  for (const auto& f : rows()) {
    if (!literal_default(f)) continue;
    StyleValue v;
    v.span = {"<style field table>", 0, 0};
    if (f.kind == K::FontList || f.kind == K::TextList) {
      v.is_list = true;
      v.list = split_list(f.fallback);
    } else {
      v.scalar = std::string(f.fallback);
    }
    map.emplace(std::string(f.key), std::move(v));
  }
  return map;
}

std::string style_key_table_markdown() {
  std::string md = "| key | kind | default | `--fit-pages` | meaning |\n|---|---|---|---|---|\n";
  for (const auto& f : rows()) {
    std::string key(f.key);
    if (f.per_language) key.replace(key.find(".en."), 4, ".<lang>.");
    md += "| `" + key + "` | " + kind_text(f) + " | " + default_text(f) + " | " + fit_text(f) + " | " +
          std::string(f.meaning) + " |\n";
  }
  return md;
}

}  // namespace cvpdf::theme
