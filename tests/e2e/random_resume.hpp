// Random résumés in cvpdf's YAML, from a 64-bit seed: every field kind of
// the résumé schema (person, items, pairs, publications, paragraphs,
// numbered entries, section bullets and text, `only:`), localized and
// plain values, lengths from empty to very long, Latin, CJK and mixed
// text, long tokens (key fingerprints) and URLs with query strings. The
// same seed (and edition, below) gives the same bytes on every machine:
// the generator's own PRNG (splitmix64) and no standard distribution,
// whose output differs between library versions.
// Alongside the YAML it records what each variant must show, for the
// property test (random_resume_test.cpp) to look for in the PDF.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cvpdf::test {

// splitmix64 (Steele, Lea, Flood 2014): tiny, full-period, well mixed.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  // Uniform in [0, n) (n > 0), by the high bits' product: no modulo bias
  // worth the name at these n, and the same on every platform.
  std::uint64_t below(std::uint64_t n);
  // Uniform in [lo, hi].
  int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<std::uint64_t>(hi - lo + 1))); }
  // True with probability percent/100.
  bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }

 private:
  std::uint64_t state_;
};

// One string the PDF must show, and where in the input it came from
// ("sections[2].entries[0].bullets[1]"), for the failure message.
struct Shown {
  std::string text;
  std::string where;
};

// What the generator writes has grown by editions; a seed kept for what it
// found (tests/e2e/random-seeds/) names the edition it was found with, so
// that its résumé stays the one that found it. 1: the first; 2: numbered
// entries too — drawn from a stream of their own, so a seed's edition 2 is
// its edition 1 with sections and runs of numbered entries added.
constexpr int kLatestEdition = 2;

struct RandomResume {
  std::uint64_t seed = 0;
  int edition = kLatestEdition;  // 0: a short résumé (random_short_resume)
  std::string yaml;
  std::vector<std::string> languages;  // as the file declares them: en, zh
  // Per variant (language): every non-empty scalar text it must show —
  // names, titles, bullets, labels… — with `only:` and fallbacks applied.
  // Not dates (formatted per language), addresses or link URLs (a theme
  // may show a label or an icon for them).
  std::map<std::string, std::vector<Shown>> shown;
  // Per variant: the titles of sections it keeps (no `only:` against it)
  // that have nothing to show in it — no entry, bullet or text with a
  // non-empty value or a date. The user guide: such a section is not set.
  std::map<std::string, std::vector<Shown>> empty_sections;
};

RandomResume random_resume(std::uint64_t seed, int edition = kLatestEdition);

// Short résumés (issue 28: the last page earns its place), apart from the
// editions above, which they leave as they are: a person and sections of
// items (bullets of a line or two), publications, pairs and a section's
// own bullets, in English and Chinese, of plain words. Each entry is drawn
// from a stream of its own (the seed and the entry's number), so the
// résumé of n entries is the one of n - 1 with one more entry at its end:
// grown an entry at a time, it fills a page, then spills onto a second.
RandomResume random_short_resume(std::uint64_t seed, int entries);

// The short résumé of `seed` that ends a few lines past one page: the
// fewest entries (up to kShortMaxEntries) whose résumé `pages_of` — the
// caller renders it in its theme and language — counts as 2 or more
// pages, found by doubling the entries, then halving the bracket. Render
// with `--set fit.short-page=0` in pages_of, so the spill is the page
// builder's own; the résumé then exercises the page-saving rule (rendered
// as it is) and the last page's balance (with fit.short-page 0). The
// largest tried when none spills.
inline constexpr int kShortMaxEntries = 64;
RandomResume spilling_short_resume(std::uint64_t seed, const std::function<int(const RandomResume&)>& pages_of);

// A YAML double-quoted scalar for any UTF-8 text: `"`, `\` and control
// characters escaped, everything else as is.
std::string yaml_quoted(const std::string& text);

}  // namespace cvpdf::test
