// The composer's orchestrator: it only chains the stages — fonts, header,
// sections (one galley, or two beside a sidebar: sidebar.hpp), pages,
// the running header and footer, the debug overlay, outline and metadata.
#include "compose/compose.hpp"
#include "compose/mirror.hpp"
#include "text/bidi.hpp"

#include "compose/composer.hpp"
#include "compose/dates.hpp"
#include "compose/fonts.hpp"
#include "compose/galley.hpp"
#include "compose/inline_markup.hpp"
#include "compose/overlay.hpp"
#include "compose/paragraph.hpp"
#include "compose/running_text.hpp"
#include "compose/sidebar.hpp"
#include "text/hyphenator.hpp"

namespace cvpdf::compose {

namespace {

std::string keywords_from(const std::string& headline) {
  // "AI Systems · Ascend Training & Inference · HPC" → "AI Systems, Ascend Training & Inference, HPC"
  std::string out;
  std::size_t from = 0;
  const std::string dot = "·";
  while (from <= headline.size()) {
    std::size_t at = headline.find(dot, from);
    std::string part = headline.substr(from, at == std::string::npos ? std::string::npos : at - from);
    while (!part.empty() && part.front() == ' ') part.erase(0, 1);
    while (!part.empty() && part.back() == ' ') part.pop_back();
    if (!part.empty()) out += (out.empty() ? "" : ", ") + part;
    if (at == std::string::npos) break;
    from = at + dot.size();
  }
  return out;
}

}  // namespace

frame::Document compose_document(const model::Resume& resume, const theme::Style& style,
                                 const ComposeOptions& options, text::FontBook& book, Diagnostics& diags) {
  const std::string hb_language = model::pdf_language_tag(options.language);
  FontSet fonts = resolve_fonts(style, hb_language, book, diags);
  const text::Hyphenator* hyphenator = style.hyphenate ? text::Hyphenator::shared(hb_language) : nullptr;
  Typesetter typesetter(book, fonts, style, hb_language, hyphenator, diags, options.memo);
  Galley galley;
  Composer composer{resume, style, options.language, typesetter, galley, diags, style.content_width()};
  composer.icon_face = fonts.icon_face;
  composer.today = date_of(options.creation_time);

  // What is left out for having nothing to show is said once per variant.
  model::warn_nothing_to_show(resume, options.language, diags);

  frame::Document doc;
  // The tree is built with the document, so a composition fit.cpp throws
  // away takes its tree along.
  StructureBuilder structure = structure_builder(doc, resume, hb_language, fonts.icon_face, 0);
  composer.structure = &structure;
  std::vector<PlacedBlock> placed;
  std::vector<PlacedBlock>* record = options.debug_overlay ? &placed : nullptr;
  std::vector<ColumnFrame> columns;
  if (style.sidebar_side == theme::SidebarSide::None) {
    composer.compose_header();
    bool first = true;
    for (const auto& section : resume.sections) {
      if (!composer.shows(section)) continue;  // no heading over nothing
      composer.compose_section(section, first);
      first = false;
    }
    doc.pages = paginate(std::move(galley), style, doc.bookmarks, record, options.filled);
    columns.push_back(text_area(style));
  } else {
    doc.pages = compose_two_columns(composer, doc.bookmarks, record, options.filled);
    const SidebarGeometry geometry = sidebar_geometry(style);
    columns = {geometry.main, geometry.sidebar};
  }
  const std::string name = markup::plain_text(composer.text(resume.person.name));
  add_running_text(doc.pages, composer, name);
  if (options.debug_overlay) add_debug_overlay(doc, placed, columns);
  // A right-to-left language's pages are the left-to-right layout mirrored.
  if (text::is_rtl_language(options.language)) mirror_pages(doc.pages);

  const std::string headline = markup::plain_text(composer.text(resume.person.headline));
  doc.metadata.title = name.empty() ? style.resume_word : name + " — " + style.resume_word;
  doc.metadata.author = name;
  doc.metadata.subject = headline;
  doc.metadata.keywords = keywords_from(headline);
  doc.metadata.language = hb_language;
  doc.metadata.creation_time = options.creation_time;
  doc.metadata.producer = options.producer;
  return doc;
}

}  // namespace cvpdf::compose
