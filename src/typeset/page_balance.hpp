// The last page's balance: after build_pages has cut the galley, the break
// before the last page is moved back to where a section (or, failing that,
// an entry) begins, so that the last page never holds only the tail of
// something whose beginning is on the page before. TeX has no such pass
// (its page builder never looks back); it is what a compositor does by hand
// with the last pages of a chapter.
#pragma once
#include <cstddef>
#include <vector>

#include "typeset/items.hpp"
#include "typeset/page_builder.hpp"

namespace cvpdf::typeset {

// Where a part of the galley begins: the index of its first box, and
// whether the part is a section (its heading first) or an entry of one.
struct PartStart {
  std::size_t box = 0;
  bool section = false;
};

// Balances the last of `pages` (build_pages' cut of `galley`; `starts` in
// galley order). When no section begins on the last page, the break before
// it moves back to the legal break just before the section the page
// continues; when that cannot be, and the page begins inside an entry, to
// the break before that entry. A move is made only when all that follows
// the new break fits on the last page and the page before can afford what
// it gives up: cut there, its badness (with params.foot_stretch, the
// weighed ragged bottom) stays below kInfBad — a page the builder would
// not call deplorable. The page count never changes.
std::vector<PageSlice> balance_last_page(const std::vector<VItem>& galley, const PageParams& params,
                                         std::vector<PageSlice> pages, const std::vector<PartStart>& starts);

}  // namespace cvpdf::typeset
