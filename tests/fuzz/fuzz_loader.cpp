// Fuzz target: model::load_resume on arbitrary bytes (YAML, JSON, garbage).
// Whatever the input, the loader returns a résumé or reports errors; it
// never crashes, hangs or throws. Every error carries a message, and a
// returned résumé has at least one language.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "model/loader.hpp"
#include "theme/style_loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  cvpdf::Diagnostics diags;
  auto resume = cvpdf::model::load_resume(text, "fuzz.yaml", ".", diags);
  if (resume && diags.has_errors()) std::abort();   // a résumé comes back only without errors
  if (!resume && !diags.has_errors()) std::abort();  // a failure always says why
  for (const auto& d : diags.all())
    if (d.message.empty()) std::abort();
  if (resume) {
    if (resume->languages.empty()) std::abort();
    cvpdf::model::check_translations(*resume, diags);
  }
  // The same bytes as a layout file.
  cvpdf::Diagnostics style_diags;
  (void)cvpdf::theme::load_style(text, "fuzz-layout.yaml", style_diags);
  return 0;
}
