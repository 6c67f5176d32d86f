// Hyphenation: where a word may be divided (Liang's patterns through
// libhyphen, the dictionaries LibreOffice uses; en_US's compiled into the
// binary at build time). The composer decides which
// words to offer (not URLs, e-mail addresses or code) and what a hyphen costs.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cvpdf::text {

class Hyphenator {
 public:
  // The system dictionary for a BCP 47 language ("en", "en-US", "en-GB"…),
  // from /usr/share/hyphen (hyph_<lang>_<REGION>.dic, hyph_<lang>.dic; plain
  // "en" means en_US, which is compiled in: builtin_en_us()). nullptr when
  // there is none (e.g. "zh": Chinese is not hyphenated).
  static std::unique_ptr<Hyphenator> load_default(const std::string& language);
  // load_default's, loaded once per language for the life of the process:
  // libhyphen parses a dictionary and builds its state machine on load, a
  // few milliseconds that --fit-pages would otherwise pay for every layout
  // it tries. The same nullptr for a language with none.
  static const Hyphenator* shared(const std::string& language);
  // A libhyphen .dic file; nullptr when it cannot be read.
  static std::unique_ptr<Hyphenator> load_file(const std::string& path);
  // hyph_en_US.dic as it was at build time, compiled into the binary
  // (hyphen_en_us.hpp) and loaded by libhyphen as load_file loads the file:
  // English needs no installed patterns.
  static std::unique_ptr<Hyphenator> builtin_en_us();

  ~Hyphenator();
  Hyphenator(const Hyphenator&) = delete;
  Hyphenator& operator=(const Hyphenator&) = delete;

  // The longest word that is hyphenated, in letters (TeX's limit is 63):
  // longer "words" are identifiers or runaway text, and libhyphen's work
  // grows with the word's length times its patterns' — never handed one.
  static constexpr std::size_t kMaxWordLength = 64;

  // Byte offsets within `word` (UTF-8) before which a hyphen may be inserted,
  // ascending: "optimization" → {2, 4, 8} (op-ti-miza-tion), "performance"
  // → {3, 6}. left_min/right_min count characters; the dictionary's own
  // minima (en_US: 2 and 3) also apply.
  // Leading and trailing punctuation is ignored ("performance," works).
  // No points for: words with anything but letters inside (digits, '_', '/',
  // '-', apostrophes), capitals after the first letter (acronyms such as
  // "NVIDIA", identifiers such as "PyTorch"), letters outside the
  // dictionary's character set, invalid UTF-8, and words over
  // kMaxWordLength letters.
  // libhyphen's answer for each word is kept for the life of the
  // Hyphenator: not for use from two threads at once.
  std::vector<std::size_t> points(std::string_view word, int left_min = 2, int right_min = 3) const;

 private:
  struct Dictionary;
  explicit Hyphenator(std::unique_ptr<Dictionary> dictionary);
  std::unique_ptr<Dictionary> dictionary_;
};

}  // namespace cvpdf::text
