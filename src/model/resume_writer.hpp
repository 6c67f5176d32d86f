// Writing a Resume back as a cvpdf résumé file (docs/user-guide.md, "The résumé file"):
// what `cvpdf convert` prints for a RenderCV file or a JSON Resume, so it
// can be edited and given a second language. The text loads back to the
// same Resume (the same texts, dates, links, sections and `style:` keys);
// source positions and comments are not kept. yaml-cpp's emitter quotes
// what must be quoted, which is why this lives in src/model.
#pragma once
#include <string>

#include "model/resume.hpp"

namespace cvpdf::model {

// `header` is written first as comment lines (each line prefixed "# ").
std::string write_resume_yaml(const Resume& resume, const std::string& header);

}  // namespace cvpdf::model
