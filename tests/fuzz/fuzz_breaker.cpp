// Fuzz target: typeset::break_paragraph and typeset::build_pages on item
// lists decoded from the bytes (boxes, finite and fil glue, penalties,
// forced breaks, odd line widths and tolerances), with their documented
// guarantees checked: lines in order and inside the list, breaks only at
// legal items, only discardable items between lines; every box of the
// galley on exactly one page.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "fuzz_input.hpp"
#include "typeset/knuth_plass.hpp"
#include "typeset/page_builder.hpp"

namespace {

using namespace cvpdf;
using namespace cvpdf::typeset;

void check(bool ok) {
  if (!ok) std::abort();
}

constexpr std::size_t kMaxItems = 3000;  // the breaker is quadratic at worst; keep each run fast

int penalty_value(fuzz::Bytes& in) {
  static const int kPenalties[] = {-20000, -10000, -100, 0, 50, 150, 9999, 10000, 20000};
  std::uint8_t b = in.front();
  if (b < sizeof kPenalties / sizeof kPenalties[0] * 20) return kPenalties[b / 20];
  return static_cast<int>(in.range(-12000, 12000));
}

std::vector<Item> decode_items(fuzz::Bytes& in) {
  std::vector<Item> items;
  while (!in.empty() && items.size() < kMaxItems) {
    std::uint8_t op = in.front() % 8;
    switch (op) {
      case 0: case 1: case 2:
        items.push_back(Item::box(in.range(-pt(2), pt(120)), items.size()));
        break;
      case 3: case 4: {
        Scaled w = in.range(-pt(5), pt(20));
        Scaled stretch = in.range(0, pt(15));
        Scaled shrink = in.range(0, pt(8));
        items.push_back(Item::glue(w, stretch, shrink));
        break;
      }
      case 5: {  // fil glue, or glue that cancels fil
        Scaled fil = kFil * (in.front() % 3 + 1);
        items.push_back(Item::glue(in.range(0, pt(10)), (in.front() & 1) ? -kFil : fil, 0));
        break;
      }
      case 6: {
        int p = penalty_value(in);
        // A hyphen (a discretionary with a pre-break width), or a plain penalty.
        const Scaled w = in.range(0, pt(6));
        items.push_back((in.front() & 1) ? Item::discretionary(p, w) : Item::penalty_item(p));
        break;
      }
      default:  // \\ : a forced break after fil glue
        items.push_back(Item::penalty_item(kInfinitePenalty));
        items.push_back(Item::glue(0, kFil, 0));
        items.push_back(Item::penalty_item(kEjectPenalty));
        break;
    }
  }
  return items;
}

BreakParams decode_params(fuzz::Bytes& in) {
  BreakParams p;
  static const int kTolerances[] = {-1, 0, 100, 200, 1000, 10000, 20000};
  int n = in.back() % 3 + 1;
  for (int i = 0; i < n; ++i) p.line_widths.push_back(pt(in.back() * 3 % 600));
  p.pretolerance = kTolerances[in.back() % 7];
  p.tolerance = kTolerances[in.back() % 7];
  p.emergency_stretch = (in.back() & 1) ? pt(in.back() % 40) : 0;
  p.looseness = in.back() % 5 - 2;
  return p;
}

bool discardable(const Item& it) {
  return it.type == ItemType::Glue || it.type == ItemType::Discretionary ||
         (it.type == ItemType::Penalty && it.penalty > kEjectPenalty);
}

void check_lines(const std::vector<Item>& items, const BreakResult& r) {
  if (items.empty()) {
    check(r.lines.empty());
    return;
  }
  check(!r.lines.empty());
  std::size_t previous_break = 0;
  for (std::size_t i = 0; i < r.lines.size(); ++i) {
    const Line& line = r.lines[i];
    check(line.begin <= line.end && line.end <= items.size() && line.end <= line.break_index);
    check(line.break_index <= items.size());
    check(!std::isnan(line.adjustment_ratio));
    check(line.fitness >= 0 && line.fitness <= 3);
    if (i > 0) {
      check(line.break_index > previous_break && line.begin >= previous_break);
      // Between two lines only what a break discards.
      for (std::size_t k = previous_break + 1; k < line.begin; ++k) check(discardable(items[k]));
    }
    if (line.break_index < items.size()) {
      const Item& at = items[line.break_index];
      check(at.type != ItemType::Box);
      if (at.type == ItemType::Penalty || at.type == ItemType::Discretionary) check(at.penalty < kInfinitePenalty);
      if (at.type == ItemType::Glue) check(line.break_index > 0 && items[line.break_index - 1].type == ItemType::Box);
    }
    previous_break = line.break_index;
  }
  check(r.lines.back().break_index + 1 >= items.size());
}

std::vector<VItem> galley_of(const BreakResult& r, fuzz::Bytes& in) {
  std::vector<VItem> galley;
  for (std::size_t i = 0; i < r.lines.size(); ++i) {
    switch (in.back() % 6) {
      case 0: galley.push_back(VItem::penalty_item(penalty_value(in))); break;
      case 1: galley.push_back(VItem::glue(in.range(-pt(4), pt(30)), in.range(0, pt(20)), in.range(0, pt(4)))); break;
      case 2: galley.push_back(VItem::box(in.range(0, pt(900)), in.range(0, pt(20)))); break;  // a tall block
      case 3: galley.push_back(VItem::glue(0, kFil, 0)); break;
      default: break;
    }
    galley.push_back(VItem::box(pt(8), pt(2), i));
    galley.push_back(VItem::glue(pt(2), pt(1), pt(1)));
  }
  return galley;
}

void check_pages(const std::vector<VItem>& galley, const std::vector<PageSlice>& pages) {
  std::vector<int> seen(galley.size(), 0);
  std::size_t previous_end = 0;
  for (const PageSlice& page : pages) {
    check(page.begin <= page.end && page.end <= galley.size());
    check(page.begin >= previous_end);
    check(page.badness >= 0 && page.badness <= 10000);
    for (std::size_t k = page.begin; k < page.end; ++k) ++seen[k];
    previous_end = page.end;
  }
  for (std::size_t k = 0; k < galley.size(); ++k) {
    if (galley[k].type == ItemType::Box) check(seen[k] == 1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  BreakParams params = decode_params(in);
  std::vector<Item> items = decode_items(in);
  BreakResult result = break_paragraph(items, params);
  check_lines(items, result);

  fuzz::Bytes rest(data, size);  // the page builder reads its own view of the bytes
  PageParams page_params;
  int n = rest.back() % 3;
  for (int i = 0; i < n; ++i) page_params.page_heights.push_back(pt(rest.back() * 4));
  page_params.discard_glue_at_top = rest.back() & 1;
  std::vector<VItem> galley = galley_of(result, rest);
  check_pages(galley, build_pages(galley, page_params));
  return 0;
}
