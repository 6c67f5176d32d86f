// The PDF backend's orchestrator: it only chains the stages, in an order
// that fixes every object number, so identical Documents give identical bytes.
//
//   collect glyph usage → subset + embed fonts → embed images → embed
//   colour emoji pictures → per page:
//   paint content, resources, links → structure tree (tagged documents) →
//   outline → output intent (PDF/A) → metadata → write (object_streams.cpp)
//
// Every object is PoDoFo's, in a PdfMemDocument, and PoDoFo writes it; the
// file is PDF 1.7 laid out by object_streams.cpp: object streams and a
// cross-reference stream. Never PdfMemDocument::CollectGarbage (it
// corrupted a file) nor linearisation (it throws after truncating the
// output).
#include "pdf/pdf_writer.hpp"

#include <map>
#include <variant>

#include "core/diagnostics.hpp"
#include "pdf/conformance.hpp"
#include "pdf/object_streams.hpp"
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
  std::map<std::uint32_t, PdfReference> emoji_objects;  // by colour emoji glyph
  PageResources names;
};

void embed_fonts(PdfMemDocument& pdf, const frame::Document& doc, const text::FontBook& fonts, Resources& r) {
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
    PageFont& page_font = r.names.fonts[font.face] =
        PageFont{"F" + std::to_string(i + 1), &font.glyphs, &font.unicode, &font.piece_codes, {}};
    index_glyphs(page_font);
  }
}

// Under PDF/A, photos that are not sRGB or gray are converted to sRGB.
void embed_images(PdfMemDocument& pdf, const frame::Document& doc, bool pdfa, Resources& r) {
  for (const auto& page : doc.pages) {
    for (const auto& element : page.elements) {
      const auto* image = std::get_if<frame::Image>(&element);
      if (!image || r.image_objects.count(image->path)) continue;
      r.image_objects.emplace(image->path, embed_image(pdf, image->path, pdfa));
      r.names.images[image->path] = "Im" + std::to_string(r.image_objects.size());
    }
  }
}

// Whether a glyph of `doc` may stand for a colour emoji (its cluster, or
// the start of one): only then is the colour face looked for.
bool may_have_colour_emoji(const frame::Document& doc) {
  for (const auto& page : doc.pages)
    for (const auto& element : page.elements)
      if (const auto* run = std::get_if<frame::GlyphRun>(&element))
        if (frame::may_want_colour(*run)) return true;
  return false;
}

// Each colour emoji picture once, in order of first use (page_content.hpp).
void embed_emoji(PdfMemDocument& pdf, const frame::Document& doc, const text::FontBook& fonts, Resources& r) {
  r.names.colour_emoji = may_have_colour_emoji(doc) ? fonts.colour_emoji() : nullptr;
  if (!r.names.colour_emoji) return;
  for (const auto& page : doc.pages) {
    for (const auto& element : page.elements) {
      const auto* run = std::get_if<frame::GlyphRun>(&element);
      if (!run) continue;
      for (const frame::EmojiPicture& picture : frame::emoji_pictures(*run, r.names.colour_emoji)) {
        if (r.emoji_objects.count(picture.glyph->glyph)) continue;
        r.emoji_objects.emplace(picture.glyph->glyph,
                                embed_image_data(pdf, picture.glyph->png, r.names.colour_emoji->path()));
        r.names.emoji[picture.glyph->glyph] = "Em" + std::to_string(r.emoji_objects.size());
      }
    }
  }
}

TaggedPage add_page(PdfMemDocument& pdf, const frame::Page& page, PaintedPage&& painted, const Resources& r,
                    const PdfOptions& options, UriActions& actions) {
  if (page.width <= 0 || page.height <= 0)
    throw FatalError({Severity::Error, SourceSpan{}, "a page has no size", "this is a bug in cvpdf; please report it"});
  // The page tree, /Parent, /MediaBox and /Resources with its /ProcSet are PoDoFo's.
  PdfObject& object =
      *pdf.CreatePage(PdfRect(0, 0, round_real(to_pt(page.width)), round_real(to_pt(page.height))))->GetObject();
  object.GetDictionary().AddKey("Contents", add_stream(pdf, painted.content).Reference());

  PdfDictionary& resources = object.GetIndirectKey("Resources")->GetDictionary();
  if (!painted.fonts_used.empty()) {
    PdfDictionary fonts;
    for (text::FaceId face : painted.fonts_used) fonts.AddKey(r.names.fonts.at(face).resource, r.font_objects.at(face));
    resources.AddKey("Font", fonts);
  }
  if (!painted.images_used.empty() || !painted.emoji_used.empty()) {
    PdfDictionary images;
    for (const std::string& path : painted.images_used) images.AddKey(r.names.images.at(path), r.image_objects.at(path));
    for (std::uint32_t glyph : painted.emoji_used) images.AddKey(r.names.emoji.at(glyph), r.emoji_objects.at(glyph));
    resources.AddKey("XObject", images);
  }
  TaggedPage tagged;
  tagged.object = &object;
  tagged.marked = std::move(painted.marked);
  for (const LinkAnnotation& link : add_links(pdf, object, page, options.pdfa, actions))
    tagged.annotations.push_back({link.object, std::get<frame::LinkArea>(page.elements[link.element]).tag});
  return tagged;
}

// `consumed`, when given, is `doc` itself, whose pages' elements are freed
// once painted.
std::string write_document(const frame::Document& doc, const text::FontBook& fonts, const PdfOptions& options,
                           frame::Document* consumed) {
  PdfMemDocument pdf;
  pdf.SetPdfVersion(ePdfVersion_1_7);  // PoDoFo's default is 1.3; object streams need 1.5
  Resources resources;
  embed_fonts(pdf, doc, fonts, resources);
  embed_images(pdf, doc, options.pdfa, resources);
  embed_emoji(pdf, doc, fonts, resources);
  resources.names.structure = &doc.structure;
  std::vector<TaggedPage> tagged;
  std::vector<PdfReference> pages;
  UriActions actions;
  for (std::size_t i = 0; i < doc.pages.size(); ++i) {
    tagged.push_back(
        add_page(pdf, doc.pages[i], paint_page(doc.pages[i], resources.names), resources, options, actions));
    pages.push_back(tagged.back().object->Reference());
    if (consumed) std::vector<frame::Element>().swap(consumed->pages[i].elements);
  }
  if (!doc.structure.empty()) add_structure(pdf, doc.structure, tagged);
  add_outline(pdf, pages, doc);
  if (options.pdfa) add_output_intent(pdf);
  add_metadata(pdf, doc.metadata, Claims{meets_pdfua(doc), options.pdfa});
  return write_with_object_streams(pdf);
}

// PoDoFo's errors as cvpdf's: none is the user's to fix.
std::string write_or_explain(const frame::Document& doc, const text::FontBook& fonts, const PdfOptions& options,
                             frame::Document* consumed) {
  // PoDoFo logs to stderr unless told not to.
  PdfError::EnableDebug(false);
  PdfError::EnableLogging(false);
  try {
    return write_document(doc, fonts, options, consumed);
  } catch (const PdfError& e) {
    const char* what = PdfError::ErrorMessage(e.GetError());
    throw FatalError({Severity::Error, SourceSpan{},
                      std::string("cannot write the PDF: ") + (what ? what : "unknown error") + " (PoDoFo)",
                      "this is a bug in cvpdf; please report it"});
  }
}

}  // namespace

std::string write_pdf(const frame::Document& doc, const text::FontBook& fonts, const PdfOptions& options) {
  return write_or_explain(doc, fonts, options, nullptr);
}

std::string write_pdf(frame::Document&& doc, const text::FontBook& fonts, const PdfOptions& options) {
  return write_or_explain(doc, fonts, options, &doc);
}

}  // namespace cvpdf::pdf
