// The itemise stage: segments and their joins (prepare's) → boxes, glue,
// penalties and discretionaries, with what each item stands for when the
// line is set (Role), for the ordinary breaks and for the last resort.
#include "compose/paragraph_stages.hpp"

#include "compose/last_resort.hpp"

namespace cvpdf::compose {

using namespace paragraph_detail;


Typesetter::Itemised Typesetter::itemise(const Prepared& p, const ParagraphShape& shape) const {
  Itemised out;
  // A box and a glue or two per segment, mostly: grown once, not step by step.
  const std::size_t expected = 3 * p.segments.size();
  out.items.reserve(expected);
  out.roles.reserve(expected);
  out.part_of.reserve(expected);
  const Scaled em = p.em;
  const bool ragged = shape.align == theme::Alignment::Ragged;
  const Scaled ragged_stretch = kRaggedStretchEms * em;

  auto push = [&](typeset::Item item, Role role) {
    out.items.push_back(item);
    out.roles.push_back(static_cast<std::uint8_t>(role));
  };
  // Font expansion (kExpansionPermille) helps word spaces justify a line:
  // a segment with a word space on either side expands, in justified text
  // without CJK. Not in the last resort, whose lines end short on purpose;
  // not a segment between two breaks without a space (letters parted by
  // U+200B), nor any piece of an address: a line of those has no space to
  // help, and their glyphs' stretch and shrink would make a URL line that
  // nearly fills the measure a good break ("html" then alone on the next)
  // or let an address squeeze in beside a word that then stands alone on
  // a line. (The middle of "state-of-the-art" stays natural: 2% on three
  // letters is nothing an eye sees.)
  const bool expands = !ragged && !p.has_cjk() && !p.last_resort;
  auto address_break = [&](std::size_t segment) {
    return p.segments[segment].after == text::BreakAfter::Allowed && p.segments[segment].brk.kind == text::BreakKind::Url;
  };
  auto expandable = [&](std::size_t segment) {
    const bool after_space = segment > 0 && p.segments[segment - 1].after == text::BreakAfter::Space;
    if (address_break(segment) || (segment > 0 && address_break(segment - 1))) return false;
    return after_space || p.segments[segment].after == text::BreakAfter::Space;
  };
  auto push_part = [&](Scaled w, std::size_t segment, std::size_t part) {
    const Scaled give = expands && expandable(segment) ? w * kExpansionPermille / 1000 : 0;
    push(typeset::Item::box(w, segment, give, give), Role::Box);
    out.part_of.resize(out.items.size(), 0);
    out.part_of.back() = part;
  };
  // A last-resort cut: glue that lets the cut line end short (stretch
  // `cut_stretch`, cancelled after the cut when the line goes on), the
  // cut's penalty between them, and an infinite penalty first so the glue
  // after the box is no break of its own.
  const Scaled cut_stretch = ragged ? ragged_stretch : last_resort::kJustifiedCutStretchEms * em;
  auto push_cut = [&](std::size_t segment) {
    push(typeset::Item::penalty_item(typeset::kInfinitePenalty, segment), Role::Penalty);
    push(typeset::Item::glue(0, cut_stretch, 0, segment), Role::Filler);
    push(typeset::Item::discretionary(last_resort::kCutPenalty, 0, 0, 0, false, segment), Role::Cut);
    push(typeset::Item::glue(0, -cut_stretch, 0, segment), Role::Filler);
  };
  for (std::size_t i = 0; i < p.segments.size(); ++i) {
    const Segment& s = p.segments[i];
    const std::span<const Cut> cuts = p.cuts_of(s);
    if (cuts.empty()) {
      push_part(s.width, i, 0);
    } else {
      const std::size_t count = s.glyphs.size();
      std::size_t from = 0;
      for (std::size_t k = 0; k <= cuts.size(); ++k) {
        std::size_t to = k < cuts.size() ? cuts[k].glyph : count;
        Scaled w = 0;
        for (std::size_t g = s.glyphs.begin + from; g < s.glyphs.begin + to; ++g) w += p.sized[g].advance;
        push_part(w, i, k + 1);
        if (k < cuts.size()) {
          if (cuts[k].forced)
            push_cut(i);
          else
            push(typeset::Item::discretionary(text::kHyphenPenalty, s.hyphen_width, 0, 0, true, i), Role::Hyphen);
        }
        from = to;
      }
    }
    bool last = i + 1 == p.segments.size();
    if (last) break;
    if (s.after == text::BreakAfter::Mandatory) {
      // The marks' blanks stay off: a line ends and one begins here.
      push(typeset::Item::penalty_item(typeset::kInfinitePenalty, i), Role::Penalty);
      push(typeset::Item::glue(0, typeset::kFil, 0, i), Role::Filler);
      push(typeset::Item::penalty_item(typeset::kEjectPenalty, i), Role::Penalty);
      continue;
    }
    if (s.after == text::BreakAfter::None) continue;
    // The join to the next segment (clreq::join) as glue that vanishes at a
    // break, with the blanks of the marks on either side: given back
    // mid-line, shrinkable a little, gone at a line's end and start.
    const clreq::Join& j = s.join;
    const Scaled blanks = s.blank_after + p.segments[i + 1].blank_before;
    const Scaled width = j.width + blanks;
    const Scaled stretch = j.stretch;
    const Scaled shrink = j.shrink + clreq::blank_shrink(blanks);
    const Role glue_role = j.space_glyph() ? Role::SpaceGlue : ragged ? Role::Filler : Role::CjkGlue;
    if (!j.breakable || s.lonely_break) {
      // No break here (but a last-resort cut, whose items after its penalty
      // are discarded at a break as the join's glue is): a penalty first
      // makes the glue after it no legal breakpoint (glue breaks only after a box).
      if (s.cut_after) push_cut(i);
      if (width == 0 && (ragged || (stretch == 0 && shrink == 0)) && !j.space_glyph()) continue;
      push(typeset::Item::penalty_item(typeset::kInfinitePenalty, i), Role::Penalty);
      push(typeset::Item::glue(width, ragged ? 0 : stretch, ragged ? 0 : shrink, i), glue_role);
      continue;
    }
    const int penalty = s.brk.penalty;
    if (ragged) {
      push(typeset::Item::glue(0, ragged_stretch, 0, i), Role::Filler);
      push(typeset::Item::penalty_item(penalty, i), Role::Penalty);
      push(typeset::Item::glue(width, -ragged_stretch, 0, i), glue_role);
    } else if (j.kind == clreq::JoinKind::Explicit) {
      if (p.last_resort) {
        // In the last resort a line may also end short after a hyphen or
        // slash, as a ragged line does: a line of a long URL has no space
        // to stretch, and the line before it had better end short than
        // stretch its spaces.
        push(typeset::Item::penalty_item(typeset::kInfinitePenalty, i), Role::Penalty);
        push(typeset::Item::glue(0, ragged_stretch, 0, i), Role::Filler);
        push(typeset::Item::penalty_item(penalty, i), Role::Penalty);
        push(typeset::Item::glue(0, -ragged_stretch, 0, i), Role::Filler);
      } else {
        push(typeset::Item::penalty_item(penalty, i), Role::Penalty);
      }
      if (width > 0) push(typeset::Item::glue(width, 0, shrink, i), Role::CjkGlue);
    } else if (p.last_resort && s.end_short) {
      // The space before a token the ordinary breaks could not place: a
      // line ending here may end short, as a ragged line, rather than
      // stretch its spaces (the white cancelled when it goes on).
      push(typeset::Item::glue(0, ragged_stretch, 0, i), Role::Filler);
      push(typeset::Item::penalty_item(0, i), Role::Penalty);
      push(typeset::Item::glue(0, -ragged_stretch, 0, i), Role::Filler);
      push(typeset::Item::glue(width, stretch, shrink, i), glue_role);
    } else {
      push(typeset::Item::glue(width, stretch, shrink, i), glue_role);
    }
  }
  out.part_of.resize(out.items.size(), 0);
  return out;
}

}  // namespace cvpdf::compose
