// Fuzz target: arbitrary bytes as a font file named by a layout. The bytes
// are written to a scratch file and opened through text::find_face with a
// path entry, exactly as a layout's `fonts.latin: [./x.ttf]` is (face 0, and
// face 1 too when the bytes claim to be a collection). A face that opens is
// shaped (Latin with kerning and ligatures, CJK, digits), measured, and
// written as a PDF with pdf::write_pdf: usage collection, hb-subset, CID
// reading with FreeType, embedding, painting. Checked: every refusal is a
// FatalError (or IoError); anything else — a crash, a sanitizer report, an
// uncaught exception — is a finding. CVPDF_FUZZ_VERBOSE=1 prints what each
// input came to.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "core/diagnostics.hpp"
#include "frame/frame.hpp"
#include "pdf/pdf_writer.hpp"
#include "text/font_lookup.hpp"
#include "text/shaper.hpp"

namespace {

using namespace cvpdf;
using namespace cvpdf::text;

const char* const kTexts[] = {"Ada Example, fi ffi AV To.", "训练中文简历，提升。", "0123456789 +-.,%", "A1 训练 Ex"};

std::string scratch_path() {
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("cvpdf-fuzz-fonts-" + std::to_string(getpid()) + ".font")).string();
  return path;
}

bool write_file(const std::string& path, const std::uint8_t* data, std::size_t size) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(data, 1, size, f) == size;
  return std::fclose(f) == 0 && ok;
}

// One page with a run per shaped text, glyphs as the composer places them.
frame::Document document(const FontBook& book, FaceId face) {
  frame::Document doc;
  frame::Page page;
  page.width = pt(300);
  page.height = pt(200);
  FontChain chain{{face}};
  Scaled y = pt(20);
  for (const char* text : kTexts) {
    const std::string s(text);
    ShapeOptions options;
    options.size = pt(10);
    options.language = (static_cast<unsigned char>(s[0]) >= 0x80) ? "zh-Hans" : "en";
    std::vector<char32_t> missing;
    const auto runs = shape(book, s, 0, s.size(), chain, options, &missing);
    (void)total_width(runs);
    Scaled x = pt(10);
    for (const auto& run : runs) {
      frame::GlyphRun out;
      out.face = run.face;
      out.size = run.size;
      out.x = x;
      out.y = y;
      for (std::size_t i = 0; i < run.glyphs.size(); ++i) {
        const auto& g = run.glyphs[i];
        const bool first_of_cluster = i == 0 || run.glyphs[i - 1].cluster != g.cluster;
        const std::size_t end = i + 1 < run.glyphs.size() ? run.glyphs[i + 1].cluster : run.text_end;
        std::string cluster_text;
        if (first_of_cluster && end > g.cluster && end <= s.size()) cluster_text = s.substr(g.cluster, end - g.cluster);
        out.glyphs.push_back(frame::Glyph{g.glyph, g.x_advance, g.x_offset, g.y_offset, cluster_text});
      }
      x += run.width();
      page.elements.push_back(std::move(out));
    }
    y += pt(14);
  }
  doc.pages.push_back(std::move(page));
  return doc;
}

void exercise(const std::string& entry) {
  FontBook book;
  book.set_bundled_font_dirs({});
  try {
    const auto face = find_face(book, FontRequest{entry, Weight::Regular, Slant::Upright, "en", ""});
    if (!face) return;
    const Face& f = book.face(*face);
    (void)f.has_glyph(U'A');
    (void)f.advance(f.glyph_for(U'A'));
    const frame::Document doc = document(book, *face);
    book.check_unchanged();
    (void)pdf::write_pdf(doc, book);
    book.check_unchanged();
    if (std::getenv("CVPDF_FUZZ_VERBOSE")) std::fprintf(stderr, "fuzz_fonts: %s: embedded\n", entry.c_str());
  } catch (const FatalError& e) {
    // A clean refusal naming the font: what bad input must get.
    if (std::getenv("CVPDF_FUZZ_VERBOSE")) std::fprintf(stderr, "fuzz_fonts: %s\n", e.diagnostic().format().c_str());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > (1u << 20)) return 0;
  const std::string path = scratch_path();
  if (!write_file(path, data, size)) return 0;
  exercise(path);
  if (size >= 4 && std::string(reinterpret_cast<const char*>(data), 4) == "ttcf") exercise(path + "#1");
  std::remove(path.c_str());
  return 0;
}
