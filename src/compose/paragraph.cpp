// Paragraph setting: the stages are prepare (segment + shape, then the CJK
// rules of clreq.hpp on the shaped glyphs), itemise (the Knuth–Plass list),
// break (typeset::break_paragraph; then, only if that failed, once more
// with the cuts of last_resort.hpp) and set (glyph runs).
#include "compose/paragraph.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "compose/last_resort.hpp"
#include "core/utf8.hpp"
#include "text/breaks.hpp"
#include "text/shaper.hpp"

namespace cvpdf::compose {

RichText& RichText::add(std::string text, const SpanStyle& style, std::string link, SourceSpan source) {
  if (!text.empty()) spans.push_back({std::move(text), style, std::move(link), std::move(source)});
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

// A shaped piece of a segment: one face, one span.
struct Typesetter::Piece {
  text::FaceId face = text::kNoFace;
  Scaled size = 0;
  std::size_t span = 0;
  std::vector<frame::Glyph> glyphs;
  std::vector<std::size_t> clusters;  // per glyph: byte offset of its cluster
  std::vector<bool> unsafe;           // per glyph: HarfBuzz's UNSAFE_TO_BREAK
  Scaled width = 0;
};

// Where a segment may be divided: before glyph `glyph`, counted across its
// pieces. A hyphenation point adds the segment's hyphen; a last-resort cut
// (last_resort.hpp) adds nothing.
namespace {
struct Cut {
  std::size_t glyph = 0;
  bool forced = false;
};
}  // namespace

struct Typesetter::Segment {
  std::size_t begin = 0, end = 0;  // its bytes of the paragraph's text
  std::vector<Piece> pieces;
  // Per piece, the index of its first glyph counted across the pieces; then
  // the segment's glyph count.
  std::vector<std::size_t> first_glyph;
  Scaled width = 0;
  // Hyphenation points (only in a word of one piece) and, in the last
  // resort, cuts, ascending.
  std::vector<Cut> cuts;
  std::uint32_t hyphen_glyph = 0;
  Scaled hyphen_width = 0;
  text::BreakAfter after = text::BreakAfter::None;
  text::BreakOpportunity brk;  // the opportunity that ends it (the list's; none for the last)
  Scaled space_width = 0;      // natural width of the space after it
  text::FaceId space_face = text::kNoFace;
  std::uint32_t space_glyph = 0;
  std::size_t space_span = 0;
  // The characters at its edges (0 for an empty segment) with their sizes.
  clreq::Side first, last;
  // The blanks of a mark at its ends (a closing mark's right, an opening
  // mark's left), taken off the box: the glue around the segment gives them
  // back unless a line ends or begins there (clreq.hpp).
  Scaled blank_before = 0;
  Scaled blank_after = 0;
  clreq::Join join;           // to the next segment (not after the last)
  bool lonely_break = false;  // breaking after it would leave one Han character on the last line
  // In the last resort: a cut may end the line after it, where its join
  // allows no break (between a Korean word's syllables, say).
  bool cut_after = false;
  // In the last resort: the line may end short at the space after it, which
  // comes before a long token or a URL.
  bool end_short = false;
};

struct Typesetter::Prepared {
  std::string text;  // all spans' text, which segments and clusters index
  // Itemised for the last resort: cuts (Segment::cuts, cut_after) are
  // offered, and a line may end short after a hyphen or slash.
  bool last_resort = false;
  std::vector<Segment> segments;
  bool has_cjk = false;
  Scaled max_size = 0;
  Scaled em = 0;  // the paragraph's em: its largest size
};

// The Knuth–Plass list with what each item stands for when the line is set.
struct Typesetter::Itemised {
  std::vector<typeset::Item> items;
  std::vector<std::uint8_t> roles;   // a Role per item
  std::vector<std::size_t> part_of;  // per box: which part of a divided segment (0: the whole segment)
};

namespace {

// What an item stands for when the line is set.
enum class Role : std::uint8_t { Box, SpaceGlue, CjkGlue, Filler, Penalty, Hyphen, Cut };

// No segment (before the first one).
constexpr std::size_t kNoSegment = static_cast<std::size_t>(-1);

// TeX's ragged-right scheme (Knuth & Plass 1981, "ragged right"): a break
// leaves this many ems of stretchable white at the line end; an unbroken
// space cancels it again, so lines are evened out without stretching spaces.
constexpr int kRaggedStretchEms = 3;

char32_t first_char(const std::string& s, std::size_t at) {
  std::size_t pos = at;
  return at < s.size() ? utf8::decode(s, pos) : 0;
}

char32_t last_char(const std::string& s, std::size_t end) {
  if (end == 0) return 0;
  std::size_t start = end - 1;
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
  std::size_t pos = start;
  return utf8::decode(s, pos);
}

// The glyphs [first, second) of part `part` (1-based) of a segment divided
// at `cuts`, out of `count` glyphs.
std::pair<std::size_t, std::size_t> part_glyphs(const std::vector<Cut>& cuts, std::size_t count, std::size_t part) {
  return {part == 1 ? 0 : cuts[part - 2].glyph, part - 1 < cuts.size() ? cuts[part - 1].glyph : count};
}

// A segment's glyphs counted across its pieces.
template <class Seg>
std::size_t glyph_count(const Seg& s) {
  return s.first_glyph.empty() ? 0 : s.first_glyph.back();
}

// Calls fn(piece, from, to) for each piece's share of the segment's glyphs
// [from, to), counted across its pieces. Found by bisection: a word of
// thousands of pieces (one link each) may be cut into thousands of parts.
template <class Seg, class F>
void for_each_share(const Seg& s, std::size_t from, std::size_t to, F fn) {
  if (s.pieces.empty() || from >= to) return;
  const auto& first = s.first_glyph;
  std::size_t k = static_cast<std::size_t>(std::upper_bound(first.begin(), first.end() - 1, from) - first.begin());
  for (k = k > 0 ? k - 1 : 0; k < s.pieces.size() && first[k] < to; ++k) {
    const std::size_t a = std::max(from, first[k]), b = std::min(to, first[k + 1]);
    if (a < b) fn(s.pieces[k], a - first[k], b - first[k]);
  }
}

// The glyphs of box `k`: part list.part_of[k] of its segment, or all of it.
template <class Seg>
std::pair<std::size_t, std::size_t> box_glyphs(const Seg& s, std::size_t part) {
  const std::size_t count = glyph_count(s);
  return part > 0 ? part_glyphs(s.cuts, count, part) : std::pair<std::size_t, std::size_t>{0, count};
}

}  // namespace

Typesetter::Typesetter(const text::FontBook& book, const FontSet& fonts, const Style& style, std::string language,
                       const text::Hyphenator* hyphenator, Diagnostics& diags)
    : book_(book),
      fonts_(fonts),
      style_(style),
      language_(std::move(language)),
      hyphenator_(hyphenator),
      diags_(diags),
      punctuation_(book, language_) {
  const std::string primary = primary_language(language_);
  if (!hyphenator_ && style_.hyphenate && (primary == "zh" || primary == "ja" || primary == "ko"))
    latin_hyphenator_ = text::Hyphenator::load_default("en");
}

ParagraphShape Typesetter::body_shape(Scaled width) const {
  return {width, 0, style_.align, style_.tolerance, style_.leading, style_.leading_cjk, true};
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
  for (char32_t cp : missing) {
    if (!warned_missing_.insert(cp).second) continue;
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(cp));
    diags_.warning(span.source, std::string("no font of the layout has the character ") + code + " '" +
                                    utf8::encode(cp) + "'; it is set as a blank box",
                   "add a font that has it to the layout's fonts (see `cvpdf --list-fonts`)");
  }
}

Typesetter::Prepared Typesetter::prepare(const RichText& rich, bool hyphenate) {
  Prepared out;
  std::string all;
  std::vector<std::size_t> span_begin;
  for (const auto& s : rich.spans) {
    span_begin.push_back(all.size());
    all += s.text;
    out.max_size = std::max(out.max_size, s.style.size);
  }
  span_begin.push_back(all.size());
  auto span_at = [&](std::size_t byte) {
    auto it = std::upper_bound(span_begin.begin(), span_begin.end(), byte);
    return static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, (it - span_begin.begin()) - 1));
  };

  // Where lines may end: the one list (text/breaks.hpp). Its word-level
  // opportunities cut the text into segments; its hyphens lie inside them.
  text::BreakOptions break_options;
  break_options.language = language_;
  if (hyphenate) break_options.hyphenator = hyphenator_ ? hyphenator_ : latin_hyphenator_.get();
  break_options.hyphen_min_word = style_.hyphen_min_word;
  break_options.hyphen_min_before = style_.hyphen_min_before;
  break_options.hyphen_min_after = style_.hyphen_min_after;
  const text::BreakList breaks = text::break_opportunities(all, break_options);
  out.has_cjk = breaks.cjk;
  struct Bounds {
    text::Segment seg;
    text::BreakOpportunity brk;           // what ends it (none for the last)
    std::size_t hyphens = 0, hyphens_end = 0;  // its Hyphen opportunities in breaks.at
  };
  std::vector<Bounds> segments;
  segments.reserve(breaks.at.size() + 1);
  std::size_t piece_begin = 0, first_hyphen = 0;
  for (std::size_t k = 0; k < breaks.at.size(); ++k) {
    const text::BreakOpportunity& o = breaks.at[k];
    if (o.kind == text::BreakKind::Hyphen) continue;
    segments.push_back({{piece_begin, o.offset, o.after(), o.next}, o, first_hyphen, k});
    piece_begin = o.next;
    first_hyphen = k + 1;
  }
  if (piece_begin < all.size())
    segments.push_back({{piece_begin, breaks.end, text::BreakAfter::None, all.size()}, {}, first_hyphen, breaks.at.size()});
  out.segments.reserve(segments.size());
  for (std::size_t si = 0; si < segments.size(); ++si) {
    const text::Segment& seg = segments[si].seg;
    Segment s;
    s.begin = seg.begin;
    s.end = seg.end;
    s.after = seg.after;
    s.brk = segments[si].brk;
    for (std::size_t sp = span_at(seg.begin); sp < rich.spans.size() && span_begin[sp] < seg.end; ++sp) {
      std::size_t b = std::max(seg.begin, span_begin[sp]);
      std::size_t e = std::min(seg.end, span_begin[sp + 1]);
      if (b >= e) continue;
      const Span& span = rich.spans[sp];
      text::ShapeOptions options;
      options.size = span.style.size;
      options.language = language_;
      options.letter_spacing = span.style.letter_spacing;
      std::vector<char32_t> missing;
      auto runs = text::shape(book_, all, b, e, fonts_.chain(span.style.variant), options, &missing);
      if (!missing.empty()) warn_missing(span, missing);
      for (const auto& run : runs) {
        Piece piece;
        piece.face = run.face;
        piece.size = run.size;
        piece.span = sp;
        piece.glyphs.reserve(run.glyphs.size());
        for (std::size_t g = 0; g < run.glyphs.size(); ++g) {
          const auto& sg = run.glyphs[g];
          frame::Glyph glyph{sg.glyph, sg.x_advance, sg.x_offset, sg.y_offset, {}};
          bool starts_cluster = g == 0 || run.glyphs[g - 1].cluster != sg.cluster;
          if (starts_cluster) {
            std::size_t cluster_end = run.text_end;
            for (std::size_t k = g + 1; k < run.glyphs.size(); ++k) {
              if (run.glyphs[k].cluster != sg.cluster) {
                cluster_end = run.glyphs[k].cluster;
                break;
              }
            }
            if (cluster_end > sg.cluster) glyph.text = all.substr(sg.cluster, cluster_end - sg.cluster);
          }
          piece.width += glyph.advance;
          piece.glyphs.push_back(std::move(glyph));
          piece.clusters.push_back(sg.cluster);
          piece.unsafe.push_back(sg.unsafe_to_break);
        }
        s.width += piece.width;
        s.pieces.push_back(std::move(piece));
      }
    }
    if (s.pieces.size() == 1 && segments[si].hyphens < segments[si].hyphens_end)
      hyphen_cuts(breaks.at, segments[si].hyphens, segments[si].hyphens_end, s);
    if (seg.end > seg.begin) {
      s.first = {first_char(all, seg.begin), rich.spans[span_at(seg.begin)].style.size};
      s.last = {last_char(all, seg.end), rich.spans[span_at(seg.end - 1)].style.size};
    }
    if (seg.after == text::BreakAfter::Space && seg.space_end > seg.end) {
      s.space_span = span_at(seg.end);
      const Span& span = rich.spans[s.space_span];
      const auto& chain = fonts_.chain(span.style.variant);
      s.space_face = text::face_for(book_, chain, U' ');
      if (s.space_face == text::kNoFace) s.space_face = chain.faces.front();
      const text::Face& face = book_.face(s.space_face);
      s.space_glyph = face.glyph_for(U' ');
      // Several spaces in the source count as one, as in HTML and TeX.
      s.space_width = face.scale(face.advance(s.space_glyph), span.style.size) + span.style.letter_spacing;
    }
    s.first_glyph.reserve(s.pieces.size() + 1);
    s.first_glyph.push_back(0);
    for (const auto& piece : s.pieces) s.first_glyph.push_back(s.first_glyph.back() + piece.glyphs.size());
    out.segments.push_back(std::move(s));
  }
  out.em = out.max_size > 0 ? out.max_size : style_.text_size;
  if (out.has_cjk) apply_clreq(out);
  for (std::size_t i = 0; i + 1 < out.segments.size(); ++i) {
    Segment& s = out.segments[i];
    if (s.after == text::BreakAfter::Space || s.after == text::BreakAfter::Allowed)
      s.join = clreq::glue(s.brk.join, s.brk.breakable(), s.last, out.segments[i + 1].first, s.space_width, out.em);
  }
  out.text = std::move(all);
  return out;
}

// The CJK rules that change glyph widths (clreq.hpp): punctuation squeezed
// against punctuation and ¼ em at Han–Latin joins inside each segment; the
// blanks of marks at a segment's ends taken off the box (the glue around it
// gives them back mid-line, so a line ends and begins at a mark's ink);
// marks squeezed across a segment boundary; and which breaks would leave a
// lonely Han character on the last line.
void Typesetter::apply_clreq(Prepared& p) {
  std::vector<clreq::Tally> tallies(p.segments.size());
  std::vector<clreq::Blank> first_blank(p.segments.size());
  std::vector<clreq::Blank> last_blank(p.segments.size());
  for (std::size_t i = 0; i < p.segments.size(); ++i) {
    Segment& s = p.segments[i];
    std::vector<clreq::Cluster> clusters;
    for (auto& piece : s.pieces) {
      for (std::size_t g = 0; g < piece.glyphs.size(); ++g) {
        if (g > 0 && piece.clusters[g] == piece.clusters[g - 1]) {
          clusters.back().last = &piece.glyphs[g];
          continue;
        }
        clreq::Cluster c;
        c.first = c.last = &piece.glyphs[g];
        const std::string& text = piece.glyphs[g].text;
        c.first_cp = first_char(text, 0);
        c.last_cp = last_char(text, text.size());
        c.size = piece.size;
        // A mark set as one glyph of its own; ligatures and marks with
        // diacritics keep their widths.
        const bool single = (g + 1 == piece.glyphs.size() || piece.clusters[g + 1] != piece.clusters[g]) &&
                            utf8::length(text) == 1;
        if (single) c.blank = punctuation_.blank(piece.face, piece.glyphs[g].id, c.first_cp, piece.size);
        clusters.push_back(c);
      }
    }
    clreq::tighten(clusters);
    if (!clusters.empty()) {
      first_blank[i] = clusters.front().blank;
      s.blank_before = clusters.front().blank.left;
      clreq::remove_left(clusters.front(), s.blank_before);
      last_blank[i] = clusters.back().blank;
      s.blank_after = clusters.back().blank.right;
      clreq::remove_right(clusters.back(), s.blank_after);
    }
    for (const auto& c : clusters) {
      tallies[i].ideographs += clreq::is_ideograph(c.first_cp) ? 1 : 0;
      if (clreq::is_western(c.first_cp) || clreq::is_hangul(c.first_cp)) tallies[i].other_text = true;
    }
    tallies[i].ends_paragraph = s.after == text::BreakAfter::Mandatory || i + 1 == p.segments.size();
    tallies[i].space_after = s.after == text::BreakAfter::Space;
  }
  // Marks on both sides of a boundary with no space between (，（ ）「):
  // the facing blanks are squeezed as inside a segment. Both are glue by
  // now, so a break there loses nothing of the squeeze.
  for (std::size_t i = 0; i + 1 < p.segments.size(); ++i) {
    Segment& s = p.segments[i];
    Segment& next = p.segments[i + 1];
    if (s.after != text::BreakAfter::Allowed) continue;
    const clreq::Squeeze squeeze = clreq::squeeze(last_blank[i], first_blank[i + 1]);
    s.blank_after -= squeeze.from_first;
    next.blank_before -= squeeze.from_second;
  }
  for (auto& s : p.segments) {
    s.width = 0;
    for (auto& piece : s.pieces) {
      piece.width = 0;
      for (const auto& g : piece.glyphs) piece.width += g.advance;
      s.width += piece.width;
    }
  }
  const auto lonely = clreq::lonely_last_line(tallies);
  for (std::size_t i = 0; i < p.segments.size(); ++i) p.segments[i].lonely_break = lonely[i];
}

void Typesetter::warn_overfull(const SourceSpan& where, Scaled excess) {
  // One word wider than the measure (a long URL or identifier): say where.
  char amount[32];
  std::snprintf(amount, sizeof amount, "%.1f", to_pt(excess));
  diags_.warning(where, std::string("a line is ") + amount + "pt wider than its measure and runs into the margin",
                 "shorten the word or allow a break in it (e.g. a space after a slash)");
}

void Typesetter::warn_cut(const SourceSpan& where, const std::string& text, std::size_t at, std::size_t more) {
  std::string message = last_resort::cut_message(text, at);
  if (more > 0) message += " (and " + std::to_string(more) + (more == 1 ? " more place" : " more places") + " in this paragraph)";
  diags_.warning(where, message, "no space, hyphen or slash in it could end the line; shorten it or add a space where it may break");
}

// Where a word may take a hyphen: the list's Hyphen opportunities
// (libhyphen's points in plain words, text/breaks.hpp) that fall on a
// glyph cluster boundary HarfBuzz marks safe to break, so no reshaping is
// needed and a ligature is never cut in two. Only in a word of one piece.
void Typesetter::hyphen_cuts(const std::vector<text::BreakOpportunity>& at, std::size_t from, std::size_t to,
                             Segment& s) const {
  const Piece& piece = s.pieces.front();
  const text::Face& face = book_.face(piece.face);
  s.hyphen_glyph = face.glyph_for(U'-');
  if (s.hyphen_glyph == 0) return;
  s.hyphen_width = face.scale(face.advance(s.hyphen_glyph), piece.size);
  // Points and clusters both ascend (left to right, monotone clusters): one
  // merge instead of a search of the glyphs per point.
  std::size_t g = 1;
  for (std::size_t k = from; k < to; ++k) {
    const std::size_t byte = at[k].offset;
    while (g < piece.glyphs.size() && piece.clusters[g] < byte) ++g;
    if (g == piece.glyphs.size()) break;
    // The first glyph of the cluster at `byte`, where HarfBuzz allows a cut.
    if (piece.clusters[g] == byte && piece.clusters[g - 1] != byte && !piece.unsafe[g]) s.cuts.push_back({g, false});
  }
}

Scaled Typesetter::measure(const RichText& rich) {
  Prepared p = prepare(rich, false);
  ParagraphShape one_line = body_shape(0);
  one_line.align = Alignment::Justify;
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

Typesetter::Itemised Typesetter::itemise(const Prepared& p, const ParagraphShape& shape) const {
  Itemised out;
  const Scaled em = p.em;
  const bool ragged = shape.align == Alignment::Ragged;
  const Scaled ragged_stretch = kRaggedStretchEms * em;

  auto push = [&](typeset::Item item, Role role) {
    out.items.push_back(item);
    out.roles.push_back(static_cast<std::uint8_t>(role));
  };
  auto push_part = [&](Scaled w, std::size_t segment, std::size_t part) {
    push(typeset::Item::box(w, segment), Role::Box);
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
    if (s.cuts.empty()) {
      push_part(s.width, i, 0);
    } else {
      const std::size_t count = glyph_count(s);
      std::size_t from = 0;
      for (std::size_t k = 0; k <= s.cuts.size(); ++k) {
        std::size_t to = k < s.cuts.size() ? s.cuts[k].glyph : count;
        Scaled w = 0;
        for_each_share(s, from, to, [&](const Piece& piece, std::size_t a, std::size_t b) {
          for (std::size_t g = a; g < b; ++g) w += piece.glyphs[g].advance;
        });
        push_part(w, i, k + 1);
        if (k < s.cuts.size()) {
          if (s.cuts[k].forced)
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

typeset::BreakResult Typesetter::break_ordinary(const Itemised& list, const Prepared& p,
                                                const ParagraphShape& shape) const {
  typeset::BreakParams params;
  // TeX's \doublehyphendemerits and \adjdemerits: two hyphens in a row and
  // a loose line next to a tight one are both to be avoided.
  params.flagged_demerits = 10000;
  params.fitness_demerits = 10000;
  params.line_widths = {shape.width};
  if (shape.first_line_width > 0) params.line_widths = {shape.first_line_width, shape.width};
  params.pretolerance = shape.align == Alignment::Ragged ? -1 : 100;
  params.tolerance = shape.tolerance;
  params.emergency_stretch = 2 * p.em;
  typeset::BreakResult result = typeset::break_paragraph(list.items, params);
  if (result.any_overfull()) {
    // No feasible breaks even with emergency stretch: as TeX with
    // \tolerance=10000, accept loose lines rather than run into the margin.
    params.tolerance = 10000;
    result = typeset::break_paragraph(list.items, params);
  }
  return result;
}

// The last resort (last_resort.hpp): only when the ordinary breaks leave a
// line overfull, or (justified) stretched past the tolerance, are the long
// runs' segments given cuts at their cluster boundaries, and the paragraph
// broken once more; the new breaks are kept only if they come out better.
typeset::BreakResult Typesetter::break_items(Itemised& list, Prepared& p, const ParagraphShape& shape) const {
  typeset::BreakResult result = break_ordinary(list, p, shape);
  const Scaled ragged_stretch = shape.align == Alignment::Ragged ? kRaggedStretchEms * p.em : 0;
  const last_resort::Verdict verdict = last_resort::judge(result, shape.tolerance, ragged_stretch);
  if (!verdict.failed()) return result;
  const Scaled min_width = last_resort::long_run_width(shape.width, shape.first_line_width, p.em);
  // The segments of each long run, in order: the cuts go inside them and
  // at the joins between them.
  struct Saved {
    std::size_t segment;
    std::vector<Cut> cuts;
    bool cut_after;
  };
  std::vector<Saved> saved;
  bool any = false;
  for (const auto& run : last_resort::long_runs(list.items, min_width)) {
    std::size_t previous = kNoSegment;
    for (std::size_t k = run.begin; k < run.end; ++k) {
      if (list.items[k].type != typeset::ItemType::Box) continue;
      const std::size_t i = list.items[k].payload;
      if (i == previous) continue;
      if (previous != kNoSegment && previous + 1 == i) {
        Segment& before = p.segments[previous];
        if (!before.join.breakable && !before.lonely_break && last_resort::may_cut(before.last.cp, p.segments[i].first.cp)) {
          before.cut_after = true;
          any = true;
        }
      }
      previous = i;
      Segment& s = p.segments[i];
      saved.push_back({i, s.cuts, s.cut_after});
      std::vector<std::size_t> clusters;
      clusters.reserve(glyph_count(s));
      for (const auto& piece : s.pieces) clusters.insert(clusters.end(), piece.clusters.begin(), piece.clusters.end());
      const auto forced = last_resort::cut_glyphs(p.text, s.begin, s.end, clusters);
      if (forced.empty()) continue;
      // Merged with the hyphenation points; a point that is both keeps its hyphen.
      std::vector<Cut> merged;
      merged.reserve(s.cuts.size() + forced.size());
      std::size_t h = 0;
      for (std::size_t g : forced) {
        while (h < s.cuts.size() && s.cuts[h].glyph < g) merged.push_back(s.cuts[h++]);
        if (h < s.cuts.size() && s.cuts[h].glyph == g) continue;
        merged.push_back({g, true});
      }
      while (h < s.cuts.size()) merged.push_back(s.cuts[h++]);
      s.cuts = std::move(merged);
      any = true;
    }
  }
  // The tokens (segments between spaces) that hold a cut or an explicit
  // break (a URL's): the lines of a URL need the line-end stretch even when
  // no run is long enough to cut, and the line before the token may end
  // short at the space before it.
  // Only a URL's explicit breaks count: a hyphenated compound
  // ("DeepSeek-R1") is ordinary prose, and the line before it must stay
  // justified to the measure, not end short as if the paragraph ended there.
  std::size_t token_begin = 0;
  bool awkward = false;
  for (std::size_t i = 0; i < p.segments.size(); ++i) {
    const Segment& s = p.segments[i];
    const bool explicit_break = i + 1 < p.segments.size() && s.brk.kind == text::BreakKind::Url &&
                                s.join.kind == clreq::JoinKind::Explicit && s.join.breakable;
    awkward = awkward || explicit_break || s.cut_after ||
              std::any_of(s.cuts.begin(), s.cuts.end(), [](const Cut& c) { return c.forced; });
    const bool token_ends = i + 1 == p.segments.size() || s.after == text::BreakAfter::Mandatory ||
                            (s.join.space_glyph() && s.join.breakable);
    if (!token_ends) continue;
    if (awkward && token_begin > 0) {
      Segment& space_before = p.segments[token_begin - 1];
      if (space_before.join.space_glyph() && space_before.join.breakable && !space_before.lonely_break) {
        saved.push_back({token_begin - 1, space_before.cuts, space_before.cut_after});
        space_before.end_short = true;
      }
    }
    any = any || awkward;
    awkward = false;
    token_begin = i + 1;
  }
  if (any) {
    p.last_resort = true;
    Itemised cut_list = itemise(p, shape);
    typeset::BreakResult cut_result = break_ordinary(cut_list, p, shape);
    if (last_resort::judge(cut_result, shape.tolerance, ragged_stretch).better_than(verdict)) {
      list = std::move(cut_list);
      return cut_result;
    }
  }
  // Back to the ordinary breaks, which `list` still holds.
  p.last_resort = false;
  for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
    p.segments[it->segment].cuts = std::move(it->cuts);
    p.segments[it->segment].cut_after = it->cut_after;
    p.segments[it->segment].end_short = false;
  }
  return result;
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
        auto [from, to] = box_glyphs(s, list.part_of[k]);
        for_each_share(s, from, to, [&](const Piece& piece, std::size_t a, std::size_t b) {
          for (std::size_t g = a; g < b; ++g) text += piece.glyphs[g].text;
        });
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

std::vector<SetLine> Typesetter::set(const RichText& rich, const ParagraphShape& shape) {
  std::vector<SetLine> lines;
  if (rich.empty()) return lines;
  Prepared p = prepare(rich, shape.hyphenate);
  Itemised list = itemise(p, shape);
  const typeset::BreakResult result = break_items(list, p, shape);
  const std::vector<typeset::Item>& items = list.items;
  const double leading = p.has_cjk ? shape.leading_cjk : shape.leading;
  // Where overfull lines are reported: the first span that knows its place
  // (looked up once, not per line, for a paragraph of many overfull lines).
  SourceSpan where;
  for (const auto& span : rich.spans)
    if (span.source.known()) {
      where = span.source;
      break;
    }

  std::size_t cuts = 0, first_cut = 0;  // lines ending at a last-resort cut; the first one's cut item
  for (const auto& line : result.lines) {
    if (line.overfull) warn_overfull(where, line.natural_width - line.shrink - line.width);
    if (line.break_index < items.size() && static_cast<Role>(list.roles[line.break_index]) == Role::Cut &&
        cuts++ == 0)
      first_cut = line.break_index;
    SetLine out;
    strut(p.max_size > 0 ? p.max_size : style_.text_size, leading, out.height, out.depth);
    bool has_fil = false;
    for (std::size_t k = line.begin; k < line.end && k < items.size(); ++k)
      if (items[k].type == typeset::ItemType::Glue && items[k].stretch >= typeset::kFil) has_fil = true;
    const double r = has_fil ? 0.0 : line.adjustment_ratio;
    auto glue_width = [&](const typeset::Item& g) { return set_glue_width(g, r); };
    auto role = [&](std::size_t k) { return static_cast<Role>(list.roles[k]); };

    Scaled x = 0;
    frame::GlyphRun* run = nullptr;
    std::size_t run_index = 0;  // of `run` in out.elements
    std::string link;
    Scaled link_start = 0;
    auto close_link = [&](Scaled end_x) {
      if (!link.empty() && end_x > link_start) {
        // push_back may reallocate the elements: `run` must follow its run.
        // (Kept by index: searching for it made a line of many links
        // quadratic, as one run continues past the link areas after it.)
        out.elements.push_back(frame::LinkArea{link_start, -out.height, end_x - link_start, out.height + out.depth, link});
        if (run) run = &std::get<frame::GlyphRun>(out.elements[run_index]);
      }
      link.clear();
    };
    auto start_run = [&](text::FaceId face, Scaled size, const frame::Color& color) {
      if (run && run->face == face && run->size == size && run->color == color) return;
      frame::GlyphRun r2;
      r2.face = face;
      r2.size = size;
      r2.x = x;
      r2.y = 0;
      r2.color = color;
      out.elements.push_back(std::move(r2));
      run_index = out.elements.size() - 1;
      run = &std::get<frame::GlyphRun>(out.elements.back());
    };
    // Glyphs [from, to) of a piece, continuing the current run and link.
    auto place = [&](const Piece& piece, std::size_t from, std::size_t to) {
      const Span& span = rich.spans[piece.span];
      if (span.link != link) {
        close_link(x);
        if (!span.link.empty()) {
          link = span.link;
          link_start = x;
        }
      }
      start_run(piece.face, piece.size, span.style.color);
      for (std::size_t g = from; g < to; ++g) {
        run->glyphs.push_back(piece.glyphs[g]);
        x += piece.glyphs[g].advance;
      }
    };
    for (std::size_t k = line.begin; k < line.end && k < items.size(); ++k) {
      const auto& item = items[k];
      switch (role(k)) {
        case Role::Box: {
          // A whole segment, or one part of a divided one: the glyphs between two cuts.
          const Segment& s = p.segments[item.payload];
          auto [from, to] = box_glyphs(s, list.part_of[k]);
          for_each_share(s, from, to, [&](const Piece& piece, std::size_t a, std::size_t b) { place(piece, a, b); });
          break;
        }
        case Role::SpaceGlue: {
          const Segment& s = p.segments[item.payload];
          Scaled w = glue_width(item);
          // A real space glyph, widened by TJ, so copied text has its spaces.
          const Span& span = rich.spans[s.space_span];
          if (s.space_face != text::kNoFace && s.space_glyph != 0) {
            start_run(s.space_face, span.style.size, span.style.color);
            run->glyphs.push_back(frame::Glyph{s.space_glyph, w, 0, 0, " "});
          } else {
            run = nullptr;
          }
          x += w;
          break;
        }
        case Role::CjkGlue:
        case Role::Filler: {
          Scaled w = glue_width(item);
          if (w != 0 && run) {
            // Widen the last glyph instead of breaking the run in two.
            run->glyphs.back().advance += w;
          }
          x += w;
          break;
        }
        case Role::Penalty:
        case Role::Hyphen:
        case Role::Cut:
          break;
      }
    }
    if (line.hyphenated && line.break_index < items.size() && role(line.break_index) == Role::Hyphen) {
      const Segment& s = p.segments[items[line.break_index].payload];
      const Piece& piece = s.pieces.front();
      start_run(piece.face, piece.size, rich.spans[piece.span].style.color);
      // The hyphen stands for no source text: a soft hyphen, so extracted
      // text reads "optimiza\u00ADtion", a word a parser can rejoin.
      run->glyphs.push_back(frame::Glyph{s.hyphen_glyph, s.hyphen_width, 0, 0, "\u00AD"});
      x += s.hyphen_width;
    }
    close_link(x);
    // Trailing glyph advances that only carried line-end white space would
    // make the run wider than the line; the run width is cosmetic, x is not.
    out.width = x;
    lines.push_back(std::move(out));
  }
  if (cuts > 0) {
    // Said once per paragraph, at the first cut: inside its segment, after
    // the part the box before it sets, or (the last part, or the whole) at
    // the segment's end, where its join allows no break.
    std::size_t box = first_cut;
    while (box > 0 && static_cast<Role>(list.roles[box]) != Role::Box) --box;
    const std::size_t segment = items[first_cut].payload;
    const Segment& s = p.segments[segment];
    const std::size_t part = list.part_of[box];
    const bool inside = part > 0 && part <= s.cuts.size();
    const Segment& next = inside || segment + 1 == p.segments.size() ? s : p.segments[segment + 1];
    const std::size_t glyph = inside ? s.cuts[part - 1].glyph : 0;
    std::size_t byte = inside ? s.end : next.begin;
    SourceSpan at = where;
    for_each_share(next, glyph, glyph + 1, [&](const Piece& piece, std::size_t a, std::size_t) {
      byte = piece.clusters[a];
      if (rich.spans[piece.span].source.known()) at = rich.spans[piece.span].source;
    });
    warn_cut(at, p.text, byte, cuts - 1);
  }
  return lines;
}

}  // namespace cvpdf::compose
