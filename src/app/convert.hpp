// `cvpdf convert FILE [-o OUT]`: a RenderCV file or a JSON Resume (any file
// the loader reads) written as the equivalent cvpdf résumé YAML, so its
// owner can move over and add a second language.
#pragma once
#include <optional>
#include <string>

#include "core/diagnostics.hpp"

namespace cvpdf::app {

// The cvpdf YAML of `input` ("-": standard input), or nullopt when loading
// reported errors to `diags`, for a file at `output` ("" or "-": standard
// output): a relative photo path is rewritten to stay the same file from
// there. Throws IoError when the input cannot be read.
std::optional<std::string> convert_file(const std::string& input, const std::string& output, Diagnostics& diags);

// Writes `yaml` to `output` ("" or "-": standard output) as one atomic
// write; refuses an output that is the input. Throws IoError, OutputRefused.
void write_converted(const std::string& input, const std::string& output, const std::string& yaml);

}  // namespace cvpdf::app
