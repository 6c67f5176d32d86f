// Link annotations (see pdf_objects.hpp), as plain dictionaries with no
// clock stamp (/M) and no appearance: a link is an invisible clickable rectangle
// (/Border [0 0 0]) with a URI action. /Contents says what the link is for
// screen readers (PDF/UA asks for it on every annotation): the LinkArea's
// words, else its URI. A link set over several lines is an annotation per
// line; they share one action object, so its address is in the file once,
// not once a line.
#include <iterator>

#include <fmt/format.h>

#include "pdf/pdf_objects.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

namespace {

// URIs in PDF are 7-bit ASCII (ISO 32000-1, 12.6.4.7): non-ASCII bytes,
// controls and spaces are percent-encoded, the way a browser would send them.
std::string ascii_uri(const std::string& uri) {
  std::string out;
  for (char c : uri) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u >= 0x7F) {
      fmt::format_to(std::back_inserter(out), "%{:02X}", u);
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::vector<LinkAnnotation> add_links(PdfMemDocument& pdf, PdfObject& page_object, const frame::Page& page,
                                      bool printable, UriActions& actions) {
  std::vector<LinkAnnotation> made;
  for (std::size_t e = 0; e < page.elements.size(); ++e) {
    const auto* link = std::get_if<frame::LinkArea>(&page.elements[e]);
    if (!link || link->uri.empty() || link->width <= 0 || link->height <= 0) continue;
    PdfObject& annotation = *pdf.GetObjects().CreateObject("Annot");
    PdfDictionary& a = annotation.GetDictionary();
    a.AddKey("Subtype", PdfName("Link"));
    PdfArray& rect = add_array(a, "Rect");
    rect.push_back(pdf_real(to_pt(link->x)));
    rect.push_back(pdf_real(to_pt(page.height - link->y - link->height)));
    rect.push_back(pdf_real(to_pt(link->x + link->width)));
    rect.push_back(pdf_real(to_pt(page.height - link->y)));
    PdfArray& border = add_array(a, "Border");
    for (int i = 0; i < 3; ++i) border.push_back(pdf_int(0));
    auto [action, fresh] = actions.try_emplace(link->uri);
    if (fresh) {
      PdfObject& object = *pdf.GetObjects().CreateObject("Action");
      object.GetDictionary().AddKey("S", PdfName("URI"));
      object.GetDictionary().AddKey("URI", PdfString(ascii_uri(link->uri)));
      action->second = object.Reference();
    }
    a.AddKey("A", action->second);
    a.AddKey("P", page_object.Reference());
    a.AddKey("Contents", pdf_text(link->contents.empty() ? link->uri : link->contents));
    if (printable) a.AddKey("F", pdf_int(4));  // the Print flag, which PDF/A requires
    made.push_back({e, &annotation});
  }
  if (!made.empty()) {
    PdfArray& annotations = add_array(page_object.GetDictionary(), "Annots");
    annotations.reserve(made.size());
    for (const LinkAnnotation& link : made) annotations.push_back(link.object->Reference());
  }
  return made;
}

}  // namespace cvpdf::pdf
