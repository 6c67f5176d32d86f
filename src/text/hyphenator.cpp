// Hyphenation points: owns the dictionaries (a system .dic that libhyphen
// reads at run time, or en_US compiled into the binary, hyphen_tables.hpp,
// walked here as libhyphen would walk it), the choice of the dictionary for
// a language, and the translation between the word as typed (UTF-8, any
// case) and what the patterns expect (lower case, in the dictionary's
// encoding, positions per character).
#include "text/hyphenator.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>

#include <hyphen.h>
#include <unicode/uchar.h>

#include "core/utf8.hpp"
#include "text/hyphen_tables.hpp"

namespace cvpdf::text {

namespace {

constexpr const char* kHyphenDir = "/usr/share/hyphen";
// The dictionary compiled in (kHyphenEnUs) stands for this file wherever a
// language would load it.
constexpr const char* kBuiltinName = "hyph_en_US.dic";

std::string normalise_charset(const char* cset) {
  std::string out;
  for (const char* p = cset; *p; ++p)
    if (std::isalnum(static_cast<unsigned char>(*p))) out += static_cast<char>(std::toupper(static_cast<unsigned char>(*p)));
  return out;
}

bool is_latin1(int utf8, const char* cset) {
  const std::string name = normalise_charset(cset);
  return !utf8 && (name == "ISO88591" || name == "LATIN1");
}

}  // namespace

namespace {

// A word's hyphen values as hnj_hyphen_hyphenate2 computes them, from a
// compiled-in dictionary's tables as they lie in the binary: libhyphen's
// own traversal (hnj_hyphen_hyph_ over the levels and compound segments,
// hnj_hyphen_lhmin/_rhmin, NOHYPHEN, hnj_hyphen_norm) step for step, on
// indices instead of HyphenDict's pointers, so no run rebuilds libhyphen's
// structs (half a megabyte of states) for its first word. The tables
// have no replacing patterns (the generator refuses them), so libhyphen's
// rep/pos/cut would stay null, as they are here.
static_assert(kMaxPackedHyphenWord >= 4 * Hyphenator::kMaxWordLength, "points() hands over any word it accepts");

class PackedHyphenation {
 public:
  static constexpr int kMaxBytes = static_cast<int>(kMaxPackedHyphenWord);

  explicit PackedHyphenation(const PackedHyphenDictionary& dict) : dict_(dict) {}

  bool hyphenate(std::string_view word, char* hyphens) const {
    const int size = static_cast<int>(word.size());
    if (size > kMaxBytes) return false;
    hyph(0, word.data(), size, hyphens, dict_.clhmin, dict_.crhmin, true, true);
    lhmin(word.data(), size, hyphens, dict_.lhmin > 0 ? dict_.lhmin : 2);
    rhmin(word.data(), size, hyphens, dict_.rhmin > 0 ? dict_.rhmin : 2);
    const char* sequence = dict_.nohyphen;
    for (int n = 0; n < dict_.nohyphen_count; ++n) {
      const std::string_view nh(sequence);
      for (std::size_t at = word.find(nh); at != std::string_view::npos; at = word.find(nh, at + 1)) {
        hyphens[at + nh.size() - 1] = '0';
        if (at > 0) hyphens[at - 1] = '0';
      }
      sequence += nh.size() + 1;
    }
    if (!dict_.utf8) return true;
    if (size > 0 && continuation(word[0])) return false;
    // Each character's value is its last byte's.
    for (int i = 0, j = -1; i < size; ++i) {
      if (!continuation(word[static_cast<std::size_t>(i)])) ++j;
      hyphens[j] = hyphens[i];
    }
    return true;
  }

 private:
  static bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xc0) == 0x80; }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  // word[k], or the '\0' libhyphen's strings end with.
  static unsigned char at(const char* word, int size, int k) {
    return k < size ? static_cast<unsigned char>(word[k]) : 0;
  }
  // hnj_ligature: the ffi and ffl ligatures (U+FB03, U+FB04) count as two
  // letters towards the minima, the others as one.
  static int ligature_extra(const char* word, int size, int k) {
    if (at(word, size, k) != 0xEF || at(word, size, k + 1) != 0xAC) return 0;
    const unsigned char c = at(word, size, k + 2);
    return c == 0x83 || c == 0x84 ? 1 : 0;
  }

  // hnj_hyphen_hyph_: level `level`'s patterns over the word, its compound
  // segments through the same level again, and the whole word through the
  // next level where this one divides nothing.
  void hyph(int level, const char* word, int size, char* hyphens, int clhmin, int crhmin, bool lend, bool rend) const {
    const PackedHyphenLevel& machine = dict_.levels[level];
    char prep[kMaxBytes + 3];
    const int length = size + 2;
    prep[0] = '.';
    for (int i = 0; i < size; ++i) prep[i + 1] = digit(word[i]) ? '.' : word[i];
    prep[size + 1] = '.';
    std::fill(hyphens, hyphens + length, '0');
    std::int32_t state = 0;
    for (int i = 0; i < length; ++i) {
      const char ch = prep[i];
      for (;;) {
        if (state < 0) break;  // not even the root reads ch: no pattern ends here
        const PackedHyphenState& s = machine.states[state];
        const std::uint32_t end = machine.states[state + 1].trans;
        std::uint32_t k = s.trans;
        while (k < end && machine.trans_chars[k] != ch) ++k;
        if (k < end) {
          state = machine.trans_targets[k];
          break;
        }
        state = s.fallback;
      }
      if (state < 0) {
        state = 0;
        continue;
      }
      const std::string_view match(machine.matches + machine.states[state].match);
      const int offset = i + 1 - static_cast<int>(match.size());
      for (int k = offset < 0 ? -offset : 0; k < static_cast<int>(match.size()); ++k)
        hyphens[offset + k] = std::max(hyphens[offset + k], match[static_cast<std::size_t>(k)]);
    }
    // Values after each character, not before.
    for (int i = 0; i + 1 < size; ++i) hyphens[i] = hyphens[i + 1];
    if (size > 0) hyphens[size - 1] = '0';

    if (level + 1 >= dict_.level_count) return;
    char segment_hyphens[kMaxBytes + 3];
    int begin = 0;
    for (int i = 0; i < size; ++i) {
      const bool divides = (hyphens[i] & 1) != 0;
      if (!divides && !(begin > 0 && i + 1 == size)) continue;
      if (i - begin > 0) {
        hyph(level, prep + begin + 1, i - begin + 1, segment_hyphens, clhmin, crhmin, begin > 0 ? false : lend,
             divides ? false : rend);
        std::copy(segment_hyphens, segment_hyphens + (i - begin), hyphens + begin);
        // libhyphen puts back the word's own byte after a segment, not the
        // '.' a digit became: the next segment starts with the digit, which
        // its minima then skip.
        if (i + 1 < size) prep[i + 2] = word[i + 1];
      }
      begin = i + 1;
    }
    if (begin == 0) {
      hyph(level + 1, word, size, hyphens, clhmin, crhmin, lend, rend);
      if (!lend) lhmin(word, size, hyphens, clhmin);
      if (!rend) rhmin(word, size, hyphens, crhmin);
    }
  }

  // hnj_hyphen_lhmin without replacements: no hyphen within the first
  // `minimum` characters (leading digits not counted).
  void lhmin(const char* word, int size, char* hyphens, int minimum) const {
    int i = 1;
    if (dict_.utf8) i += ligature_extra(word, size, 0);
    for (int j = 0; digit(static_cast<char>(at(word, size, j))); ++j) --i;
    for (int j = 0; i < minimum && at(word, size, j) != 0; ++i) {
      do {
        hyphens[j] = '0';
        ++j;
        if (dict_.utf8) i += ligature_extra(word, size, j);
      } while (dict_.utf8 && continuation(static_cast<char>(at(word, size, j))));
    }
  }

  // hnj_hyphen_rhmin without replacements: none within the last `minimum`
  // characters (trailing digits not counted).
  void rhmin(const char* word, int size, char* hyphens, int minimum) const {
    int i = 0;
    for (int j = size - 1; j > 0 && digit(word[j]); --j) --i;
    for (int j = size - 1; i < minimum && j > 0; --j) {
      hyphens[j] = '0';
      if (!dict_.utf8 || !continuation(word[j])) ++i;
    }
  }

  const PackedHyphenDictionary& dict_;
};

}  // namespace

bool hyphenate_packed(const PackedHyphenDictionary& dict, std::string_view word, char* hyphens) {
  return PackedHyphenation(dict).hyphenate(word, hyphens);
}

// Either a HyphenDict libhyphen loaded from a file (freed with
// hnj_hyphen_free), or a compiled-in table, walked as it is.
struct Hyphenator::Dictionary {
  HyphenDict* loaded = nullptr;
  const PackedHyphenDictionary* packed = nullptr;
  bool utf8 = true;
  bool latin1 = false;  // ISO-8859-1; other 8-bit sets are used for ASCII words only

  ~Dictionary() {
    if (loaded) hnj_hyphen_free(loaded);
  }
};

Hyphenator::Hyphenator(std::unique_ptr<Dictionary> dictionary) : dictionary_(std::move(dictionary)) {}
Hyphenator::~Hyphenator() = default;

std::unique_ptr<Hyphenator> Hyphenator::load_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return nullptr;
  HyphenDict* dict = hnj_hyphen_load(path.c_str());
  if (!dict) return nullptr;
  auto dictionary = std::make_unique<Dictionary>();
  dictionary->loaded = dict;
  dictionary->utf8 = dict->utf8 != 0;
  dictionary->latin1 = is_latin1(dict->utf8, dict->cset);
  return std::unique_ptr<Hyphenator>(new Hyphenator(std::move(dictionary)));
}

std::unique_ptr<Hyphenator> Hyphenator::builtin_en_us() {
  auto dictionary = std::make_unique<Dictionary>();
  dictionary->packed = &kHyphenEnUs;
  dictionary->utf8 = kHyphenEnUs.utf8;
  dictionary->latin1 = is_latin1(kHyphenEnUs.utf8, kHyphenEnUs.cset);
  return std::unique_ptr<Hyphenator>(new Hyphenator(std::move(dictionary)));
}

const Hyphenator* Hyphenator::shared(const std::string& language) {
  static std::map<std::string, std::unique_ptr<Hyphenator>> loaded;
  auto it = loaded.find(language);
  if (it == loaded.end()) it = loaded.emplace(language, load_default(language)).first;
  return it->second.get();
}

std::unique_ptr<Hyphenator> Hyphenator::load_default(const std::string& language) {
  // BCP 47 "en-US" / "en_US" → primary "en", region "US"; scripts ("-Latn") are skipped.
  std::string primary;
  std::string region;
  std::size_t start = 0;
  for (int part = 0; start <= language.size(); ++part) {
    std::size_t stop = language.find_first_of("-_", start);
    if (stop == std::string::npos) stop = language.size();
    std::string subtag = language.substr(start, stop - start);
    if (part == 0) {
      for (char& c : subtag) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      primary = subtag;
    } else if (subtag.size() == 2 && region.empty()) {
      for (char& c : subtag) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      region = subtag;
    }
    start = stop + 1;
  }
  if (primary.empty() || !std::all_of(primary.begin(), primary.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
    return nullptr;
  if (region.empty() && primary == "en") region = "US";  // the dictionary hyph_en.dic may not exist

  std::vector<std::string> candidates;
  if (!region.empty()) candidates.push_back("hyph_" + primary + "_" + region + ".dic");
  candidates.push_back("hyph_" + primary + ".dic");
  if (primary == "en") candidates.push_back("hyph_en_US.dic");  // en-GB, en-AU: better than none
  for (const auto& name : candidates) {
    // en_US, by its name or a link to it (hyph_en.dic): the compiled-in
    // table, without reading the file or needing it installed.
    if (name == kBuiltinName) return builtin_en_us();
    const std::string path = std::string(kHyphenDir) + "/" + name;
    std::error_code ec;
    if (std::filesystem::is_symlink(path, ec) &&
        std::filesystem::canonical(path, ec).filename() == kBuiltinName && !ec)
      return builtin_en_us();
    if (auto hyphenator = load_file(path)) return hyphenator;
  }
  return nullptr;
}

std::vector<std::size_t> Hyphenator::points(std::string_view word, int left_min, int right_min) const {
  std::vector<std::size_t> result;
  // The word's letters, without the punctuation around it (quotes, a
  // trailing comma): each one's byte offset in `word`, and the letters
  // lower-cased in the dictionary's encoding. At most kMaxWordLength
  // letters of at most four bytes, so fixed buffers hold them.
  std::array<std::size_t, kMaxWordLength> begins;
  std::array<char, 4 * kMaxWordLength + 1> encoded;
  std::size_t n = 0, bytes = 0;
  const bool ascii = std::all_of(word.begin(), word.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (ascii) {
    // Most words: ASCII, where u_isalpha, u_isupper and u_tolower are the
    // C locale's, read without decoding or ICU.
    auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    std::size_t first = 0, last = word.size();
    while (first < last && !letter(word[first])) ++first;
    while (last > first && !letter(word[last - 1])) --last;
    if (first >= last || last - first > kMaxWordLength) return result;
    for (std::size_t i = first; i < last; ++i) {
      const char c = word[i];
      if (!letter(c) || (i > first && c >= 'A' && c <= 'Z')) return result;
      begins[n++] = i;
      encoded[bytes++] = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
  } else {
    if (utf8::find_invalid(word) != std::string_view::npos) return result;
    struct Letter {
      char32_t cp;
      std::size_t begin;  // byte offset in `word`
    };
    std::vector<Letter> letters;
    for (std::size_t pos = 0; pos < word.size();) {
      std::size_t begin = pos;
      char32_t cp = utf8::decode(word, pos);
      letters.push_back({cp, begin});
    }
    auto is_letter = [](const Letter& l) { return u_isalpha(static_cast<UChar32>(l.cp)) != 0; };
    auto first = std::find_if(letters.begin(), letters.end(), is_letter);
    auto last = std::find_if(letters.rbegin(), letters.rend(), is_letter).base();
    if (first >= last) return result;
    if (static_cast<std::size_t>(last - first) > kMaxWordLength) return result;  // before reading a huge word
    for (auto l = first; l != last; ++l) {
      if (!is_letter(*l) || (l != first && u_isupper(static_cast<UChar32>(l->cp)))) return result;
      // libhyphen's patterns are lower case, in the dictionary's encoding.
      const auto lower = static_cast<char32_t>(u_tolower(static_cast<UChar32>(l->cp)));
      if (dictionary_->utf8) {
        std::string code;
        utf8::append(code, lower);
        for (char c : code) encoded[bytes++] = c;
      } else if (lower < 0x80 || (dictionary_->latin1 && lower < 0x100)) {
        encoded[bytes++] = static_cast<char>(lower);
      } else {
        return result;
      }
      begins[n++] = l->begin;
    }
  }
  encoded[bytes] = '\0';
  left_min = std::max(left_min, 1);
  right_min = std::max(right_min, 1);
  if (static_cast<int>(n) < left_min + right_min) return result;

  std::array<char, 4 * kMaxWordLength + 5> hyphens;
  hyphens.fill('0');
  // hyphens[i] odd: a hyphen may follow character i (per character, also
  // for UTF-8 dictionaries).
  auto collect = [&] {
    for (int i = left_min - 1; i + right_min < static_cast<int>(n); ++i)
      if (hyphens[static_cast<std::size_t>(i)] & 1) result.push_back(begins[static_cast<std::size_t>(i) + 1]);
  };
  if (dictionary_->packed) {
    if (hyphenate_packed(*dictionary_->packed, std::string_view(encoded.data(), bytes), hyphens.data())) collect();
    return result;
  }
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  int failed = hnj_hyphen_hyphenate2(dictionary_->loaded, encoded.data(), static_cast<int>(bytes), hyphens.data(),
                                     nullptr, &rep, &pos, &cut);
  if (!failed) {
    // Non-standard points (rep: "Schiff-fahrt") would change the letters,
    // which the composer cannot do: skipped.
    if (rep)
      for (std::size_t i = 0; i < bytes; ++i)
        if (rep[i]) hyphens[i] = '0';
    collect();
  }
  if (rep) {
    for (std::size_t i = 0; i < bytes; ++i) std::free(rep[i]);
    std::free(rep);
  }
  std::free(pos);
  std::free(cut);
  return result;
}

}  // namespace cvpdf::text
