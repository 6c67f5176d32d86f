// Section headings: the title in the heading face — in capitals, small
// capitals or as written (heading.uppercase, heading.small-caps; CJK has
// no case; capitals by ICU in the variant's language: ß → SS, i → İ in
// Turkish) — with what heading.style draws: a rule below, a hairline
// above (a new part of a long CV), a rule beside filling the line, a bar
// before it, or nothing; and its outline entry.
#include <algorithm>
#include <cmath>

#include "compose/composer.hpp"
#include "compose/inline_markup.hpp"
#include "core/utf8.hpp"
#include "text/bidi.hpp"
#include "text/case_mapping.hpp"

namespace cvpdf::compose {

namespace {

// Synthesised small capitals: lower-case letters set as capitals at this
// share of the size (between the 0.7 of TeX's \textsc faces and the x-height
// ratio of most sans faces, so they read as small capitals, not as a
// smaller font).
constexpr double kSmallCapScale = 0.78;

// Where rules and bars sit against the heading's letters, in ems of the
// heading size: capitals kCapHeightEm high (composer.hpp); the x-height
// about half an em in the faces layouts name (Lato 0.51, Source Sans 0.49,
// Noto Sans 0.54); ideographs fill their em box less about a twentieth at
// the top and bottom (Noto Sans CJK: -0.12 … 0.88).
constexpr double kXHeight = 0.50;
constexpr double kIdeographTop = 0.83, kIdeographBottom = 0.07;
// Between a bar or a rule and the heading's text, and the shortest rule
// beside a heading (a long title wraps rather than lose its rule).
constexpr double kHeadingGap = 0.5;
constexpr double kMinRuleBeside = 2.0;

// The title in small capitals: runs of lower-case letters as capitals at
// kSmallCapScale of the size, everything else at full size; the letter
// spacing stays the heading's on both.
RichText small_capitals(const std::string& title, const SpanStyle& full, const SourceSpan& source,
                        const std::string& language) {
  SpanStyle small = full;
  small.size = static_cast<Scaled>(std::llround(static_cast<double>(full.size) * kSmallCapScale));
  RichText out;
  std::string run;
  bool run_small = false;
  auto flush = [&] {
    if (!run.empty()) out.add(text::to_upper(run, language), run_small ? small : full, {}, source);
    run.clear();
  };
  for (std::size_t pos = 0; pos < title.size();) {
    const std::size_t at = pos;
    const char32_t cp = utf8::decode(title, pos);
    const bool lower = text::has_upper_case(cp);
    if (lower != run_small) flush();
    run_small = lower;
    run.append(title, at, pos - at);
  }
  flush();
  return out;
}

}  // namespace

void Composer::compose_heading(const model::Localized& title_value) {
  const std::string written = text(title_value);
  const std::string title = markup::plain_text(written);  // the outline's entry
  const bool cjk = has_cjk(title);
  const Scaled width = column_width;
  const Scaled size = style.heading_size;
  auto ems = [&](double n) { return static_cast<Scaled>(std::llround(n * static_cast<double>(size))); };

  SpanStyle heading = with(FontVariant::Bold, size, style.heading_color);
  // Ideographs keep their square grid, and Arabic letters their joins.
  if (!cjk && !text::joins_cursively(title))
    heading.letter_spacing = static_cast<Scaled>(style.heading_letter_spacing_em * static_cast<double>(size));
  // Capitals and small capitals per run of the markup; code as written.
  RichText rich;
  for (auto& span : rich_text(written, heading, place(title_value)).spans) {
    const bool code = span.style.variant == FontVariant::Mono || span.style.variant == FontVariant::MonoBold;
    if (cjk || code) {
      rich.spans.push_back(std::move(span));
    } else if (style.heading_small_caps) {
      for (auto& piece : small_capitals(span.text, span.style, span.source, language).spans) {
        piece.link = span.link;
        rich.spans.push_back(std::move(piece));
      }
    } else {
      if (style.heading_uppercase) span.text = text::to_upper(span.text, language);
      rich.spans.push_back(std::move(span));
    }
  }

  const bool beside = style.heading_style == theme::HeadingStyle::RuleBeside;
  const bool bar = style.heading_style == theme::HeadingStyle::Bar;
  // The text's measure: what the bar and its gap, or the shortest rule
  // beside, leave of the column.
  const Scaled indent = bar ? style.heading_bar_width + ems(kHeadingGap) : 0;
  const Scaled reserve = beside ? ems(kHeadingGap + kMinRuleBeside) : 0;
  ParagraphShape shape = typesetter.body_shape(width - indent - reserve);
  shape.align = theme::Alignment::Ragged;
  auto lines = typesetter.set(rich, shape);
  tag_as(lines, "H2");  // its rule or bar stays an artifact
  const Scaled last_width = lines.empty() ? 0 : lines.back().width;
  Block block = stack_lines(std::move(lines), indent);
  const Scaled last_baseline = block.baselines.empty() ? 0 : block.baselines.back();

  if (style.heading_style == theme::HeadingStyle::RuleBelow) {
    frame::Rule rule{0, block.depth - pt(1.2) + style.heading_rule_gap, width, style.heading_rule_thickness,
                     style.rule_color};
    block.elements.emplace_back(std::in_place_type<frame::Rule>, rule);
    block.depth += style.heading_rule_gap + style.heading_rule_thickness - pt(1.2);
  } else if (style.heading_style == theme::HeadingStyle::RuleAbove) {
    // Across the column, rule-gap above the capitals (the ideographs' top).
    const Scaled top = (cjk ? ems(kIdeographTop) : ems(kCapHeightEm)) + style.heading_rule_gap;
    const Scaled thickness = style.heading_rule_thickness;
    frame::Rule rule{0, -top - thickness, width, thickness, style.rule_color};
    block.elements.emplace_back(std::in_place_type<frame::Rule>, rule);
    block.height = std::max(block.height, top + thickness);
  } else if (beside) {
    // moderncv's look: the rule runs on from the last line's end to the
    // column's edge, centred on the x-height (on the ideographs' middle).
    const Scaled middle = cjk ? ems((kIdeographTop - kIdeographBottom) / 2) : ems(kXHeight / 2);
    const Scaled x = last_width + ems(kHeadingGap);
    const Scaled thickness = style.heading_rule_thickness;
    // A title that cannot break and fills the column leaves no room for
    // the shortest rule: then none is drawn, rather than one over the text.
    if (width - x >= ems(kMinRuleBeside)) {
      frame::Rule rule{x, last_baseline - middle - thickness / 2, width - x, thickness, style.rule_color};
      block.elements.emplace_back(std::in_place_type<frame::Rule>, rule);
    }
  } else if (bar) {
    // As tall as the capitals (the ideographs, which also reach a little
    // below the baseline): from the first line's capitals down to the last
    // line's baseline.
    const Scaled top = cjk ? ems(kIdeographTop) : ems(kCapHeightEm);
    const Scaled bottom = last_baseline + (cjk ? ems(kIdeographBottom) : 0);
    frame::Rule rule{0, -top, style.heading_bar_width, top + bottom, style.heading_color};
    block.elements.emplace_back(std::in_place_type<frame::Rule>, rule);
  }
  block.bookmark = title;
  galley.add_block(std::move(block));
  galley.add_penalty(typeset::kInfinitePenalty);  // a heading is never alone at a page foot
  galley.add_glue(style.heading_space_after);
  galley.add_penalty(typeset::kInfinitePenalty);
}

}  // namespace cvpdf::compose
