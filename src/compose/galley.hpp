// The galley: the résumé as one vertical list — lines and blocks (boxes),
// the space between them (glue) and how much a page break costs where
// (penalties) — and its cutting into positioned pages.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compose/paragraph.hpp"
#include "frame/frame.hpp"
#include "model/language_tags.hpp"
#include "theme/style.hpp"
#include "typeset/items.hpp"

namespace cvpdf::compose {

// TeX's \clubpenalty and \widowpenalty: a paragraph's first or last line
// alone at the foot or head of a page. TeX's default is 150, which only
// steers the page builder when the page's glue can stretch enough to make
// an earlier break cheap; a résumé never wants a bullet's last line alone
// on the next page, so here they forbid the break outright, as the LaTeX
// habit \clubpenalty=10000 \widowpenalty=10000 does. Breaks between
// paragraphs, bullets and entries remain, so no page is left without one.
inline constexpr int kClubPenalty = typeset::kInfinitePenalty;
inline constexpr int kWidowPenalty = typeset::kInfinitePenalty;

// A ragged bottom that is weighed (typeset::PageParams::foot_stretch): every
// page is judged as if its foot could stretch by this many body lines, so a
// page that ends k lines short has badness 100 (k / 4)^3 — 1.6 at one line,
// 100 at four, 10000 ("deplorable") past about seventeen.
inline constexpr int kFootStretchLines = 4;

// The cost of splitting a short entry (entry.keep-together) between two of
// its bullets. Keeping it whole leaves s_A empty at the page foot and costs
// b(s_A); splitting it leaves s_B, less by at least its head and first
// bullet (two lines), and costs b(s_B) + P. With b(s) = 100 (s / 4L)^3 and
// P = 100, the split needs b(s_A) > 100, so it never wins with four lines
// or fewer empty; moving two lines up it wins once
//   100 (x^3 - (x - 2)^3) / 64 >= 100,  i.e.  x^2 - 2x - 28/3 >= 0,
// x = s_A / L >= 1 + sqrt(31/3) = 4.2 lines, and nearer 4 the more of the
// entry fits. So a short entry stays whole unless that leaves more than
// about four lines empty.
inline constexpr int kSplitEntryPenalty = 100;

// What a block begins, for the last page's balance (typeset::balance_last_page):
// a section (its heading, or its first line when it has none) or an entry
// of one (an entry, a section's own bullet).
enum class Begins : std::uint8_t { Nothing, Section, Entry };

struct Block {
  std::vector<frame::Element> elements;  // relative to (left margin, baseline)
  Scaled height = 0;                     // above the baseline
  Scaled depth = 0;                      // below the baseline
  std::optional<std::string> bookmark;   // a section heading: its outline title
  // The baselines of the block's later lines, relative to its first (for
  // the debug overlay: a stacked block holds several lines).
  std::vector<Scaled> baselines;
  Begins begins = Begins::Nothing;
};

// The column a galley is set into, the same on every page: its left edge
// and width, and the top and height of the space it fills (lengths from the
// page's top-left corner).
struct ColumnFrame {
  Scaled x = 0, width = 0;
  Scaled top = 0, height = 0;
};

// The text area inside the margins: the one column of a page without a
// sidebar.
ColumnFrame text_area(const theme::Style& style);

// Where a block landed, for the debug overlay (lengths from the page's
// top-left corner).
struct PlacedBlock {
  std::size_t page = 0;
  Scaled top = 0, bottom = 0;     // the strut: baseline - height … baseline + depth
  Scaled left = 0, right = 0;     // the extent of what the block draws
  std::vector<Scaled> baselines;  // every line's baseline, the first one first
  Scaled column_left = 0, column_width = 0;  // the column it was set in
};

class Galley {
 public:
  void add_block(Block block);
  void add_glue(Scaled size);
  void add_penalty(int penalty);
  // The lines of a paragraph at horizontal offset x, after `gap` of space,
  // with club and widow penalties between them. `keep_with_previous` forbids
  // a page break before the first line (an entry's head and its first
  // bullet): the penalty goes before the gap, since glue after a box is
  // itself a place to break.
  void add_lines(std::vector<SetLine> lines, Scaled x, bool keep_with_previous = false, Scaled gap = 0);
  // A block after `gap` of space, kept with what precedes it or not.
  void add_kept_block(Block block, Scaled gap);

  // The position of the next item, to be passed to keep_together.
  std::size_t mark() const { return items_.size(); }
  // How many lines (boxes) were added since `from`.
  std::size_t boxes_since(std::size_t from) const;
  // Forbids the break at item `at` (glue after a box): a 10000 penalty
  // goes before it.
  void keep_before(std::size_t at);
  // The first box added since `from` begins `part` (none added: nothing is
  // marked); a section's mark outranks its first entry's.
  void mark_begin(std::size_t from, Begins part);
  // Forbids every page break among the items added since `from` (a short
  // entry stays on one page): penalties become 10000, and glue that follows
  // a box — itself a legal break — gets a 10000 penalty before it. Except
  // at `splits` (ascending galley positions, each the first item of a
  // bullet after the entry's first, from mark()): there the only break is
  // a penalty `split_penalty` before that item, so the page builder may
  // split the entry there when keeping it whole costs more.
  void keep_together(std::size_t from, const std::vector<std::size_t>& splits = {},
                     int split_penalty = typeset::kInfinitePenalty);

  // The notional stretch of every page's foot (PageParams::foot_stretch)
  // the pages of this galley are weighed with; 0, the default, leaves a
  // short page "deplorable" however short.
  void set_foot_stretch(Scaled stretch) { foot_stretch_ = stretch; }
  Scaled foot_stretch() const { return foot_stretch_; }

  const std::vector<typeset::VItem>& items() const { return items_; }
  const std::vector<Block>& blocks() const { return blocks_; }
  bool empty() const { return blocks_.empty(); }
  // Moves block `i`'s elements out (paginate places each block once).
  std::vector<frame::Element> take_elements(std::size_t i) { return std::move(blocks_[i].elements); }

 private:
  std::vector<typeset::VItem> items_;
  std::vector<Block> blocks_;
  Scaled foot_stretch_ = 0;
};

// The lines of a paragraph stacked into one block (kept together on a page),
// its baseline the first line's.
Block stack_lines(std::vector<SetLine> lines, Scaled x);

// Cuts the galley into pages (typeset::build_pages) of the column's height,
// balances the last page (typeset::balance_last_page: the section or entry
// it continues moves over whole when the page before can afford it) and
// places every block in the column, on pages of the style's paper size.
// Bookmarks of section headings are appended to `bookmarks`; when `placed`
// is given, where every block went is appended to it. When `filled` is
// given, it is set to how full each page is as build_pages cut it, before
// the balance: the height its content takes (from the column's top to the
// last block's bottom) over the column's. A short last page is judged, and
// saved (fit.short-page), on that cut.
// The blocks' elements are moved onto the pages, not copied: a long CV's
// glyphs would otherwise be held twice (27 of the 1200-publication CV's
// 79 MB).
std::vector<frame::Page> paginate(Galley&& galley, const theme::Style& style, const ColumnFrame& column,
                                  std::vector<frame::Bookmark>& bookmarks, std::vector<PlacedBlock>* placed = nullptr,
                                  std::vector<double>* filled = nullptr);
// The same in the text area (one column).
std::vector<frame::Page> paginate(Galley&& galley, const theme::Style& style, std::vector<frame::Bookmark>& bookmarks,
                                  std::vector<PlacedBlock>* placed = nullptr, std::vector<double>* filled = nullptr);

}  // namespace cvpdf::compose
