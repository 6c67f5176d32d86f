// The set stage: the chosen breaks → set lines of positioned glyph runs
// (glue set at the line's ratio, real space glyphs, link areas, the hyphen
// of a hyphenated line), the extraction spans that make the PDF's text
// say what the source says (a divided word whole, no space at a tight
// join), and the warnings of lines that ran over or were cut.
#include "compose/paragraph_stages.hpp"

#include "text/kinsoku.hpp"

namespace cvpdf::compose {

using namespace paragraph_detail;

namespace {

// --- Extraction spans (frame::Glyph::reads_as) -------------------------------
//
// What a text extractor makes of a set line is not always what the source
// says: a word divided at a line end comes out in two pieces ("train-" /
// "ing"; poppler even drops a real hyphen there: "large-\nmodel" gives
// "largemodel"), and the ¼ em clreq sets between Han and Latin where the
// source has no space looks like a word space to it ("サンプル AI"). The
// spans marked here make the PDF say what the source says.

frame::Glyph& glyph_at(std::vector<SetLine>& lines, std::size_t line, const Placed& at) {
  return std::get<frame::GlyphRun>(lines[line].elements[at.element]).glyphs[at.glyph];
}

std::uint16_t link_at(const std::vector<SetLine>& lines, std::size_t line, const Placed& at) {
  return std::get<frame::GlyphRun>(lines[line].elements[at.element]).link;
}

Scaled size_at(const std::vector<SetLine>& lines, std::size_t line, const Placed& at) {
  return std::get<frame::GlyphRun>(lines[line].elements[at.element]).size;
}

// Whether the segment after `s` continues the same word: no space and no
// CJK join between them (a hyphen or slash, a join with no glue, or no
// break at all), so a line broken there divides one word.
template <class Seg>
bool same_word(const Seg& s) {
  if (s.after == text::BreakAfter::None) return true;
  if (s.after != text::BreakAfter::Allowed) return false;
  return s.join.kind == clreq::JoinKind::Explicit || s.join.kind == clreq::JoinKind::None;
}

// Glyphs placed[a..b] of a line as one span reading `text`.
void mark_span(std::vector<SetLine>& lines, std::size_t line, const std::vector<Placed>& placed, std::size_t a,
               std::size_t b, std::string text) {
  glyph_at(lines, line, placed[a]).reads_as = std::move(text);
  glyph_at(lines, line, placed[b]).reads_as_end = true;
}

// A word on two or more lines: its piece on the first line (with the
// hyphen, if one was added) reads as the whole word, the pieces on the
// lines after it as "", so the extracted text holds the word once, whole.
// Left alone when its glyphs belong to different links (a span must not
// cross a link boundary).
template <class Seg>
void mark_divided_words(const std::vector<Seg>& segments, std::vector<SetLine>& lines,
                        const std::vector<std::vector<Placed>>& placed, std::vector<std::vector<bool>>& taken) {
  if (placed.size() < 2) return;  // one line divides no word
  std::vector<std::size_t> word_of(segments.size(), 0);
  for (std::size_t i = 1; i < segments.size(); ++i) word_of[i] = word_of[i - 1] + (same_word(segments[i - 1]) ? 0 : 1);
  // Per word, its pieces in reading order: (line, first placed, last placed).
  struct Piece {
    std::size_t line, first, last;
  };
  std::vector<Piece> pieces;  // of the word at hand, its buffer kept for the next
  std::size_t k_line = 0, k = 0;
  while (k_line < placed.size()) {
    if (k >= placed[k_line].size()) {
      ++k_line;
      k = 0;
      continue;
    }
    const std::size_t word = word_of[placed[k_line][k].segment];
    pieces.clear();
    // Collect the pieces of this word: consecutive placed glyphs of it,
    // continuing at the start of the next line.
    while (k_line < placed.size()) {
      const auto& line = placed[k_line];
      std::size_t e = k;
      while (e < line.size() && word_of[line[e].segment] == word) ++e;
      if (e == k) break;
      pieces.push_back({k_line, k, e - 1});
      if (e < line.size()) {
        k = e;
        break;
      }
      ++k_line;
      k = 0;
    }
    if (pieces.size() < 2) continue;
    // The word proper begins after what is set apart at its head.
    while (pieces.front().first < pieces.front().last && placed[pieces.front().line][pieces.front().first].set_apart)
      ++pieces.front().first;
    if (placed[pieces.front().line][pieces.front().first].set_apart) continue;
    std::string whole;
    bool one_link = true;
    const std::uint16_t link = link_at(lines, pieces.front().line, placed[pieces.front().line][pieces.front().first]);
    for (const auto& piece : pieces)
      for (std::size_t g = piece.first; g <= piece.last; ++g) {
        const Placed& at = placed[piece.line][g];
        if (link_at(lines, piece.line, at) != link) one_link = false;
        if (!at.hyphen) whole += glyph_at(lines, piece.line, at).text;
      }
    if (!one_link) continue;
    for (std::size_t n = 0; n < pieces.size(); ++n) {
      const Piece& piece = pieces[n];
      mark_span(lines, piece.line, placed[piece.line], piece.first, piece.last, n == 0 ? whole : std::string());
      for (std::size_t g = piece.first; g <= piece.last; ++g) taken[piece.line][g] = true;
    }
  }
}

// Whether a text's last (first) character may be CJK (text/line_breaks.hpp's
// is_cjk starts at U+1100): its UTF-8 lead byte is 0xE1 or above. A ¼ em
// inside a segment needs an ideograph on one side, so a join of two
// characters below that (any Latin text) is told without decoding them.
bool may_end_cjk(const std::string& s) {
  if (s.empty() || static_cast<unsigned char>(s.back()) < 0x80) return false;
  std::size_t lead = s.size() - 1;
  while (lead > 0 && (static_cast<unsigned char>(s[lead]) & 0xC0) == 0x80) --lead;
  return static_cast<unsigned char>(s[lead]) >= 0xE1;
}
bool may_start_cjk(const std::string& s) { return !s.empty() && static_cast<unsigned char>(s.front()) >= 0xE1; }

// Joins with no space in the source that an extractor takes for a word
// space, within a line: the ¼ em clreq sets between Han and Latin, between
// segments (a Quarter join) or inside one (clreq::quarter_inside), and a
// change of size inside a word (synthesised small capitals: poppler
// splits "EDUCATION" into "E DUCATION" where the size drops). Each is
// covered by one span from the cluster before it to the glyph after it,
// reading as their own texts; joins that share a glyph ("A中B") make one
// span. Poppler does not split at the stretch between Han characters or
// at CJK punctuation (no white there beyond the mark's own), so those are
// left.
template <class Seg>
void mark_tight_joins(const std::vector<Seg>& segments, std::vector<SetLine>& lines,
                      const std::vector<std::vector<Placed>>& placed, const std::vector<std::vector<bool>>& taken) {
  for (std::size_t l = 0; l < placed.size(); ++l) {
    const auto& line = placed[l];
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    std::size_t cluster = 0;  // the placed index of the current cluster's first glyph
    for (std::size_t k = 0; k + 1 < line.size(); ++k) {
      if (!glyph_at(lines, l, line[k]).text.empty()) cluster = k;
      const frame::Glyph& next = glyph_at(lines, l, line[k + 1]);
      if (next.text.empty() || line[k].hyphen || line[k + 1].hyphen) continue;
      const std::string& before = glyph_at(lines, l, line[cluster]).text;
      bool gap = false;
      if (line[k].segment == line[k + 1].segment) {
        gap = size_at(lines, l, line[k]) != size_at(lines, l, line[k + 1]) ||
              ((may_end_cjk(before) || may_start_cjk(next.text)) &&
               clreq::quarter_inside({paragraph_detail::last_char(before, before.size()), 1},
                                     {paragraph_detail::first_char(next.text, 0), 1}) > 0);
      } else if (line[k].segment + 1 == line[k + 1].segment) {
        const Seg& s = segments[line[k].segment];
        gap = s.after == text::BreakAfter::Allowed && s.join.kind == clreq::JoinKind::Quarter;
      }
      if (!gap) continue;
      if (!spans.empty() && spans.back().second >= cluster)
        spans.back().second = k + 1;
      else
        spans.push_back({cluster, k + 1});
    }
    for (const auto& [a, b] : spans) {
      bool free = true;
      std::string text;
      for (std::size_t g = a; g <= b; ++g) {
        if (taken[l][g] || link_at(lines, l, line[g]) != link_at(lines, l, line[a])) free = false;
        text += glyph_at(lines, l, line[g]).text;
      }
      if (free) mark_span(lines, l, line, a, b, std::move(text));
    }
  }
}

}  // namespace

// One line of a paragraph being set (Typesetter::set): its glyph runs and
// link areas in `out`, the pen at `x`, and the glyphs placed from boxes,
// for the extraction spans marked once every line is set.
struct Typesetter::LineBuilder {
  const RichText& rich;
  Prepared& p;
  const std::vector<std::uint16_t>& link_of;  // each span's link number (0: none)
  std::vector<Placed>& placed;
  SetLine out{};
  Scaled x = 0;
  frame::GlyphRun* run = nullptr;
  std::size_t run_index = 0;  // of `run` in out.elements
  std::string link{};
  std::uint16_t link_number = 0;
  Scaled link_start = 0;
  // Filler and CJK glue not yet given to a glyph (x already holds it).
  Scaled held = 0;
  // The line's font expansion (kExpansionPermille), and that of the box set
  // last: a space or hyphen joins its run rather than start one of its own.
  int line_expansion = 0;
  int expansion = 0;
  // With bidi (Prepared::bidi): the level of each glyph placed, in order,
  // and the line's paragraph level, for reorder_line.
  std::vector<std::uint8_t> levels{};
  std::uint8_t base = 0;

  void level_of(std::size_t byte) {
    const text::BidiLevels& bidi = p.bidi();
    if (!bidi.empty()) levels.push_back(byte < bidi.levels.size() ? bidi.levels[byte] : base);
  }

  void close_link(Scaled end_x) {
    if (!link.empty() && end_x > link_start) {
      // push_back may reallocate the elements: `run` must follow its run.
      // (Kept by index: searching for it made a line of many links
      // quadratic, as one run continues past the link areas after it.)
      frame::LinkArea area{link_start, -out.height, end_x - link_start, out.height + out.depth, link};
      area.link = link_number;
      out.elements.push_back(std::move(area));
      if (run) run = &std::get<frame::GlyphRun>(out.elements[run_index]);
    }
    link.clear();
  }

  void start_run(text::FaceId face, Scaled size, const frame::Color& color, std::uint16_t in_link) {
    if (run && run->face == face && run->size == size && run->color == color && run->link == in_link &&
        run->expansion == expansion)
      return;
    frame::GlyphRun r;
    r.face = face;
    r.size = size;
    r.x = x;
    r.y = 0;
    r.color = color;
    r.link = in_link;
    r.expansion = static_cast<std::int16_t>(expansion);
    out.elements.push_back(std::move(r));
    run_index = out.elements.size() - 1;
    run = &std::get<frame::GlyphRun>(out.elements.back());
  }

  // Glyphs [from, to) of the paragraph, of a piece of segment `segment`,
  // continuing the current run and link: each the unsized paragraph's
  // glyph (its id and texts) at its sized position.
  void place(const Piece& piece, std::size_t from, std::size_t to, std::size_t segment) {
    const Span& span = rich.spans[piece.span];
    if (span.link != link) {
      close_link(x);
      if (!span.link.empty()) {
        link = span.link;
        link_number = link_of[piece.span];
        link_start = x;
      }
    }
    start_run(piece.face, span.style.size, span.style.color, link_of[piece.span]);
    for (std::size_t g = from; g < to; ++g) {
      frame::Glyph& glyph = run->glyphs.emplace_back(p.glyph(g));
      const SizedGlyph& sized = p.sized[g];
      glyph.advance = expanded(sized.advance);
      glyph.x_offset = expanded(sized.x_offset);
      glyph.y_offset = sized.y_offset;
      x += glyph.advance;
      level_of(p.cluster(g));
      const std::string& text = glyph.text;
      // Told by the first byte before any comparison: most glyphs are letters.
      const unsigned char lead = text.empty() ? 0 : static_cast<unsigned char>(text[0]);
      const bool white = (lead == ' ' || lead == 0xC2 || lead == 0xE2) &&
                         (text == " " || text == "\u00A0" || text == "\u2009" || text == "\u202F");
      placed.push_back({segment, run_index, run->glyphs.size() - 1, false, span.stands_for.has_value() || white});
    }
  }

  Scaled expanded(Scaled w) const { return expansion == 0 ? w : w + w * expansion / 1000; }

  // Gives what is held to the last glyph set.
  void widen() {
    if (held != 0 && run) run->glyphs.back().advance += held;
    held = 0;
  }

  // The word space a line break took, back as a glyph of no width at the
  // start of the next line: the content then has a space between the last
  // word of one line and the first of the next, which what reads the text
  // in the structure's order without looking at positions (poppler's
  // -struct-text, a screen reader) needs. At the start rather than the end
  // of the line, so it is never taken for a word space before what stands
  // to the right of the line.
  void carry_space(const Segment& s) {
    const Span& span = rich.spans[s.space_span];
    start_run(s.space_face, span.style.size, span.style.color, link_of[s.space_span]);
    run->glyphs.push_back(frame::Glyph{s.space_glyph, 0, 0, 0, " "});
    if (!p.bidi().empty()) levels.push_back(base);
  }

  // A whole segment, or one part of a divided one: the glyphs between two
  // cuts; expanded with the line when it may be.
  void set_box(std::size_t segment, std::size_t part, bool expands) {
    widen();
    expansion = expands ? line_expansion : 0;
    const Segment& s = p.segments[segment];
    auto [from, to] = box_glyphs(p, s, part);
    for_each_share(p, s, from, to, [&](const Piece& piece, std::size_t a, std::size_t b) { place(piece, a, b, segment); });
  }

  // A word space of width `w`: a real space glyph, widened by TJ, so copied
  // text has its spaces.
  void set_space(const Segment& s, Scaled w) {
    const Span& span = rich.spans[s.space_span];
    if (s.space_face != text::kNoFace && s.space_glyph != 0) {
      // A ragged line's space follows its filler (glue +3em·r, then the
      // space at w − 3em·r): the two go to the space glyph, at their net
      // width, so it is drawn where the word before ends.
      x -= held;  // where a new run for the space would begin
      start_run(s.space_face, span.style.size, span.style.color, link_of[s.space_span]);
      run->glyphs.push_back(frame::Glyph{s.space_glyph, w + held, 0, 0, " "});
      level_of(s.end);
      x += held;
      held = 0;
    } else {
      widen();
      run = nullptr;
    }
    x += w;
  }

  // Filler and CJK glue widen the last glyph instead of breaking the run in
  // two; held back until what follows is known (see `widen`).
  void hold(Scaled w) {
    held += w;
    x += w;
  }

  // The hyphen of a line broken inside segment `segment`. It stands for no
  // source text: a soft hyphen, so extracted text reads "optimiza\u00ADtion",
  // a word a parser can rejoin.
  void add_hyphen(std::size_t segment) {
    const Segment& s = p.segments[segment];
    const Piece& piece = p.pieces(s).front();
    const SpanStyle& style = rich.spans[piece.span].style;
    start_run(piece.face, style.size, style.color, link_of[piece.span]);
    // Drawn in its word's run, expanded with it, but at its natural advance:
    // the breaker counted it so (nothing follows it on the line).
    run->glyphs.push_back(frame::Glyph{s.hyphen_glyph, s.hyphen_width, 0, 0, "\u00AD"});
    level_of(s.end > s.begin ? s.end - 1 : s.end);
    placed.push_back({segment, run_index, run->glyphs.size() - 1, true});
    x += s.hyphen_width;
  }
};

namespace {

// Where a paragraph's line warnings are reported: the first span that knows
// its place (looked up once, not per line, for a paragraph of many
// overfull lines).
SourceSpan first_known_place(const RichText& rich) {
  for (const auto& span : rich.spans)
    if (span.source.known()) return span.source;
  return {};
}

// Each link of the paragraph by number (frame::GlyphRun::link), per span: a
// run of spans with the same URI is one link, even across lines.
std::vector<std::uint16_t> link_numbers(const RichText& rich) {
  std::vector<std::uint16_t> link_of(rich.spans.size(), 0);
  for (std::size_t i = 0, count = 0; i < rich.spans.size(); ++i) {
    if (rich.spans[i].link.empty()) continue;
    if (i == 0 || rich.spans[i - 1].link != rich.spans[i].link) count = std::min<std::size_t>(count + 1, 0xFFFF);
    link_of[i] = static_cast<std::uint16_t>(count);
  }
  return link_of;
}

}  // namespace

std::vector<SetLine> Typesetter::set(const RichText& rich, const ParagraphShape& shape) {
  std::vector<SetLine> lines;
  if (rich.empty()) return lines;
  Prepared p = prepare(rich, shape.hyphenate);
  Itemised list = itemise(p, shape);
  const typeset::BreakResult result = break_items(list, p, shape);
  const std::vector<typeset::Item>& items = list.items;
  const double leading = p.has_cjk() ? shape.leading_cjk : shape.leading;
  const SourceSpan where = first_known_place(rich);
  const std::vector<std::uint16_t> link_of = link_numbers(rich);
  auto role = [&](std::size_t k) { return static_cast<Role>(list.roles[k]); };

  std::size_t cuts = 0, first_cut = 0;  // lines ending at a last-resort cut; the first one's cut item
  std::vector<std::vector<Placed>> placed;  // per line, for the extraction spans
  placed.reserve(result.lines.size());
  const text::BidiLevels& bidi = p.bidi();
  std::vector<std::vector<std::uint8_t>> levels;  // per line, with bidi: its glyphs' (LineBuilder::levels)
  std::vector<std::uint8_t> bases;
  // The word space the previous line ended at, when it ended at one.
  const Segment* space_before_line = nullptr;
  bool has_hangul = false;
  for (std::size_t pos = 0; p.has_cjk() && !has_hangul && pos < p.text().size();)
    has_hangul = text::is_hangul(utf8::decode(p.text(), pos));
  for (const auto& line : result.lines) {
    if (line.overfull) warn_overfull(where, line.natural_width - line.shrink - line.width);
    if (line.break_index < items.size() && role(line.break_index) == Role::Cut && cuts++ == 0)
      first_cut = line.break_index;
    LineBuilder b{rich, p, link_of, placed.emplace_back()};
    b.line_expansion = b.expansion = expansion_permille(line);
    if (!bidi.empty()) {
      // The paragraph level of the line's first word.
      for (std::size_t k = line.begin; k < line.end && k < items.size(); ++k) {
        if (role(k) != Role::Box) continue;
        const std::size_t at = p.segments[items[k].payload].begin;
        b.base = at < bidi.paragraph.size() ? bidi.paragraph[at] : 0;
        break;
      }
    }
    strut(p.max_size > 0 ? p.max_size : style_.text_size, leading, b.out.height, b.out.depth);
    if (space_before_line) b.carry_space(*space_before_line);
    const double r = glue_ratio(items, line);
    for (std::size_t k = line.begin; k < line.end && k < items.size(); ++k) {
      const auto& item = items[k];
      switch (role(k)) {
        case Role::Box: b.set_box(item.payload, list.part_of[k], item.stretch > 0); break;
        case Role::SpaceGlue: b.set_space(p.segments[item.payload], set_glue_width(item, r)); break;
        case Role::CjkGlue:
        case Role::Filler: b.hold(set_glue_width(item, r)); break;
        case Role::Penalty:
        case Role::Hyphen:
        case Role::Cut: break;
      }
    }
    // The white a ragged line ends with is no glyph's to carry when the
    // line is reordered: it would open a gap inside a right-to-left word.
    if (!bidi.empty()) {
      b.x -= b.held;
      b.held = 0;
    }
    b.widen();
    if (line.hyphenated && line.break_index < items.size() && role(line.break_index) == Role::Hyphen)
      b.add_hyphen(items[line.break_index].payload);
    space_before_line = nullptr;
    for (std::size_t k = line.break_index; !line.hyphenated && k < items.size(); ++k) {
      const Role after = role(k);
      if (after == Role::Filler || after == Role::Penalty) continue;
      const Segment& s = p.segments[items[k].payload];
      if (after == Role::SpaceGlue && s.space_face != text::kNoFace && s.space_glyph != 0) space_before_line = &s;
      break;
    }
    b.close_link(b.x);
    // Trailing glyph advances that only carried line-end white space would
    // make the run wider than the line; the run width is cosmetic, x is not.
    b.out.width = b.x;
    // Once per line: a justified line whose spaces the last resort could
    // not bring within text.max-space, or that only an emergency pass
    // could set, its word spaces past kLooseSpaceRatio.
    if (shape.align != theme::Alignment::Ragged) {
      bool ideographs = false;
      const double widest = widest_space(list, p, line, &ideographs);
      // Korean sets keep-all words, never divided: its emergency lines are
      // the language's own, and only text.max-space speaks of them.
      const double ratio = has_hangul ? 0 : widest_space_ratio(list, line);
      if (widest > style_.max_space + 1e-9 || ratio > kLooseSpaceRatio + 0.005)
        warn_loose(where, widest, ratio, ideographs, b.out);
    }
    if (!bidi.empty()) {
      levels.push_back(std::move(b.levels));
      bases.push_back(b.base);
    }
    lines.push_back(std::move(b.out));
  }
  {
    std::vector<std::vector<bool>> taken(placed.size());
    for (std::size_t l = 0; l < placed.size(); ++l) taken[l].assign(placed[l].size(), false);
    mark_divided_words(p.segments, lines, placed, taken);
    mark_tight_joins(p.segments, lines, placed, taken);
  }
  // Broken and marked in logical order; drawn in visual order.
  for (std::size_t l = 0; l < levels.size(); ++l) {
    const Scaled measure = l == 0 && shape.first_line_width > 0 ? shape.first_line_width : shape.width;
    reorder_line(lines[l], std::move(levels[l]), bases[l], measure, shape.flush_rtl, rtl_);
  }
  if (cuts > 0) warn_first_cut(rich, p, list, first_cut, cuts, where);
  // Only CJK text is re-broken for it (paragraph_break.cpp): a Latin
  // paragraph may end on one short word, as TeX's do.
  if (result.ends_on_short_token && p.has_cjk() && !lines.empty()) warn_short_ending(where, lines.back());
  return lines;
}

void Typesetter::warn_first_cut(const RichText& rich, const Prepared& p, const Itemised& list, std::size_t first_cut,
                                std::size_t cuts, const SourceSpan& where) {
  // Said once per paragraph, at the first cut: inside its segment, after
  // the part the box before it sets, or (the last part, or the whole) at
  // the segment's end, where its join allows no break.
  std::size_t box = first_cut;
  while (box > 0 && static_cast<Role>(list.roles[box]) != Role::Box) --box;
  const std::size_t segment = list.items[first_cut].payload;
  const Segment& s = p.segments[segment];
  const std::size_t part = list.part_of[box];
  const bool inside = part > 0 && part <= s.cuts.size();
  const Segment& next = inside || segment + 1 == p.segments.size() ? s : p.segments[segment + 1];
  const std::size_t glyph = inside ? p.cuts_of(s)[part - 1].glyph : 0;
  std::size_t byte = inside ? s.end : next.begin;
  SourceSpan at = where;
  for_each_share(p, next, glyph, glyph + 1, [&](const Piece& piece, std::size_t a, std::size_t) {
    byte = p.cluster(a);
    if (rich.spans[piece.span].source.known()) at = rich.spans[piece.span].source;
  });
  warn_cut(at, p.text(), byte, cuts - 1);
}

}  // namespace cvpdf::compose
