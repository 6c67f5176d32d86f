// The page builder: cuts a galley (vertical list) into pages at the least
// cost, TeX-style (tex.web §980–§1028): cost = badness of the page + penalty.
#pragma once
#include <cstddef>
#include <vector>

#include "core/units.hpp"
#include "typeset/items.hpp"

namespace cvpdf::typeset {

struct PageParams {
  // Height available on each page; the last entry repeats for later pages.
  std::vector<Scaled> page_heights;
  // Glue at the top of a page is discarded (as TeX does) so every page
  // starts flush with its top margin.
  bool discard_glue_at_top = true;
};

struct PageSlice {
  std::size_t begin = 0;  // first VItem on the page (after discarded glue/penalties)
  std::size_t end = 0;    // one past the last VItem on the page
  Scaled natural_height = 0;  // sum of the page's material, last box's depth included
  int badness = 0;
  int penalty = 0;        // the penalty of the chosen break (0 at the end)
  bool overfull = false;  // a single box taller than the page
};

std::vector<PageSlice> build_pages(const std::vector<VItem>& galley, const PageParams& params);

}  // namespace cvpdf::typeset
