// The last page's balance (page_balance.hpp): finding the part the last
// page continues, the legal break before it, and whether the page before
// can give up what lies between.
#include "typeset/page_balance.hpp"

#include <optional>

namespace cvpdf::typeset {

namespace {

// The legal break closest before box `box` and after box `after`: glue
// right after a box, or a penalty below 10000 (tex.web §1000). None when a
// keep (a 10000 penalty before glue, or none at all) ties the box to the
// one before it.
std::optional<std::size_t> break_before(const std::vector<VItem>& galley, std::size_t box, std::size_t after) {
  for (std::size_t i = box; i-- > after + 1;) {
    const VItem& it = galley[i];
    if (it.type == ItemType::Box) return std::nullopt;
    if (it.type == ItemType::Penalty && it.penalty < kInfinitePenalty) return i;
    if (it.type == ItemType::Glue && galley[i - 1].type == ItemType::Box) return i;
  }
  return std::nullopt;
}

// The first box of the page cut at `slice`.
std::size_t first_box(const std::vector<VItem>& galley, const PageSlice& slice) {
  std::size_t i = slice.begin;
  while (i < slice.end && galley[i].type != ItemType::Box) ++i;
  return i;
}

}  // namespace

std::vector<PageSlice> balance_last_page(const std::vector<VItem>& galley, const PageParams& params,
                                         std::vector<PageSlice> pages, const std::vector<PartStart>& starts) {
  if (pages.size() < 2) return pages;
  const std::size_t last = pages.size() - 1;
  const std::size_t top = first_box(galley, pages[last]);
  const std::size_t before_top = first_box(galley, pages[last - 1]);

  // The section and the entry the last page's first box belongs to.
  std::optional<PartStart> section, entry;
  for (const PartStart& start : starts) {
    if (start.section && start.box >= top) return pages;  // a section begins on the last page, heading and all
    if (start.box <= top) (start.section ? section : entry) = start;
  }
  // An entry begun before its section is the section's own first line.
  if (entry && section && entry->box < section->box) entry.reset();

  // The move to the break before `to`, when the last page is then not
  // overfull and the page before stays better than deplorable.
  auto move_to = [&](std::size_t to) {
    if (to <= before_top || to >= top) return false;
    const auto at = break_before(galley, to, before_top);
    if (!at) return false;
    const PageSlice before = measure_page(galley, params, last - 1, pages[last - 1].begin, *at);
    const PageSlice rest = measure_page(galley, params, last, *at + 1, galley.size());
    if (before.overfull || before.badness >= kInfBad || rest.overfull) return false;
    pages[last - 1] = before;
    pages[last] = rest;
    return true;
  };
  if (section && move_to(section->box)) return pages;
  const bool starts_inside_entry = entry && entry->box < top && (!section || section->box < entry->box);
  if (starts_inside_entry) move_to(entry->box);
  return pages;
}

}  // namespace cvpdf::typeset
