// Paragraphs: rich text (styled spans) → segments at the break list's
// opportunities (text/breaks.hpp) → shaped boxes, glue, penalties and
// discretionaries → Knuth–Plass lines → positioned glyph runs. Every piece
// of text in a résumé goes through here; the stages live in
// paragraph_prepare.cpp (with paragraph_sizes.cpp), paragraph_itemise.cpp,
// paragraph_break.cpp and paragraph_set.cpp (their shared types in
// paragraph_stages.hpp); the glue
// of CJK joins comes from clreq.hpp, the cuts inside a word no ordinary
// break can place from last_resort.hpp.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "compose/clreq.hpp"
#include "compose/fonts.hpp"
#include "compose/markup_memo.hpp"
#include "core/diagnostics.hpp"
#include "frame/frame.hpp"
#include "model/language_tags.hpp"
#include "text/breaks.hpp"
#include "text/font_book.hpp"
#include "text/hyphenator.hpp"
#include "text/shaper.hpp"
#include "theme/style.hpp"
#include "typeset/knuth_plass.hpp"

namespace cvpdf::compose {

struct SpanStyle {
  FontVariant variant = FontVariant::Regular;
  Scaled size = 0;
  frame::Color color;
  Scaled letter_spacing = 0;
};

struct Span {
  std::string text;
  SpanStyle style;
  std::string link;   // URI; empty for none
  SourceSpan source;  // where the text came from, for warnings
  // What the span's glyphs stand for in the PDF's text when it is not their
  // own text: a contact icon reads "Email:" in copied and extracted text
  // (the ToUnicode map, else an /ActualText), not as a private-use character.
  std::optional<std::string> stands_for;
  // The separator between the items of a list set on one line (contacts,
  // links): each item between two is then a bidi isolate, its direction
  // its own, so an address and a phone number beside it in a
  // right-to-left résumé stay two items in the list's order.
  bool separator = false;
};

struct RichText {
  std::vector<Span> spans;
  RichText& add(std::string text, const SpanStyle& style, std::string link = {}, SourceSpan source = {});
  bool empty() const;
};

struct ParagraphShape {
  Scaled width = 0;
  Scaled first_line_width = 0;  // when > 0, the first line's (room for a date flush right)
  theme::Alignment align = theme::Alignment::Justify;
  int tolerance = 200;
  double leading = 1.3;      // for Latin-only paragraphs
  double leading_cjk = 1.5;  // for paragraphs with CJK text
  // Off where text sits to the right of the first line (a date or tag): a
  // hyphen there would split a word around it in the extracted text.
  bool hyphenate = true;
  // A line of a right-to-left paragraph ends at the measure's right edge
  // (and its SetLine::width is the measure). Off where the caller places
  // each line itself by its width (the header's centred or split lines).
  bool flush_rtl = true;
};

// One set line: elements positioned relative to the line's left edge (x) and
// baseline (y = 0, y grows downwards), and the strut above/below the baseline.
struct SetLine {
  std::vector<frame::Element> elements;
  Scaled height = 0;
  Scaled depth = 0;
  Scaled width = 0;  // the width the line was set to (its natural width when not justified)
};

// Moves elements by (dx, dy).
void translate(std::vector<frame::Element>& elements, Scaled dx, Scaled dy);

// A paragraph's Knuth–Plass list and the lines chosen from it: what `set`
// places glyphs from, for tests and debugging dumps.
struct BrokenParagraph {
  std::vector<typeset::Item> items;
  // Per item: the source text a box sets (one part of a divided word for a
  // part: between hyphenation points or last-resort cuts), " " for glue set
  // as a space glyph, "" for anything else.
  std::vector<std::string> texts;
  typeset::BreakResult result;
};

// The width glue is set to on a line of adjustment ratio `ratio` (TeX's
// glue_set): stretched or shrunk in proportion; fil glue keeps its width.
Scaled set_glue_width(const typeset::Item& glue, double ratio);

// A justified line whose word spaces are set wider than this many times
// their natural width is loose, and said so: a word space stretches so that
// a line at the tolerance (text.tolerance) reaches it (paragraph_sizes.cpp),
// so only an emergency pass sets one wider.
inline constexpr double kLooseSpaceRatio = 1.5;

namespace paragraph_detail {
struct UnsizedParagraph;  // paragraph_stages.hpp
}

// What the layouts of one variant share (--fit-pages tries up to eight):
// the read markup, shapes and break lists of its texts, which depend on the
// text alone, not on the sizes and widths it is set at.
struct TextMemo {
  MarkupMemo markup;
  text::ShapeCache shapes;
  text::BreakCache breaks;
  // Each paragraph prepared before sizes (its segments, shaped glyphs in
  // font units, hyphens: paragraph_sizes.cpp), by its texts and faces.
  // Kept only when several layouts will set the same paragraphs
  // (fit_to_pages sets it): it holds every glyph of the résumé.
  bool keep_unsized = false;
  std::unordered_map<std::string, std::shared_ptr<const paragraph_detail::UnsizedParagraph>> unsized;
  std::string unsized_key;  // the last key, its buffer kept for the next
};

class Typesetter {
 public:
  // `hyphenator` may be null: the layout's text.hyphenate is false, or the
  // language has no dictionary (Chinese, Japanese and Korean then divide
  // their Latin words with the English one when text.hyphenate is true).
  Typesetter(const text::FontBook& book, const FontSet& fonts, const theme::Style& style, std::string language,
             const text::Hyphenator* hyphenator, Diagnostics& diags, TextMemo* memo = nullptr);

  std::vector<SetLine> set(const RichText& text, const ParagraphShape& shape);
  // `set` for a trial the caller may throw away (a first line tried beside
  // a date): the warnings about its lines (overfull, loose, cut) go to
  // `held`, to be given to the diagnostics only if the lines are kept.
  std::vector<SetLine> set_trial(const RichText& text, const ParagraphShape& shape, std::vector<Diagnostic>& held);
  // The items and breaks `set` works from.
  BrokenParagraph break_lines(const RichText& text, const ParagraphShape& shape);
  // A paragraph in the body style at the full content width.
  ParagraphShape body_shape(Scaled width) const;
  // The natural width of the text on one line.
  Scaled measure(const RichText& text);
  // The strut of a line of the given size: height above and depth below the baseline.
  void strut(Scaled size, double leading, Scaled& height, Scaled& depth) const;

  const theme::Style& style() const { return style_; }
  const std::string& language() const { return language_; }
  // The caller's memo, else the Typesetter's own.
  TextMemo& memo() const { return *memo_; }

 private:
  struct Piece;
  struct Segment;
  struct Prepared;
  struct Itemised;
  friend struct paragraph_detail::UnsizedParagraph;
  // The segments of `text` shaped and sized (paragraph_sizes.cpp): the
  // unsized preparation, the memo's when it keeps them, at the spans' sizes.
  Prepared prepare(const RichText& text, bool hyphenate);
  // Everything of prepare that does not depend on the spans' sizes
  // (paragraph_prepare.cpp).
  paragraph_detail::UnsizedParagraph prepare_unsized(const RichText& text, bool hyphenate);
  // One shaped run of a span as a piece of `unsized` (paragraph_prepare.cpp).
  void add_shaped_run(const text::ShapedRun& run, const std::string& all, std::size_t sp, const Span& span,
                      std::size_t span_begin, paragraph_detail::UnsizedParagraph& unsized, std::vector<bool>& unsafe) const;
  // Sizes `p` (its segments and cuts the unsized paragraph's, or a copy of
  // them) at the spans' sizes: its glyphs' positions, widths, the CJK
  // rules applied and each join's glue chosen.
  void apply_sizes(Prepared& p, const RichText& text);
  // The key of what prepare_unsized makes of `text`: in memo_->unsized_key.
  void unsized_key(const RichText& text, bool hyphenate);
  // What the CJK rules read of `unsized`'s segments (prepare_unsized's).
  void describe_cjk(paragraph_detail::UnsizedParagraph& unsized);
  // The CJK rules on `p`, at the spans' sizes.
  void apply_clreq(Prepared& p, const RichText& text);
  Itemised itemise(const Prepared& p, const ParagraphShape& shape) const;
  typeset::BreakResult break_ordinary(const Itemised& list, const Prepared& p, const ParagraphShape& shape) const;
  // break_ordinary, then the last resort if that fails: may give segments of
  // `p` cuts and replace `list` with the items that have them.
  typeset::BreakResult break_items(Itemised& list, Prepared& p, const ParagraphShape& shape) const;
  void warn_missing(const Span& span, const std::vector<char32_t>& missing);
  // A warning about a set line: to the diagnostics, or held by set_trial.
  void line_warning(const SourceSpan& where, std::string message, std::string hint,
                    Severity severity = Severity::Warning);
  void warn_overfull(const SourceSpan& where, Scaled excess);
  // `ideographs`: the widest is the stretch between ideographs (in word-space
  // ems). Said of a line wider than text.max-space, or else of one whose
  // word spaces are stretched past kLooseSpaceRatio (`space_ratio`).
  void warn_loose(const SourceSpan& where, double space_ems, double space_ratio, bool ideographs,
                  const SetLine& line);
  // The widest word space of a line as set, in ems of its text's size (0 with none).
  double widest_space(const Itemised& list, const Prepared& p, const typeset::Line& line,
                      bool* ideographs = nullptr) const;
  // The widest word space of a line as set against its natural width (0 with none).
  static double widest_space_ratio(const Itemised& list, const typeset::Line& line);
  // How many lines of a justified paragraph have a word space wider than
  // text.max-space (0 when ragged: ragged lines never stretch their spaces).
  int loose_lines(const Itemised& list, const Prepared& p, const typeset::BreakResult& result,
                  const ParagraphShape& shape) const;
  // A note for a paragraph whose breaks end it on one short token (BreakResult::ends_on_short_token).
  void warn_short_ending(const SourceSpan& where, const SetLine& last);
  void warn_cut(const SourceSpan& where, const std::string& text, std::size_t at, std::size_t more);
  // One line of `set` being built (paragraph_set.cpp).
  struct LineBuilder;
  // warn_cut for a paragraph set with `cuts` last-resort cuts, the first at item `first_cut`.
  void warn_first_cut(const RichText& rich, const Prepared& p, const Itemised& list, std::size_t first_cut,
                      std::size_t cuts, const SourceSpan& where);
  // Adds segment `s`'s hyphenation points to `unsized`'s cuts.
  void hyphen_cuts(const std::vector<text::BreakOpportunity>& at, std::size_t from, std::size_t to,
                   const std::vector<bool>& unsafe, paragraph_detail::UnsizedParagraph& unsized, Segment& s) const;
  text::BreakOptions break_options(bool hyphenate) const;

  const text::FontBook& book_;
  const FontSet& fonts_;
  const theme::Style& style_;
  std::string language_;  // BCP 47 for HarfBuzz and ICU
  // The language is written right to left: every paragraph is (text/bidi.hpp).
  bool rtl_ = false;
  const text::Hyphenator* hyphenator_;
  // Latin words inside Chinese, Japanese or Korean text follow the Latin
  // rules: with no dictionary for the variant's language, English's.
  const text::Hyphenator* latin_hyphenator_ = nullptr;
  Diagnostics& diags_;
  // The caller's (shared by the layouts --fit-pages tries), else own_memo_.
  std::unique_ptr<TextMemo> own_memo_;
  TextMemo* memo_;
  std::vector<Diagnostic>* held_ = nullptr;  // set_trial's
  std::unordered_set<char32_t> warned_missing_;  // a set: a text may lack thousands of distinct characters
  clreq::Punctuation punctuation_;
};

}  // namespace cvpdf::compose
