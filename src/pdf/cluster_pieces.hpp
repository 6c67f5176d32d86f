// The text each glyph of a many-glyph cluster stands for in the ToUnicode
// map. A cluster's text is carried by its first glyph (frame::Glyph::text),
// the others carry none; but a glyph's code has one ToUnicode entry for
// every place it is drawn, and readers that ignore /ActualText (mupdf,
// pdf.js) read each glyph by its code. In Devanagari and Thai the glyphs
// of a cluster come in visual order ("नि" is drawn as ि then न; "ทำ" as ท, ํ,
// า), so the first glyph cannot stand for the whole cluster while the
// others keep their own characters ("दुनिया" read as "दुनिनया"). Here the
// cluster's text is dealt out over its glyphs, one character each in drawing
// order and the rest on the last, so that their codes' entries read back the
// source whatever the order the font draws it in; the embedding gives a
// glyph one code per piece it stands for (font_subset.hpp).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "frame/frame.hpp"

namespace cvpdf::pdf {

// Per glyph of `glyphs`, its piece when its cluster (a glyph with text and
// the text-less glyphs after it) has two glyphs or more, else nullopt.
// Pieces concatenate to the cluster's text, except that a cluster with
// more glyphs than characters has its Thai or Lao AM decomposed as drawn
// (readers that go by codes read "ทำ" as "ทํา", its NFKC equivalent; the
// painter gives poppler the source in an /ActualText); a cluster still short
// of characters has empty pieces on its last glyphs. Empty when no cluster
// of `glyphs` has two glyphs (no allocation per glyph then).
std::vector<std::optional<std::string>> cluster_pieces(const std::vector<frame::Glyph>& glyphs);

}  // namespace cvpdf::pdf
