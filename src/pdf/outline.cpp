// The document outline (see pdf_objects.hpp), as plain dictionaries:
// PoDoFo 0.9.8's PdfOutlines writes no /Count, and its PdfDestination
// leaves an orphan array object behind. Destinations are direct arrays.
// Every entry is open, so a parent's /Count is the number of all its
// descendants, and the root's the number of all entries.
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

namespace {

struct Node {
  std::size_t bookmark = 0;
  int parent = -1;  // index into nodes, -1 for the root
  std::vector<std::size_t> children;
  int descendants = 0;
  PdfObject* object = nullptr;
};

}  // namespace

void add_outline(PdfMemDocument& pdf, const std::vector<PdfReference>& pages, const frame::Document& frames) {
  // Entries whose page does not exist are dropped rather than written with a
  // dangling destination.
  std::vector<Node> nodes;
  std::vector<std::size_t> top;
  std::vector<std::pair<int, std::size_t>> open;  // (level, node) from the outermost
  for (std::size_t i = 0; i < frames.bookmarks.size(); ++i) {
    const auto& bookmark = frames.bookmarks[i];
    if (bookmark.page >= pages.size()) continue;
    // A bookmark belongs under the nearest earlier one with a smaller level;
    // skipped levels (0 then 2) simply nest one deeper.
    while (!open.empty() && open.back().first >= bookmark.level) open.pop_back();
    Node node;
    node.bookmark = i;
    node.parent = open.empty() ? -1 : static_cast<int>(open.back().second);
    const std::size_t index = nodes.size();
    nodes.push_back(node);
    if (node.parent < 0) top.push_back(index);
    else nodes[static_cast<std::size_t>(node.parent)].children.push_back(index);
    for (int p = node.parent; p >= 0; p = nodes[static_cast<std::size_t>(p)].parent)
      ++nodes[static_cast<std::size_t>(p)].descendants;
    open.emplace_back(bookmark.level, index);
  }
  if (nodes.empty()) return;

  PdfObject* root = pdf.GetObjects().CreateObject("Outlines");
  for (auto& node : nodes) node.object = pdf.GetObjects().CreateObject();

  auto link_siblings = [&](const std::vector<std::size_t>& siblings, PdfObject* parent) {
    for (std::size_t k = 0; k < siblings.size(); ++k) {
      Node& node = nodes[siblings[k]];
      const auto& bookmark = frames.bookmarks[node.bookmark];
      const auto& page = frames.pages[bookmark.page];
      PdfDictionary& d = node.object->GetDictionary();
      d.AddKey("Title", pdf_text(bookmark.title));
      d.AddKey("Parent", parent->Reference());
      if (k > 0) d.AddKey("Prev", nodes[siblings[k - 1]].object->Reference());
      if (k + 1 < siblings.size()) d.AddKey("Next", nodes[siblings[k + 1]].object->Reference());
      if (!node.children.empty()) {
        d.AddKey("First", nodes[node.children.front()].object->Reference());
        d.AddKey("Last", nodes[node.children.back()].object->Reference());
        d.AddKey("Count", pdf_int(node.descendants));
      }
      PdfArray destination;
      destination.push_back(pages[bookmark.page]);
      destination.push_back(PdfName("XYZ"));
      destination.push_back(pdf_int(0));
      destination.push_back(pdf_real(to_pt(page.height - bookmark.y)));
      destination.push_back(PdfVariant());  // null: the zoom kept
      d.AddKey("Dest", destination);
    }
  };
  link_siblings(top, root);
  for (const auto& node : nodes)
    if (!node.children.empty()) link_siblings(node.children, node.object);

  PdfDictionary& r = root->GetDictionary();
  r.AddKey("First", nodes[top.front()].object->Reference());
  r.AddKey("Last", nodes[top.back()].object->Reference());
  r.AddKey("Count", pdf_int(nodes.size()));

  PdfDictionary& catalog = pdf.GetCatalog()->GetDictionary();
  catalog.AddKey("Outlines", root->Reference());
  catalog.AddKey("PageMode", PdfName("UseOutlines"));
}

}  // namespace cvpdf::pdf
