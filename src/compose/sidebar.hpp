// The two-column page of sidebar.side left|right: the text area split into
// a sidebar and a main column, each set by its own Composer into its own
// galley, both paginated, and their pages laid over one another — the
// sidebar's background first, then the columns in the theme's reading order.
#pragma once
#include <string>
#include <vector>

#include "compose/composer.hpp"
#include "compose/galley.hpp"
#include "core/diagnostics.hpp"
#include "frame/frame.hpp"
#include "model/language_tags.hpp"
#include "model/resume.hpp"
#include "theme/style.hpp"

namespace cvpdf::compose {

// Where the columns go on every page.
struct SidebarGeometry {
  // The main column: the text area less the sidebar and sidebar.gap.
  ColumnFrame main;
  // Where the sidebar's text is set: its column (sidebar.width of the text
  // area, on the outer side) less sidebar.padding on the side toward the
  // main column.
  ColumnFrame sidebar;
  // The tint behind the sidebar, the page's full height, from the paper's
  // edge to sidebar.padding beyond the column's inner edge.
  frame::Rule background;
  bool draws_background = false;  // false for a white background
};

SidebarGeometry sidebar_geometry(const theme::Style& style);

// Whether the section goes into the sidebar: its title, in any of the
// résumé's languages, is one of sidebar.sections (case and surrounding
// space ignored).
bool in_sidebar(const model::Section& section, const theme::Style& style);

// The header parts sidebar.header names (photo, contact, metrics; name,
// headline and summary too), as a HeaderPart mask. An unknown word is a
// warning at the key's place (Style::origin).
unsigned sidebar_header_parts(const theme::Style& style, Diagnostics& diags);

// The style the sidebar's part of the header is set in: flush left with
// contacts one per line (a photo alone is centred in the column).
theme::Style sidebar_header_style(const theme::Style& style, unsigned parts);

// Sets the header and the sections into the two columns (the composer
// `base` lends its résumé, style, language, typesetter and diagnostics) and
// returns the pages: as many as the longer column fills, each with the
// background first, then the columns' elements in sidebar.reading-order.
// Bookmarks are appended page by page in the same order; `placed`, when
// given, records every block for the debug overlay; `filled`, when given,
// is set to how full each page is (paginate's), the fuller column's.
std::vector<frame::Page> compose_two_columns(const Composer& base, std::vector<frame::Bookmark>& bookmarks,
                                             std::vector<PlacedBlock>* placed = nullptr, std::vector<double>* filled = nullptr);

}  // namespace cvpdf::compose
