// What each text run of a tagged cvpdf PDF is, read from its structure
// tree, never from its words: the section it belongs to, the entry, and
// whether it is the section's heading, the entry's head or its body. The
// page checks (page_properties.hpp) read the pieces left alone at a page's
// foot or top from these; text would be ambiguous (a random résumé's org
// "Megatron" beside a bullet that begins with "Megatron").
//
// The tree as cvpdf writes it (compose/sections.cpp, kinds/*/compose.cpp):
//   Document
//     H1, P, L …               the header (no section)
//     Sect                     a section
//       H2                     its heading
//       Sect                   an item: head lines (an H3, then Ps: the
//         H3 P … [P] [L]       side flush right, the date, a role line, the
//                              links), then its text (a P) and one L of
//                              its bullets
//       L  LI LI …             pairs, publications, numbered entries, or
//                              the section's own bullets: each LI an entry
//       P                      a paragraph entry (a publication's summary
//                              when it follows a list of publications), or
//                              the section's text
// An item's text and its head lines are both Ps: its text is its last P,
// standing on rows below its first one. A head-only item's role line reads
// as body then. An item with no body (a run-in item, whose text runs on
// in its H3, or a head alone) is a paragraph: all body. Neither changes
// what is judged: the page builder keeps a head alone of up to
// entry.keep-together lines whole, splits a longer one or a run-in item
// only as a paragraph, and never a head from its body
// (Composer::release_gathered).
#pragma once
#include <vector>

#include "pdf_structure.hpp"

namespace cvpdf::test {

enum class Piece {
  None,     // the header, or a run outside any section
  Heading,  // a section's heading (its H2)
  Head,     // an item's head lines
  Body,     // an item's text and bullets; a pair, a publication, a bullet, a paragraph
  Summary,  // a paragraph entry right after a list of publications (`summaries`)
};

// One run of text (a TJ), where its line begins: x across, y on its
// baseline, DOWN from the page's top (poppler's coordinates).
struct PieceRun {
  double x = 0, y = 0;
  int section = -1;  // the section's Sect (an element of TaggedPdf::tree); -1 for none
  int entry = -1;    // the entry's element: an item's Sect, a list's LI, a P; -1 for a heading
  Piece piece = Piece::None;
};

// The runs of each page (TaggedPdf::pages' order), artifacts left out.
// `page_heights` turn y down; `summaries`: whether a paragraph after a
// list is a publication's summary (the résumé has a publication followed
// by a paragraph entry: pairs and publications are both Lbl/LBody lists).
std::vector<std::vector<PieceRun>> read_pieces(const TaggedPdf& pdf, const std::vector<double>& page_heights,
                                               bool summaries);

}  // namespace cvpdf::test
