// The structure tree of a tagged PDF (ISO 32000-1 14.7, 14.8): one
// StructElem per frame::StructNode that has content in its subtree, its kids
// (child elements, marked-content references, annotation references) in
// reading order — by the smallest Tag::seq in each kid, whatever order the
// painter drew them in — and the ParentTree that leads from each page's
// MCIDs and each link annotation back to its element. Also the catalog's
// /MarkInfo and each page's /StructParents and /Tabs /S.
#pragma once
#include <vector>

#include "frame/frame.hpp"
#include "pdf/page_content.hpp"
#include "pdf/podofo.hpp"

namespace cvpdf::pdf {

// A link annotation with the tag of the LinkArea it was made for.
struct TaggedAnnotation {
  PoDoFo::PdfObject* object = nullptr;
  frame::Tag tag{};
};

// What one page contributes.
struct TaggedPage {
  PoDoFo::PdfObject* object = nullptr;
  std::vector<MarkedContent> marked;  // by MCID, from paint_page
  std::vector<TaggedAnnotation> annotations;
};

// Writes the tree for `structure` (non-empty; node 0 the root). Throws
// FatalError for a malformed tree or a tag naming no node (bugs).
void add_structure(PoDoFo::PdfMemDocument& pdf, const std::vector<frame::StructNode>& structure,
                   const std::vector<TaggedPage>& pages);

}  // namespace cvpdf::pdf
