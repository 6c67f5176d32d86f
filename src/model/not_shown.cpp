// note_fields_not_shown: a second reading of the file with a scratch
// Diagnostics, the JSON Resume reader asked for its "not shown" notes and
// the RenderCV reader for its options "not applied". A second parse is done
// only by `check`, and only for a file that may be one of them; keeping the
// notes out of load_resume keeps a render's messages to what needs action.
#include "model/not_shown.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "model/json_comments.hpp"
#include "model/schema.hpp"
#include "model/text_encoding.hpp"

namespace cvpdf::model {

void note_fields_not_shown(std::string_view text, const std::string& file_name, const std::string& base_directory,
                           Diagnostics& diags) {
  // A JSON Resume has the key `basics`, a RenderCV file `cv`, written out or
  // with escapes: a file with none of them is neither, and is not parsed
  // again (a few milliseconds).
  std::string decoded;
  if (detail::decode_to_utf8(text, file_name, decoded, nullptr)) text = decoded;
  if (text.find("basics") == std::string_view::npos && text.find("cv") == std::string_view::npos &&
      text.find('\\') == std::string_view::npos)
    return;
  Diagnostics scratch;
  std::string uncommented;
  if (detail::blank_json_comments(text, file_name, scratch, uncommented)) text = uncommented;
  auto doc = detail::parse_yaml(text, file_name, scratch);
  if (!doc || !doc->root.is_map() || doc->root.find("person")) return;
  const detail::YNode* basics = doc->root.find("basics");
  const detail::YNode* cv = doc->root.find("cv");
  if (!basics && !(cv && cv->is_map())) return;
  detail::Reader r(*doc, scratch);
  Resume out;
  out.source_path = file_name;
  out.base_directory = base_directory;
  Diagnostics notes;
  if (basics) detail::read_json_resume(r, doc->root, out, &notes);
  else detail::read_rendercv(r, doc->root, out, &notes);
  // In the file's order (meta, read first, is usually last).
  std::vector<Diagnostic> sorted = notes.all();
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::pair(a.span.line, a.span.column) < std::pair(b.span.line, b.span.column);
  });
  for (auto& d : sorted) diags.add(std::move(d));
}

}  // namespace cvpdf::model
