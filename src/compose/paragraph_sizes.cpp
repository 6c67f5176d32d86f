// prepare: a paragraph's segments shaped and sized. What its texts and
// faces make (prepare_unsized, paragraph_prepare.cpp: segments, glyphs in
// font units, hyphens) is the same at every size, and --fit-pages sets the
// same paragraphs up to eight times at different sizes: the memo keeps it
// by the paragraph's texts and faces when it is asked to, and each layout
// only scales it to its sizes here (the glyphs' positions into one array of
// its own, the glyphs themselves left in the memo's paragraph), applies the
// CJK rules and chooses the joins' glue.
#include "compose/paragraph_stages.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace cvpdf::compose {

using namespace paragraph_detail;

namespace {

template <class T>
void append_bytes(std::string& key, const T& value) {
  key.append(reinterpret_cast<const char*>(&value), sizeof value);
}

}  // namespace

// Everything prepare_unsized reads: the break options, and per span its
// text, its faces and its stand-in text; the lengths make it unambiguous.
void Typesetter::unsized_key(const RichText& rich, bool hyphenate) {
  std::string& key = memo_->unsized_key;
  key.clear();
  const text::BreakOptions options = break_options(hyphenate);
  append_bytes(key, options.hyphenator);
  for (int n : {options.hyphen_min_word, options.hyphen_min_before, options.hyphen_min_after}) append_bytes(key, n);
  append_bytes(key, language_.size());
  key += language_;
  for (const auto& span : rich.spans) {
    const auto& faces = fonts_.chain(span.style.variant).faces;
    append_bytes(key, faces.size());
    for (text::FaceId id : faces) append_bytes(key, id);
    append_bytes(key, span.stands_for ? span.stands_for->size() + 1 : std::size_t{0});
    if (span.stands_for) key += *span.stands_for;
    append_bytes(key, span.text.size());
    key += span.text;
  }
}

Typesetter::Prepared Typesetter::prepare(const RichText& rich, bool hyphenate) {
  // A layout's segments are copied from the memo's as one block.
  static_assert(std::is_trivially_copyable_v<Segment>);
  Prepared p;
  if (!memo_->keep_unsized) {
    UnsizedParagraph unsized = prepare_unsized(rich, hyphenate);
    // Sized once: its segments and cuts become the layout's own, moved
    // rather than copied.
    p.segments = std::move(unsized.segments);
    p.cuts = std::move(unsized.cuts);
    p.unsized = std::make_shared<const UnsizedParagraph>(std::move(unsized));
  } else {
    unsized_key(rich, hyphenate);
    auto it = memo_->unsized.find(memo_->unsized_key);
    if (it == memo_->unsized.end())
      it = memo_->unsized
               .emplace(memo_->unsized_key, std::make_shared<const UnsizedParagraph>(prepare_unsized(rich, hyphenate)))
               .first;
    p.unsized = it->second;
    p.segments = p.unsized->segments;
    p.cuts = p.unsized->cuts;
  }
  apply_sizes(p, rich);
  return p;
}

void Typesetter::apply_sizes(Prepared& p, const RichText& rich) {
  const UnsizedParagraph& unsized = *p.unsized;
  for (const auto& [span, missing] : unsized.missing) warn_missing(rich.spans[span], missing);
  for (const auto& s : rich.spans) p.max_size = std::max(p.max_size, s.style.size);
  p.sized.resize(unsized.glyphs.size());
  for (std::size_t i = 0; i < p.segments.size(); ++i) {
    Segment& s = p.segments[i];
    // As text::ShapeCache::shape scales a run: each position at the span's
    // size, the letter spacing after the last glyph of every cluster.
    for (const Piece& piece : p.pieces(s)) {
      const SpanStyle& style = rich.spans[piece.span].style;
      const text::Face& face = book_.face(piece.face);
      for (std::size_t g = piece.glyphs.begin; g < piece.glyphs.end; ++g) {
        const frame::Glyph& units = unsized.glyphs[g];
        SizedGlyph& glyph = p.sized[g];
        glyph.advance = face.scale(static_cast<int>(units.advance), style.size);
        // Most glyphs sit at no offset, and 0 scales to 0.
        if (units.x_offset != 0) glyph.x_offset = face.scale(static_cast<int>(units.x_offset), style.size);
        if (units.y_offset != 0) glyph.y_offset = face.scale(static_cast<int>(units.y_offset), style.size);
        if (g + 1 == piece.glyphs.end || unsized.clusters[g + 1] != unsized.clusters[g])
          glyph.advance += style.letter_spacing;
        s.width += glyph.advance;
      }
    }
    const UnsizedParagraph::Edges& edges = unsized.edges[i];
    if (s.hyphen_glyph != 0) {
      const Piece& piece = p.pieces(s).front();
      s.hyphen_width = book_.face(piece.face).scale(edges.hyphen_advance, rich.spans[piece.span].style.size);
    }
    if (edges.first_span != UnsizedParagraph::kNoSpan) {
      s.first.size = rich.spans[edges.first_span].style.size;
      s.last.size = rich.spans[edges.last_span].style.size;
    }
    if (edges.space) {
      const SpanStyle& style = rich.spans[s.space_span].style;
      // Several spaces in the source count as one, as in HTML and TeX.
      s.space_width = book_.face(s.space_face).scale(edges.space_advance, style.size) + style.letter_spacing;
      s.space_size = style.size;
    }
  }
  p.em = p.max_size > 0 ? p.max_size : style_.text_size;
  if (p.has_cjk()) apply_clreq(p, rich);
  // A word space stretches so that at the tolerance's badness (100 r³) it
  // is kLooseSpaceRatio times its natural width: at TeX's half-width
  // stretch, text.tolerance 200 would let it reach 1.63×. A tolerance below
  // 100 keeps TeX's stretch (it never reaches 1.5×); one above 200 asks for
  // looser lines, and gets them at the stretch of 200.
  const double at_tolerance = std::cbrt(std::clamp(style_.tolerance, 100, 200) / 100.0);
  for (std::size_t i = 0; i + 1 < p.segments.size(); ++i) {
    Segment& s = p.segments[i];
    if (s.after != text::BreakAfter::Space && s.after != text::BreakAfter::Allowed) continue;
    s.join = clreq::glue(s.brk.join, s.brk.breakable(), s.last, p.segments[i + 1].first, s.space_width, p.em);
    if (s.join.kind == clreq::JoinKind::Space)
      s.join.stretch = static_cast<Scaled>(static_cast<double>(s.space_width) * (kLooseSpaceRatio - 1) / at_tolerance);
  }
}

}  // namespace cvpdf::compose
