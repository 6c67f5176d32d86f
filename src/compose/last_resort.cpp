// Last-resort breaks (see last_resort.hpp): judging the ordinary breaks,
// finding the long unbreakable runs, the cuts inside a word, and the words
// of the warning.
#include "compose/last_resort.hpp"

#include <algorithm>
#include <cmath>

#include "core/utf8.hpp"
#include "text/line_breaks.hpp"

namespace cvpdf::compose::last_resort {

Verdict judge(const typeset::BreakResult& result, int tolerance, Scaled ragged_stretch) {
  Verdict v;
  // The stretch ratio of a line of badness `tolerance` (100 r³ = badness).
  const double limit = std::cbrt(std::min(tolerance, typeset::kInfBad) / 100.0) + 1e-6;
  for (const auto& line : result.lines) {
    if (line.overfull) {
      ++v.overfull;
      continue;
    }
    // Justified, a loose line shows in its spaces: its ratio as set (a
    // line with nothing to stretch, a URL's, is set at its natural width,
    // only short). Ragged, it ends far short of the measure ("Nightly
    // builds" alone before a long address), judged by its shortfall alone:
    // a ragged line may also end at the glue before its line-end stretch.
    double ratio = line.glue_set;
    if (ragged_stretch > 0 && !line.has_fil()) {
      const Scaled shortfall = std::max<Scaled>(0, line.width - line.natural_width);
      ratio = static_cast<double>(shortfall) / static_cast<double>(ragged_stretch);
    }
    if (ratio > limit) {
      ++v.loose;
      v.worst = std::max(v.worst, ratio);
    }
  }
  return v;
}

Scaled long_run_width(Scaled width, Scaled first_line_width, Scaled em) {
  const Scaled narrowest = first_line_width > 0 ? std::min(width, first_line_width) : width;
  return std::min(narrowest, std::max(width / 3, kLongRunEms * em));
}

std::vector<Run> long_runs(const std::vector<typeset::Item>& items, Scaled min_width) {
  std::vector<Run> runs;
  std::size_t begin = 0;
  Scaled width = 0;
  auto close = [&](std::size_t end) {
    if (width > min_width) runs.push_back({begin, end});
    begin = end + 1;
    width = 0;
  };
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto& it = items[i];
    switch (it.type) {
      case typeset::ItemType::Box:
        width += it.width;
        break;
      case typeset::ItemType::Glue:
        if (i > 0 && items[i - 1].type == typeset::ItemType::Box) {
          close(i);
        } else if (width > 0) {
          width += it.width;  // glue inside the run; at its start it is discarded after a break
        }
        break;
      case typeset::ItemType::Penalty:
      case typeset::ItemType::Discretionary:
        if (it.penalty < typeset::kInfinitePenalty) close(i);
        break;
    }
  }
  close(items.size());
  return runs;
}

bool may_cut(char32_t before, char32_t after) { return text::may_break_between(before, after); }

std::vector<std::size_t> cut_glyphs(std::string_view text, std::size_t begin, std::size_t end,
                                    std::span<const std::size_t> clusters) {
  std::vector<std::size_t> cuts;
  // The list's emergency opportunities (grapheme boundaries kinsoku
  // allows) that are also glyph cluster starts; both ascend: one merge.
  const std::vector<text::BreakOpportunity> graphemes = text::emergency_breaks(text, begin, end);
  auto next = graphemes.begin();
  for (std::size_t g = 1; g < clusters.size(); ++g) {
    if (clusters[g] <= clusters[g - 1]) continue;  // inside a cluster, or right to left
    while (next != graphemes.end() && next->offset < clusters[g]) ++next;
    if (next != graphemes.end() && next->offset == clusters[g]) cuts.push_back(g);
  }
  return cuts;
}

namespace {

bool delimits(char32_t cp) { return cp == U' ' || cp == U'\t' || cp == U'\n' || text::is_cjk(cp); }

// The byte where the word around `at` starts (after a space or CJK text).
std::size_t word_begin(std::string_view text, std::size_t at) {
  std::size_t b = at;
  while (b > 0) {
    std::size_t start = b - 1;
    while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
    std::size_t pos = start;
    if (delimits(utf8::decode(text, pos))) break;
    b = start;
  }
  return b;
}

std::size_t word_end(std::string_view text, std::size_t at) {
  std::size_t e = at;
  while (e < text.size()) {
    std::size_t next = e;
    if (delimits(utf8::decode(text, next))) break;
    e = next;
  }
  return e;
}

}  // namespace

std::string cut_message(std::string_view text, std::size_t at) {
  constexpr std::size_t kWord = 16;    // clusters of the word quoted
  constexpr std::size_t kContext = 6;  // clusters either side of the cut
  const std::size_t begin = word_begin(text, at);
  const std::size_t end = word_end(text, at);
  std::vector<std::size_t> b = text::grapheme_boundaries(text, begin, end);
  b.insert(b.begin(), begin);
  b.push_back(end);
  const std::size_t cut = static_cast<std::size_t>(std::lower_bound(b.begin(), b.end(), at) - b.begin());
  auto slice = [&](std::size_t from, std::size_t to) { return std::string(text.substr(b[from], b[to] - b[from])); };
  const std::size_t last = b.size() - 1;
  std::string word = slice(0, std::min(kWord, last)) + (last > kWord ? "…" : "");
  const std::size_t before = cut > kContext ? cut - kContext : 0;
  const std::size_t after = std::min(last, cut + kContext);
  std::string where = (before > 0 ? "…" : "") + slice(before, cut) + "|" + slice(cut, after) + (after < last ? "…" : "");
  return "'" + word + "' was broken inside a word at '" + where + "' to fit the line";
}

}  // namespace cvpdf::compose::last_resort
