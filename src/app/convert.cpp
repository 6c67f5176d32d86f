// convert_file and write_converted (see convert.hpp). The résumé is loaded
// as for rendering — RenderCV, JSON Resume or cvpdf's own schema, with the
// same messages — and written back by model::write_resume_yaml.
#include "app/convert.hpp"

#include <filesystem>

#include "app/atomic_write.hpp"
#include "app/files.hpp"
#include "app/output_target.hpp"
#include "model/loader.hpp"
#include "model/resume_writer.hpp"

namespace cvpdf::app {

namespace fs = std::filesystem;

std::optional<std::string> convert_file(const std::string& input, const std::string& output, Diagnostics& diags) {
  const std::string name = input == "-" ? "<stdin>" : input;
  const std::string source = read_input(input);
  std::string base = input == "-" ? fs::current_path().string() : fs::path(input).parent_path().string();
  if (base.empty()) base = ".";
  auto resume = model::load_resume(source, name, base, diags);
  if (!resume || diags.has_errors()) return std::nullopt;
  // The photo is found relative to the file that names it: written to
  // another directory, the converted file names it from there (standard
  // output is taken to land in the working directory).
  const std::string& written = resume->person.photo;
  if (!written.empty() && written.find("://") == std::string::npos && fs::path(written).is_relative()) {
    const fs::path from = fs::absolute(output.empty() || output == "-" ? fs::path(".") : fs::path(output).parent_path());
    const fs::path photo = fs::absolute(resume->photo_path());
    const fs::path relative = photo.lexically_normal().lexically_relative(from.lexically_normal());
    if (!relative.empty()) resume->person.photo = relative.string();
  }
  return model::write_resume_yaml(*resume, "cvpdf résumé converted from " + fs::path(name).filename().string() +
                                               " by `cvpdf convert`; the file format is in docs/user-guide.md");
}

void write_converted(const std::string& input, const std::string& output, const std::string& yaml) {
  const std::string path = output.empty() ? "-" : output;
  std::vector<std::string> read;
  if (input != "-") read.push_back(input);
  auto targets = plan_targets({{path, "the converted résumé"}}, read, input == "-");
  const OutputBytes bytes(yaml);
  write_all({PlannedWrite{targets.front(), &bytes}});
}

}  // namespace cvpdf::app
