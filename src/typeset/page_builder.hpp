// The page builder: cuts a galley (vertical list) into pages at the least
// cost, TeX-style (tex.web §980–§1028): cost = badness of the page + penalty.
#pragma once
#include <cstddef>
#include <vector>

#include "core/units.hpp"
#include "typeset/items.hpp"

namespace cvpdf::typeset {

struct PageParams {
  // Height available on each page; the last entry repeats for later pages
  // (none: every page has height 0, so each box goes alone, overfull).
  std::vector<Scaled> page_heights;
  // Glue at the top of a page is discarded (as TeX does) so every page
  // starts flush with its top margin. Penalties at the top are always
  // discarded, and so is the glue a page was broken at. When false, other
  // glue at the top is kept.
  bool discard_glue_at_top = true;
  // A ragged bottom that is weighed: a notional stretch every page has on
  // top of its glue's, used only to judge how bad an underfull page is
  // (b = badness(goal - natural, stretch + foot_stretch)). It moves nothing:
  // the caller sets the page at its natural height and leaves the rest of
  // it empty. This is plain TeX's \raggedbottom, which gives \topskip 60pt
  // of stretch so that every page can "fill" its goal, and then, in the
  // output routine, lets the page end short instead of stretching it.
  // Where the glue cannot stretch (a résumé's gaps are set as they are), a
  // short page would otherwise have badness 10000 and cost "deplorable",
  // the same however short, and the finite penalties of the galley could
  // never outweigh a fuller page; with it, a page k * foot_stretch short
  // has badness 100 k^3, and a penalty p is worth leaving that much empty.
  // 0 (TeX without \raggedbottom, and the builder before it) keeps every
  // underfull page without stretch at badness 10000.
  Scaled foot_stretch = 0;
};

struct PageSlice {
  std::size_t begin = 0;  // first VItem on the page (after discarded glue/penalties)
  std::size_t end = 0;    // one past the last VItem on the page (the break item is not on it)
  // Sum of the page's material, the last box's depth included (TeX's
  // \maxdepth taken as 0: the depth always counts against the height).
  Scaled natural_height = 0;
  Scaled stretch = 0;      // finite stretch of the glue on the page
  Scaled fil_stretch = 0;  // fil stretch (see kFil)
  Scaled shrink = 0;
  // 0..10000, 10000 also when overfull. The last page counts as filled (as
  // if TeX's \vfill ended the galley): 0 unless overfull.
  int badness = 0;
  int penalty = 0;        // the penalty of the chosen break (0 at a glue break and at the end)
  // The material does not fit even fully shrunk: a box, or a run with no
  // break inside, taller than the page. It is set alone on its page.
  bool overfull = false;
};

// Cuts the galley into pages (tex.web §980–§1028). Legal breaks: a
// penalty below 10000 (<= -10000 forces one) and glue right after a box;
// the end of the galley is a forced break. At each break, badness b of the
// page so far against its height: cost c = b + penalty, 100000 if b is
// 10000 (an underfull page with no stretch to fill it: all such are equally
// deplorable, whatever their penalties), the penalty itself for a forced
// break, and "awful" when the page is overfull. The page is cut at the
// cheapest break (the latest on ties) once a break is overfull or forced.
//
// So: a penalty 10000 right after a box (before any glue) keeps it with what
// follows, and penalties only steer the choice where the glue can stretch.
std::vector<PageSlice> build_pages(const std::vector<VItem>& galley, const PageParams& params);

// Page `page` of `params` cut from the galley after the break at `after`
// (its first item: the break itself is discarded; 0 for the galley's
// start) to the break at `end` (galley.size(): the galley's end), measured
// as build_pages measures a page: what is discarded at its top skipped, the
// last box's depth counted, its badness (0 for the galley's last page
// unless overfull) and the break's penalty.
PageSlice measure_page(const std::vector<VItem>& galley, const PageParams& params, std::size_t page,
                       std::size_t after, std::size_t end);

}  // namespace cvpdf::typeset
