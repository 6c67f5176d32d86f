// The pieces of a tagged PDF's pages (page_pieces.hpp): each run's marked
// content to its structure element, that element to its section, entry
// and piece.
#include "page_pieces.hpp"

#include <map>
#include <utility>

namespace cvpdf::test {
namespace {

// Where an element's first run stands: page, then y down.
using Place = std::pair<std::size_t, double>;
constexpr Place kNowhere{static_cast<std::size_t>(-1), 0};

struct Tree {
  const StructTree& tree;
  std::vector<Place> first;  // each element's first run, over its subtree

  const StructElement& at(int e) const { return tree.elements[static_cast<std::size_t>(e)]; }
  int parent(int e) const { return at(e).parent; }
  bool is(int e, const char* role) const { return at(e).standard == role; }
  bool is_heading(int e) const {
    const std::string& r = at(e).standard;
    return r.size() == 2 && r[0] == 'H' && r[1] >= '1' && r[1] <= '6';
  }
  // The ancestor of `e` (or `e`) whose parent is `of`; -1 when none.
  int child_of(int e, int of) const {
    for (; e >= 0; e = parent(e))
      if (parent(e) == of) return e;
    return -1;
  }
  std::vector<int> element_kids(int e) const {
    std::vector<int> kids;
    for (const StructKid& k : at(e).kids)
      if (k.kind == StructKid::Kind::Element && k.element >= 0) kids.push_back(k.element);
    return kids;
  }
  bool has_list(int item) const {
    for (int k : element_kids(item))
      if (is(k, "L")) return true;
    return false;
  }
  // An item's text: its last P (before its L of bullets), when that stands
  // below the item's first row; -1 when it has none.
  int item_text(int item) const {
    int last_p = -1;
    for (int k : element_kids(item)) {
      if (is(k, "L")) break;
      last_p = is(k, "P") ? k : -1;
    }
    if (last_p < 0) return -1;
    const Place own = first[static_cast<std::size_t>(last_p)], item_first = first[static_cast<std::size_t>(item)];
    return own != kNowhere && own > item_first ? last_p : -1;
  }
};

}  // namespace

std::vector<std::vector<PieceRun>> read_pieces(const TaggedPdf& pdf, const std::vector<double>& page_heights,
                                               bool summaries) {
  std::vector<std::vector<PieceRun>> pages(pdf.pages.size());
  // (page, MCID) → the element holding that content.
  std::map<std::string, std::size_t> page_index;
  for (std::size_t p = 0; p < pdf.file.pages.size(); ++p) page_index[pdf.file.pages[p]] = p;
  std::map<std::pair<std::size_t, int>, int> owner;
  const StructTree& st = pdf.tree;
  for (std::size_t e = 0; e < st.elements.size(); ++e)
    for (const StructKid& k : st.elements[e].kids)
      if (k.kind == StructKid::Kind::Content)
        if (auto p = page_index.find(k.page); p != page_index.end())
          owner[{p->second, k.mcid}] = static_cast<int>(e);

  Tree tree{st, std::vector<Place>(st.elements.size(), kNowhere)};
  struct Run {
    double x, y;
    int element;
  };
  std::vector<std::vector<Run>> runs(pdf.pages.size());
  for (std::size_t p = 0; p < pdf.pages.size() && p < page_heights.size(); ++p)
    for (const ContentItem& item : pdf.pages[p].items) {
      const bool text = item.op == "TJ" || item.op == "Tj" || item.op == "'" || item.op == "\"";
      if (!text || item.artifact || item.mcid < 0 || std::isnan(item.y)) continue;
      const auto o = owner.find({p, item.mcid});
      if (o == owner.end()) continue;
      const double y = page_heights[p] - item.y;
      runs[p].push_back({item.x, y, o->second});
      for (int e = o->second; e >= 0; e = tree.parent(e)) {
        Place& f = tree.first[static_cast<std::size_t>(e)];
        if (f == kNowhere || Place{p, y} < f) f = {p, y};
      }
    }

  for (std::size_t p = 0; p < runs.size(); ++p)
    for (const Run& run : runs[p]) {
      PieceRun piece{run.x, run.y};
      // The section: the outermost Sect above the run.
      int section = -1;
      for (int e = run.element; e >= 0; e = tree.parent(e))
        if (tree.is(e, "Sect")) section = e;
      if (section >= 0) {
        piece.section = section;
        const int child = tree.child_of(run.element, section);
        if (tree.is_heading(child)) {
          piece.piece = Piece::Heading;
        } else if (tree.is(child, "Sect")) {
          piece.entry = child;
          const int kid = tree.child_of(run.element, child);
          const int text = tree.item_text(child);
          const bool bare = text < 0 && !tree.has_list(child);
          const bool body = bare || tree.is(kid, "L") || kid == text;
          piece.piece = body ? Piece::Body : Piece::Head;
        } else if (tree.is(child, "L")) {
          piece.entry = tree.child_of(run.element, child);
          piece.piece = Piece::Body;
        } else {
          piece.entry = child;
          piece.piece = Piece::Body;
          if (summaries) {
            const std::vector<int> kids = tree.element_kids(section);
            for (std::size_t i = 1; i < kids.size(); ++i)
              if (kids[i] == child && tree.is(kids[i - 1], "L")) piece.piece = Piece::Summary;
          }
        }
      }
      pages[p].push_back(piece);
    }
  return pages;
}

}  // namespace cvpdf::test
