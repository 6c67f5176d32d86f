// The composer's orchestrator: it only chains the stages — fonts, header,
// sections (one galley, or two beside a sidebar: sidebar.hpp), pages,
// footers, the debug overlay, outline and metadata.
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
#include "compose/sidebar.hpp"
#include "core/templates.hpp"
#include "text/hyphenator.hpp"

namespace cvpdf::compose {

namespace {

// The page number in the layout's words for the language: "Page {page} of
// {pages}", "第 {page} 页，共 {pages} 页".
std::string page_number(const std::string& pattern, std::size_t page, std::size_t pages) {
  return expand_template(pattern, {{"page", std::to_string(page)}, {"pages", std::to_string(pages)}});
}

// "Name · Page 2 of 3" at the foot of every page from the layout's
// `footer.from-page`, so a loose page still says whose and which it is;
// and with `footer.last-updated`, "Last updated Dec 2026" at the left of
// every page's foot, so a printed copy says how fresh it is.
void add_footers(std::vector<frame::Page>& pages, const std::string& name, const theme::Style& style,
                 Typesetter& typesetter, const model::Date& today) {
  const SpanStyle muted{FontVariant::Regular, style.footer_size, style.muted_color, 0};
  const Scaled baseline = style.page_height - style.margin_bottom / 2;
  ParagraphShape shape = typesetter.body_shape(style.content_width());
  shape.align = theme::Alignment::Ragged;
  // What setting the footer could warn of (a name broken inside a word
  // to fit) is said of the name where the header sets it, or is of a
  // trial whose lines give way to the page number alone.
  std::vector<Diagnostic> unsaid;
  std::vector<SetLine> stamp;
  if (style.footer_last_updated && today.year > 0) {
    const model::Date month{today.year, today.month, 0, false, {}};
    RichText words;
    words.add(expand_template(style.last_updated_words, {{"date", format_date(month, style.dates)}}), muted);
    stamp = typesetter.set_trial(words, shape, unsaid);
    if (stamp.size() > 1) stamp.clear();  // words longer than the measure: a theme's mistake, not set
  }
  // The name and page number share the line with the stamp, an em apart.
  if (!stamp.empty()) shape = typesetter.body_shape(style.content_width() - stamp.front().width - style.footer_size);
  for (std::size_t i = 0; !stamp.empty() && i < pages.size(); ++i) {
    SetLine line = stamp.front();
    translate(line.elements, style.margin_left, baseline);
    for (auto& e : line.elements) pages[i].elements.push_back(std::move(e));
  }
  if (pages.size() < 2 && style.footer_from_page > 1) return;
  auto footer_lines = [&](const std::string& page, bool with_name) {
    RichText footer;
    if (with_name) footer.add(name + "  ·  ", muted);
    footer.add(page, muted);
    return typesetter.set_trial(footer, shape, unsaid);
  };
  // The footer is one line in the bottom margin: a name too long to share
  // it gives way to the page number, which is what a loose page needs. The
  // last page's number is the longest, so one trial there decides for every
  // page — and a long name is set once, not once a page (the pages of a
  // name that fills pages grow with it).
  bool name_fits = !name.empty() && footer_lines(page_number(style.page_words, pages.size(), pages.size()), true).size() == 1;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    int number = static_cast<int>(i) + 1;
    if (number < style.footer_from_page) continue;
    const std::string page = page_number(style.page_words, i + 1, pages.size());
    auto lines = footer_lines(page, name_fits);
    if (lines.size() > 1 && name_fits) lines = footer_lines(page, false);
    if (lines.empty()) continue;
    SetLine& line = lines.front();
    // Flush right, halfway down the bottom margin.
    translate(line.elements, style.page_width - style.margin_right - line.width, baseline);
    for (auto& e : line.elements) pages[i].elements.push_back(std::move(e));
  }
}

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
  add_footers(doc.pages, name, style, typesetter, composer.today);
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
