// The PDF backend's orchestrator: it only chains the stages, in an order
// that fixes every object number, so identical Documents give identical bytes.
//
//   collect glyph usage → subset + embed fonts → embed images → per page:
//   paint content, resources, links → structure tree (tagged documents) →
//   outline → output intent (PDF/A) → metadata → write (serialise.cpp)
//
// The objects are objects.hpp's; the file is PDF 1.7 laid out by
// serialise.cpp: object streams and a cross-reference stream.
#include "pdf/pdf_writer.hpp"

#include <map>
#include <variant>

#include "core/diagnostics.hpp"
#include "pdf/conformance.hpp"
#include "pdf/format.hpp"
#include "pdf/page_content.hpp"
#include "pdf/pdf_objects.hpp"
#include "pdf/serialise.hpp"
#include "pdf/structure.hpp"

namespace cvpdf::pdf {

namespace {

struct Resources {
  std::vector<SubsetFont> fonts;                        // in order of first use
  std::map<text::FaceId, Ref> font_objects;
  std::map<std::string, Ref> image_objects;            // by path
  PageResources names;
};

void embed_fonts(Document& pdf, const frame::Document& doc, const text::FontBook& fonts, Resources& r) {
  // What shaping read of a font file, and then what hb-subset read, is not
  // read again for this document: given back before and after each subset,
  // the peak holds one face's reading, not all of them.
  const std::vector<FontUsage> usages = collect_font_usage(doc, fonts);
  auto release = [&](const FontUsage& usage) {
    if (const text::Face& face = fonts.face(usage.face); face.file) face.file->release_pages();
  };
  for (const FontUsage& usage : usages) release(usage);
  for (const FontUsage& usage : usages) {
    r.fonts.push_back(subset_font(fonts.face(usage.face), usage));
    release(usage);
  }
  for (std::size_t i = 0; i < r.fonts.size(); ++i) {
    const SubsetFont& font = r.fonts[i];
    r.font_objects.emplace(font.face, embed_font(pdf, font));
    PageFont& page_font = r.names.fonts[font.face] = PageFont{"F" + std::to_string(i + 1), &font.glyphs, &font.unicode, {}};
    index_glyphs(page_font);
  }
}

void embed_images(Document& pdf, const frame::Document& doc, Resources& r) {
  for (const auto& page : doc.pages) {
    for (const auto& element : page.elements) {
      const auto* image = std::get_if<frame::Image>(&element);
      if (!image || r.image_objects.count(image->path)) continue;
      r.image_objects.emplace(image->path, embed_image(pdf, image->path));
      r.names.images[image->path] = "Im" + std::to_string(r.image_objects.size());
    }
  }
}

Array box(const frame::Page& page) {
  Array a;
  a.push_back(pdf_int(0));
  a.push_back(pdf_int(0));
  a.push_back(pdf_real(to_pt(page.width)));
  a.push_back(pdf_real(to_pt(page.height)));
  return a;
}

TaggedPage add_page(Document& pdf, const frame::Page& page, PaintedPage&& painted, const Resources& r,
                    const PdfOptions& options) {
  if (page.width <= 0 || page.height <= 0)
    throw FatalError({Severity::Error, SourceSpan{}, "a page has no size", "this is a bug in cvpdf; please report it"});
  Object& object = pdf.add_page(to_pt(page.width), to_pt(page.height));
  object.dictionary().set("MediaBox", box(page));

  Object& content = pdf.create();
  set_stream(content, painted.content, StreamFilter::Flate);
  object.dictionary().set("Contents", content.ref);

  Dictionary resources = *object.dictionary().get("Resources")->get_if<Dictionary>();
  if (!painted.fonts_used.empty()) {
    Dictionary fonts;
    for (text::FaceId face : painted.fonts_used) fonts.set(r.names.fonts.at(face).resource, r.font_objects.at(face));
    resources.set("Font", fonts);
  }
  if (!painted.images_used.empty()) {
    Dictionary images;
    for (const std::string& path : painted.images_used) images.set(r.names.images.at(path), r.image_objects.at(path));
    resources.set("XObject", images);
  }
  object.dictionary().set("Resources", std::move(resources));
  TaggedPage tagged;
  tagged.object = &object;
  tagged.marked = std::move(painted.marked);
  for (const LinkAnnotation& link : add_links(pdf, object, page, options.pdfa))
    tagged.annotations.push_back({link.object, std::get<frame::LinkArea>(page.elements[link.element]).tag});
  return tagged;
}

// `consumed`, when given, is `doc` itself, whose pages' elements are freed
// once painted.
std::string write_document(const frame::Document& doc, const text::FontBook& fonts, const PdfOptions& options,
                           frame::Document* consumed) {
  Document pdf;
  Resources resources;
  embed_fonts(pdf, doc, fonts, resources);
  embed_images(pdf, doc, resources);
  resources.names.structure = &doc.structure;
  std::vector<TaggedPage> tagged;
  std::vector<Ref> pages;
  for (std::size_t i = 0; i < doc.pages.size(); ++i) {
    tagged.push_back(add_page(pdf, doc.pages[i], paint_page(doc.pages[i], resources.names), resources, options));
    pages.push_back(tagged.back().object->ref);
    if (consumed) std::vector<frame::Element>().swap(consumed->pages[i].elements);
  }
  if (!doc.structure.empty()) add_structure(pdf, doc.structure, tagged);
  add_outline(pdf, pages, doc);
  if (options.pdfa) add_output_intent(pdf);
  add_metadata(pdf, doc.metadata, Claims{meets_pdfua(doc), options.pdfa});
  return serialise_document(pdf);
}

}  // namespace

std::string write_pdf(const frame::Document& doc, const text::FontBook& fonts, const PdfOptions& options) {
  return write_document(doc, fonts, options, nullptr);
}

std::string write_pdf(frame::Document&& doc, const text::FontBook& fonts, const PdfOptions& options) {
  return write_document(doc, fonts, options, &doc);
}

}  // namespace cvpdf::pdf
