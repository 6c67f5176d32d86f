// Paragraph setting, the pipeline: rich text → text, segments and break
// opportunities (prepare, paragraph_prepare.cpp) → the Knuth–Plass list
// (itemise, paragraph_itemise.cpp) → lines (break, paragraph_break.cpp:
// typeset::break_paragraph, then the last resort of last_resort.hpp) →
// positioned glyph runs (set, paragraph_set.cpp). This file owns the
// Typesetter itself, its warnings, and the entry points that run the stages.
#include "compose/paragraph_stages.hpp"

#include <fmt/format.h>

#include "compose/last_resort.hpp"

namespace cvpdf::compose {

using namespace paragraph_detail;

RichText& RichText::add(std::string text, const SpanStyle& style, std::string link, SourceSpan source) {
  if (!text.empty()) spans.push_back({std::move(text), style, std::move(link), std::move(source), std::nullopt, false});
  return *this;
}

bool RichText::empty() const {
  for (const auto& s : spans)
    if (!s.text.empty()) return false;
  return true;
}

void translate(std::vector<frame::Element>& elements, Scaled dx, Scaled dy) {
  for (auto& e : elements) {
    std::visit([&](auto& el) {
      el.x += dx;
      el.y += dy;
    }, e);
  }
}

Typesetter::Typesetter(const text::FontBook& book, const FontSet& fonts, const theme::Style& style,
                       std::string language,
                       const text::Hyphenator* hyphenator, Diagnostics& diags, TextMemo* memo)
    : book_(book),
      fonts_(fonts),
      style_(style),
      language_(std::move(language)),
      hyphenator_(hyphenator),
      diags_(diags),
      own_memo_(memo ? nullptr : std::make_unique<TextMemo>()),
      memo_(memo ? memo : own_memo_.get()),
      punctuation_(book, language_) {
  rtl_ = text::is_rtl_language(language_);
  const std::string primary = model::primary_language(language_);
  if (!hyphenator_ && style_.hyphenate && (primary == "zh" || primary == "ja" || primary == "ko"))
    latin_hyphenator_ = text::Hyphenator::shared("en");
}

ParagraphShape Typesetter::body_shape(Scaled width) const {
  return {width, 0, style_.align, style_.tolerance, style_.leading, style_.leading_cjk, true, true};
}

void Typesetter::strut(Scaled size, double leading, Scaled& height, Scaled& depth) const {
  // CSS's half-leading model on the Latin face's ascender and descender, so
  // baselines fall on a regular grid whatever glyphs a line holds.
  const text::Face& f = book_.face(fonts_.metrics_face);
  Scaled ascent = f.scale(f.ascender, size);
  Scaled descent = -f.scale(f.descender, size);
  Scaled line = static_cast<Scaled>(static_cast<double>(size) * leading);
  Scaled half_leading = (line - ascent - descent) / 2;
  height = ascent + half_leading;
  depth = line - height;
}

void Typesetter::warn_missing(const Span& span, const std::vector<char32_t>& missing) {
  std::vector<char32_t> fresh;  // not warned of yet, in the order shaping met them
  for (char32_t cp : missing)
    if (warned_missing_.insert(cp).second) fresh.push_back(cp);
  if (fresh.empty()) return;
  auto named = [](char32_t cp) { return fmt::format("{} '{}'", utf8::code_name(cp), utf8::encode(cp)); };
  if (fresh.size() == 1) {
    diags_.warning(span.source, "no installed font has the character " + named(fresh[0]) + "; it is set as a replacement box",
                   "install a font that has it (cvpdf finds it through fontconfig) or add one to the layout's fonts");
    return;
  }
  // A text in a script no font has is one problem, not one per character:
  // one warning for the text, naming the first few.
  constexpr std::size_t kNamed = 3;
  std::string names;
  for (std::size_t i = 0; i < fresh.size() && i < kNamed; ++i) names += (i ? ", " : "") + named(fresh[i]);
  if (fresh.size() > kNamed) names += fmt::format(" and {} more", fresh.size() - kNamed);
  diags_.warning(span.source,
                 fmt::format("no installed font has {} of this text's characters ({}); they are set as replacement boxes",
                             fresh.size(), names),
                 "install a font that has them (cvpdf finds it through fontconfig) or add one to the layout's fonts");
}

void Typesetter::line_warning(const SourceSpan& where, std::string message, std::string hint, Severity severity) {
  // A note (a stretched line within text.max-space) is for -v only.
  Diagnostic said{severity, where, std::move(message), std::move(hint)};
  said.verbose_only = severity == Severity::Note;
  if (held_) held_->push_back(std::move(said));
  else diags_.add(std::move(said));
}

std::vector<SetLine> Typesetter::set_trial(const RichText& text, const ParagraphShape& shape,
                                           std::vector<Diagnostic>& held) {
  held_ = &held;
  std::vector<SetLine> lines;
  try {
    lines = set(text, shape);
  } catch (...) {
    held_ = nullptr;
    throw;
  }
  held_ = nullptr;
  return lines;
}

void Typesetter::warn_overfull(const SourceSpan& where, Scaled excess) {
  // One word wider than the measure (a long URL or identifier): say where.
  line_warning(where, fmt::format("a line is {:.1f}pt wider than its measure and runs into the margin", to_pt(excess)),
                 "shorten the word or allow a break in it (e.g. a space after a slash)");
}

namespace {

// A line's text as a reader sees it: its glyphs' source text, the hyphen of
// a hyphenated line as "-", each run of spaces as one, cut at 60 characters.
std::string quote_line(const SetLine& line) {
  constexpr std::size_t kQuoted = 60;
  std::string text;
  for (const auto& e : line.elements) {
    const auto* run = std::get_if<frame::GlyphRun>(&e);
    if (!run) continue;
    for (const auto& g : run->glyphs) {
      for (std::size_t pos = 0; pos < g.text.size();) {
        const char32_t cp = utf8::decode(g.text, pos);
        const bool space = cp == U' ' || cp == U'\t' || cp == U'\n';
        if (space && (text.empty() || text.back() == ' ')) continue;
        text += space ? std::string(" ") : cp == 0xAD ? std::string("-") : utf8::encode(cp);
      }
    }
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  std::string quoted;
  std::size_t count = 0;
  for (std::size_t pos = 0; pos < text.size() && count < kQuoted; ++count) {
    const std::size_t from = pos;
    utf8::decode(text, pos);
    quoted += text.substr(from, pos - from);
  }
  if (quoted.size() < text.size()) quoted += "…";
  return quoted;
}

}  // namespace

void Typesetter::warn_loose(const SourceSpan& where, double space_ems, double space_ratio, bool ideographs,
                            const SetLine& line) {
  const std::string quoted = quote_line(line);
  // The limit as the theme wrote it ("0.9", "1.25"), the space to two places.
  std::string max = fmt::format("{:.3f}", style_.max_space);
  while (max.back() == '0') max.pop_back();
  if (max.back() == '.') max.pop_back();
  const std::string hint =
      "nothing on the line could move to the next one; shorten the long word after it, add a space where "
      "it may break, or set text.align: ragged";
  if (space_ems <= style_.max_space + 1e-9) {
    // Within text.max-space but past what the tolerance allows: said as a
    // note, the breaker's report of a line only an emergency pass could set.
    line_warning(where,
                 fmt::format("stretched line: word spaces {:.2f}× their natural width, more than {}×, in \"{}\"",
                             space_ratio, kLooseSpaceRatio, quoted),
                 hint, Severity::Note);
    return;
  }
  // Ideographs stretched apart are told as the word space the same stretch gives.
  line_warning(where,
               fmt::format("loose line: {} of {:.2f} em, more than text.max-space ({} em), in \"{}\"",
                           ideographs ? "ideographs spaced as word spaces" : "word spaces", space_ems, max, quoted),
               hint);
}

void Typesetter::warn_short_ending(const SourceSpan& where, const SetLine& last) {
  // A note: the breaker's report that no breaks within the tolerance could
  // end the paragraph on more than one short token (a looser line would
  // show its spacing, and mupdf would read its ideographs apart).
  line_warning(where, fmt::format("short last line: the paragraph ends on one short word, \"{}\"", quote_line(last)),
               "no line before it could give it company within text.tolerance; reword the paragraph's end",
               Severity::Note);
}

void Typesetter::warn_cut(const SourceSpan& where, const std::string& text, std::size_t at, std::size_t more) {
  std::string message = last_resort::cut_message(text, at);
  if (more > 0) message += fmt::format(" (and {} {} in this paragraph)", more, more == 1 ? "more place" : "more places");
  line_warning(where, message, "no space, hyphen or slash in it could end the line; shorten it or add a space where it may break");
}

Scaled Typesetter::measure(const RichText& rich) {
  Prepared p = prepare(rich, false);
  ParagraphShape one_line = body_shape(0);
  one_line.align = theme::Alignment::Justify;
  Itemised list = itemise(p, one_line);
  Scaled w = 0;
  for (const auto& item : list.items)
    if (item.type != typeset::ItemType::Penalty) w += item.width;  // a discretionary unbroken: its no-break width
  return w;
}

Scaled set_glue_width(const typeset::Item& g, double r) {
  if (g.stretch >= typeset::kFil) return g.width;
  if (r > 0) return g.width + static_cast<Scaled>(r * static_cast<double>(g.stretch));
  if (r < 0) return g.width + static_cast<Scaled>(r * static_cast<double>(std::max<Scaled>(g.shrink, 0)));
  return g.width;
}

BrokenParagraph Typesetter::break_lines(const RichText& rich, const ParagraphShape& shape) {
  BrokenParagraph out;
  if (rich.empty()) return out;
  Prepared p = prepare(rich, shape.hyphenate);
  Itemised list = itemise(p, shape);
  out.result = break_items(list, p, shape);
  for (std::size_t k = 0; k < list.items.size(); ++k) {
    std::string text;
    const Segment& s = p.segments[list.items[k].payload];
    switch (static_cast<Role>(list.roles[k])) {
      case Role::Box: {
        auto [from, to] = box_glyphs(p, s, list.part_of[k]);
        for (std::size_t g = s.glyphs.begin + from; g < s.glyphs.begin + to; ++g) text += p.glyph(g).text;
        break;
      }
      case Role::SpaceGlue:
        text = " ";
        break;
      default:
        break;
    }
    out.texts.push_back(std::move(text));
  }
  out.items = std::move(list.items);
  return out;
}

}  // namespace cvpdf::compose
