// The PDF/UA-1 conditions of conformance.hpp, checked on the frames.
#include "pdf/conformance.hpp"

#include <variant>

#include "pdf/extraction_spans.hpp"

namespace cvpdf::pdf {

namespace {

// The node's standard type: what a custom role stands for.
bool is_role(const frame::Document& doc, frame::StructId id, const char* role) {
  if (id < 0 || static_cast<std::size_t>(id) >= doc.structure.size()) return false;
  const frame::StructNode& node = doc.structure[static_cast<std::size_t>(id)];
  return (node.standard_role.empty() ? node.role : node.standard_role) == role;
}

bool element_ok(const frame::Document& doc, const frame::Element& element) {
  if (const auto* link = std::get_if<frame::LinkArea>(&element)) {
    // Only what becomes an annotation (add_links) needs a Link element.
    if (link->uri.empty() || link->width <= 0 || link->height <= 0) return true;
    return is_role(doc, link->tag.node, "Link");
  }
  if (const auto* image = std::get_if<frame::Image>(&element)) {
    if (!paints(element) || image->tag.node == frame::kArtifact) return true;
    return is_role(doc, image->tag.node, "Figure") &&
           !doc.structure[static_cast<std::size_t>(image->tag.node)].alt.empty();
  }
  return true;
}

}  // namespace

bool meets_pdfua(const frame::Document& doc) {
  if (doc.structure.empty() || doc.metadata.language.empty() || doc.metadata.title.empty()) return false;
  for (const frame::Page& page : doc.pages)
    for (const frame::Element& element : page.elements)
      if (!element_ok(doc, element)) return false;
  return true;
}

}  // namespace cvpdf::pdf
