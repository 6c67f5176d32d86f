// For `check`: the fields of a résumé file that no page shows. A format read
// from another program's schema has fields cvpdf has no place for (JSON
// Resume's postal address, the file's own meta data; RenderCV's design
// options without a cvpdf counterpart); `check` lists each as a note at the
// field, so that nothing is dropped without a word. cvpdf's own format has
// none: each of its keys is set or is a warning already.
#pragma once
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"

namespace cvpdf::model {

// Reads `text` again (as load_resume did) and adds to `diags` one note per
// field that is not shown ("'basics.location.postalCode' is not shown",
// "'design.page.show_footer' is not applied").
// Nothing else is reported: load_resume has said the rest.
void note_fields_not_shown(std::string_view text, const std::string& file_name, const std::string& base_directory,
                           Diagnostics& diags);

}  // namespace cvpdf::model
