// The running header and footer, set on the pages once they are made:
// "Name · Page 2 of 3" from footer.from-page, the month the PDF is dated
// (footer.last-updated), and the theme's free text in the top and bottom
// margins (words.<lang>.header-text / footer-text: a reference number, a
// data-protection consent clause), with the résumé's inline markup and
// the fields {page} {pages} {name} {date}.
#pragma once
#include <string>
#include <vector>

#include "compose/composer.hpp"
#include "frame/frame.hpp"

namespace cvpdf::compose {

// `name` is the person's name as plain text.
void add_running_text(std::vector<frame::Page>& pages, const Composer& composer, const std::string& name);

}  // namespace cvpdf::compose
