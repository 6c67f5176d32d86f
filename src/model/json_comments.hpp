// JSON with comments (// and /* */, as editors' "JSONC" allows) — read with
// a warning, not refused. cvpdf reads JSON as YAML's flow syntax, where
// "// a note" is no comment but a stray text, and yaml-cpp then says a '['
// or '{' is not closed, far from the cause. A résumé file with a comment
// means what it says once the comment is gone, so cvpdf blanks the
// comments before parsing (every character of a comment becomes a space and
// line breaks stay, so each position in the file stays where it was) and
// warns once, at the first comment: other JSON Resume tools (resume-cli,
// JSON.parse) refuse the file.
#pragma once
#include <string>
#include <string_view>

#include "core/diagnostics.hpp"

namespace cvpdf::model::detail {

// When `text` is a JSON document (it opens with '{' or '[') holding
// comments: `out` is the text with them blanked, a warning is reported, and
// the result is true. An unclosed /* is an error (false, `out` empty).
// False with nothing reported when there is nothing to blank. Only a '//'
// or '/*' outside quotes that starts a token after JSON's punctuation or a
// complete value counts: "http://x" inside a flow YAML text stays text.
bool blank_json_comments(std::string_view text, const std::string& file, Diagnostics& diags, std::string& out);

}  // namespace cvpdf::model::detail
