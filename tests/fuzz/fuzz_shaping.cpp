// Fuzz target: random text → text::segment_text and text::shape with real
// fonts (bundled Lato, Noto Sans CJK SC through fontconfig, via
// text::find_face). The bytes are made valid UTF-8 first (invalid bytes
// become U+FFFD), as the loader guarantees for every text the composer sees.
// Checked: segments tile the text; runs tile the range shaped; every glyph's
// cluster lies inside its run.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/utf8.hpp"
#include "text/font_lookup.hpp"
#include "text/line_breaks.hpp"
#include "text/shaper.hpp"

namespace {

using namespace cvpdf;
using namespace cvpdf::text;

void check(bool ok) {
  if (!ok) std::abort();
}

struct Fonts {
  FontBook book;
  FontChain regular, bold;
  Fonts() {
    book.set_bundled_font_dirs({CVPDF_SOURCE_DIR "/fonts"});
    auto need = [&](const FontRequest& r) {
      auto id = find_face(book, r);
      if (!id) {
        std::fprintf(stderr, "fuzz_shaping: font not found: %s\n", r.family_or_path.c_str());
        std::abort();
      }
      return *id;
    };
    regular.faces = {need({"Lato-Regular.ttf", Weight::Regular, Slant::Upright, "en", ""}),
                     need({"Noto Sans CJK SC", Weight::Regular, Slant::Upright, "zh-Hans", ""})};
    bold.faces = {need({"Lato-Bold.ttf", Weight::Bold, Slant::Upright, "en", ""}),
                  need({"Noto Sans CJK SC", Weight::Bold, Slant::Upright, "zh-Hans", ""})};
  }
};

void check_segments(const std::string& text, const std::vector<Segment>& segments) {
  if (text.empty()) return;
  check(!segments.empty() && segments.front().begin == 0 && segments.back().space_end == text.size());
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const Segment& s = segments[i];
    check(s.begin <= s.end && s.end <= s.space_end && s.space_end <= text.size());
    if (i + 1 < segments.size()) check(s.space_end == segments[i + 1].begin);
  }
}

void check_runs(const std::vector<ShapedRun>& runs, std::size_t begin, std::size_t end) {
  if (begin == end) return;
  check(!runs.empty() && runs.front().text_begin == begin && runs.back().text_end == end);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const ShapedRun& r = runs[i];
    check(r.text_begin < r.text_end);
    if (i + 1 < runs.size()) check(r.text_end == runs[i + 1].text_begin);
    for (const auto& g : r.glyphs) check(g.cluster >= r.text_begin && g.cluster < r.text_end);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Fonts* fonts = new Fonts;  // once per process, as the app's FontBook is once per run
  static const char* kLanguages[] = {"en", "zh-Hans", "ja", "ko", "ar", "he", "th", "hi", ""};
  if (size < 2 || size > 4096) return 0;
  const std::string language = kLanguages[data[0] % 9];
  ShapeOptions options;
  options.language = language;
  options.size = pt(1 + data[1] % 48);
  options.kerning = data[1] & 0x40;
  options.ligatures = data[1] & 0x80;
  options.letter_spacing = (data[0] & 0x80) ? pt(0.5) : 0;
  const FontChain& chain = (data[0] & 0x40) ? fonts->bold : fonts->regular;

  std::string_view raw(reinterpret_cast<const char*>(data + 2), size - 2);
  std::string text;
  for (std::size_t pos = 0; pos < raw.size();) utf8::append(text, utf8::decode(raw, pos));

  auto segments = segment_text(text, language);
  check_segments(text, segments);
  std::vector<char32_t> missing;
  for (const Segment& s : segments) check_runs(shape(fonts->book, text, s.begin, s.end, chain, options, &missing), s.begin, s.end);
  check_runs(shape(fonts->book, text, 0, text.size(), chain, options), 0, text.size());
  return 0;
}
