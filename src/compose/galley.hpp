// The galley: the résumé as one vertical list — lines and blocks (boxes),
// the space between them (glue) and how much a page break costs where
// (penalties) — and its cutting into positioned pages.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "compose/paragraph.hpp"
#include "compose/style.hpp"
#include "frame/frame.hpp"
#include "typeset/items.hpp"

namespace cvpdf::compose {

// TeX's \clubpenalty and \widowpenalty: a paragraph's first or last line
// alone at the foot or head of a page.
inline constexpr int kClubPenalty = 150;
inline constexpr int kWidowPenalty = 150;

struct Block {
  std::vector<frame::Element> elements;  // relative to (left margin, baseline)
  Scaled height = 0;                     // above the baseline
  Scaled depth = 0;                      // below the baseline
  std::optional<std::string> bookmark;   // a section heading: its outline title
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

  const std::vector<typeset::VItem>& items() const { return items_; }
  const std::vector<Block>& blocks() const { return blocks_; }
  bool empty() const { return blocks_.empty(); }

 private:
  std::vector<typeset::VItem> items_;
  std::vector<Block> blocks_;
};

// The lines of a paragraph stacked into one block (kept together on a page),
// its baseline the first line's.
Block stack_lines(std::vector<SetLine> lines, Scaled x);

// Cuts the galley into pages (typeset::build_pages) and places every block.
// Bookmarks of section headings are appended to `bookmarks`.
std::vector<frame::Page> paginate(const Galley& galley, const Style& style, std::vector<frame::Bookmark>& bookmarks);

}  // namespace cvpdf::compose
