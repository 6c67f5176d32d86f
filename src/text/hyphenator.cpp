// Hyphenation points: owns the libhyphen dictionary (a system .dic read at
// run time, or en_US compiled into the binary: hyphen_tables.hpp), the
// choice of the dictionary for a language, and the translation between the
// word as typed (UTF-8, any case) and what libhyphen expects (lower case, in
// the dictionary's encoding, positions per character).
#include "text/hyphenator.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>

#include <fmt/format.h>
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

// Either a HyphenDict libhyphen loaded from a file (freed with
// hnj_hyphen_free), or one over a compiled-in table, built on the first
// word: its structs are ours, its strings and transitions the table's.
struct Hyphenator::Dictionary {
  HyphenDict* loaded = nullptr;
  const PackedHyphenDictionary* packed = nullptr;
  bool utf8 = true;
  bool latin1 = false;  // ISO-8859-1; other 8-bit sets are used for ASCII words only

  ~Dictionary() {
    if (loaded) hnj_hyphen_free(loaded);
  }

  HyphenDict* dict() const {
    if (packed) std::call_once(unpacked_, [this] { unpack(); });
    return loaded ? loaded : levels_.empty() ? nullptr : &levels_.front();
  }

 private:
  void unpack() const {
    levels_.resize(static_cast<std::size_t>(packed->level_count));
    states_.resize(levels_.size());
    for (std::size_t l = 0; l < levels_.size(); ++l) {
      const PackedHyphenLevel& p = *packed->levels[l];
      auto string_at = [&](long offset) { return offset < 0 ? nullptr : p.strings + offset; };
      HyphenDict& d = levels_[l];
      d = HyphenDict{};
      d.lhmin = static_cast<char>(p.lhmin);
      d.rhmin = static_cast<char>(p.rhmin);
      d.clhmin = static_cast<char>(p.clhmin);
      d.crhmin = static_cast<char>(p.crhmin);
      d.nohyphen = string_at(p.nohyphen);
      d.nohyphenl = p.nohyphenl;
      d.num_states = p.num_states;
      const char* cset = string_at(p.cset);
      *fmt::format_to_n(d.cset, sizeof d.cset - 1, "{}", cset ? cset : "").out = '\0';  // cut to fit
      d.utf8 = p.utf8;
      auto& states = states_[l];
      states.resize(static_cast<std::size_t>(p.num_states));
      for (std::size_t i = 0; i < states.size(); ++i) {
        const PackedHyphenState& s = p.states[i];
        states[i] = HyphenState{string_at(s.match), string_at(s.repl), static_cast<signed char>(s.replindex),
                                static_cast<signed char>(s.replcut), s.fallback_state, s.num_trans, p.trans + s.trans};
      }
      d.states = states.data();
      d.nextlevel = l + 1 < levels_.size() ? &levels_[l + 1] : nullptr;
    }
  }

  mutable std::once_flag unpacked_;
  mutable std::vector<HyphenDict> levels_;
  mutable std::vector<std::vector<HyphenState>> states_;
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
  const PackedHyphenLevel& first = *kHyphenEnUs.levels[0];
  dictionary->utf8 = first.utf8 != 0;
  dictionary->latin1 = is_latin1(first.utf8, first.strings + first.cset);
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
  // Punctuation around the word (quotes, a trailing comma) is not part of it.
  auto is_letter = [](const Letter& l) { return u_isalpha(static_cast<UChar32>(l.cp)) != 0; };
  auto first = std::find_if(letters.begin(), letters.end(), is_letter);
  auto last = std::find_if(letters.rbegin(), letters.rend(), is_letter).base();
  if (first >= last) return result;
  if (static_cast<std::size_t>(last - first) > kMaxWordLength) return result;  // before copying a huge word
  std::vector<Letter> core(first, last);
  if (!std::all_of(core.begin(), core.end(), is_letter)) return result;
  if (std::any_of(core.begin() + 1, core.end(), [](const Letter& l) { return u_isupper(static_cast<UChar32>(l.cp)); }))
    return result;
  const int n = static_cast<int>(core.size());
  left_min = std::max(left_min, 1);
  right_min = std::max(right_min, 1);
  if (n < left_min + right_min) return result;

  // libhyphen's patterns are lower case, in the dictionary's encoding.
  std::string encoded;
  for (const Letter& l : core) {
    char32_t lower = static_cast<char32_t>(u_tolower(static_cast<UChar32>(l.cp)));
    if (dictionary_->utf8) {
      utf8::append(encoded, lower);
    } else if (lower < 0x80 || (dictionary_->latin1 && lower < 0x100)) {
      encoded += static_cast<char>(lower);
    } else {
      return result;
    }
  }

  std::vector<char> hyphens(encoded.size() + 5, '0');
  char** rep = nullptr;
  int* pos = nullptr;
  int* cut = nullptr;
  int failed = hnj_hyphen_hyphenate2(dictionary_->dict(), encoded.c_str(), static_cast<int>(encoded.size()),
                                     hyphens.data(), nullptr, &rep, &pos, &cut);
  if (!failed) {
    // hyphens[i] odd: a hyphen may follow character i (per character, also
    // for UTF-8 dictionaries). Non-standard points (rep: "Schiff-fahrt")
    // would change the letters, which the composer cannot do: skipped.
    for (int i = left_min - 1; i + right_min < n; ++i) {
      if ((hyphens[static_cast<std::size_t>(i)] & 1) == 0) continue;
      if (rep && rep[i]) continue;
      result.push_back(core[static_cast<std::size_t>(i) + 1].begin);
    }
  }
  if (rep) {
    for (std::size_t i = 0; i < encoded.size(); ++i) std::free(rep[i]);
    std::free(rep);
  }
  std::free(pos);
  std::free(cut);
  return result;
}

}  // namespace cvpdf::text
