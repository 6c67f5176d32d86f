// Hyphenation points: owns the dictionaries (libhyphen's, read from a system
// .dic or, for en_US, from the copy compiled into the binary,
// hyphen_en_us.hpp), the choice of the dictionary for a language, and the
// translation between the word as typed (UTF-8, any case) and what the
// patterns expect (lower case, in the dictionary's encoding, positions per
// character). libhyphen alone finds the points.
#include "text/hyphenator.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <unordered_map>

#include <hyphen.h>
#include <unicode/uchar.h>

#include "core/utf8.hpp"
#include "text/hyphen_en_us.hpp"

namespace cvpdf::text {

namespace {

constexpr const char* kHyphenDir = "/usr/share/hyphen";
// The dictionary compiled in stands for this file wherever a language
// would load it.
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

// ICU's letters, capitals and lower case; in ASCII, most words' every
// character, ICU's answers are the C locale's and need no call.
bool is_letter(char32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  return u_isalpha(static_cast<UChar32>(c)) != 0;
}

bool is_upper(char32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z';
  return u_isupper(static_cast<UChar32>(c)) != 0;
}

char32_t to_lower(char32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
  return static_cast<char32_t>(u_tolower(static_cast<UChar32>(c)));
}

}  // namespace

struct Hyphenator::Dictionary {
  explicit Dictionary(HyphenDict* loaded)
      : dict(loaded), utf8(loaded->utf8 != 0), latin1(is_latin1(loaded->utf8, loaded->cset)) {}
  ~Dictionary() { hnj_hyphen_free(dict); }
  Dictionary(const Dictionary&) = delete;
  Dictionary& operator=(const Dictionary&) = delete;

  // libhyphen's answer for a word (its hyphens string, one digit per
  // byte, odd where a hyphen may follow), by the word as libhyphen reads
  // it. A CV says its words many times (a long one, each title word of
  // every publication), and libhyphen walks the patterns for each call.
  const std::string& hyphens(std::string_view encoded);

  HyphenDict* const dict;
  const bool utf8;
  const bool latin1;  // ISO-8859-1; other 8-bit sets are used for ASCII words only

 private:
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, std::string, Hash, std::equal_to<>> known_;
};

const std::string& Hyphenator::Dictionary::hyphens(std::string_view encoded) {
  if (auto it = known_.find(encoded); it != known_.end()) return it->second;
  // hnj_hyphen_hyphenate2 needs the word NUL-terminated and room for its
  // digits past the word's end.
  const std::string word(encoded);
  std::string digits(word.size() + 5, '0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  const int failed =
      hnj_hyphen_hyphenate2(dict, word.c_str(), static_cast<int>(word.size()), digits.data(), nullptr, &rep, &pos, &cut);
  if (failed) {
    digits.assign(word.size(), '0');
  } else {
    digits.resize(word.size());
    // Non-standard points (rep: "Schiff-fahrt") would change the letters,
    // which the composer cannot do: skipped.
    if (rep)
      for (std::size_t i = 0; i < word.size(); ++i)
        if (rep[i]) digits[i] = '0';
  }
  if (rep) {
    for (std::size_t i = 0; i < word.size(); ++i) std::free(rep[i]);
    std::free(rep);
  }
  std::free(pos);
  std::free(cut);
  return known_.emplace(word, std::move(digits)).first->second;
}

Hyphenator::Hyphenator(std::unique_ptr<Dictionary> dictionary) : dictionary_(std::move(dictionary)) {}
Hyphenator::~Hyphenator() = default;

std::unique_ptr<Hyphenator> Hyphenator::load_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return nullptr;
  HyphenDict* dict = hnj_hyphen_load(path.c_str());
  if (!dict) return nullptr;
  return std::unique_ptr<Hyphenator>(new Hyphenator(std::make_unique<Dictionary>(dict)));
}

std::unique_ptr<Hyphenator> Hyphenator::builtin_en_us() {
  // libhyphen reads a dictionary from a FILE: the compiled-in bytes are
  // handed to it as one, and it parses them as it would the file.
  const std::string_view dic = hyphen_en_us_dic();
  FILE* in = fmemopen(const_cast<char*>(dic.data()), dic.size(), "r");
  if (!in) return nullptr;
  HyphenDict* dict = hnj_hyphen_load_file(in);
  std::fclose(in);
  if (!dict) return nullptr;
  return std::unique_ptr<Hyphenator>(new Hyphenator(std::make_unique<Dictionary>(dict)));
}

const Hyphenator* Hyphenator::shared(const std::string& language) {
  // Never destroyed: freeing a dictionary's states as the process ends
  // would only cost time (en_US: 4.9 M instructions).
  static auto& loaded = *new std::map<std::string, std::unique_ptr<Hyphenator>>;
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
    // copy, whether or not the file is installed.
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
  bool after_letters = false;  // a non-letter has followed the letters: only more may come
  for (std::size_t pos = 0; pos < word.size();) {
    const std::size_t begin = pos;
    char32_t c = static_cast<unsigned char>(word[pos]);
    if (c < 0x80)
      ++pos;
    else
      c = utf8::decode(word, pos);
    if (c == utf8::kReplacement && pos - begin == 1) return result;  // invalid UTF-8
    if (!is_letter(c)) {
      after_letters = n > 0;
      continue;
    }
    // Not a plain word: something else between letters, a capital after
    // the first letter (an acronym, an identifier), too many letters.
    if (after_letters || (n > 0 && is_upper(c)) || n == kMaxWordLength) return result;
    const char32_t lower = to_lower(c);
    if (lower < 0x80 || (dictionary_->latin1 && lower < 0x100)) {
      encoded[bytes++] = static_cast<char>(lower);
    } else if (dictionary_->utf8) {
      for (const char b : utf8::encode(lower)) encoded[bytes++] = b;
    } else {
      return result;  // outside the dictionary's character set
    }
    begins[n++] = begin;
  }
  encoded[bytes] = '\0';
  left_min = std::max(left_min, 1);
  right_min = std::max(right_min, 1);
  if (static_cast<int>(n) < left_min + right_min) return result;

  // hyphens[i] odd: a hyphen may follow character i (per character, also
  // for UTF-8 dictionaries).
  const std::string& hyphens = dictionary_->hyphens(std::string_view(encoded.data(), bytes));
  for (int i = left_min - 1; i + right_min < static_cast<int>(n); ++i)
    if (hyphens[static_cast<std::size_t>(i)] & 1) result.push_back(begins[static_cast<std::size_t>(i) + 1]);
  return result;
}

}  // namespace cvpdf::text
