// The prepare stage before sizes: the spans' text joined, cut into
// segments at the break list's word-level opportunities (text/breaks.hpp),
// each segment shaped into pieces (one face, one span) in font units, its
// hyphens mapped to glyphs; and the CJK rules of clreq.hpp, which
// apply_sizes (paragraph_sizes.cpp) runs on the sized glyphs.
#include "compose/paragraph_stages.hpp"
#include "text/tight_symbols.hpp"

#include "text/shaper.hpp"

namespace cvpdf::compose {

using namespace paragraph_detail;

text::BreakOptions Typesetter::break_options(bool hyphenate) const {
  text::BreakOptions options;
  options.language = language_;
  if (hyphenate) options.hyphenator = hyphenator_ ? hyphenator_ : latin_hyphenator_;
  options.hyphen_min_word = style_.hyphen_min_word;
  options.hyphen_min_before = style_.hyphen_min_before;
  options.hyphen_min_after = style_.hyphen_min_after;
  return options;
}

// One shaped run of span `sp` of the paragraph's text `all` (the span
// starts at byte `span_begin`) as a
// piece of `unsized`: its glyphs in font units, each cluster's first glyph
// with the cluster's text, and HarfBuzz's unsafe-to-break flags.
void Typesetter::add_shaped_run(const text::ShapedRun& run, const std::string& all, std::size_t sp, const Span& span,
                                std::size_t span_begin, UnsizedParagraph& unsized, std::vector<bool>& unsafe) const {
  Piece piece;
  piece.face = run.face;
  piece.span = sp;
  piece.glyphs.begin = unsized.glyphs.size();
  for (std::size_t g = 0; g < run.glyphs.size(); ++g) {
    const auto& sg = run.glyphs[g];
    // In font units until apply_sizes.
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
    // The whole span reads as its stand-in text, carried by its first
    // glyph. A stand-in of nothing keeps each glyph's own text for the
    // ToUnicode map (PDF/A wants one for every code) and hides it from
    // extraction with an empty /ActualText instead.
    if (span.stands_for && span.stands_for->empty()) {
      glyph.reads_as = std::string();
      glyph.reads_as_end = true;
    } else if (span.stands_for) {
      glyph.text = starts_cluster && sg.cluster == span_begin ? *span.stands_for : std::string();
    }
    unsized.glyphs.push_back(std::move(glyph));
    unsized.clusters.push_back(sg.cluster);
    unsafe.push_back(sg.unsafe_to_break);
  }
  piece.glyphs.end = unsized.glyphs.size();
  unsized.pieces.push_back(piece);
}

namespace {

// A stretch of text holding an emoji sequence joined by U+200D (👩‍💻) and
// no right-to-left letter (from U+0590 on, their UTF-8 lead bytes
// 0xD6–0xDF): neutral, so at the level of the text around it, but one
// picture only when shaped left to right.
bool emoji_sequence(std::string_view text) {
  if (text.find("\u200D") == std::string_view::npos) return false;
  return std::none_of(text.begin(), text.end(), [](char c) {
    const auto b = static_cast<unsigned char>(c);
    return b >= 0xD6 && b <= 0xDF;
  });
}

}  // namespace

UnsizedParagraph Typesetter::prepare_unsized(const RichText& rich, bool hyphenate) {
  UnsizedParagraph unsized;
  std::string all;
  std::vector<std::size_t> span_begin;
  for (const auto& s : rich.spans) {
    span_begin.push_back(all.size());
    all += s.text;
  }
  span_begin.push_back(all.size());
  auto span_at = [&](std::size_t byte) {
    auto it = std::upper_bound(span_begin.begin(), span_begin.end(), byte);
    return static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, (it - span_begin.begin()) - 1));
  };

  // Where lines may end: the one list (text/breaks.hpp). Its word-level
  // opportunities cut the text into segments; its hyphens lie inside them.
  const text::BreakList& breaks = memo_->breaks.breaks(all, break_options(hyphenate));
  unsized.has_cjk = breaks.cjk;
  // Levels of the whole text, resolved in logical order before any line is
  // broken; each stretch of one direction is shaped in it.
  std::vector<std::pair<std::size_t, std::size_t>> isolates;  // the list items between separators
  std::size_t item = 0;
  for (std::size_t sp = 0; sp < rich.spans.size(); ++sp) {
    if (!rich.spans[sp].separator) continue;
    if (span_begin[sp] > item) isolates.emplace_back(item, span_begin[sp]);
    item = span_begin[sp + 1];
  }
  if (item > 0 && item < all.size()) isolates.emplace_back(item, all.size());
  unsized.bidi = text::resolve_levels(all, rtl_, isolates);
  const std::vector<std::uint8_t>& levels = unsized.bidi.levels;  // an emoji sequence's raised below
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
  unsized.segments.reserve(segments.size());
  unsized.edges.reserve(segments.size());
  std::vector<bool> unsafe;  // per glyph of a segment's one piece: HarfBuzz's UNSAFE_TO_BREAK
  for (std::size_t si = 0; si < segments.size(); ++si) {
    const text::Segment& seg = segments[si].seg;
    Segment s;
    UnsizedParagraph::Edges edges;
    s.begin = seg.begin;
    s.end = seg.end;
    s.after = seg.after;
    s.brk = segments[si].brk;
    s.pieces = {unsized.pieces.size(), unsized.pieces.size()};
    s.glyphs = {unsized.glyphs.size(), unsized.glyphs.size()};
    unsafe.clear();
    for (std::size_t sp = span_at(seg.begin); sp < rich.spans.size() && span_begin[sp] < seg.end; ++sp) {
      std::size_t b = std::max(seg.begin, span_begin[sp]);
      std::size_t e = std::min(seg.end, span_begin[sp + 1]);
      if (b >= e) continue;
      const Span& span = rich.spans[sp];
      // A stretch of one direction at a time (all of [b, e) without bidi).
      for (std::size_t from = b; from < e;) {
        std::size_t to = e;
        const bool rtl = !levels.empty() && levels[from] % 2 == 1;
        if (!levels.empty()) {
          to = from + 1;
          while (to < e && (levels[to] % 2 == 1) == rtl) ++to;
        }
        text::ShapeOptions options;
        options.language = language_;
        options.rtl = rtl && !emoji_sequence(std::string_view(all).substr(from, to - from));
        if (rtl && !options.rtl) {
          // Set as a left-to-right island (as a number is): its glyphs keep their order.
          for (std::size_t k = from; k < to; ++k) ++unsized.bidi.levels[k];
        }
        std::vector<char32_t> missing;
        auto runs = memo_->shapes.shape_unscaled(book_, all, from, to, fonts_.chain(span.style.variant), options, &missing);
        // One list per span (its words are shaped segment by segment), so a
        // span's missing characters are warned of together.
        if (!missing.empty() && !unsized.missing.empty() && unsized.missing.back().first == sp)
          unsized.missing.back().second.insert(unsized.missing.back().second.end(), missing.begin(), missing.end());
        else if (!missing.empty())
          unsized.missing.emplace_back(sp, std::move(missing));
        for (const auto& run : runs) add_shaped_run(run, all, sp, span, span_begin[sp], unsized, unsafe);
        from = to;
      }
    }
    s.pieces.end = unsized.pieces.size();
    s.glyphs.end = unsized.glyphs.size();
    s.cuts = {unsized.cuts.size(), unsized.cuts.size()};
    // A right-to-left word is not hyphenated (nor are the scripts' words
    // in the dictionaries), and its pieces are reversed on the line.
    const bool rtl_word = !levels.empty() && std::any_of(levels.begin() + static_cast<std::ptrdiff_t>(seg.begin),
                                                          levels.begin() + static_cast<std::ptrdiff_t>(seg.end),
                                                          [](std::uint8_t l) { return l % 2 == 1; });
    if (s.pieces.size() == 1 && !rtl_word && segments[si].hyphens < segments[si].hyphens_end) {
      hyphen_cuts(breaks.at, segments[si].hyphens, segments[si].hyphens_end, unsafe, unsized, s);
      if (s.hyphen_glyph != 0)
        edges.hyphen_advance = book_.face(unsized.pieces[s.pieces.begin].face).advance(s.hyphen_glyph);
    }
    if (seg.end > seg.begin) {
      edges.first_span = span_at(seg.begin);
      edges.last_span = span_at(seg.end - 1);
      s.first.cp = first_char(all, seg.begin);
      s.last.cp = last_char(all, seg.end);
    }
    if (seg.after == text::BreakAfter::Space && seg.space_end > seg.end) {
      edges.space = true;
      s.space_span = span_at(seg.end);
      const auto& chain = fonts_.chain(rich.spans[s.space_span].style.variant);
      s.space_face = text::face_for(book_, chain, U' ');
      if (s.space_face == text::kNoFace) s.space_face = chain.faces.front();
      s.space_glyph = book_.face(s.space_face).glyph_for(U' ');
      edges.space_advance = book_.face(s.space_face).advance(s.space_glyph);
      if (!s.glyphs.empty() && unsized.pieces[s.pieces.end - 1].face == s.space_face) {
        const frame::Glyph& last = unsized.glyphs[s.glyphs.end - 1];
        const Scaled white = text::white_after_tight_symbol(book_.face(s.space_face), all, seg.end, last.id,
                                                            last.advance, last.x_offset);
        edges.space_advance -= static_cast<int>(std::min<Scaled>(white, edges.space_advance / 2));  // half a space at least
      }
    }
    unsized.segments.push_back(s);
    unsized.edges.push_back(edges);
  }
  unsized.text = std::move(all);
  if (unsized.has_cjk) describe_cjk(unsized);
  return unsized;
}

// What the CJK rules read of each segment and no size changes: its glyph
// clusters with their characters, which of them are marks the font may
// compress, and which breaks would leave a lonely Han character on the
// last line (clreq::lonely_last_line).
void Typesetter::describe_cjk(UnsizedParagraph& unsized) {
  const std::vector<Segment>& segments = unsized.segments;
  const std::vector<std::size_t>& cluster = unsized.clusters;
  unsized.cjk_clusters.assign(segments.size(), {});
  std::vector<clreq::Tally> tallies(segments.size());
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const Segment& s = segments[i];
    std::vector<UnsizedParagraph::ClusterGlyphs>& clusters = unsized.cjk_clusters[i];
    for (std::size_t k = s.pieces.begin; k < s.pieces.end; ++k) {
      const Piece& piece = unsized.pieces[k];
      for (std::size_t g = piece.glyphs.begin; g < piece.glyphs.end; ++g) {
        if (g > piece.glyphs.begin && cluster[g] == cluster[g - 1]) {
          clusters.back().last = g;
          continue;
        }
        UnsizedParagraph::ClusterGlyphs c;
        c.piece = k;
        c.first = c.last = g;
        const std::string& text = unsized.glyphs[g].text;
        c.first_cp = first_char(text, 0);
        c.last_cp = last_char(text, text.size());
        // A mark set as one glyph of its own; ligatures and marks with
        // diacritics keep their widths.
        const bool single = (g + 1 == piece.glyphs.end || cluster[g + 1] != cluster[g]) && utf8::length(text) == 1;
        if (single) c.blank = punctuation_.units(piece.face, unsized.glyphs[g].id, c.first_cp);
        clusters.push_back(c);
      }
    }
    for (const auto& c : clusters) {
      tallies[i].ideographs += clreq::is_ideograph(c.first_cp) ? 1 : 0;
      if (clreq::is_western(c.first_cp) || clreq::is_hangul(c.first_cp)) tallies[i].other_text = true;
    }
    tallies[i].ends_with_ideograph = !clusters.empty() && clreq::is_ideograph(clusters.back().last_cp);
    tallies[i].ends_paragraph = s.after == text::BreakAfter::Mandatory || i + 1 == segments.size();
    tallies[i].space_after = s.after == text::BreakAfter::Space;
  }
  unsized.lonely_break = clreq::lonely_last_line(tallies);
}

// The CJK rules that change glyph widths (clreq.hpp): punctuation squeezed
// against punctuation and ¼ em at Han–Latin joins inside each segment; the
// blanks of marks at a segment's ends taken off the box (the glue around it
// gives them back mid-line, so a line ends and begins at a mark's ink);
// marks squeezed across a segment boundary; and the breaks describe_cjk
// found would leave a lonely Han character on the last line.
void Typesetter::apply_clreq(Prepared& p, const RichText& rich) {
  const UnsizedParagraph& unsized = *p.unsized;
  std::vector<clreq::Blank> first_blank(p.segments.size());
  std::vector<clreq::Blank> last_blank(p.segments.size());
  std::vector<clreq::Cluster> clusters;  // of the segment at hand, its buffer kept for the next
  for (std::size_t i = 0; i < p.segments.size(); ++i) {
    Segment& s = p.segments[i];
    clusters.clear();
    for (const auto& glyphs : unsized.cjk_clusters[i]) {
      const Piece& piece = unsized.pieces[glyphs.piece];
      const Scaled size = rich.spans[piece.span].style.size;
      clreq::Cluster c;
      c.x_offset = &p.sized[glyphs.first].x_offset;
      c.advance = &p.sized[glyphs.last].advance;
      c.first_cp = glyphs.first_cp;
      c.last_cp = glyphs.last_cp;
      c.size = size;
      c.blank = punctuation_.scale(piece.face, glyphs.blank, size);
      clusters.push_back(c);
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
    for (std::size_t g = s.glyphs.begin; g < s.glyphs.end; ++g) s.width += p.sized[g].advance;
  }
  for (std::size_t i = 0; i < p.segments.size(); ++i) p.segments[i].lonely_break = unsized.lonely_break[i];
}

// Where a word may take a hyphen: the list's Hyphen opportunities
// (libhyphen's points in plain words, text/breaks.hpp) that fall on a
// glyph cluster boundary HarfBuzz marks safe to break, so no reshaping is
// needed and a ligature is never cut in two. Only in a word of one piece.
void Typesetter::hyphen_cuts(const std::vector<text::BreakOpportunity>& at, std::size_t from, std::size_t to,
                             const std::vector<bool>& unsafe, UnsizedParagraph& unsized, Segment& s) const {
  const Piece& piece = unsized.pieces[s.pieces.begin];
  const text::Face& face = book_.face(piece.face);
  // The pre-break text the list asks for (a hyphen), in the word's own face
  // (its width is set by apply_sizes).
  std::size_t pos = 0;
  s.hyphen_glyph = face.glyph_for(utf8::decode(at[from].pre_break, pos));
  if (s.hyphen_glyph == 0) return;
  // The word's clusters, counted from its first glyph as its cuts are.
  const std::size_t* cluster = unsized.clusters.data() + piece.glyphs.begin;
  const std::size_t count = piece.glyphs.size();
  // Points and clusters both ascend (left to right, monotone clusters): one
  // merge instead of a search of the glyphs per point.
  std::size_t g = 1;
  for (std::size_t k = from; k < to; ++k) {
    const std::size_t byte = at[k].offset;
    while (g < count && cluster[g] < byte) ++g;
    if (g == count) break;
    // The first glyph of the cluster at `byte`, where HarfBuzz allows a cut.
    if (cluster[g] == byte && cluster[g - 1] != byte && !unsafe[g]) unsized.cuts.push_back({g, false});
  }
  s.cuts.end = unsized.cuts.size();
}

}  // namespace cvpdf::compose
