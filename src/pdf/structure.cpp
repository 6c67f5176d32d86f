// The structure tree (see structure.hpp). Dictionaries are kept small
// because a résumé has hundreds of elements: no /Type on StructElems (it is
// optional), /Pg on the element rather than on every marked-content
// reference (a reference on another page gets its own /Pg), a lone kid
// without an array, MCIDs as plain integers, the ParentTree as one flat
// number tree.
#include "pdf/structure.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include "core/diagnostics.hpp"
#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

namespace {

[[noreturn]] void internal_error(const std::string& message) {
  throw FatalError({Severity::Error, SourceSpan{}, message, "this is a bug in cvpdf; please report it"});
}

// One kid of an element: a marked-content sequence, an annotation, or a
// child element.
struct Kid {
  enum class Kind { Content, Annotation, Element };
  Kind kind = Kind::Content;
  std::uint32_t seq = 0;
  std::size_t page = 0;                   // Content, Annotation
  std::int64_t mcid = 0;                  // Content
  const PdfObject* annotation = nullptr;  // Annotation
  std::size_t node = 0;                   // Element
};

struct Node {
  std::vector<Kid> kids;
  std::uint32_t first_seq = std::numeric_limits<std::uint32_t>::max();  // over the subtree
  bool has_content = false;
  PdfObject* object = nullptr;
};

void check_tree(const std::vector<frame::StructNode>& structure) {
  if (structure.front().parent != frame::kArtifact) internal_error("the structure root has a parent");
  for (std::size_t i = 0; i < structure.size(); ++i) {
    const frame::StructNode& node = structure[i];
    if (node.role.empty()) internal_error("structure node " + std::to_string(i) + " has no role");
    if (i > 0 && (node.parent < 0 || static_cast<std::size_t>(node.parent) >= i))
      internal_error("structure node " + std::to_string(i) + " has parent " + std::to_string(node.parent) +
                     ", not an earlier node");
  }
}

std::size_t node_index(frame::StructId id, std::size_t count) {
  if (id < 0 || static_cast<std::size_t>(id) >= count)
    internal_error("content is tagged with structure node " + std::to_string(id) + " of " + std::to_string(count));
  return static_cast<std::size_t>(id);
}

// The direct content of each node, then each subtree's first seq and
// whether it holds anything (a parent comes before its children).
std::vector<Node> collect(const std::vector<frame::StructNode>& structure, const std::vector<TaggedPage>& pages) {
  std::vector<Node> nodes(structure.size());
  for (std::size_t p = 0; p < pages.size(); ++p) {
    const TaggedPage& page = pages[p];
    for (std::size_t mcid = 0; mcid < page.marked.size(); ++mcid) {
      Kid kid;
      kid.seq = page.marked[mcid].seq;
      kid.page = p;
      kid.mcid = static_cast<std::int64_t>(mcid);
      nodes[node_index(page.marked[mcid].node, nodes.size())].kids.push_back(kid);
    }
    for (const TaggedAnnotation& annotation : page.annotations) {
      if (annotation.tag.node == frame::kArtifact) continue;  // not read: left out of the tree
      Kid kid;
      kid.kind = Kid::Kind::Annotation;
      kid.seq = annotation.tag.seq;
      kid.page = p;
      kid.annotation = annotation.object;
      nodes[node_index(annotation.tag.node, nodes.size())].kids.push_back(kid);
    }
  }
  for (Node& node : nodes) {
    node.has_content = !node.kids.empty();
    for (const Kid& kid : node.kids) node.first_seq = std::min(node.first_seq, kid.seq);
  }
  for (std::size_t i = nodes.size(); i-- > 1;) {
    if (!nodes[i].has_content) continue;
    Node& parent = nodes[static_cast<std::size_t>(structure[i].parent)];
    parent.has_content = true;
    parent.first_seq = std::min(parent.first_seq, nodes[i].first_seq);
  }
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    if (!nodes[i].has_content) continue;
    Kid kid;
    kid.kind = Kid::Kind::Element;
    kid.seq = nodes[i].first_seq;
    kid.node = i;
    nodes[static_cast<std::size_t>(structure[i].parent)].kids.push_back(kid);
  }
  // Stable: equal seqs keep page, MCID and node order, so the output is
  // the same for the same Document.
  for (Node& node : nodes)
    std::stable_sort(node.kids.begin(), node.kids.end(), [](const Kid& a, const Kid& b) { return a.seq < b.seq; });
  return nodes;
}

void write_element(const frame::StructNode& source, Node& node, const PdfReference& parent,
                   const std::vector<Node>& nodes, const std::vector<TaggedPage>& pages) {
  PdfDictionary& d = node.object->GetDictionary();
  d.AddKey("S", PdfName(source.role));
  d.AddKey("P", parent);
  // /Pg: the page of the first direct content; content elsewhere names its own.
  const Kid* first_direct = nullptr;
  for (const Kid& kid : node.kids)
    if (kid.kind != Kid::Kind::Element) {
      first_direct = &kid;
      break;
    }
  if (first_direct) d.AddKey("Pg", pages[first_direct->page].object->Reference());
  auto kid_value = [&](const Kid& kid, PdfArray& into) {
    switch (kid.kind) {
      case Kid::Kind::Element:
        into.push_back(nodes[kid.node].object->Reference());
        break;
      case Kid::Kind::Content:
        if (kid.page == first_direct->page) {
          into.push_back(pdf_int(kid.mcid));
        } else {
          into.push_back(PdfDictionary());
          PdfDictionary& mcr = into.back().GetDictionary();
          mcr.AddKey("Type", PdfName("MCR"));
          mcr.AddKey("Pg", pages[kid.page].object->Reference());
          mcr.AddKey("MCID", pdf_int(kid.mcid));
        }
        break;
      case Kid::Kind::Annotation: {
        into.push_back(PdfDictionary());
        PdfDictionary& objr = into.back().GetDictionary();
        objr.AddKey("Type", PdfName("OBJR"));
        objr.AddKey("Obj", kid.annotation->Reference());
        objr.AddKey("Pg", pages[kid.page].object->Reference());
        break;
      }
    }
  };
  if (node.kids.size() == 1) {
    // A lone kid without an array.
    PdfArray one;
    kid_value(node.kids.front(), one);
    d.AddKey("K", one.front());
  } else if (!node.kids.empty()) {
    PdfArray& kids = add_array(d, "K");
    kids.reserve(node.kids.size());
    for (const Kid& kid : node.kids) kid_value(kid, kids);
  }
  if (!source.lang.empty()) d.AddKey("Lang", pdf_text(source.lang));
  if (!source.alt.empty()) d.AddKey("Alt", pdf_text(source.alt));
  if (!source.actual_text.empty()) d.AddKey("ActualText", pdf_text(source.actual_text));
}

// The number tree from each page's /StructParents (an array: MCID → element)
// and each annotation's /StructParent (the element) back to the tree.
// Returns the next free key.
std::int64_t write_parent_tree(PdfDictionary& root, const std::vector<Node>& nodes, const std::vector<TaggedPage>& pages) {
  PdfArray& nums = add_array(add_dictionary(root, "ParentTree"), "Nums");
  // Reserved: a PdfArray that grows copies every value it holds, nested
  // arrays and all.
  std::size_t entries = 0;
  for (const TaggedPage& page : pages) entries += (page.marked.empty() ? 0 : 2) + 2 * page.annotations.size();
  nums.reserve(entries);
  std::int64_t key = 0;
  for (const TaggedPage& page : pages) {
    if (page.marked.empty()) continue;
    page.object->GetDictionary().AddKey("StructParents", pdf_int(key));
    nums.push_back(pdf_int(key++));
    nums.push_back(PdfArray());
    PdfArray& elements = nums.back().GetArray();
    elements.reserve(page.marked.size());
    for (const MarkedContent& content : page.marked)
      elements.push_back(nodes[static_cast<std::size_t>(content.node)].object->Reference());
  }
  for (const TaggedPage& page : pages) {
    for (const TaggedAnnotation& annotation : page.annotations) {
      if (annotation.tag.node == frame::kArtifact) continue;
      annotation.object->GetDictionary().AddKey("StructParent", pdf_int(key));
      nums.push_back(pdf_int(key++));
      nums.push_back(nodes[static_cast<std::size_t>(annotation.tag.node)].object->Reference());
    }
  }
  return key;
}

}  // namespace

void add_structure(PdfMemDocument& pdf, const std::vector<frame::StructNode>& structure,
                   const std::vector<TaggedPage>& pages) {
  if (structure.empty()) internal_error("add_structure called for an untagged document");
  check_tree(structure);
  std::vector<Node> nodes = collect(structure, pages);

  PdfObject* root = pdf.GetObjects().CreateObject("StructTreeRoot");
  // The Document element is written even when nothing is tagged, so the
  // tree always has its root.
  nodes.front().has_content = true;
  for (Node& node : nodes)
    if (node.has_content) node.object = pdf.GetObjects().CreateObject();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!nodes[i].has_content) continue;
    const PdfReference parent =
        i == 0 ? root->Reference() : nodes[static_cast<std::size_t>(structure[i].parent)].object->Reference();
    write_element(structure[i], nodes[i], parent, nodes, pages);
  }

  PdfDictionary& r = root->GetDictionary();
  r.AddKey("K", nodes.front().object->Reference());
  r.AddKey("ParentTreeNextKey", pdf_int(write_parent_tree(r, nodes, pages)));
  std::map<std::string, std::string> role_map;  // sorted: the same bytes every time
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const frame::StructNode& node = structure[i];
    if (nodes[i].has_content && !node.standard_role.empty() && node.standard_role != node.role)
      role_map.emplace(node.role, node.standard_role);
  }
  if (!role_map.empty()) {
    PdfDictionary map;
    for (const auto& [custom, standard] : role_map) map.AddKey(custom, PdfName(standard));
    r.AddKey("RoleMap", map);
  }

  for (const TaggedPage& page : pages) page.object->GetDictionary().AddKey("Tabs", PdfName("S"));
  PdfDictionary& catalog = pdf.GetCatalog()->GetDictionary();
  catalog.AddKey("StructTreeRoot", root->Reference());
  PdfDictionary mark_info;
  mark_info.AddKey("Marked", PdfVariant(true));
  catalog.AddKey("MarkInfo", mark_info);
}

}  // namespace cvpdf::pdf
