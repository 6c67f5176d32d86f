// The PDF backend's orchestrator: it only chains the stages, in an order
// that fixes every object number, so identical Documents give identical bytes.
//
//   collect glyph usage → subset + embed fonts → embed images → per page:
//   paint content, resources, links → structure tree (tagged documents) →
//   outline → output intent (PDF/A) → metadata → write → /ID
//
// The file is PDF 1.7 with a classic xref table: no xref streams (PoDoFo
// 0.9.8 writes them malformed), no CollectGarbage (it corrupted a file),
// no linearisation (it throws after truncating the output).
#include "pdf/pdf_writer.hpp"

#include <map>
#include <variant>

#include "core/diagnostics.hpp"
#include "pdf/conformance.hpp"
#include "pdf/format.hpp"
#include "pdf/page_content.hpp"
#include "pdf/pdf_objects.hpp"
#include "pdf/structure.hpp"

namespace cvpdf::pdf {

using namespace PoDoFo;

namespace {

struct Resources {
  std::vector<SubsetFont> fonts;                        // in order of first use
  std::map<text::FaceId, PdfReference> font_objects;
  std::map<std::string, PdfReference> image_objects;   // by path
  PageResources names;
};

void embed_fonts(PdfMemDocument& pdf, const frame::Document& doc, const text::FontBook& fonts, Resources& r) {
  for (const FontUsage& usage : collect_font_usage(doc, fonts)) r.fonts.push_back(subset_font(fonts.face(usage.face), usage));
  for (std::size_t i = 0; i < r.fonts.size(); ++i) {
    const SubsetFont& font = r.fonts[i];
    r.font_objects.emplace(font.face, embed_font(pdf, font));
    r.names.fonts[font.face] = PageFont{"F" + std::to_string(i + 1), &font.glyphs, &font.unicode};
  }
}

void embed_images(PdfMemDocument& pdf, const frame::Document& doc, Resources& r) {
  for (const auto& page : doc.pages) {
    for (const auto& element : page.elements) {
      const auto* image = std::get_if<frame::Image>(&element);
      if (!image || r.image_objects.count(image->path)) continue;
      r.image_objects.emplace(image->path, embed_image(pdf, image->path));
      r.names.images[image->path] = "Im" + std::to_string(r.image_objects.size());
    }
  }
}

PdfArray box(const frame::Page& page) {
  PdfArray a;
  a.push_back(pdf_int(0));
  a.push_back(pdf_int(0));
  a.push_back(pdf_real(to_pt(page.width)));
  a.push_back(pdf_real(to_pt(page.height)));
  return a;
}

TaggedPage add_page(PdfMemDocument& pdf, const frame::Page& page, const Resources& r, const PdfOptions& options) {
  if (page.width <= 0 || page.height <= 0)
    throw FatalError({Severity::Error, SourceSpan{}, "a page has no size", "this is a bug in cvpdf; please report it"});
  PdfPage* pdf_page = pdf.CreatePage(PdfRect(0, 0, to_pt(page.width), to_pt(page.height)));
  PdfObject& object = *pdf_page->GetObject();
  object.GetDictionary().AddKey("MediaBox", box(page));

  const PaintedPage painted = paint_page(page, r.names);
  pdf_page->GetContentsForAppending()->GetStream()->Set(painted.content.data(),
                                                        static_cast<pdf_long>(painted.content.size()));

  PdfDictionary& resources = pdf_page->GetResources()->GetDictionary();
  if (!painted.fonts_used.empty()) {
    PdfDictionary fonts;
    for (text::FaceId face : painted.fonts_used)
      fonts.AddKey(r.names.fonts.at(face).resource, r.font_objects.at(face));
    resources.AddKey("Font", fonts);
  }
  if (!painted.images_used.empty()) {
    PdfDictionary images;
    for (const std::string& path : painted.images_used) images.AddKey(r.names.images.at(path), r.image_objects.at(path));
    resources.AddKey("XObject", images);
  }
  TaggedPage tagged;
  tagged.object = &object;
  tagged.marked = painted.marked;
  for (const LinkAnnotation& link : add_links(pdf, object, page, options.pdfa))
    tagged.annotations.push_back({link.object, std::get<frame::LinkArea>(page.elements[link.element]).tag});
  return tagged;
}

std::string serialise(PdfMemDocument& pdf) {
  PdfRefCountedBuffer buffer;
  PdfOutputDevice device(&buffer);
  pdf.Write(&device);
  std::string bytes(buffer.GetBuffer(), device.GetLength());
  set_file_id(bytes);
  return bytes;
}

}  // namespace

std::string write_pdf(const frame::Document& doc, const text::FontBook& fonts, const PdfOptions& options) {
  PdfError::EnableDebug(false);
  PdfError::EnableLogging(false);
  try {
    PdfMemDocument pdf;
    pdf.SetPdfVersion(ePdfVersion_1_7);
    pdf.SetWriteMode(ePdfWriteMode_Compact);

    Resources resources;
    embed_fonts(pdf, doc, fonts, resources);
    embed_images(pdf, doc, resources);
    resources.names.structure = &doc.structure;
    std::vector<TaggedPage> tagged;
    std::vector<PdfReference> pages;
    for (const auto& page : doc.pages) {
      tagged.push_back(add_page(pdf, page, resources, options));
      pages.push_back(tagged.back().object->Reference());
    }
    if (!doc.structure.empty()) add_structure(pdf, doc.structure, tagged);
    add_outline(pdf, pages, doc);
    if (options.pdfa) add_output_intent(pdf);
    add_metadata(pdf, doc.metadata, Claims{meets_pdfua(doc), options.pdfa});
    return serialise(pdf);
  } catch (const PdfError& e) {
    std::string what = PdfError::ErrorMessage(e.GetError()) ? PdfError::ErrorMessage(e.GetError()) : "unknown error";
    throw FatalError({Severity::Error, SourceSpan{}, "cannot write the PDF: " + what + " (PoDoFo)",
                      "this is a bug in cvpdf; please report it"});
  }
}

}  // namespace cvpdf::pdf
