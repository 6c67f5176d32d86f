// Fuzz target: the whole pipeline in memory, as src/app/app.cpp chains it:
// YAML → model::load_resume → compose::render_variant over the built-in
// layout → pdf::write_pdf. A FatalError is a
// reported input error (the app exits 1); anything else escaping — another
// exception, a crash, a hang — is a bug. A written PDF starts with %PDF-.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "compose/builtin_layouts.hpp"
#include "compose/compose.hpp"
#include "compose/render_variant.hpp"
#include "model/loader.hpp"
#include "pdf/pdf_writer.hpp"
#include "text/font_book.hpp"
#include "theme/style_loader.hpp"

namespace {

using namespace cvpdf;

struct Shared {
  text::FontBook book;  // shared by every input, as the app shares it by every variant
  model::StyleMap defaults;
  Shared() {
    book.set_bundled_font_dirs({CVPDF_SOURCE_DIR "/fonts"});
    Diagnostics diags;
    for (const auto& l : compose::builtin_layouts())
      if (l.name == "classic") defaults = *theme::load_style(l.text(), "<built-in layout classic>", diags);
    if (defaults.empty() || diags.has_errors()) std::abort();
  }
};

void render(const model::Resume& resume, const std::string& language, Shared& shared) {
  Diagnostics diags;
  theme::StyleLayers layers;
  layers.push({"<built-in layout classic>", "", shared.defaults});
  layers.push({"fuzz.yaml (style:)", resume.base_directory, resume.style});
  compose::RenderedVariant rendered =
      compose::render_variant(resume, layers, shared.book, {{language, 0, "cvpdf fuzz"}}, diags);
  if (!rendered.ok) return;
  const frame::Document& doc = rendered.document;
  std::string pdf = pdf::write_pdf(doc, shared.book);
  if (pdf.compare(0, 5, "%PDF-") != 0) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Shared* shared = new Shared;
  if (size > 64 * 1024) return 0;  // big inputs are the loader's target; here the depth matters
  std::string_view text(reinterpret_cast<const char*>(data), size);
  Diagnostics diags;
  auto resume = model::load_resume(text, "fuzz.yaml", CVPDF_SOURCE_DIR "/tests/fuzz", diags);
  if (!resume) return 0;
  // The first two variants: the default, and one more (CJK, say) if declared.
  for (std::size_t i = 0; i < resume->languages.size() && i < 2; ++i) {
    try {
      render(*resume, resume->languages[i], *shared);
    } catch (const FatalError&) {
      // A reported input error (a font that is not a font, an unreadable image).
    }
  }
  return 0;
}
