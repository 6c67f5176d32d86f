// The galley and page assembly: the vertical list the composer fills, the
// keeping of short entries on one page (or their split between bullets),
// the marks of where sections and entries begin, and the placing of every
// block on the pages typeset::build_pages cuts and balance_last_page
// balances.
#include "compose/galley.hpp"

#include <algorithm>
#include <limits>
#include <type_traits>
#include <variant>

#include "typeset/page_balance.hpp"
#include "typeset/page_builder.hpp"

namespace cvpdf::compose {

void Galley::add_block(Block block) {
  items_.push_back(typeset::VItem::box(block.height, block.depth, blocks_.size()));
  blocks_.push_back(std::move(block));
}

// Pages are set ragged-bottom (glue at its natural size), so the gaps have
// no stretch: how short a page may end is weighed by the foot's one
// notional stretch instead (foot_stretch, kFootStretchLines body lines), the
// same on every page whatever its gaps, as plain TeX's \raggedbottom gives
// each page one stretchable \topskip.
void Galley::add_glue(Scaled size) { items_.push_back(typeset::VItem::glue(size, 0, 0)); }

void Galley::add_penalty(int penalty) { items_.push_back(typeset::VItem::penalty_item(penalty)); }

void Galley::add_kept_block(Block block, Scaled gap) {
  add_penalty(typeset::kInfinitePenalty);
  if (gap != 0) add_glue(gap);
  add_block(std::move(block));
}

void Galley::add_lines(std::vector<SetLine> lines, Scaled x, bool keep_with_previous, Scaled gap) {
  if (lines.empty()) return;
  if (keep_with_previous) add_penalty(typeset::kInfinitePenalty);
  if (gap != 0) add_glue(gap);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) {
      int penalty = 0;
      if (i == 1) penalty += kClubPenalty;
      if (i + 1 == lines.size()) penalty += kWidowPenalty;
      add_penalty(std::min(penalty, typeset::kInfinitePenalty));
    }
    Block b;
    b.elements = std::move(lines[i].elements);
    translate(b.elements, x, 0);
    b.height = lines[i].height;
    b.depth = lines[i].depth;
    add_block(std::move(b));
  }
}

std::size_t Galley::boxes_since(std::size_t from) const {
  std::size_t n = 0;
  for (std::size_t i = from; i < items_.size(); ++i)
    if (items_[i].type == typeset::ItemType::Box) ++n;
  return n;
}

void Galley::keep_before(std::size_t at) {
  if (at < items_.size())
    items_.insert(items_.begin() + static_cast<std::ptrdiff_t>(at), typeset::VItem::penalty_item(typeset::kInfinitePenalty));
}

void Galley::mark_begin(std::size_t from, Begins part) {
  for (std::size_t i = from; i < items_.size(); ++i) {
    if (items_[i].type != typeset::ItemType::Box) continue;
    Begins& begins = blocks_[items_[i].payload].begins;
    if (begins != Begins::Section) begins = part;
    return;
  }
}

void Galley::keep_together(std::size_t from, const std::vector<std::size_t>& splits, int split_penalty) {
  if (from >= items_.size()) return;
  // Only the tail is rebuilt: copying the whole galley for every entry made
  // composing quadratic in the number of entries.
  std::vector<typeset::VItem> kept;
  kept.reserve(items_.size() - from + 8);
  auto split = std::lower_bound(splits.begin(), splits.end(), from + 1);
  for (std::size_t i = from; i < items_.size(); ++i) {
    typeset::VItem item = items_[i];
    if (split != splits.end() && *split == i) {
      // The one break left here: a penalty before the bullet's gap (glue
      // after a penalty is no break) or before its first line.
      ++split;
      kept.push_back(typeset::VItem::penalty_item(split_penalty));
    }
    if (item.type == typeset::ItemType::Penalty) {
      item.penalty = std::max(item.penalty, typeset::kInfinitePenalty);
    } else if (item.type == typeset::ItemType::Glue && !kept.empty() && kept.back().type == typeset::ItemType::Box &&
               i > from) {
      // Glue right after a box is a legal break; a penalty between them is
      // not, and the glue after a penalty is no break either (tex.web §1000).
      kept.push_back(typeset::VItem::penalty_item(typeset::kInfinitePenalty));
    }
    kept.push_back(item);
  }
  items_.resize(from);
  items_.insert(items_.end(), kept.begin(), kept.end());
}

Block stack_lines(std::vector<SetLine> lines, Scaled x) {
  Block b;
  Scaled y = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == 0) {
      b.height = lines[i].height;
    } else {
      y += lines[i - 1].depth + lines[i].height;
      b.baselines.push_back(y);
    }
    translate(lines[i].elements, x, y);
    for (auto& e : lines[i].elements) b.elements.push_back(std::move(e));
  }
  if (!lines.empty()) b.depth = y + lines.back().depth;
  return b;
}

namespace {

// The horizontal extent of what a block draws, relative to its origin.
void extent(const std::vector<frame::Element>& elements, Scaled& left, Scaled& right) {
  left = std::numeric_limits<Scaled>::max();
  right = std::numeric_limits<Scaled>::min();
  for (const auto& element : elements) {
    Scaled x = 0, width = 0;
    std::visit([&](const auto& e) {
      x = e.x;
      if constexpr (std::is_same_v<std::decay_t<decltype(e)>, frame::GlyphRun>) {
        width = e.width();
      } else {
        width = e.width;
      }
    }, element);
    left = std::min(left, x);
    right = std::max(right, x + width);
  }
  if (left > right) left = right = 0;
}

}  // namespace

ColumnFrame text_area(const theme::Style& style) {
  return {style.margin_left, style.content_width(), style.margin_top,
          style.page_height - style.margin_top - style.margin_bottom};
}

std::vector<frame::Page> paginate(Galley&& galley, const theme::Style& style, const ColumnFrame& column,
                                  std::vector<frame::Bookmark>& bookmarks, std::vector<PlacedBlock>* placed,
                                  std::vector<double>* filled) {
  typeset::PageParams params;
  params.page_heights = {column.height};
  params.foot_stretch = galley.foot_stretch();
  const auto& items = galley.items();
  auto slices = typeset::build_pages(items, params);
  if (filled && column.height > 0)
    for (const auto& slice : slices)
      filled->push_back(static_cast<double>(slice.natural_height) / static_cast<double>(column.height));
  std::vector<typeset::PartStart> starts;
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].type == typeset::ItemType::Box && galley.blocks()[items[i].payload].begins != Begins::Nothing)
      starts.push_back({i, galley.blocks()[items[i].payload].begins == Begins::Section});
  slices = typeset::balance_last_page(items, params, std::move(slices), starts);

  std::vector<frame::Page> pages;
  for (const auto& slice : slices) {
    frame::Page page;
    page.width = style.page_width;
    page.height = style.page_height;
    Scaled y = column.top;
    bool first_box = true;
    for (std::size_t i = slice.begin; i < slice.end && i < galley.items().size(); ++i) {
      const auto& item = galley.items()[i];
      if (item.type == typeset::ItemType::Glue) {
        if (!first_box) y += item.height;  // glue at the top of a page is discarded
      } else if (item.type == typeset::ItemType::Box) {
        const Block& block = galley.blocks()[item.payload];
        Scaled baseline = y + block.height;
        std::vector<frame::Element> elements = galley.take_elements(item.payload);
        translate(elements, column.x, baseline);
        if (placed) {
          PlacedBlock p;
          p.page = pages.size();
          p.top = y;
          p.bottom = baseline + block.depth;
          extent(elements, p.left, p.right);
          p.baselines.push_back(baseline);
          for (Scaled b : block.baselines) p.baselines.push_back(baseline + b);
          p.column_left = column.x;
          p.column_width = column.width;
          placed->push_back(std::move(p));
        }
        for (auto& e : elements) page.elements.push_back(std::move(e));
        // The outline's /XYZ destination: the top of the heading's line.
        if (block.bookmark) bookmarks.push_back({*block.bookmark, pages.size(), y, 0});
        y = baseline + block.depth;
        first_box = false;
      }
    }
    pages.push_back(std::move(page));
  }
  if (pages.empty()) {
    frame::Page page;
    page.width = style.page_width;
    page.height = style.page_height;
    pages.push_back(std::move(page));
  }
  return pages;
}

std::vector<frame::Page> paginate(Galley&& galley, const theme::Style& style, std::vector<frame::Bookmark>& bookmarks,
                                  std::vector<PlacedBlock>* placed, std::vector<double>* filled) {
  return paginate(std::move(galley), style, text_area(style), bookmarks, placed, filled);
}

}  // namespace cvpdf::compose
